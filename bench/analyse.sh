#!/usr/bin/env bash
# fenkit analyse against talking UCI to Stockfish directly, at a fixed node
# count: the same positions, one engine process, Threads 1, ucinewgame and
# isready before each, as fenkit does. Prints both wall times and fenkit's
# overhead (issue 40's target: at most 2%), then --batch -j 2 against -j 1
# (target: at least 1.8 times as fast; needs two idle cores).
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

python3 - "$engine" "$tmp/fens" "$nodes" >"$tmp/direct" <<'PY'
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
print(f"{time.monotonic() - start:.3f}")
PY
direct=$(cat "$tmp/direct")
t0=$(date +%s.%N)
"$fenkit" analyse --batch "$tmp/fens" --nodes "$nodes" >"$tmp/j1"
t1=$(date +%s.%N)
"$fenkit" analyse --batch "$tmp/fens" --nodes "$nodes" -j 2 >"$tmp/j2"
t2=$(date +%s.%N)
python3 - "$direct" "$t0" "$t1" "$t2" "$(wc -l <"$tmp/fens")" "$nodes" <<'PY'
import sys
direct, t0, t1, t2 = map(float, sys.argv[1:5])
j1, j2 = t1 - t0, t2 - t1
print(f"{sys.argv[5]} positions at {sys.argv[6]} nodes")
print(f"direct UCI      {direct:8.2f} s")
print(f"fenkit -j 1     {j1:8.2f} s   overhead {100 * (j1 / direct - 1):+.1f}%")
print(f"fenkit -j 2     {j2:8.2f} s   {j1 / j2:.2f}x -j 1")
PY
