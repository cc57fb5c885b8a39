# Shared by the tests/cli/*.sh scripts: run fenkit, capture what it says,
# and fail with a message that says what was expected.
# Usage in a test: source "$(dirname "$0")/lib/common.bash" "$1"
set -u
FENKIT=${1:?usage: bash TEST.sh PATH_TO_FENKIT}
[ -x "$FENKIT" ] || { echo "FAIL: $FENKIT is not an executable" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TEST_NAME=$(basename "$0" .sh)
STEP="(start)"

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# after 1.e4: the e3 square is written, but no black pawn can take there
E4='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
E4_LEGAL='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
# rank 1 has seven squares
SHORT_RANK='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1'
# a white pawn on h8
PAWN_ON_8='4k2P/8/8/8/8/8/8/4K3 w - - 0 1'
# White to move while Black's king stands in check from the rook on e1
OPPONENT_CHECK='4k3/8/8/8/8/8/8/4R1K1 w - - 0 1'
NO_KINGS='8/8/8/8/8/8/8/8 w - - 0 1'
KINGS_ONLY='8/8/8/4k3/8/8/8/4K3 w - - 0 1'

# Names the step being tested, for failure messages.
step() { STEP="$*"; }

fail() {
    echo "FAIL [$TEST_NAME] $STEP: $*" >&2
    if [ -f "$TMP/out" ]; then echo "--- stdout:" >&2; head -c 3000 "$TMP/out" >&2; fi
    if [ -f "$TMP/err" ]; then echo "--- stderr:" >&2; head -c 3000 "$TMP/err" >&2; fi
    exit 1
}

# fk ARGS...: runs fenkit with stdin from /dev/null; sets RC, output in
# $TMP/out and $TMP/err.
fk() { "$FENKIT" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; RC=$?; }
# fk_in TEXT ARGS...: the same with TEXT (printf %b-expanded) on stdin.
fk_in() {
    local text=$1; shift
    printf '%b' "$text" | "$FENKIT" "$@" >"$TMP/out" 2>"$TMP/err"; RC=$?
}

expect_rc() { [ "$RC" = "$1" ] || fail "exit status $RC, expected $1"; }
out_has() { grep -qF -- "$1" "$TMP/out" || fail "stdout lacks '$1'"; }
out_lacks() { ! grep -qF -- "$1" "$TMP/out" || fail "stdout has '$1' but should not"; }
err_has() { grep -qF -- "$1" "$TMP/err" || fail "stderr lacks '$1'"; }
err_empty() { [ ! -s "$TMP/err" ] || fail "stderr should be empty"; }
# out_is TEXT: stdout is exactly TEXT (printf %b-expanded, plus a newline).
out_is() {
    if [ -z "$1" ]; then : >"$TMP/want"; else printf '%b\n' "$1" >"$TMP/want"; fi
    cmp -s "$TMP/want" "$TMP/out" || fail "stdout is not exactly: $(cat "$TMP/want")"
}
# json_check PYTHON: runs PYTHON with `rows` = the JSON objects of stdout
# (one per line, each must parse); an AssertionError fails the test.
json_check() {
    python3 - "$TMP/out" "$1" <<'PY' || fail "JSON check failed (see above)"
import json, sys
rows = []
with open(sys.argv[1], encoding="utf-8") as f:
    for number, line in enumerate(f, 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            sys.exit(f"line {number} is not JSON: {e}: {line!r}")
try:
    exec(sys.argv[2], {"rows": rows})
except AssertionError as e:
    import traceback
    traceback.print_exc()
    sys.exit(1)
PY
}
pass() { echo "ok [$TEST_NAME]"; }
