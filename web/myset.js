// "Teach it my set": the player's own piece set, learnt by the server from
// a photo of the board in the starting position (POST /api/learn-set),
// kept in localStorage, and sent before every later picture
// (/api/scan?set_bytes=N), since the server keeps nothing.
'use strict';

const SET_STORE = 'fenkit.set';

// The set kept: {name, date, set (the .fks bytes in base64), bottom}, or null.
function storedSet() {
  try {
    const s = JSON.parse(localStorage.getItem(SET_STORE));
    return s && typeof s.set === 'string' ? s : null;
  } catch {
    return null;
  }
}

// The body and query of a scan of file: with the set kept, its bytes first.
function scanBody(file) {
  const s = storedSet();
  if (!s) return { body: file, query: '' };
  const bytes = Uint8Array.from(atob(s.set), (c) => c.charCodeAt(0));
  return { body: new Blob([bytes, file]), query: 'set_bytes=' + bytes.length };
}

function showSet() {
  const s = storedSet();
  $('myset-said').textContent = s
    ? `Your set "${s.name}" (learnt ${s.date}, ${s.bottom === 'black' ? 'Black' : 'White'} at the bottom) reads every picture.`
    : '';
  $('myset-forget').hidden = !s;
}

async function teachSet(file) {
  if (!file) return;
  showScanError('');
  $('myset-said').textContent = 'Learning your set from the picture…';
  let res, data = null;
  try {
    res = await fetch('/api/learn-set', { method: 'POST', body: file });
    data = await res.json().catch(() => null);
  } catch (err) {
    showSet();
    showScanError('Could not reach the server: ' + err.message);
    return;
  }
  if (!res.ok || !data || !data.set) {
    showSet();
    showScanError(data && data.message ? data.message : 'The server answered ' + res.status + '.');
    return;
  }
  const back = data.read_back;
  localStorage.setItem(SET_STORE, JSON.stringify({
    name: file.name.replace(/\.[^.]*$/, '') || 'my set',
    date: new Date().toISOString().slice(0, 10),
    set: data.set,
    bottom: data.bottom,
  }));
  showSet();
  if (back) $('myset-said').append(` It reads its own picture back with ${back.squares_right} of 64 squares right.`);
}

function forgetSet() {
  localStorage.removeItem(SET_STORE);
  showSet();
}

document.addEventListener('fenkit:start', () => {
  showSet();
  $('myset-file').addEventListener('change', (e) => { teachSet(e.target.files[0]); e.target.value = ''; });
  $('myset-forget').addEventListener('click', forgetSet);
  window.addEventListener('storage', (e) => { if (e.key === SET_STORE) showSet(); });
});
