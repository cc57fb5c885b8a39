# Lost output is an error: every command run into a full disk (/dev/full)
# says on stderr that writing failed and exits non-zero, its help too.
source "$(dirname "$0")/lib/common.bash" "$1"
DATA=${FENKIT_TEST_DATA:?}
[ -w /dev/full ] || { echo "skip [$TEST_NAME]: no /dev/full"; exit 0; }

# full ARGS...: runs fenkit with stdout on /dev/full; RC and $TMP/err set.
full() { "$FENKIT" "$@" >/dev/full 2>"$TMP/err" </dev/null; RC=$?; }
# full_in TEXT ARGS...: the same with TEXT (printf %b-expanded) on stdin.
full_in() {
    local text=$1; shift
    printf '%b' "$text" | "$FENKIT" "$@" >/dev/full 2>"$TMP/err"; RC=$?
}
lost() {
    [ "$RC" != 0 ] || fail "exit status 0 though all output was lost"
    err_has "writing standard output: No space left on device"
}

for command in check explain show normalize render moves play perft book epd pgn serve scan; do
    step "fenkit $command --help into /dev/full"
    full "$command" --help
    expect_rc 1
    lost
done
step "fenkit --help and --version into /dev/full"
full --help
expect_rc 1
lost
full --version
expect_rc 1
lost

step "check, explain, show, normalize"
for command in check explain show normalize; do
    full "$command" "$START"
    expect_rc 1
    lost
    full_in "$START\n$KINGS_ONLY\n" "$command"
    expect_rc 1
    lost
done
full check --json "$START"
expect_rc 1
lost

step "moves, play, perft"
full moves "$START"
expect_rc 1
lost
full play "$START" e4 e5
expect_rc 1
lost
full perft "$START" 2
expect_rc 1
lost
full perft --divide "$START" 2
expect_rc 1
lost

step "epd"
full_in "${START% 0 1} bm e4;\n" epd
expect_rc 1
lost
full_in "${START% 0 1} bm e4;\n" epd --json
expect_rc 1
lost

step "book, its moves and a key"
full book "$DATA/book/small.bin" startpos
expect_rc 1
lost
full book --key startpos
expect_rc 1
lost

step "pgn, as text, JSON and --write"
full_in '1. e4 e5 2. Nf3 *\n' pgn
expect_rc 1
lost
full_in '1. e4 e5 2. Nf3 *\n' pgn --json
expect_rc 1
lost
full pgn --write e4 e5 Nf3
expect_rc 1
lost

step "render to standard output"
full render "$START" --format svg
expect_rc 1
lost

step "scan, as text, --json and --fen-only"
for form in --ascii --json --fen-only; do
    full scan "$form" "$DATA/scan/cv_03.jpg"
    expect_rc 1
    lost
done

step "serve stops when its address cannot be written"
full serve --port 0
expect_rc 1
lost

pass
