"""Games per second of fenkit.dask.read_pgn on a LocalCluster of 1, 2 and 4
worker processes (one thread each), for a plain and a .zst file; with the
single-process reader and the planning pass alone for the scaling model of
docs/dask.md. Prints a table; bench/dask.sh runs it.
Usage: python bench/dask_bench.py GAMES_FILE.pgn [WORKERS ...]"""
import math
import os
import sys
import time

import distributed
import pandas as pd

import fenkit
import fenkit.dask

PER_PART = 1000


def timed(what):
    start = time.perf_counter()
    value = what()
    return value, time.perf_counter() - start


def main():
    path = sys.argv[1]
    counts = [int(w) for w in sys.argv[2:]] or [1, 2, 4]
    files = {"plain": path}
    zst = path + ".zst"
    if os.path.exists(zst):
        files["zst"] = zst
    (starts, games), plan_s = timed(lambda: fenkit.dask.plan(path, PER_PART))
    plan_s_single = plan_s
    _, single_s = timed(lambda: len(pd.DataFrame(fenkit.read_pgn(path).to_columns())))
    _, part_s = timed(lambda: fenkit.dask.read_part(path, 0, starts[1] if len(starts) > 1 else None, 1))
    print(f"file: {games} games, {os.path.getsize(path) / 1e6:.1f} MB plain"
          + (f", {os.path.getsize(zst) / 1e6:.1f} MB zst" if "zst" in files else "")
          + f"; {len(starts)} partitions of {PER_PART} games; {os.cpu_count()} CPUs")
    print(f"planning pass (one process, moves skipped): {games / plan_s:,.0f} games/s")
    print(f"single process, read_pgn().to_columns() + DataFrame: {games / single_s:,.0f} games/s")
    print(f"one partition in-process ({PER_PART} games): {PER_PART / part_s:,.0f} games/s")
    print()
    print(f"load average before the runs: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", flush=True)
    print(f"{'file':6} {'workers':>7} {'plan s':>7} {'run s':>7} {'games/s':>9} {'per worker':>10}")
    measured = {}
    for kind, file in files.items():
        for workers in counts:
            cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                               dashboard_address=None, silence_logs=50)
            with distributed.Client(cluster) as client:
                client.run(lambda: __import__("fenkit.dask"))  # import costs stay out of the timing
                ddf, plan_s = timed(lambda: fenkit.dask.read_pgn(file, games_per_partition=PER_PART))
                rows, run_s = timed(lambda: int(client.compute(ddf.map_partitions(len)).result().sum()))
            cluster.close()
            rate = games / (plan_s + run_s)
            print(f"{kind:6} {workers:7d} {plan_s:7.2f} {run_s:7.2f} {rate:9,.0f} {rate / workers:10,.0f}",
                  flush=True)
            measured[kind, workers] = (plan_s, run_s)
        print(f"{kind}: {rows:,} plies read in every run")
    model(games, games / plan_s_single, measured, counts)


def model(games, plan_rate, measured, counts):
    """The scaling model of docs/dask.md, fitted on the one-worker run and
    set against the others: T(W) = plan + games / (r * min(W, cores)),
    plan a sequential pass per file and r one worker's games per second."""
    cores = os.cpu_count()
    if ("plain", 1) not in measured:
        return
    plan_s, run_s = measured["plain", 1]
    r = games / run_s
    print()
    print(f"model: one worker parses r = {r:,.0f} games/s; the plan pass runs at "
          f"{plan_rate:,.0f} games/s; {cores} cores")
    for workers in counts:
        if ("plain", workers) not in measured:
            continue
        predicted = plan_s + games / (r * min(workers, cores))
        got = sum(measured["plain", workers])
        print(f"model: {workers} workers: predicted {predicted:.2f} s, measured {got:.2f} s "
              f"({got / predicted - 1:+.0%})")
    month, hour = 100_000_000, 3600
    plan_month = month / plan_rate
    left = hour - plan_month
    if left <= 0:
        print(f"model: 100M games: the plan pass alone takes {plan_month:,.0f} s")
        return
    need = math.ceil(month / (r * left))
    print(f"model: 100M games in an hour: plan pass {plan_month:,.0f} s, leaving {left:,.0f} s; "
          f"{month / left:,.0f} games/s needed = {need} workers (one core each) at r")


if __name__ == "__main__":
    main()
