#!/usr/bin/env bash
# fenkit pgn: output formats, picking moments, en passant conventions,
# variations, error recovery on a broken file, and --write.
# Usage: bash tests/cli/pgn.sh PATH_TO_FENKIT   ($FENKIT_TEST_DATA set)
set -uo pipefail
fenkit=$1
data=$FENKIT_TEST_DATA/pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect NAME WANT GOT
expect() { [ "$2" == "$3" ] || fail "$1"$'\n'"  want: $2"$'\n'"  got:  $3"; }

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
game='[Event "t"]

1. e4 Nf6 2. e5 d5 3. exd6 *'

# Default: game, ply, SAN, FEN, tab-separated, one line per position.
out=$(printf '%s\n' "$game" | "$fenkit" pgn 2>/dev/null)
expect "first line" $'1\t0\t\t'"$start" "$(head -1 <<<"$out")"
expect "second line" $'1\t1\te4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' \
  "$(sed -n 2p <<<"$out")"
expect "line count" 6 "$(wc -l <<<"$out")"
expect "columns" 4 "$(awk -F'\t' '{print NF}' <<<"$out" | sort -u)"

# --ep: after 2... d5 the capture exd6 is possible; after 1. e4 it is not.
expect "--ep legal" 'rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3' \
  "$(printf '%s\n' "$game" | "$fenkit" pgn --ply 4 2>/dev/null | cut -f4)"
expect "--ep always" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' \
  "$(printf '%s\n' "$game" | "$fenkit" pgn --ep always --ply 1 2>/dev/null | cut -f4)"

# Picking one moment.
expect "--ply 3" $'1\t3\te5' "$(printf '%s\n' "$game" | "$fenkit" pgn --ply 3 2>/dev/null | cut -f1-3)"
expect "--move 2" $'1\t3\te5' "$(printf '%s\n' "$game" | "$fenkit" pgn --move 2 2>/dev/null | cut -f1-3)"
expect "--move 2..." $'1\t4\td5' "$(printf '%s\n' "$game" | "$fenkit" pgn --move 2... 2>/dev/null | cut -f1-3)"
expect "--last" $'1\t5\texd6' "$(printf '%s\n' "$game" | "$fenkit" pgn --last 2>/dev/null | cut -f1-3)"

# JSON: tags once, status, repetition.
json=$(printf '[White "Ann \\"A\\""]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' |
  "$fenkit" pgn --json 2>/dev/null)
expect "json first" '{"game":1,"ply":0,"san":"","uci":"","fen":"'"$start"'","tags":{"White":"Ann \"A\""}}' \
  "$(head -1 <<<"$json")"
expect "json tags once" 1 "$(grep -c '"tags"' <<<"$json")"
expect "json mate" '{"game":1,"ply":7,"san":"Qxf7#","uci":"h5f7","fen":"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4","status":"checkmate"}' \
  "$(tail -1 <<<"$json")"
rep=$(printf '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n' | "$fenkit" pgn --json 2>/dev/null)
expect "repetition 2" '"repetition":2' "$(sed -n 5p <<<"$rep" | grep -o '"repetition":[0-9]*')"
expect "threefold" '"repetition":3,"draw":"threefold"' "$(sed -n 9p <<<"$rep" | grep -o '"repetition.*"threefold"')"
expect "no repetition field" 0 "$(sed -n 1,4p <<<"$rep" | grep -c repetition)"

# Variations, with their path in a fifth column.
var=$(printf '1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n' | "$fenkit" pgn --variations 2>/dev/null)
expect "variations" $'0\t\t\n1\te4\t\n2\te5\t\n2\tc5\t2.1\n3\tNf3\t2.1\n3\tNf3\t' \
  "$(cut -f2,3,5 <<<"$var")"
expect "mainline" 4 "$(printf '1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n' | "$fenkit" pgn 2>/dev/null | wc -l)"

# A broken file: each error reported with file, line, column, game and
# move; the good games around them all converted; a summary; exit 1.
"$fenkit" pgn "$data/broken.pgn" >"$tmp/out" 2>"$tmp/err"
expect "broken exit" 1 "$?"
errors=$(grep -c ': game [0-9]*: ' "$tmp/err")
expect "broken error count" 6 "$errors"
grep -q "broken.pgn:11:47: game 2: White's move 5: Ke3 is not legal" "$tmp/err" || fail "illegal move report: $(cat "$tmp/err")"
grep -q "broken.pgn:16:24: game 3: White's move 3: Nd2 is ambiguous: Nbd2, Nfd2" "$tmp/err" || fail "ambiguous move report"
grep -q "game 4: bad \[FEN\] tag" "$tmp/err" || fail "bad FEN report"
grep -q "game 5: unexpected character '<'" "$tmp/err" || fail "garbage report"
grep -q 'game 6: variant "Crazyhouse" is not supported' "$tmp/err" || fail "variant report"
grep -q "broken.pgn:35:7: game 7: the comment opened at line 35, column 7 is never closed" "$tmp/err" || fail "comment report"
expect "summary" "fenkit pgn: 9 games, 41 positions, 6 with errors" "$(tail -1 "$tmp/err")"
expect "no progress line in a pipe" 0 "$(grep -c $'\r' "$tmp/err")"
expect "games with positions" "1 2 3 5 7 8 9" "$(cut -f1 "$tmp/out" | uniq | xargs)"
expect "game 1 whole" 8 "$(awk -F'\t' '$1==1' "$tmp/out" | wc -l)"
expect "game 8 whole" 9 "$(awk -F'\t' '$1==8' "$tmp/out" | wc -l)"
expect "game 9 whole" 5 "$(awk -F'\t' '$1==9' "$tmp/out" | wc -l)"
expect "game 2 stops before the bad move" 9 "$(awk -F'\t' '$1==2' "$tmp/out" | wc -l)"
"$fenkit" pgn --json "$data/broken.pgn" >"$tmp/json" 2>/dev/null
grep -q '^{"game":2,"error":"White'"'"'s move 5: Ke3 is not legal here.*,"line":11,"column":47,"move":"Ke3"}$' "$tmp/json" ||
  fail "json error line"
expect "--last skips broken games" "1 8 9" "$("$fenkit" pgn --last "$data/broken.pgn" 2>/dev/null | cut -f1 | xargs)"
expect "--strict: the missing result too" 7 "$("$fenkit" pgn --strict "$data/broken.pgn" 2>&1 >/dev/null | grep -c ': game ')"

# Several files and standard input: numbering goes on.
expect "two inputs" "1 2" "$(printf '1. e4 *' | "$fenkit" pgn --last - "$data/chessjs_3.pgn" 2>/dev/null | cut -f1 | xargs)"
"$fenkit" pgn "$tmp/missing.pgn" >/dev/null 2>&1
expect "missing file exit" 1 "$?"

# --ply and --move past the end of a game: each such game is named on
# stderr, and the exit status is 1.
printf '1. e4 e5 *\n\n1. d4 d5 2. c4 *\n' >"$tmp/short.pgn"
out=$("$fenkit" pgn --ply 4 "$tmp/short.pgn" 2>"$tmp/err")
expect "ply past the end exit" 1 "$?"
expect "ply past the end output" "" "$out"
grep -q 'game 1: no ply 4: the game has 2 plies' "$tmp/err" || fail "ply past the end: $(cat "$tmp/err")"
grep -q 'game 2: no ply 4: the game has 3 plies' "$tmp/err" || fail "ply past the end: $(cat "$tmp/err")"
"$fenkit" pgn --move 2 "$tmp/short.pgn" >/dev/null 2>"$tmp/err"
expect "move past the end exit" 1 "$?"
grep -q "game 1: no position after White's move 2" "$tmp/err" || fail "move past the end: $(cat "$tmp/err")"
grep -q 'game 2' "$tmp/err" && fail "move 2 is in game 2: $(cat "$tmp/err")"
"$fenkit" pgn --ply 2 "$tmp/short.pgn" >/dev/null 2>&1
expect "ply in every game exit" 0 "$?"

# --write
w=$("$fenkit" pgn --write e4 e5 Nf3 Nc6 Bb5 2>&1)
expect "write" '[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 *' "$w"
w=$(printf 'Kd6 e4 Ke6' | "$fenkit" pgn --write --fen '8/8/8/3k4/8/8/4P3/4K3 b - - 0 1' 2>&1)
grep -q '^\[SetUp "1"\]$' <<<"$w" || fail "write SetUp"
grep -q '^\[FEN "8/8/8/3k4/8/8/4P3/4K3 b - - 0 1"\]$' <<<"$w" || fail "write FEN"
grep -q '^1... Kd6 2. e4 Ke6 \*$' <<<"$w" || fail "write from FEN: $w"
w=$("$fenkit" pgn --write f3 e5 g4 Qh4 2>&1)
grep -q '^\[Result "0-1"\]$' <<<"$w" || fail "write result from mate"
grep -q '^1. f3 e5 2. g4 Qh4# 0-1$' <<<"$w" || fail "write mate"
"$fenkit" pgn --write e4 e4 >/dev/null 2>&1
expect "write illegal exit" 1 "$?"
# A null move cannot be written: that game is refused, with where and why,
# and the next one still written.
w=$(printf '1. e4 -- 2. d4 -- 3. c4 *\n\n1. d4 d5 *\n' | "$fenkit" pgn --write 2>"$tmp/err")
expect "write null move exit" 1 "$?"
grep -q -- 'game 1: ply 2 is a null move (--)' "$tmp/err" || fail "write null move: $(cat "$tmp/err")"
grep -q 'e4 d4' <<<"$w" && fail "write null move: the game was written without it: $w"
grep -q '^1. d4 d5 \*$' <<<"$w" || fail "write after a null move: $w"
# --write keeps comments, NAGs and variations; --strip leaves them out, and
# says so.
w=$(printf '1. e4 {best} e5!? (1... c5 $1) 2. Nf3 *\n' | "$fenkit" pgn --write 2>"$tmp/err")
expect "write annotations exit" 0 "$?"
grep -q '^1. e4 {best} 1... e5 $5 (1... c5 $1) 2. Nf3 \*$' <<<"$w" || fail "write annotated: $w"
[ -s "$tmp/err" ] && fail "write annotated: stderr $(cat "$tmp/err")"
w=$(printf '1. e4 {best} e5!? (1... c5 $1) 2. Nf3 *\n' | "$fenkit" pgn --write --strip 2>"$tmp/err")
grep -q '^1. e4 e5 2. Nf3 \*$' <<<"$w" || fail "write stripped: $w"
grep -q 'game 1: 1 comment, 2 annotations and 1 variation left out (--strip)' "$tmp/err" ||
  fail "write stripped: no note: $(cat "$tmp/err")"
"$fenkit" pgn --write e4 e5 2>"$tmp/err" >/dev/null
[ -s "$tmp/err" ] && fail "write plain moves: stderr $(cat "$tmp/err")"
long=$(printf '%s ' $(for i in $(seq 1 30); do echo Nf3 Nf6 Ng1 Ng8; done) | "$fenkit" pgn --write 2>&1)
expect "write wraps at 79" 79 "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' <<<"$long")"
expect "write reads back" 121 "$(printf '%s\n' "$long" | "$fenkit" pgn 2>/dev/null | wc -l)"

# Latin-1 tag values (not UTF-8) are read as Latin-1 and come out as valid JSON in UTF-8.
json=$(printf '[Event "Caf\xe9"]\n[White "M\xfcller"]\n\n1. e4 *\n' | "$fenkit" pgn --json 2>/dev/null)
python3 -c 'import json, sys
for line in sys.stdin: json.loads(line)' <<<"$json" || fail "Latin-1 tags give invalid JSON"
grep -q '"White":"Müller"' <<<"$json" || fail "Latin-1 name not converted: $json"

# Usage.
# grep reads all of it: -q would stop at the match and the help's later writes fail (EPIPE)
"$fenkit" pgn --help | grep 'fenkit pgn --write' >/dev/null || fail "help"
"$fenkit" pgn --bogus >/dev/null 2>&1
expect "bad option exit" 2 "$?"
"$fenkit" pgn --move x >/dev/null 2>&1
expect "bad --move exit" 2 "$?"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "pgn CLI: all passed"
