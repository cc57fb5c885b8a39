"""fenkit: chess positions in FEN, from Python.

A thin layer over libfenkit (the C library of this project), shipped inside
the package and loaded by the ``fenkit._fenkit`` extension.

Read a FEN, write it back, list its problems and its legal moves:

>>> import fenkit
>>> pos = fenkit.Position.from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
>>> pos.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
>>> pos.fen(ep="always")
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
>>> len(pos.legal_moves())
20

A FEN that cannot be read raises FenError, with every problem:

>>> try:
...     fenkit.Position.from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1")
... except fenkit.FenError as e:
...     print(e.problems[0].code, e.problems[0].field)
rank-length placement

A FEN that reads but breaks the rules is a Position whose check() says why:

>>> [p.code for p in fenkit.Position.from_fen("4k2P/8/8/8/8/8/8/4K3 w - - 0 1").check()]
['pawn-on-back-rank']

Many FENs in one call into C:

>>> fenkit.normalize_many(["8/8/8/4k3/8/8/8/4K3  w - -", "not a fen"], tolerant=True)
['8/8/8/4k3/8/8/8/4K3 w - - 0 1', None]
"""

from fenkit._fenkit import (
    FenError,
    MoveError,
    Position,
    Problem,
    library_version,
    normalize_many,
)

__all__ = ["FenError", "MoveError", "Position", "Problem", "library_version", "normalize_many"]
__version__ = library_version()
