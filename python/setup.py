"""Builds the fenkit wheel: the extension linked against libfenkit.so from a
CMake build (FENKIT_BUILD, default ../build; headers from FENKIT_INCLUDE,
default ../include), with that library copied into the package and found
through the extension's run path ($ORIGIN). python/check.sh runs it."""
import os
import shutil

from setuptools import Extension, setup

here = os.path.dirname(os.path.abspath(__file__))
build = os.path.abspath(os.environ.get("FENKIT_BUILD", os.path.join(here, "..", "build")))
include = os.path.abspath(os.environ.get("FENKIT_INCLUDE", os.path.join(here, "..", "include")))
library = os.path.join(build, "libfenkit.so.0")
if not os.path.exists(library):
    raise SystemExit(f"setup.py: no {library}: build fenkit first (make build), or set FENKIT_BUILD")
shutil.copy(library, os.path.join(here, "fenkit", "libfenkit.so.0"))

setup(
    name="fenkit",
    version="0.1.0",
    description="Chess positions in FEN: read, write, check, play moves (over libfenkit)",
    packages=["fenkit"],
    package_data={"fenkit": ["libfenkit.so.0", "py.typed", "_fenkit.pyi"]},
    ext_modules=[
        Extension(
            "fenkit._fenkit",
            ["src/_fenkit.c"],
            include_dirs=[include],
            library_dirs=[build],
            libraries=["fenkit"],
            # -O3: the loops over NumPy's text buffers are vectorized
            extra_compile_args=["-std=c11", "-O3", "-Wall", "-Wextra", "-Werror"],
            extra_link_args=["-Wl,-rpath,$ORIGIN"],
        )
    ],
    python_requires=">=3.10",
    zip_safe=False,
)
