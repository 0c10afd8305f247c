import type { SchemeOptions } from '@pidgate/core';
import type { ArkComponents } from './parse.ts';

/**
 * Serialize an ARK's parts as written: `parseArk(formatArk(c))` gives `c` back. The NMAH is written
 * in the URL prefix; with no prefix, after an "ark:" label (§2.6's `ark:host/NAAN/Name` form), or else in
 * an `http://NMAH/` prefix.
 */
export function formatArk(c: ArkComponents, _options?: SchemeOptions): string {
  let s = c.prefix ?? '';
  s += c.label;
  if (c.prefix === null && c.nmah !== null) s = c.label.endsWith('/') ? `http://${c.nmah}/${s}` : `${s}${c.nmah}/`;
  s += c.naan + '/' + c.name + c.qualifier;
  if (c.inflection !== null) s += c.inflection;
  else if (c.query !== null) s += '?' + c.query;
  return s;
}
