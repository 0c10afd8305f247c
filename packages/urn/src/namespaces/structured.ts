import { err, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';
import { countSegments, firstSegment } from './segments.ts';
import type { UrnNamespace } from './types.ts';

interface StructuredRules {
  readonly nid: string;
  readonly code: UrnErrorCode;
  readonly what: string;
  readonly checks: string;
  /** When set, the first ":"-separated segment must be one of these. */
  readonly first?: readonly string[];
  readonly minSegments?: number;
}

/**
 * A namespace whose registration defines a hierarchy of ":"-separated names (and nothing that
 * folds case): no empty segment, an optional list of first-level names; lexical form as RFC 8141.
 */
export function structuredNamespace(rules: StructuredRules): UrnNamespace {
  const first = rules.first ? new Set(rules.first) : null;
  return {
    nid: rules.nid,
    errorCodes: [rules.code],
    checks: rules.checks,
    equivalence: 'none beyond RFC 8141 (case-sensitive NSS)',
    normalize(nss): Result<string, PidError<UrnErrorCode>> {
      const segments = countSegments(nss, rules.code, rules.what, rules.minSegments ?? 1);
      if (!segments.ok) return segments;
      if (first && !first.has(firstSegment(nss))) {
        return err(rules.code, `the first level of a ${rules.what} is one of ${[...first].join(', ')}`, 0);
      }
      return { ok: true, value: nss };
    },
  };
}

/** `urn:epc:` (RFC 5134): `id`, `tag`, `pat`, `raw`, `idpat`, `class` and `prefix` forms of the EPC Tag Data Standard. */
export const epcNamespace = structuredNamespace({
  nid: 'epc',
  code: 'epc-syntax',
  what: 'EPC URN',
  checks: 'first level id, tag, pat, raw, idpat, class or prefix; at least two levels; no empty level',
  first: ['id', 'tag', 'pat', 'raw', 'idpat', 'class', 'prefix'],
  minSegments: 2,
});

/** `urn:epcglobal:` (RFC 5134): EPCglobal's other names (`epcis:xsd:1`), a hierarchy of its own. */
export const epcglobalNamespace = structuredNamespace({
  nid: 'epcglobal',
  code: 'epc-syntax',
  what: 'EPCglobal URN',
  checks: 'at least two ":"-separated levels, none empty',
  minSegments: 2,
});

/** `urn:mpeg:` (RFC 3614): `<sub-namespace>:<name>` assigned by ISO/IEC JTC 1/SC 29/WG 11. */
export const mpegNamespace = structuredNamespace({
  nid: 'mpeg',
  code: 'mpeg-syntax',
  what: 'MPEG URN',
  checks: 'at least two ":"-separated levels, none empty',
  minSegments: 2,
});

/** `urn:ogc:` (RFC 5165): `def`, `tc`, `specification`, `service` ... hierarchies (`def:crs:EPSG::4326`). */
export const ogcNamespace: UrnNamespace = {
  nid: 'ogc',
  errorCodes: ['ogc-syntax'],
  checks: 'at least two levels; empty levels allowed after the first (RFC 5165 "def" URNs leave the version empty)',
  equivalence: 'none beyond RFC 8141 (case-sensitive NSS)',
  normalize(nss) {
    const colon = nss.indexOf(':');
    if (colon <= 0 || colon + 1 >= nss.length) {
      return err(
        'ogc-syntax',
        'an OGC URN is <category>:<name>, e.g. def:crs:EPSG::4326',
        colon < 0 ? nss.length : colon,
      );
    }
    return { ok: true, value: nss };
  },
};

/** `urn:ieee:` (RFC 8069): `std:<standard>:...` names assigned by the IEEE Standards Association. */
export const ieeeNamespace = structuredNamespace({
  nid: 'ieee',
  code: 'ieee-syntax',
  what: 'IEEE URN',
  checks: 'at least two ":"-separated levels, none empty',
  minSegments: 2,
});

/** `urn:3gpp:` (RFC 5279): names assigned by 3GPP (`ims.icsi.mmtel`, `ims.iari...`). */
export const threeGppNamespace = structuredNamespace({
  nid: '3gpp',
  code: '3gpp-syntax',
  what: '3GPP URN',
  checks: '":"-separated levels, none empty',
});

/** `urn:example:` (RFC 6963): for documentation; any RFC 8141 NSS; never resolved. */
export const exampleNamespace: UrnNamespace = {
  nid: 'example',
  errorCodes: [],
  checks: 'RFC 8141 only (the registration defines no syntax)',
  equivalence: 'none beyond RFC 8141',
  normalize(nss) {
    return { ok: true, value: nss };
  },
};
