// The peers' side of the FEN benchmark: reads and checks every FEN of a
// file with chessops (parseFen + Chess.fromSetup) and chess.js
// (validateFen), single-threaded, and prints the median rate of five timed
// runs for each, per second of CPU time (the process's, garbage collection
// included), like fen_bench. Usage: node fen_peers.mjs FILE
// Prints one line per peer: NAME RATE_PER_SECOND VALID INVALID
import { readFileSync } from 'node:fs';
import { parseFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { validateFen } from 'chess.js';

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const lines = readFileSync(process.argv[2], 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();

const peers = {
  chessops: (fen) => parseFen(fen).chain((setup) => Chess.fromSetup(setup)).isOk,
  'chess.js': (fen) => validateFen(fen).ok,
};

for (const [name, valid] of Object.entries(peers)) {
  let ok = 0;
  for (const fen of lines) ok += valid(fen) ? 1 : 0; // warm up
  const rates = [];
  for (let run = 0; run < 5; run++) {
    let done = 0;
    const start = cpuSeconds();
    let elapsed;
    do {
      for (const fen of lines) valid(fen);
      done += lines.length;
      elapsed = cpuSeconds() - start;
    } while (elapsed < 0.5);
    rates.push(done / elapsed);
  }
  rates.sort((a, b) => a - b);
  console.log(`${name} ${Math.round(rates[2])} ${ok} ${lines.length - ok}`);
}
