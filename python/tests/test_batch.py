"""The batch calls: normalize_many on lists and NumPy arrays, and the
column forms of read_pgn (to_columns, to_numpy, to_pandas)."""
import io
import subprocess
import sys
from pathlib import Path

import pytest

import fenkit

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
GAMES = DATA / "pgn" / "games1k_first200.pgn"
np = pytest.importorskip("numpy")


def edge_case_fens():
    rows = (DATA / "fen" / "edge_cases.tsv").read_text().splitlines()[1:]
    fens = [row.split("\t")[2].replace("<EMPTY>", "") for row in rows]
    for row in (DATA / "cli" / "ep_pairs.tsv").read_text().splitlines():
        fens += row.split("\t")
    return fens + ["  8/8/8/4k3/8/8/8/4K3   w - -", "8/8/8/4k3/8/8/8/4K3 w - - 0 1 "]


def one_by_one(fen, tolerant, ep):
    """What normalize_many answers for one FEN, from the single calls."""
    try:
        pos = fenkit.Position.from_fen(fen, tolerant=tolerant)
    except fenkit.FenError:
        return None
    if any(p.severity == "error" for p in pos.check()):
        return None
    return pos.fen(ep=ep)


@pytest.mark.parametrize("tolerant", [False, True])
@pytest.mark.parametrize("ep", ["legal", "always"])
def test_normalize_many_answers_as_the_single_calls(tolerant, ep):
    # a canonical FEN is answered as it came: this holds it to fk_fen_write
    fens = edge_case_fens()
    expected = [one_by_one(f, tolerant, ep) for f in fens]
    assert fenkit.normalize_many(fens, tolerant=tolerant, ep=ep) == expected
    assert sum(e is not None for e in expected) > 400
    as_str = fenkit.normalize_many(np.array(fens), tolerant=tolerant, ep=ep)
    assert as_str.dtype.kind == "U" and as_str.tolist() == [e or "" for e in expected]
    as_bytes = fenkit.normalize_many(np.array([f.encode() for f in fens]), tolerant=tolerant, ep=ep)
    assert as_bytes.dtype.kind == "S" and as_bytes.tolist() == [(e or "").encode() for e in expected]


def test_normalize_many_keeps_the_str_of_a_canonical_fen():
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    assert fenkit.normalize_many([fen])[0] is fen


def test_normalize_many_arrays_keep_their_shape_and_width():
    canonical = np.array([["4k3/8/8/8/8/8/8/4K3 w - - 0 1"], ["bad"]])
    out = fenkit.normalize_many(canonical)
    assert out.shape == (2, 1) and out.dtype == canonical.dtype
    assert out.tolist() == [["4k3/8/8/8/8/8/8/4K3 w - - 0 1"], [""]]
    # a FEN that grows when written back widens the answer
    short = np.array(["4k3/8/8/8/8/8/8/4K3 w - -"])
    assert fenkit.normalize_many(short, tolerant=True).tolist() == ["4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    assert fenkit.normalize_many(np.array([], dtype=str)).tolist() == []
    # not a native-order array, not a contiguous one, not ASCII
    swapped = np.array(["4k3/8/8/8/8/8/8/4K3 w - - 0 1"] * 2, dtype=">U40")
    assert fenkit.normalize_many(swapped).tolist() == ["4k3/8/8/8/8/8/8/4K3 w - - 0 1"] * 2
    strided = np.array(["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "x"] * 2)[::2]
    assert fenkit.normalize_many(strided).tolist() == ["4k3/8/8/8/8/8/8/4K3 w - - 0 1"] * 2
    assert fenkit.normalize_many(np.array(["4k3/8/8/8/8/8/8/4K3 w - - 0 1é"])).tolist() == [""]
    with pytest.raises(TypeError):
        fenkit.normalize_many(np.array([1, 2]))


def test_to_numpy_holds_the_columns():
    columns = fenkit.read_pgn(GAMES).to_columns(headers=["White", "Missing"])
    arrays = fenkit.read_pgn(GAMES).to_numpy(headers=["White", "Missing"])
    assert list(arrays) == list(columns)
    assert arrays["game"].dtype == np.int64 and arrays["ply"].dtype == np.int64
    assert arrays["fen"].dtype.kind == "U" and arrays["White"].dtype == object
    for name, column in columns.items():
        assert arrays[name].tolist() == column, name
    # writable, as arrays a program made itself
    arrays["ply"][0] = 7
    as_bytes = fenkit.read_pgn(GAMES).to_numpy(dtype=bytes)
    assert as_bytes["uci"].dtype.kind == "S"
    assert as_bytes["uci"].tolist() == [u.encode() for u in columns["uci"]]
    as_objects = fenkit.read_pgn(GAMES).to_numpy(dtype=object)
    assert as_objects["fen"].dtype == object and as_objects["fen"].tolist() == columns["fen"]
    empty = fenkit.read_pgn(io.BytesIO(b"")).to_numpy()
    assert all(len(a) == 0 for a in empty.values())
    with pytest.raises(ValueError, match="str, bytes or object"):
        fenkit.read_pgn(GAMES).to_numpy(dtype=float)
    with pytest.raises(ValueError, match="'fen'"):
        fenkit.read_pgn(GAMES).to_numpy(headers=["fen"])


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    frame = fenkit.read_pgn(GAMES).to_pandas(headers=["Result"])
    columns = fenkit.read_pgn(GAMES).to_columns(headers=["Result"])
    assert list(frame.columns) == list(columns)
    assert frame.dtypes.to_dict() == {"game": np.int64, "ply": np.int64, "san": object,
                                      "uci": object, "fen": object, "Result": object}
    pd.testing.assert_frame_equal(frame, pd.DataFrame(columns).astype({"game": "int64", "ply": "int64"}))


def test_numpy_and_pandas_stay_optional():
    # the package imports without them and says what is missing
    code = (
        "import sys, io\n"
        "sys.modules['numpy'] = None\n"
        "sys.modules['pandas'] = None\n"
        "import fenkit\n"
        "assert fenkit.normalize_many(['bad']) == [None]\n"
        "for call in ('to_numpy', 'to_pandas'):\n"
        "    try:\n"
        "        getattr(fenkit.read_pgn(io.BytesIO(b'1. e4 *')), call)()\n"
        "    except ImportError as e:\n"
        "        print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0].startswith("to_numpy needs numpy") and lines[1].startswith("to_pandas needs")


class Failing(io.RawIOBase):
    """A stream whose read fails after the first game."""

    def __init__(self):
        self._left = b'[White "A"]\n\n1. e4 e5 *\n\n'

    def readable(self):
        return True

    def readinto(self, buf):
        if not self._left:
            raise OSError("the disk went away")
        n = min(len(buf), len(self._left))
        buf[:n], self._left = self._left[:n], self._left[n:]
        return n


@pytest.mark.parametrize("form", ["to_columns", "to_numpy", "to_pandas"])
def test_column_forms_pass_on_a_failed_read_and_bad_headers(form):
    pytest.importorskip("pandas")
    with pytest.raises(OSError, match="went away"):
        getattr(fenkit.read_pgn(Failing()), form)()
    with pytest.raises(TypeError, match="not one str"):
        getattr(fenkit.read_pgn(GAMES), form)(headers="White")
    with pytest.raises(TypeError, match=r"headers\[1\]"):
        getattr(fenkit.read_pgn(GAMES), form)(headers=["White", 3])
