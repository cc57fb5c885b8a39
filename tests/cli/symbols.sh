# The shared library's exports against the headers: libfenkit.so exports
# exactly the functions include/fenkit/ marks FK_API, each under the
# FENKIT_0 version, and every library function a header names is marked;
# the internal names of the core, render and engine layers do not start
# with fk_.
# The build folder is the one holding fenkit.
source "$(dirname "$0")/lib/common.bash" "$1"
build=$(cd "$(dirname "$FENKIT")" && pwd)
include=$(cd "$(dirname "$0")/../../include" && pwd)
lib=$build/libfenkit.so

step "libfenkit.so and its SONAME"
[ -e "$lib" ] || fail "$lib was not built"
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libfenkit.so.0" ] || fail "SONAME is '$soname', expected libfenkit.so.0"
[ -e "$build/$soname" ] || fail "no $soname link beside the library"

step "the exports and the headers"
nm -D --defined-only "$lib" >"$TMP/dynamic" || fail "nm -D failed"
cat "$build"/libfenkit-*.a >/dev/null || fail "no static layer libraries in $build"
nm -g --defined-only "$build"/libfenkit-*.a 2>/dev/null >"$TMP/static"
# The layers whose internal names have their own prefix (core_, render_):
# an fk_ name there is public or a mistake. The vision layer's internal
# names still carry fk_ (hidden from libfenkit.so all the same).
nm -g --defined-only "$build"/libfenkit-core.a "$build"/libfenkit-render.a \
    "$build"/libfenkit-engine.a 2>/dev/null >"$TMP/prefixed"
cc -E -P -I"$include" "$include/fenkit/fenkit.h" >"$TMP/headers.i" 2>"$TMP/err" || fail "cannot preprocess fenkit.h"
python3 - "$TMP/dynamic" "$TMP/static" "$TMP/headers.i" "$TMP/prefixed" >"$TMP/out" <<'PY' || fail "exports and headers disagree"
import re, sys
dynamic, static, headers, prefixed = (open(p).read() for p in sys.argv[1:])
exported, versions = set(), set()
for line in dynamic.splitlines():
    parts = line.split()
    if len(parts) < 3 or parts[1] == "A":  # a version node, not a symbol
        continue
    name, _, version = parts[2].partition("@")
    exported.add(name)
    versions.add((name, version.lstrip("@")))
# In the preprocessed headers FK_API reads visibility("default"): the name
# declared is the last word before the first "(" that follows it.
text = re.sub(r"\s+", " ", headers)
marked = set(re.findall(r'visibility\("default"\)\)\)\s*[^;({]*?\b(\w+)\s*\(', text))
named = set(re.findall(r"\b(fk_\w+)\s*\(", text))
def defined_in(listing):
    return {l.split()[2] for l in listing.splitlines() if len(l.split()) == 3 and l.split()[1] in "TDRB"}
defined = defined_in(static)
problems = []
for name in sorted(exported - marked):
    problems.append(f"{name} is exported but no header marks it FK_API")
for name in sorted(marked - exported):
    problems.append(f"{name} is marked FK_API but libfenkit.so does not export it")
for name in sorted((defined & named) - marked):
    problems.append(f"{name} is named in a header and defined in a layer, but not marked FK_API")
for name in sorted(n for n in defined_in(prefixed) - marked if n.startswith("fk_")):
    problems.append(f"{name} is internal but named fk_, as public names are (use the layer's prefix)")
for name, version in sorted(versions):
    if version != "FENKIT_0":
        problems.append(f"{name} has version '{version}', expected FENKIT_0")
for name in sorted(exported):
    if not name.startswith("fk_"):
        problems.append(f"{name} is exported without the fk_ prefix")
for p in problems:
    print(p)
print(f"{len(exported)} exported, {len(marked)} marked, {len(defined - marked)} internal")
sys.exit(1 if problems else 0)
PY
out_has "exported"
[ "$(grep -c . "$TMP/out")" = 1 ] || fail "unexpected lines"
pass
