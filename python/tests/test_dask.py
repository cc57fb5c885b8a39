"""pytest tests of fenkit.dask: the partitions of a Dask read give the rows
of the single-process reader, on one process and on a LocalCluster of two
worker processes, one of them killed mid-run. Skipped where Dask is not
installed (scripts/install-deps test installs it)."""
import asyncio
import bz2
import gzip
import io
import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

pd = pytest.importorskip("pandas")
dask = pytest.importorskip("dask")
pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import fenkit  # noqa: E402
import fenkit.dask  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
PGN = DATA / "pgn"
GAMES = PGN / "games1k_first200.pgn"  # 200 games, 16,000 plies
PGN_FILES = sorted(PGN.glob("*.pgn"))
HEADERS = ["White", "Black", "Result"]


def single_process(path, headers=()):
    return pd.DataFrame(fenkit.read_pgn(path).to_columns(headers=list(headers)))


def local(ddf):
    with dask.config.set(scheduler="sync"):
        return ddf.compute().reset_index(drop=True)


@pytest.mark.parametrize("path", PGN_FILES, ids=lambda p: p.name)
def test_every_partition_size_gives_the_single_process_rows(path):
    want = single_process(path, HEADERS)
    # 1 game a partition cuts at every boundary, 7 at odd places, 10**6 not at all
    for per_part in (1, 7, 10**6):
        ddf = fenkit.dask.read_pgn(path, games_per_partition=per_part, headers=HEADERS)
        assert list(ddf.columns) == ["game", "ply", "san", "uci", "fen", *HEADERS]
        got = local(ddf)
        pd.testing.assert_frame_equal(got, want, check_dtype=False)


def test_the_rows_are_those_of_the_recorded_table():
    # games1k_first200_plies.tsv.gz: game, ply, SAN and the FEN under both
    # en passant conventions for every ply from 1, recorded independently
    # of fenkit (its SAN marks mate with '+', so marks are not compared)
    table = pd.read_csv(PGN / "games1k_first200_plies.tsv.gz", sep="\t", dtype=str,
                        keep_default_na=False)
    for ep, fen in (("legal", "fen_legal_ep"), ("always", "fen_spec_ep")):
        got = local(fenkit.dask.read_pgn(GAMES, games_per_partition=13, ep=ep))
        got = got[got.ply > 0].reset_index(drop=True)
        assert len(got) == len(table)
        assert (got.game.astype(str) == table.game).all()
        assert (got.ply.astype(str) == table.ply).all()
        assert (got.san.str.rstrip("+#") == table.san.str.rstrip("+#")).all()
        assert (got.fen == table[fen]).all()


@pytest.mark.skipif(not os.environ.get("FENKIT_CLI"), reason="FENKIT_CLI (the fenkit program) not given")
def test_the_rows_are_those_of_fenkit_pgn_over_every_test_file():
    # `fenkit pgn a.pgn b.pgn ...` numbers games across its files and
    # writes game, ply, SAN and FEN; broken games are reported on stderr
    # (and make it exit 1) while the rest goes on
    run = subprocess.run([os.environ["FENKIT_CLI"], "pgn", *map(str, PGN_FILES)],
                         capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    cli = pd.read_csv(io.StringIO(run.stdout), sep="\t", header=None, dtype=str,
                      keep_default_na=False, quoting=3, names=["game", "ply", "san", "fen"])
    got = local(fenkit.dask.read_pgn(PGN_FILES, games_per_partition=3))
    assert len(got) == len(cli)
    for column in ("game", "ply", "san", "fen"):
        assert (got[column].astype(str) == cli[column]).all(), column


def test_compressed_files_are_cut_at_the_same_games(tmp_path):
    want = single_process(GAMES, HEADERS)
    text = GAMES.read_bytes()
    files = [tmp_path / "g.pgn.gz", tmp_path / "g.pgn.bz2"]
    files[0].write_bytes(gzip.compress(text))
    files[1].write_bytes(bz2.compress(text))
    try:
        import zstandard
    except ImportError:
        zstandard = None
    if zstandard:
        files.append(tmp_path / "g.pgn.zst")
        files[-1].write_bytes(zstandard.ZstdCompressor().compress(text))
        # many frames cut through games, after a skippable frame, as pzstd
        # writes: partitions start decompressing at the frame before them
        step = 40000
        skippable = b"\x50\x2a\x4d\x18" + (4).to_bytes(4, "little") + b"\0\0\0\0"
        frames = skippable + b"".join(zstandard.ZstdCompressor().compress(text[i:i + step])
                                      for i in range(0, len(text), step))
        files.append(tmp_path / "frames.pgn.zst")
        files[-1].write_bytes(frames)
        found = fenkit.dask.zstd_frames(files[-1])
        assert found[0] == (0, 0) and found[1] == (12, 0)
        assert [text for _, text in found[1:]] == list(range(0, len(text), step))
    for path in files:
        got = local(fenkit.dask.read_pgn(path, games_per_partition=33, headers=HEADERS))
        pd.testing.assert_frame_equal(got, want, check_dtype=False, obj=path.name)


def test_game_numbers_count_across_files_as_the_cli_counts_them():
    first, second = PGN / "chessjs_0.pgn", GAMES
    games_in_first = sum(1 for _ in fenkit.read_pgn(first))
    got = local(fenkit.dask.read_pgn([first, second], games_per_partition=50))
    tail = single_process(second)
    tail["game"] += games_in_first
    rows = got[got.game > games_in_first].reset_index(drop=True)
    pd.testing.assert_frame_equal(rows, tail, check_dtype=False)
    head = got[got.game <= games_in_first].reset_index(drop=True)
    pd.testing.assert_frame_equal(head, single_process(first), check_dtype=False)


def test_a_missing_tag_is_none_and_bad_arguments_say_why(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_bytes(b'[White "A"]\n[WhiteElo "2000"]\n\n1. e4 *\n\n[White "B"]\n\n1. d4 d5 *\n')
    got = local(fenkit.dask.read_pgn(path, games_per_partition=1, headers=["WhiteElo"]))
    assert got.WhiteElo.tolist() == ["2000", "2000", None, None, None]
    with pytest.raises(ValueError, match="games_per_partition"):
        fenkit.dask.read_pgn(path, games_per_partition=0)
    with pytest.raises(ValueError, match="'fen'"):
        fenkit.dask.read_pgn(path, headers=["fen"])
    with pytest.raises(FileNotFoundError, match="nowhere.pgn"):
        fenkit.dask.read_pgn([path, tmp_path / "nowhere.pgn"])


def test_scan_gives_a_bag_that_keeps_going_past_a_bad_picture(tmp_path):
    picture = DATA / "scan" / "condal-384.png"
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not a picture")
    with dask.config.set(scheduler="sync"):
        results = fenkit.dask.scan([picture, junk, picture], partition_size=1).compute()
    assert [r["error"] is None for r in results] == [True, False, True]
    assert results[0]["fen"] == fenkit.scan(picture).fen
    assert results[1]["path"] == str(junk) and results[1]["fen"] is None


@pytest.fixture(scope="module")
def client():
    # two worker processes with one thread each: the partitions cross
    # process boundaries (pickled tasks, results sent back) as they would
    # between hosts
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_a_local_cluster_of_two_workers_gives_the_same_rows(client):
    want = single_process(GAMES, HEADERS)
    ddf = fenkit.dask.read_pgn(GAMES, games_per_partition=20, headers=HEADERS)
    got = client.compute(ddf).result().reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want, check_dtype=False)
    ran_on = client.run(lambda: __import__("os").getpid())
    assert len(ran_on) == 2 and os.getpid() not in ran_on.values()


def _gate(frame, name):
    """Lets the first partitions to run through at once (one token each)
    and holds the others until the test opens the gate, so that a worker
    can be killed while it holds finished partitions and runs another.
    Tokens, not partition numbers: the scheduler picks the order."""
    try:
        distributed.Queue(name).get(timeout=0.2)
    except (TimeoutError, asyncio.TimeoutError):
        distributed.Event(name).wait(timeout=60)
    return frame


def wait_for(what, condition, timeout=30):
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_a_worker_killed_mid_run_loses_and_repeats_no_game(client):
    want = single_process(GAMES, HEADERS)
    ddf = fenkit.dask.read_pgn(GAMES, games_per_partition=10, headers=HEADERS)  # 20 partitions
    name = f"fenkit-gate-{uuid.uuid4()}"
    gate = distributed.Event(name, client=client)
    tokens = distributed.Queue(name, client=client)
    for _ in range(4):
        tokens.put(1)
    gated = ddf.map_partitions(_gate, name, meta=ddf._meta)
    futures = client.compute(gated.to_delayed())
    wait_for("the first partitions", lambda: sum(f.done() for f in futures) >= 4)
    wait_for("both workers to be held at the gate",
             lambda: sum(1 for tasks in client.processing().values() if tasks) == 2)
    held = client.who_has([f for f in futures if f.done()])
    pids = client.run(os.getpid)
    victim = next(iter(next(w for w in held.values() if w)))
    done_before = sum(f.done() for f in futures)
    assert done_before < len(futures), "the run was over before the kill"
    os.kill(pids[victim], signal.SIGKILL)
    wait_for("the scheduler to drop the killed worker",
             lambda: victim not in client.scheduler_info()["workers"])
    gate.set()
    parts = client.gather(futures)
    # what the killed worker held was made again elsewhere
    assert all(victim not in workers for workers in client.who_has(futures).values())
    got = pd.concat(parts).reset_index(drop=True)
    # the same rows in the same order: no game lost, none twice
    pd.testing.assert_frame_equal(got, want, check_dtype=False)
    assert got.game.nunique() == 200
