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
# a draw claimed with the move written down before it is played (FIDE 9.2.1.1,
# 9.3.1): correct when that move repeats the position a third time or
# completes fifty moves each; a wrong claim leaves the move played
seven='Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1'
expect play-claim-move 0 '"ply":8,"move":"Ng8",.*"claimed":true,"result":"1/2-1/2","reason":"threefold-repetition"}$' "$fenkit" play --json startpos "$seven" claim Ng8
expect play-claim-move-text 0 'ply 8: draw claimed \(the same position a third time\), 1/2-1/2' "$fenkit" play startpos "$seven" claim Ng8
expect play-claim-wrong 1 '"ply":8,"move":"Nh5",.*"claimed":false}' "$fenkit" play --json startpos "$seven" claim Nh5
expect play-claim-wrong-why 1 'ply 8: the claim with Nh5 is wrong \(the position seen 1 of 3 times, 8 of 100 plies' "$fenkit" play startpos "$seven" claim Nh5
expect play-claim-wrong-goes-on 1 '"ply":9,"move":"e4"' "$fenkit" play --json startpos "$seven" claim Nh5 e4
expect play-claim-ends 1 'drawn by the claim at ply 8: nothing more' "$fenkit" play startpos "$seven" claim Ng8 e4
expect play-claim-fifty 0 '"claimed":true,"result":"1/2-1/2","reason":"fifty-move-rule"}$' "$fenkit" play --json '4k3/8/8/8/8/8/8/R3K3 w - - 99 80' claim Ra2
expect play-claim-fifty-pawn 1 '"claimed":false}' "$fenkit" play --json '4k3/8/8/8/8/8/P7/R3K3 w - - 99 80' claim a3
# 99 quiet plies; the 100th completes fifty moves each, a pawn move or capture does not
quiet_fen='r3k3/8/8/3p4/4P3/8/8/4K2R w - - 0 1'
quiet='e1d1 e8d7 d1c1 d7c6 c1b1 c6b5 b1c1 b5a4 c1b1 a4a3 b1a1 a3a4 a1a2 a4a5 a2a1 a5a6 a1b1 a6a5 b1c1 a5b4 c1b1 b4b3 b1c1 b3a2 c1d1 a2a1 d1c1 a8a2 c1d1 a1b1 d1e1 b1a1 e1f1 a1b1 f1g1 b1a1 h1h2 a1b1 g1f1 b1a1 f1e1 a1b1 e1d1 b1a1 d1c1 a2b2 c1d1 a1b1 d1e1 b1a1 e1f1 a1b1 f1g1 b1a1 g1h1 a1b1 h2c2 b1a1 h1g1 a1b1 g1f1 b1a1 f1e1 a1b1 e1d1 b1a1 d1c1 a1a2 c1d1 a2b1 d1e1 b1a1 e1d1 a1a2 d1c1 a2a1 c1d2 a1b1 d2e2 b1a1 e2f1 a1b1 f1g1 b1a1 g1h1 a1b1 h1g2 b1a1 g2f2 a1b1 f2e3 b1a1 e3e2 a1b1 e2d2 b1a1 d2c3 a1b1 c3d3'
expect play-claim-quiet 0 '"ply":100,"move":"Ka1",.*"claimed":true,"result":"1/2-1/2","reason":"fifty-move-rule"}$' "$fenkit" play --json "$quiet_fen" "$quiet" claim Ka1
expect play-claim-quiet-pawn 1 'ply 100: the claim with d4 is wrong \(the position seen 1 of 3 times, 0 of 100' "$fenkit" play "$quiet_fen" "$quiet" claim d4
expect play-claim-quiet-capture 1 '"ply":100,"move":"dxe4",.*"claimed":false}' "$fenkit" play --json "$quiet_fen" "$quiet" claim dxe4
# claim last: on the position reached (FIDE 9.2.1.2, 9.3.2)
expect play-claim-reached 0 '^\{"ply":8,"claimed":true,"result":"1/2-1/2","reason":"threefold-repetition"\}$' "$fenkit" play --json startpos "$shuffle $shuffle" claim
expect play-claim-reached-none 1 'ply 1: no draw to claim \(the position seen 1 of 3 times, 0 of 100' "$fenkit" play startpos e4 claim
expect play-claim-reached-json 1 '^\{"ply":7,"claimed":false\}$' "$fenkit" play --json startpos "$seven" claim
expect play-claim-then-undo 1 'drawn by the claim at ply 8' "$fenkit" play startpos "$shuffle $shuffle" claim undo
expect play-claim-over 1 'ply 17: the game is already over: no draw to claim' "$fenkit" play startpos "$shuffle $shuffle $shuffle $shuffle" claim Nf3
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
