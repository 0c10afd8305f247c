import type { Identifier } from '@pidgate/core';
import { MAPTR_ERROR_CODES, type MaptrErrorCode } from '@pidgate/discovery';
import { describeStored, fromBindings } from '../bound.ts';
import { appendToTarget, fillTemplate, safeHttpUrl } from '../url.ts';
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
  readonly qualifier?: string;
  /** The URL prefix (`https://n2t.net/`), when the ARK was written with one. */
  readonly prefix?: string | null;
  /** The NMAH: the prefix's host, or the §2.6 label-host (`ark:12025.example.org/12025/x`). */
  readonly nmah?: string | null;
  /** The label as written: `ark:/` or `ark:`. */
  readonly label?: string;
}

/** A Name Mapping Authority Hostport as Maptr returns it: `host` or `host:port`, nothing else. */
const HOSTPORT = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,253})(?::\d{1,5})?$/;

/**
 * Everything after `NAAN/` exactly as the client wrote it: the Name, the Qualifier and any query (the
 * router already took the THUMP inflection off). Found from the parsed components only (URL prefix, label,
 * label-host, NAAN lengths), never by searching the text for the NAAN; when the input does not hold them
 * where expected, the parsed Name and Qualifier.
 */
export function afterNaan(input: string, c: ArkParts): string {
  if (c.label !== undefined) {
    const prefix = c.prefix ?? '';
    const labelHost = c.nmah && !c.prefix ? c.nmah.length + 1 : 0;
    const naanAt = prefix.length + c.label.length + labelHost;
    const end = naanAt + c.naan.length;
    if (input.slice(naanAt, end).toLowerCase() === c.naan.toLowerCase() && input.charCodeAt(end) === 47) {
      return input.slice(end + 1);
    }
  }
  return c.name + (c.qualifier ?? '');
}

/** The normalized ARK after `NAAN/` (`ark:/12025/a/b` → `a/b`). */
function restOf(normalized: string): string {
  const slash = normalized.indexOf('/', normalized.startsWith('ark:/') ? 5 : 4);
  return slash === -1 ? '' : normalized.slice(slash + 1);
}

function redirectStatus(code: number): 301 | 302 | 303 | 307 | 308 {
  return code === 301 || code === 303 || code === 307 || code === 308 ? code : 302;
}

/** The NAAN table's target, its template filled through url.ts (`fillTemplate`: the origin stays). */
function fromTable(hit: NaanHit, trace: string[]): Outcome | null {
  const filled = hit.template && hit.values ? fillTemplate(hit.template, hit.values) : hit.url;
  const target = safeHttpUrl(filled);
  if (!target) {
    trace.push(`naan-table: ${hit.source} gave no http(s) URL on its own origin`);
    return null;
  }
  trace.push(`naan-table: ${hit.source}`);
  return { kind: 'redirect', target, status: redirectStatus(hit.status), how: 'naan-table', trace };
}

/**
 * What a failed Maptr lookup means for the request: `null` when DNS says there is no mapping (the next
 * source is asked), else the gateway's status: 504 when the DNS server did not answer in time, 502 when it
 * answered something unusable. Typed over every `MaptrErrorCode`: a new one does not compile until it is here.
 */
const MAPTR_FAILURE = {
  'maptr-nxdomain': null,
  'maptr-no-records': null,
  'maptr-timeout': 504,
  'maptr-naan': 502,
  'maptr-server': 502,
  'maptr-network': 502,
  'maptr-rcode': 502,
  'maptr-truncated': 502,
  'maptr-loop': 502,
  'maptr-depth': 502,
  'maptr-query-limit': 502,
} as const satisfies Readonly<Record<MaptrErrorCode, 502 | 504 | null>>;

const MAPTR_CODES: ReadonlySet<string> = new Set(MAPTR_ERROR_CODES);

function isMaptrErrorCode(code: string): code is MaptrErrorCode {
  return MAPTR_CODES.has(code);
}

/** The status of a Maptr failure (`MAPTR_FAILURE`); 502 for a code the discovery package does not list. */
export function maptrFailureStatus(code: string): 502 | 504 | null {
  return isMaptrErrorCode(code) ? MAPTR_FAILURE[code] : 502;
}

async function fromMaptr(naan: string, rest: string, s: ResolverServices, trace: string[]): Promise<Outcome | null> {
  if (!s.maptr) return null;
  const found = await s.maptr.discover(naan);
  if (!found.ok) {
    const { code, message } = found.error;
    trace.push(`maptr: ${code}: ${message}`);
    const status = maptrFailureStatus(code);
    if (status === null) return null;
    return {
      kind: 'failed',
      status,
      how: 'maptr',
      code: isMaptrErrorCode(code) ? code : `maptr-${code}`,
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
    const target = appendToTarget(`${s.config.maptr.urlScheme}://${nmah}/ark:/${naan}/`, rest);
    if (target) return { kind: 'redirect', target, status: 302, how: 'maptr', trace };
  }
  return null;
}

function notFound(naan: string, code: string, detail: string, trace: string[]): Outcome {
  return { kind: 'not-found', how: 'ark-discovery', code, detail: detail || `nothing is known of NAAN ${naan}`, trace };
}

/**
 * ARK resolution (ARK §4): this institution's bindings (exact, then the longest bound ancestor with the
 * rest of the request appended as sent; a tombstone is 410). An ARK under one of the institution's own
 * NAANs stops there (404: it never leaves the gateway). Others go on to the NAAN table (natab or NAAN
 * registry), then Maptr (DNS NAPTR, when configured), then the fallback resolver (N2T by default).
 */
export const arkResolver: Resolver<ArkParts> = {
  scheme: 'ark',
  resolve(id: Identifier<ArkParts>, s: ResolverServices): Outcome | Promise<Outcome> {
    const { naan } = id.components;
    const rest = afterNaan(id.input, id.components);
    const normalizedRest = restOf(id.normalized);
    if (!s.store) return discover(naan, rest, s, [], normalizedRest);
    return (async () => {
      const trace: string[] = [];
      const bound = await fromBindings(s.store!, id, s.self?.registry ?? null, rest, trace, s.rules ?? null);
      if (bound) return bound;
      const stale = s.own?.fresh();
      if (stale) await stale;
      if (s.own?.has(naan)) {
        trace.push(`own NAAN ${naan}: not bound here, so not sent anywhere else`);
        return notFound(
          naan,
          'not-bound',
          `${id.normalized} is not bound (NAAN ${naan} is this institution's own)`,
          trace,
        );
      }
      return discover(naan, rest, s, trace, normalizedRest);
    })();
  },
  describe(id, outcome, s): Description {
    if ((outcome.kind === 'redirect' || outcome.kind === 'gone') && outcome.record) return describeStored(outcome);
    const hit = s.naan.lookup(id.components.naan, afterNaan(id.input, id.components), restOf(id.normalized));
    const details = hit && outcome.how === 'naan-table' ? s.naan.details(hit.record) : null;
    const where = outcome.kind === 'redirect' ? outcome.target : UNAV;
    const table = s.naan.info ? { naanTable: { date: s.naan.info.date, loadedAt: s.naan.info.loadedAt } } : {};
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
        extra: { naanRecord: details.record, ...table },
      };
    }
    if (details?.kind === 'natab') {
      return {
        erc: { who: UNKN, what: UNAV, when: UNAV, where },
        support: { who: `NAAN ${details.naan}`, what: UNKN, when: UNKN, where: details.policy },
        extra: { natab: details, ...table },
      };
    }
    return {
      erc: { who: UNKN, what: UNAV, when: UNAV, where },
      support: { who: UNKN, what: UNKN, when: UNKN, where: UNAV },
      extra: table,
    };
  },
};

/** Discovery for an ARK that is not the institution's: NAAN table, Maptr, then the fallback resolver. */
function discover(
  naan: string,
  rest: string,
  s: ResolverServices,
  trace: string[],
  normalizedRest: string,
): Outcome | Promise<Outcome> {
  // Shoulder records are matched against the normalized Name; the target gets the request as sent.
  const hit = s.naan.lookup(naan, rest, normalizedRest);
  if (hit) {
    const outcome = fromTable(hit, trace);
    if (outcome) return outcome;
  } else trace.push(`naan-table: no entry for ${naan}`);
  if (!s.maptr) return fallback(naan, rest, s, trace, null);
  return fromMaptr(naan, rest, s, trace).then((viaDns) => {
    if (viaDns?.kind === 'redirect') return viaDns;
    return fallback(naan, rest, s, trace, viaDns);
  });
}

function fallback(naan: string, rest: string, s: ResolverServices, trace: string[], failed: Outcome | null): Outcome {
  const base = s.config.fallback.url;
  if (base) {
    const target = appendToTarget(base.endsWith('/') ? base : `${base}/`, `ark:/${naan}/${rest}`);
    if (target) {
      trace.push(`fallback: ${base}`);
      return { kind: 'redirect', target, status: 302, how: 'fallback', trace };
    }
  }
  return failed ?? notFound(naan, 'unknown-naan', `no Name Mapping Authority is known for NAAN ${naan}`, trace);
}
