import {
  type AnvlErrorCode,
  err,
  ok,
  percentEncode,
  type Result,
  readAnvl,
  repeatedLabels,
  percentDecode as strictDecode,
} from '@pidgate/core';

/**
 * EZID's subset of ANVL (EZID API guide, "Request & response bodies"): one `name: value` element per line;
 * in names `%`, `:`, CR and LF are percent-encoded, in values `%`, CR and LF (EZID writes values' colons
 * as they are). On input a line starting with `#` is a comment, a line starting with white space continues
 * the previous value (joined with one space), an empty line ends the element before it, and names and
 * values are trimmed. The metadata is a dictionary: a repeated name is an error, as in EZID.
 *
 * The reading is the toolkit's ANVL reader (`readAnvl(text, 'ezid')` of @pidgate/core); this module turns
 * its elements into EZID's dictionary and its problems into EZID's messages. Everything here is a linear
 * scan of the text; nothing throws.
 */

const PERCENT = 37;
const COLON = 58;
const CR = 13;
const LF = 10;

/** Percent-encode `%`, CR, LF (and `:` in a name), upper-case hex as EZID writes it. */
function encode(s: string, colon: boolean): string {
  return percentEncode(s, (c) => c !== PERCENT && c !== CR && c !== LF && !(colon && c === COLON));
}

/** An element name as EZID writes it: `%`, `:`, CR and LF percent-encoded. */
export const encodeName = (s: string): string => encode(s, true);
/** An element value as EZID writes it: `%`, CR and LF percent-encoded. */
export const encodeValue = (s: string): string => encode(s, false);

/**
 * Undo percent-encoding: each `%XX` is one byte, and runs of them are read as UTF-8 (EZID's clients only
 * encode ASCII, but `%C3%A9` is `é` to anyone reading UTF-8). A `%` not followed by two hex digits, or bytes
 * that are not UTF-8, fail with EZID's message.
 */
export function percentDecode(s: string): Result<string> {
  const decoded = strictDecode(s);
  return decoded.ok ? decoded : err('anvl-parse-error', 'percent-decode error');
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

/** EZID's reason for each problem the reader reports. */
const REASONS = {
  'element-colon-missing': 'no colon in line',
  'element-label-empty': 'empty label',
  'continuation-without-element': 'no previous label for continuation line',
  'pct-encoded': 'percent-decode error',
  'pct-utf8': 'percent-decode error',
} as const satisfies Record<AnvlErrorCode, string>;

/** EZID's reason (`ANVL parse error (reason)`) for a problem of the toolkit's reader. */
export const anvlReason = (code: AnvlErrorCode): string => REASONS[code];

/**
 * Parse an EZID request body into its elements, in order. Errors carry EZID's own reasons (`no colon in
 * line`, `empty label`, `repeated label`, `no previous label for continuation line`, `percent-decode error`),
 * which the API reports as `error: bad request - ANVL parse error (reason)`: the first in line order, as
 * EZID stops at it.
 */
export function parseEzidAnvl(text: string): Result<Map<string, string>> {
  const [record] = readAnvl(text, 'ezid');
  if (!record) return ok(new Map());
  const problem = record.problems[0];
  const repeat = repeatedLabels(record.elements)[0];
  if (problem && (!repeat || problem.line <= repeat.line)) return err('anvl-parse-error', REASONS[problem.code]);
  if (repeat) return err('anvl-parse-error', 'repeated label');
  return ok(new Map(record.elements.map((e) => [e.label, e.value])));
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
