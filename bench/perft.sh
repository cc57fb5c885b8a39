#!/usr/bin/env bash
# Perft speed, fenkit against Stockfish's `go perft` (single thread), side by
# side in one run: for each position both count the same tree, three times,
# alternating; the median CPU time of each, less the median of its own
# start-up (depth-1 runs; Stockfish loads its network then), gives nodes
# per second and the ratio fenkit / Stockfish.
# Usage: bench/perft.sh PATH_TO_FENKIT
set -euo pipefail
fenkit=$1
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
runs=${RUNS:-3}

positions=(
  "start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "position3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
  "position4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6"
  "position5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
  "position6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# CPU seconds (user + system, all threads) the command took, which a busy
# machine disturbs less than wall time; its output goes to $work/out.
timed() {
  local TIMEFORMAT='%3U %3S' t
  t=$({ time "$@" >"$work/out"; } 2>&1)
  echo "$t" | awk '{print $1 + $2}'
}
fenkit_run() { "$fenkit" perft "$1" "$2"; }
stockfish_run() { printf 'setoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$stockfish" | sed -n 's/^Nodes searched: //p'; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

printf '%-10s %5s %12s %14s %14s %7s\n' position depth nodes fenkit_nps stockfish_nps ratio
ratios=()
for entry in "${positions[@]}"; do
  IFS='|' read -r name fen depth <<<"$entry"
  f_times=() s_times=() f_bases=() s_bases=()
  for ((i = 0; i < runs; i++)); do
    f_bases+=("$(timed fenkit_run "$fen" 1)")
    s_bases+=("$(timed stockfish_run "$fen" 1)")
    f_times+=("$(timed fenkit_run "$fen" "$depth")")
    f_nodes=$(cat "$work/out")
    s_times+=("$(timed stockfish_run "$fen" "$depth")")
    s_nodes=$(cat "$work/out")
  done
  if [ "$f_nodes" != "$s_nodes" ]; then
    echo "$name: node counts differ: fenkit $f_nodes, stockfish $s_nodes" >&2
    exit 1
  fi
  f_base=$(median "${f_bases[@]}") s_base=$(median "${s_bases[@]}")
  f=$(echo "scale=6; t = $(median "${f_times[@]}") - $f_base; if (t < 0.000001) t = 0.000001; t" | bc)
  s=$(echo "scale=6; t = $(median "${s_times[@]}") - $s_base; if (t < 0.000001) t = 0.000001; t" | bc)
  f_nps=$(echo "$f_nodes / $f" | bc)
  s_nps=$(echo "$s_nodes / $s" | bc)
  ratio=$(echo "scale=2; $s / $f" | bc)
  ratios+=("$ratio")
  printf '%-10s %5s %12s %14s %14s %6sx\n' "$name" "$depth" "$f_nodes" "$f_nps" "$s_nps" "$ratio"
done
echo "ratio = fenkit nodes/s / Stockfish nodes/s (>= 1.0: fenkit is as fast or faster); median ratio $(median "${ratios[@]}")"
