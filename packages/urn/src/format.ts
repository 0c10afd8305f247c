import type { UrnComponents } from './parse.ts';

/** Serialize a URN's parts as written (`urn:` in lowercase); `parseUrn(formatUrn(c))` gives `c`. */
export function formatUrn(c: UrnComponents): string {
  let s = `urn:${c.nid}:${c.nss}`;
  if (c.rComponent !== null) s += `?+${c.rComponent}`;
  if (c.qComponent !== null) s += `?=${c.qComponent}`;
  if (c.fComponent !== null) s += `#${c.fComponent}`;
  return s;
}
