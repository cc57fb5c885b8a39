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

import os
from typing import IO, Dict, Iterator, List, NamedTuple, Optional, Union

from fenkit._fenkit import (
    FenError,
    MoveError,
    Position,
    Problem,
    _read_pgn,
    _render_svg,
    _scan,
    library_version,
    normalize_many,
)

__all__ = ["FenError", "MoveError", "Position", "Problem", "Ply", "Game", "PgnReader", "read_pgn",
           "ScanResult", "scan", "render_svg", "library_version", "normalize_many"]
__version__ = library_version()


class Ply(NamedTuple):
    """One moment of a game: the move that led there (empty at the start)
    in SAN and UCI, and the position's FEN."""

    san: str
    uci: str
    fen: str


class Game:
    """A game of a PGN file: its number in the file (from 1), its tags, and
    its main line. A broken game keeps the plies read before the fault, and
    ``error`` says where and why (a dict: message, line, column, move)."""

    __slots__ = ("number", "headers", "error", "_plies")

    def __init__(self, number: int, headers: Dict[str, str], plies: list, error: Optional[dict]):
        self.number = number
        self.headers = headers
        self.error = error
        self._plies = plies

    def plies(self) -> Iterator[Ply]:
        """The start position (ply 0) and the position after each move."""
        return (Ply(*p) for p in self._plies)

    def __repr__(self) -> str:
        return f"<Game {self.number}: {len(self._plies) - 1 if self._plies else 0} plies>"


class PgnReader:
    """The games of a PGN file, read as they are needed."""

    def __init__(self, source: Union[str, "os.PathLike[str]", IO[bytes]], ep: str = "legal"):
        self._games = _read_pgn(source, ep=ep)

    def __iter__(self) -> Iterator[Game]:
        for number, headers, plies, error in self._games:
            yield Game(number, headers, plies, error)

    def to_columns(self, headers: Optional[List[str]] = None) -> Dict[str, list]:
        """Every ply of every game left, as columns (game, ply, san, uci,
        fen) of equal length, built in one call into C: what
        pandas.DataFrame(...) takes. headers names tags to add, one column
        each, holding the tag of the ply's game (None where it has none).

        >>> import io
        >>> cols = read_pgn(io.BytesIO(b'[White "A"]\\n\\n1. e4 *\\n')).to_columns(headers=["White", "Elo"])
        >>> cols["san"], cols["White"], cols["Elo"]
        (['', 'e4'], ['A', 'A'], [None, None])
        """
        return self._games.columns(headers=headers)


def read_pgn(source: Union[str, "os.PathLike[str]", IO[bytes]], ep: str = "legal") -> PgnReader:
    """The games of a PGN file, from a path or a file object opened in
    binary mode (``gzip.open(path)`` reads a compressed one).

    >>> import io
    >>> games = list(read_pgn(io.BytesIO(b'[White "A"]\\n\\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\\n')))
    >>> games[0].headers["White"], [p.san for p in games[0].plies()]
    ('A', ['', 'e4', 'e5', 'Qh5', 'Ke7', 'Qxe5#'])
    >>> list(games[0].plies())[3]
    Ply(san='Qh5', uci='d1h5', fen='rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2')
    """
    return PgnReader(source, ep=ep)


class ScanResult(NamedTuple):
    """What fenkit.scan read: the FEN, the men by square name ("e4": "P"),
    the squares to check by eye, which side is at the bottom of the picture
    ("white" or "black") and how sure that is (0.5 a guess .. 1), and doubt:
    True when the position must not be taken unchecked."""

    fen: str
    squares: Dict[str, str]
    uncertain: List[str]
    bottom: str
    bottom_confidence: float
    doubt: bool


def scan(image: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]) -> ScanResult:
    """Reads the board in a picture (PNG, JPEG, WebP, GIF or BMP), given
    as its bytes or a path. Raises ValueError when no board is found or the
    bytes are no picture."""
    if isinstance(image, (str, os.PathLike)):
        with open(image, "rb") as f:
            image = f.read()
    return ScanResult(**_scan(image))


def render_svg(position: Union[str, Position], *, size: int = 400, flip: bool = False,
               coords: str = "none", theme: Optional[str] = None) -> str:
    """The diagram of a position (a Position or a FEN) as SVG text.

    >>> svg = render_svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1", size=200, coords="outside")
    >>> svg.startswith("<svg") and 'width="200"' in svg
    True
    """
    if isinstance(position, str):
        position = Position.from_fen(position, tolerant=True)
    return _render_svg(position, size=size, flip=flip, coords=coords, theme=theme)
