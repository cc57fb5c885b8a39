// What `fenkit normalize` does, done with chessops: reads FENs from stdin,
// one a line, and writes each one's canonical FEN; like fenkit normalize, a
// FEN that cannot be read is said on stderr with its line and left out.
import { readFileSync } from 'node:fs';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';

const lines = readFileSync(0, 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();
const out = [];
const errors = [];
lines.forEach((fen, i) => {
  const pos = parseFen(fen).chain((setup) => Chess.fromSetup(setup));
  if (pos.isOk) out.push(makeFen(pos.value.toSetup()));
  else errors.push(`line ${i + 1}: ${pos.error.message}`);
});
process.stdout.write(out.join('\n') + '\n');
if (errors.length) process.stderr.write(errors.join('\n') + '\n');
