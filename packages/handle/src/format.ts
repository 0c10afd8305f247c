import type { HandleComponents } from './parse.ts';

/** Serialize a handle's parts as written; `parseHandle(formatHandle(c))` gives `c` back. */
export function formatHandle(c: HandleComponents): string {
  return `${c.label}${c.written}${c.rest}`;
}
