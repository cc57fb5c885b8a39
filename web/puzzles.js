// Puzzle mode, on top of play.js's board: a puzzle set (the bundled
// starter set, or a lichess CSV or EPD file the user picks, read here),
// the opponent's setting move, the user's moves checked against the
// solution, hints, and a rating kept in localStorage with every try. The
// moves are still played through POST /api/moves: the core says what is
// legal and what mates.
'use strict';

const PUZZLE_STORE = 'fenkit.puzzles';
const STARTER_URL = '/puzzles/starter.csv';
const OPPONENT_DELAY = 500; // ms before the opponent's move, so that it is seen
const HISTORY_KEPT = 500;

const puz = {
  set: [],       // the puzzles loaded: {id, fen, moves, alts, rating, rd, estimated, themes, line}
  setName: '',
  current: null, // the puzzle on the board: {p, solution, start, wrong, hints, done, rated}
  loading: false, // the puzzle's FEN was put in the box, and its start is not shown yet
  hint: new Set(), // squares the hint lights
  store: null,   // {rating, rd, history: [...]}, as kept in localStorage
  starter: null, // the starter set's promise, fetched once
};

// ---- Reading a puzzle file ---------------------------------------------------

// The fields of a CSV line; a field may be quoted ("" for a quote).
function csvFields(line) {
  const out = [];
  let field = '', quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(field); field = ''; } else field += c;
  }
  out.push(field);
  return out;
}

// A rating for a puzzle that has none (puzzle make writes 0: nobody has
// played it yet), from what makes a line hard to see: its length, and
// whether it mates or only wins material. A guess, and the page says so.
function estimateRating(solverMoves, themes) {
  let r = 1000 + 250 * (solverMoves - 1);
  if (themes.includes('mateIn1') || themes.includes('hangingPiece')) r -= 150;
  if (themes.includes('advantage')) r += 150; // a quiet gain is harder to see than a mate or a big win
  if (themes.some((t) => ['fork', 'pin', 'skewer', 'discoveredAttack'].includes(t))) r += 50;
  return Math.max(600, Math.min(2600, r));
}

// Reads a lichess CSV or an EPD (bm, id); a line is CSV when a comma comes
// before its first space, as fenkit puzzle check reads it. Returns the
// puzzles and the lines that could not be read ({line, why}).
function readPuzzles(text) {
  const puzzles = [], bad = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const comma = line.indexOf(','), space = line.indexOf(' ');
    if (comma >= 0 && (space < 0 || comma < space)) {
      const f = csvFields(line);
      if (f[0] === 'PuzzleId') return; // the header
      const moves = (f[2] || '').trim().split(/\s+/).filter(Boolean);
      if (f.length < 3 || !f[1] || moves.length < 2 || moves.length % 2) {
        bad.push({ line: i + 1, why: 'needs an id, a FEN and an even number of moves' });
        return;
      }
      const themes = (f[7] || '').split(/\s+/).filter(Boolean);
      const rating = Number(f[3]) || 0;
      puzzles.push({
        id: f[0], fen: f[1].trim(), moves, alts: [], themes, line: i + 1, csv: true,
        rating: rating || estimateRating(moves.length / 2, themes), estimated: !rating, rd: Number(f[4]) || 0,
      });
      return;
    }
    const fields = line.split(/\s+/);
    if (fields.length < 5) { bad.push({ line: i + 1, why: 'not a puzzle line' }); return; }
    const ops = fields.slice(4).join(' ').split(';').map((s) => s.trim()).filter(Boolean);
    const op = (name) => { const o = ops.find((s) => s.startsWith(name + ' ')); return o ? o.slice(name.length + 1).trim() : null; };
    const bm = op('bm');
    if (!bm) { bad.push({ line: i + 1, why: 'no bm operation' }); return; }
    const id = (op('id') || 'line ' + (i + 1)).replace(/^"|"$/g, '');
    const sans = bm.split(/\s+/);
    const themes = sans.some((s) => s.endsWith('#')) ? ['mate', 'mateIn1'] : [];
    puzzles.push({
      id, fen: fields.slice(0, 4).join(' ') + ' 0 1', sans, moves: [], alts: [], themes, line: i + 1, csv: false,
      rating: estimateRating(1, themes), estimated: true, rd: 0,
    });
  });
  return { puzzles, bad };
}

// ---- The rating --------------------------------------------------------------

// Glicko-1: the user's rating and deviation after one result (score 1 or 0)
// against a puzzle of rating rp and deviation rdp.
function glicko(r, rd, rp, rdp, score) {
  const q = Math.log(10) / 400;
  const g = 1 / Math.sqrt(1 + 3 * q * q * rdp * rdp / (Math.PI * Math.PI));
  const e = 1 / (1 + Math.pow(10, -g * (r - rp) / 400));
  const d2 = 1 / (q * q * g * g * e * (1 - e));
  const rd2 = 1 / (1 / (rd * rd) + 1 / d2);
  return { rating: r + q * rd2 * g * (score - e), rd: Math.max(60, Math.sqrt(rd2)) };
}

function loadStore() {
  try {
    const s = JSON.parse(localStorage.getItem(PUZZLE_STORE));
    if (s && typeof s.rating === 'number' && Array.isArray(s.history)) return s;
  } catch { /* a damaged entry starts afresh */ }
  return { rating: 1500, rd: 350, history: [] };
}

function saveStore() {
  try {
    localStorage.setItem(PUZZLE_STORE, JSON.stringify(puz.store));
  } catch { /* storage off or full: the rating lives on this page only */ }
}

function showRating() {
  const s = puz.store;
  const solved = s.history.filter((h) => h.result === 'solved').length;
  $('puzzle-rating').textContent = `Your puzzle rating: ${Math.round(s.rating)} (±${Math.round(s.rd)}); ` +
    `${s.history.length} ${s.history.length === 1 ? 'try' : 'tries'}, ${solved} solved at the first go.`;
  const list = $('puzzle-history');
  list.replaceChildren();
  for (const h of s.history.slice(-10).reverse()) {
    const li = document.createElement('li');
    const how = [h.wrong ? `${h.wrong} wrong move${h.wrong === 1 ? '' : 's'}` : '', h.hints ? `${h.hints} hint${h.hints === 1 ? '' : 's'}` : '']
      .filter(Boolean).join(', ');
    li.textContent = `${h.id} (${h.puzzle}): ${h.result === 'solved' ? 'solved' : 'missed'}${how ? ', ' + how : ''}; ` +
      `${Math.round(h.before)} → ${Math.round(h.after)}`;
    li.className = h.result;
    list.append(li);
  }
}

// Counts the puzzle on the board once: solved when no wrong move was
// played and no hint asked for, else missed.
function rate(c) {
  if (c.rated) return null;
  c.rated = true;
  const s = puz.store;
  const solved = c.done && !c.wrong && !c.hints;
  const next = glicko(s.rating, s.rd, c.p.rating, c.p.rd || (c.p.estimated ? 150 : 80), solved ? 1 : 0);
  s.history.push({
    id: c.p.id, set: puz.setName, puzzle: Math.round(c.p.rating), result: solved ? 'solved' : 'missed',
    wrong: c.wrong, hints: c.hints, before: s.rating, after: next.rating, when: new Date().toISOString(),
  });
  s.history = s.history.slice(-HISTORY_KEPT);
  const delta = next.rating - s.rating;
  s.rating = next.rating;
  s.rd = next.rd;
  saveStore();
  showRating();
  return delta;
}

// ---- Playing a puzzle ----------------------------------------------------------

const solverSide = (c) => (c.p.csv ? (sideOf(c.p.fen) === 'w' ? 'b' : 'w') : sideOf(c.p.fen));
// The moves of the solution at even places are the opponent's in a CSV
// puzzle (its first move sets the puzzle), the solver's in an EPD one.
const opponentsTurn = (c, n) => (c.p.csv ? n % 2 === 0 : n % 2 === 1);
const sideName = (side) => (side === 'w' ? 'White' : 'Black');

function puzzleStatus(text, kind) {
  const box = $('puzzle-status');
  box.textContent = text;
  box.className = kind || '';
}

// The puzzle on the board is left (another puzzle, another position): a
// puzzle already tried (a move played, a hint taken) counts as missed.
function leavePuzzle() {
  const c = puz.current;
  puz.current = null;
  puz.loading = false;
  puz.hint.clear();
  play.locked = false;
  $('puzzle-retry').hidden = true;
  $('puzzle-hint').disabled = true;
  if (c && !c.rated && (c.wrong || c.hints || c.moved)) rate(c);
}

// Puts puzzle p on the board: its moves are checked by the core first
// (an EPD's bm is SAN, turned into UCI here), then its FEN goes in the
// box, and the opponent's setting move follows once it is shown.
async function startPuzzle(p) {
  leavePuzzle();
  puzzleStatus(`Loading puzzle ${p.id}…`);
  let solution = p.moves, alts = [];
  if (!p.csv) {
    for (const san of p.sans) {
      const data = await askMoves(p.fen, [san]);
      if (data) alts.push(data.played[0].uci);
    }
    solution = alts.slice(0, 1);
  }
  const data = solution.length ? await askMoves(p.fen, solution) : null;
  if (!data) {
    puzzleStatus(`Puzzle ${p.id} (line ${p.line}) cannot be played: ${$('game-result').textContent || 'its bm moves are not legal.'}`, 'wrong');
    p.broken = true;
    return;
  }
  const c = { p, solution, alts, start: null, wrong: 0, hints: 0, done: false, rated: false };
  puz.current = c;
  puz.loading = true;
  play.locked = true;
  if ($('analyse').checked) { $('analyse').checked = false; stopAnalysis(); } // the engine would give it away
  state.flipped = solverSide(c) === 'b';
  play.shownFen = null; // even the position already shown starts anew
  setFen(p.fen);
}

// The moves shown agree with the solution this far: -1, or the place of
// the first that does not.
function firstWrong(c) {
  for (let i = 0; i < play.plies.length; i++) {
    const uci = play.plies[i].uci;
    if (uci !== c.solution[i] && !(i === 0 && c.alts.includes(uci))) return i;
  }
  return -1;
}

// After every position play.js shows: the opponent answers, a wrong move
// is said, or the puzzle is solved.
function followPuzzle() {
  const c = puz.current;
  if (!c) return;
  if (puz.loading) {
    if (play.plies.length || !play.start) return;
    puz.loading = false;
    c.start = play.start;
  } else if (play.start !== c.start) {
    leavePuzzle(); // a position from elsewhere: typed, edited, scanned
    puzzleStatus('');
    return;
  }
  if (c.done) return; // solved: the board is an analysis board again
  if (play.at !== play.plies.length) return; // the user looks back through the moves
  puz.hint.clear();
  markHint();
  const n = play.at;
  if (n > (c.p.csv ? 1 : 0)) c.moved = true; // the user has played: leaving now is a miss
  const wrong = firstWrong(c);
  const you = sideName(solverSide(c));
  if (wrong >= 0) {
    // lichess takes any mate as the last move
    if (wrong === n - 1 && wrong === c.solution.length - 1 && play.reason === 'checkmate') return solved(c);
    if (wrong === n - 1) c.wrong++;
    play.locked = true;
    $('puzzle-retry').hidden = false;
    $('puzzle-hint').disabled = true;
    puzzleStatus(`${play.plies[wrong].san} is not the move. Take it back and try again.`, 'wrong');
    return;
  }
  $('puzzle-retry').hidden = true;
  if (n >= c.solution.length) return solved(c);
  if (opponentsTurn(c, n)) {
    play.locked = true;
    $('puzzle-hint').disabled = true;
    setTimeout(() => {
      if (puz.current !== c || play.at !== n || play.plies.length !== n) return;
      const move = play.legal.find((m) => m.uci === c.solution[n]);
      if (move) playMove(move);
    }, OPPONENT_DELAY);
    return;
  }
  play.locked = false;
  $('puzzle-hint').disabled = false;
  const last = n ? play.plies[n - 1].san : '';
  const first = n === (c.p.csv ? 1 : 0);
  puzzleStatus(first
    ? `Puzzle ${c.p.id} (rating ${Math.round(c.p.rating)}${c.p.estimated ? ', estimated' : ''}): ` +
      (last ? `${sideName(sideOf(c.p.fen))} played ${last}. ` : '') + `${you} to move: find the best move.`
    : `Right. ${last ? 'The answer: ' + last + '. ' : ''}${you} to move: go on.`, 'turn');
}

function solved(c) {
  c.done = true;
  play.locked = false;
  $('puzzle-hint').disabled = true;
  $('puzzle-retry').hidden = true;
  const delta = rate(c);
  const how = c.wrong || c.hints ? ' With help, so it counts as missed.' : '';
  const change = delta === null ? '' : ` Your rating: ${Math.round(puz.store.rating)} (${delta >= 0 ? '+' : '−'}${Math.abs(Math.round(delta))}).`;
  puzzleStatus(`Solved.${how}${change}`, 'solved');
}

// The first hint lights the piece to move, the second its move too.
function giveHint() {
  const c = puz.current;
  if (!c || c.done || play.locked) return;
  const move = c.solution[play.at];
  const stage = puz.hint.size === 0 ? 1 : 2;
  c.hints++;
  puz.hint = new Set(stage === 1 ? [move.slice(0, 2)] : [move.slice(0, 2), move.slice(2, 4)]);
  markHint();
}

function markHint() {
  for (const b of squares) b.classList.toggle('hint', puz.hint.has(b.dataset.square));
}

function retry() {
  const c = puz.current;
  if (!c) return;
  const wrong = firstWrong(c);
  if (wrong < 0) return;
  play.plies = play.plies.slice(0, wrong);
  goTo(wrong);
}

// The next puzzle: one not tried yet whose rating is nearest the user's
// (a random one of those about as near), else the nearest of all.
function nextPuzzle() {
  const tried = new Set(puz.store.history.filter((h) => h.set === puz.setName).map((h) => h.id));
  const current = puz.current && puz.current.p;
  let pool = puz.set.filter((p) => !p.broken && p !== current && !tried.has(p.id));
  if (!pool.length) pool = puz.set.filter((p) => !p.broken && p !== current);
  if (!pool.length) pool = puz.set.filter((p) => !p.broken);
  if (!pool.length) { puzzleStatus('No puzzle in this set can be played.', 'wrong'); return; }
  const r = puz.store.rating;
  const far = (p) => Math.abs(p.rating - r);
  const nearest = Math.min(...pool.map(far));
  const near = pool.filter((p) => far(p) <= nearest + 100);
  startPuzzle(near[Math.floor(Math.random() * near.length)]);
}

// A set read from text: shown, and its first puzzle put on the board.
function useSet(name, text) {
  const { puzzles, bad } = readPuzzles(text);
  leavePuzzle();
  puz.set = puzzles;
  puz.setName = name;
  const estimated = puzzles.filter((p) => p.estimated).length;
  let said = `${name}: ${puzzles.length} puzzle${puzzles.length === 1 ? '' : 's'}`;
  if (estimated) said += `, ${estimated === puzzles.length ? 'their' : estimated + ' of their'} ratings estimated from the length and themes of each line`;
  if (bad.length) said += `; ${bad.length} line${bad.length === 1 ? '' : 's'} not read (line ${bad[0].line}: ${bad[0].why})`;
  $('puzzle-set').textContent = said + '.';
  $('puzzle-next').disabled = !puzzles.length;
  if (puzzles.length) nextPuzzle();
  else puzzleStatus('The file holds no puzzle.', 'wrong');
}

// The starter set's text, fetched once (drills.js takes its positions too).
function starterText() {
  if (!puz.starter) {
    puz.starter = fetch(STARTER_URL).then((res) => {
      if (!res.ok) throw new Error('the server answered ' + res.status);
      return res.text();
    });
    puz.starter.catch(() => { puz.starter = null; }); // tried again next time
  }
  return puz.starter;
}

async function loadStarter() {
  try {
    useSet('Starter set', await starterText());
  } catch (err) {
    puzzleStatus('Could not load the starter set: ' + err.message, 'wrong');
  }
}

async function loadFile(file) {
  if (!file) return;
  if (file.size > 20 * 1024 * 1024) { puzzleStatus('That file is over 20 MB: split it first.', 'wrong'); return; }
  useSet(file.name, await file.text());
}

document.addEventListener('fenkit:start', () => {
  puz.store = loadStore();
  showRating();
  $('puzzle-starter').addEventListener('click', loadStarter);
  $('puzzle-file').addEventListener('change', (e) => { loadFile(e.target.files[0]); e.target.value = ''; });
  $('puzzle-next').addEventListener('click', nextPuzzle);
  $('puzzle-hint').addEventListener('click', giveHint);
  $('puzzle-retry').addEventListener('click', retry);
  // a rating changed in another tab of the page
  window.addEventListener('storage', (e) => { if (e.key === PUZZLE_STORE) { puz.store = loadStore(); showRating(); } });
});
document.addEventListener('fenkit:shown', followPuzzle);
document.addEventListener('fenkit:drawn', markHint);
