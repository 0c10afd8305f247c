import { isMissingValueCode, type MissingValueCode } from './codes.ts';
import { decodeErcEscapes, encodeErcEscapes } from './escapes.ts';
import { isWs, skipWs, trimWs } from './grammar.ts';

/**
 * One `|`-separated value of an ERC element (draft-kunze-ark-09 §7.5):
 * `[markup_flags] (:ccode) , DATA`, every marker optional.
 * `text` is the value as written (escapes still encoded) and is what the serializer writes;
 * the other fields are views of it. Build new values with `formatErcValue`.
 */
export interface ErcValue {
  readonly text: string;
  /** The markup flags between `[` and `]`, or null when the value has none. */
  readonly flags: string | null;
  /** The controlled code between `(:` and `)`, or null. */
  readonly code: string | null;
  /** The code when it is one of the missing-value codes (`unav`, `unkn`, ...). */
  readonly missing: MissingValueCode | null;
  /** The data began with `,`: inverted word order, commas mark inversion points. */
  readonly sortFriendly: boolean;
  /** The data after the markers, escapes decoded, in the order written. */
  readonly data: string;
  /** The data in natural word order (equal to `data` unless `sortFriendly`). */
  readonly natural: string;
}

export interface ErcValueParts {
  readonly flags?: string | null;
  readonly code?: string | null;
  readonly sortFriendly?: boolean;
  /**
   * Plain data, encoded for you. When `sortFriendly`, commas are inversion points and are
   * written as they are (write a literal comma as `%.`).
   */
  readonly data?: string;
}

const LBRACKET = 91;
const LPAREN = 40;
const RPAREN = 41;
const COLON = 58;
const COMMA = 44;

/**
 * Read the markers at the start of one value (§7.5). Markers are only looked for at the
 * beginning; an unclosed `[` or `(:` is data. Never throws; linear.
 */
export function parseErcValue(value: string): ErcValue {
  const text = trimWs(value);
  let i = 0;
  let flags: string | null = null;
  let code: string | null = null;
  if (text.charCodeAt(i) === LBRACKET) {
    const close = text.indexOf(']', i + 1);
    if (close !== -1) {
      flags = text.slice(i + 1, close);
      i = skipWs(text, close + 1);
    }
  }
  if (text.charCodeAt(i) === LPAREN && text.charCodeAt(i + 1) === COLON) {
    const close = codeEnd(text, i + 2);
    if (close !== -1) {
      code = text.slice(i + 2, close);
      i = skipWs(text, close + 1);
    }
  }
  const sortFriendly = text.charCodeAt(i) === COMMA;
  if (sortFriendly) i = skipWs(text, i + 1);
  const raw = text.slice(i);
  const data = decodeErcEscapes(raw);
  return {
    text,
    flags,
    code,
    missing: code !== null && isMissingValueCode(code) ? code : null,
    sortFriendly,
    data,
    natural: sortFriendly ? invert(raw) : data,
  };
}

/** The `)` closing a controlled code whose term starts at `from`: a non-empty run without whitespace. */
function codeEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === RPAREN) return i > from ? i : -1;
    if (isWs(c) || c === LPAREN) return -1;
  }
  return -1;
}

/**
 * The natural word order of sort-friendly data (the text after the leading comma, escapes
 * still encoded). If it ends with a comma, every comma is an inversion point and the pieces
 * are read in reverse (`McCartney, Paul, Sir,` → `Sir Paul McCartney`); otherwise only the
 * last comma is, and the last piece moves to the front (`van Gogh, Vincent` → `Vincent van Gogh`).
 */
function invert(raw: string): string {
  const body = trimWs(raw);
  if (body.charCodeAt(body.length - 1) === COMMA) {
    const pieces: string[] = [];
    for (const piece of body.slice(0, -1).split(',')) {
      const t = trimWs(piece);
      if (t !== '') pieces.push(decodeErcEscapes(t));
    }
    return pieces.reverse().join(' ');
  }
  const last = body.lastIndexOf(',');
  if (last === -1) return decodeErcEscapes(body);
  const head = trimWs(body.slice(0, last));
  const tail = trimWs(body.slice(last + 1));
  const parts = [tail, head].filter((p) => p !== '').map(decodeErcEscapes);
  return parts.join(' ');
}

/**
 * The natural word order of a value (§7.5): `, van Gogh, Vincent` → `Vincent van Gogh`.
 * A value that is not sort-friendly comes back as its decoded data.
 */
export function naturalOrder(value: string): string {
  return parseErcValue(value).natural;
}

/** Split an element's value at `|` into its values (§7.1). An empty value has none. */
export function splitValues(value: string): ErcValue[] {
  if (trimWs(value) === '') return [];
  return value.split('|').map(parseErcValue);
}

/** Write one value from its parts: `[flags] (:code) , data`. */
export function formatErcValue(parts: ErcValueParts): ErcValue {
  const out: string[] = [];
  if (parts.flags !== undefined && parts.flags !== null) out.push(`[${parts.flags.replaceAll(']', '')}]`);
  if (parts.code !== undefined && parts.code !== null && parts.code !== '') out.push(`(:${parts.code})`);
  const data = parts.data ?? '';
  if (parts.sortFriendly) {
    out.push(`, ${encodeSortFriendly(data)}`);
  } else if (data !== '') {
    out.push(encodeErcEscapes(data));
  }
  return parseErcValue(out.join(' '));
}

/** Encode sort-friendly data: keep its commas (inversion points), encode the rest. */
function encodeSortFriendly(data: string): string {
  return data
    .split(',')
    .map((piece) => encodeErcEscapes(trimWs(piece)))
    .join(', ');
}

/** A value that says why it is missing: `(:unav)`, or `(:unkn) Anonymous` with a text. */
export function missingValue(code: MissingValueCode, text?: string): ErcValue {
  return formatErcValue(text === undefined ? { code } : { code, data: text });
}
