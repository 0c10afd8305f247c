import { type Err, err, type PidError, percentDecode } from '@pidgate/core';

/**
 * Percent-decode `s.slice(from, to)` exactly once, as UTF-8 (RFC 3986 §2.1). A "%" not followed by two
 * hex digits is `pct-encoded` at its offset; escapes that are not UTF-8 are `pct-utf8`. Decoded escapes
 * are never decoded again (`%2525` is `%25`).
 */
export function decodeOnce(s: string, from: number, to: number): string | Err<PidError<'pct-encoded' | 'pct-utf8'>> {
  // The toolkit's strict decoder; a `pct-utf8` failure is reported at the start of the slice, as before.
  const decoded = percentDecode(s, from, to);
  if (decoded.ok) return decoded.value;
  return decoded.error.code === 'pct-utf8'
    ? err('pct-utf8', 'the percent-escapes do not spell UTF-8 characters', from)
    : decoded;
}
