import { err, ok, type Result } from '@pidgate/core';

/**
 * EZID's subset of ANVL (EZID API guide, "Request & response bodies"): one `name: value` element per line;
 * in names `%`, `:`, CR and LF are percent-encoded, in values `%`, CR and LF (EZID writes values' colons
 * as they are). On input a line starting with `#` is a comment, a line starting with white space continues
 * the previous value (joined with one space), an empty line ends the element before it, and names and
 * values are trimmed. The metadata is a dictionary: a repeated name is an error, as in EZID.
 *
 * The ERC ANVL parser in @pidgate/erc keeps records, comments and foldings for a round trip and has no
 * percent-encoding; EZID's bodies are one flat, percent-encoded dictionary, so they get this small codec.
 * Everything here is a linear scan of the text; nothing throws.
 */

const PERCENT = 37;
const COLON = 58;
const CR = 13;
const LF = 10;
const HASH = 35;

/** Percent-encode the characters in `special` (ASCII only), upper-case hex as EZID writes it. */
function encode(s: string, colon: boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === PERCENT || c === CR || c === LF || (colon && c === COLON)) {
      out += `${s.slice(from, i)}%${c.toString(16).toUpperCase().padStart(2, '0')}`;
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/** An element name as EZID writes it: `%`, `:`, CR and LF percent-encoded. */
export const encodeName = (s: string): string => encode(s, true);
/** An element value as EZID writes it: `%`, CR and LF percent-encoded. */
export const encodeValue = (s: string): string => encode(s, false);

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Undo percent-encoding: each `%XX` is one byte, and runs of them are read as UTF-8 (EZID's clients only
 * encode ASCII, but `%C3%A9` is `é` to anyone reading UTF-8). A `%` not followed by two hex digits, or bytes
 * that are not UTF-8, fail with EZID's message.
 */
export function percentDecode(s: string): Result<string> {
  if (s.indexOf('%') === -1) return ok(s);
  let out = '';
  let from = 0;
  let i = 0;
  while (i < s.length) {
    if (s.charCodeAt(i) !== PERCENT) {
      i++;
      continue;
    }
    out += s.slice(from, i);
    const bytes: number[] = [];
    while (i < s.length && s.charCodeAt(i) === PERCENT) {
      const hi = hexValue(s.charCodeAt(i + 1));
      const lo = hexValue(s.charCodeAt(i + 2));
      if (hi < 0 || lo < 0) return err('anvl-parse-error', 'percent-decode error');
      bytes.push(hi * 16 + lo);
      i += 3;
    }
    const text = utf8(Uint8Array.from(bytes));
    if (text === null) return err('anvl-parse-error', 'percent-decode error');
    out += text;
    from = i;
  }
  return ok(out + s.slice(from));
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 bytes as text, or null when they are not UTF-8. */
export function utf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12;
}

/** Trim ASCII white space (what EZID's `str.strip` takes off names and values). */
function trim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (isSpace(s.charCodeAt(a)) || s.charCodeAt(a) === CR || s.charCodeAt(a) === LF)) a++;
  while (b > a && (isSpace(s.charCodeAt(b - 1)) || s.charCodeAt(b - 1) === CR || s.charCodeAt(b - 1) === LF)) b--;
  return s.slice(a, b);
}

/**
 * Parse an EZID request body into its elements, in order. Errors carry EZID's own reasons (`no colon in
 * line`, `empty label`, `repeated label`, `no previous label for continuation line`, `percent-decode error`),
 * which the API reports as `error: bad request - ANVL parse error (reason)`.
 */
export function parseEzidAnvl(text: string): Result<Map<string, string>> {
  const out = new Map<string, string>();
  let current: string | null = null;
  let start = 0;
  while (start <= text.length) {
    // Lines end at CRLF, CR or LF.
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
    const line = text.slice(start, end);
    if (end < text.length && text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF) end++;
    start = end + 1;
    if (line.length === 0) {
      current = null;
      continue;
    }
    const first = line.charCodeAt(0);
    if (first === HASH) continue;
    if (isSpace(first)) {
      if (current === null) return err('anvl-parse-error', 'no previous label for continuation line');
      const more = percentDecode(line);
      if (!more.ok) return more;
      const piece = trim(more.value);
      if (piece !== '') {
        const before = out.get(current) ?? '';
        out.set(current, before === '' ? piece : `${before} ${piece}`);
      }
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === -1) return err('anvl-parse-error', 'no colon in line');
    const name = percentDecode(line.slice(0, colon));
    if (!name.ok) return name;
    const value = percentDecode(line.slice(colon + 1));
    if (!value.ok) return value;
    const label = trim(name.value);
    if (label.length === 0) return err('anvl-parse-error', 'empty label');
    if (out.has(label)) return err('anvl-parse-error', 'repeated label');
    out.set(label, trim(value.value));
    current = label;
  }
  return ok(out);
}

/**
 * Drop the characters XML 1.0 does not allow (C0 controls but tab, CR and LF; U+FFFE, U+FFFF; lone
 * surrogates), as EZID does with every name and value it is sent (`sanitizeXmlSafeCharset`): they could
 * not be exported, and PostgreSQL refuses NUL.
 */
export function xmlSafe(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let drop = (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffe || c === 0xffff;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      drop = true;
    } else if (c >= 0xdc00 && c <= 0xdfff) drop = true;
    if (drop) {
      out += s.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/** Elements as EZID writes them: one `name: value` line each, every line ending in LF. */
export function formatEzidAnvl(elements: Iterable<readonly [string, string]>): string {
  let out = '';
  for (const [name, value] of elements) out += `${encodeName(name)}: ${encodeValue(value)}\n`;
  return out;
}

/**
 * A response body: the status line (`success: …` or `error: …`, its remainder encoded as a value), then the
 * elements. Without elements the body is the status line alone, with no line end (as EZID sends it).
 */
export function ezidBody(
  status: 'success' | 'error',
  remainder: string,
  elements?: Iterable<[string, string]>,
): string {
  const line = `${status}: ${encodeValue(remainder)}`;
  const rest = elements ? formatEzidAnvl(elements) : '';
  return rest === '' ? line : `${line}\n${rest}`;
}
