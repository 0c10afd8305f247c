import type { SchemeOptions } from '@pidgate/core';
import type { HandleComponents } from './parse.ts';

/** Serialize a handle's parts as written; `parseHandle(formatHandle(c))` gives `c` back. */
export function formatHandle(c: HandleComponents, _options?: SchemeOptions): string {
  return `${c.label}${c.written}${c.rest}`;
}
