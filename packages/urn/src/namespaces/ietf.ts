import { err } from '@pidgate/core';
import { countSegments } from './segments.ts';
import { allDigits, lowerKeepingEscapes } from './text.ts';
import type { UrnNamespace } from './types.ts';

/** Second-level names of `urn:ietf:` (RFC 2648 §2, RFC 3553 for `params`; registry of RFC 6924). */
export const IETF_SUBNAMESPACES = ['rfc', 'fyi', 'std', 'bcp', 'id', 'mtg', 'params'] as const;
const NUMBERED = new Set(['rfc', 'fyi', 'std', 'bcp']);
const KNOWN = new Set<string>(IETF_SUBNAMESPACES);

/**
 * `urn:ietf:` (RFC 2648, RFC 6924). `rfc:N`, `fyi:N`, `std:N`, `bcp:N` (N decimal, no leading zero),
 * `id:<draft name>`, `mtg:<meeting id>`, `params:<...>` (RFC 3553). Lexical form: the second-level
 * name in lower case; `rfc`/`fyi`/`std`/`bcp`/`id`/`mtg` wholly lower case (RFC 2648 names are
 * case-insensitive); the `params` tail as written (its registrations define their own case rules).
 */
export const ietfNamespace: UrnNamespace = {
  nid: 'ietf',
  errorCodes: ['ietf-subnamespace', 'ietf-number', 'ietf-syntax'],
  checks: 'second level rfc/fyi/std/bcp (decimal number, no leading zero), id, mtg or params',
  equivalence: 'case-insensitive except the tail of params URNs',
  normalize(nss) {
    const colon = nss.indexOf(':');
    if (colon < 0) return err('ietf-syntax', 'an IETF URN is <sub-namespace>:<name>', nss.length);
    const sub = lowerKeepingEscapes(nss.slice(0, colon));
    if (!KNOWN.has(sub)) {
      return err('ietf-subnamespace', `"${sub}" is not a registered sub-namespace of urn:ietf`, 0);
    }
    const restStart = colon + 1;
    if (restStart >= nss.length) return err('ietf-syntax', 'the name after the sub-namespace is not empty', restStart);
    if (NUMBERED.has(sub)) {
      if (!allDigits(nss, restStart)) return err('ietf-number', `urn:ietf:${sub}: takes a decimal number`, restStart);
      if (nss.charCodeAt(restStart) === 48) return err('ietf-number', 'the number has no leading zero', restStart);
      return { ok: true, value: nss.startsWith(sub) ? nss : `${sub}:${nss.slice(restStart)}` };
    }
    if (sub === 'params') {
      const segments = countSegments(nss, 'ietf-syntax', 'params URN', 1, restStart);
      if (!segments.ok) return segments;
      return { ok: true, value: colon === 6 && nss.startsWith('params') ? nss : `params:${nss.slice(restStart)}` };
    }
    return { ok: true, value: lowerKeepingEscapes(nss) };
  },
};
