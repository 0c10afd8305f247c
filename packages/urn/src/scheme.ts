import {
  type DefinedScheme,
  defineScheme,
  type Identifier,
  type PidError,
  type PidWarning,
  type Profile,
  type Result,
} from '@pidgate/core';
import { URN_ERROR_CODES, type UrnErrorCode } from './codes.ts';
import { formatUrn } from './format.ts';
import { NAMESPACES } from './namespaces/index.ts';
import { isExperimentalForm, isInformalForm, isRegisteredNid, reservedNidReason } from './namespaces/registry.ts';
import { normalizeUrn } from './normalize.ts';
import { isUrnLabel, parseUrn, readUrn, type UrnComponents } from './parse.ts';
import { findResolverPrefix, URN_RESOLVER_PREFIXES } from './resolvers.ts';

/** A URN's parts, with the resolver URL it was read from (`https://nbn-resolving.org/`), if any. */
export type UrnRecord = UrnComponents;

export type UrnIdentifier = Identifier<UrnRecord, 'urn'>;

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
  const read = readUrn(input);
  if (!read.ok) return read;
  const { text, components, nid, nss, namespace: ns } = read.value;
  let standardKey: string | undefined;
  if (ns?.standard) {
    const standard = ns.standard(nss);
    if (standard !== nss) standardKey = `urn:${nid}:${standard}`;
  }
  const normalized = isNormalUrn(text, components, nid, nss) ? text : `urn:${nid}:${nss}`;
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

/**
 * URNs: any `urn:` string that no more specific scheme claims, and the URLs of public URN resolvers
 * that carry one. RFC 8141 syntax and equivalence, then the namespace's own rules. One profile.
 */
export const urnScheme: DefinedScheme<UrnRecord, 'urn', UrnErrorCode> = defineScheme({
  name: 'urn',
  priority: 100,
  errorCodes: URN_ERROR_CODES,
  recognize: (input: string) => isUrnLabel(input) || findResolverPrefix(input) !== null,
  parse: parseUrn,
  normalize: normalizeUrn,
  format: formatUrn,
  // the namespace's normalized form and standard key as the scan reads
  identify: parseNamespacedUrn,
  route: { labels: ['urn:'], hosts: URN_RESOLVER_PREFIXES.map((p) => p.slice(0, p.indexOf('/'))) },
  docs: {
    title: 'URN (any namespace without a scheme of its own)',
    specification: 'RFC 8141, and the rules of the namespaces pidgate knows',
    page: 'docs/specs/urn.md',
    example: 'urn:nbn:de:bvb:19-146642',
  },
});
