import type { SchemeOptions } from '@pidgate/core';
import type { DoiComponents } from './parse.ts';

/** Serialize a DOI's parts as written; `parseDoi(formatDoi(c))` gives `c` back. */
export function formatDoi(c: DoiComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}
