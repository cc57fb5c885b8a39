# fenkit render: SVG and PNG files, the options, errors, and --random
# training images with their manifest.
source "$(dirname "$0")/lib/common.bash" "$1"

# png_size FILE: prints "WIDTH HEIGHT" from the PNG's IHDR chunk.
png_size() {
    python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n", "not a PNG"; print(*struct.unpack(">II", d[16:24]))' "$1"
}
count() { grep -o -- "$1" "$2" | wc -l; }

step "--help names the options, examples and the pieces' licence"
fk render --help
expect_rc 0
out_has "--random N"
out_has "Examples:"
out_has "BSD"

step "SVG file: valid XML, 32 pieces, self-contained"
fk render "$START" -o "$TMP/start.svg"
expect_rc 0
err_empty
xmllint --noout "$TMP/start.svg" || fail "start.svg is not well-formed XML"
[ "$(count '<use ' "$TMP/start.svg")" = 32 ] || fail "expected 32 pieces"
grep -q 'href="http' "$TMP/start.svg" && fail "the SVG refers to something outside itself"
[ "$(stat -c %s "$TMP/start.svg")" -lt 12000 ] || fail "the SVG is larger than 12 KB"

step "no -o: SVG on standard output; FEN fields may come unquoted"
# shellcheck disable=SC2086
fk render $E4
expect_rc 0
out_has '<svg xmlns="http://www.w3.org/2000/svg"'
[ "$(count '<use ' "$TMP/out")" = 32 ] || fail "expected 32 pieces"

step "no FEN argument: the first line of standard input"
fk_in "$KINGS_ONLY\n$START\n" render
expect_rc 0
[ "$(count '<use ' "$TMP/out")" = 2 ] || fail "expected the two kings of the first line"

step "PNG file of the requested size"
fk render --size 240 --coords outside --border --theme book "$E4" -o "$TMP/e4.png"
expect_rc 0
[ "$(png_size "$TMP/e4.png")" = "240 240" ] || fail "e4.png is not 240 x 240"

step "--format png to a pipe"
"$FENKIT" render --format png --size 64 "$START" </dev/null | head -c 8 | od -An -c | grep -q 'P   N   G' ||
    fail "standard output is not a PNG"

step "--flip moves the white king from the bottom to the top"
fk render --format svg "$KINGS_ONLY"
grep -q 'href="#wK" x="200" y="350"' "$TMP/out" || fail "white king not at e1's place"
fk render --format svg --flip "$KINGS_ONLY"
grep -q 'href="#wK" x="150" y="0"' "$TMP/out" || fail "flipped white king not at the top"

step "--highlight, --arrow and --check draw their marks"
fk render --highlight e2,e4 --arrow g1f3,f1c4 --check 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
expect_rc 0
[ "$(count 'fill-opacity=".5"' "$TMP/out")" = 2 ] || fail "expected two highlighted squares"
[ "$(count '<polygon' "$TMP/out")" = 2 ] || fail "expected two arrows"
[ "$(count 'url(#check)' "$TMP/out")" = 1 ] || fail "the checked king is not marked"
fk render --check "$START"
[ "$(count 'url(#check)' "$TMP/out")" = 0 ] || fail "a king not in check is marked"

step "--pieces DIR: a folder of twelve SVG files"
mkdir -p "$TMP/set"
for p in wK wQ wR wB wN wP bK bQ bR bB bN bP; do
    echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><circle cx=\"5\" cy=\"5\" r=\"4\"/></svg>" >"$TMP/set/$p.svg"
done
fk render --pieces "$TMP/set" "$KINGS_ONLY" -o "$TMP/set.png"
expect_rc 0
[ "$(png_size "$TMP/set.png")" = "400 400" ] || fail "set.png is not 400 x 400"
fk render --pieces "$TMP/set" "$KINGS_ONLY"
[ "$(count 'data:image/svg+xml;base64,' "$TMP/out")" = 2 ] || fail "expected the two kings embedded"
rm "$TMP/set/bN.svg"
fk render --pieces "$TMP/set" "$START" -o "$TMP/none.svg"
expect_rc 2
err_has "no readable bN.svg or bN.png"
[ -e "$TMP/none.svg" ] && fail "a file was written despite the error"

step "--list-themes"
fk render --list-themes
expect_rc 0
out_has "brown "
out_has "book "
out_has "hatched"

step "a FEN that cannot be read: exit 1, what and where, no file"
fk render "$SHORT_RANK" -o "$TMP/bad.svg"
expect_rc 1
err_has "Rank 1"
[ -e "$TMP/bad.svg" ] && fail "bad.svg was written"

step "usage errors exit 2 and say what was wrong"
fk render; expect_rc 2; err_has "give a FEN"
fk render --size 5 "$START"; expect_rc 2; err_has "--size must be 16 to 8192"
fk render --coords left "$START"; expect_rc 2; err_has "none, inside or outside"
fk render --theme plaid "$START"; expect_rc 2; err_has "no theme called 'plaid'"
fk render --highlight z9 "$START"; expect_rc 2; err_has "--highlight"
fk render --arrow e2 "$START"; expect_rc 2; err_has "--arrow"
# an arrow from a square to itself would draw nothing
fk render --arrow e2e4,a1a1 "$START"; expect_rc 2
err_has "--arrow a1a1: an arrow goes from one square to another"
fk render "$START" -o "$TMP/x.jpg"; expect_rc 2; err_has "cannot tell the format"
fk render --frobnicate "$START"; expect_rc 2; err_has "unknown option"
fk render --random 3; expect_rc 2; err_has "--random needs --out"

step "--random: images, a manifest with FENs and board boxes"
fk render --random 6 --out "$TMP/train" --seed 11 --clutter 0.5 --size 160
expect_rc 0
[ "$(wc -l <"$TMP/train/manifest.jsonl")" = 6 ] || fail "the manifest should have 6 lines"
cp "$TMP/train/manifest.jsonl" "$TMP/out"
export TRAIN="$TMP/train"
json_check '
import os, struct
for r in rows:
    board = r["fen"].split()[0]
    assert board.count("/") == 7 and board.count("K") == 1 and board.count("k") == 1, r
    d = open(os.path.join(os.environ["TRAIN"], r["file"]), "rb").read(24)
    assert d[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", d[16:24]) == (r["width"], r["height"]), r
    x, y, s = r["board"]
    assert 0 <= x and x + s <= r["width"] and 0 <= y and y + s <= r["height"] and s % 8 == 0, r
    assert r["width"] == 160 or r["clutter"], r
    assert r["kind"] in ("opening", "middlegame", "endgame", "placement")
'
# Every FEN in the manifest reads back with fenkit itself.
python3 -c 'import json,sys; [print(json.loads(l)["fen"]) for l in open(sys.argv[1])]' "$TMP/train/manifest.jsonl" >"$TMP/fens"
"$FENKIT" normalize <"$TMP/fens" >"$TMP/out" 2>"$TMP/err" || fail "a manifest FEN does not read back"

step "--random: the same seed makes the same files, another seed others"
fk render --random 6 --out "$TMP/again" --seed 11 --clutter 0.5 --size 160
expect_rc 0
for f in 000000.png 000003.png 000005.png manifest.jsonl; do
    cmp -s "$TMP/train/$f" "$TMP/again/$f" || fail "$f differs between two runs with seed 11"
done
fk render --random 2 --out "$TMP/other" --seed 12 --format svg
expect_rc 0
python3 -c 'import json,sys; assert all(120 <= json.loads(l)["width"] for l in open(sys.argv[1]))' "$TMP/other/manifest.jsonl" ||
    fail "a default-size image is under 120 px"
cmp -s "$TMP/train/manifest.jsonl" "$TMP/other/manifest.jsonl" && fail "seed 12 repeats seed 11"
xmllint --noout "$TMP/other/000000.svg" || fail "a random SVG is not well-formed"

step "--random --theme: every image in that theme (random themes otherwise)"
fk render --random 8 --out "$TMP/themed" --seed 5 --size 120 --theme book-vertical
expect_rc 0
python3 -c 'import json,sys; assert {json.loads(l)["theme"] for l in open(sys.argv[1])} == {"book-vertical"}' \
    "$TMP/themed/manifest.jsonl" || fail "--theme book-vertical was not used for every image"
fk render --random 8 --out "$TMP/unthemed" --seed 5 --size 120
python3 -c 'import json,sys; assert len({json.loads(l)["theme"] for l in open(sys.argv[1])}) > 1' \
    "$TMP/unthemed/manifest.jsonl" || fail "without --theme, eight images should not share one theme"

pass
