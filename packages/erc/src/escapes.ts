import { isHexCode } from '@pidgate/core';
import { CR, isWs, LF, SPACE, TAB } from './grammar.ts';

/**
 * The ERC encoding extensions (draft-kunze-ark-09 §7.6): `%` followed by one
 * non-alphanumeric character. Web-style `%XX` hex escapes are not ERC escapes and are
 * left alone, so decoding never disturbs normal %-encoded data.
 */
export const ERC_ESCAPES = {
  '%!': '|', // the element separator
  '%%': '%',
  '%.': ',',
  '%_': '', // a non-character used as syntax shim
  '%{': '', // begins an expansion block
  '%}': '', // ends an expansion block
} as const;

const PERCENT = 37;
const BANG = 33;
const DOT = 46;
const UNDERSCORE = 95;
const LBRACE = 123;
const RBRACE = 125;
const PIPE = 124;
const COMMA = 44;
const LBRACKET = 91;
const LPAREN = 40;
const COLON = 58;

function isBlockWs(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}

/**
 * Decode the ERC escapes of one value: `%!` → `|`, `%%` → `%`, `%.` → `,`, `%_` → nothing;
 * inside an expansion block `%{ ... %}` every space, tab and newline is dropped.
 * Any other `%` stays as it is. An unterminated `%{` runs to the end of the string; a `%}`
 * outside a block decodes to nothing; blocks do not nest. Linear; never throws.
 */
export function decodeErcEscapes(s: string): string {
  let i = s.indexOf('%');
  if (i === -1) return s;
  let out = '';
  let last = 0;
  let inBlock = false;
  for (i = 0; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c === PERCENT && i + 1 < s.length) {
      const n = s.charCodeAt(i + 1);
      let replacement: string | null = null;
      if (n === BANG) replacement = '|';
      else if (n === PERCENT) replacement = '%';
      else if (n === DOT) replacement = ',';
      else if (n === UNDERSCORE) replacement = '';
      else if (n === LBRACE) {
        replacement = '';
        inBlock = true;
      } else if (n === RBRACE) {
        replacement = '';
        inBlock = false;
      }
      if (replacement !== null) {
        out += s.slice(last, i) + replacement;
        i += 2;
        last = i;
        continue;
      }
    } else if (inBlock && isBlockWs(c)) {
      out += s.slice(last, i);
      i++;
      while (i < s.length && isBlockWs(s.charCodeAt(i))) i++;
      last = i;
      continue;
    }
    i++;
  }
  return out + s.slice(last);
}

/**
 * Encode data so that it can stand as an ERC value and decode back to itself:
 * `|` → `%!`; a `%` that does not start a `%XX` hex escape → `%%`; and a `%_` shim in front of
 * data that would otherwise be read as a marker (`[`, `(:`, `,`, §7.5) or lose its leading
 * whitespace, and after data that would lose its trailing whitespace. Newlines are kept as they
 * are (ANVL cannot carry them: folding turns them into spaces).
 */
export function encodeErcEscapes(data: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c === PIPE) {
      out += data.slice(last, i) + '%!';
      last = i + 1;
    } else if (c === PERCENT && !(isHexCode(data.charCodeAt(i + 1)) && isHexCode(data.charCodeAt(i + 2)))) {
      out += data.slice(last, i) + '%%';
      last = i + 1;
    }
  }
  out += data.slice(last);
  if (out === '') return out;
  const first = out.charCodeAt(0);
  if (
    isWs(first) ||
    first === LF ||
    first === LBRACKET ||
    first === COMMA ||
    (first === LPAREN && out.charCodeAt(1) === COLON)
  ) {
    out = `%_${out}`;
  }
  const end = out.charCodeAt(out.length - 1);
  if (isWs(end) || end === LF) out = `${out}%_`;
  return out;
}
