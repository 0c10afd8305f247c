import type { SchemeOptions } from '@pidgate/core';
import type { OrcidComponents } from './parse.ts';

/** Serialize an iD's parts as written; `parseOrcid(formatOrcid(c))` gives `c` back. */
export function formatOrcid(c: OrcidComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}
