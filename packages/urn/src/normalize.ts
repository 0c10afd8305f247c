import { type SchemeOptions, upperEscapes } from '@pidgate/core';
import { NAMESPACES } from './namespaces/index.ts';
import type { UrnComponents } from './parse.ts';

/**
 * The equivalence key: RFC 8141 §3.1 ("urn" and the NID lowercased, the hex digits of percent-escapes in
 * the NSS uppercased, nothing decoded, r-, q- and f-components and any resolver URL ignored), then the
 * lexical equivalence of the NID's namespace where pidgate has its module (`urn:isbn:0-395-36341-1` is
 * `urn:isbn:0395363411`). A record made by hand whose NSS its namespace refuses keeps the §3.1 form.
 */
export function normalizeUrn(c: UrnComponents, _options?: SchemeOptions): string {
  const nid = c.nid.toLowerCase();
  const nss = upperEscapes(c.nss);
  const lexical = NAMESPACES.get(nid)?.normalize(nss);
  return `urn:${nid}:${lexical?.ok ? lexical.value : nss}`;
}
