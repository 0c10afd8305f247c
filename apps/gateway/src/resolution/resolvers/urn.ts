import type { Identifier } from '@pidgate/core';
import { NAMESPACES, namespaceRecord, type UrnRecord } from '@pidgate/urn';
import type { UrnResolverEntry } from '../resolver-table.ts';
import { encodeUriText, fillTemplate, safeHttpUrl } from '../url.ts';
import { type Outcome, type Resolver, type ResolverServices, UNAV, UNKN } from './types.ts';

/** A delegation, from `urn.delegations` (configuration) or the resolver table. */
type Delegation = Pick<UrnResolverEntry, 'prefix' | 'url'> & Partial<Pick<UrnResolverEntry, 'name' | 'note'>>;

function boundaryAt(s: string, i: number): boolean {
  if (i === s.length) return true;
  const c = s.charCodeAt(i);
  return c === 58 || c === 45; // ":" or "-"
}

/**
 * The delegation whose prefix is the longest match of `NID:NSS`: the NID compares case-insensitively
 * (RFC 8141 §3); an NSS prefix compares case-insensitively too and must end at a ":" or "-"
 * (`nbn:fi` matches `urn:nbn:fi-fe2019...` and `urn:nbn:fi:...`, not `urn:nbn:first`).
 */
export function findDelegation<D extends Delegation>(delegations: readonly D[], nid: string, nss: string): D | null {
  const key = `${nid}:${nss}`.toLowerCase();
  let best: D | null = null;
  let bestLength = -1;
  for (const d of delegations) {
    const prefix = d.prefix.toLowerCase();
    const length = prefix.length;
    if (length <= bestLength) continue;
    if (!prefix.includes(':')) {
      if (key.slice(0, key.indexOf(':')) !== prefix) continue;
    } else if (!key.startsWith(prefix) || !boundaryAt(key, prefix.length)) continue;
    best = d;
    bestLength = length;
  }
  return best;
}

/** Where a URN goes: an operator's `urn.delegations` entry first (it takes precedence), else the table's. */
export function chooseDelegation(
  id: Identifier<UrnRecord>,
  { config, resolverTable }: Pick<ResolverServices, 'config' | 'resolverTable'>,
): { delegation: Delegation; source: 'configuration' | 'resolver-table' } | null {
  const { nid, nss } = id.components;
  const configured = findDelegation(config.urn.delegations, nid, nss);
  if (configured) return { delegation: configured, source: 'configuration' };
  const tabled = findDelegation(resolverTable.urn, nid, nss);
  return tabled ? { delegation: tabled, source: 'resolver-table' } : null;
}

/** The normalized NSS after the NSS part of `prefix` and the ":" or "-" after it (`ietf:rfc` → `2648`). */
function restAfter(prefix: string, key: string): string {
  const colon = prefix.indexOf(':');
  if (colon < 0) return key;
  const part = prefix.length - colon - 1;
  return key.slice(Math.min(key.length, part + 1));
}

/** The template values of a URN, each percent-encoded where a URL needs it. */
export function templateValues(id: Identifier<UrnRecord>, prefix: string): Record<string, string> {
  const c = id.components;
  const key = id.normalized.slice(id.normalized.indexOf(':', 4) + 1);
  // The URN as written: the input itself, or the part of a resolver URL after the resolver.
  const urn = c.resolver === undefined ? id.input : id.input.slice(c.resolver.length);
  return {
    urn: encodeUriText(urn),
    nid: encodeUriText(c.nid),
    nss: encodeUriText(c.nss),
    normalized: encodeUriText(id.normalized),
    key: encodeUriText(key),
    rest: encodeUriText(restAfter(prefix, key)),
  };
}

/** Namespaces whose registration gives no network resolution at all. */
const NO_RESOLUTION: Readonly<Record<string, string>> = {
  uuid: 'a UUID (RFC 9562) names no network resource: there is no public resolver for urn:uuid',
  oid: 'an OID (RFC 3061) is not resolvable on the network: there is no public resolver for urn:oid',
  example: 'urn:example (RFC 6963) is reserved for documentation and is never resolved',
};

function notFoundDetail(nid: string): string {
  const lower = nid.toLowerCase();
  const fixed = NO_RESOLUTION[lower];
  if (fixed) return fixed;
  const record = namespaceRecord(lower);
  if (!record) return `urn:${lower} is not a namespace registered with IANA, and no resolver is configured for it`;
  return `no public resolver is known for the namespace urn:${lower} (${record.reference}); an operator can add one in resolvers.file`;
}

/** URNs: the namespace's resolver from `urn.delegations` or the resolver table; otherwise 404. */
export const urnResolver: Resolver<'urn'> = {
  scheme: 'urn',
  resolve(id, services): Outcome {
    const { nid } = id.components;
    const chosen = chooseDelegation(id, services);
    if (!chosen) {
      return { kind: 'not-found', how: 'urn-delegation', code: 'no-delegation', detail: notFoundDetail(nid) };
    }
    const { delegation, source } = chosen;
    const filled = fillTemplate(delegation.url, templateValues(id, delegation.prefix));
    const target = safeHttpUrl(filled);
    if (!target) {
      return {
        kind: 'failed',
        status: 502,
        how: 'urn-delegation',
        code: 'bad-target',
        detail: 'the delegation template gave no http(s) URL',
      };
    }
    return {
      kind: 'redirect',
      target,
      status: 302,
      how: 'urn-delegation',
      trace: [`${source === 'configuration' ? 'delegation' : 'resolver table'} ${delegation.prefix}`],
    };
  },
  describe(id, outcome, services) {
    const nid = id.components.nid.toLowerCase();
    const chosen = chooseDelegation(id, services);
    const record = namespaceRecord(nid);
    const module = NAMESPACES.get(nid);
    const delegation = chosen
      ? { ...chosen.delegation, source: chosen.source }
      : { prefix: null, url: null, note: notFoundDetail(nid) };
    return {
      erc: { who: UNKN, what: UNAV, when: UNAV, where: outcome.kind === 'redirect' ? outcome.target : UNAV },
      support: {
        who: record ? record.registrant : UNKN,
        what: '(:unkn) commitment made by the namespace registrant (RFC 8141 §1.1)',
        when: UNKN,
        where: record ? record.url : UNAV,
      },
      extra: {
        namespace: {
          nid,
          registered: record ? record.kind : 'no',
          registration: record ? record.reference : null,
          document: record ? record.url : null,
          registrant: record ? record.registrant : null,
          checks: module ? module.checks : 'RFC 8141 syntax only',
          equivalence: `RFC 8141 §3.1${module ? `; ${module.equivalence}` : ''}`,
          ...(id.standardKey ? { standardKey: id.standardKey } : {}),
          ...(id.warnings ? { warnings: id.warnings.map((w) => `${w.code}: ${w.message}`) } : {}),
        },
        delegation,
      },
    };
  },
};
