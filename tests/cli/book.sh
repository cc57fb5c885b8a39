#!/usr/bin/env bash
# fenkit book: Polyglot keys and probing a small book of known entries
# (tests/data/book/small.bin, written by make_book.py there).
set -uo pipefail
fenkit=$1
data=${FENKIT_TEST_DATA:-$(dirname "$0")/../data}
book=$data/book/small.bin
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME WANTED_STATUS PATTERN COMMAND...: the exit status, and a line
# of the output (stdout and stderr) matching PATTERN.
expect() {
  local name=$1 want=$2 pattern=$3
  shift 3
  local out status
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL $name: status $status (wanted $want), output:"
    echo "$out" | head -20
    failures=$((failures + 1))
  fi
}

# keys: the ones the Polyglot format publishes
expect key-start 0 '^463b96181691fc9c$' "$fenkit" book --key startpos
expect key-e4 0 '^823c9b50fd114196$' "$fenkit" book --key 'startpos moves e2e4'
expect key-ep 0 '^22a48b5a8e47ff78$' "$fenkit" book --key 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'
expect key-unquoted 0 '^5c3f9b829b279560$' "$fenkit" book --key rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4

# probing: most weighted first, with the share of the total
expect start-first 0 '^e4 +e2e4 +10  62.5%' "$fenkit" book "$book" startpos
expect start-order 0 '' test "$("$fenkit" book "$book" startpos 2>/dev/null | awk '{print $1}' | tr '\n' ' ')" = "e4 d4 Nf3 "
expect start-illegal 0 '1 entry for this key names no legal move' "$fenkit" book "$book" startpos
expect start-all 0 '^a3 +a2a3 +0 ' "$fenkit" book --all "$book" startpos
expect after-e4 0 '^e5 +e7e5 +8' "$fenkit" book "$book" 'startpos moves e2e4'
expect castling 0 '^O-O-O +e1c1 +1' "$fenkit" book "$book" 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
expect promotion 0 '^b8=N +b7b8n +1' "$fenkit" book "$book" '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1'
expect json 0 '^\{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","key":"823c9b50fd114196","moves":\[\{"san":"e5","uci":"e7e5","weight":8,"share":57.1,"learn":0\}' "$fenkit" book --json "$book" 'startpos moves e2e4'
expect json-learn 0 '"san":"Nf3","uci":"g1f3","weight":1,"share":6.2,"learn":7' "$fenkit" book --json "$book" startpos
expect json-none 1 '"moves":\[\]' "$fenkit" book --json "$book" 'startpos moves d2d4'

# errors: a position not in the book, a file that is no book, a bad FEN
expect not-found 1 'has no move for this position \(key 830eb9b20758d1de\)' "$fenkit" book "$book" 'startpos moves d2d4'
head -c 20 "$book" >"$tmp/cut.bin"
expect cut-short 1 'cut.bin: 20 bytes is not a whole number of 16-byte entries' "$fenkit" book "$tmp/cut.bin" startpos
expect missing 1 'nothere.bin: No such file or directory' "$fenkit" book "$tmp/nothere.bin" startpos
expect bad-fen 1 'fenkit book: ' "$fenkit" book "$book" 'rnbqkbnr/pppppppp/8/8 w'
expect usage 2 'give a book file and a FEN' "$fenkit" book "$book"
expect help 0 'Exit status' "$fenkit" book --help

[ $failures = 0 ] && echo "book: all passed"
exit $((failures > 0))
