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

A game's end as the rules decide it, repetitions included, and a draw
claimed with the move about to be played (FIDE 9.2.1.1):

>>> shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
>>> fenkit.judge(fenkit.Position(), shuffle * 2)["claim"]
'threefold-repetition'
>>> fenkit.judge_claim(fenkit.Position(), shuffle + ["Nf3", "Nf6", "Ng1"], move="Ng8")["holds"]
'threefold-repetition'
"""

import os
from typing import IO, TYPE_CHECKING, Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Union

from fenkit import _compressed
from fenkit._fenkit import (
    FenError,
    MoveError,
    Position,
    Problem,
    _normalize_array,
    _read_pgn,
    _render_svg,
    _scan,
    judge,
    judge_claim,
    library_version,
)
from fenkit._fenkit import normalize_many as _normalize_list

if TYPE_CHECKING:
    import numpy
    import pandas

__all__ = ["FenError", "MoveError", "Position", "Problem", "Ply", "Game", "PgnReader", "read_pgn",
           "ScanResult", "scan", "render_svg", "library_version", "normalize_many", "judge",
           "judge_claim"]
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


def normalize_many(fens: Union[Sequence[str], "numpy.ndarray"], *, tolerant: bool = False,
                   ep: str = "legal") -> Union[List[Optional[str]], "numpy.ndarray"]:
    """Each FEN read, checked and written canonically, in one call into C:
    a list with None where a FEN has an error (a FEN canonical already is
    answered with the str given). Given a NumPy array of str or bytes
    (dtype U or S), it answers with an array of the same kind and shape,
    "" where a FEN has an error, and makes no Python object a FEN (other
    threads run meanwhile).

    >>> normalize_many(["8/8/8/4k3/8/8/8/4K3  w - -", "not a fen"], tolerant=True)
    ['8/8/8/4k3/8/8/8/4K3 w - - 0 1', None]
    >>> import numpy as np
    >>> normalize_many(np.array(["8/8/8/4k3/8/8/8/4K3 w - - 0 1", "not a fen"]))
    array(['8/8/8/4k3/8/8/8/4K3 w - - 0 1', ''], dtype='<U29')
    """
    kind = getattr(getattr(fens, "dtype", None), "kind", None)
    if kind not in ("S", "U"):
        return _normalize_list(fens, tolerant=tolerant, ep=ep)
    import numpy

    shape = fens.shape
    fens = numpy.ascontiguousarray(fens, dtype=fens.dtype.newbyteorder("="))
    data, width = _normalize_array(fens, tolerant=tolerant, ep=ep)
    return numpy.frombuffer(data, dtype=f"{kind}{width}").reshape(shape)


_COLUMNS = ("game", "ply", "san", "uci", "fen")


def _optional(module: str, what: str) -> Any:
    """An optional dependency, imported when first needed."""
    try:
        return __import__(module)
    except ImportError:
        raise ImportError(f"{what} needs {module}, which is not installed "
                          f"(Debian: apt install python3-{module}; or pip install {module})") from None


def _arrays(columns: Dict[str, Any], kind: str) -> Dict[str, "numpy.ndarray"]:
    """NumPy arrays of what _PgnReader.columns gave with ints_as_bytes and,
    unless kind is "O" (object arrays of str), strings=kind."""
    import numpy as np

    out = {}
    for name, col in columns.items():
        if name in ("game", "ply"):
            out[name] = np.frombuffer(col, dtype=np.int64)
        elif name in ("san", "uci", "fen") and kind != "O":
            data, width = col
            out[name] = np.frombuffer(data, dtype=f"{kind}{width}")
        else:
            out[name] = np.array(col, dtype=object)
    return out


class PgnReader:
    """The games of a PGN file, read as they are needed. A compressed file
    (gzip, bzip2, zstd: told by its first bytes, not its name) is read
    decompressed, from a path or a file object alike. Usable as a context
    manager; the file it opened is closed once the games are read."""

    def __init__(self, source: Union[str, "os.PathLike[str]", IO[bytes]], ep: str = "legal"):
        self._opened: List[IO[bytes]] = []  # closed by close(), last first
        if hasattr(source, "read"):
            stream = _compressed.wrap_stream(source)
            if stream is not source:
                self._opened.append(stream)
            source = stream
        elif not os.path.isfile(source):
            # a pipe or a device (/dev/stdin): its first bytes, read to tell
            # the compression, cannot be read again by opening it anew
            raw = open(source, "rb")
            self._opened.append(raw)
            source = _compressed.wrap_stream(raw)
            if source is not raw:
                self._opened.append(source)
        elif _compressed.path_kind(source) is not None:
            # a plain file is read by the C reader itself, through stdio
            source = _compressed.open_path(source)
            self._opened.append(source)
        self._games = _read_pgn(source, ep=ep)

    def close(self) -> None:
        """Closes the files the reader opened (never a file object it was
        given); no more games are read after it."""
        self._games.close()
        while self._opened:
            self._opened.pop().close()

    def __enter__(self) -> "PgnReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Game]:
        for number, headers, plies, error in self._games:
            yield Game(number, headers, plies, error)
        # at the end only: a loop left early may be taken up again
        self.close()

    def _columns(self, headers: Optional[Sequence[str]], **form: Any) -> Dict[str, Any]:
        if headers is not None and not isinstance(headers, str):
            clash = set(headers) & set(_COLUMNS)
            if clash:
                raise ValueError(f"headers would replace the column {sorted(clash)[0]!r}")
        try:
            return self._games.columns(headers=headers, **form)
        finally:
            self.close()

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
        return self._columns(headers)

    def to_numpy(self, headers: Optional[List[str]] = None, *,
                 dtype: Any = str) -> Dict[str, "numpy.ndarray"]:
        """The columns of to_columns as NumPy arrays, built in one call into
        C with no Python object a row: game and ply int64; san, uci and fen
        of `dtype` str (NumPy's fixed-width U), bytes (S: a byte a
        character, a quarter of the memory) or object (str objects, as
        pandas keeps text); a tag column is object (None where missing).
        Needs NumPy.

        >>> import io
        >>> cols = read_pgn(io.BytesIO(b'[White "A"]\\n\\n1. e4 e5 *\\n')).to_numpy(headers=["White"])
        >>> cols["ply"], cols["uci"], cols["White"]
        (array([0, 1, 2]), array(['', 'e2e4', 'e7e5'], dtype='<U4'), array(['A', 'A', 'A'], dtype=object))
        >>> read_pgn(io.BytesIO(b'1. d4 *')).to_numpy(dtype=bytes)["san"]
        array([b'', b'd4'], dtype='|S2')
        """
        np = _optional("numpy", "to_numpy")
        kind = np.dtype(dtype).kind
        if kind not in ("U", "S", "O"):
            raise ValueError(f"dtype is str, bytes or object, not {dtype!r}")
        cols = self._columns(headers, ints_as_bytes=True, strings="list" if kind == "O" else kind)
        return _arrays(cols, kind)

    def to_pandas(self, headers: Optional[List[str]] = None) -> "pandas.DataFrame":
        """The columns of to_columns as a pandas DataFrame: game and ply
        int64, the texts and tags object (str, None where a tag is
        missing), as fenkit.dask.read_pgn gives them. Needs pandas.

        >>> import io
        >>> frame = read_pgn(io.BytesIO(b'[Result "1-0"]\\n\\n1. e4 e5 1-0')).to_pandas(headers=["Result"])
        >>> frame[["game", "ply", "san", "uci", "Result"]]
           game  ply san   uci Result
        0     1    0              1-0
        1     1    1  e4  e2e4    1-0
        2     1    2  e5  e7e5    1-0
        """
        pd = _optional("pandas", "to_pandas")
        return pd.DataFrame(self.to_numpy(headers, dtype=object), copy=False)


def read_pgn(source: Union[str, "os.PathLike[str]", IO[bytes]], ep: str = "legal") -> PgnReader:
    """The games of a PGN file, from a path or a file object opened in
    binary mode; gzip, bzip2 and zstd files (told by their first bytes) are
    read decompressed (zstd needs python3-zstandard).

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
