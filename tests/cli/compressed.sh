# Compressed input: fenkit pgn, check and normalize read gzip, bzip2 and
# zstd (told by their magic bytes) from files and standard input, several
# streams one after the other; damaged or cut-short data is reported after
# what was read before it, and the other files are still read. Then
# fenkit pgn --shard K/N: the shards together are the whole output.
source "$(dirname "$0")/lib/common.bash" "$1"
data=${FENKIT_TEST_DATA:-$(dirname "$0")/../data}
pgn=$data/pgn/games1k_first200.pgn
zst=$data/compressed/games1k_first200.pgn.zst  # three zstd frames: games 1-70, 71-140, 141-200
fens=$data/check/real_positions.txt
fens_zst=$data/compressed/real_positions.txt.zst

# compress FORMAT IN OUT: gzip or bzip2 with Python's own modules (no
# command needed); "gzip2" writes two gzip members, as `cat a.gz b.gz` does.
compress() {
    python3 - "$@" <<'PY'
import bz2, gzip, sys
fmt, src, dst = sys.argv[1:]
data = open(src, "rb").read()
out = {"gzip": lambda d: gzip.compress(d), "bzip2": lambda d: bz2.compress(d),
       "gzip2": lambda d: gzip.compress(d[: len(d) // 2]) + gzip.compress(d[len(d) // 2 :])}[fmt](data)
open(dst, "wb").write(out)
PY
}
# damage IN OUT: flips 64 bytes in the middle of the file.
damage() {
    python3 - "$@" <<'PY'
import sys
b = bytearray(open(sys.argv[1], "rb").read())
for i in range(len(b) // 2, len(b) // 2 + 64):
    b[i] ^= 0x55
open(sys.argv[2], "wb").write(b)
PY
}

"$FENKIT" pgn "$pgn" >"$TMP/plain.out" 2>/dev/null || fail "fenkit pgn on the plain file failed"
[ "$(wc -l <"$TMP/plain.out")" -gt 20000 ] || fail "the plain file gave too few positions"

step "pgn: zstd (three frames), gzip, bzip2 and gzip members, from files"
compress gzip "$pgn" "$TMP/games.pgn.gz"
compress bzip2 "$pgn" "$TMP/games.bz2"
compress gzip2 "$pgn" "$TMP/games.two"
for f in "$zst" "$TMP/games.pgn.gz" "$TMP/games.bz2" "$TMP/games.two"; do
    fk pgn "$f"
    expect_rc 0
    cmp -s "$TMP/out" "$TMP/plain.out" || fail "$(basename "$f"): not the plain file's positions"
    err_has "200 games"
done

step "pgn: more text than the decompressing thread holds ahead, in each format"
# The 200 games eight times over (1.2 MB, several times the blocks between
# the two threads: docs/pgn.md); zstd frames join as gzip members do, so
# the committed file repeated is a zstd file of the big text.
for _ in 1 2 3 4 5 6 7 8; do cat "$pgn"; done >"$TMP/big.pgn"
for _ in 1 2 3 4 5 6 7 8; do cat "$zst"; done >"$TMP/big.zst"
compress gzip "$TMP/big.pgn" "$TMP/big.gz"
compress bzip2 "$TMP/big.pgn" "$TMP/big.bz2"
"$FENKIT" pgn "$TMP/big.pgn" >"$TMP/big.out" 2>/dev/null || fail "fenkit pgn on the big plain file failed"
awk -F'\t' '$1 <= 1600' "$TMP/big.out" >"$TMP/big.want"
compress gzip "$pgn" "$TMP/small.gz"
compress bzip2 "$pgn" "$TMP/small.bz2"
cp "$zst" "$TMP/small.zst"
declare -A format_name=([gz]=gzip [bz2]=bzip2 [zst]=zstd)
for fmt in gz bz2 zst; do
    name=${format_name[$fmt]}
    fk pgn "$TMP/big.$fmt"
    expect_rc 0
    err_has "1600 games"
    cmp -s "$TMP/out" "$TMP/big.out" || fail "big.$fmt: not the plain file's positions"
    # a second stream after the big one, damaged or cut short: the fault
    # is named, and every game of the first stream is written before it
    damage "$TMP/small.$fmt" "$TMP/damaged.$fmt"
    head -c "$(($(wc -c <"$TMP/small.$fmt") / 2))" "$TMP/small.$fmt" >"$TMP/cut.$fmt"
    for fault in damaged cut; do
        cat "$TMP/big.$fmt" "$TMP/$fault.$fmt" >"$TMP/bad.$fmt"
        fk pgn "$TMP/bad.$fmt"
        expect_rc 1
        if [ $fault = cut ]; then
            err_has "bad.$fmt: the $name data ends in the middle of a stream (cut short?)"
        else
            err_has "bad.$fmt: the $name data is damaged ("
        fi
        err_has "bytes decompressed before it were read"
        awk -F'\t' '$1 <= 1600' "$TMP/out" | cmp -s - "$TMP/big.want" \
            || fail "$fault.$fmt: the games before the fault are not all there"
    done
done

step "pgn: zstd on standard input, with and without '-'"
"$FENKIT" pgn <"$zst" >"$TMP/out" 2>"$TMP/err" || fail "exit status $?"
cmp -s "$TMP/out" "$TMP/plain.out" || fail "standard input: not the plain file's positions"
"$FENKIT" pgn - <"$TMP/games.bz2" >"$TMP/out" 2>"$TMP/err" || fail "exit status $?"
cmp -s "$TMP/out" "$TMP/plain.out" || fail "'-': not the plain file's positions"

step "pgn: a zstd file cut short in its third frame keeps the first two"
frames12=$(python3 -c "
import sys
b = open(sys.argv[1], 'rb').read()
# each frame starts with the zstd magic number
starts = [i for i in range(len(b)) if b.startswith(bytes([0x28, 0xb5, 0x2f, 0xfd]), i)]
assert len(starts) == 3, starts
print(starts[2] + (len(b) - starts[2]) // 2)" "$zst") || fail "cannot find the frames"
head -c "$frames12" "$zst" >"$TMP/cut.zst"
fk pgn "$TMP/cut.zst"
expect_rc 1
err_has "the zstd data ends in the middle of a stream (cut short?)"
err_has "140 games"
awk -F'\t' '$1 <= 140' "$TMP/plain.out" >"$TMP/want"
cmp -s "$TMP/out" "$TMP/want" || fail "the games of the two whole frames are not all there"

step "pgn: a damaged file is reported, and the next file is still read"
damage "$TMP/games.pgn.gz" "$TMP/damaged.gz"
fk pgn "$TMP/damaged.gz" "$TMP/no-such-file.zst" "$zst"
expect_rc 1
err_has "damaged.gz: the gzip data is damaged"
err_has "no-such-file.zst: No such file or directory"
tail -1 "$TMP/plain.out" | cut -f2- >"$TMP/want"
tail -1 "$TMP/out" | cut -f2- | cmp -s - "$TMP/want" || fail "the file after the damaged one was not read to its end"
fk pgn --json "$TMP/damaged.gz"
expect_rc 1
json_check "
bad = [r for r in rows if 'file' in r and 'game' not in r]
assert len(bad) == 1 and 'damaged' in bad[0]['error'], bad"

step "normalize and check: zstd, gzip and bzip2 on standard input"
"$FENKIT" normalize <"$fens" >"$TMP/plain.fen" 2>"$TMP/err" || fail "normalize on the plain file failed"
compress gzip "$fens" "$TMP/fens.gz"
compress bzip2 "$fens" "$TMP/fens.bz2"
for f in "$fens_zst" "$TMP/fens.gz" "$TMP/fens.bz2"; do
    "$FENKIT" normalize <"$f" >"$TMP/out" 2>"$TMP/err" || fail "normalize $(basename "$f"): exit status $?"
    cmp -s "$TMP/out" "$TMP/plain.fen" || fail "normalize $(basename "$f"): not the plain file's FENs"
done
"$FENKIT" check --json <"$fens" >"$TMP/plain.json" 2>/dev/null
"$FENKIT" check --json <"$fens_zst" >"$TMP/out" 2>/dev/null
cmp -s "$TMP/out" "$TMP/plain.json" || fail "check --json of zstd: not the plain file's"

step "normalize and check: input cut short is a bad line after the last one read"
head -c 20000 "$TMP/fens.gz" >"$TMP/cut.gz"
"$FENKIT" normalize <"$TMP/cut.gz" >"$TMP/out" 2>"$TMP/err"
RC=$?
expect_rc 1
read_lines=$(wc -l <"$TMP/out")
[ "$read_lines" -gt 100 ] || fail "only $read_lines lines were kept before the cut"
head -n "$((read_lines - 1))" "$TMP/plain.fen" | cmp -s - <(head -n "$((read_lines - 1))" "$TMP/out") \
    || fail "the lines before the cut differ"
err_has "the gzip data ends in the middle of a stream (cut short?)"
"$FENKIT" check --json <"$TMP/cut.gz" >"$TMP/out" 2>/dev/null
json_check "
last = rows[-1]
assert last['problems'][0]['code'] == 'unreadable-input', last
assert last['line'] == rows[-2]['line'] + 1, (rows[-2]['line'], last['line'])"

step "pgn --shard K/N: the shards are the whole output, each game once"
for k in 0 1 2; do
    "$FENKIT" pgn --shard "$k/3" "$zst" "$pgn" >"$TMP/shard$k" 2>"$TMP/err" || fail "shard $k/3 failed"
    grep -q "fenkit pgn: 13[34] games" "$TMP/err" || fail "shard $k/3: $(cat "$TMP/err")"
    awk -F'\t' -v k=$k '($1 - 1) % 3 != k { bad = 1 } END { exit bad }' "$TMP/shard$k" \
        || fail "shard $k/3 holds a game whose index is not $k mod 3"
done
"$FENKIT" pgn "$zst" "$pgn" >"$TMP/whole" 2>/dev/null
sort -s -t "$(printf '\t')" -k1,1n "$TMP/shard0" "$TMP/shard1" "$TMP/shard2" | cmp -s - "$TMP/whole" \
    || fail "the three shards together are not the whole output"

step "pgn --shard: error lines are the file's own"
"$FENKIT" pgn "$data/pgn/broken.pgn" 2>&1 >/dev/null | grep ': game ' >"$TMP/whole.err"
for k in 0 1; do "$FENKIT" pgn --shard "$k/2" "$data/pgn/broken.pgn" 2>&1 >/dev/null | grep ': game '; done \
    | sort >"$TMP/shard.err"
sort "$TMP/whole.err" | diff - "$TMP/shard.err" >"$TMP/out" || fail "the shards report other errors than the whole file"

step "pgn --shard: usage errors"
for bad in 3/3 1/0 -1/2 x 1/2x 1; do
    fk pgn --shard "$bad" "$pgn"
    expect_rc 2
    err_has "--shard needs K/N"
done
pass
