// Makes the FEN benchmark's corpora from a games_plies.tsv.gz: REAL gets
// every distinct position (both en passant conventions), BROKEN one
// variant of every fourth of them with one character changed, dropped or
// added (deterministic, so every run reads the same text; a few variants
// are still valid FENs).
// Usage: node fen_corpus.mjs PLIES.tsv.gz REAL BROKEN
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const [plies, realPath, brokenPath] = process.argv.slice(2);
const rows = gunzipSync(readFileSync(plies)).toString('utf8').split('\n').slice(1);
const seen = new Set();
for (const row of rows) {
  const cols = row.split('\t');
  if (cols.length >= 5) {
    seen.add(cols[3]);
    seen.add(cols[4]);
  }
}
const real = [...seen];
const alphabet = 'KQRBNPkqrbnp12345678/ -wbxAHah0369e';
let seed = 2026;
const random = (n) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};
const broken = [];
real.forEach((fen, i) => {
  if (i % 4 !== 0) return;
  const at = random(fen.length);
  const c = alphabet[random(alphabet.length)];
  const kind = random(3);
  const variant =
    kind === 0 ? fen.slice(0, at) + c + fen.slice(at + 1)
    : kind === 1 ? fen.slice(0, at) + fen.slice(at + 1)
    : fen.slice(0, at) + c + fen.slice(at);
  if (variant !== fen) broken.push(variant);
});
writeFileSync(realPath, real.join('\n') + '\n');
writeFileSync(brokenPath, broken.join('\n') + '\n');
