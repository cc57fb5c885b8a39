// fenkit's page. The FEN box is the one source of truth: the board, the
// controls, the problems and the explanation are redrawn from what
// /api/check says about it, and every edit writes a new FEN into the box.
// User text only ever reaches the page through textContent.
'use strict';

const PIECE_NAMES = {
  K: 'white king', Q: 'white queen', R: 'white rook', B: 'white bishop', N: 'white knight', P: 'white pawn',
  k: 'black king', q: 'black queen', r: 'black rook', b: 'black bishop', n: 'black knight', p: 'black pawn',
};
const STATUS_WORDS = {
  check: 'in check', checkmate: 'checkmate', stalemate: 'stalemate (a draw)',
  'insufficient-material': 'insufficient material (a draw)',
  'fifty-move-claimable': 'a draw can be claimed (fifty-move rule)',
  'seventy-five-move': 'drawn (seventy-five-move rule)',
};
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const EMPTY_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';
const FILES = 'abcdefgh';
let imageLimit = 10 * 1024 * 1024;

// A message as a sentence: capital first letter, full stop at the end.
const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');

const $ = (id) => document.getElementById(id);
const fenBox = $('fen');

// The page's own words in the reader's language, from the server's
// catalogs (GET /api/messages): English texts are the keys, and a text
// with no translation stays English.
let messages = {};
const t = (text) => messages[text] || text;
// A message with {name} places filled from vars.
const tf = (text, vars) => t(text).replace(/\{(\w+)\}/g, (all, name) => (name in vars ? vars[name] : all));
// "{n} error" or "{n} errors", as English counts; other languages say it
// in their own words for each.
const count = (n, one, many) => tf(n === 1 ? one : many, { n });

const state = {
  board: new Array(64).fill(''), // a1 = 0 ... h8 = 63; '' for empty
  side: 'w', castling: '-', ep: '-', counters: '0 1',
  flipped: false,
  drawnFlipped: null, // the orientation the squares are in the page in
  selected: 28, // e4
  marks: new Map(), // square -> 'error' | 'warning'
  unsure: new Set(), // squares the scanner doubted
  boards: [], // every board the last picture showed, as the scanner read them
  picture: null, // the last picture scanned, sent again when its board is turned round
  shown: 0, // which of its boards is on the editor
  all: false, // whether the picture was read for every board on it
  lastMove: new Set(), // the two squares of the last move the picture marked
  // whether the board and the controls may write the FEN box: not while the
  // text typed there cannot be read, since writing would replace it
  editable: true,
  seq: 0,
  // the language chosen with the switch; '' follows the browser's
  // Accept-Language, as the server reads it
  lang: '',
};

const squareName = (sq) => FILES[sq & 7] + ((sq >> 3) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
const pieceImage = (c) => '/pieces/' + (c === c.toUpperCase() ? 'w' : 'b') + c.toUpperCase() + '.svg';

// The board of a FEN's placement field, read leniently (what /api/check's
// as_read gives is always well formed).
function readPlacement(placement) {
  const board = new Array(64).fill('');
  placement.split('/').slice(0, 8).forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '8') file += Number(c);
      else if (PIECE_NAMES[c] && file < 8) board[(7 - i) * 8 + file++] = c;
    }
  });
  return board;
}

// The placement field of a board.
function writePlacement(board) {
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '', gap = 0;
    for (let file = 0; file < 8; file++) {
      const c = board[rank * 8 + file];
      if (!c) { gap++; continue; }
      if (gap) row += gap;
      row += c; gap = 0;
    }
    rows.push(row + (gap ? gap : ''));
  }
  return rows.join('/');
}

// ---- The board ------------------------------------------------------------

const squares = [];

function buildBoard() {
  for (let sq = 0; sq < 64; sq++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sq ' + (((sq & 7) + (sq >> 3)) & 1 ? 'light' : 'dark');
    b.dataset.square = squareName(sq);
    b.addEventListener('click', () => select(sq, true));
    squares.push(b);
  }
  $('board').addEventListener('keydown', onBoardKey);
}

// The square shown at display row/column (0, 0 = top left).
const squareAt = (row, col) => (state.flipped ? row * 8 + (7 - col) : (7 - row) * 8 + col);

function drawBoard() {
  const board = $('board');
  const order = [];
  for (let row = 0; row < 8; row++) for (let col = 0; col < 8; col++) order.push(squareAt(row, col));
  order.forEach((sq, i) => {
    const b = squares[sq];
    const c = state.board[sq];
    b.replaceChildren();
    if (c) {
      const img = document.createElement('img');
      img.src = pieceImage(c);
      img.alt = '';
      b.append(img);
    }
    if (i >= 56) addCoord(b, 'file', FILES[sq & 7]);
    if (i % 8 === 0) addCoord(b, 'rank', String((sq >> 3) + 1));
    const mark = state.marks.get(sq);
    b.classList.toggle('error', mark === 'error');
    b.classList.toggle('warning', mark === 'warning');
    b.classList.toggle('unsure', state.unsure.has(sq));
    b.classList.toggle('last', state.lastMove.has(sq));
    b.classList.toggle('selected', sq === state.selected);
    b.tabIndex = sq === state.selected ? 0 : -1;
    let label = squareName(sq) + ', ' + (c ? PIECE_NAMES[c] : 'empty');
    if (mark) label += ', ' + mark;
    if (state.unsure.has(sq)) label += ', unsure';
    if (state.lastMove.has(sq)) label += ', last move';
    b.setAttribute('aria-label', label);
  });
  // Moving the buttons would lose the keyboard focus, so only a flip does.
  if (state.drawnFlipped !== state.flipped) {
    board.replaceChildren(...order.map((sq) => squares[sq]));
    state.drawnFlipped = state.flipped;
  }
  $('selected-name').textContent = squareName(state.selected);
  // play.js marks the legal targets, the last move and the engine's arrow
  document.dispatchEvent(new CustomEvent('fenkit:drawn'));
}

function addCoord(button, kind, text) {
  const span = document.createElement('span');
  span.className = 'coord ' + kind;
  span.textContent = text;
  span.setAttribute('aria-hidden', 'true');
  button.append(span);
}

function select(sq, focus) {
  state.selected = sq;
  drawBoard();
  if (focus) squares[sq].focus();
}

// Arrow keys move around the board as it is shown; a piece letter puts
// that piece on the square, Delete / Backspace / x / - empties it.
function onBoardKey(e) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let row = 0, col = 0;
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) if (squareAt(r, c) === state.selected) { row = r; col = c; }
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    select(squareAt(Math.min(7, Math.max(0, row + dr)), Math.min(7, Math.max(0, col + dc))), true);
  } else if (PIECE_NAMES[e.key]) {
    put(state.selected, e.key);
  } else if (['Delete', 'Backspace', 'x', '-'].includes(e.key)) {
    put(state.selected, '');
  } else {
    return;
  }
  e.preventDefault();
}

function buildPalette() {
  const box = $('palette-buttons');
  for (const c of 'KQRBNPkqrbnp') {
    const b = document.createElement('button');
    b.type = 'button';
    b.title = PIECE_NAMES[c] + ' (key ' + c + ')';
    b.setAttribute('aria-label', 'put a ' + PIECE_NAMES[c]);
    b.dataset.piece = c;
    const img = document.createElement('img');
    img.src = pieceImage(c);
    img.alt = '';
    b.append(img);
    b.addEventListener('click', () => put(state.selected, c));
    box.append(b);
  }
  const empty = document.createElement('button');
  empty.type = 'button';
  empty.className = 'empty';
  empty.textContent = t('empty');
  empty.dataset.msg = 'empty';
  empty.dataset.piece = '';
  empty.setAttribute('aria-label', 'empty the square');
  empty.addEventListener('click', () => put(state.selected, ''));
  box.append(empty);
}

// The doubted squares, least likely right first: the order to check them.
function checkFirst() {
  const p = (sq) => (state.right && state.right.has(sq) ? state.right.get(sq) : 1);
  return [...state.unsure].sort((a, b) => p(a) - p(b)).map(squareName);
}

function put(sq, piece) {
  if (!state.editable) return;
  state.board[sq] = piece;
  state.unsure.delete(sq); // the user has looked at it
  writeFen();
}

// ---- The FEN box and its controls ------------------------------------------

// Writes the board and the controls back into the FEN box, and checks it.
function writeFen() {
  if (!state.editable) return;
  const castling = ['K', 'Q', 'k', 'q'].filter((c) => $('castle-' + c).checked).join('') || '-';
  const side = document.querySelector('input[name="side"]:checked').value;
  setFen([writePlacement(state.board), side, castling, $('ep').value, state.counters].join(' '));
}

// Puts a FEN of the page's own (an edit, a scan, Clear, Start) in the box
// and checks it.
function setFen(text) {
  fenBox.value = text;
  showNote('fen-note', '');
  setEditable(true);
  check();
}

// A line under the FEN box (id: fen-note, what the page did to the text
// typed there; locked-note, why the editor is off); '' hides it.
function showNote(id, text) {
  $(id).textContent = text;
  $(id).hidden = !text;
}

// Turns the board editor and the controls on or off (see state.editable).
function setEditable(on) {
  state.editable = on;
  for (const box of document.querySelectorAll('#palette, fieldset.controls')) box.disabled = !on;
  $('board').classList.toggle('locked', !on);
  if (on) showNote('locked-note', '');
}

// Text typed or pasted in the FEN box. Pasted text loses the white space at
// its ends (a copied line brings its line break), and the page says so. The
// editor waits for the check: if the text cannot be read, the editor would
// rewrite it from the part read.
function onFenInput(e) {
  const text = fenBox.value;
  if (e.inputType === 'insertFromPaste' && text !== text.trim()) {
    fenBox.value = text.trim();
    showNote('fen-note', 'The spaces and line breaks around the pasted FEN were taken off.');
  } else if (/^\s|\S\s*[\r\n]\s*$/.test(text)) {
    showNote('fen-note', 'Read without the white space at the ends of the text.');
  } else {
    showNote('fen-note', '');
  }
  setEditable(false);
  check();
}

// Fills the en passant choices for the side to move: a White move takes on
// rank 6, a Black move on rank 3.
function fillEpChoices(side, current) {
  const select = $('ep');
  const rank = side === 'w' ? 6 : 3;
  const choices = ['-'].concat([...FILES].map((f) => f + rank));
  if (current !== '-' && !choices.includes(current)) choices.push(current);
  select.replaceChildren();
  for (const value of choices) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = value === '-' ? t('none') : value;
    select.append(option);
  }
  select.value = current;
}

// Sets the controls to the fields of a FEN /api/check read back.
function showFields(asRead) {
  const [placement, side, castling, ep, half, full] = asRead.split(' ');
  state.board = readPlacement(placement);
  state.side = side;
  state.castling = castling;
  state.ep = ep;
  state.counters = (half || '0') + ' ' + (full || '1');
  document.querySelector(`input[name="side"][value="${side === 'b' ? 'b' : 'w'}"]`).checked = true;
  for (const c of ['K', 'Q', 'k', 'q']) $('castle-' + c).checked = castling.includes(c);
  fillEpChoices(side, ep);
}

// The white space at the ends of a FEN is not part of it (a pasted line
// brings its line break along): it is taken off before the FEN is checked.
async function check() {
  const seq = ++state.seq;
  const args = new URLSearchParams();
  if ($('tolerant').checked) args.set('tolerant', '1');
  if (state.lang) args.set('lang', state.lang);
  const query = args.toString() ? '?' + args : '';
  const text = fenBox.value;
  let result;
  try {
    const res = await fetch('/api/check' + query, {
      method: 'POST', body: text.trim(), headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
    result = await res.json();
    if (!res.ok) throw new Error(result.message || 'the server answered ' + res.status);
  } catch (err) {
    if (seq === state.seq) showVerdict('invalid', 'Could not check: ' + err.message);
    return;
  }
  if (seq === state.seq) showResult(result, text);
}

function showVerdict(kind, text) {
  const v = $('verdict');
  v.className = 'verdict ' + kind;
  v.textContent = text;
  fenBox.className = kind;
}

function showResult(r, text) {
  document.body.dataset.checked = text; // which text the page now shows (for tests)
  if (text === fenBox.value) {
    setEditable(r.read);
    if (!r.read) {
      showNote('locked-note', 'The FEN cannot be read as it stands, so the board editor and the controls are off: ' +
        'they would rewrite your text. Mend the text, or press Clear or Start position.');
    }
  }
  showFields(r.as_read);
  state.marks = new Map();
  for (const p of r.problems) {
    if (p.severity === 'note') continue;
    for (const name of p.squares) {
      const sq = squareIndex(name);
      if (state.marks.get(sq) !== 'error') state.marks.set(sq, p.severity);
    }
  }
  const errors = r.problems.filter((p) => p.severity === 'error').length;
  const warnings = r.problems.filter((p) => p.severity === 'warning').length;
  if (r.valid && state.unsure.size) {
    // A scanned board is never called plainly valid while squares of it
    // are in doubt: the rules hold for the board as read, which may not be
    // the board in the picture.
    showVerdict('doubt', tf(state.unsure.size === 1
      ? 'Valid as read, but {n} square may be misread: check {squares} first.'
      : 'Valid as read, but {n} squares may be misread: check {squares} first.',
    { n: state.unsure.size, squares: checkFirst().join(', ') }));
  } else if (r.valid) {
    const side = t(state.side === 'b' ? 'Black' : 'White');
    // a mate is a check, and a stalemate a draw, without saying so
    const ending = r.status.find((s) => s === 'checkmate' || s === 'stalemate');
    const words = (ending ? [ending] : r.status).map((s) => t(STATUS_WORDS[s] || s));
    let text = tf('Valid: {side} to move', { side }) + (words.length ? ', ' + words.join(', ') : '') + '.';
    if (warnings) text += ' ' + count(warnings, '{n} warning', '{n} warnings') + '.';
    showVerdict('valid', text);
  } else {
    showVerdict('invalid', tf('Not a valid position: {count}', {
      count: count(errors, '{n} error', '{n} errors') +
        (warnings ? ', ' + count(warnings, '{n} warning', '{n} warnings') : ''),
    }) + '.');
  }
  $('canonical-row').hidden = !r.valid;
  $('canonical').textContent = r.valid ? r.fen : '';
  showProblems(r.problems);
  showPlacement(r.placement);
  showExplanation(r.explanation);
  const lichess = $('lichess');
  if (r.valid) {
    lichess.href = 'https://lichess.org/analysis/' + (r.chess960 ? 'chess960/' : 'standard/') + r.fen.replace(/ /g, '_');
    lichess.removeAttribute('aria-disabled');
    lichess.removeAttribute('tabindex');
  } else {
    lichess.href = 'https://lichess.org/analysis';
    lichess.setAttribute('aria-disabled', 'true');
    lichess.tabIndex = -1; // out of the keyboard's way too
  }
  $('svg-link').href = '/api/render.svg?coords=outside&flip=' + (state.flipped ? 1 : 0) +
    '&fen=' + encodeURIComponent(r.as_read);
  drawBoard();
  // play.js follows the position: its moves, the address, the analysis
  if (text === fenBox.value) document.dispatchEvent(new CustomEvent('fenkit:checked', { detail: r }));
}

function showProblems(problems) {
  const list = $('problems');
  list.replaceChildren();
  if (!problems.length) {
    const li = document.createElement('li');
    li.className = 'none';
    li.textContent = t('No problems: a legal game can reach this position.');
    list.append(li);
  }
  for (const p of problems) {
    const li = document.createElement('li');
    li.className = p.severity;
    li.dataset.code = p.code;
    const sev = document.createElement('span');
    sev.className = 'sev';
    sev.textContent = p.severity;
    li.append(sev, sentence(p.message));
    const where = [p.field];
    if (p.offset !== null) where.push('byte ' + p.offset);
    if (p.squares.length) where.push('squares ' + p.squares.join(' '));
    const whereSpan = document.createElement('span');
    whereSpan.className = 'where';
    whereSpan.textContent = where.join(' · ');
    li.append(whereSpan);
    if (p.fix) {
      const fix = document.createElement('span');
      fix.className = 'fix';
      fix.textContent = t('Fix:') + ' ' + p.fix;
      li.append(fix);
    }
    list.append(li);
  }
}

// The placement read rank by rank, a line a rank; a rank that does not add
// up to eight squares is marked.
function showPlacement(ranks) {
  const list = $('placement');
  list.replaceChildren();
  for (const r of ranks || []) {
    const li = document.createElement('li');
    li.textContent = r.said;
    if (r.squares !== 8 || r.rank < 1) li.className = 'error';
    list.append(li);
  }
}

function showExplanation(lines) {
  const dl = $('explanation');
  dl.replaceChildren();
  if (!lines) {
    const dd = document.createElement('dd');
    dd.textContent = t('The FEN could not be read completely, so it is not read aloud field by field.');
    dl.append(dd);
    return;
  }
  for (const line of lines) {
    const colon = line.indexOf(': ');
    const dt = document.createElement('dt');
    const dd = document.createElement('dd');
    dt.textContent = colon > 0 ? line.slice(0, colon) : '';
    dd.textContent = colon > 0 ? line.slice(colon + 2) : line;
    dl.append(dt, dd);
  }
}

// ---- Compare with another FEN -------------------------------------------------

// What changed from the FEN in the box to the one in the compare box, and
// the moves between them, as the server words it (POST /api/diff).
async function compare(event) {
  event.preventDefault();
  const other = $('compare').value.trim();
  const error = $('compare-error');
  const list = $('compared');
  list.replaceChildren();
  error.hidden = true;
  if (!other) return;
  const body = { from: fenBox.value.trim(), to: other };
  if (state.lang) body.lang = state.lang;
  if ($('tolerant').checked) body.tolerant = true;
  try {
    const res = await fetch('/api/diff', {
      method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' },
    });
    const r = await res.json();
    if (!res.ok) throw new Error(r.message || 'the server answered ' + res.status);
    for (const line of r.said) {
      const li = document.createElement('li');
      li.textContent = line.trim();
      if (line.startsWith(' ')) li.className = 'sub';
      list.append(li);
    }
  } catch (err) {
    error.textContent = sentence(err.message);
    error.hidden = false;
  }
}

// ---- Languages -----------------------------------------------------------------

// Fetches the page's words in `lang` ('' for the browser's choice), puts
// them in place, and sets the switch to the language the server chose.
async function loadMessages(lang) {
  try {
    const res = await fetch('/api/messages' + (lang ? '?lang=' + encodeURIComponent(lang) : ''));
    const r = await res.json();
    messages = r.messages || {};
    document.documentElement.lang = r.lang;
    const select = $('lang');
    for (const code of r.languages) {
      if (![...select.options].some((o) => o.value === code)) select.add(new Option(code, code));
    }
    select.value = r.lang;
  } catch {
    messages = {};
  }
  for (const el of document.querySelectorAll('[data-msg]')) el.textContent = t(el.dataset.msg);
  // the words the other files write themselves (the trainer's) follow
  document.dispatchEvent(new CustomEvent('fenkit:language'));
}

async function chooseLanguage() {
  state.lang = $('lang').value;
  await loadMessages(state.lang);
  check();
  if ($('compare').value.trim()) compare(new Event('submit'));
}

// ---- Pictures ----------------------------------------------------------------

// Shows why a picture gave no position (and hides the picture, which may
// not even be one); an empty text clears the message.
function showScanError(text) {
  const box = $('scan-error');
  box.textContent = text ? sentence(text) : '';
  box.hidden = !text;
  if (text) {
    $('preview').hidden = true;
    $('preview-mark').toggleAttribute('hidden', true);
    $('scan-result').hidden = true;
    // the last picture's marks are not this one's
    forgetScan();
    drawBoard();
    check();
  }
}

// The board is no longer the last picture's: its doubted squares, its last
// move, and the choices of board and of the side at the bottom go.
function forgetScan() {
  state.unsure.clear();
  state.lastMove.clear();
  $('scan-bottom').hidden = true;
  $('scan-boards').hidden = true;
  $('read-all').hidden = true;
}

// Sends the picture to /api/scan (all: every board on it, else the one the
// scanner finds first; bottom: 'white' or 'black' to say which side is at
// the bottom, or null for the scanner to work it out) and resolves with its
// boards, or null after showing why not. Looking for more boards costs a
// search of the whole picture, so it is done only when asked.
async function sendPicture(file, bottom, all) {
  let res, data = null;
  const withSet = scanBody(file); // the player's own set first, when kept (myset.js)
  const query = [all ? 'all=1' : '', bottom ? 'bottom=' + bottom : '', withSet.query,
    state.lang ? 'lang=' + encodeURIComponent(state.lang) : ''].filter(Boolean).join('&');
  try {
    res = await fetch('/api/scan' + (query ? '?' + query : ''), {
      method: 'POST', body: withSet.body, headers: { 'Content-Type': file.type || 'application/octet-stream' },
    });
    data = await res.json().catch(() => null);
  } catch (err) {
    $('scan-status').textContent = '';
    showScanError(tf('Could not reach the server: {why}', { why: err.message }));
    return null;
  }
  const boards = data && (all ? data.boards : data.fen && [data]);
  if (!res.ok || !boards || !boards.length) {
    $('scan-status').textContent = '';
    showScanError(data && data.message
      ? (data.code === 'bad-set' ? tf('{why}: forget your set and teach it again', { why: data.message }) : data.message)
      : tf('The server answered {status}.', { status: res.status }));
    return null;
  }
  return boards;
}

async function scanFile(file) {
  showScanError('');
  if (!file) return;
  if (file.size > imageLimit) {
    showScanError(tf('That file is {size} MB; fenkit reads pictures up to {limit} MB.',
      { size: (file.size / 1048576).toFixed(1), limit: imageLimit / 1048576 }));
    return;
  }
  const preview = $('preview');
  if (preview.src.startsWith('blob:')) URL.revokeObjectURL(preview.src);
  preview.src = URL.createObjectURL(file);
  preview.hidden = false;
  $('scan-status').textContent = t('Reading the picture…');
  $('scan-boards').hidden = true;
  $('scan-bottom').hidden = true;
  $('preview-mark').toggleAttribute('hidden', true); // an <svg>: no .hidden property
  $('read-all').hidden = true;
  $('scan-result').hidden = false;
  const boards = await sendPicture(file, null, false);
  if (!boards) return;
  state.picture = file;
  state.boards = boards;
  state.all = false;
  showBoardChoice();
  showScan(0);
  $('read-all').hidden = false;
}

// The picture read again for every board on it (a page of diagrams, a
// screen of games): a button for each.
async function readAll() {
  const picture = state.picture;
  showScanError('');
  $('read-all').disabled = true;
  $('scan-status').textContent = t('Looking for every board in the picture…');
  const boards = await sendPicture(picture, null, true);
  $('read-all').disabled = false;
  if (!boards || state.picture !== picture) return;
  state.boards = boards;
  state.all = true;
  $('read-all').hidden = true;
  showBoardChoice();
  showScan(0);
  if (boards.length === 1) $('scan-status').prepend(t('The picture shows no other board.') + ' ');
}

// The picture read again with the other side at the bottom of the board
// on the editor: a board without coordinates, seen from Black's side, can
// look like a position seen from White's (the scanner says how sure it
// was). The other boards of the picture keep their readings.
async function turnScan() {
  const k = state.shown, other = state.boards[k].bottom === 'white' ? 'black' : 'white', picture = state.picture;
  showScanError('');
  $('scan-status').textContent = other === 'white' ? t('Reading the picture again with White at the bottom…')
    : t('Reading the picture again with Black at the bottom…');
  $('turn').disabled = true; // one reading at a time
  const boards = await sendPicture(picture, other, state.all);
  $('turn').disabled = false;
  // a picture dropped meanwhile has replaced this one
  if (!boards || state.picture !== picture) return;
  if (boards.length === state.boards.length) {
    state.boards[k] = boards[k];
  } else {
    state.boards = boards;
    showBoardChoice();
  }
  showScan(Math.min(k, state.boards.length - 1));
}

// A note of the scanner's, without the command line's hints: the page has its
// own controls for the side to move and the side at the bottom.
// The hints are found by their option, so that a note in any language loses them.
const forThePage = (note) => note.replace(/ \([^();]*--side[^();]*\)/, '').replace(/; [^();]*--(side|bottom)[^();]*\)/, ')');

// A page of diagrams or a screen of games: one button a board, in reading
// order, to put that board on the editor.
function showBoardChoice() {
  const box = $('scan-boards');
  box.replaceChildren();
  box.hidden = state.boards.length < 2;
  if (box.hidden) return;
  const label = document.createElement('span');
  label.textContent = tf('The picture shows {n} boards (rows from the top, each from the left):', { n: state.boards.length });
  box.append(label);
  state.boards.forEach((_, k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = tf('Board {n}', { n: k + 1 });
    b.addEventListener('click', () => showScan(k));
    box.append(b);
  });
}

// Puts board k of the last picture on the editor, with the squares the
// scanner doubted marked and its notes below.
function showScan(k) {
  const data = state.boards[k];
  state.shown = k;
  [...$('scan-boards').querySelectorAll('button')].forEach((b, i) => b.setAttribute('aria-pressed', String(i === k)));
  // the board read, outlined on the picture (its corners in the picture's pixels)
  const mark = $('preview-mark');
  mark.setAttribute('viewBox', `0 0 ${data.size[0]} ${data.size[1]}`);
  mark.querySelector('polygon').setAttribute('points', data.board.map((p) => p.join(',')).join(' '));
  mark.toggleAttribute('hidden', false);
  // squares the scanner doubted, and those it changed to make the position legal
  state.unsure = new Set((data.uncertain || []).map(squareIndex));
  state.right = new Map((data.squares || []).map((q) => [squareIndex(q.square), q.right]));
  state.lastMove = new Set(data.last_move ? [data.last_move.from, data.last_move.to].map(squareIndex) : []);
  state.flipped = data.bottom === 'black';
  const side = (b) => (b === 'white' ? t('White') : t('Black'));
  $('scan-bottom-said').textContent = data.bottom_given
    ? tf('{side} is at the bottom, as you said.', { side: side(data.bottom) })
    : tf('{side} was taken to be at the bottom ({percent}% sure).',
      { side: side(data.bottom), percent: Math.round(100 * data.bottom_confidence) });
  $('turn').textContent = tf('{side} is at the bottom', { side: side(data.bottom === 'white' ? 'black' : 'white') });
  $('scan-bottom').hidden = false;
  fenBox.value = data.fen;
  showNote('fen-note', '');
  setEditable(true);
  // the board and the fields at once; the check that follows adds the problems
  showFields(data.fen);
  state.marks = new Map(); // the last position's problems are not this one's
  drawBoard();
  const n = state.unsure.size;
  const status = $('scan-status');
  const said = [state.boards.length > 1
    ? tf('Scanned board {n} of {count}.', { n: k + 1, count: state.boards.length }) : t('Scanned.')];
  said.push(n ? count(n, '{n} square is unsure, marked with dashes: check {squares} first.',
    '{n} squares are unsure, marked with dashes: check {squares} first.').replace('{squares}', checkFirst().join(', '))
    : t('Every square is sure.'));
  if (typeof data.board_right === 'number') {
    said.push(tf('The whole board is read right with about {percent}% chance.', { percent: Math.round(100 * data.board_right) }));
  }
  if (data.doubt === 'some' && !n) said.push(t('Which side is at the bottom is a guess: turn the board if it is wrong.'));
  if (data.covered && data.covered.length) {
    said.push(tf('{n} of them are hidden under something drawn over the board: set their men by hand.', { n: data.covered.length }));
  }
  said.push(data.last_move
    ? tf('The picture marks the last move, {move}, so the other side is to move.', { move: `${data.last_move.from}-${data.last_move.to}` })
    : data.move_dots && data.move_dots.length ? t('Dots mark the moves of a man picked up, so his side is to move.')
    : data.side_from === 'check'
      ? (data.fen.split(' ')[1] === 'b' ? t('Black is to move: its king is in check.') : t('White is to move: its king is in check.'))
      : t('The picture does not say whose move it is: set the side to move.'));
  status.textContent = said.join(' ');
  if (data.notes && data.notes.length) {
    const notes = document.createElement('ul');
    for (const note of data.notes) {
      const li = document.createElement('li');
      li.textContent = sentence(forThePage(note));
      notes.append(li);
    }
    status.append(notes);
  }
  check();
}

function setupPicture() {
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    scanFile(e.dataTransfer.files[0]);
  });
  drop.addEventListener('keydown', (e) => {
    if (e.target === drop && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); $('file').click(); }
  });
  $('file').addEventListener('change', (e) => { scanFile(e.target.files[0]); e.target.value = ''; });
  document.addEventListener('paste', (e) => {
    const item = [...(e.clipboardData ? e.clipboardData.items : [])].find((i) => i.kind === 'file');
    if (!item) return; // text goes where it was pasted
    e.preventDefault();
    scanFile(item.getAsFile());
  });
}

// ---- Start -------------------------------------------------------------------

function setup() {
  buildBoard();
  buildPalette();
  setupPicture();
  // a FEN typed or a board cleared is no longer the picture's
  const forget = () => { state.unsure.clear(); state.lastMove.clear(); $('scan-bottom').hidden = true; };
  fenBox.addEventListener('input', (e) => { forget(); onFenInput(e); });
  $('tolerant').addEventListener('change', check);
  for (const input of document.querySelectorAll('.controls input, #ep')) input.addEventListener('change', writeFen);
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; check(); });
  $('turn').addEventListener('click', turnScan);
  $('read-all').addEventListener('click', readAll);
  $('clear').addEventListener('click', () => { forget(); setFen(EMPTY_FEN); });
  $('start').addEventListener('click', () => { forget(); setFen(START_FEN); });
  $('copy').addEventListener('click', async () => {
    const text = $('canonical').textContent || fenBox.value;
    try {
      await navigator.clipboard.writeText(text);
      $('copy').textContent = t('Copied');
    } catch {
      fenBox.select();
      $('copy').textContent = t('Selected: press Ctrl+C');
    }
    setTimeout(() => { $('copy').textContent = t('Copy FEN'); }, 1500);
  });
  $('compare-form').addEventListener('submit', compare);
  $('lang').addEventListener('change', chooseLanguage);
  loadMessages('');
  fetch('/api/info').then((r) => r.json()).then((info) => {
    $('version').textContent = info.version;
    imageLimit = info.limits.image_bytes;
    if (!info.scan) {
      $('scan-status').textContent = t('This fenkit was built without the scanner: pictures will be refused for now.');
      $('scan-result').hidden = false;
    }
  }).catch(() => {});
  // play.js sets itself up, and puts the position of the address in the box
  document.dispatchEvent(new CustomEvent('fenkit:start'));
  check();
}

setup();
