import { type Err, err, type PidError } from '@pidgate/core';
import { isHex, PERCENT } from './grammar.ts';

/**
 * Percent-decode `s.slice(from, to)` exactly once, as UTF-8 (RFC 3986 §2.1). A "%" not followed by two
 * hex digits is `pct-encoded` at its offset; escapes that are not UTF-8 are `pct-utf8`. Decoded escapes
 * are never decoded again (`%2525` is `%25`).
 */
export function decodeOnce(s: string, from: number, to: number): string | Err<PidError<'pct-encoded' | 'pct-utf8'>> {
  let escapes = false;
  for (let i = from; i < to; i++) {
    if (s.charCodeAt(i) !== PERCENT) continue;
    if (i + 2 >= to || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) {
      return err('pct-encoded', 'a percent-escape is "%" followed by two hex digits', i);
    }
    escapes = true;
    i += 2;
  }
  const slice = s.slice(from, to);
  if (!escapes) return slice;
  try {
    return decodeURIComponent(slice);
  } catch {
    return err('pct-utf8', 'the percent-escapes do not spell UTF-8 characters', from);
  }
}
