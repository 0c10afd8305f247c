import type { SchemeOptions } from '@pidgate/core';
import { foldAscii } from './grammar.ts';

/**
 * The equivalence key: `hdl:`, then the naming authority and local name with ASCII letters in lower case
 * (handles compare case-insensitively for ASCII, as the global Handle service does), escapes decoded.
 */
export function normalizeHandle(
  c: { readonly prefix: string; readonly suffix: string },
  _options?: SchemeOptions,
): string {
  return `hdl:${foldAscii(c.prefix)}/${foldAscii(c.suffix)}`;
}
