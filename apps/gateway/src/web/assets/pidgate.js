// pidgate's page script: the resolve box and the list normalizer of the home page. Plain JavaScript,
// no framework and no build step. Every text from the server or the user goes into the page through
// textContent (never innerHTML). The page works without it for resolution (the form GETs /lookup).

import {
  chooseColumn,
  firstRowIsHeader,
  neutralizeFormula,
  SAMPLE_ROWS,
  sniffDelimiter,
  trimSurroundingSpace,
} from './sheet.js';

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
// Normalize a list. The list (the text box, a text file, or one column of a CSV or TSV file) is read
// as it goes and sent in pieces of CHUNK_LINES lines, as text/plain, to /api/v1/normalize, IN_FLIGHT
// requests at a time; the NDJSON answers are put back together in order. Each request is small, so
// none waits on its own upload, and a list of any length finishes. Nothing keeps every record: the
// downloads are built as Blobs, one part per piece, and the page keeps only what it shows.

const $ = (id) => document.getElementById(id);
const fmt = new Intl.NumberFormat('en');
const settings = document.getElementById('cap')?.dataset ?? {};
const CHUNK_LINES = Number(settings.chunkLines ?? 10_000);
const IN_FLIGHT = Number(settings.inFlight ?? 3);
const BATCH_LIMIT = Number(settings.batchLimit ?? 10_000);
/** A piece also ends after this many characters of identifiers, and files are read this many bytes at a time. */
const CHUNK_CHARS = 1 << 20;
/** The columns pidgate adds to a spreadsheet's rows (as `pidgate group --format csv` writes them). */
const ADDED = ['scheme', 'normalized', 'url', 'group', 'error_code', 'error_message', 'warnings'];
/** The CSV header of a list of lines. */
const LINES_HEADER = [
  'line',
  'input',
  'ok',
  'scheme',
  'normalized',
  'url',
  'group',
  'error_code',
  'error_message',
  'error_offset',
  'warnings',
];
const BOM = '\ufeff';

/** One run over one list: counts, groups, the first rows and errors, and the downloads' parts. */
class Run {
  lines = 0;
  ok = 0;
  errors = 0;
  /** Lines read as identifiers with at least one warning. */
  warned = 0;
  byCode = new Map();
  /**
   * Normalized form → { normalized, scheme, number, count, first, input, lines, shown }: the first
   * line and its input; `lines` (every line) and `shown` (the first inputs) only once a second line
   * joins, so the many identifiers seen once cost little.
   */
  groups = new Map();
  rows = [];
  errorRows = [];
  shownRows = 0;
  shownErrors = 0;
  csvParts = [];
  jsonParts = [];
  position = 0;
  done = false;
  /** `table`: null for a list of lines, or { header, delimiter } for a spreadsheet. */
  /** One row per equivalence class (its first, and how many rows it has), for the --unique download. */
  unique = new Map();
  constructor(profile, table, total, options) {
    this.profile = profile;
    this.table = table;
    this.total = total;
    this.options = options;
    this.headerRow = table ? (table.header ? [...table.header, ...ADDED] : null) : LINES_HEADER;
    if (this.headerRow) this.csvParts.push(this.csvText([this.headerRow]));
  }
  /** Rows as CSV text (the input's separator for a spreadsheet), formula-looking cells neutralized unless raw. */
  csvText(rows) {
    if (rows.length === 0) return '';
    const cells = this.options.raw
      ? rows
      : rows.map((row) => row.map((v) => (typeof v === 'string' ? neutralizeFormula(v) : v)));
    if (this.table) return `${Papa.unparse(cells, this.unparseConfig())}\r\n`;
    return cells.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
  }
  /** The --unique download: the header (with "count") and one row per class. */
  uniqueParts() {
    const header = this.headerRow ? [this.csvText([[...this.headerRow, 'count']])] : [];
    const rows = [...this.unique.values()];
    const parts = [];
    for (let i = 0; i < rows.length; i += CHUNK_LINES) parts.push(this.csvText(rows.slice(i, i + CHUNK_LINES)));
    return [...header, ...parts];
  }
  unparseConfig() {
    return { delimiter: this.table.delimiter, newline: '\r\n' };
  }
  /** Take the records of one piece, in order; `cells` are its spreadsheet rows (or null). */
  add(records, cells) {
    const out = [];
    for (let i = 0; i < records.length; i++) {
      const r = records[i];
      const line = ++this.lines;
      let group = '';
      if (r.ok) {
        this.ok++;
        if (r.warnings) this.warned++;
        const g = this.groups.get(r.normalized);
        if (!g) {
          const number = this.groups.size + 1;
          this.groups.set(r.normalized, {
            normalized: r.normalized,
            scheme: r.scheme,
            number,
            count: 1,
            first: line,
            input: r.input,
            lines: null,
            shown: null,
          });
          group = number;
        } else {
          if (!g.lines) {
            g.lines = [g.first];
            g.shown = [g.input];
          }
          g.count++;
          g.lines.push(line);
          if (g.shown.length < MEMBERS_SHOWN) g.shown.push(r.input);
          group = g.number;
        }
      } else {
        this.errors++;
        this.byCode.set(r.error.code, (this.byCode.get(r.error.code) ?? 0) + 1);
        if (this.errorRows.length < CAP) this.errorRows.push({ line, r });
      }
      if (this.rows.length < CAP) this.rows.push({ line, r });
      let fields;
      const warnings = r.ok && r.warnings ? r.warnings.map((w) => w.code).join(' ') : '';
      if (cells) {
        fields = r.ok
          ? [...cells[i], r.scheme, r.normalized, r.url ?? '', group, '', '', warnings]
          : [...cells[i], '', '', '', '', r.error.code, r.error.message, ''];
      } else {
        fields = r.ok
          ? [line, r.input, 'true', r.scheme, r.normalized, r.url ?? '', group, '', '', '', warnings]
          : [line, r.input, 'false', '', '', '', '', r.error.code, r.error.message, r.error.offset, ''];
      }
      out.push(fields);
      const key = r.ok ? `k${r.normalized}` : `e${r.input}`;
      const seen = this.unique.get(key);
      if (seen) seen[seen.length - 1]++;
      else this.unique.set(key, [...fields, 1]);
    }
    // As Blobs, the parts can leave the script's heap; the download joins them without copying.
    this.csvParts.push(new Blob([this.csvText(out)]));

    this.jsonParts.push(
      new Blob([(this.jsonParts.length > 0 ? ',' : '') + records.map((r) => JSON.stringify(r)).join(',')]),
    );
  }
  equivalences() {
    const out = [];
    for (const g of this.groups.values()) if (g.count > 1) out.push(g);
    return out;
  }
}

let current = null;
let controller = null;
let frame = 0;
/** A spreadsheet chosen and waiting for its column: { file, delimiter, newline, firstRow }. */
let pendingTable = null;

/** One warning of a row: its code, then its message. */
function warningItem(w) {
  return el('span', { class: 'warning', 'data-code': w.code }, '⚠ ', el('code', {}, w.code), ` ${w.message}`);
}

function summaryItem(label, value, id) {
  return el('div', {}, el('b', { id }, fmt.format(value)), label);
}

/** Bring the page up to date with `run`: at most once per animation frame, and at most CAP rows. */
function flush() {
  frame = 0;
  const run = current;
  if (!run) return;
  $('normalize-summary').replaceChildren(
    summaryItem('lines', run.lines, 'count-lines'),
    summaryItem('normalized', run.ok, 'count-ok'),
    summaryItem('errors', run.errors, 'count-errors'),
    summaryItem('with warnings', run.warned, 'count-warnings'),
    summaryItem('distinct identifiers', run.groups.size, 'count-distinct'),
  );
  const progress = $('normalize-progress');
  progress.value = run.total > 0 ? Math.min(1, run.position / run.total) : run.done ? 1 : 0;
  const rows = document.createDocumentFragment();
  for (; run.shownRows < run.rows.length; run.shownRows++) {
    const { line, r } = run.rows[run.shownRows];
    rows.append(
      el(
        'tr',
        {},
        el('td', {}, line),
        el('td', {}, r.ok ? el('code', {}, r.input) : highlighted(r.input, r.error.offset)),
        el('td', {}, r.ok ? el('code', {}, r.normalized) : el('span', { class: 'error-code' }, r.error.code)),
        el('td', {}, r.ok ? r.scheme : ''),
        el('td', {}, r.ok && r.url ? link(r.url) : ''),
        el('td', {}, ...(r.ok && r.warnings ? r.warnings.map(warningItem) : [])),
      ),
    );
  }
  const errors = document.createDocumentFragment();
  for (; run.shownErrors < run.errorRows.length; run.shownErrors++) {
    const { line, r } = run.errorRows[run.shownErrors];
    errors.append(
      el(
        'tr',
        { 'data-line': line },
        el('td', {}, line),
        el('td', {}, highlighted(r.input, r.error.offset)),
        el('td', {}, el('span', { class: 'error-code' }, r.error.code), ' ', r.error.message),
      ),
    );
  }
  $('rows-body').append(rows);
  $('errors-body').append(errors);
  $('rows-note').textContent =
    run.lines > CAP ? `The first ${fmt.format(CAP)} lines are shown; the downloads hold all of them.` : '';
  const codes = [...run.byCode].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ${fmt.format(n)}`);
  $('errors-note').textContent =
    run.errors === 0
      ? run.done
        ? 'None: every line is an identifier.'
        : ''
      : (run.errors > CAP
          ? `The first ${fmt.format(CAP)} of ${fmt.format(run.errors)} errors are shown; the downloads hold all of them. `
          : '') + `By code: ${codes.join(', ')}.`;
  if (run.done) renderGroups(run);
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(flush);
}

function renderGroups(run) {
  const groups = run.equivalences();
  const items = groups.slice(0, CAP).map((g) => {
    const members = g.shown.map((input, i) =>
      el('li', {}, el('code', {}, input), el('span', { class: 'muted' }, ` (line ${g.lines[i]})`)),
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
      : `${fmt.format(groups.length)} ${groups.length === 1 ? 'group' : 'groups'} of equivalent lines among ` +
        `${fmt.format(run.groups.size)} distinct identifiers` +
        (groups.length > CAP ? `; the first ${fmt.format(CAP)} are shown, the downloads hold all.` : '.');
}

function setRunning(running) {
  $('normalize-run').disabled = running;
  $('normalize-stop').hidden = !running;
  $('normalize-progress').hidden = !running && !current?.done;
  $('download-csv').disabled = running || !current || current.lines === 0;
  $('download-json').disabled = $('download-csv').disabled;
  $('download-xlsx').disabled = $('download-csv').disabled;
}

// Reading: every source yields pieces { values, cells, position }: the identifiers, the spreadsheet
// rows they come from (or null), and how far into the source (bytes or characters) the piece ends.

/** The page's module for encodings and workbooks (sheets.js), loaded when a file is first chosen. */
let sheetsModule = null;
const sheets = () =>
  (sheetsModule ??= import(settings.sheets).then((m) => {
    sheetText = m.cellText;
    return m;
  }));

/**
 * The text of a File as it is read, with the bytes read so far: in UTF-8, UTF-16 by its byte-order mark,
 * or the legacy encoding it looks like (sheets.js says which on the page); never a replaced character.
 */
async function* fileText(file) {
  yield* (await sheets()).decodedText(file);
}

/** A workbook's rows, in pieces as `tablePieces` gives a CSV's. */
async function* workbookPieces(table, column) {
  yield* (await sheets()).workbookPieces(table, column, table.file.size);
}

/** The text of the text box, in slices. */
function* stringText(text) {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = start; i < text.length; i += CHUNK_CHARS) {
    yield { text: text.slice(i, i + CHUNK_CHARS), position: Math.min(text.length, i + CHUNK_CHARS) };
  }
}

/** One more character than the gateway reads of a line: a longer line is sent cut to this, and fails with input-too-long. */
const LONGEST_LINE = (1 << 20) + 1;
/** A spreadsheet row still open after this many characters stops the run (a closing quote is missing). */
const LONGEST_ROW = 8 << 20;

/** Lines (a trailing "\r" dropped, as the gateway does), in pieces. Each character is looked at once. */
async function* linePieces(chunks) {
  let rest = '';
  let values = [];
  let chars = 0;
  let position = 0;
  let overlong = false;
  for await (const chunk of chunks) {
    position = chunk.position;
    let incoming = chunk.text;
    if (overlong) {
      // the rest of a line already cut: skip it up to its end
      const nl = incoming.indexOf('\n');
      if (nl === -1) continue;
      incoming = incoming.slice(nl);
      overlong = false;
    }
    const text = rest + incoming;
    let start = 0;
    for (let nl = text.indexOf('\n', rest.length); nl !== -1; nl = text.indexOf('\n', start)) {
      const line = text.charCodeAt(nl - 1) === 13 && nl > start ? text.slice(start, nl - 1) : text.slice(start, nl);
      values.push(line);
      chars += line.length;
      start = nl + 1;
      if (values.length >= CHUNK_LINES || chars >= CHUNK_CHARS) {
        yield { values, cells: null, position };
        values = [];
        chars = 0;
      }
    }
    rest = text.slice(start);
    if (rest.length > LONGEST_LINE) {
      rest = rest.slice(0, LONGEST_LINE);
      overlong = true;
    }
  }
  if (rest !== '') values.push(rest.endsWith('\r') ? rest.slice(0, -1) : rest);
  if (values.length > 0) yield { values, cells: null, position };
}

/** A CSV or TSV file that is not well-formed: the row where, and what. */
class TableError extends Error {
  name = 'TableError';
}

/**
 * The rows of a CSV or TSV file, in pieces. Papa Parse's parser reads the text; the file is decoded
 * here (Papa Parse's own file reader decodes each slice alone, which breaks a character cut in two).
 * The part of the text after the last complete row waits for the next chunk.
 */
async function* tablePieces(table, column) {
  const parser = new Papa.Parser({ delimiter: table.delimiter, newline: table.newline });
  let rest = '';
  let row = 0;
  let width = table.header ? table.header.length : 0;
  let skipHeader = table.header !== null;
  const pieceOf = (data, position) => {
    const values = [];
    const cells = [];
    for (const cellsOfRow of data) {
      row++;
      if (cellsOfRow.length === 1 && cellsOfRow[0] === '') continue; // a blank line
      if (skipHeader) {
        skipHeader = false;
        continue;
      }
      if (width === 0) width = cellsOfRow.length;
      if (cellsOfRow.length > width) {
        throw new TableError(
          `row ${fmt.format(row)} has ${cellsOfRow.length} cells, more than the ${width} of the first row`,
        );
      }
      while (cellsOfRow.length < width) cellsOfRow.push('');
      values.push(cellsOfRow[column] ?? '');
      cells.push(cellsOfRow);
    }
    return { values, cells, position };
  };
  const check = (result, before) => {
    const e = result.errors.find((x) => x.type === 'Quotes');
    if (e) throw new TableError(`row ${fmt.format(before + e.row + 1)}: ${e.message}`);
  };
  for await (const chunk of fileText(table.file)) {
    const input = rest + chunk.text;
    const result = parser.parse(input, 0, true);
    check(result, row);
    rest = input.slice(result.meta.cursor);
    if (rest.length > LONGEST_ROW) {
      throw new TableError(
        `row ${fmt.format(row + result.data.length + 1)}: it runs on for more than 8 MiB (is a closing quote missing?)`,
      );
    }
    for (let i = 0; i < result.data.length; i += CHUNK_LINES) {
      const piece = pieceOf(result.data.slice(i, i + CHUNK_LINES), chunk.position);
      if (piece.values.length > 0) yield piece;
    }
  }
  if (rest !== '') {
    const result = parser.parse(rest, 0, false);
    check(result, row);
    const piece = pieceOf(result.data, table.file.size);
    if (piece.values.length > 0) yield piece;
  }
}

// Sending: one piece is one text/plain request; a value with a line break in it (a spreadsheet cell
// can hold one) cannot be a line of it, so those few go as a JSON batch beside it.

async function post(url, init, signal) {
  const res = await fetch(url, { method: 'POST', signal, ...init });
  if (!res.ok) throw new Error(`the gateway refused the list: ${await problemText(res)}`);
  return res;
}

async function normalizePiece(values, options, signal) {
  const { profile, level } = options;
  if (options.trim) values = values.map(trimSurroundingSpace);
  const lines = [];
  const apart = [];
  let body = '';
  values.forEach((v, i) => {
    if (v.includes('\n') || v.includes('\r')) apart.push(i);
    else {
      lines.push(i);
      body += `${v}\n`;
    }
  });
  const query = `profile=${encodeURIComponent(profile)}&level=${encodeURIComponent(level)}`;
  const text = async () => {
    if (lines.length === 0) return [];
    const res = await post(
      `${base}api/v1/normalize?${query}`,
      { headers: { 'content-type': 'text/plain; charset=utf-8', accept: 'application/x-ndjson' }, body },
      signal,
    );
    const ndjson = await res.text();
    const records = [];
    let start = 0;
    for (let nl = ndjson.indexOf('\n'); nl !== -1; nl = ndjson.indexOf('\n', start)) {
      if (nl > start) records.push(JSON.parse(ndjson.slice(start, nl)));
      start = nl + 1;
    }
    return records;
  };
  const json = async () => {
    const records = [];
    for (let i = 0; i < apart.length; i += BATCH_LIMIT) {
      const identifiers = apart.slice(i, i + BATCH_LIMIT).map((k) => values[k]);
      const res = await post(
        `${base}api/v1/normalize`,
        {
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ identifiers, profile, level }),
        },
        signal,
      );
      records.push(...(await res.json()).results);
    }
    return records;
  };
  const [byLine, byJson] = await Promise.all([text(), json()]);
  if (byLine.length !== lines.length || byJson.length !== apart.length) {
    const got = byLine.length + byJson.length;
    const last = byLine.at(-1);
    throw new Error(
      last && !last.ok && last.error.code === 'body-too-large'
        ? last.error.message
        : `the gateway answered ${fmt.format(got)} records for ${fmt.format(values.length)} lines`,
    );
  }
  const records = new Array(values.length);
  lines.forEach((k, i) => {
    records[k] = byLine[i];
  });
  apart.forEach((k, i) => {
    records[k] = byJson[i];
  });
  return records;
}

/** Normalize every piece of `pieces`, IN_FLIGHT at a time, rendering the answers in order as they come. */
async function normalize(pieces, label, table, total) {
  controller?.abort();
  controller = new AbortController();
  const signal = controller.signal;
  const profile = $('normalize-profile').value;
  const options = {
    profile,
    level: $('normalize-level').value,
    trim: $('normalize-trim').checked,
    raw: $('normalize-raw').checked,
  };
  const run = new Run(profile, table, total, options);
  current = run;
  $('normalize-result').hidden = false;
  $('normalize-encoding').hidden = true;
  for (const id of ['rows-body', 'errors-body', 'groups-list']) $(id).replaceChildren();
  $('groups-note').textContent = 'Groups are listed when the whole list is read.';
  const status = $('normalize-status');
  status.textContent = `Normalizing ${label}…`;
  delete status.dataset.state;
  setRunning(true);
  flush();
  const inFlight = [];
  const settle = async () => {
    const { piece, answer } = inFlight.shift();
    run.add(await answer, piece.cells);
    run.position = piece.position;
    schedule();
  };
  try {
    for await (const piece of pieces) {
      signal.throwIfAborted();
      const answer = normalizePiece(piece.values, options, signal);
      answer.catch(() => {}); // awaited in order by settle(); a failure is seen there
      inFlight.push({ piece, answer });
      if (inFlight.length >= IN_FLIGHT) await settle();
    }
    while (inFlight.length > 0) await settle();
    run.done = true;
    cancelAnimationFrame(frame);
    flush();
    const groups = run.equivalences().length;
    status.textContent =
      `Done: ${fmt.format(run.lines)} lines, ${fmt.format(run.ok)} normalized, ${fmt.format(run.errors)} ` +
      `${run.errors === 1 ? 'error' : 'errors'}, ${fmt.format(groups)} ${groups === 1 ? 'group' : 'groups'} of equivalent lines.`;
    status.dataset.state = 'done';
  } catch (e) {
    if (current === run) {
      controller.abort();
      run.done = true;
      cancelAnimationFrame(frame);
      flush();
      status.textContent =
        e.name === 'AbortError'
          ? `Stopped after ${fmt.format(run.lines)} lines; the downloads hold those.`
          : e.name === 'TableError'
            ? `The file is not well-formed ${table?.delimiter === '\t' ? 'TSV' : 'CSV'}: ${e.message}. The downloads hold the ${fmt.format(run.lines)} lines before it.`
            : `Normalizing stopped after ${fmt.format(run.lines)} lines: ${e.message}`;
      status.dataset.state = e.name === 'AbortError' ? 'stopped' : 'failed';
    }
  } finally {
    if (current === run) setRunning(false);
  }
}

// Spreadsheets: the header row is read in the page (Papa Parse, loaded when first needed), the user
// picks the column, then the whole file is read as above.

let papaLoading = null;

function loadPapa() {
  if (window.Papa) return Promise.resolve(window.Papa);
  papaLoading ??= new Promise((resolve, reject) => {
    const script = el('script', { src: settings.papaparse });
    script.onload = () => resolve(window.Papa);
    script.onerror = () => {
      papaLoading = null;
      reject(new Error('the CSV reader could not be loaded'));
    };
    document.head.append(script);
  });
  return papaLoading;
}

function isTable(file) {
  return (
    /\.(csv|tsv|tab)$/i.test(file.name) ||
    ['text/csv', 'text/tab-separated-values', 'application/vnd.ms-excel'].includes(file.type)
  );
}

/**
 * The column and header the page starts with, by the rule pidgate normalize follows (sheet.js): each
 * column's cells of the first SAMPLE_ROWS rows below the first are sent to the gateway in one batch, and
 * the column whose cells parse most often is chosen (a tie to a hint name, then the leftmost); the first
 * row is a header when its cell there is no identifier while one below is.
 */
async function columnByContent(rows) {
  const first = rows[0] ?? [];
  const width = Math.max(1, ...rows.map((r) => r.length));
  const below = rows.slice(1, 1 + Math.max(1, Math.min(SAMPLE_ROWS, Math.floor(BATCH_LIMIT / width) - 1)));
  const identifiers = [];
  for (let i = 0; i < width; i++) {
    identifiers.push(first[i] ?? '');
    for (const row of below) identifiers.push(row[i] ?? '');
  }
  const trim = $('normalize-trim').checked;
  const res = await post(`${base}api/v1/normalize`, {
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      identifiers: trim ? identifiers.map(trimSurroundingSpace) : identifiers,
      profile: $('normalize-profile').value,
    }),
  });
  const results = (await res.json()).results;
  const per = below.length + 1;
  const counts = [];
  const firstParses = [];
  for (let i = 0; i < width; i++) {
    firstParses.push(results[i * per]?.ok === true);
    counts.push(results.slice(i * per + 1, (i + 1) * per).filter((r) => r.ok).length);
  }
  // No cell below parses (a file of one row): the first row's own cells decide.
  if (!counts.some((n) => n > 0)) {
    for (let i = 0; i < width; i++) counts[i] = firstParses[i] ? 1 : 0;
  }
  const column = chooseColumn(first, counts);
  return { column, header: firstRowIsHeader(firstParses[column], first[column] ?? '', counts[column]) };
}

function showColumns(chosen = null) {
  const t = pendingTable;
  const header = $('csv-header').checked;
  const select = $('csv-column');
  const previous = select.value;
  const names = t.firstRow.map((cell, i) => (header ? cell || `Column ${i + 1}` : `Column ${i + 1}: ${cell}`));
  select.replaceChildren(...names.map((name, i) => el('option', { value: String(i) }, name)));
  select.value = chosen !== null ? String(chosen) : previous !== '' && Number(previous) < names.length ? previous : '0';
}

async function chooseTable(file) {
  const status = $('normalize-status');
  try {
    await loadPapa();
    // The first rows, to find the delimiter, the line break and the header (decoded once, a BOM dropped).
    const head = await (await sheets()).headText(file);
    const tsv = /\.(tsv|tab)$/i.test(file.name) || file.type === 'text/tab-separated-values';
    // The separator: the one chosen, else found by the rule pidgate normalize follows.
    const chosen = $('csv-delimiter').value;
    const delimiter = chosen !== '' ? chosen : tsv ? '\t' : sniffDelimiter(head);
    const preview = Papa.parse(head.replace(/^\ufeff/, ''), {
      preview: SAMPLE_ROWS + 1,
      delimiter,
      skipEmptyLines: true,
    });
    const firstRow = preview.data[0] ?? [];
    if (firstRow.length === 0) throw new Error('the file is empty');
    pendingTable = { file, delimiter, newline: preview.meta.linebreak, firstRow };
    const named = { ',': 'comma', ';': 'semicolon', '|': 'bar' };
    $('csv-file').textContent =
      `${file.name} (${delimiter === '\t' ? 'TSV, tabs between cells' : `CSV, ${named[delimiter] ?? `“${delimiter}”`} between cells`})`;
    $('csv-options').hidden = false;
    const { column, header } = await columnByContent(preview.data);
    if (pendingTable?.file !== file) return;
    $('csv-header').checked = header;
    $('csv-column').value = '';
    showColumns(column);
    $('csv-column').focus();
  } catch (e) {
    pendingTable = null;
    $('normalize-result').hidden = false;
    status.textContent = `This file cannot be read as a spreadsheet: ${e.message}`;
  }
}

/** Forget a chosen spreadsheet; `keepFile` when another file has just been chosen in its place. */
function clearTable(keepFile = false) {
  pendingTable = null;
  $('csv-options').hidden = true;
  if (!keepFile) {
    $('normalize-file').value = '';
    textFile = null;
  }
}

function runTable() {
  const t = pendingTable;
  if (t.empty) {
    $('normalize-status').textContent = `The sheet “${t.workbook.sheet}” is empty: choose another sheet.`;
    return;
  }
  const column = Number($('csv-column').value);
  const header = $('csv-header').checked ? t.firstRow : null;
  const table = { file: t.file, delimiter: t.delimiter, newline: t.newline, header, workbook: t.workbook };
  const name = header ? header[column] : `column ${column + 1}`;
  const pieces = t.workbook ? workbookPieces(table, column) : tablePieces(table, column);
  void normalize(pieces, `${t.file.name}, column “${name}”`, table, t.file.size);
}

/**
 * An Excel workbook: one sheet read in the page (sheets.js; the first, or `name`), the sheets listed to
 * choose from, then the column picked as for a CSV (by content, the same rule).
 */
async function chooseWorkbook(file, name = null) {
  const status = $('normalize-status');
  try {
    await loadPapa();
    const workbook = await (await sheets()).readWorkbook(file, name);
    if (pendingTable && pendingTable.file !== file && name !== null) return;
    pendingTable = { file, delimiter: ',', newline: '\r\n', firstRow: workbook.firstRow, workbook };
    const many = workbook.sheetNames.length;
    $('csv-file').textContent =
      `${file.name} (Excel workbook, sheet “${workbook.sheet}”${many > 1 ? `, one of ${many}` : ''})`;
    const select = $('csv-sheet');
    select.replaceChildren(...workbook.sheetNames.map((n) => el('option', { value: n }, n)));
    select.value = workbook.sheet;
    $('sheet-choice').hidden = false;
    $('delimiter-choice').hidden = true;
    $('csv-options').hidden = false;
    if (workbook.rows.length === 0) {
      // Another sheet may hold the list: the sheet control stays, Normalize waits for a sheet with rows.
      pendingTable = { ...pendingTable, empty: true };
      $('csv-column').replaceChildren();
      $('normalize-result').hidden = false;
      status.textContent = `The sheet “${workbook.sheet}” of ${file.name} is empty: choose another sheet.`;
      select.focus();
      return;
    }
    status.textContent = '';
    const sample = workbook.rows.slice(0, SAMPLE_ROWS + 1).map((row) => row.map((c) => sheetText(c)));
    const { column, header } = await columnByContent(sample);
    if (pendingTable?.workbook !== workbook) return;
    $('csv-header').checked = header;
    $('csv-column').value = '';
    showColumns(column);
    (name === null ? $('csv-column') : select).focus();
  } catch (e) {
    pendingTable = null;
    $('normalize-result').hidden = false;
    status.textContent = `This file cannot be read as a workbook: ${e.message}`;
  }
}

/** A workbook cell's text, as the column picker and the CSV download read it (sheets.js, cellText). */
let sheetText = (value) => (value === null || value === undefined ? '' : String(value));

/** The text file last chosen (read again when another encoding is chosen). */
let textFile = null;

function chooseFile(file) {
  textFile = null;
  if (/\.xlsx$/i.test(file.name) || file.type.includes('spreadsheetml')) return void chooseWorkbook(file);
  $('sheet-choice').hidden = true;
  $('delimiter-choice').hidden = false;
  if (isTable(file)) return void chooseTable(file);
  clearTable(true);
  textFile = file;
  void normalize(linePieces(fileText(file)), file.name, null, file.size);
}

/** Another encoding chosen: the file read again in it (a text file normalized again, a CSV's header read again). */
function encodingChanged() {
  if (pendingTable && !pendingTable.workbook) return void chooseTable(pendingTable.file);
  if (textFile && !pendingTable) void normalize(linePieces(fileText(textFile)), textFile.name, null, textFile.size);
}

// Downloads: built when asked for, from the parts, with a UTF-8 byte-order mark so that spreadsheet
// programs read the text as UTF-8.

/** One CSV field (RFC 4180); formula-looking text is neutralized before (Run.csvText). */
function csvField(v) {
  const s = v === null || v === undefined ? '' : String(v);
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

function downloadCsv() {
  const run = current;
  if (!run) return;
  const tsv = run.table?.delimiter === '\t';
  // One rule with pidgate normalize: CSV and TSV start with a byte-order mark (docs/cli.md, "Spreadsheets").
  save(
    [BOM, ...($('normalize-unique').checked ? run.uniqueParts() : run.csvParts)],

    tsv ? 'text/tab-separated-values;charset=utf-8' : 'text/csv;charset=utf-8',
    tsv ? 'pidgate-normalized.tsv' : 'pidgate-normalized.csv',
  );
}

function downloadJson() {
  const run = current;
  if (!run) return;
  const groups = [...run.groups.values()].map((g) => ({
    normalized: g.normalized,
    scheme: g.scheme,
    lines: g.lines ?? [g.first],
  }));
  save(
    [
      `{"profile":${JSON.stringify(run.profile)},"results":[`,
      ...run.jsonParts,
      `],"groups":${JSON.stringify(groups)}}`,
    ],
    'application/json',
    'pidgate-normalized.json',
  );
}

// ---------------------------------------------------------------------------------------------------

function start() {
  $('resolve-form')?.addEventListener('submit', resolveBox);
  const form = $('normalize-form');
  if (!form) return;
  $('normalize-run').disabled = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pendingTable) return runTable();
    const text = $('normalize-text').value;
    const lines = text === '' ? 0 : text.split('\n').length;
    void normalize(
      linePieces(stringText(text)),
      `${fmt.format(lines)} ${lines === 1 ? 'line' : 'lines'}`,
      null,
      text.length,
    );
  });
  $('normalize-file').addEventListener('change', (event) => {
    const file = event.target.files?.[0];
    if (file) chooseFile(file);
  });
  const text = $('normalize-text');
  text.addEventListener('dragover', (event) => event.preventDefault());
  text.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    chooseFile(file);
  });
  text.addEventListener('input', () => {
    textFile = null;
    if (pendingTable) clearTable();
  });
  $('csv-header').addEventListener('change', () => showColumns());
  $('csv-sheet').addEventListener('change', () => {
    if (pendingTable?.workbook) void chooseWorkbook(pendingTable.file, $('csv-sheet').value);
  });
  $('file-encoding').addEventListener('change', encodingChanged);
  $('csv-delimiter').addEventListener('change', () => {
    if (pendingTable) void chooseTable(pendingTable.file);
  });

  $('csv-clear').addEventListener('click', () => clearTable());
  $('normalize-stop').addEventListener('click', () => controller?.abort());
  $('download-csv').addEventListener('click', downloadCsv);
  $('download-json').addEventListener('click', downloadJson);
  $('download-xlsx').addEventListener('click', () => void sheets().then((s) => s.downloadXlsx(current)));
}

start();
