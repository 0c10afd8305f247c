import type { SchemeOptions } from '@pidgate/core';
import { foldAscii } from '@pidgate/handle';

/**
 * The equivalence key and canonical spelling: `doi:`, the prefix, "/" and the suffix, escapes of URI
 * spellings decoded, ASCII letters in lower case ("DOI names are case insensitive, using ASCII case
 * folding"; non-ASCII letters are left as they are).
 */
export function normalizeDoi(
  c: { readonly prefix: string; readonly suffix: string },
  _options?: SchemeOptions,
): string {
  return `doi:${foldAscii(c.prefix)}/${foldAscii(c.suffix)}`;
}
