"""fenkit over Dask: a game collection too large for one process, read as a
Dask DataFrame of positions, and a folder of board pictures scanned as a
Dask Bag. Needs Debian's python3-dask and python3-distributed (and
python3-zstandard for .zst files); ``import fenkit`` works without them.

Each partition is a run of whole games of one file, cut where fenkit's own
reader says a game starts (found without replaying moves, as
``fenkit pgn --shard`` does), and parsed by the C reader. Game numbers
count across the files in the order given, as ``fenkit pgn a.pgn b.pgn``
numbers them, so the rows are those of the single-process reader.
docs/dask.md shows the whole way from a .pgn.zst to a CSV of positions.
"""

import bisect
import io
import os
from typing import IO, Iterable, List, Optional, Sequence, Tuple, Union

import dask
import dask.bag as db
import dask.dataframe as dd
import pandas as pd

from fenkit import _arrays, _compressed
from fenkit._fenkit import _read_pgn, _scan

__all__ = ["read_pgn", "scan", "plan", "read_part", "zstd_frames"]

PathLike = Union[str, "os.PathLike[str]"]

# How many bytes are read and dropped at a time to reach a partition's
# start inside a compressed stream.
_SKIP_CHUNK = 1 << 20


class _Slice(io.RawIOBase):
    """At most `size` bytes of a stream: one partition's games."""

    def __init__(self, stream: IO[bytes], size: Optional[int]):
        self._stream = stream
        self._left = size

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if self._left is not None:
            n = self._left if n < 0 else min(n, self._left)
        data = self._stream.read(n)
        if self._left is not None:
            self._left -= len(data)
        return data


def _skip_to(stream: IO[bytes], offset: int, path: PathLike) -> None:
    """Moves to byte `offset` of the decompressed text: a seek in a plain
    file, a read-and-drop in a compressed one (no index to jump with)."""
    if offset == 0:
        return
    if stream.seekable() and isinstance(stream, io.BufferedReader):
        stream.seek(offset)
        return
    left = offset
    while left:
        got = len(stream.read(min(left, _SKIP_CHUNK)))
        if not got:
            raise ValueError(f"{os.fspath(path)}: ends before byte {offset}, where a game was "
                             "found when the file was planned: it changed since")
        left -= got


def _is_zstd(path: PathLike) -> bool:
    return _compressed.path_kind(path) == _compressed.ZSTD


def zstd_frames(path: PathLike) -> List[Tuple[int, int]]:
    """Where each zstd frame of a file starts: (offset in the file, offset
    in the decompressed text). A file of many frames (pzstd makes them) can
    be entered at any frame, so a partition decompresses from the frame
    before its games instead of from the start of the file."""
    import zstandard

    frames = []
    packed = unpacked = 0
    frame = None
    pending = b""
    with open(path, "rb") as raw:
        while True:
            if not pending:
                pending = raw.read(1 << 20)
                if not pending:
                    break
            if frame is None:
                frames.append((packed, unpacked))
                frame = zstandard.ZstdDecompressor().decompressobj()
            unpacked += len(frame.decompress(pending))
            if frame.eof:
                left = frame.unused_data
                packed += len(pending) - len(left)
                pending = left
                frame = None
            else:
                packed += len(pending)
                pending = b""
    return frames


def _plan_file(path: PathLike, games_per_partition: int) -> tuple:
    starts, games = plan(path, games_per_partition)
    return starts, games, zstd_frames(path) if _is_zstd(path) else []


def plan(path: PathLike, games_per_partition: int) -> Tuple[List[int], int]:
    """Where to cut one file: the byte offsets (in the decompressed text) of
    games 1, 1 + games_per_partition, ..., and how many games it holds.
    Reads the file once, replaying no move."""
    with _compressed.open_path(path) as f:
        return _read_pgn(f).offsets(games_per_partition)


def _open_at(path: PathLike, start: int, frame: Optional[Tuple[int, int]]) -> IO[bytes]:
    """The decompressed text from byte `start`; entered at a zstd frame
    (file offset, text offset) at or before start when one is given."""
    if not frame or frame[0] == 0:
        f = _compressed.open_path(path)
        try:
            _skip_to(f, start, path)
        except BaseException:
            f.close()
            raise
        return f
    import zstandard

    raw = open(path, "rb")
    raw.seek(frame[0])
    f = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True, closefd=True)
    try:
        _skip_to(f, start - frame[1], path)
    except BaseException:
        f.close()
        raise
    return f


def read_part(path: PathLike, start: int, end: Optional[int], first_game: int,
              headers: Sequence[str] = (), ep: str = "legal",
              frame: Optional[Tuple[int, int]] = None) -> pd.DataFrame:
    """The plies of the games in bytes [start, end) of a file's text (end
    None: to the end), numbered from first_game: one partition. frame: a
    zstd frame at or before start to begin decompressing at (zstd_frames)."""
    with _open_at(path, start, frame) as f:
        size = None if end is None else end - start
        columns = _read_pgn(_Slice(f, size), ep=ep).columns(headers=list(headers),
                                                            ints_as_bytes=True)
    arrays = _arrays(columns, "O")
    arrays["game"] += first_game - 1
    return pd.DataFrame(arrays, columns=_column_names(headers), copy=False)


def _column_names(headers: Sequence[str]) -> List[str]:
    return ["game", "ply", "san", "uci", "fen", *headers]


def _meta(headers: Sequence[str]) -> pd.DataFrame:
    meta = {"game": pd.Series([], dtype="int64"), "ply": pd.Series([], dtype="int64")}
    for name in ("san", "uci", "fen", *headers):
        meta[name] = pd.Series([], dtype="object")
    return pd.DataFrame(meta, columns=_column_names(headers))


def _read_part_task(part: tuple) -> pd.DataFrame:
    path, start, end, first_game, headers, ep, frame = part
    return read_part(path, start, end, first_game, headers, ep, frame)


def read_pgn(paths: Union[PathLike, Iterable[PathLike]], games_per_partition: int = 10000,
             headers: Sequence[str] = (), ep: str = "legal") -> dd.DataFrame:
    """Every ply of every game of the PGN files (plain, .gz, .bz2 or .zst)
    as a Dask DataFrame with columns game, ply, san, uci, fen, and one per
    tag name in headers (None where a game lacks the tag).

    The files are planned first (one task per file, on the current Dask
    scheduler: a pass that finds game starts without replaying moves); each
    partition then holds games_per_partition consecutive games of one file.
    A partition of a compressed file decompresses from the file's start, or
    in a .zst of many frames from the frame before its games, and drops
    what precedes them; docs/dask.md says what that costs.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    paths = [os.fspath(p) for p in paths]
    if not paths:
        raise ValueError("fenkit.dask.read_pgn needs at least one path")
    if games_per_partition < 1:
        raise ValueError(f"games_per_partition must be >= 1, not {games_per_partition}")
    headers = list(headers)
    for name in headers:
        if not isinstance(name, str) or name in ("game", "ply", "san", "uci", "fen"):
            raise ValueError(f"headers: {name!r} is not a tag name that can be a column")
    if len(set(headers)) != len(headers):
        raise ValueError(f"headers: a tag name is asked twice in {headers}")
    for p in paths:
        if not os.path.isfile(p):
            raise FileNotFoundError(f"fenkit.dask.read_pgn: no file {p}")
    plans = dask.compute(*[dask.delayed(_plan_file)(p, games_per_partition) for p in paths])
    parts = []
    first_game = 1
    for path, (starts, games, frames) in zip(paths, plans):
        for i, start in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else None
            frame = None
            # the last frame that begins at or before the partition's text
            at = bisect.bisect_right([text for _, text in frames], start) - 1
            if at >= 0:
                frame = frames[at]
            parts.append((path, start, end, first_game + i * games_per_partition,
                          tuple(headers), ep, frame))
        first_game += games
    if not parts:  # files without a single game: one empty partition
        return dd.from_pandas(_meta(headers), npartitions=1)
    return dd.from_map(_read_part_task, parts, meta=_meta(headers),
                       label="fenkit-read-pgn", enforce_metadata=False)


def _scan_one(path: str) -> dict:
    """One picture's result, or its error: a bad picture is a row that says
    why, never the end of the whole bag."""
    try:
        with open(path, "rb") as f:
            result = _scan(f.read())
        return {"path": path, "error": None, **result}
    except (OSError, ValueError) as e:
        return {"path": path, "error": str(e), "fen": None, "squares": {}, "uncertain": [],
                "bottom": None, "bottom_confidence": 0.0, "doubt": True}


def scan(paths: Union[PathLike, Iterable[PathLike]], partition_size: int = 16) -> db.Bag:
    """Board pictures read by fenkit.scan, as a Dask Bag of dicts: path,
    error (None, or why the picture could not be read), and the fields of
    fenkit.ScanResult (fen, squares, uncertain, bottom, bottom_confidence,
    doubt)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    paths = [os.fspath(p) for p in paths]
    if not paths:
        raise ValueError("fenkit.dask.scan needs at least one path")
    return db.from_sequence(paths, partition_size=partition_size).map(_scan_one)
