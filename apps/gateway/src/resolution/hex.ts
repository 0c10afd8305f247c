// `%`-escape helpers for storage keys and raw-prefix arithmetic. Temporary: the text toolkit of @pidgate/core
// (shared character classes) takes them over.

/** An ASCII hex digit (`0-9`, `A-F`, `a-f`). */
export function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** `%`-escapes with lowercase hex digits (`%2F` → `%2f`); everything else as it is. Linear. */
export function lowerHexEscapes(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '%' && i + 2 < s.length && isHexDigit(s.charCodeAt(i + 1)) && isHexDigit(s.charCodeAt(i + 2))) {
      out += `%${(s[i + 1] as string).toLowerCase()}${(s[i + 2] as string).toLowerCase()}`;
      i += 2;
    } else out += c;
  }
  return out;
}
