/** Small, linear string helpers shared by the namespace modules (no regular expressions). */

import { isAlpha, isDigit, isHexCode } from '@pidgate/core';

// The character classes are the toolkit's (one definition for every package).
export const isDigitCode = isDigit;
export const isHexDigitCode = isHexCode;
export const isLetterCode = isAlpha;

/**
 * ASCII letters lower-cased, except the hex digits of percent-escapes, which stay upper case
 * (RFC 8141 §3.1 normalizes escapes to upper case; a namespace's case folding must not undo it).
 */
export function lowerKeepingEscapes(s: string): string {
  let upper = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) i += 2;
    else if (c >= 65 && c <= 90) {
      upper = true;
      break;
    }
  }
  if (!upper) return s;
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) {
      out += s.slice(from, i).toLowerCase() + s.slice(i, i + 3);
      i += 2;
      from = i + 1;
    }
  }
  return from === 0 ? s.toLowerCase() : out + s.slice(from).toLowerCase();
}

/** Every character a decimal digit (and at least one). */
export function allDigits(s: string, from = 0, to = s.length): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (!isDigitCode(s.charCodeAt(i))) return false;
  return true;
}
