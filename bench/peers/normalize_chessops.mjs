// What `fenkit normalize` does, done with chessops: read FENs one per line
// from standard input, write each valid one in canonical form (en passant
// only when a capture is legal), report the others on standard error with
// their line number. The peer side of bench/normalize.sh.
import { readFileSync } from 'node:fs';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';

const lines = readFileSync(0, 'utf8').split('\n');
if (lines.length && lines[lines.length - 1] === '') lines.pop();
const out = [];
const errors = [];
lines.forEach((raw, i) => {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const setup = parseFen(line);
  if (setup.isErr) {
    errors.push(`line ${i + 1}: ${setup.error.message}`);
    return;
  }
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) {
    errors.push(`line ${i + 1}: ${pos.error.message}`);
    return;
  }
  out.push(makeFen(pos.value.toSetup()));
});
process.stdout.write(out.length ? out.join('\n') + '\n' : '');
if (errors.length) process.stderr.write(errors.join('\n') + '\n');
process.exitCode = errors.length ? 1 : 0;
