import { isHexCode } from '@pidgate/core';

// Storage keys keep a malformed `%` as it is (core's `lowerEscapes` assumes well-formed escapes).

/** `%`-escapes with lowercase hex digits (`%2F` → `%2f`); everything else as it is. Linear. */
export function lowerHexEscapes(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '%' && i + 2 < s.length && isHexCode(s.charCodeAt(i + 1)) && isHexCode(s.charCodeAt(i + 2))) {
      out += `%${(s[i + 1] as string).toLowerCase()}${(s[i + 2] as string).toLowerCase()}`;
      i += 2;
    } else out += c;
  }
  return out;
}
