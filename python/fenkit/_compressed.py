"""Compressed input told by its first bytes (gzip, bzip2, zstd), as the
fenkit command line tells it (src/cli/source.c), never by a file's name.
zstd needs Debian's python3-zstandard; gzip and bzip2 are in the standard
library."""

import bz2
import gzip
import io
import os
from typing import IO, Optional, Union

PathLike = Union[str, bytes, "os.PathLike[str]"]

GZIP, BZIP2, ZSTD = "gzip", "bzip2", "zstd"


def kind(magic: bytes) -> Optional[str]:
    """The compression whose magic bytes `magic` (the first four bytes of a
    stream) begin with, or None for anything else (plain text).

    >>> kind(b"\\x1f\\x8b\\x08\\x00"), kind(b"BZh9"), kind(b"\\x28\\xb5\\x2f\\xfd"), kind(b"[Eve")
    ('gzip', 'bzip2', 'zstd', None)
    """
    if magic[:2] == b"\x1f\x8b":
        return GZIP
    if magic[:3] == b"BZh":
        return BZIP2
    # a zstd frame, or a skippable frame (0x184D2A50..5F): pzstd begins its
    # files with one that holds the frame sizes
    if magic == b"\x28\xb5\x2f\xfd" or (
            len(magic) == 4 and magic[1:] == b"\x2a\x4d\x18" and magic[0] & 0xF0 == 0x50):
        return ZSTD
    return None


def path_kind(path: PathLike) -> Optional[str]:
    """The compression of the file at `path` (see kind)."""
    with open(path, "rb") as f:
        return kind(f.read(4))


def _zstandard(name: str):
    try:
        import zstandard
    except ImportError:
        raise RuntimeError(f"{name}: a zstd stream needs python3-zstandard "
                           "(scripts/install-deps test installs it)") from None
    return zstandard


def open_path(path: PathLike) -> IO[bytes]:
    """The decompressed bytes of the file at `path`, or its bytes as they
    are when it is not compressed."""
    raw = open(path, "rb")
    try:
        found = kind(raw.read(4))
        raw.seek(0)
        # gzip and bz2 close only a file they opened themselves
        if found in (GZIP, BZIP2):
            raw.close()
            return gzip.GzipFile(path, "rb") if found == GZIP else bz2.BZ2File(path, "rb")
        if found == ZSTD:
            # read_across_frames: a file of many frames (pzstd, or frames
            # made for cutting) is one stream, as the zstd tool reads it
            return _zstandard(os.fsdecode(path)).ZstdDecompressor().stream_reader(
                raw, read_across_frames=True, closefd=True)
        return raw
    except BaseException:
        raw.close()
        raise


def wrap_stream(stream: IO[bytes]) -> IO[bytes]:
    """The decompressed bytes of a file object opened in binary mode, read
    from where it stands, or the stream itself when what comes next is not
    compressed. The caller's stream is not closed by the wrapper."""
    head, stream = _peek(stream)
    found = kind(head) if isinstance(head, bytes) else None
    if found == GZIP:
        return gzip.GzipFile(fileobj=stream, mode="rb")
    if found == BZIP2:
        return bz2.BZ2File(stream)
    if found == ZSTD:
        return _zstandard(repr(stream)).ZstdDecompressor().stream_reader(
            stream, read_across_frames=True, closefd=False)
    return stream


def _peek(stream: IO[bytes]):
    """The next four bytes of a stream, without consuming them: by peek or
    seek where the stream can, else by reading them and handing back a
    stream that gives them again first."""
    if isinstance(stream, io.BufferedReader):
        head = stream.peek(4)[:4]
        if len(head) == 4 or not head:
            return head, stream
    elif _seekable(stream):
        at = stream.tell()
        head = stream.read(4)
        stream.seek(at)
        return head, stream
    head = stream.read(4)
    while isinstance(head, bytes) and 0 < len(head) < 4:
        more = stream.read(4 - len(head))
        if not more:
            break
        head += more
    if not isinstance(head, bytes) or not head:
        return head, stream
    return head, io.BufferedReader(_Prefixed(head, stream))


def _seekable(stream) -> bool:
    try:
        return bool(stream.seekable())
    except (AttributeError, ValueError, OSError):
        return False


class _Prefixed(io.RawIOBase):
    """Bytes already read from a stream, then the rest of it."""

    def __init__(self, head: bytes, stream: IO[bytes]):
        self._head = head
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        if self._head:
            n = min(len(buf), len(self._head))
            buf[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._stream.read(len(buf))
        buf[:len(data)] = data
        return len(data)

