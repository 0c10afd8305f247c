import {
  COLON,
  HYPHEN,
  isAlpha,
  isAlphaHyphenDigit,
  isDigit,
  isUniqueIdChar,
  lower,
  normalizeEscapes,
} from './grammar.ts';

/**
 * The canonical unique id (§2.4, §2.4.1, §3.6.4): escapes of characters a unique id holds plainly
 * (alpha / digit / other) decoded, other escapes with lowercase hex; and an encapsulated URL,
 * `scheme://authority…`, with its scheme and host lowercased (RFC 3986 §6.2.2.1). Case is otherwise kept.
 */
export function canonicalUniqueId(uniqueId: string): string {
  if (uniqueId.indexOf('%') === -1) return uniqueId; // no escape, so no encapsulated URL either
  const n = normalizeEscapes(uniqueId, isUniqueIdChar);
  return n.indexOf(':%2f%2f') === -1 ? n : canonicalUrl(n);
}

/** `scheme:%2f%2fauthority…` (the unique id already normalized): lowercase the scheme and the host. */
function canonicalUrl(n: string): string {
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), "+" and "." written %2b and %2e
  if (!isAlpha(n.charCodeAt(0))) return n;
  let i = 1;
  for (; i < n.length; i++) {
    const c = n.charCodeAt(i);
    if (c === COLON) break;
    if (isAlpha(c) || isDigit(c) || c === HYPHEN) continue;
    const e = n.slice(i, i + 3);
    if (e === '%2b' || e === '%2e') {
      i += 2;
      continue;
    }
    return n;
  }
  if (n.slice(i, i + 7) !== ':%2f%2f') return n;
  // authority ends at "/", "?" or "#" (%2f, %3f, %23); the host follows the last "@" (%40)
  const authStart = i + 7;
  let authEnd = authStart;
  let hostStart = authStart;
  for (; authEnd < n.length; authEnd++) {
    if (n.charCodeAt(authEnd) !== 37) continue;
    const e = n.slice(authEnd, authEnd + 3);
    if (e === '%2f' || e === '%3f' || e === '%23') break;
    if (e === '%40') hostStart = authEnd + 3;
  }
  if (!hasUpper(n, 0, i) && !hasUpper(n, hostStart, authEnd)) return n;
  const scheme = n.slice(0, i).toLowerCase();
  return scheme + n.slice(i, hostStart) + n.slice(hostStart, authEnd).toLowerCase() + n.slice(authEnd);
}

/** True when `s[from, to)` may change when lowercased: a capital letter, or any non-ASCII character. */
function hasUpper(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c >= 128) return true;
  }
  return false;
}

/** The canonical format token (§2.5, case-insensitive): escapes of letters, digits and hyphens decoded, lowercased. */
export function canonicalFormat(format: string): string {
  return lower(normalizeEscapes(format, isAlphaHyphenDigit));
}
