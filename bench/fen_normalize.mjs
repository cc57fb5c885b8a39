// What `fenkit normalize` does, done with chessops: reads FENs from stdin,
// one a line, and writes each one's canonical FEN (or an error line).
import { readFileSync } from 'node:fs';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';

const lines = readFileSync(0, 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();
const out = [];
for (const fen of lines) {
  const pos = parseFen(fen).chain((setup) => Chess.fromSetup(setup));
  out.push(pos.isOk ? makeFen(pos.value.toSetup()) : `error: ${pos.error.message}`);
}
process.stdout.write(out.join('\n') + '\n');
