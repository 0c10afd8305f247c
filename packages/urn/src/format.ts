import type { SchemeOptions } from '@pidgate/core';
import type { UrnComponents } from './parse.ts';

/**
 * Serialize a URN's parts as written (`urn:` in lowercase, after the resolver URL it was read from, if
 * any); `parseUrn(formatUrn(c))` gives `c`.
 */
export function formatUrn(c: UrnComponents, _options?: SchemeOptions): string {
  let s = `${c.resolver ?? ''}urn:${c.nid}:${c.nss}`;
  if (c.rComponent !== null) s += `?+${c.rComponent}`;
  if (c.qComponent !== null) s += `?=${c.qComponent}`;
  if (c.fComponent !== null) s += `#${c.fComponent}`;
  return s;
}
