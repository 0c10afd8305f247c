/**
 * One ANVL reader (A Name-Value Language, draft-kunze-ark §7.1), in the two dialects pidgate reads:
 * - `anvl`: records separated by blank lines (empty or white space only); lines end at LF and are kept
 *   exactly as written (a CR included) for a round trip; no percent-encoding (ERC has its own escapes);
 * - `ezid`: EZID's bodies (EZID API guide, "Request & response bodies"): lines end at CRLF, CR or LF; one
 *   record, an empty line only ends the element before it; names and values are percent-decoded (as UTF-8)
 *   before they are trimmed.
 * In both a line starting with `#` is a comment (kept beside the elements), a line starting with white
 * space continues the element before it (its trimmed text joined with one space), and `label: value` starts
 * an element (the first colon ends the label). Nothing is a dictionary here: every element is listed, in
 * order, with its line number, so a caller sees a repeated label rather than one silently overwritten.
 * Lines that break the syntax are kept and reported in `problems`; the reader goes on. Linear; never throws.
 * A caller that reads a part of a larger file (a record of a stream) gives the number of the part's first
 * line (`firstLine`), so every line number names the file's line.
 */
import type { PidError } from '../result.ts';
import { type LineEnds, splitLines } from './lines.ts';
import { type PercentResult, percentDecode } from './percent.ts';

export type AnvlDialect = 'anvl' | 'ezid';

export interface AnvlOptions {
  /** The number of the text's first line (default 1): line numbers count from it, offsets stay the text's. */
  readonly firstLine?: number;
}

export type AnvlErrorCode =
  | 'element-colon-missing'
  | 'element-label-empty'
  | 'continuation-without-element'
  | 'pct-encoded'
  | 'pct-utf8';

/** A line that breaks the syntax: the error, with the line's number (from 1) and offset. */
export interface AnvlProblem extends PidError<AnvlErrorCode> {
  readonly offset: number;
  readonly line: number;
}

export interface AnvlElement {
  readonly label: string;
  /** The logical value: continuation lines joined by one space, comments left out, ends trimmed. */
  readonly value: string;
  /** The number (from 1) and character offset of its first line. */
  readonly line: number;
  readonly offset: number;
  /** Its source lines as written: the label line, its continuation lines and the comments between them. */
  readonly lines: readonly string[];
  /** The comment (or stray) lines just before it. */
  readonly before: readonly string[];
}

export interface AnvlRecord {
  readonly elements: AnvlElement[];
  /** Comment (or stray) lines after the last element (or the whole record when it has no element). */
  readonly after: readonly string[];
  readonly problems: AnvlProblem[];
}

const HASH = 35;
const LF = 10;
const CR = 13;

interface Dialect {
  readonly lineEnds: LineEnds;
  /** Does a line starting with this character continue the element before it? */
  readonly isIndent: (c: number) => boolean;
  /** The white space trimmed from labels, values and continuation lines. */
  readonly isSpace: (c: number) => boolean;
  /** A blank line (white space only) ends the record; else only an empty line ends the element. */
  readonly blankEndsRecord: boolean;
  readonly decode: ((s: string) => PercentResult) | null;
}

/** §7.1: "indenting the next line" with a space or a tab; white space is those and the CR of a CRLF. */
const ANVL: Dialect = {
  lineEnds: 'lf',
  isIndent: (c) => c === 32 || c === 9,
  isSpace: (c) => c === 32 || c === 9 || c === CR,
  blankEndsRecord: true,
  decode: null,
};

/** EZID (`anvl.py`): `l[0].isspace()` starts a continuation, `str.strip()` trims; ASCII white space. */
const EZID: Dialect = {
  lineEnds: 'any',
  isIndent: (c) => c === 32 || c === 9 || c === 11 || c === 12,
  isSpace: (c) => c === 32 || c === 9 || c === 11 || c === 12 || c === CR || c === LF,
  blankEndsRecord: false,
  decode: (s) => percentDecode(s),
};

/** `s` without the white space `isSpace` names at either end. */
export function trimWith(s: string, isSpace: (c: number) => boolean): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s.charCodeAt(a))) a++;
  while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

interface Open {
  label: string;
  line: number;
  offset: number;
  lines: string[];
  pieces: string[];
  before: string[];
  /** Comment lines after the element's last line, not yet known to be inside it. */
  comments: string[];
}

/** The state of one read: nothing lives in module variables. */
interface Reader {
  readonly d: Dialect;
  readonly records: AnvlRecord[];
  elements: AnvlElement[];
  problems: AnvlProblem[];
  open: Open | null;
  /** Comment (or stray) lines not yet attached to an element. */
  loose: string[];
  line: number;
  offset: number;
}

/** Read ANVL text into its records (see the module's comment for the dialects). */
export function readAnvl(text: string, dialect: AnvlDialect = 'anvl', options: AnvlOptions = {}): AnvlRecord[] {
  const d = dialect === 'ezid' ? EZID : ANVL;
  const line = (options.firstLine ?? 1) - 1;
  const r: Reader = { d, records: [], elements: [], problems: [], open: null, loose: [], line, offset: 0 };
  for (const item of splitLines(text, { lineEnds: d.lineEnds })) {
    if (typeof item !== 'string') continue; // no limit was set, so none is too long
    r.line++;
    readLine(r, item);
    r.offset += item.length + lineEndLength(text, r.offset + item.length);
  }
  closeRecord(r);
  return r.records;
}

/** The length of the line end at `at` (CRLF is two; LF or CR one). */
function lineEndLength(text: string, at: number): number {
  return text.charCodeAt(at) === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
}

function readLine(r: Reader, line: string): void {
  const { d } = r;
  if (line.length === 0 || (d.blankEndsRecord && trimWith(line, d.isSpace) === '')) {
    if (d.blankEndsRecord) closeRecord(r);
    else closeElement(r);
    return;
  }
  const first = line.charCodeAt(0);
  if (first === HASH) {
    if (r.open) r.open.comments.push(line);
    else r.loose.push(line);
  } else if (d.isIndent(first)) continuation(r, line);
  else elementLine(r, line);
}

function continuation(r: Reader, line: string): void {
  const open = r.open;
  if (!open) {
    problem(r, 'continuation-without-element', 'an indented line continues an element, and none is open');
    r.loose.push(line);
    return;
  }
  // Comment lines between two lines of one value belong to it.
  for (const c of open.comments) open.lines.push(c);
  open.comments = [];
  open.lines.push(line);
  const piece = trimWith(decoded(r, line), r.d.isSpace);
  if (piece !== '') open.pieces.push(piece);
}

function elementLine(r: Reader, line: string): void {
  closeElement(r);
  const colon = line.indexOf(':');
  let label: string;
  let first: string;
  if (colon === -1) {
    problem(r, 'element-colon-missing', 'an element is a label, a colon and an optional value');
    label = trimWith(line, r.d.isSpace);
    first = '';
  } else {
    label = trimWith(decoded(r, line.slice(0, colon)), r.d.isSpace);
    first = trimWith(decoded(r, line.slice(colon + 1)), r.d.isSpace);
    if (label === '') problem(r, 'element-label-empty', 'the element has no label');
  }
  r.open = {
    label,
    line: r.line,
    offset: r.offset,
    lines: [line],
    pieces: first === '' ? [] : [first],
    before: r.loose,
    comments: [],
  };
  r.loose = [];
}

/** `s` percent-decoded when the dialect decodes (a failure reported, `s` kept as it is). */
function decoded(r: Reader, s: string): string {
  if (r.d.decode === null || s.indexOf('%') === -1) return s;
  const result = r.d.decode(s);
  if (result.ok) return result.value;
  problem(r, result.error.code, result.error.message);
  return s;
}

function problem(r: Reader, code: AnvlErrorCode, message: string): void {
  r.problems.push({ code, message, offset: r.offset, line: r.line });
}

function closeElement(r: Reader): void {
  const open = r.open;
  if (!open) return;
  r.elements.push({
    label: open.label,
    value: open.pieces.join(' '),
    line: open.line,
    offset: open.offset,
    lines: open.lines,
    before: open.before,
  });
  r.loose = open.comments;
  r.open = null;
}

function closeRecord(r: Reader): void {
  closeElement(r);
  if (r.elements.length > 0 || r.loose.length > 0 || r.problems.length > 0) {
    r.records.push({ elements: r.elements, after: r.loose, problems: r.problems });
  }
  r.elements = [];
  r.problems = [];
  r.loose = [];
}

/** The elements whose label an element before them already had, in order (EZID refuses a repeat). */
export function repeatedLabels(elements: readonly AnvlElement[]): AnvlElement[] {
  const seen = new Set<string>();
  const repeats: AnvlElement[] = [];
  for (const e of elements) {
    if (seen.has(e.label)) repeats.push(e);
    else seen.add(e.label);
  }
  return repeats;
}
