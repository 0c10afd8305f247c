// pidgate's page script: the resolve box and the list normalizer of the home page. Plain JavaScript,
// no framework and no build step. Every text from the server or the user goes into the page through
// textContent (never innerHTML). The page works without it for resolution (the form GETs /lookup).

const resultBox = document.getElementById('resolve-result');
const base = resultBox?.dataset.base ?? '/';
const CAP = Number(document.getElementById('cap')?.dataset.cap ?? 500);
/** Members listed per equivalence group; the downloads list them all. */
const MEMBERS_SHOWN = 20;

/** An element with attributes and children (strings become text nodes). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
  return node;
}

/** `input` in a <code> with the character at `offset` (UTF-16 units, as the parsers count) marked. */
function highlighted(input, offset) {
  if (typeof offset !== 'number' || offset < 0 || offset > input.length) return el('code', {}, input);
  if (offset === input.length) {
    return el(
      'code',
      {},
      input,
      el(
        'mark',
        { class: 'offending end', title: 'something is missing at the end' },
        '␣',
        el('span', { class: 'visually-hidden' }, ' (end of input)'),
      ),
    );
  }
  const code = input.charCodeAt(offset);
  const width = code >= 0xd800 && code <= 0xdbff && offset + 1 < input.length ? 2 : 1;
  return el(
    'code',
    {},
    input.slice(0, offset),
    el('mark', { class: 'offending', title: `character ${offset + 1}` }, input.slice(offset, offset + width)),
    input.slice(offset + width),
  );
}

function link(url) {
  return /^https?:\/\/[!-~]+$/.test(url) ? el('a', { href: url }, url) : document.createTextNode(url);
}

function valueNode(v) {
  if (typeof v === 'string') return link(v);
  if (v === null || v === undefined) return el('span', { class: 'muted' }, 'none');
  if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
    return el(
      'ol',
      {},
      v.map((x) => el('li', {}, x)),
    );
  return el('code', {}, typeof v === 'object' ? JSON.stringify(v) : String(v));
}

const LABELS = { who: 'Who', what: 'What', when: 'When', where: 'Where', how: 'How it was found', accessUrl: 'Access' };

function keyValues(title, value) {
  const rows = Object.entries(value).map(([k, v]) =>
    el('tr', {}, el('th', { scope: 'row' }, LABELS[k] ?? k), el('td', {}, valueNode(v))),
  );
  return [el('h3', {}, title), el('table', { class: 'kv' }, el('tbody', {}, rows))];
}

async function problemText(res) {
  try {
    const p = await res.json();
    return `${p.title ?? res.status}: ${p.detail ?? ''}${p.code ? ` (${p.code})` : ''}`;
  } catch {
    return `the gateway answered ${res.status}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Resolve box

const INFLECTION = /(\?info|\?\?|\?)$/;

/**
 * Whether `/{id}?info` reaches the gateway with the identifier exactly as typed: the browser's URL
 * parser leaves printable ASCII alone except `#`, `?`, `\` and dot segments (also as `%2e`).
 */
function pathSafe(id) {
  return /^[!-~]+$/.test(id) && !/[#?\\]/.test(id) && !/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(id);
}

async function metadataOf(id, signal) {
  const url = pathSafe(id) ? `${base}${id}?info` : `${base}lookup?id=${encodeURIComponent(id)}`;
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) return null;
  return res.json();
}

let resolving = null;

async function resolveBox(event) {
  const input = document.getElementById('resolve-id');
  const id = input.value.trim().replace(INFLECTION, '');
  if (id === '') return; // the browser's own "required" message explains
  event.preventDefault();
  resolving?.abort();
  const controller = new AbortController();
  resolving = controller;
  resultBox.setAttribute('aria-busy', 'true');
  resultBox.replaceChildren(el('p', { class: 'muted' }, 'Looking up…'));
  const page = el('a', { href: `${base}lookup?id=${encodeURIComponent(id)}` }, 'this lookup as a page');
  try {
    const res = await fetch(`${base}api/v1/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ identifiers: [id] }),
      signal: controller.signal,
    });
    if (!res.ok) {
      resultBox.replaceChildren(el('p', { class: 'status-bad' }, await problemText(res)));
      return;
    }
    const [r] = (await res.json()).results;
    const out = el('div', { class: 'panel', id: 'resolve-answer' });
    if (r.error) {
      out.append(
        el(
          'p',
          {},
          el('span', { class: 'status-bad' }, 'Not an identifier'),
          `: ${r.error.message} `,
          el('span', { class: 'error-code' }, `(${r.error.code})`),
        ),
        el('p', {}, highlighted(r.input, r.error.offset)),
      );
      resultBox.replaceChildren(out);
      return;
    }
    out.append(
      r.target
        ? el(
            'p',
            {},
            el('span', { class: 'status-ok' }, 'Resolves'),
            ` (${r.status}) to `,
            el('a', { href: r.target, id: 'resolve-target' }, r.target),
          )
        : el(
            'p',
            {},
            el('span', { class: 'status-bad' }, 'Does not resolve'),
            ` (${r.status}${r.code ? `, ${r.code}` : ''})${r.detail ? `: ${r.detail}` : ''}`,
          ),
      ...keyValues('Identifier', { scheme: r.scheme, normalized: r.normalized }),
    );
    resultBox.replaceChildren(out);
    const record = await metadataOf(id, controller.signal);
    if (record) {
      out.append(...keyValues('Citation (erc)', record.erc));
      if (record.support) out.append(...keyValues('Commitment (erc-support)', record.support));
      if (record.components) out.append(...keyValues('Components', record.components));
      out.append(...keyValues('Resolution', record.resolution));
    }
    out.append(el('p', { class: 'hint' }, 'Everything known, to bookmark or share: ', page, '.'));
  } catch (e) {
    if (e.name !== 'AbortError')
      resultBox.replaceChildren(el('p', { class: 'status-bad' }, `The lookup failed: ${e.message}`));
  } finally {
    if (resolving === controller) resultBox.removeAttribute('aria-busy');
  }
}

// ---------------------------------------------------------------------------------------------------
// Normalize a list: stream the lines to /api/v1/normalize as text/plain, read NDJSON back.

const $ = (id) => document.getElementById(id);
const fmt = new Intl.NumberFormat('en');

/** One run over one list: every record (for the downloads) and the groups, by normalized form. */
class Run {
  records = [];
  groups = new Map();
  ok = 0;
  errors = 0;
  shownRows = 0;
  shownErrors = 0;
  done = false;
  constructor(profile) {
    this.profile = profile;
  }
  add(record) {
    const line = this.records.length + 1;
    this.records.push(record);
    if (record.ok) {
      this.ok++;
      const g = this.groups.get(record.normalized);
      if (g) g.lines.push(line);
      else this.groups.set(record.normalized, { normalized: record.normalized, scheme: record.scheme, lines: [line] });
    } else this.errors++;
  }
  equivalences() {
    const out = [];
    for (const g of this.groups.values()) if (g.lines.length > 1) out.push(g);
    return out;
  }
}

let current = null;
let controller = null;
let frame = 0;

function summaryItem(label, value, id) {
  return el('div', {}, el('b', { id }, fmt.format(value)), label);
}

/** Bring the page up to date with `run`: at most once per animation frame, and at most CAP rows. */
function flush() {
  frame = 0;
  const run = current;
  if (!run) return;
  $('normalize-summary').replaceChildren(
    summaryItem('lines', run.records.length, 'count-lines'),
    summaryItem('normalized', run.ok, 'count-ok'),
    summaryItem('errors', run.errors, 'count-errors'),
    summaryItem('distinct identifiers', run.groups.size, 'count-distinct'),
  );
  const rows = document.createDocumentFragment();
  const errors = document.createDocumentFragment();
  for (let i = run.shownRows; i < run.records.length && run.shownRows < CAP; i++) {
    const r = run.records[i];
    rows.append(
      el(
        'tr',
        {},
        el('td', {}, i + 1),
        el('td', {}, r.ok ? el('code', {}, r.input) : highlighted(r.input, r.error.offset)),
        el('td', {}, r.ok ? el('code', {}, r.normalized) : el('span', { class: 'error-code' }, r.error.code)),
        el('td', {}, r.ok ? r.scheme : ''),
      ),
    );
    run.shownRows++;
  }
  // Errors are found anywhere in the list: scan only what arrived since the last frame.
  for (let i = run.scannedErrors ?? 0; i < run.records.length && run.shownErrors < CAP; i++) {
    const r = run.records[i];
    if (r.ok) continue;
    errors.append(
      el(
        'tr',
        { 'data-line': i + 1 },
        el('td', {}, i + 1),
        el('td', {}, highlighted(r.input, r.error.offset)),
        el('td', {}, el('span', { class: 'error-code' }, r.error.code), ' ', r.error.message),
      ),
    );
    run.shownErrors++;
  }
  run.scannedErrors = run.records.length;
  $('rows-body').append(rows);
  $('errors-body').append(errors);
  $('rows-note').textContent =
    run.records.length > CAP ? `The first ${fmt.format(CAP)} lines are shown; the downloads hold all of them.` : '';
  $('errors-note').textContent =
    run.errors === 0
      ? run.done
        ? 'None: every line is an identifier.'
        : ''
      : run.errors > CAP
        ? `The first ${fmt.format(CAP)} of ${fmt.format(run.errors)} errors are shown; the downloads hold all of them.`
        : '';
  if (run.done) renderGroups(run);
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(flush);
}

function renderGroups(run) {
  const groups = run.equivalences();
  const items = groups.slice(0, CAP).map((g) => {
    const members = g.lines
      .slice(0, MEMBERS_SHOWN)
      .map((line) =>
        el('li', {}, el('code', {}, run.records[line - 1].input), el('span', { class: 'muted' }, ` (line ${line})`)),
      );
    if (g.lines.length > MEMBERS_SHOWN)
      members.push(el('li', { class: 'muted' }, `and ${fmt.format(g.lines.length - MEMBERS_SHOWN)} more`));
    return el(
      'li',
      { 'data-normalized': g.normalized },
      el('code', { class: 'group-key' }, g.normalized),
      ` — ${fmt.format(g.lines.length)} equivalent lines`,
      el('ul', {}, members),
    );
  });
  $('groups-list').replaceChildren(...items);
  $('groups-note').textContent =
    groups.length === 0
      ? `No two lines are equivalent (${fmt.format(run.groups.size)} distinct identifiers).`
      : `${fmt.format(groups.length)} groups of equivalent lines among ${fmt.format(run.groups.size)} distinct identifiers` +
        (groups.length > CAP ? `; the first ${fmt.format(CAP)} are shown, the downloads hold all.` : '.');
}

function setRunning(running) {
  $('normalize-run').disabled = running;
  $('normalize-stop').hidden = !running;
  $('download-csv').disabled = running || !current || current.records.length === 0;
  $('download-json').disabled = $('download-csv').disabled;
}

/** Normalize `body` (a string or a File, sent as it is read), rendering the answer as it streams in. */
async function normalize(body, label) {
  controller?.abort();
  controller = new AbortController();
  const signal = controller.signal;
  const profile = $('normalize-profile').value;
  const run = new Run(profile);
  current = run;
  $('normalize-result').hidden = false;
  for (const id of ['rows-body', 'errors-body', 'groups-list']) $(id).replaceChildren();
  $('groups-note').textContent = 'Groups are listed when the whole list is read.';
  const status = $('normalize-status');
  status.textContent = `Normalizing ${label}…`;
  setRunning(true);
  let buffer = '';
  try {
    const res = await fetch(`${base}api/v1/normalize?profile=${encodeURIComponent(profile)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8', accept: 'application/x-ndjson' },
      body,
      signal,
    });
    if (!res.ok || !res.body) {
      status.textContent = `The gateway refused the list: ${await problemText(res)}`;
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let start = 0;
      for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n', start)) {
        if (nl > start) run.add(JSON.parse(buffer.slice(start, nl)));
        start = nl + 1;
      }
      buffer = buffer.slice(start);
      schedule();
    }
    if (buffer.trim() !== '') run.add(JSON.parse(buffer));
    run.done = true;
    cancelAnimationFrame(frame);
    flush();
    const groups = run.equivalences().length;
    status.textContent =
      `Done: ${fmt.format(run.records.length)} lines, ${fmt.format(run.ok)} normalized, ${fmt.format(run.errors)} ` +
      `${run.errors === 1 ? 'error' : 'errors'}, ${fmt.format(groups)} ${groups === 1 ? 'group' : 'groups'} of equivalent lines.`;
    status.dataset.state = 'done';
  } catch (e) {
    if (current === run) {
      run.done = true;
      flush();
      status.textContent =
        e.name === 'AbortError'
          ? `Stopped after ${fmt.format(run.records.length)} lines; the downloads hold those.`
          : `Normalizing stopped after ${fmt.format(run.records.length)} lines: ${e.message}`;
      status.dataset.state = 'stopped';
    }
  } finally {
    if (current === run) setRunning(false);
  }
}

// Downloads: built when asked for, from every record.

/** One CSV field (RFC 4180); a field a spreadsheet would run as a formula is prefixed with "'". */
function csvField(v) {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function save(parts, type, name) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = el('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function groupNumbers(run) {
  const numbers = new Map();
  for (const g of run.groups.values()) numbers.set(g.normalized, numbers.size + 1);
  return numbers;
}

function downloadCsv() {
  const run = current;
  if (!run) return;
  const numbers = groupNumbers(run);
  const parts = ['line,input,ok,scheme,normalized,group,error_code,error_message,error_offset\r\n'];
  let chunk = '';
  run.records.forEach((r, i) => {
    const fields = r.ok
      ? [i + 1, r.input, 'true', r.scheme, r.normalized, numbers.get(r.normalized), '', '', '']
      : [i + 1, r.input, 'false', '', '', '', r.error.code, r.error.message, r.error.offset];
    chunk += `${fields.map(csvField).join(',')}\r\n`;
    if (chunk.length > 1 << 16) {
      parts.push(chunk);
      chunk = '';
    }
  });
  parts.push(chunk);
  save(parts, 'text/csv;charset=utf-8', 'pidgate-normalized.csv');
}

function downloadJson() {
  const run = current;
  if (!run) return;
  const doc = {
    profile: run.profile,
    results: run.records,
    groups: [...run.groups.values()].map((g) => ({ normalized: g.normalized, scheme: g.scheme, lines: g.lines })),
  };
  save([JSON.stringify(doc)], 'application/json', 'pidgate-normalized.json');
}

// ---------------------------------------------------------------------------------------------------

function start() {
  $('resolve-form')?.addEventListener('submit', resolveBox);
  const form = $('normalize-form');
  if (!form) return;
  $('normalize-run').disabled = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('normalize-text').value;
    const lines = text === '' ? 0 : text.split('\n').length;
    void normalize(text, `${fmt.format(lines)} ${lines === 1 ? 'line' : 'lines'}`);
  });
  $('normalize-file').addEventListener('change', (event) => {
    const file = event.target.files?.[0];
    if (file) void normalize(file, file.name);
  });
  const text = $('normalize-text');
  text.addEventListener('dragover', (event) => event.preventDefault());
  text.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    void normalize(file, file.name);
  });
  $('normalize-stop').addEventListener('click', () => controller?.abort());
  $('download-csv').addEventListener('click', downloadCsv);
  $('download-json').addEventListener('click', downloadJson);
}

start();
