import type { Identifier } from '@pidgate/core';
import type { UrnComponents } from '@pidgate/urn';
import type { Config } from '../config.ts';
import { encodeUriText, fillTemplate, safeHttpUrl } from '../url.ts';
import { type Outcome, type Resolver, UNAV, UNKN } from './types.ts';

type Delegation = Config['urn']['delegations'][number];

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
export function findDelegation(delegations: readonly Delegation[], nid: string, nss: string): Delegation | null {
  const key = `${nid}:${nss}`.toLowerCase();
  let best: Delegation | null = null;
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

/** Generic URNs: a delegation table by NID and NID prefix, editable by configuration; otherwise 404. */
export const urnResolver: Resolver<UrnComponents> = {
  scheme: 'urn',
  resolve(id: Identifier<UrnComponents>, { config }): Outcome {
    const { nid, nss } = id.components;
    const delegation = findDelegation(config.urn.delegations, nid, nss);
    if (!delegation) {
      return {
        kind: 'not-found',
        how: 'urn-delegation',
        code: 'no-delegation',
        detail: `no resolver is configured for the namespace urn:${nid.toLowerCase()}`,
      };
    }
    const urn = encodeUriText(id.input);
    const filled = fillTemplate(delegation.url, { urn, nid: encodeUriText(nid), nss: encodeUriText(nss) });
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
    return { kind: 'redirect', target, status: 302, how: 'urn-delegation', trace: [`delegation ${delegation.prefix}`] };
  },
  describe(id, outcome, { config }) {
    const { nid, nss } = id.components;
    const delegation = findDelegation(config.urn.delegations, nid, nss);
    return {
      erc: { who: UNKN, what: UNAV, when: UNAV, where: outcome.kind === 'redirect' ? outcome.target : UNAV },
      support: {
        who: delegation ? `resolver for urn:${delegation.prefix}` : UNKN,
        what: '(:unkn) commitment made by the namespace registrant (RFC 8141 §1.1)',
        when: UNKN,
        where: delegation ? delegation.url : UNAV,
      },
      extra: { delegation },
    };
  },
};
