#!/usr/bin/env bash
# Builds the fenkit wheel from a CMake build folder, installs it into a
# fresh virtual environment and runs the pytest tests and the docstring
# examples against the installed package. `make python` runs it; so does
# ctest (python/package), which reports itself skipped (77) in sanitizer
# builds, whose library Python cannot load.
# Usage: python/check.sh BUILD_DIR [PYTHON]
set -euo pipefail
build=$(cd "${1:?usage: python/check.sh BUILD_DIR [PYTHON]}" && pwd)
python=${2:-/usr/bin/python3}
here=$(cd "$(dirname "$0")" && pwd)
if grep -q '^FENKIT_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
    echo "python/check.sh: skipped: a sanitizer build's libfenkit.so needs the sanitizer runtime loaded first"
    exit 77
fi
for module in setuptools wheel pip venv pytest; do
    "$python" -c "import $module" 2>/dev/null || {
        echo "python/check.sh: $python lacks $module (scripts/install-deps test installs it)" >&2
        exit 1
    }
done
out=$build/python
rm -rf "$out"
mkdir -p "$out"
# Built from a copy, so that the source folder gets no build leftovers.
cp -r "$here" "$out/source"
rm -rf "$out/source/build" "$out/source/"*.egg-info
(cd "$out/source" && FENKIT_BUILD=$build FENKIT_INCLUDE=$here/../include \
    "$python" -m pip wheel --no-build-isolation --no-deps --no-index -q -w "$out/dist" .)
wheel=$(ls "$out/dist"/fenkit-*.whl)
echo "python/check.sh: built $(basename "$wheel")"
# A fresh environment; Debian's pytest is seen through the system packages.
"$python" -m venv --system-site-packages "$out/venv"
"$out/venv/bin/pip" install -q --no-index --no-deps "$wheel"
installed=$("$out/venv/bin/python" -c 'import fenkit, os; print(os.path.dirname(fenkit.__file__))')
case "$installed" in "$out/venv/"*) ;; *) echo "python/check.sh: fenkit imported from $installed" >&2; exit 1 ;; esac
cd "$out"
# test_dask compares its rows with the fenkit program's, where one is built
[ -x "$build/fenkit" ] && export FENKIT_CLI=$build/fenkit
"$out/venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests" --doctest-modules "$installed/__init__.py" "$installed/_compressed.py"
