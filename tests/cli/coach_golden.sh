# The worked examples of issue 44 as golden tests: explain's reading (the
# placement rank by rank and the fields in words) and diff's comparison,
# word for word, in every language with a catalog. The expected texts are in
# tests/data/coach/LANG/NAME.txt; FENKIT_UPDATE_GOLDEN=1 rewrites them from
# this build (then read the diff before committing it).
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:-$(dirname "$0")/../data}/coach

E4_C5_NF3='rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'
E4_E6='rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
# after 1.e4 e6 2.e5 d5: exd6 en passant is possible
E4_E6_E5_D5='rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'
EXD6='rnbqkbnr/ppp2ppp/3Pp3/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3'
SEVEN='rnbqkbnr/pp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
UPSIDE_DOWN='RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w KQkq - 0 1'

# The coach's words of explain's output: from the placement's heading to
# the line before the problems.
words() {
    awk '/^(No problems|Problems:|Worth knowing:|Không thấy vấn đề|Vấn đề:|Điều nên biết:)/ { exit } keep { print } /^(Placement, rank by rank:|Vị trí quân, từng hàng:)$/ { print; keep = 1 }' "$TMP/out"
}

# golden LANG NAME: compares $TMP/golden with DATA/LANG/NAME.txt.
golden() {
    local want="$DATA/$1/$2.txt"
    if [ "${FENKIT_UPDATE_GOLDEN:-}" = 1 ]; then
        mkdir -p "$DATA/$1" && cp "$TMP/golden" "$want"
        return
    fi
    [ -f "$want" ] || fail "no golden text $want"
    diff -u "$want" "$TMP/golden" >"$TMP/diff" || { cat "$TMP/diff" >&2; fail "differs from $want"; }
}

for lang in $(cd "$DATA" && ls); do
    step "$lang: the starting position"
    fk --lang "$lang" explain "$START"
    expect_rc 0
    words >"$TMP/golden"
    golden "$lang" start

    step "$lang: after 1.e4, read and compared with the start"
    fk --lang "$lang" explain "$E4"
    expect_rc 0
    words >"$TMP/golden"
    golden "$lang" e4
    fk --lang "$lang" diff "$START" "$E4"
    expect_rc 0
    cp "$TMP/out" "$TMP/golden"
    golden "$lang" diff-start-e4

    step "$lang: after 1.e4 c5 2.Nf3, and the two moves since 1.e4"
    fk --lang "$lang" explain "$E4_C5_NF3"
    expect_rc 0
    words >"$TMP/golden"
    golden "$lang" e4-c5-nf3
    fk --lang "$lang" diff "$E4" "$E4_C5_NF3"
    expect_rc 0
    cp "$TMP/out" "$TMP/golden"
    golden "$lang" diff-e4-nf3

    step "$lang: after 1.e4 e6 2.e5 d5, and exd6 en passant"
    fk --lang "$lang" explain "$E4_E6_E5_D5"
    expect_rc 0
    words >"$TMP/golden"
    golden "$lang" french-ep
    fk --lang "$lang" diff "$E4_E6" "$E4_E6_E5_D5"
    expect_rc 0
    cp "$TMP/out" "$TMP/golden"
    golden "$lang" diff-french
    fk --lang "$lang" diff "$E4_E6_E5_D5" "$EXD6"
    expect_rc 0
    cp "$TMP/out" "$TMP/golden"
    golden "$lang" diff-exd6

    step "$lang: a rank that adds up to seven"
    fk --lang "$lang" explain "$SEVEN"
    expect_rc 1
    out_has "[rank-length]"
    words >"$TMP/golden"
    golden "$lang" rank-of-seven

    step "$lang: a board typed upside down"
    fk --lang "$lang" explain "$UPSIDE_DOWN"
    expect_rc 1
    out_has "[upside-down]"
    words >"$TMP/golden"
    golden "$lang" upside-down

    # every sentence of check's output, the problems' messages and fixes
    # with their frame, for broken FENs of both kinds: reading and rules
    step "$lang: check lists the problems of broken FENs"
    fk --lang "$lang" check "$SEVEN" "$UPSIDE_DOWN" \
        'rnbqkbnr/ppppxppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
        'k7/8/8/8/8/8/8/R3K3 w Q - 0 1' \
        '4k3/8/8/8/8/8/8/R3K2R w KQkq e3 5 1' \
        'rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0' \
        '3k4/8/8/8/8/8/8/R3K2R b Kq - 0 1' \
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' \
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W K-Q E3 -1 01 extra'
    expect_rc 1
    out_has "[rank-length]"
    cp "$TMP/out" "$TMP/golden"
    golden "$lang" check-broken
done
pass
