// The playground page: an editor, Run and Stop, and the output of a run in
// a Web Worker (worker.js). The worker's events are web/session's Event:
// out, answer, error, play, progress, done (see web/session/session.go).
'use strict';

const $ = (id) => document.getElementById(id);
const source = $('source'), highlight = $('highlight'), gutter = $('gutter');
const output = $('output'), status = $('status'), runButton = $('run'), stopButton = $('stop');

let worker = null, ready = false, running = false, stopFlag = null, stopTimer = null;
let words = { keywords: new Set(), functions: new Set(), games: new Set() };
let scripts = [], exerciseSets = [], scriptName = 'script.game', marks = [];
let runLines = []; // the lines of the script being run, for the answers' captions
let block = null; // the output block of the statement being printed
let loadStart = performance.now(), runStart = 0, firstAnswer = 0;

// --- the editor -------------------------------------------------------------

function escapeHTML(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const token = /(#.*$)|("(?:[^"\\]|\\.)*"?)|(\b\d+\b)|([A-Za-z_][A-Za-z0-9_]*)|([^#"A-Za-z0-9_]+)/g;

function highlightLine(line) {
  return line.replace(token, (m, com, str, num, word, other) => {
    if (com) return '<span class="com">' + escapeHTML(com) + '</span>';
    if (str) return '<span class="str">' + escapeHTML(str) + '</span>';
    if (num) return '<span class="num">' + num + '</span>';
    if (word) {
      if (words.keywords.has(word)) return '<span class="kw">' + word + '</span>';
      if (words.functions.has(word)) return '<span class="fn">' + word + '</span>';
      if (words.games.has(word)) return '<span class="game">' + word + '</span>';
      return word;
    }
    return escapeHTML(other);
  });
}

// charIndex is the index of the character at a byte offset of a line's
// UTF-8 (error positions count bytes).
function charIndex(line, byteOffset) {
  let bytes = 0, i = 0;
  for (const ch of line) {
    if (bytes >= byteOffset) break;
    bytes += new TextEncoder().encode(ch).length;
    i += ch.length;
  }
  return Math.min(i, line.length);
}

// render draws the highlighted copy and the gutter, marking the lines and
// columns of the last run's errors.
function render() {
  const lines = source.value.split('\n');
  const byLine = new Map(marks.map((m) => [m.line, m]));
  highlight.innerHTML = lines.map((line, i) => {
    const m = byLine.get(i + 1);
    if (!m) return highlightLine(line);
    const col = charIndex(line, m.column - 1);
    return '<span class="errline" data-line="' + (i + 1) + '" data-col="' + (col + 1) + '" title="' + escapeHTML(m.msg) + '">' +
      highlightLine(line) + '<span class="errcaret" style="left: ' + col + 'ch"></span></span>';
  }).join('\n') + '\n';
  gutter.innerHTML = lines.map((_, i) => {
    const m = byLine.get(i + 1);
    return m ? '<div class="err" data-line="' + (i + 1) + '" title="' + escapeHTML(m.msg) + '">' + (i + 1) + '</div>'
      : '<div>' + (i + 1) + '</div>';
  }).join('');
  source.style.height = 'auto';
  source.style.height = source.scrollHeight + 'px';
}

// An example whose whole text is replaced (Select All, then a paste or a
// key) or emptied is a new script: its errors, share link and download
// carry a name of its own (untitled.game), not the example's, and the
// example's edited copy is left as it was.
let replacing = false;
source.addEventListener('beforeinput', () => {
  replacing = source.value !== '' && source.selectionStart === 0 && source.selectionEnd === source.value.length;
});
source.addEventListener('input', () => {
  if ((replacing || source.value === '') && scripts.some((s) => s.name === scriptName)) {
    scriptName = untitled();
    $('scripts').value = '';
    showReset();
  }
  replacing = false;
  marks = []; render(); save();
});

// untitled is a name for a new script that no kept script has.
function untitled() {
  for (let i = 1; ; i++) {
    const name = i === 1 ? 'untitled.game' : 'untitled-' + i + '.game';
    if (localStorage.getItem(keyOf(name)) === null) return name;
  }
}
source.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); }
  if (e.key === 'Tab' && !e.shiftKey) {
    e.preventDefault();
    document.execCommand('insertText', false, '    ');
  }
});

function goToLine(line) {
  const lines = source.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  source.focus();
  source.setSelectionRange(at, at + (lines[line - 1] || '').length);
}

// --- the output -------------------------------------------------------------

function newBlock(cls) {
  block = document.createElement('div');
  block.className = 'block';
  const pre = document.createElement('pre');
  pre.className = cls;
  block.appendChild(pre);
  output.appendChild(block);
  return block;
}

function print(text) {
  if (!block || block.classList.contains('done')) newBlock('cli');
  block.firstChild.textContent += text;
  block.scrollIntoView({ block: 'end' });
}

// answer ends the block of a statement's text, and draws its value when a
// picture says it better: a table, a plot, an explanation.
function answer(e) {
  if (!block || block.classList.contains('done')) newBlock('cli');
  block.classList.add('done');
  block.dataset.line = e.line;
  block.dataset.kind = e.kind;
  caption(block, e.line);
  const view = document.createElement('div');
  view.className = 'view';
  if (e.kind === 'table') {
    view.appendChild(tableView(e.value));
  } else if (e.kind === 'plot') {
    view.innerHTML = e.svg;
    const file = document.createElement('div');
    file.className = 'file';
    file.textContent = block.firstChild.textContent.trim() + ' (drawn here as SVG)';
    view.appendChild(file);
  } else if (e.kind === 'explanation') {
    view.appendChild(explainView(e.value));
  } else {
    return;
  }
  block.classList.add('rich');
  block.appendChild(view);
}

// caption labels an answer with the statement it answers: its line, and
// its text (the whole line on hover).
function caption(b, line) {
  const text = (runLines[line - 1] || '').trim();
  const c = document.createElement('div');
  c.className = 'stmt';
  c.textContent = 'line ' + line + ': ' + (text.length > 70 ? text.slice(0, 69) + '…' : text);
  c.title = text;
  b.insertBefore(c, b.firstChild);
}

function tableView(t) {
  const table = document.createElement('table');
  const exc = new Set((t.exceptions || []).map((x) => x.row + ',' + x.column));
  let html = '<caption>' + escapeHTML(t.title) + '</caption><thead><tr><th>' + escapeHTML(t.corner) + '</th>' +
    t.columns.map((c) => '<th>' + escapeHTML(c) + '</th>').join('') + '</tr></thead><tbody>';
  t.rows.forEach((row, r) => {
    html += '<tr><th>' + escapeHTML(t.labels[r]) + '</th>' + row.map((v, c) => {
      const cls = exc.has(r + ',' + c) ? 'exc' : v === 0 ? 'zero' : '';
      const text = v === null ? '' : String(v) + (exc.has(r + ',' + c) ? '*' : '');
      return '<td class="' + cls + '">' + escapeHTML(text) + '</td>';
    }).join('') + '</tr>';
  });
  table.innerHTML = html + '</tbody>';
  const box = document.createElement('div');
  box.appendChild(table);
  for (const n of t.notes || []) {
    const p = document.createElement('p');
    p.className = 'notes';
    p.textContent = n;
    box.appendChild(p);
  }
  return box;
}

// explainView sets an explanation's prose as paragraphs (the text wraps
// its sentences at a fixed width) and its indented lists of moves and
// values as aligned blocks.
function explainView(text) {
  const box = document.createElement('div');
  box.className = 'explain';
  let prose = [], listing = [];
  const flush = () => {
    if (prose.length) {
      const p = document.createElement('p');
      p.innerHTML = escapeHTML(prose.join(' ')).replace(/\b(outcome [PND])\b/g, '<span class="outcome">$1</span>')
        .replace(/(the player to move (?:wins|loses))/g, '<span class="outcome">$1</span>');
      box.appendChild(p);
      prose = [];
    }
    if (listing.length) {
      const pre = document.createElement('pre');
      pre.textContent = listing.join('\n');
      box.appendChild(pre);
      listing = [];
    }
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('  ')) {
      if (prose.length) flush();
      listing.push(line.slice(2));
    } else if (line.trim() === '') {
      flush();
    } else {
      if (listing.length) flush();
      prose.push(line);
    }
  }
  flush();
  return box;
}

function showError(e) {
  newBlock('cli err').firstChild.textContent = e.text;
  block.classList.add('done');
  if (e.marks && e.marks.length) {
    marks = e.marks;
    block.dataset.line = e.marks[0].line;
    render();
  }
}

function showPlay(moves) {
  const box = $('play'), list = $('play-moves');
  list.innerHTML = '';
  box.hidden = !moves || moves.length === 0;
  if (!box.hidden) {
    output.appendChild(box); // right after the position it offers moves from
    box.scrollIntoView({ block: 'nearest' });
  }
  (moves || []).forEach((text, i) => {
    const b = document.createElement('button');
    b.textContent = text;
    b.dataset.choice = String(i + 1);
    b.addEventListener('click', () => move(String(i + 1), text));
    list.appendChild(b);
  });
}

output.addEventListener('click', (e) => {
  const b = e.target.closest('.block[data-line]');
  if (b && !e.target.closest('svg')) goToLine(Number(b.dataset.line));
});

$('astext').addEventListener('change', (e) => document.body.classList.toggle('astext', e.target.checked));

// --- the worker -------------------------------------------------------------

function startWorker() {
  ready = false;
  loadStart = performance.now();
  worker = new Worker('worker.js');
  worker.onmessage = (m) => handle(JSON.parse(m.data));
  worker.onerror = (e) => { status.textContent = 'the worker failed: ' + e.message; };
  if (self.crossOriginIsolated) {
    stopFlag = new Int32Array(new SharedArrayBuffer(4));
    worker.postMessage({ type: 'stop-flag', buffer: stopFlag.buffer });
  } else {
    stopFlag = null;
  }
}

function handle(e) {
  switch (e.type) {
    case 'ready':
      ready = true;
      runButton.disabled = running;
      if (!scripts.length) setup(e);
      status.textContent = e.version + ' ready in ' + Math.round(performance.now() - loadStart) + ' ms';
      document.body.dataset.ready = '1';
      if (!document.body.dataset.readyAt) document.body.dataset.readyAt = String(Math.round(performance.now()));
      break;
    case 'out':
      if (!firstAnswer) firstAnswer = performance.now() - runStart;
      if (!document.body.dataset.firstAnswerAt) document.body.dataset.firstAnswerAt = String(Math.round(performance.now()));
      print(e.text);
      break;
    case 'answer':
      answer(e);
      break;
    case 'error':
      showError(e);
      break;
    case 'play':
      showPlay(e.moves);
      break;
    case 'progress':
      $('progress').textContent = e.text;
      break;
    case 'done':
      finish('done in ' + e.millis + ' ms' + (e.status ? ' (exit status ' + e.status + ')' : '') +
        (firstAnswer ? '; first answer after ' + Math.round(firstAnswer) + ' ms' : ''), e.status);
      break;
    case 'exercises':
      showExercises(e);
      break;
    case 'verdict':
      showVerdict(e);
      break;
    case 'hint':
      showHint(e);
      break;
    case 'fatal':
      status.textContent = e.text;
      break;
  }
}

function setup(e) {
  words = { keywords: new Set(e.keywords), functions: new Set(e.functions), games: new Set(e.games) };
  scripts = e.scripts;
  exerciseSets = e.exercises || [];
  const select = $('scripts');
  for (const group of ['examples', 'tutorial']) {
    const og = document.createElement('optgroup');
    og.label = group === 'examples' ? 'examples' : 'the tutorial, section by section';
    scripts.forEach((s, i) => {
      if (s.group !== group) return;
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = s.title;
      o.dataset.name = s.name;
      og.appendChild(o);
    });
    select.appendChild(og);
  }
  if (exerciseSets.length) {
    const og = document.createElement('optgroup');
    og.label = 'exercises';
    exerciseSets.forEach((x) => {
      const o = document.createElement('option');
      o.value = 'ex:' + x.name;
      o.textContent = x.title;
      og.appendChild(o);
    });
    select.appendChild(og);
  }
  const params = new URLSearchParams(location.search);
  const want = params.get('example');
  if (location.hash.startsWith('#s=')) {
    openShared().then(() => { if (params.has('run')) run(); });
    return;
  }
  if (want && want.startsWith('ex:')) {
    select.value = want;
    openExercises(want.slice(3));
  } else if (want) {
    const i = scripts.findIndex((s) => s.name === want);
    if (i >= 0) { select.value = String(i); open(i); }
  } else {
    restore(localStorage.getItem(lastKey) || 'script.game');
  }
  render();
  if (params.has('run')) run();
}

// --- work that survives -----------------------------------------------------

// Each script's text is kept in the browser's storage under its name (an
// example's edited copy, or script.game, the page's own), with the name of
// the one last open: a reload, or the same example opened again, finds the
// work where it was left. Reset goes back to an example as it was.
const lastKey = 'gamelang:last', keyOf = (name) => 'gamelang:script:' + name;
const firstScript = source.value; // script.game as the page ships it
let saveTimer = null;

function save() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 200);
}

function saveNow() {
  clearTimeout(saveTimer);
  try {
    localStorage.setItem(keyOf(scriptName), source.value);
    localStorage.setItem(lastKey, scriptName);
  } catch (err) {
    status.textContent = 'the browser does not keep this script: ' + err.message;
  }
  showReset();
}
window.addEventListener('pagehide', saveNow);

// original is the text of a script as the page ships it, or null.
function original(name) {
  if (name === 'script.game') return firstScript;
  const s = scripts.find((x) => x.name === name);
  return s ? s.source : null;
}

function showReset() {
  const orig = original(scriptName);
  $('reset').hidden = orig === null || orig === source.value;
}

// restore opens the script of that name as it was last left.
function restore(name) {
  const kept = localStorage.getItem(keyOf(name));
  const orig = original(name);
  if (kept === null && orig === null) return;
  scriptName = name;
  source.value = kept !== null ? kept : orig;
  const i = scripts.findIndex((s) => s.name === name);
  $('scripts').value = i >= 0 ? String(i) : '';
  marks = [];
  render();
  showReset();
}

$('reset').addEventListener('click', () => {
  const orig = original(scriptName);
  if (orig === null) return;
  source.value = orig;
  marks = [];
  render();
  saveNow();
});

// A share link carries the script in the address's fragment, which is
// never sent to a server, compressed: #s=DATA&n=NAME.
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(data) {
  const bin = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

async function share() {
  const link = location.origin + location.pathname + '#s=' + await pack(source.value) + '&n=' + encodeURIComponent(scriptName);
  history.replaceState(null, '', link);
  const box = $('share-link');
  box.value = link;
  box.hidden = false;
  box.select();
  document.body.dataset.shareLink = link;
  try {
    await navigator.clipboard.writeText(link);
    status.textContent = 'the link to this script is copied';
  } catch (err) {
    status.textContent = 'the link to this script is below the output: copy it';
  }
}

async function openShared() {
  const params = new URLSearchParams(location.hash.slice(1));
  try {
    source.value = await unpack(params.get('s'));
    scriptName = params.get('n') || 'shared.game';
    status.textContent = 'opened from a shared link';
  } catch (err) {
    status.textContent = 'this shared link is damaged: ' + err.message;
  }
  marks = [];
  render();
  saveNow();
}

$('share').addEventListener('click', share);

$('download').addEventListener('click', () => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([source.value], { type: 'text/plain' }));
  a.download = scriptName.endsWith('.game') ? scriptName : scriptName + '.game';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});

$('upload').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  saveNow();
  source.value = await f.text();
  scriptName = f.name;
  $('scripts').value = '';
  marks = [];
  render();
  saveNow();
  e.target.value = '';
});

// --- exercises ----------------------------------------------------------------

function openExercises(name) {
  output.innerHTML = '';
  block = null;
  worker.postMessage({ type: 'exercises', name });
}

function showExercises(e) {
  output.innerHTML = '';
  block = null;
  const head = document.createElement('div');
  head.className = 'exercises-head';
  head.innerHTML = '<h2>' + escapeHTML(e.title) + '</h2>' + (e.text ? '<p class="source">' + escapeHTML(e.text) + '</p>' : '') +
    '<p class="how">Answer as gamelang writes a value: a number, a set {0, 7}, a list [3, 3], P or N, or the position a move leaves, ' +
    'such as Take6(28). The editor is yours to explore with.</p>';
  output.appendChild(head);
  for (const item of e.items) {
    const box = document.createElement('div');
    box.className = 'exercise';
    box.dataset.id = item.id;
    box.innerHTML = '<p class="question"><b>' + escapeHTML(item.id) + '.</b> ' + escapeHTML(item.question) + '</p>' +
      '<div class="answer-row"><input class="answer" spellcheck="false" aria-label="your answer to ' + escapeHTML(item.id) + '">' +
      '<button class="check">Check</button><button class="hint">Hint</button></div>' +
      '<div class="verdict"></div><div class="hint-text" hidden></div>';
    const input = box.querySelector('.answer');
    const kept = 'gamelang:answer:' + e.title + ':' + item.id;
    input.value = localStorage.getItem(kept) || '';
    const check = () => {
      localStorage.setItem(kept, input.value);
      box.querySelector('.verdict').textContent = 'checking…';
      delete box.dataset.verdict;
      worker.postMessage({ type: 'check', id: item.id, answer: input.value });
    };
    box.querySelector('.check').addEventListener('click', check);
    input.addEventListener('keydown', (k) => { if (k.key === 'Enter') check(); });
    box.querySelector('.hint').addEventListener('click', () => worker.postMessage({ type: 'hint', id: item.id }));
    output.appendChild(box);
  }
  status.textContent = e.items.length + ' exercises';
}

function exerciseBox(id) {
  return [...output.querySelectorAll('.exercise')].find((b) => b.dataset.id === id);
}

function showVerdict(e) {
  const box = exerciseBox(e.id);
  if (!box) return;
  box.dataset.verdict = e.right ? 'right' : 'wrong';
  box.querySelector('.verdict').textContent = e.text;
}

function showHint(e) {
  const box = exerciseBox(e.id);
  if (!box) return;
  const div = box.querySelector('.hint-text');
  div.innerHTML = '';
  div.appendChild(explainView(e.text)); // an explanation, set as prose and lists
  div.hidden = false;
}

function open(i) {
  saveNow();
  restore(scripts[i].name);
}

$('scripts').addEventListener('change', (e) => {
  const v = e.target.value;
  if (v.startsWith('ex:')) openExercises(v.slice(3));
  else if (v !== '') open(Number(v));
});

function begin(label) {
  running = true;
  runButton.disabled = true;
  stopButton.disabled = false;
  document.body.dataset.running = '1';
  delete document.body.dataset.status;
  $('progress').textContent = '';
  status.textContent = label;
  runStart = performance.now();
  firstAnswer = 0;
}

function finish(text, code) {
  if (!$('play').hidden) text += '; your move (the script goes on after the game)';
  running = false;
  clearTimeout(stopTimer);
  runButton.disabled = !ready;
  stopButton.disabled = true;
  $('progress').textContent = '';
  status.textContent = text;
  delete document.body.dataset.running;
  document.body.dataset.status = String(code);
  document.body.dataset.firstAnswer = String(Math.round(firstAnswer));
}

function run() {
  if (!ready || running) return;
  $('output-pane').insertBefore($('play'), $('progress')); // out of the output it clears
  output.innerHTML = '';
  runLines = source.value.split('\n');
  block = null;
  marks = [];
  showPlay([]);
  render();
  begin('running…');
  worker.postMessage({ type: 'run', name: scriptName, source: source.value });
}

function move(choice, text) {
  if (!ready || running) return;
  showPlay([]);
  newBlock('cli you').firstChild.textContent = choice === 'q' ? 'You stop the game.' : 'You: ' + text;
  block.classList.add('done');
  begin('thinking…');
  worker.postMessage({ type: 'move', choice });
}

// stop asks the run to stop as Ctrl-C does (the interpreter says where it
// was); where the page cannot share memory with the worker, or the run
// does not stop within 3 seconds, the worker is ended and started again.
function stop() {
  if (!running) return;
  if (stopFlag) {
    Atomics.store(stopFlag, 0, 1);
    status.textContent = 'stopping…';
    stopTimer = setTimeout(restart, 3000);
  } else {
    restart();
  }
}

function restart() {
  worker.terminate();
  newBlock('cli err').firstChild.textContent = 'stopped: the computation was ended';
  block.classList.add('done');
  showPlay([]);
  finish('stopped', 130);
  startWorker();
  runButton.disabled = true;
  status.textContent = 'stopped; restarting gamelang…';
}

runButton.addEventListener('click', run);
stopButton.addEventListener('click', stop);
$('play-quit').addEventListener('click', () => move('q', ''));
source.addEventListener('scroll', () => { highlight.scrollTop = source.scrollTop; highlight.scrollLeft = source.scrollLeft; });

render();
startWorker();
