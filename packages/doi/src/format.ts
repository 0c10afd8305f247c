import type { DoiComponents } from './parse.ts';

/** Serialize a DOI's parts as written; `parseDoi(formatDoi(c))` gives `c` back. */
export function formatDoi(c: DoiComponents): string {
  return `${c.label}${c.written}${c.rest}`;
}
