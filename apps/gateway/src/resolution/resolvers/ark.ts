import type { ArkComponents } from '@pidgate/ark';
import { isAlphaNum } from '@pidgate/core';
import { describeStored, fromBindings } from '../bindings.ts';
import type { MaptrFailureCode } from '../codes.ts';
import type { NaanHit } from '../naan.ts';
import { appendToTarget, fillTemplate, safeHttpUrl } from '../url.ts';
import {
  type Description,
  type Outcome,
  type Resolver,
  type ResolverServices,
  type SchemeIdentifier,
  UNAV,
  UNKN,
} from './types.ts';

/** A Name Mapping Authority Hostport as Maptr returns it: `host` or `host:port`, nothing else. */
const HOSTPORT = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,253})(?::\d{1,5})?$/;

/**
 * Everything after `NAAN/` exactly as the client wrote it: the Name, the Qualifier and any query (the
 * router already took the THUMP inflection off). Found from the parsed components only (URL prefix, label,
 * label-host, NAAN lengths), never by searching the text for the NAAN; when the input does not hold them
 * where expected, the parsed Name and Qualifier.
 */
export function afterNaan(input: string, c: ArkComponents): string {
  const prefix = c.prefix ?? '';
  const labelHost = c.nmah && !c.prefix ? c.nmah.length + 1 : 0;
  const naanAt = prefix.length + c.label.length + labelHost;
  const end = naanAt + c.naan.length;
  if (input.slice(naanAt, end).toLowerCase() === c.naan.toLowerCase() && input.charCodeAt(end) === 47) {
    return input.slice(end + 1);
  }
  return c.name + c.qualifier;
}

/**
 * The NAAN of the normalized ARK (`ark:/120-25/a` → `12025`: hyphens dropped, lower case in `modern`), the
 * one the NAAN table, the own NAANs and the fallback are asked about.
 */
function naanOf(normalized: string): string {
  const start = normalized.startsWith('ark:/') ? 5 : 4;
  const end = normalized.indexOf('/', start);
  // A NAAN alone (`arkResolver.prefix`) has no `/` after it.
  return end === -1 ? normalized.slice(start) : normalized.slice(start, end);
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
  'maptr-error': 502,
} as const satisfies Readonly<Record<MaptrFailureCode, 502 | 504 | null>>;

/** The status of a Maptr failure (`MAPTR_FAILURE`). */
export function maptrFailureStatus(code: MaptrFailureCode): 502 | 504 | null {
  return MAPTR_FAILURE[code];
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
      code,
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

/**
 * A request for a NAAN alone: `ark:/12345`, `ark:12345` or `ark:/12345/` (either label, any case, one
 * trailing `/`), nothing after the NAAN. The label and the NAAN as written, else null. The NAAN itself is
 * checked by the parser (`arkResolver.prefix`).
 */
export function naanOnly(written: string): { readonly label: string; readonly naan: string } | null {
  if (written.length < 5 || written.slice(0, 4).toLowerCase() !== 'ark:') return null;
  const label = written.charCodeAt(4) === 47 ? written.slice(0, 5) : written.slice(0, 4);
  const end = written.charCodeAt(written.length - 1) === 47 ? written.length - 1 : written.length;
  if (end <= label.length) return null;
  for (let i = label.length; i < end; i++) {
    const c = written.charCodeAt(i);
    // Only what a NAAN can be written with (digits, letters, hyphens, which normalization drops): anything
    // else is for the parser to report.
    if (!(isAlphaNum(c) || c === 45)) return null;
  }
  return { label, naan: written.slice(label.length, end) };
}

/**
 * What a NAAN alone resolves to, for its description (never a redirect): the NAAN table's record for it,
 * then Maptr, then the fallback resolver, as for any ARK under it with nothing bound.
 */
function resolveNaan(naan: string, s: ResolverServices): Outcome | Promise<Outcome> {
  const own = s.own;
  if (!own) return discover(naan, '', s, [], '');
  const stale = own.fresh();
  const go = (): Outcome | Promise<Outcome> => {
    const trace = own.has(naan) ? [`own NAAN ${naan}: this institution assigns under it`] : [];
    return discover(naan, '', s, trace, '');
  };
  return stale ? stale.then(go) : go();
}

function notFound(naan: string, code: 'not-bound' | 'unknown-naan', detail: string, trace: string[]): Outcome {
  return { kind: 'not-found', how: 'ark-discovery', code, detail: detail || `nothing is known of NAAN ${naan}`, trace };
}

/**
 * ARK resolution (ARK §4): this institution's bindings (exact, then the longest bound ancestor with the
 * rest of the request appended as sent; a tombstone is 410). An ARK under one of the institution's own
 * NAANs stops there (404: it never leaves the gateway). Others go on to the NAAN table (natab or NAAN
 * registry), then Maptr (DNS NAPTR, when configured), then the fallback resolver (N2T by default).
 */
export const arkResolver: Resolver<'ark'> = {
  scheme: 'ark',
  resolve(id, s): Outcome | Promise<Outcome> {
    const naan = naanOf(id.normalized);
    const rest = afterNaan(id.input, id.components);
    const normalizedRest = restOf(id.normalized);
    const store = s.reads ?? s.store;
    if (!store) return discover(naan, rest, s, [], normalizedRest);
    return (async () => {
      const trace: string[] = [];
      const bound = await fromBindings(store, id, s.self?.registry ?? null, rest, trace, s.rules ?? null);
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
  prefix(written, registry, profile, s) {
    const only = naanOnly(written);
    if (only === null) return null;
    // The parser checks the NAAN (digits or betanumerics, its length, by profile) given a Name after it.
    const probe = registry.parse(`${only.label}${only.naan}/x`, profile);
    if (!probe.ok || probe.value.scheme !== 'ark' || !probe.value.normalized.endsWith('/x')) return null;
    const id: SchemeIdentifier<'ark'> = {
      ...probe.value,
      input: written,
      normalized: probe.value.normalized.slice(0, -2),
      components: { ...probe.value.components, name: '', qualifier: '', componentPath: '', variantPath: '' },
    };
    return { id, outcome: resolveNaan(naanOf(probe.value.normalized), s) };
  },
  describe(id, outcome, s): Description {
    if ((outcome.kind === 'redirect' || outcome.kind === 'gone') && outcome.record)
      return describeStored(outcome, s.commitments);
    const hit = s.naan.lookup(naanOf(id.normalized), afterNaan(id.input, id.components), restOf(id.normalized));
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
