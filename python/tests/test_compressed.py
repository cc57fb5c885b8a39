"""read_pgn on compressed input: gzip, bzip2 and zstd, told by their first
bytes (never by a file's name), from a path and from a file object. zstd
fixtures are made with python3-zstandard or the zstd tool; without either,
those cases are skipped."""
import bz2
import gzip
import io
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

import fenkit

GAMES = Path(__file__).resolve().parents[2] / "tests" / "data" / "pgn" / "games1k_first200.pgn"


def zstd_compress(data: bytes) -> bytes:
    try:
        import zstandard
    except ImportError:
        if not shutil.which("zstd"):
            pytest.skip("neither python3-zstandard nor the zstd tool is installed")
        return subprocess.run(["zstd", "-q", "-c"], input=data, stdout=subprocess.PIPE,
                              check=True).stdout
    return zstandard.ZstdCompressor().compress(data)


def has_zstandard() -> bool:
    try:
        import zstandard  # noqa: F401
    except ImportError:
        return False
    return True


COMPRESSORS = {"gzip": gzip.compress, "bzip2": bz2.compress, "zstd": zstd_compress}


@pytest.fixture(scope="module")
def expected():
    return fenkit.read_pgn(GAMES).to_columns(headers=["White"])


@pytest.fixture(params=sorted(COMPRESSORS))
def packed(request):
    """The games compressed one way: (name, bytes)."""
    return request.param, COMPRESSORS[request.param](GAMES.read_bytes())


def needs_reader(name):
    # the zstd tool can make a fixture, but reading one needs python3-zstandard
    if name == "zstd" and not has_zstandard():
        pytest.skip("reading zstd needs python3-zstandard")


def test_by_path_whatever_its_name(tmp_path, packed, expected):
    name, data = packed
    needs_reader(name)
    # a name that says nothing (and one that says the wrong thing)
    for file_name in ("games.pgn", "games.bz2" if name != "bzip2" else "games.gz"):
        path = tmp_path / file_name
        path.write_bytes(data)
        assert fenkit.read_pgn(path).to_columns(headers=["White"]) == expected
        assert fenkit.read_pgn(str(path)).to_numpy()["fen"].tolist() == expected["fen"]
        games = list(fenkit.read_pgn(path))
        assert len(games) == 200 and games[0].number == 1


def test_a_plain_file_named_as_compressed(tmp_path, expected):
    path = tmp_path / "games.pgn.zst"
    path.write_bytes(GAMES.read_bytes())
    assert fenkit.read_pgn(path).to_columns(headers=["White"]) == expected


def test_by_file_object(tmp_path, packed, expected):
    name, data = packed
    needs_reader(name)
    path = tmp_path / "games"
    path.write_bytes(data)
    with open(path, "rb") as f:  # seekable, buffered
        assert fenkit.read_pgn(f).to_columns(headers=["White"]) == expected
        assert not f.closed  # the caller's file stays the caller's
    assert fenkit.read_pgn(io.BytesIO(data)).to_columns(headers=["White"]) == expected


class Pipe(io.RawIOBase):
    """A stream that cannot seek or peek and hands out a few bytes a read,
    as a pipe or a socket may."""

    def __init__(self, data: bytes):
        self._data = data

    def readable(self):
        return True

    def readinto(self, buf):
        n = min(len(buf), 3, len(self._data))
        buf[:n] = self._data[:n]
        self._data = self._data[n:]
        return n


def test_by_a_stream_that_cannot_seek(packed, expected):
    name, data = packed
    needs_reader(name)
    assert fenkit.read_pgn(Pipe(data)).to_columns(headers=["White"]) == expected
    plain = GAMES.read_bytes()
    assert fenkit.read_pgn(Pipe(plain)).to_columns(headers=["White"]) == expected


def test_a_stream_is_read_from_where_it_stands(tmp_path, expected):
    path = tmp_path / "games"
    path.write_bytes(b"junk" + gzip.compress(GAMES.read_bytes()))
    with open(path, "rb") as f:
        f.read(4)
        assert fenkit.read_pgn(f).to_columns(headers=["White"]) == expected


def test_the_reader_closes_what_it_opened(tmp_path):
    path = tmp_path / "games.pgn.gz"
    path.write_bytes(gzip.compress(GAMES.read_bytes()))
    with fenkit.read_pgn(path) as reader:
        [stream] = reader._opened
        assert next(iter(reader)).number == 1
        assert [g.number for g in reader][:2] == [2, 3]  # a loop left early goes on
        assert stream.closed  # at the end of the games
    reader = fenkit.read_pgn(path)
    [stream] = reader._opened
    with reader:
        next(iter(reader))
        assert not stream.closed
    assert stream.closed
    reader = fenkit.read_pgn(path)
    [stream] = reader._opened
    reader.to_columns()
    assert stream.closed
    # a plain file, which the C reader opened: nothing more is read
    with fenkit.read_pgn(GAMES) as reader:
        games = iter(reader)
        next(games)
    assert reader.to_columns()["fen"] == [] and list(reader) == []


@pytest.mark.parametrize("name", ["plain", "gzip", "zstd"])
def test_by_a_named_pipe(tmp_path, name, expected):
    if name == "zstd":
        needs_reader(name)
    data = GAMES.read_bytes() if name == "plain" else COMPRESSORS[name](GAMES.read_bytes())
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_bytes, args=(data,))
    writer.start()
    try:
        with fenkit.read_pgn(fifo) as reader:
            assert reader.to_columns(headers=["White"]) == expected
    finally:
        writer.join()


def test_small_and_empty_inputs():
    assert fenkit.read_pgn(io.BytesIO(b"")).to_columns()["fen"] == []
    assert fenkit.read_pgn(io.BytesIO(b"1.")).to_columns()["san"] == [""]
    assert fenkit.read_pgn(io.BytesIO(gzip.compress(b"1. e4 *"))).to_columns()["san"] == ["", "e4"]


def test_a_broken_compressed_file_raises(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_bytes(gzip.compress(GAMES.read_bytes())[:-100])
    with pytest.raises(EOFError):
        fenkit.read_pgn(path).to_columns()
