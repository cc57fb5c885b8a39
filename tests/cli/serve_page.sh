# Browser tests of `fenkit serve`'s page: tests/web/page.test.mjs drives
# Debian's Chromium headless through playwright-core (installed into
# tests/web/node_modules by scripts/install-deps). Screenshots of each
# state go to web-artifacts/ beside the fenkit binary (build/web-artifacts).
source "$(dirname "$0")/lib/common.bash" "$1"
web=$(cd "$(dirname "$0")/../web" && pwd)
artifacts=$(cd "$(dirname "$FENKIT")" && pwd)/web-artifacts

step "what the browser tests need"
command -v node >/dev/null || fail "node is missing: run scripts/install-deps test"
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || fail "Chromium is missing: run scripts/install-deps test"
[ -d "$web/node_modules/playwright-core" ] || fail "playwright-core is missing: run scripts/install-deps test"

step "the page in a browser"
rm -rf "$artifacts"
node "$web/page.test.mjs" "$FENKIT" "$artifacts" "$FENKIT_TEST_DATA/web" >"$TMP/out" 2>"$TMP/err" ||
    fail "browser tests failed"
cat "$TMP/out"
pass
