import { upperEscapes } from '@pidgate/core';
import type { UrnComponents } from './parse.ts';

/**
 * The equivalence key of RFC 8141 §3.1: "urn" and the NID lowercased, the hex digits of
 * percent-escapes in the NSS uppercased, nothing decoded, r-, q- and f-components ignored.
 */
export function normalizeUrn(c: UrnComponents): string {
  return `urn:${c.nid.toLowerCase()}:${upperEscapes(c.nss)}`;
}
