import {
  type DefinedScheme,
  defineScheme,
  type Identifier,
  type PidError,
  type PidWarning,
  type Profile,
  type Result,
  shiftError,
  upperEscapes,
} from '@pidgate/core';
import { URN_ERROR_CODES, type UrnErrorCode } from './codes.ts';
import { formatUrn } from './format.ts';
import { NAMESPACES } from './namespaces/index.ts';
import { isExperimentalForm, isInformalForm, isRegisteredNid, reservedNidReason } from './namespaces/registry.ts';
import { parseUrn, type UrnComponents } from './parse.ts';
import { findResolverPrefix, URN_RESOLVER_PREFIXES, urnFromResolverUrl } from './resolvers.ts';

/** A URN's parts, plus the resolver URL it was read from (`https://nbn-resolving.org/`), if any. */
export interface UrnRecord extends UrnComponents {
  /** The URL before the URN when the input was a resolver URL; absent for a bare URN. */
  readonly resolver?: string;
}

export type UrnIdentifier = Identifier<UrnRecord, 'urn'>;

function isUrnLabel(input: string): boolean {
  return (
    input.length >= 4 &&
    (input.charCodeAt(0) | 0x20) === 117 && // u
    (input.charCodeAt(1) | 0x20) === 114 && // r
    (input.charCodeAt(2) | 0x20) === 110 && // n
    input.charCodeAt(3) === 58
  );
}

/** Does the string hold an ASCII capital letter? (A NID is ASCII: letters, digits and hyphens.) */
function hasUpperAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/**
 * Is the URN `text` already its normalized form `urn:<nid>:<nss>`, so that no new string need be built?
 * Yes when it starts with "urn:" in lower case, the NID and NSS came through unchanged and nothing follows the NSS.
 */
function isNormalUrn(text: string, c: UrnComponents, nid: string, nss: string): boolean {
  return (
    nid === c.nid &&
    nss === c.nss &&
    c.rComponent === null &&
    c.qComponent === null &&
    c.fComponent === null &&
    text.charCodeAt(0) === 117 && // "u"
    text.charCodeAt(1) === 114 && // "r"
    text.charCodeAt(2) === 110 // "n"
  );
}

const EXPERIMENTAL: readonly PidWarning[] = [
  { code: 'nid-experimental', message: 'an "X-" NID is RFC 3406\'s experimental form, which RFC 8141 no longer has' },
];

/** Warnings about the NID (lower case): none for a namespace IANA registered. */
export function nidWarnings(nid: string): readonly PidWarning[] | undefined {
  if (NAMESPACES.has(nid) || isRegisteredNid(nid)) return undefined;
  if (isExperimentalForm(nid)) return EXPERIMENTAL;
  if (isInformalForm(nid)) {
    return [{ code: 'nid-informal-unregistered', message: `no informal namespace ${nid} is registered with IANA` }];
  }
  const reserved = reservedNidReason(nid);
  if (reserved !== undefined) return [{ code: 'nid-reserved', message: reserved }];
  return [{ code: 'nid-unregistered', message: `the namespace "${nid}" is not registered with IANA` }];
}

/**
 * Parse a URN with its namespace's rules: RFC 8141 first, then the module of the NID (a Map lookup
 * on the lower-cased NID) validates the NSS and gives its lexical form (and, for some, a standard key).
 */
export function parseNamespacedUrn(
  input: string,
  profile: Profile = 'source',
): Result<UrnIdentifier, PidError<UrnErrorCode>> {
  let text = input;
  let shift = 0;
  let resolver: string | undefined;
  if (!isUrnLabel(input)) {
    const at = findResolverPrefix(input);
    if (at) {
      resolver = input.slice(0, at.prefixEnd);
      text = urnFromResolverUrl(input, at);
      shift = at.prefixEnd;
    }
  }
  const parsed = parseUrn(text);
  if (!parsed.ok) return shift === 0 ? parsed : shiftError(parsed, shift);
  const c = parsed.value;
  const nid = hasUpperAscii(c.nid) ? c.nid.toLowerCase() : c.nid;
  let nss = upperEscapes(c.nss);
  let standardKey: string | undefined;
  const ns = NAMESPACES.get(nid);
  if (ns) {
    const r = ns.normalize(nss);
    if (!r.ok) return shiftError(r, shift + 5 + c.nid.length);
    nss = r.value;
    if (ns.standard) {
      const standard = ns.standard(nss);
      if (standard !== nss) standardKey = `urn:${nid}:${standard}`;
    }
  }
  const normalized = isNormalUrn(text, c, nid, nss) ? text : `urn:${nid}:${nss}`;
  const components: UrnRecord =
    resolver === undefined
      ? c
      : {
          nid: c.nid,
          nss: c.nss,
          rComponent: c.rComponent,
          qComponent: c.qComponent,
          fComponent: c.fComponent,
          resolver,
        };
  const warnings = ns === undefined ? nidWarnings(nid) : ns.warnings?.(nss);
  let value: UrnIdentifier;
  if (warnings === undefined) {
    value =
      standardKey === undefined
        ? { scheme: 'urn', input, profile, normalized, components }
        : { scheme: 'urn', input, profile, normalized, components, standardKey };
  } else {
    value =
      standardKey === undefined
        ? { scheme: 'urn', input, profile, normalized, components, warnings }
        : { scheme: 'urn', input, profile, normalized, components, standardKey, warnings };
  }
  return { ok: true, value };
}

/** A URN record written out: the resolver URL it was read from, if any, then the URN. */
function formatRecord(c: UrnRecord): string {
  return (c.resolver ?? '') + formatUrn(c);
}

/**
 * URNs: any `urn:` string that no more specific scheme claims, and the URLs of public URN resolvers
 * that carry one. RFC 8141 syntax and equivalence, then the namespace's own rules. One profile.
 */
export const urnScheme: DefinedScheme<UrnRecord, 'urn', UrnErrorCode> = defineScheme({
  name: 'urn',
  priority: 100,
  errorCodes: URN_ERROR_CODES,
  recognize: (input: string) => isUrnLabel(input) || findResolverPrefix(input) !== null,
  parse(input, options): Result<UrnRecord, PidError<UrnErrorCode>> {
    const r = parseNamespacedUrn(input, options?.profile);
    return r.ok ? { ok: true, value: r.value.components } : r;
  },
  // the namespace's normalized form, of the record written out again
  normalize(c, options) {
    const written = formatRecord(c);
    const r = parseNamespacedUrn(written, options?.profile);
    return r.ok ? r.value.normalized : written;
  },
  format: (c: UrnRecord) => formatRecord(c),
  identify: parseNamespacedUrn,
  route: { labels: ['urn:'], hosts: URN_RESOLVER_PREFIXES.map((p) => p.slice(0, p.indexOf('/'))) },
  docs: {
    title: 'URN (any namespace without a scheme of its own)',
    specification: 'RFC 8141, and the rules of the namespaces pidgate knows',
    page: 'docs/specs/urn.md',
    example: 'urn:nbn:de:bvb:19-146642',
  },
});
