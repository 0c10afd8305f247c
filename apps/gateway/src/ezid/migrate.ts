import {
  type AnvlRecord,
  hexValue,
  isDigits,
  type LineEnds,
  type LineTooLong,
  readAnvl,
  repeatedLabels,
  streamLines,
} from '@pidgate/core';
import { parseAnvl } from '@pidgate/erc';
import type { Binding } from '@pidgate/store';
import { anvlReason, formatEzidAnvl, percentDecode, utf8 } from './anvl.ts';
import { readCsvRows } from './csv-rows.ts';
import { parseStatus, toElements } from './metadata.ts';

/**
 * Reading the identifiers of another ARK service, to import them (`pidgate import --from ezid|n2t|arklet`),
 * and writing EZID's download format back (`pidgate export --to ezid`). Each record becomes one NDJSON
 * binding line as `importLines` takes it (identifier, target, erc, status, owner, metadata, timestamps);
 * a record that cannot be read becomes a failure with its line number. See docs/ezid.md for the formats.
 *
 * - `ezid`: EZID's batch download (API guide, "Batch download"), format `anvl` (`:: identifier` blocks of
 *   percent-encoded `name: value` lines, blank lines between) or `csv` (a header row naming the columns,
 *   one of them `_id`); told apart by the first line.
 * - `n2t`: an N2T / EggNog binder dumped with `db_dump -p` (`HEADER=END`, then key and value lines, each
 *   indented by one space, `\hh` escapes): keys are `identifier|element`, EZID's binder elements (`_t`,
 *   `_o`, `_c`, `_u`, `_is`, `_p`, `_x`, …) and N2T's own (`__mc`, the creation time).
 * - `arklet`: a CSV export of arklet's `ark_ark` table (header row; `ark` and `url` columns, optionally
 *   `metadata`, `commitment` or `rights`, `title`, `type`, `format`, `relation`, `source`, `identifier`,
 *   `created_at`, `updated_at`).
 */

export type MigrationFormat = 'ezid' | 'n2t' | 'arklet';
export const MIGRATION_FORMATS: readonly MigrationFormat[] = ['ezid', 'n2t', 'arklet'];

/** One record read: the NDJSON line to import, or why the record at `line` cannot be. */
export type SourceRecord =
  | { readonly line: number; readonly ok: true; readonly json: string }
  | {
      readonly line: number;
      readonly ok: false;
      readonly code: string;
      readonly detail: string;
      readonly identifier?: string;
    };

interface Draft {
  identifier: string;
  target: string | null;
  erc: Record<string, string>;
  support: Record<string, string> | null;
  identifierStatus: string;
  statusReason: string | null;
  owner: string | null;
  ownerGroup: string | null;
  metadata: Record<string, string>;
  createdAt: string | null;
  updatedAt: string | null;
}

const draft = (identifier: string): Draft => ({
  identifier,
  target: null,
  erc: {},
  support: null,
  identifierStatus: 'public',
  statusReason: null,
  owner: null,
  ownerGroup: null,
  metadata: {},
  createdAt: null,
  updatedAt: null,
});

const failure = (line: number, code: string, detail: string, identifier?: string): SourceRecord => ({
  line,
  ok: false,
  code,
  detail,
  ...(identifier === undefined ? {} : { identifier }),
});

/**
 * A timestamp as EZID, N2T or a database writes it: Unix seconds (`1300812337`), ISO 8601
 * (`2013-05-17T18:17:14Z`), or SQL (`2023-07-13 20:11:00.123456+00`). Null when it is none of these.
 */
export function instant(value: string): string | null {
  const s = value.trim();
  if (isDigits(s)) return s.length <= 12 ? new Date(Number(s) * 1000).toISOString() : null;
  let iso = s.length > 10 && s.charCodeAt(10) === 32 ? `${s.slice(0, 10)}T${s.slice(11)}` : s;
  // `+00` (PostgreSQL) is `+00:00` in ISO 8601.
  const sign = Math.max(iso.lastIndexOf('+'), iso.lastIndexOf('-'));
  if (sign > 10 && iso.length - sign === 3) iso = `${iso}:00`;
  const t = Date.parse(iso);
  if (Number.isNaN(t) || iso.length < 10 || iso.charCodeAt(4) !== 45) return null;
  return new Date(t).toISOString();
}

/** EZID's elements (names as in its API) onto a draft; a string says why the record is refused. */
function applyEzid(d: Draft, name: string, value: string): string | null {
  if (value === '') return null;
  switch (name) {
    case '_target':
      d.target = value;
      return null;
    case '_status': {
      const s = parseStatus(value);
      if (!s) return `_status: ${value} is not public, reserved or unavailable | reason`;
      d.identifierStatus = s.status;
      d.statusReason = s.reason;
      return null;
    }
    case '_owner':
      d.owner = value;
      return null;
    case '_ownergroup':
      d.ownerGroup = value;
      return null;
    case '_created':
    case '_updated': {
      const at = instant(value);
      if (!at) return `${name}: ${value} is not a time`;
      if (name === '_created') d.createdAt = at;
      else d.updatedAt = at;
      return null;
    }
    case '_export':
      d.metadata['_export'] = value.toLowerCase() === 'no' ? 'no' : 'yes';
      return null;
    case '_profile':
      d.metadata['_profile'] = value;
      return null;
    case 'erc':
      for (const record of parseAnvl(value)) for (const e of record.elements) d.erc[e.label] = e.value;
      return null;
  }
  // EZID computes these, or they belong to services pidgate does not run (DataCite, Crossref).
  if (name.startsWith('_')) return null;
  if (name.startsWith('erc.')) d.erc[name.slice(4)] = value;
  else d.metadata[name] = value;
  return null;
}

/** The NDJSON line of a finished draft, or why it cannot be imported. */
function finish(d: Draft, line: number): SourceRecord {
  if (d.target === null) return failure(line, 'no-target', `${d.identifier} has no target URL`, d.identifier);
  const out: Record<string, unknown> = { identifier: d.identifier, target: d.target };
  if (Object.keys(d.erc).length > 0) out['erc'] = d.erc;
  if (d.support) out['support'] = d.support;
  out['identifierStatus'] = d.identifierStatus;
  if (d.statusReason) out['statusReason'] = d.statusReason;
  if (d.owner) out['owner'] = d.owner;
  if (d.ownerGroup) out['ownerGroup'] = d.ownerGroup;
  if (Object.keys(d.metadata).length > 0) out['metadata'] = d.metadata;
  if (d.createdAt) out['createdAt'] = d.createdAt;
  if (d.updatedAt) out['updatedAt'] = d.updatedAt;
  return { line, ok: true, json: JSON.stringify(out) };
}

/**
 * The lines of a text stream with their numbers (from 1), CRLF or LF (or, `any`, a lone CR too), a leading
 * byte-order mark dropped: the toolkit's splitter, fed the pieces as they come.
 */
async function* numberedLines(
  chunks: AsyncIterable<string>,
  lineEnds: LineEnds = 'crlf',
  maxLineLength = MAX_RECORD_DEFAULT,
): AsyncGenerator<[number, string | LineTooLong]> {
  for await (const batch of streamLines(chunks, { lineEnds, maxLineLength })) {
    for (let k = 0; k < batch.items.length; k++) yield [batch.first + k, batch.items[k] as string | LineTooLong];
  }
}

/** The longest line or CSV row read by default, in characters (`pidgate import --max-line-length`). */
const MAX_RECORD_DEFAULT = 1 << 20;

/** The failure of a line over the maximum (never held: only its length is known). */
function tooLong(n: number, line: LineTooLong, max: number): SourceRecord {
  return failure(
    n,
    'line-too-long',
    `the line is ${line.length} characters long, more than --max-line-length (${max}): it was not read`,
  );
}

/** Put back the lines already read in front of the rest of the stream. */
async function* prepend(head: readonly string[], rest: AsyncIterable<string>): AsyncGenerator<string> {
  for (const s of head) yield s;
  yield* rest;
}

/** The records of a file in one of the formats, in order. Never throws for what the file holds. */
export async function* readMigration(
  format: MigrationFormat,
  chunks: AsyncIterable<string>,
  maxRecord?: number,
): AsyncGenerator<SourceRecord> {
  if (format === 'n2t') {
    yield* readN2t(chunks, maxRecord);
    return;
  }
  if (format === 'arklet') {
    yield* readCsv(chunks, arkletRow, maxRecord);
    return;
  }
  // EZID: ANVL when the first line that is not blank starts with "::", else CSV.
  const head: string[] = [];
  const iterator = chunks[Symbol.asyncIterator]();
  let seen = '';
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    seen += next.value;
    if (seen.trimStart().length >= 2) break;
  }
  const rest: AsyncIterable<string> = { [Symbol.asyncIterator]: () => iterator };
  const all = prepend(head, rest);
  if (seen.trimStart().startsWith('::')) yield* readEzidAnvl(all, maxRecord);
  else yield* readCsv(all, ezidRow, maxRecord);
}

/**
 * EZID's ANVL download: `:: identifier`, then the identifier's elements, blocks separated by blank lines
 * (white space only). The download's framing is read here, line by line as the stream comes (lines end at
 * CRLF, CR or LF, as in EZID's ANVL); each block's element lines are read by the toolkit's ANVL reader
 * (`readAnvl(…, 'ezid')`, as the EZID API reads a body), numbered from the block's line in the file.
 */
async function* readEzidAnvl(chunks: AsyncIterable<string>, max = MAX_RECORD_DEFAULT): AsyncGenerator<SourceRecord> {
  let block: EzidBlock | null = null;
  /** A line over the maximum refused its block: the block's other lines are passed over. */
  let skipping = false;
  for await (const [n, item] of numberedLines(chunks, 'any', max)) {
    if (typeof item !== 'string') {
      block = null;
      skipping = true;
      yield tooLong(n, item, max);
      continue;
    }
    const line = item;
    if (skipping && !line.startsWith('::') && line.trim() !== '') continue;
    skipping = false;
    const header = line.startsWith('::');
    if (header || line.trim() === '') {
      if (block) yield ezidBlock(block);
      block = null;
      if (!header) continue;
      const id = percentDecode(line.slice(2).trim());
      if (id.ok && id.value !== '') block = { line: n, identifier: id.value, lines: [] };
      else yield failure(n, 'invalid-record', 'the ":: identifier" line names no identifier');
    } else if (block) block.lines.push(line);
    else if (isElementLine(line)) {
      yield failure(n, 'invalid-record', 'an element before the first ":: identifier" line');
    }
  }
  if (block) yield ezidBlock(block);
}

/** A `:: identifier` block of the download: its header's line number, the identifier, the lines after. */
interface EzidBlock {
  readonly line: number;
  readonly identifier: string;
  readonly lines: string[];
}

/** A line outside any block is an element or a continuation (reported), else a comment (skipped). */
function isElementLine(line: string): boolean {
  const [record] = readAnvl(line, 'ezid');
  return record !== undefined && (record.elements.length > 0 || record.problems.length > 0);
}

/**
 * One block as a record. Its elements are applied in line order up to the first line the reader finds
 * wrong (a problem, or a name the record already has: refused, as the EZID API refuses a repeated name);
 * the record fails at the line of the first element refused or of that wrong line.
 */
function ezidBlock(b: EzidBlock): SourceRecord {
  const d = draft(b.identifier);
  const [record] = readAnvl(b.lines.join('\n'), 'ezid', { firstLine: b.line + 1 });
  if (!record) return finish(d, b.line);
  const wrong = firstWrong(record);
  for (const e of record.elements) {
    if (wrong && e.line >= wrong.line) break;
    const why = applyEzid(d, e.label, e.value);
    if (why) return failure(e.line, 'invalid-element', why, d.identifier);
  }
  return wrong ? failure(wrong.line, 'anvl-parse-error', wrong.detail, d.identifier) : finish(d, b.line);
}

/** The first line of a record that breaks EZID's ANVL: a syntax problem, or a repeated name. */
function firstWrong(record: AnvlRecord): { line: number; detail: string } | null {
  const problem = record.problems[0];
  const repeat = repeatedLabels(record.elements)[0];
  if (problem && (!repeat || problem.line <= repeat.line))
    return { line: problem.line, detail: anvlReason(problem.code) };
  if (repeat) return { line: repeat.line, detail: `repeated label: ${repeat.label}` };
  return null;
}

type RowMapper = (header: readonly string[], row: readonly string[], line: number) => SourceRecord | null;

/** A CSV file, header row first, each row mapped (`readCsvRows`: bad rows reported at their line, the rest read). */
async function* readCsv(
  chunks: AsyncIterable<string>,
  map: RowMapper,
  maxRecord?: number,
): AsyncGenerator<SourceRecord> {
  let header: string[] | null = null;
  for await (const row of readCsvRows(chunks, maxRecord)) {
    if (!row.ok) yield failure(row.line, row.code, row.detail);
    else if (!header) header = row.cells.map((h) => h.trim());
    else {
      const record = map(header, row.cells, row.line);
      if (record) yield record;
    }
  }
}

/** A row of EZID's CSV download: `_id` and the element columns (`_mapped*` columns are derived: skipped). */
function ezidRow(header: readonly string[], row: readonly string[], line: number): SourceRecord | null {
  const idAt = header.indexOf('_id');
  if (idAt === -1) return failure(line, 'invalid-header', 'the CSV download has no _id column');
  const id = (row[idAt] ?? '').trim();
  if (id === '') return failure(line, 'invalid-record', 'the row has no _id');
  const d = draft(id);
  for (let i = 0; i < header.length; i++) {
    const name = header[i] as string;
    if (i === idAt || name.startsWith('_mapped')) continue;
    // A name twice is refused, as the EZID API refuses a repeated name (never the last column winning);
    // columns without a name (a trailing comma) name nothing.
    if (name !== '' && header.indexOf(name) !== i)
      return failure(line, 'invalid-header', `the column ${name} is repeated`, id);
    const why = applyEzid(d, name, (row[i] ?? '').trim());
    if (why) return failure(line, 'invalid-element', why, id);
  }
  return finish(d, line);
}

/** arklet's Dublin Core fields, kept as `dc.*` (its `title` is also the ERC `what`). */
const ARKLET_DC = ['type', 'format', 'relation', 'source', 'identifier', 'rights'];

/** A row of arklet's `ark_ark` table. An ARK without a URL is one arklet answers 404 for: reserved here. */
function arkletRow(header: readonly string[], row: readonly string[], line: number): SourceRecord | null {
  const cell = (name: string): string => {
    const i = header.indexOf(name);
    return i === -1 ? '' : (row[i] ?? '').trim();
  };
  if (header.indexOf('ark') === -1) return failure(line, 'invalid-header', 'the CSV has no "ark" column');
  const ark = cell('ark');
  if (ark === '') return failure(line, 'invalid-record', 'the row has no ark');
  const id = ark.startsWith('ark:') ? ark : `ark:/${ark}`;
  const d = draft(id);
  const url = cell('url');
  if (url === '') {
    d.identifierStatus = 'reserved';
    d.target = `https://n2t.net/${id}`;
  } else d.target = url;
  const title = cell('title');
  if (title) d.erc['what'] = title;
  const commitment = cell('commitment');
  if (commitment) d.support = { what: commitment };
  for (const name of ARKLET_DC) {
    const value = cell(name);
    if (value) d.metadata[`dc.${name}`] = value;
  }
  const metadata = cell('metadata');
  if (metadata) d.metadata['arklet.metadata'] = metadata;
  for (const [column, field] of [
    ['created_at', 'createdAt'],
    ['updated_at', 'updatedAt'],
  ] as const) {
    const value = cell(column);
    if (!value) continue;
    const at = instant(value);
    if (!at) return failure(line, 'invalid-element', `${column}: ${value} is not a time`, id);
    d[field] = at;
  }
  return finish(d, line);
}

/** A `db_dump -p` line: `\\` is a backslash, `\hh` a byte; the bytes are UTF-8. Null when malformed. */
export function unprint(s: string): string | null {
  if (s.indexOf('\\') === -1) return s;
  const bytes: number[] = [];
  const raw = Buffer.from(s, 'utf8');
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (b !== 92) {
      bytes.push(b);
      continue;
    }
    if (raw[i + 1] === 92) {
      bytes.push(92);
      i++;
      continue;
    }
    const hi = hexValue(raw[i + 1] ?? 0);
    const lo = hexValue(raw[i + 2] ?? 0);
    if (hi < 0 || lo < 0) return null;
    bytes.push(hi * 16 + lo);
    i += 2;
  }
  return utf8(Uint8Array.from(bytes));
}

/** Noid's `^hh` encoding of identifiers and element names. */
function uncircumflex(s: string): string {
  if (s.indexOf('^') === -1) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const hi = s[i] === '^' ? hexValue(s.charCodeAt(i + 1)) : -1;
    const lo = hi >= 0 ? hexValue(s.charCodeAt(i + 2)) : -1;
    if (lo >= 0) {
      out += String.fromCharCode(hi * 16 + lo);
      i += 2;
    } else out += s[i];
  }
  return out;
}

/** EZID's short binder element names (EZID's `util2._labelMapping`). A Map: any other name is its own. */
const N2T_LABELS: ReadonlyMap<string, string> = new Map([
  ['_o', '_owner'],
  ['_c', '_created'],
  ['_u', '_updated'],
  ['_t', '_target'],
  ['_p', '_profile'],
  ['_is', '_status'],
  ['_x', '_export'],
]);
const ERC_KERNEL = new Set(['who', 'what', 'when', 'where', 'how']);

/** A key line of the dump (`id|element`, Noid's `^hh` decoded), waiting for its value line. */
interface N2tKey {
  readonly line: number;
  readonly id: string;
  readonly element: string;
}

/** The state of reading one N2T binder dump (one per call). */
interface N2tReading {
  /** A line has been read (the first tells whether there is a header). */
  started: boolean;
  /** Inside the header, `VERSION=...` up to `HEADER=END`. */
  inHeader: boolean;
  /** The key line just read, when the next line is its value. */
  key: N2tKey | null;
  /** The identifier whose elements are being read, and the line of its first key. */
  current: Draft | null;
  at: number;
  /** Noid's creation time (`__mc`) of the current identifier. */
  noidCreated: string | null;
  /** The current identifier's first invalid element: reported instead of the identifier. */
  problem: SourceRecord | null;
  /** The element names of the current identifier read so far: a repeat is refused, as EZID refuses one. */
  seen: Set<string>;
}

/** An N2T binder dump (`db_dump -p` of egg.bdb). */
async function* readN2t(chunks: AsyncIterable<string>, max = MAX_RECORD_DEFAULT): AsyncGenerator<SourceRecord> {
  const r: N2tReading = {
    started: false,
    inHeader: false,
    key: null,
    current: null,
    at: 0,
    noidCreated: null,
    problem: null,
    seen: new Set(),
  };
  let skipValue = false;
  for await (const [n, line] of numberedLines(chunks, 'crlf', max)) {
    if (typeof line !== 'string') {
      // Refused at its line; a key line's value line (the next) goes with it.
      skipValue = r.key === null && r.started && !r.inHeader;
      r.key = null;
      yield tooLong(n, line, max);
      continue;
    }
    if (skipValue) {
      skipValue = false;
      continue;
    }
    const out = n2tLine(r, n, line);
    if (out) yield out;
  }
  const done = flushN2t(r);
  if (done) yield done;
}

/** One line of the dump: header, data end, a key line or a value line. What to yield, or null. */
function n2tLine(r: N2tReading, n: number, line: string): SourceRecord | null {
  if (n2tHeaderStep(r, line) || line === 'DATA=END' || line === '') return null;
  if (!line.startsWith(' ')) {
    r.key = null;
    return failure(n, 'invalid-record', 'a db_dump -p data line starts with one space');
  }
  const text = unprint(line.slice(1));
  if (text === null) {
    r.key = null;
    return failure(n, 'invalid-record', 'a malformed \\hh escape');
  }
  if (!r.key) {
    r.key = n2tKey(n, text);
    return null;
  }
  const key = r.key;
  r.key = null;
  return n2tValueStep(r, key, text);
}

/** The header (`VERSION=` first, up to `HEADER=END`): true when `line` belongs to it. */
function n2tHeaderStep(r: N2tReading, line: string): boolean {
  if (!r.started) {
    r.started = true;
    if (line.startsWith('VERSION=')) r.inHeader = true;
  }
  if (!r.inHeader) return false;
  if (line === 'HEADER=END') r.inHeader = false;
  return true;
}

/** A key line: `id|element`, each `^hh`-encoded. */
function n2tKey(line: number, text: string): N2tKey {
  const bar = text.indexOf('|');
  return {
    line,
    id: uncircumflex(bar === -1 ? text : text.slice(0, bar)),
    element: bar === -1 ? '' : uncircumflex(text.slice(bar + 1)),
  };
}

/** A value line: a key of a new identifier finishes the one before (returned, to yield). */
function n2tValueStep(r: N2tReading, key: N2tKey, text: string): SourceRecord | null {
  // Binder-wide records (`:/…`) and keys without an element are not identifiers.
  if (key.id.startsWith(':/') || key.element === '') return null;
  let done: SourceRecord | null = null;
  if (!r.current || r.current.identifier !== key.id) {
    done = flushN2t(r);
    r.current = draft(key.id);
    r.at = key.line;
  }
  if (!r.problem) n2tElementStep(r, r.current, key, text);
  return done;
}

/** One element of the current identifier, by its binder name. */
function n2tElementStep(r: N2tReading, d: Draft, key: N2tKey, text: string): void {
  const { element } = key;
  if (element === '__mc') {
    r.noidCreated = instant(text);
    return;
  }
  // Noid's own bookkeeping (`__mp`, `_,ec`, `_.e…`) and EZID's derived elements are not metadata.
  if (element.startsWith('__') || element.startsWith('_,e') || element.startsWith('_.e')) return;
  const name = N2T_LABELS.get(element) ?? (ERC_KERNEL.has(element) ? `erc.${element}` : element);
  if (r.seen.has(name)) {
    r.problem = failure(key.line, 'anvl-parse-error', `repeated label: ${name}`, key.id);
    return;
  }
  r.seen.add(name);
  if (name === '_export') {
    d.metadata['_export'] = text.trim().toLowerCase() === 'yes' ? 'yes' : 'no';
    return;
  }
  const why = applyEzid(d, name, text.trim());
  if (why) r.problem = failure(key.line, 'invalid-element', why, key.id);
}

/** The identifier read so far, finished (or its first problem); none is current after. */
function flushN2t(r: N2tReading): SourceRecord | null {
  const d = r.current;
  r.current = null;
  r.seen.clear();
  if (!d) return null;
  if (d.createdAt === null && r.noidCreated) d.createdAt = r.noidCreated;
  r.noidCreated = null;
  const p = r.problem;
  r.problem = null;
  return p ?? finish(d, r.at);
}

/** One binding in EZID's ANVL download format: `:: identifier`, its elements by name, a blank line. */
export function ezidDownloadBlock(b: Binding): string {
  const elements = toElements(b).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return `:: ${b.key}\n${formatEzidAnvl(elements)}\n`;
}
