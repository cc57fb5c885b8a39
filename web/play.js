// The analysis board, on top of app.js's editor: moves played on the board
// (their legality, SAN and the FEN after each come from fenkit's core
// through POST /api/moves; nothing here knows the rules), the move list
// and its PGN, the address that follows the board, the engine's analysis
// streamed from GET /api/analyse, a game against the engine, and the
// endgame trainer. app.js owns the FEN box and the board; it tells this
// file what it drew and checked through the fenkit:* events.
'use strict';

// Classic endings, each with the side you play and what you must reach.
// The last two are one position with the other side to move: whoever
// moves loses the opposition, and with it the result.
const TRAINER = [
  { name: 'Lucena: build a bridge', fen: '1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1', you: 'w', goal: 'win',
    hint: 'Check the king away from the pawn, then bring your rook to the fourth rank to shield your king from the checks.' },
  { name: 'Philidor: the third-rank defence', fen: '4k3/8/1r6/4PK2/8/8/8/7R b - - 0 1', you: 'b', goal: 'draw',
    hint: 'Keep your rook on the sixth rank until the pawn steps onto it, then check from behind.' },
  { name: 'Vancura: attack the pawn from the side', fen: 'R7/6k1/P4r2/8/8/8/8/6K1 b - - 0 1', you: 'b', goal: 'draw',
    hint: 'Keep your rook beside the pawn on the sixth rank and your king near g7: checks from behind when the king comes.' },
  { name: 'King and pawn: Black to move', fen: '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1', you: 'w', goal: 'win',
    hint: 'Black has to give way: keep the opposition and walk your king in front of the pawn.' },
  { name: 'King and pawn: the same, White to move', fen: '8/8/8/4k3/8/4K3/4P3/8 w - - 0 1', you: 'b', goal: 'draw',
    hint: 'Now you have the opposition: answer each king step by facing the white king.' },
];
const RESULT_WORDS = {
  checkmate: 'checkmate', stalemate: 'stalemate', 'insufficient-material': 'insufficient material',
  'threefold-repetition': 'threefold repetition, claimed', 'fifty-move-rule': 'the fifty-move rule, claimed',
  'fivefold-repetition': 'fivefold repetition', 'seventy-five-move-rule': 'the 75-move rule',
};
// The draws a player may claim (the game goes on until one does).
const CLAIM_WORDS = {
  'threefold-repetition': 'the same position a third time', 'fifty-move-rule': 'fifty moves without a capture or pawn move',
};
const ENGINE_MOVETIME = 600; // ms the engine thinks over a move of a game
const SANITY_NODES = 200000; // nodes for the position and each neighbour
const VERDICT_WORDS = { 'white-wins': 'White wins', draw: 'a draw', 'black-wins': 'Black wins' };
const FIELD_CONTROLS = { side: 'side-controls', castling: 'castling-controls', 'en passant': 'ep-controls' };

const play = {
  start: null,   // the FEN the moves start from; null while the box holds no valid position
  plies: [],     // the moves played from start: {uci, san, fen}
  at: 0,         // how many of them the board shows
  legal: [],     // the legal moves where the board stands: {uci, san, fen}
  result: null,  // '1-0', '0-1', '1/2-1/2' once the rules end the game there
  reason: null,
  claim: null,   // the draw a player may claim where the board stands, or null
  claimed: null, // claimKey of the moves after which a draw was claimed
  claimWith: null, // claimKey of the moves after which the next move is claimed with
  claimedWith: null, // claimKey of the moves whose last move a draw was claimed with
  wrongClaim: null, // {at, san}: the claim made with the move to `at` was wrong
  fen: null,     // the canonical FEN of the position shown, as the core wrote it
  shownFen: null, // the text of the box when this file last showed a position
  from: null,    // the square picked, whose targets are shown
  lines: [],     // the engine's best lines for the position shown
  analysis: null, // the AbortController of the stream running
  sanity: null,  // the AbortController of the FEN's interrogation
  game: null,    // a game against the engine: {you, strength, trainer}
  locked: false, // the board takes no move (puzzles.js: the opponent's turn, a wrong move shown)
  pending: null, // moves from the address, played once their start is checked
  keepGame: false, // the next position checked is the game's own start
  seq: 0,
  drag: null,
  dragged: false,
};

const sideOf = (fen) => fen.split(' ')[1];
const addressFen = (fen) => fen.trim().replace(/ /g, '_');
const readAddressFen = (text) => text.replace(/_/g, ' ').trim();

const claimKey = (start, moves) => start + ' moves ' + moves.join(' ');

// POST /api/moves: the moves (UCI) played from start, with the draw
// claimed after them, or with the last of them, when one was. Resolves
// with the answer, or null after saying what went wrong.
async function askMoves(start, moves) {
  try {
    const claim = play.claimed === claimKey(start, moves);
    const body = { fen: start, moves: moves.join(' '), claim };
    if (!claim && moves.length && play.claimedWith === claimKey(start, moves)) {
      body.moves = moves.slice(0, -1).join(' ');
      body.claim_move = moves[moves.length - 1];
    }
    const res = await fetch('/api/moves', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || 'the server answered ' + res.status);
    return data;
  } catch (err) {
    showGameNote(tf('Could not play the moves: {why}', { why: err.message }));
    return null;
  }
}

function showGameNote(text) {
  $('game-result').textContent = text ? sentence(text) : '';
}

// ---- The position shown ----------------------------------------------------

// A position that came from elsewhere (typed, edited, scanned, the address,
// the trainer): the moves start again from it, and the text in the box is
// left as it was typed. keepGame: a game against the engine goes on from it.
function newStart(fen, keepGame) {
  if (!keepGame) endGame();
  play.start = fen;
  play.plies = [];
  play.at = 0;
  goTo(0, true);
}

// Shows the position after `at` of the moves: asks the core for its legal
// moves and result, puts its FEN in the box (keepBox: the box already
// holds it, as typed), and follows it with the address and the engine.
async function goTo(at, keepBox) {
  const seq = ++play.seq;
  stopAnalysis();
  stopSanity();
  play.from = null;
  // Until the core has answered, a click on a piece cannot know its moves:
  // the board says so (data-legal), and scripts driving the page wait on it.
  document.getElementById('board').removeAttribute('data-legal');
  const data = await askMoves(play.start, play.plies.slice(0, at).map((p) => p.uci));
  if (!data || seq !== play.seq) return;
  play.at = at;
  play.legal = data.moves;
  document.getElementById('board').dataset.legal = String(data.moves.length);
  play.result = data.result;
  play.reason = data.reason;
  play.claim = data.claim;
  play.fen = data.fen;
  play.shownFen = keepBox ? fenBox.value : data.fen;
  if (!keepBox) setFen(data.fen);
  showMoves();
  followAddress();
  drawBoard();
  afterPosition();
  // puzzles.js follows the moves of a puzzle
  document.dispatchEvent(new CustomEvent('fenkit:shown'));
}

// Plays one legal move (an entry of play.legal) where the board stands;
// the moves after it, if the board was shown further back, are dropped.
// A draw claimed with it (Claim the draw, then the move) ends the game
// when the core says the move allows it; else the move stands.
function playMove(move) {
  if (play.result) return;
  const before = play.plies.slice(0, play.at);
  const claiming = play.claimWith === claimKey(play.start, before.map((p) => p.uci));
  play.claimWith = null;
  play.plies = before.concat([{ uci: move.uci, san: move.san, fen: move.fen }]);
  if (claiming && move.claim) play.claimedWith = claimKey(play.start, play.plies.map((p) => p.uci));
  play.wrongClaim = claiming && !move.claim ? { at: play.at + 1, san: move.san } : null;
  goTo(play.at + 1);
}

// Plays a whole line of moves (UCI) from where the board stands; false
// when one of them cannot be played (the page says which).
async function playLine(moves) {
  const all = play.plies.slice(0, play.at).map((p) => p.uci).concat(moves);
  const data = await askMoves(play.start, all);
  if (!data) return false;
  play.plies = data.played;
  await goTo(play.plies.length);
  return true;
}

// The move list, numbered from the start position's move number.
function showMoves() {
  const list = $('movelist');
  list.replaceChildren();
  if (!play.start) return;
  const fields = play.start.split(' ');
  let number = Number(fields[5]) || 1;
  let white = fields[1] === 'w';
  play.plies.forEach((p, i) => {
    if (white || i === 0) {
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = number + (white ? '.' : '...');
      list.append(n);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.textContent = p.san;
    b.dataset.ply = String(i + 1);
    if (i + 1 === play.at) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => goTo(i + 1));
    list.append(b);
    if (!white) number++;
    white = !white;
  });
  $('back').disabled = $('first').disabled = play.at === 0;
  $('forward').disabled = $('last').disabled = play.at >= play.plies.length;
  $('undo').disabled = play.plies.length === 0;
  let text = '';
  if (play.result) {
    const winner = play.result === '1-0' ? t('White wins') : play.result === '0-1' ? t('Black wins') : t('Draw');
    text = tf('Game over: {winner} ({result}) by {reason}.', { winner, result: play.result, reason: resultWords(play.reason) });
  } else if (play.claim) {
    text = tf('A draw can be claimed: {what}. The game goes on unless a player claims it.',
      { what: CLAIM_WORDS[play.claim] ? t(CLAIM_WORDS[play.claim]) : play.claim });
  } else if (play.wrongClaim && play.wrongClaim.at === play.at) {
    text = tf('The draw claimed with {san} was wrong: the move stands and the game goes on.',
      { san: play.wrongClaim.san });
  }
  // FIDE lets the player to move claim with the move about to be played
  // when it makes the third repetition or completes the fifty moves
  const withMove = play.claim || engineToMove() ? [] : play.legal.filter((m) => m.claim);
  if (!text && withMove.length) {
    const named = withMove.slice(0, 3).map((m) => m.san).join(', ') + (withMove.length > 3 ? ', …' : '');
    text = tf('A draw can be claimed with the next move ({moves}): {what}.',
      { moves: named, what: t(CLAIM_WORDS[withMove[0].claim]) });
  }
  $('claim-draw').hidden = (!play.claim && !withMove.length) || !!play.result;
  showGameNote(text);
}

// The address holds the position: ?fen=... alone, or the start and the
// moves (&moves=e2e4_e7e5, &ply=N when the board shows an earlier one).
function followAddress() {
  if (!play.start) return;
  let query = '?fen=' + addressFen(play.shownFen || play.start);
  if (play.plies.length) {
    query = '?fen=' + addressFen(play.start) + '&moves=' + play.plies.map((p) => p.uci).join('_');
    if (play.at !== play.plies.length) query += '&ply=' + play.at;
  }
  if (location.search !== query || location.hash) history.replaceState(null, '', location.pathname + query);
}

// A position from the address: ?fen=... (spaces as _ or %20), with
// &moves=... and &ply=N, or #FEN / #fen=FEN. Puts the FEN in the box and
// keeps the moves for when it has been checked; 1 when there was one.
function loadAddress() {
  const params = new URLSearchParams(location.search);
  let fen = params.get('fen');
  let hash = decodeURIComponent(location.hash.slice(1));
  if (hash.startsWith('fen=')) hash = hash.slice(4);
  if (hash.includes('/')) fen = hash;
  if (!fen) return false;
  const moves = (params.get('moves') || '').split(/[_ ,]+/).filter(Boolean);
  const ply = params.has('ply') ? Number(params.get('ply')) : moves.length;
  play.pending = moves.length && !location.hash ? { moves, ply } : null;
  fenBox.value = readAddressFen(fen);
  return true;
}

// ---- Moves on the board --------------------------------------------------------

const editing = () => document.querySelector('input[name="mode"]:checked').value === 'edit';
const movesFrom = (sq) => play.legal.filter((m) => m.uci.startsWith(squareName(sq)));
const engineToMove = () => play.game && play.fen && sideOf(play.fen) !== play.game.you;

// The move from `from` to `to`, asking for the piece when a pawn promotes;
// 0 when it is no legal move.
function tryMove(from, to) {
  if (engineToMove() || play.locked) return false;
  let found = play.legal.filter((m) => m.uci.slice(0, 4) === squareName(from) + squareName(to));
  const king = state.board[from], rook = state.board[to];
  if (!found.length && king && rook && 'Kk'.includes(king) && rook === (king === 'K' ? 'R' : 'r')) {
    // the king onto its own rook castles on that side, as lichess allows
    const castle = (to & 7) > (from & 7) ? 'O-O' : 'O-O-O';
    found = play.legal.filter((m) => m.uci.startsWith(squareName(from)) && m.san.replace(/[+#]$/, '') === castle);
  }
  if (!found.length) return false;
  if (found.length === 1) playMove(found[0]);
  else choosePromotion(found);
  return true;
}

// Four buttons over the board: the piece a pawn becomes.
function choosePromotion(moves) {
  const box = $('promotion');
  box.replaceChildren();
  const white = sideOf(play.fen) === 'w';
  for (const letter of 'qrbn') {
    const move = moves.find((m) => m.uci.endsWith(letter));
    if (!move) continue;
    const piece = white ? letter.toUpperCase() : letter;
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.piece = piece;
    b.setAttribute('aria-label', 'promote to ' + PIECE_NAMES[piece].split(' ')[1]);
    const img = document.createElement('img');
    img.src = pieceImage(piece);
    img.alt = '';
    b.append(img);
    b.addEventListener('click', () => { box.hidden = true; playMove(move); });
    box.append(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = '✕';
  cancel.setAttribute('aria-label', 'cancel the move');
  cancel.addEventListener('click', () => { box.hidden = true; });
  box.append(cancel);
  box.hidden = false;
  box.querySelector('button').focus();
}

// Click, then click: the first picks a piece that can move and shows its
// targets; a click on a target plays the move. Other clicks go on to the
// editor (app.js), which selects the square.
function onBoardClick(e) {
  const button = e.target.closest('.sq');
  if (!button) return;
  if (play.dragged) { // the end of a drag is no click
    play.dragged = false;
    e.stopPropagation();
    return;
  }
  const sq = squareIndex(button.dataset.square);
  if (!editing() && play.from !== null && tryMove(play.from, sq)) {
    play.from = null;
    e.stopPropagation();
    return;
  }
  play.from = !editing() && movesFrom(sq).length ? sq : null;
}

// Marks drawn over the board after app.js draws it: the picked piece and
// its targets, the last move, the engine's best move as an arrow.
function markBoard() {
  const targets = new Map();
  if (play.from !== null) for (const m of movesFrom(play.from)) targets.set(squareIndex(m.uci.slice(2, 4)), m);
  const last = play.at && play.plies[play.at - 1] ? play.plies[play.at - 1].uci : '';
  squares.forEach((b, sq) => {
    b.classList.toggle('from', sq === play.from);
    b.classList.toggle('target', targets.has(sq));
    b.classList.toggle('capture', targets.has(sq) && state.board[sq] !== '');
    b.classList.toggle('moved', last !== '' && (last.slice(0, 2) === squareName(sq) || last.slice(2, 4) === squareName(sq)));
    const label = b.getAttribute('aria-label') || '';
    const said = ', a legal move of the piece picked';
    if (targets.has(sq) !== label.endsWith(said)) b.setAttribute('aria-label', targets.has(sq) ? label + said : label.slice(0, -said.length));
  });
  drawArrow();
}

// The square's centre in the arrow layer's units (one square wide).
function centre(name) {
  const sq = squareIndex(name);
  const col = state.flipped ? 7 - (sq & 7) : sq & 7;
  const row = state.flipped ? sq >> 3 : 7 - (sq >> 3);
  return [col + 0.5, row + 0.5];
}

function drawArrow() {
  const svg = $('arrows');
  svg.replaceChildren();
  const best = play.lines[0];
  if (!best || !best.pv.length || !$('analyse').checked) return;
  const ns = 'http://www.w3.org/2000/svg';
  const defs = document.createElementNS(ns, 'defs');
  const marker = document.createElementNS(ns, 'marker');
  marker.setAttribute('id', 'head');
  marker.setAttribute('markerWidth', '4');
  marker.setAttribute('markerHeight', '4');
  marker.setAttribute('refX', '2');
  marker.setAttribute('refY', '2');
  marker.setAttribute('orient', 'auto');
  const tip = document.createElementNS(ns, 'path');
  tip.setAttribute('d', 'M0,0 L4,2 L0,4 z');
  marker.append(tip);
  defs.append(marker);
  const [x1, y1] = centre(best.pv[0].slice(0, 2));
  const [x2, y2] = centre(best.pv[0].slice(2, 4));
  const line = document.createElementNS(ns, 'line');
  const len = Math.hypot(x2 - x1, y2 - y1);
  // the line stops short so that the head ends in the target's centre
  const cut = 0.3 / len;
  line.setAttribute('x1', x1);
  line.setAttribute('y1', y1);
  line.setAttribute('x2', x2 - (x2 - x1) * cut);
  line.setAttribute('y2', y2 - (y2 - y1) * cut);
  line.setAttribute('marker-end', 'url(#head)');
  line.dataset.move = best.pv[0];
  svg.append(defs, line);
}

// Drag and drop with the pointer: a piece of the board, or a spare piece
// of the palette. In play mode a board piece may only make a legal move;
// in edit mode it goes anywhere, and off the board it is taken away.
function onPointerDown(e) {
  if (e.button !== 0) return;
  const button = e.target.closest('#board .sq, #palette-buttons button');
  if (!button) return;
  const spare = button.dataset.piece !== undefined;
  const sq = spare ? null : squareIndex(button.dataset.square);
  const piece = spare ? button.dataset.piece : state.board[sq];
  if (!piece) return;
  play.drag = { piece, sq, x: e.clientX, y: e.clientY, ghost: null };
}

function onPointerMove(e) {
  const d = play.drag;
  if (!d) return;
  if (!d.ghost) {
    if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
    d.ghost = document.createElement('img');
    d.ghost.src = pieceImage(d.piece);
    d.ghost.alt = '';
    d.ghost.className = 'ghost';
    document.body.append(d.ghost);
    if (d.sq !== null) {
      squares[d.sq].classList.add('lifted');
      if (!editing() && movesFrom(d.sq).length) { play.from = d.sq; markBoard(); }
    }
  }
  d.ghost.style.left = e.clientX + 'px';
  d.ghost.style.top = e.clientY + 'px';
  e.preventDefault();
}

function onPointerUp(e) {
  const d = play.drag;
  play.drag = null;
  if (!d || !d.ghost) return;
  d.ghost.remove();
  if (d.sq !== null) squares[d.sq].classList.remove('lifted');
  play.dragged = true; // the click that follows is the drop's
  setTimeout(() => { play.dragged = false; }, 0);
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const target = under && under.closest('#board .sq');
  const to = target ? squareIndex(target.dataset.square) : null;
  if (d.sq === null) {
    if (to !== null) put(to, d.piece);
  } else if (!editing()) {
    if (to !== null && to !== d.sq) tryMove(d.sq, to);
    play.from = null;
    markBoard();
  } else if (to !== d.sq && state.editable) {
    state.board[d.sq] = '';
    if (to !== null) state.board[to] = d.piece;
    writeFen();
  }
}

// ---- The engine ------------------------------------------------------------------

// Reads a Server-Sent Events stream from GET url, calling onEvent(name,
// data) for each event; resolves when the stream ends. A refusal (a 503
// when no engine can be started) throws with the server's message.
async function readEvents(url, signal, onEvent) {
  const res = await fetch(url, { signal });
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    const err = new Error(data && data.message ? data.message : 'the server answered ' + res.status);
    err.status = res.status;
    throw err;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const name = (block.match(/^event: (.*)$/m) || [])[1];
      const data = (block.match(/^data: (.*)$/m) || [])[1];
      if (name && data) onEvent(name, JSON.parse(data));
    }
  }
}

// The position shown for the engine: the start and the moves to it, so
// that the engine sees the repetitions a line would make. Only the moves
// since the last capture or pawn move (halfmove clock 0) can repeat, which
// keeps the address short in a long game.
function gameQuery() {
  let from = 0;
  for (let i = play.at; i > 0 && !from; i--) if (play.plies[i - 1].fen.split(' ')[4] === '0') from = i;
  const start = from ? play.plies[from - 1].fen : play.start;
  const moves = play.plies.slice(from, play.at).map((p) => p.uci).join('_');
  return 'fen=' + encodeURIComponent(start) + (moves ? '&moves=' + moves : '');
}

function stopAnalysis() {
  if (play.analysis) play.analysis.abort();
  play.analysis = null;
  play.lines = [];
  $('lines').replaceChildren();
  $('depth').textContent = '';
  $('eval-text').textContent = '';
  $('evalbar').hidden = true;
  drawArrow();
}

function showEngineNote(text) {
  $('engine-note').textContent = text ? sentence(text) : '';
  $('engine-note').hidden = !text;
}

// A score from White's view, as players write it.
function scoreText(s) {
  if ('mate' in s) return '#' + s.mate;
  const bound = s.bound === 'lower' ? '≥' : s.bound === 'upper' ? '≤' : '';
  return bound + (s.cp >= 0 ? '+' : '') + (s.cp / 100).toFixed(2);
}

// White's share of the evaluation bar, in percent.
function whiteShare(s) {
  if ('mate' in s) return s.mate > 0 ? 100 : 0;
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368 * s.cp)) - 1);
}

// The engine's lines of the position shown: the score, and each move a
// button that plays the line up to it.
function showLines(data) {
  play.lines = data.lines;
  $('depth').textContent = tf('depth {n}', { n: data.depth });
  const best = data.lines[0];
  $('eval-text').textContent = scoreText(best.white);
  $('evalbar').hidden = false;
  $('evalbar').classList.toggle('flipped', state.flipped);
  $('evalbar-white').style.height = whiteShare(best.white).toFixed(1) + '%';
  const list = $('lines');
  list.replaceChildren();
  for (const line of data.lines) {
    const li = document.createElement('li');
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = scoreText(line.white);
    li.append(score);
    line.san.forEach((san, k) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.textContent = san;
      b.title = tf('play the line up to {move}', { move: san });
      b.addEventListener('click', () => playLine(line.pv.slice(0, k + 1)));
      li.append(b);
    });
    list.append(li);
  }
  drawArrow();
}

// Streams the engine's view of the position shown while the box is ticked.
async function startAnalysis(tries = 0) {
  if (play.analysis) play.analysis.abort(); // one stream at a time
  play.analysis = null;
  // while the engine thinks over its move in a game, it needs the engine
  if (!$('analyse').checked || play.result || !play.fen || engineToMove()) return;
  const controller = new AbortController();
  play.analysis = controller;
  const seq = play.seq;
  showEngineNote('');
  $('depth').textContent = t('starting the engine…');
  try {
    await readEvents('/api/analyse?multipv=3&' + gameQuery(), controller.signal,
      (name, data) => {
        if (seq !== play.seq) return;
        if (name === 'info') showLines(data);
        else if (name === 'error') showEngineNote(tf('The engine failed: {why}', { why: data.message }));
        else if (name === 'done') $('depth').textContent = tf('depth {n}, done', { n: data.depth });
      });
  } catch (err) {
    if (err.name === 'AbortError' || seq !== play.seq) return;
    // every engine is busy: the analysis left a moment ago may still hold one
    if (err.status === 429 && tries < 5) {
      setTimeout(() => { if (seq === play.seq && play.analysis === controller) startAnalysis(tries + 1); }, 1000);
      return;
    }
    $('depth').textContent = '';
    showEngineNote(tf('No analysis: {why}', { why: err.message }));
  }
}

// ---- Interrogating the FEN ---------------------------------------------------------

function stopSanity() {
  if (play.sanity) play.sanity.abort();
  play.sanity = null;
  $('sanity-list').replaceChildren();
  $('sanity-status').textContent = '';
  for (const id of Object.values(FIELD_CONTROLS)) $(id).classList.remove('suspect');
}

// One neighbour whose verdict differs: the engine's sentence, the field's
// control outlined, and a button that puts the neighbour's FEN in the box.
function showSanityCheck(check) {
  const li = document.createElement('li');
  li.dataset.field = check.field;
  if (check.skipped) {
    li.className = 'skipped';
    li.textContent = tf('{variant}: no game reaches that position ({why}); not asked.',
      { variant: sentence(check.variant), why: check.skipped });
  } else {
    li.textContent = check.message;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'apply';
    b.textContent = t('Use this FEN');
    b.title = check.fen;
    b.addEventListener('click', () => setFen(check.fen));
    li.append(b);
    const control = FIELD_CONTROLS[check.field];
    if (control) $(control).classList.add('suspect');
  }
  $('sanity-list').append(li);
}

// Asks the engine about the position shown and its neighbours (the other
// side to move, each castling right taken away, the en passant square
// added or taken away), and lists those whose verdict differs.
async function interrogate(tries = 0) {
  stopSanity();
  if (!play.fen) return;
  const controller = new AbortController();
  play.sanity = controller;
  const seq = play.seq;
  const status = $('sanity-status');
  let base = null, asked = 0;
  status.textContent = t('asking the engine…');
  try {
    await readEvents('/api/analyse?sanity=1&nodes=' + SANITY_NODES + '&fen=' + encodeURIComponent(play.fen),
      controller.signal, (name, data) => {
        if (seq !== play.seq) return;
        if (name === 'base') {
          base = data;
          status.textContent = tf('This position: {verdict}; asking about {n} neighbours…',
            { verdict: t(VERDICT_WORDS[data.verdict]), n: data.checks });
        } else if (name === 'check') {
          asked++;
          if (data.changes_verdict || data.skipped) showSanityCheck(data);
          status.textContent = tf('This position: {verdict}; {asked} of {n} neighbours asked…',
            { verdict: t(VERDICT_WORDS[base.verdict]), asked, n: base.checks });
        } else if (name === 'done') {
          status.textContent = data.changes
            ? tf(data.changes === 1 ? 'This position: {verdict}. One field changes the verdict:'
              : 'This position: {verdict}. {n} changes move the verdict:', { verdict: t(VERDICT_WORDS[base.verdict]), n: data.changes })
            : tf('No change of side to move, castling rights or en passant square moves the verdict ({n} neighbours asked, {nodes} nodes each).',
              { n: base.checks, nodes: data.nodes });
        } else if (name === 'error') {
          status.textContent = tf('The engine failed: {why}', { why: data.message });
        }
      });
  } catch (err) {
    if (err.name === 'AbortError' || seq !== play.seq) return;
    if (err.status === 429 && tries < 5) {
      setTimeout(() => { if (seq === play.seq && play.sanity === controller) interrogate(tries + 1); }, 1000);
      return;
    }
    status.textContent = tf('No interrogation: {why}', { why: err.message });
  }
}

// Claims the draw the rules allow where the board stands; the game ends
// there, and moves after it (the board shown further back) go. Where only
// a move would allow one, the claim goes with the next move played.
function claimDraw() {
  if (!play.claim) {
    play.claimWith = claimKey(play.start, play.plies.slice(0, play.at).map((p) => p.uci));
    showGameNote(t('Now play the move you claim the draw with: the claim is judged before it is played.'));
    return;
  }
  play.plies = play.plies.slice(0, play.at);
  play.claimed = claimKey(play.start, play.plies.map((p) => p.uci));
  goTo(play.at);
}

// After every position shown: the engine analyses it, or moves in a game.
function afterPosition() {
  startAnalysis();
  if (play.game) {
    if (play.result) return finishGame();
    if (engineToMove()) engineMove();
  }
}

// ---- A game against the engine, and the trainer --------------------------------

function startGame(you, strength, trainer) {
  play.game = { you, strength, trainer };
  $('stop-play').hidden = false;
  $('trainer-verdict').textContent = '';
  $('trainer-verdict').className = '';
  const side = you === 'w' ? t('White') : t('Black');
  showEngineNote(trainer ? tf('You play {side}; the goal: {goal}.', { side, goal: goalText(trainer) })
    : tf('You play {side}.', { side }));
}

function endGame() {
  play.game = null;
  $('stop-play').hidden = true;
}

// The goal of a trainer position ("win with White"), in the reader's language.
const goalText = (goal) => t(goal.goal === 'win'
  ? (goal.you === 'w' ? 'win with White' : 'win with Black')
  : (goal.you === 'w' ? 'hold the draw with White' : 'hold the draw with Black'));
const resultWords = (reason) => (RESULT_WORDS[reason] ? t(RESULT_WORDS[reason]) : reason);

// Asks the engine for its move at the game's strength and plays it.
async function engineMove(tries = 0) {
  const seq = play.seq;
  const query = '/api/analyse?movetime=' + ENGINE_MOVETIME + '&' + gameQuery() +
    (play.game.strength ? '&' + play.game.strength : '');
  let best = null, score = null;
  $('depth').textContent = t('the engine is thinking…');
  try {
    await readEvents(query, undefined, (name, data) => {
      if (name === 'info') score = data.lines[0].white;
      else if (name === 'done') best = data.bestmove;
      else if (name === 'error') throw new Error(data.message);
    });
  } catch (err) {
    if (seq !== play.seq) return;
    if (err.status === 429 && tries < 5) {
      setTimeout(() => { if (seq === play.seq && play.game) engineMove(tries + 1); }, 1000);
      return;
    }
    showEngineNote(tf('The engine cannot play: {why}', { why: err.message }));
    endGame();
    return;
  }
  if (seq !== play.seq || !play.game || !best) return;
  $('depth').textContent = '';
  // The engine claims a draw it may claim unless it thinks it is winning,
  // as a player would (given the moves, it scores a repetition 0.00): on
  // the position reached, or with the move it chose.
  const move = play.legal.find((m) => m.uci === best.uci);
  const white = score && ('mate' in score ? Math.sign(score.mate) * 100000 : score.cp);
  const holding = score && (sideOf(play.fen) === 'w' ? white : -white) <= 0;
  if (play.claim && holding) {
    showEngineNote(tf('The engine claimed the draw ({score}).', { score: scoreText(score) }));
    claimDraw();
    return;
  }
  if (move && move.claim && holding) {
    showEngineNote(tf('The engine claimed the draw with {san} ({score}).', { san: move.san, score: scoreText(score) }));
    play.claimWith = claimKey(play.start, play.plies.slice(0, play.at).map((p) => p.uci));
  }
  if (move) playMove(move);
}

// The game has ended where the board stands: the trainer says whether the
// goal was reached.
function finishGame() {
  const goal = play.game.trainer;
  if (goal) {
    const mine = goal.you === 'w' ? '1-0' : '0-1';
    const held = play.result === mine || (goal.goal === 'draw' && play.result === '1/2-1/2');
    const verdict = $('trainer-verdict');
    verdict.className = held ? 'held' : 'lost';
    verdict.textContent = tf(held ? 'You held it: the goal was to {goal}, and the game ended {result} by {reason}.'
      : 'Not held: the goal was to {goal}, and the game ended {result} by {reason}.',
    { goal: goalText(goal), result: play.result, reason: resultWords(play.reason) });
  }
  endGame();
}

function setupTrainer() {
  const list = $('trainer-list');
  TRAINER.forEach((goal, i) => {
    const option = document.createElement('option');
    option.value = String(i);
    list.append(option);
  });
  // the names and the goal, again whenever the language changes
  const describe = () => {
    TRAINER.forEach((goal, i) => { list.options[i].textContent = t(goal.name); });
    const goal = TRAINER[Number(list.value)];
    $('trainer-goal').textContent = tf('Goal: {goal}. {hint}', { goal: goalText(goal), hint: t(goal.hint) });
  };
  list.addEventListener('change', describe);
  document.addEventListener('fenkit:language', describe);
  describe();
  $('trainer-start').addEventListener('click', () => {
    const goal = TRAINER[Number(list.value)];
    state.flipped = goal.you === 'b';
    startGame(goal.you, '', goal);
    play.keepGame = true; // the check of the FEN below is the game's own
    setFen(goal.fen);
  });
}

// ---- Start -------------------------------------------------------------------------

document.addEventListener('fenkit:start', () => {
  const board = $('board');
  board.addEventListener('click', onBoardClick, true);
  board.addEventListener('contextmenu', (e) => {
    const button = e.target.closest('.sq');
    if (!button || !editing()) return;
    e.preventDefault();
    put(squareIndex(button.dataset.square), '');
  });
  board.addEventListener('pointerdown', onPointerDown);
  $('palette-buttons').addEventListener('pointerdown', onPointerDown);
  // the browser's own drag of an image would take the pointer away
  for (const box of [board, $('palette-buttons')]) box.addEventListener('dragstart', (e) => e.preventDefault());
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerup', onPointerUp);
  $('first').addEventListener('click', () => goTo(0));
  $('back').addEventListener('click', () => goTo(Math.max(0, play.at - 1)));
  $('forward').addEventListener('click', () => goTo(Math.min(play.plies.length, play.at + 1)));
  $('last').addEventListener('click', () => goTo(play.plies.length));
  $('undo').addEventListener('click', () => {
    play.plies = play.plies.slice(0, Math.max(0, play.plies.length - 1));
    goTo(play.plies.length);
  });
  $('claim-draw').addEventListener('click', claimDraw);
  $('copy-pgn').addEventListener('click', async () => {
    const data = await askMoves(play.start, play.plies.map((p) => p.uci));
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.pgn);
      $('copy-pgn').textContent = t('Copied');
    } catch {
      $('copy-pgn').textContent = t('Copy failed');
    }
    setTimeout(() => { $('copy-pgn').textContent = t('Copy PGN'); }, 1500);
  });
  $('analyse').addEventListener('change', () => { stopAnalysis(); startAnalysis(); });
  $('sanity').addEventListener('click', () => interrogate());
  $('play').addEventListener('click', () => {
    const choice = $('play-side').value;
    if (!play.fen) return; // no valid position to play from
    startGame(choice === 'auto' ? sideOf(play.fen) : choice, $('strength').value, null);
    afterPosition();
  });
  $('stop-play').addEventListener('click', () => { endGame(); showEngineNote(''); });
  window.addEventListener('hashchange', () => { if (loadAddress()) check(); });
  // Start position and Clear begin anew even where the board already shows
  // that position
  for (const id of ['start', 'clear']) $(id).addEventListener('click', () => { play.shownFen = null; }, true);
  setupTrainer();
  loadAddress();
});

document.addEventListener('fenkit:drawn', markBoard);

// A position checked by app.js: when it is not the one this file showed,
// the moves start again from it.
document.addEventListener('fenkit:checked', (e) => {
  const r = e.detail;
  if (fenBox.value === play.shownFen) return;
  const keepGame = play.keepGame;
  play.keepGame = false;
  if (!r.valid) {
    endGame();
    stopAnalysis();
    stopSanity();
    play.start = play.fen = null;
    play.plies = [];
    play.legal = [];
    play.result = play.claim = null;
    play.from = null;
    showMoves();
    return;
  }
  const pending = play.pending;
  play.pending = null;
  if (pending) {
    play.start = r.fen;
    play.at = 0;
    playLine(pending.moves).then((ok) => {
      if (!ok) newStart(r.fen);
      else if (pending.ply < play.plies.length) goTo(Math.max(0, pending.ply));
    });
    return;
  }
  newStart(r.fen, keepGame);
});
