#!/usr/bin/env bash
# fenkit analyse against talking UCI to Stockfish directly, at a fixed node
# count: the same positions, one engine process, Threads 1, ucinewgame and
# isready before each, as fenkit does. Prints both wall times and fenkit's
# overhead (issue 40's target: at most 2%), then --batch -j 2 against -j 1
# (target: at least 1.8 times as fast; needs two idle cores).
# The direct run and fenkit -j 1 alternate, twice each (ROUNDS), and the
# best time of each counts, so that load from other work that comes and
# goes falls on both alike; the load average before and after is printed
# beside the figures. Wall time means little on a busy machine, so the CPU
# time is compared too: Stockfish's own in the direct run (the Python that
# talks to it is left out), fenkit's and its Stockfish's through fenkit.
# Usage: bench/analyse.sh PATH_TO_FENKIT [POSITIONS [NODES]]
set -euo pipefail
fenkit=$1
positions=${2:-100}
nodes=${3:-200000}
engine=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$engine" ] || { echo "analyse.sh: Stockfish is missing (scripts/install-deps bench)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# positions of random games, the 20th ply of each, none finished
for seed in $(seq 1 $((positions * 2))); do
    fen=$("$fenkit" play --random 20 --seed "$seed" startpos | tail -1)
    [ -n "$("$fenkit" moves --uci "$fen")" ] && echo "$fen"
done >"$tmp/all"
head -n "$positions" "$tmp/all" >"$tmp/fens"

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) before"
# direct: the plain UCI conversation, timed in Python; prints wall seconds
# and Stockfish's CPU seconds
direct() {
    python3 - "$engine" "$tmp/fens" "$nodes" <<'PY'
import subprocess, sys, time
engine, fens, nodes = sys.argv[1], open(sys.argv[2]).read().split("\n"), sys.argv[3]
start = time.monotonic()
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def say(line): p.stdin.write(line + "\n"); p.stdin.flush()
def until(word):
    for line in p.stdout:
        if line.startswith(word): return line
say("uci"); until("uciok"); say("setoption name Threads value 1"); say("isready"); until("readyok")
for fen in filter(None, fens):
    say("ucinewgame"); say("isready"); until("readyok")
    say("position fen " + fen); say("isready"); until("readyok")
    say("go nodes " + nodes); until("bestmove")
say("quit"); p.wait()
import resource
cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{time.monotonic() - start:.3f} {cpu.ru_utime + cpu.ru_stime:.3f}")
PY
}
# through: fenkit analyse --batch with N engines; prints wall seconds and
# the CPU seconds of fenkit and its engines
through() {
    python3 - "$fenkit" "$tmp/fens" "$nodes" "$1" "$tmp/j$1" <<'PY'
import resource, subprocess, sys, time
fenkit, fens, nodes, jobs, out = sys.argv[1:]
start = time.monotonic()
with open(out, "w") as f:
    subprocess.run([fenkit, "analyse", "--batch", fens, "--nodes", nodes, "-j", jobs], stdout=f, check=True)
cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{time.monotonic() - start:.3f} {cpu.ru_utime + cpu.ru_stime:.3f}")
PY
}
rounds=${ROUNDS:-2}
: >"$tmp/direct"
: >"$tmp/fenkit"
for _ in $(seq "$rounds"); do
    direct >>"$tmp/direct"
    through 1 >>"$tmp/fenkit"
done
j2=$(through 2 | cut -d' ' -f1)
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) after"
python3 - "$tmp/direct" "$tmp/fenkit" "$j2" "$(wc -l <"$tmp/fens")" "$nodes" <<'PY'
import sys
rows = lambda path: [tuple(map(float, l.split())) for l in open(path) if l.strip()]
direct, j1s = rows(sys.argv[1]), rows(sys.argv[2])
j2 = float(sys.argv[3])
d, j1 = min(r[0] for r in direct), min(r[0] for r in j1s)
dc, j1c = min(r[1] for r in direct), min(r[1] for r in j1s)
runs = lambda rs, k: " ".join(f"{r[k]:.2f}" for r in rs)
print(f"{sys.argv[4]} positions at {sys.argv[5]} nodes; best of {len(direct)} alternating runs")
print(f"direct UCI      {d:8.2f} s wall (runs: {runs(direct, 0)})   {dc:8.2f} s CPU (runs: {runs(direct, 1)})")
print(f"fenkit -j 1     {j1:8.2f} s wall (runs: {runs(j1s, 0)})   {j1c:8.2f} s CPU (runs: {runs(j1s, 1)})")
print(f"overhead        {100 * (j1 / d - 1):+.1f}% wall, {100 * (j1c / dc - 1):+.1f}% CPU")
print(f"fenkit -j 2     {j2:8.2f} s wall   {j1 / j2:.2f}x -j 1")
PY
