import { err, type PidWarning } from '@pidgate/core';
import { countSegments, firstSegment } from './segments.ts';
import { allDigits, lowerKeepingEscapes } from './text.ts';
import type { UrnNamespace } from './types.ts';

/** IANA's "IETF URN Sub-namespace" registry (RFC 6924): RFC 2648's names and RFC 3553's `params`. */
export const IETF_SUBNAMESPACES = ['rfc', 'fyi', 'std', 'bcp', 'id', 'mtg', 'params'] as const;
const NUMBERED = new Set(['rfc', 'fyi', 'std', 'bcp']);
const KNOWN = new Set<string>(IETF_SUBNAMESPACES);

/** Does the normalized NSS start with a registered sub-namespace and ":" (or end there)? No string is built. */
function isRegisteredSubnamespace(nss: string): boolean {
  const colon = nss.indexOf(':');
  switch (colon < 0 ? nss.length : colon) {
    case 2:
      return nss.startsWith('id');
    case 3:
      return (
        nss.startsWith('rfc') ||
        nss.startsWith('mtg') ||
        nss.startsWith('std') ||
        nss.startsWith('bcp') ||
        nss.startsWith('fyi')
      );
    case 6:
      return nss.startsWith('params');
    default:
      return false;
  }
}

/** A decimal number without its leading zeros ("0" stays "0"). */
function withoutLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 48) i++;
  return i === 0 ? digits : digits.slice(i);
}

/**
 * `urn:ietf:` (RFC 2648, RFC 3553, RFC 6924). RFC 2648's grammar: `rfc:`, `fyi:`, `std:`, `bcp:`
 * and `1*DIGIT`, `id:<draft name>`, `mtg:<meeting id>`, and `other-nss = string` "for future
 * extensibility"; RFC 3553 adds `params:<...>` ("if a colon is present then the items on both sides
 * of it are valid names": no empty level); RFC 6924 makes the sub-namespaces an IANA registry.
 * A sub-namespace not in that registry parses (the grammar's other-nss) with the warning
 * `ietf-subnamespace-unregistered`, as an unregistered NID does.
 * Lexical form: RFC 2648 names are case-insensitive, so lower case, except the tail of `params`
 * URNs (each `params` registration defines its own case rules). Standard form: the number of an
 * `rfc`/`fyi`/`std`/`bcp` URN without leading zeros (`rfc:02648` names RFC 2648).
 */
export const ietfNamespace: UrnNamespace = {
  nid: 'ietf',
  errorCodes: ['ietf-subnamespace', 'ietf-number', 'ietf-syntax'],
  checks: 'second level rfc/fyi/std/bcp (a decimal number), id, mtg, params (no empty level); others warned',
  equivalence: 'case-insensitive except the tail of params URNs; standard: numbers without leading zeros',
  normalize(nss) {
    const colon = nss.indexOf(':');
    if (colon === 0) return err('ietf-subnamespace', 'an IETF URN starts with a sub-namespace name', 0);
    const sub = lowerKeepingEscapes(colon < 0 ? nss : nss.slice(0, colon));
    if (!KNOWN.has(sub)) return { ok: true, value: lowerKeepingEscapes(nss) };
    if (colon < 0) return err('ietf-syntax', 'an IETF URN is <sub-namespace>:<name>', nss.length);
    const restStart = colon + 1;
    if (restStart >= nss.length) return err('ietf-syntax', 'the name after the sub-namespace is not empty', restStart);
    if (NUMBERED.has(sub)) {
      if (!allDigits(nss, restStart)) return err('ietf-number', `urn:ietf:${sub}: takes a decimal number`, restStart);
      return { ok: true, value: nss.startsWith(sub) ? nss : `${sub}:${nss.slice(restStart)}` };
    }
    if (sub === 'params') {
      const segments = countSegments(nss, 'ietf-syntax', 'params URN', 1, restStart);
      if (!segments.ok) return segments;
      return { ok: true, value: colon === 6 && nss.startsWith('params') ? nss : `params:${nss.slice(restStart)}` };
    }
    return { ok: true, value: lowerKeepingEscapes(nss) };
  },
  standard(nss) {
    const colon = nss.indexOf(':');
    if (colon < 0 || nss.charCodeAt(colon + 1) !== 48 || !NUMBERED.has(nss.slice(0, colon))) return nss;
    return `${nss.slice(0, colon + 1)}${withoutLeadingZeros(nss.slice(colon + 1))}`;
  },
  warnings(nss): readonly PidWarning[] | undefined {
    if (isRegisteredSubnamespace(nss)) return undefined;
    const sub = firstSegment(nss);
    return [
      {
        code: 'ietf-subnamespace-unregistered',
        message: `"${sub}" is not in IANA's registry of urn:ietf sub-namespaces (RFC 6924)`,
      },
    ];
  },
};
