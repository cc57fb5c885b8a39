// chessops' side of the PGN benchmark from Python (bench/python_peers.sh):
// every game of a PGN file replayed along its main line, the FEN of every
// position written, single-threaded; prints the median rate of three timed
// runs per second of CPU time. Usage: node pgn_peers.mjs FILE
// Prints: chessops GAMES_PER_SECOND PLIES_PER_SECOND GAMES PLIES
import { readFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';

const text = readFileSync(process.argv[2], 'utf8');
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

function replay() {
  let games = 0, plies = 0;
  for (const game of parsePgn(text)) {
    const start = startingPosition(game.headers);
    if (start.isErr) continue;
    const pos = start.value;
    const fens = [makeFen(pos.toSetup())];
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (!move) break;
      pos.play(move);
      fens.push(makeFen(pos.toSetup()));
      plies++;
    }
    games++;
  }
  return [games, plies];
}

replay(); // warm up
const rates = [];
let counts;
for (let run = 0; run < 3; run++) {
  const start = cpuSeconds();
  counts = replay();
  rates.push(cpuSeconds() - start);
}
rates.sort((a, b) => a - b);
const [games, plies] = counts;
console.log(`chessops ${Math.round(games / rates[1])} ${Math.round(plies / rates[1])} ${games} ${plies}`);
