import type { Identifier } from '@pidgate/core';
import { describeStored, fromBindings } from '../bound.ts';
import { safeHttpUrl } from '../url.ts';
import {
  type Description,
  type NaanHit,
  type Outcome,
  type Resolver,
  type ResolverServices,
  UNAV,
  UNKN,
} from './types.ts';

/** The parts of an ARK the resolver needs (a subset of `ArkComponents` from @pidgate/ark). */
export interface ArkParts {
  readonly naan: string;
  readonly name: string;
}

/** A Name Mapping Authority Hostport as Maptr returns it: `host` or `host:port`, nothing else. */
const HOSTPORT = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,253})(?::\d{1,5})?$/;

/**
 * Everything after `NAAN/` as written: the Name, the Qualifier and any query. The router already took
 * the THUMP inflection off. This is the part carried to the target (ARK §4: the NMAH only changes the host).
 */
export function afterNaan(input: string, naan: string): string {
  const label = input.toLowerCase().indexOf('ark:');
  const at = input.indexOf(naan, label === -1 ? 0 : label + 4);
  return at === -1 ? '' : input.slice(at + naan.length + 1);
}

function redirectStatus(code: number): 301 | 302 | 303 | 307 | 308 {
  return code === 301 || code === 303 || code === 307 || code === 308 ? code : 302;
}

function fromTable(hit: NaanHit, trace: string[]): Outcome | null {
  const target = safeHttpUrl(hit.url);
  if (!target) {
    trace.push(`naan-table: ${hit.source} gave no http(s) URL`);
    return null;
  }
  trace.push(`naan-table: ${hit.source}`);
  return { kind: 'redirect', target, status: redirectStatus(hit.status), how: 'naan-table', trace };
}

async function fromMaptr(naan: string, rest: string, s: ResolverServices, trace: string[]): Promise<Outcome | null> {
  if (!s.maptr) return null;
  const found = await s.maptr.discover(naan);
  if (!found.ok) {
    const { code, message } = found.error;
    trace.push(`maptr: ${code}: ${message}`);
    if (/not-found|nxdomain|no-record|no-nmah|empty/i.test(code)) return null;
    const status = /timeout|timed-out/i.test(code) ? 504 : 502;
    return {
      kind: 'failed',
      status,
      how: 'maptr',
      code: `maptr-${code.replace(/^maptr-/, '')}`,
      detail: message,
      trace,
    };
  }
  trace.push(...found.value.trace.map((t) => `maptr: ${t}`));
  if (found.value.cached) trace.push('maptr: answer from cache');
  for (const nmah of found.value.nmahs) {
    if (!HOSTPORT.test(nmah)) {
      trace.push(`maptr: ignored malformed NMAH ${JSON.stringify(nmah)}`);
      continue;
    }
    const target = safeHttpUrl(`${s.config.maptr.urlScheme}://${nmah}/ark:/${naan}/${rest}`);
    if (target) return { kind: 'redirect', target, status: 302, how: 'maptr', trace };
  }
  return null;
}

/**
 * ARK resolution (ARK §4): this institution's bindings (exact, then the longest bound ancestor with the
 * rest appended; a tombstone is 410), then the NAAN table (natab or NAAN registry), then Maptr (DNS NAPTR),
 * then the optional fallback resolver. The Qualifier and everything after the NAAN go to the target.
 */
export const arkResolver: Resolver<ArkParts> = {
  scheme: 'ark',
  async resolve(id: Identifier<ArkParts>, s: ResolverServices): Promise<Outcome> {
    const { naan } = id.components;
    const rest = afterNaan(id.input, naan);
    const trace: string[] = [];
    if (s.store) {
      const bound = await fromBindings(s.store, id.normalized, trace);
      if (bound) return bound;
    }
    const hit = s.naan.lookup(naan, rest);
    if (hit) {
      const outcome = fromTable(hit, trace);
      if (outcome) return outcome;
    } else trace.push(`naan-table: no entry for ${naan}`);
    const viaDns = await fromMaptr(naan, rest, s, trace);
    if (viaDns && (viaDns.kind === 'redirect' || !s.config.fallback.url)) return viaDns;
    if (s.config.fallback.url) {
      const target = safeHttpUrl(s.config.fallback.url + id.input);
      if (target) {
        trace.push(`fallback: ${s.config.fallback.url}`);
        return { kind: 'redirect', target, status: 302, how: 'fallback', trace };
      }
    }
    return {
      kind: 'not-found',
      how: 'ark-discovery',
      code: 'unknown-naan',
      detail: `no Name Mapping Authority is known for NAAN ${naan}`,
      trace,
    };
  },
  describe(id, outcome, s): Description {
    if ((outcome.kind === 'redirect' || outcome.kind === 'gone') && outcome.record) return describeStored(outcome);
    const hit = s.naan.lookup(id.components.naan, afterNaan(id.input, id.components.naan));
    const details = hit ? s.naan.details(hit.record) : null;
    const where = outcome.kind === 'redirect' ? outcome.target : UNAV;
    if (details?.kind === 'registry') {
      const { who, policy } = details.record;
      return {
        erc: { who: who.name ?? who.acronym ?? UNKN, what: UNAV, when: UNAV, where },
        support: {
          who: who.acronym ?? who.name ?? UNKN,
          what: policy?.policy ?? UNKN,
          when: policy?.tenure ?? details.record.when ?? UNKN,
          where: policy?.policyUrl ?? details.record.where ?? UNAV,
        },
        extra: { naanRecord: details.record },
      };
    }
    if (details?.kind === 'natab') {
      return {
        erc: { who: UNKN, what: UNAV, when: UNAV, where },
        support: { who: `NAAN ${details.naan}`, what: UNKN, when: UNKN, where: details.policy },
        extra: { natab: details },
      };
    }
    return {
      erc: { who: UNKN, what: UNAV, when: UNAV, where },
      support: { who: UNKN, what: UNKN, when: UNKN, where: UNAV },
    };
  },
};
