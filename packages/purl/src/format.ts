import type { SchemeOptions } from '@pidgate/core';
import type { PurlComponents } from './parse.ts';

/** Serialize a PURL's parts as written; `parsePurl(formatPurl(c))` gives `c` back. */
export function formatPurl(c: PurlComponents, _options?: SchemeOptions): string {
  const query = c.query === null ? '' : `?${c.query}`;
  const fragment = c.fragment === null ? '' : `#${c.fragment}`;
  return `${c.scheme}://${c.host}${c.path}${query}${fragment}`;
}
