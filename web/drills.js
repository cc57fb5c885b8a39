// Board-visualisation drills: a position is shown as a FEN or as a list
// of men, never as a board, and a question about it is answered from the
// mind's eye. The positions are the starter puzzles' (puzzles.js), thinned
// to fewer men at the lower levels; the level rises with right answers.
// Accuracy, times and the level are kept in localStorage.
'use strict';

const DRILL_STORE = 'fenkit.drills';
const DRILL_LEVELS = 10; // level L keeps 2L men beside the kings; the last shows the whole position
const DRILL_KINDS = {
  on: 'What stands on a square',
  where: 'Where a man stands',
  colour: 'The colour of a square',
  attacked: 'Is a square attacked',
  attacks: 'The squares a piece attacks',
  line: 'Is a line open',
  diff: 'Spot the difference',
  type: 'Type the FEN',
};

const drill = {
  positions: [], // placements to draw from
  question: null, // {kind, text, answer, check(given), board, highlight, asked}
  store: null,    // {level, right, wrong, streak, history: [...]}
};

function loadDrillStore() {
  try {
    const s = JSON.parse(localStorage.getItem(DRILL_STORE));
    if (s && typeof s.level === 'number' && Array.isArray(s.history)) return s;
  } catch { /* a damaged entry starts afresh */ }
  return { level: 1, right: 0, wrong: 0, streak: 0, history: [] };
}

function saveDrillStore() {
  try { localStorage.setItem(DRILL_STORE, JSON.stringify(drill.store)); } catch { /* storage off */ }
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const isWhite = (c) => c === c.toUpperCase();
const manName = (c) => PIECE_NAMES[c];

// The squares the man on sq attacks: its reach on this board, stopped by
// the first man in a line; no rule of play (pins, whose move) is asked.
function reach(board, sq) {
  const c = board[sq], f = sq & 7, r = sq >> 3, out = [];
  const step = (df, dr, slide) => {
    for (let x = f + df, y = r + dr; x >= 0 && x < 8 && y >= 0 && y < 8; x += df, y += dr) {
      out.push(y * 8 + x);
      if (!slide || board[y * 8 + x]) break;
    }
  };
  const kind = c.toLowerCase();
  const diagonal = [[1, 1], [1, -1], [-1, 1], [-1, -1]], straight = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  if (kind === 'p') for (const df of [-1, 1]) step(df, isWhite(c) ? 1 : -1, false);
  if (kind === 'n') for (const [a, b] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) step(a, b, false);
  if (kind === 'k') for (const [a, b] of diagonal.concat(straight)) step(a, b, false);
  if (kind === 'b' || kind === 'q') for (const [a, b] of diagonal) step(a, b, true);
  if (kind === 'r' || kind === 'q') for (const [a, b] of straight) step(a, b, true);
  return out;
}

// A board for the level: the kings and 2L other men of a stored position.
function drillBoard(level) {
  const board = readPlacement(pick(drill.positions));
  if (level >= DRILL_LEVELS) return board;
  const men = board.map((c, sq) => (c && c.toLowerCase() !== 'k' ? sq : -1)).filter((sq) => sq >= 0);
  for (let i = men.length - 1; i > 0; i--) { // shuffle, then drop those past 2L
    const j = Math.floor(Math.random() * (i + 1));
    [men[i], men[j]] = [men[j], men[i]];
  }
  for (const sq of men.slice(2 * level)) board[sq] = '';
  return board;
}

// A man's answer: a FEN letter (N, n), or words ("white knight"); '' for
// an empty square.
function readMan(text) {
  const t = text.trim();
  if (/^(empty|nothing|none|-|0)$/i.test(t)) return '';
  if (t.length === 1 && PIECE_NAMES[t]) return t;
  const found = Object.keys(PIECE_NAMES).find((c) => PIECE_NAMES[c] === t.toLowerCase().replace(/\s+/g, ' '));
  return found === undefined ? null : found;
}

const readSquares = (text) => (text.toLowerCase().match(/[a-h][1-8]/g) || []);
// A rank of a placement as its eight squares ('.' empty); null when it
// does not hold eight.
function rankSquares(rank) {
  let out = '';
  for (const c of rank || '') out += c >= '1' && c <= '8' ? '.'.repeat(Number(c)) : c;
  return out.length === 8 ? out : null;
}
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

// One question of the given kind about board; null when this board has
// nothing to ask it of (no piece to follow, say).
function askAbout(kind, board) {
  const men = board.map((c, sq) => (c ? sq : -1)).filter((sq) => sq >= 0);
  const sq = Math.floor(Math.random() * 64);
  const name = squareName(sq);
  if (kind === 'on') {
    // most questions are about a man, some about an empty square
    const target = Math.random() < 0.7 ? pick(men) : sq;
    const c = board[target], where = squareName(target);
    return {
      text: `What stands on ${where}? (a FEN letter such as N or n, words such as "white knight", or "empty")`,
      answer: c ? `${manName(c)} (${c})` : 'empty', highlight: [where],
      check: (given) => readMan(given) === c,
    };
  }
  if (kind === 'where') {
    const c = board[pick(men)];
    const all = men.filter((s) => board[s] === c).map(squareName);
    return {
      text: all.length > 1 ? `Where is a ${manName(c)}? (${all.length} stand on the board: name one square)`
        : `Which square is the ${manName(c)} on?`,
      answer: all.join(', '), highlight: all,
      check: (given) => { const s = readSquares(given); return s.length === 1 && all.includes(s[0]); },
    };
  }
  if (kind === 'colour') {
    const light = ((sq & 7) + (sq >> 3)) % 2 === 1;
    return {
      text: `What colour is ${name}: light or dark?`, answer: light ? 'light' : 'dark', highlight: [name],
      choices: ['light', 'dark'], check: (given) => given.trim().toLowerCase() === (light ? 'light' : 'dark'),
    };
  }
  if (kind === 'attacked') {
    const white = Math.random() < 0.5;
    const by = men.filter((s) => isWhite(board[s]) === white && reach(board, s).includes(sq)).map(squareName);
    return {
      text: `Is ${name} attacked by ${white ? 'White' : 'Black'}? (does a ${white ? 'white' : 'black'} man reach it: yes or no)`,
      answer: by.length ? `yes, from ${by.join(', ')}` : 'no', highlight: [name, ...by],
      choices: ['yes', 'no'], check: (given) => /^(yes|y)$/i.test(given.trim()) === (by.length > 0) && /^(yes|y|no|n)$/i.test(given.trim()),
    };
  }
  if (kind === 'line') {
    // the other end is on a line through sq with a square or more between
    // them, so that some man could stand in the way
    const f = sq & 7, r = sq >> 3, ends = [];
    for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      for (let x = f + 2 * df, y = r + 2 * dr; x >= 0 && x < 8 && y >= 0 && y < 8; x += df, y += dr) ends.push([df, dr, y * 8 + x]);
    }
    const [df, dr, to] = pick(ends);
    const inWay = [];
    for (let s = sq + dr * 8 + df; s !== to; s += dr * 8 + df) if (board[s]) inWay.push(s);
    const between = inWay.sort((a, b) => a - b).map(squareName);
    const [low, high] = [Math.min(sq, to), Math.max(sq, to)].map(squareName);
    const line = df === 0 ? 'file' : dr === 0 ? 'rank' : 'diagonal';
    return {
      text: `Is the ${low}-${high} ${line} open? (yes or no: no man stands between the two)`,
      answer: between.length ? `no, blocked on ${between.join(', ')}` : 'yes', highlight: [low, high, ...between],
      choices: ['yes', 'no'], check: (given) => /^(yes|y)$/i.test(given.trim()) === !between.length && /^(yes|y|no|n)$/i.test(given.trim()),
    };
  }
  if (kind === 'diff') {
    // one man moved to an empty square, or turned into another of his side
    const others = men.filter((s) => board[s].toLowerCase() !== 'k');
    if (!others.length) return null;
    const from = pick(others), c = board[from], after = board.slice();
    const inside = (s) => c.toLowerCase() !== 'p' || ((s >> 3) > 0 && (s >> 3) < 7); // no pawn on a back rank
    const empty = board.map((x, s) => (!x && inside(s) ? s : -1)).filter((s) => s >= 0);
    let changed;
    if (empty.length && Math.random() < 0.5) {
      const to = pick(empty);
      after[to] = c;
      after[from] = '';
      changed = [from, to];
    } else {
      const kinds = [...(isWhite(c) ? 'QRBNP' : 'qrbnp')].filter((k) => k !== c && (inside(from) || k.toLowerCase() !== 'p'));
      after[from] = pick(kinds);
      changed = [from];
    }
    const names = changed.map(squareName).sort();
    return {
      text: 'One man moved, or became another man, between the first position and the second: on which squares do they differ?',
      answer: names.join(' '), highlight: names, before: board, board: after,
      check: (given) => sameSet([...new Set(readSquares(given))], names),
    };
  }
  if (kind === 'type') {
    const truth = writePlacement(board).split('/');
    const q = {
      text: 'Type the placement of the board shown (the first field of its FEN, rank 8 first).',
      answer: 'the placement is ' + truth.join('/'), highlight: [], showBoard: true,
      check: (given) => {
        const typed = given.trim().split(/\s+/)[0].split('/');
        const wrong = truth.map((r, i) => (rankSquares(typed[i]) === rankSquares(r) ? 0 : 8 - i)).filter(Boolean);
        q.note = wrong.length ? `Rank${wrong.length > 1 ? 's' : ''} ${wrong.join(', ')} differ${wrong.length > 1 ? '' : 's'}.` : '';
        return typed.length === 8 && !wrong.length;
      },
    };
    return q;
  }
  const pieces = men.filter((s) => 'nbrq'.includes(board[s].toLowerCase()));
  if (!pieces.length) return null;
  const from = pick(pieces);
  const targets = reach(board, from).map(squareName).sort();
  return {
    text: `Which squares does the ${manName(board[from])} on ${squareName(from)} attack? (all of them, in any order; ` +
      'a line stops at the first man, which it attacks whatever its colour)',
    answer: targets.join(' '), highlight: [squareName(from), ...targets],
    check: (given) => sameSet([...new Set(readSquares(given))], targets),
  };
}

// The position as the user asked to see it: a FEN's placement, read aloud
// rank by rank as fenkit explain reads it (POST /api/check), or each
// side's men listed as players write them (Kg1, Nf3, pawns by square).
async function describe(board) {
  const view = $('drill-view').value;
  if (view === 'fen') return writePlacement(board);
  if (view === 'aloud') {
    try {
      const res = await fetch('/api/check' + (state.lang ? '?lang=' + encodeURIComponent(state.lang) : ''), {
        method: 'POST', body: writePlacement(board) + ' w - - 0 1', headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
      const r = await res.json();
      if (r.placement) return r.placement.map((rank) => rank.said).join('\n');
    } catch { /* shown as a FEN below */ }
    return writePlacement(board);
  }
  const side = (white) => {
    const men = [];
    for (const k of 'KQRBNP') {
      const c = white ? k : k.toLowerCase();
      board.forEach((x, sq) => { if (x === c) men.push((k === 'P' ? '' : k) + squareName(sq)); });
    }
    return `${white ? 'White' : 'Black'}: ${men.join(', ')}`;
  };
  return side(true) + '\n' + side(false);
}

// The text above the question: the position, both positions of a
// difference, or nothing when the board itself is shown.
async function positionText(q) {
  if (q.showBoard) return '';
  if (q.before) return `First:\n${await describe(q.before)}\nSecond:\n${await describe(q.board)}`;
  return describe(q.board);
}

// The board of the question as a picture, the squares of the answer marked.
function showDrillBoard(q, marked) {
  const img = $('drill-board');
  img.src = '/api/render.svg?coords=outside&size=240&fen=' + encodeURIComponent(writePlacement(q.board)) +
    (marked.length ? '&highlight=' + marked.join(',') : '');
  img.hidden = false;
}

async function newQuestion() {
  if (!drill.positions.length) {
    $('drill-question').textContent = 'Loading positions…';
    try {
      drill.positions = readPuzzles(await starterText()).puzzles.map((p) => p.fen.split(' ')[0]);
    } catch (err) {
      $('drill-question').textContent = 'Could not load the positions: ' + err.message;
      return;
    }
  }
  const chosen = $('drill-kind').value;
  let q = null;
  for (let tries = 0; !q && tries < 20; tries++) {
    const board = drillBoard(drill.store.level);
    const kind = chosen === 'any' ? pick(Object.keys(DRILL_KINDS)) : chosen;
    q = askAbout(kind, board);
    if (q) Object.assign(q, { kind, board: q.board || board });
  }
  if (!q) {
    $('drill-question').textContent = 'These positions hold nothing to ask that of: choose another question.';
    return;
  }
  drill.question = q;
  $('drill-position').textContent = await positionText(q);
  // the tests read the boards from here
  $('drill-position').dataset.fen = writePlacement(q.board);
  $('drill-position').dataset.before = q.before ? writePlacement(q.before) : '';
  const question = $('drill-question');
  question.textContent = q.text;
  question.dataset.kind = q.kind;
  $('drill-verdict').textContent = '';
  $('drill-verdict').className = '';
  $('drill-board').hidden = true;
  if (q.showBoard) showDrillBoard(q, []);
  $('drill-answer').value = '';
  $('drill-answer').disabled = false;
  $('drill-submit').disabled = false;
  const choices = $('drill-choices');
  choices.replaceChildren();
  for (const text of q.choices || []) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', () => { $('drill-answer').value = text; answer(); });
    choices.append(b);
  }
  $('drill-answer').focus();
  q.asked = performance.now(); // the clock starts once the question is shown
}

// Grades the answer given, moves the level (up after three right in a
// row, down after a wrong one), and shows the board the question was about.
function answer(e) {
  if (e) e.preventDefault();
  const q = drill.question;
  const given = $('drill-answer').value;
  if (!q || q.answered || !given.trim()) return;
  q.answered = true;
  const ok = q.check(given);
  const ms = Math.round(performance.now() - q.asked);
  const s = drill.store;
  if (ok) { s.right++; s.streak++; } else { s.wrong++; s.streak = 0; }
  if (ok && s.streak >= 3 && s.level < DRILL_LEVELS) { s.level++; s.streak = 0; }
  if (!ok && s.level > 1) s.level--;
  const men = q.board.filter(Boolean).length;
  s.history.push({ kind: q.kind, question: q.text, answer: q.answer, given, ok, ms, men, when: new Date().toISOString() });
  s.history = s.history.slice(-HISTORY_KEPT);
  saveDrillStore();
  const verdict = $('drill-verdict');
  verdict.className = ok ? 'right' : 'wrong';
  verdict.textContent = `${ok ? 'Right' : 'Not right'} (${(ms / 1000).toFixed(1)} s): ${q.answer}.` +
    (ok ? '' : ` You said "${given.trim()}". ${q.note || ''}`);
  showDrillBoard(q, q.highlight);
  if (q.kind === 'type' && !ok) sayPlacementProblems(given, q);
  $('drill-answer').disabled = true;
  $('drill-submit').disabled = true;
  showDrillScore();
  $('drill-next').focus();
}

// What fenkit check says of a placement typed wrong (a rank of seven
// squares, two kings...): the errors of its placement field.
async function sayPlacementProblems(given, q) {
  try {
    const res = await fetch('/api/check', {
      method: 'POST', body: given.trim().split(/\s+/)[0] + ' w - - 0 1', headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    const r = await res.json();
    const said = (r.problems || []).filter((p) => p.field === 'placement' && p.severity === 'error').map((p) => sentence(p.message));
    if (said.length && drill.question === q) $('drill-verdict').append(' fenkit check: ' + said.join(' '));
  } catch { /* the ranks compared are said already */ }
}

function showDrillScore() {
  const s = drill.store, total = s.right + s.wrong;
  const recent = s.history.slice(-20);
  const mean = recent.length ? recent.reduce((a, h) => a + h.ms, 0) / recent.length / 1000 : 0;
  $('drill-score').textContent = `Level ${s.level} (${s.level >= DRILL_LEVELS ? 'whole positions' : 2 * s.level + ' men beside the kings'}); ` +
    `${s.right} of ${total} right` +
    (total ? ` (${Math.round((100 * s.right) / total)}%)` : '') + (recent.length ? `, ${mean.toFixed(1)} s an answer lately.` : '.');
}

document.addEventListener('fenkit:start', () => {
  drill.store = loadDrillStore();
  const kinds = $('drill-kind');
  for (const [value, text] of Object.entries(DRILL_KINDS)) kinds.add(new Option(text, value));
  showDrillScore();
  $('drill-next').addEventListener('click', newQuestion);
  $('drill-form').addEventListener('submit', answer);
  $('drill-view').addEventListener('change', async () => {
    const q = drill.question;
    if (!q) return;
    const text = await positionText(q);
    if (drill.question === q) $('drill-position').textContent = text;
  });
});
