import {
  type AnvlErrorCode,
  type PidError,
  PidgateError,
  type AnvlElement as ReadElement,
  type AnvlRecord as ReadRecord,
  readAnvl,
} from '@pidgate/core';
import type { ErcErrorCode } from './codes.ts';
import { isBlankLine, isIndent, trimWs } from './grammar.ts';

/**
 * One ANVL element (draft-kunze-ark-09 §7.1): `label: value`.
 * `value` is the logical value: folded lines joined, comment lines dropped, ends trimmed.
 * The other fields are what a round trip needs; a record built by hand may leave them out.
 */
export interface AnvlElement {
  readonly label: string;
  readonly value: string;
  /** Character offset of the element's first line in the parsed text. */
  readonly offset?: number;
  /**
   * The element's source lines as written: the label line, its continuation lines and the
   * comment lines between them. The serializer reuses them while `label` and `value` still match.
   */
  readonly lines?: readonly string[];
  /** Comment lines (`#...`) just before the element. */
  readonly before?: readonly string[];
}

export interface AnvlRecord {
  readonly elements: AnvlElement[];
  /** Comment lines after the last element (or the whole record, when it holds only comments). */
  readonly after?: readonly string[];
  /** What was wrong with the record's lines; the parser kept going. */
  readonly problems?: readonly PidError<ErcErrorCode>[];
}

export interface SerializeOptions {
  /**
   * Fold the value of an element written afresh onto continuation lines so no line is
   * longer than this (where a single space allows it). 0, the default, never folds.
   */
  readonly width?: number;
  /** The indentation of continuation lines (default four spaces). */
  readonly indent?: string;
}

const HASH = 35; // "#"

/**
 * Parse ANVL text into records (§7.1): a record ends at a blank line; an element is
 * `label: value`; an indented line continues the value; a line starting with `#` is a
 * comment, ignored even inside a folded value. Never throws; linear in the text's length.
 * Lines that break the syntax are kept (for round trip) and reported in `problems`.
 * The reading is `readAnvl` of `@pidgate/core` (the toolkit's ANVL reader); this keeps the record shape of ERC.
 */
export function parseAnvl(text: string): AnvlRecord[] {
  return readAnvl(text, 'anvl').map(toRecord);
}

function toRecord(read: ReadRecord): AnvlRecord {
  const elements = read.elements.map(toElement);
  const record: { elements: AnvlElement[]; after?: string[]; problems?: PidError<ErcErrorCode>[] } = { elements };
  if (read.after.length > 0) record.after = [...read.after];
  if (read.problems.length > 0) {
    record.problems = read.problems.map(({ code, message, offset }) => ({ code: ercCode(code), message, offset }));
  }
  return record;
}

function toElement(e: ReadElement): AnvlElement {
  const { label, value, offset, lines, before } = e;
  return before.length > 0 ? { label, value, offset, lines, before } : { label, value, offset, lines };
}

/** The reader's codes in the ANVL dialect (it decodes no percent-escapes, so it gives no `pct-*` code). */
function ercCode(code: AnvlErrorCode): ErcErrorCode {
  switch (code) {
    case 'element-colon-missing':
    case 'element-label-empty':
    case 'continuation-without-element':
      return code;
    case 'pct-encoded':
    case 'pct-utf8':
      return 'element-colon-missing'; // not reached: the ANVL dialect decodes nothing
  }
}

/** The label and value that a list of source lines stands for (the inverse of writing them). */
function readLines(lines: readonly string[]): { label: string; value: string } | null {
  const head = lines[0];
  if (head === undefined || head.charCodeAt(0) === HASH || isIndent(head.charCodeAt(0)) || isBlankLine(head)) {
    return null;
  }
  const colon = head.indexOf(':');
  const pieces: string[] = [];
  const first = colon === -1 ? '' : trimWs(head.slice(colon + 1));
  if (first !== '') pieces.push(first);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.includes('\n') || isBlankLine(line)) return null;
    if (line.charCodeAt(0) === HASH) continue;
    if (!isIndent(line.charCodeAt(0))) return null;
    pieces.push(trimWs(line));
  }
  return { label: trimWs(colon === -1 ? head : head.slice(0, colon)), value: pieces.join(' ') };
}

/** Why a label cannot be written as ANVL, or null when it can. */
export function labelProblem(label: string): string | null {
  if (label === '') return 'the label is empty';
  if (label.includes(':')) return 'a label cannot hold ":"';
  if (label.includes('\n')) return 'a label cannot hold a newline';
  if (label.charCodeAt(0) === HASH) return 'a label cannot start with "#" (a comment)';
  if (isIndent(label.charCodeAt(0))) return 'a label cannot start with whitespace (a continuation)';
  if (trimWs(label) !== label) return 'a label cannot end with whitespace';
  return null;
}

/**
 * Write records as ANVL text: each record's lines, then a blank line between records.
 * An element that still has its source `lines` (and unchanged label and value) is written
 * exactly as it was read. Throws a `PidgateError` (`element-label`) for a label that ANVL
 * cannot carry; a value's newlines and surrounding whitespace do not survive (§7.1 folding).
 */
export function serializeAnvl(records: readonly AnvlRecord[], options: SerializeOptions = {}): string {
  const parts: string[] = [];
  for (const record of records) {
    const out: string[] = [];
    record.elements.forEach((element, index) => {
      for (const line of element.before ?? []) {
        // stray indented lines can only stand before the first element, where they were read
        if (isCommentLine(line) || (index === 0 && isStrayLine(line))) out.push(line);
        else out.push(...commentLines(line));
      }
      out.push(...elementLines(element, options));
    });
    for (const line of record.after ?? []) {
      if (isCommentLine(line) || (record.elements.length === 0 && isStrayLine(line))) out.push(line);
      else out.push(...commentLines(line));
    }
    if (out.length > 0) parts.push(`${out.join('\n')}\n`);
  }
  return parts.join('\n');
}

function isCommentLine(line: string): boolean {
  return line.charCodeAt(0) === HASH && !line.includes('\n');
}

/** An indented line read before any element of its record (kept as it was). */
function isStrayLine(line: string): boolean {
  return isIndent(line.charCodeAt(0)) && !isBlankLine(line) && !line.includes('\n');
}

function commentLines(text: string): string[] {
  return text.split('\n').map((l) => (l.charCodeAt(0) === HASH ? l : `# ${l}`));
}

function elementLines(element: AnvlElement, options: SerializeOptions): readonly string[] {
  if (element.lines) {
    const read = readLines(element.lines);
    if (read && read.label === element.label && read.value === element.value) return element.lines;
  }
  const why = labelProblem(element.label);
  if (why) {
    throw new PidgateError({
      code: 'element-label',
      message: `${why}: ${JSON.stringify(element.label)}`,
      offset: null,
    });
  }
  return foldElement(element.label, element.value, options);
}

const SPACE = 32;

/**
 * `label: value`, folded at single spaces (preferring the space before a `|`) so that
 * lines stay within `width`. Newlines in the value become fold points.
 */
export function foldElement(label: string, value: string, options: SerializeOptions = {}): string[] {
  const width = options.width ?? 0;
  const indent = options.indent && isIndent(options.indent.charCodeAt(0)) ? options.indent : '    ';
  const logical = value
    .split('\n')
    .map((piece) => trimWs(piece))
    .filter((piece) => piece !== '');
  const lines: string[] = [];
  let prefix = `${label}:`;
  if (logical.length === 0) return [prefix];
  for (const piece of logical) {
    let rest = piece;
    for (;;) {
      const room = width - prefix.length - 1;
      const cut = width > 0 && rest.length > room ? foldPoint(rest, room) : -1;
      if (cut === -1) {
        lines.push(`${prefix} ${rest}`);
        break;
      }
      lines.push(`${prefix} ${rest.slice(0, cut)}`);
      rest = rest.slice(cut + 1);
      prefix = indent.slice(0, -1);
    }
    prefix = indent.slice(0, -1);
  }
  return lines;
}

/**
 * Index of a single space in `s` at which to fold so the head fits in `room`: the last
 * such space before a `|` if there is one, else the last one, else the first one after `room`.
 * -1 when `s` has no single space between two non-space characters.
 */
function foldPoint(s: string, room: number): number {
  let last = -1;
  let beforePipe = -1;
  const limit = Math.min(room, s.length - 2);
  for (let i = 1; i <= limit; i++) {
    if (isSingleSpace(s, i)) {
      last = i;
      if (s.charCodeAt(i + 1) === 124) beforePipe = i;
    }
  }
  if (beforePipe > 0) return beforePipe;
  if (last > 0) return last;
  for (let i = Math.max(1, limit + 1); i < s.length - 1; i++) if (isSingleSpace(s, i)) return i;
  return -1;
}

function isSingleSpace(s: string, i: number): boolean {
  return s.charCodeAt(i) === SPACE && !isWsCode(s.charCodeAt(i - 1)) && !isWsCode(s.charCodeAt(i + 1));
}

function isWsCode(c: number): boolean {
  return c === SPACE || c === 9 || c === 13;
}
