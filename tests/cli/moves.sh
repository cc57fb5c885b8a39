#!/usr/bin/env bash
# fenkit moves, play and perft: output, errors and exit codes.
set -uo pipefail
fenkit=$1
failures=0
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

# expect NAME WANTED_STATUS PATTERN COMMAND...: runs the command and checks
# its exit status and that its output (stdout and stderr) matches PATTERN.
expect() {
  local name=$1 want=$2 pattern=$3
  shift 3
  local out status
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL $name: status $status (wanted $want), output:"
    echo "$out" | head -20
    failures=$((failures + 1))
  fi
}

# moves
expect moves-start 0 '^Na3 Nc3 Nf3 Nh3 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4$' "$fenkit" moves startpos
expect moves-count 0 '' test "$("$fenkit" moves "$kiwipete" | wc -w)" = 48
expect moves-fields 0 'O-O-O' "$fenkit" moves r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
expect moves-uci 0 'e1g1' "$fenkit" moves --uci "$kiwipete"
expect moves-960 0 'e1h1' "$fenkit" moves --uci --chess960 "$kiwipete"
expect moves-ep 0 '"san":"dxc6","uci":"d5c6"' "$fenkit" moves --json '4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1'
expect moves-mate 0 'checkmate' "$fenkit" moves 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
expect moves-mate-json 0 '"count":0,"moves":\[\],"status":\["check","checkmate"\]' "$fenkit" moves --json 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
expect moves-stalemate 0 'stalemate' "$fenkit" moves '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
expect moves-bad-fen 1 'king' "$fenkit" moves '8/8/8/8/8/8/8/8 w - - 0 1'
expect moves-usage 2 'unknown option' "$fenkit" moves --bogus startpos
expect moves-help 0 'Examples' "$fenkit" moves --help
# A batch keeps going past a bad line, and says which.
out=$(printf '%s\n' 'startpos' 'not a fen' "$kiwipete" | "$fenkit" moves --uci 2>&1)
status=$?
if [ $status != 1 ] || ! grep -q 'line 2 skipped' <<<"$out" || [ "$(grep -c '^[a-h][1-8][a-h][1-8]' <<<"$out")" != 2 ]; then
  echo "FAIL moves-batch: status $status"; echo "$out"; failures=$((failures + 1))
fi

# play
after_bb5='r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3'
expect play-san 0 "$after_bb5" "$fenkit" play startpos e4 e5 Nf3 Nc6 Bb5
expect play-numbers 0 "$after_bb5" "$fenkit" play startpos '1. e4 e5 2.Nf3 Nc6 3. Bb5!'
expect play-uci 0 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2' "$fenkit" play startpos e2e4 e7e5 g1f3
expect play-ep-legal 0 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2$' "$fenkit" play startpos e4 e5
expect play-ep-always 0 ' e6 0 2$' "$fenkit" play --ep=always startpos e4 e5
expect play-ep-capturable 0 ' d6 0 3$' "$fenkit" play startpos e4 a6 e5 d5
expect play-json 0 '"ply":2,"move":"e7e5","san":"e5","uci":"e7e5"' "$fenkit" play --json startpos e4 e7e5
expect play-illegal 1 'ply 3: Ke3 is not legal here' "$fenkit" play startpos e4 e5 Ke3 Nf3
expect play-illegal-keeps 1 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' "$fenkit" play startpos e4 e5 Ke3
expect play-illegal-legal 1 'legal moves: .*Nf3' "$fenkit" play startpos e4 e5 Qe3
expect play-ambiguous 1 'Nd2 is ambiguous: Nbd2, Nfd2' "$fenkit" play '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1' Nd2
expect play-json-error 1 '"ply":1,"move":"Qe3","error":' "$fenkit" play --json startpos Qe3
expect play-syntax 1 'legal moves: Na3' "$fenkit" play startpos 'N?3'
expect play-random 0 '' test "$("$fenkit" play --random=20 --seed=5 startpos | wc -l)" = 20
expect play-random-same 0 '' test "$("$fenkit" play --random=20 --seed=5 startpos | md5sum)" = "$("$fenkit" play --random=20 --seed=5 startpos | md5sum)"
# undo takes moves back through the move stack, castling rights included
expect play-undo 0 '^rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2$' "$fenkit" play startpos e4 e5 undo c5
expect play-undo-castle 0 '^r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1$' "$fenkit" play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' O-O undo
expect play-undo-json 0 '"ply":0,"undo":"e4","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"' "$fenkit" play --json startpos e4 undo
expect play-undo-empty 1 'undo: no move to take back' "$fenkit" play startpos e4 undo undo
expect play-castle 0 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1' "$fenkit" play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' O-O
# threefold repetition and fifty moves are claims; fivefold and 75 moves end the game
shuffle='Nf3 Nf6 Ng1 Ng8'
expect play-threefold 0 '"ply":8,.*"claim":"threefold-repetition"}$' "$fenkit" play --json startpos "$shuffle $shuffle"
expect play-twofold 0 '"ply":4,"move":"Ng8","san":"Ng8","uci":"f6g8","fen":"[^"]*"}' "$fenkit" play --json startpos "$shuffle"
expect play-fivefold 0 '"ply":16,.*"result":"1/2-1/2","reason":"fivefold-repetition"}$' "$fenkit" play --json startpos "$shuffle $shuffle $shuffle $shuffle"
expect play-fifty 0 '"claim":"fifty-move-rule"}$' "$fenkit" play --json '4k3/8/8/8/8/8/8/R3K3 w - - 99 80' Ra2
expect play-75 0 '"reason":"seventy-five-move-rule"}$' "$fenkit" play --json '4k3/8/8/8/8/8/8/R3K3 w - - 149 80' Ra2
expect play-mate 0 '"result":"1-0","reason":"checkmate"}$' "$fenkit" play --json '6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80' Ra8
# a random game stops where the rules end it: seed 3 reaches bare kings and a bishop at ply 443
expect play-random-ends 0 '"ply":443,.*"reason":"insufficient-material"}$' "$fenkit" play --json --random 2000 --seed 3 startpos
expect play-usage 2 'give a FEN' "$fenkit" play
expect play-help 0 'Examples' "$fenkit" play -h

# perft
expect perft-start 0 '^197281$' "$fenkit" perft startpos 4
expect perft-fields 0 '^97862$' "$fenkit" perft r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 3
expect perft-divide 0 '^e2e4: 600$' "$fenkit" perft --divide startpos 3
expect perft-divide-total 0 '^Nodes searched: 8902$' "$fenkit" perft --divide startpos 3
expect perft-960 0 '^12189$' "$fenkit" perft 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' 3
expect perft-xfen 0 '^12333$' "$fenkit" perft --chess960 'r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1' 3
expect perft-batch 0 '^position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1$' "$fenkit" perft 2 <<<'startpos'
expect perft-time 0 'nodes/s' "$fenkit" perft --time startpos 2
expect perft-bad-depth 2 'not a depth' "$fenkit" perft startpos x
expect perft-bad-fen 1 'cannot use this FEN' "$fenkit" perft '8/8/8 w - - 0 1' 2
expect perft-help 0 'go perft' "$fenkit" perft --help

if [ $failures -gt 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "moves, play, perft: all passed"
