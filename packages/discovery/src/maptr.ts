/**
 * Maptr (draft-kunze-ark-09 §4.2): find the NMAHs of a NAAN with DNS NAPTR records at `NAAN.ark.arpa`.
 *
 *   (1) query = NAAN.ark.arpa, type = NAPTR
 *   (2) submit it, discard records whose service is not "ark"
 *   (3) records with flags "h" hold a candidate NMAH in their replacement
 *   (4) a record with empty flags holds a domain to query next: go to (2) with it
 *   (5) no NMAH found: no mapping authority; otherwise the candidates
 *
 * dns2's UDP client sends the queries. Loops, depth and the number of queries are bounded, each query
 * has a timeout, and the result keeps a trace of what each query returned and where it led.
 */
import { isIP } from 'node:net';
import { ok, type PidError, type Result } from '@pidgate/core';
import dns2 from 'dns2';
import { findBadNaanChar, isHostName, normalizeNaan, parseHostPort } from './grammar.ts';
import { NAPTR_TYPE, type NaptrRdata, registerNaptr } from './naptr.ts';

registerNaptr();

export interface MaptrOptions {
  /** The DNS server to ask, `host:port` (`127.0.0.1:5353`, `[::1]:53`; the port defaults to 53). */
  readonly server: string;
  /** The domain under which NAANs are looked up. Default `ark.arpa`. */
  readonly suffix?: string;
  /** Time allowed for each query, in milliseconds. Default 2000. */
  readonly timeoutMs?: number;
  /** How many redirects (empty-flag records) may be followed from `NAAN.suffix`. Default 8. */
  readonly maxDepth?: number;
  /** How many queries one lookup may send in all. Default 32. */
  readonly maxQueries?: number;
}

/** What happened to one NAPTR record of an answer. */
export type MaptrAction =
  | 'nmah' // flags "h": a candidate NMAH
  | 'redirect' // flags "": query the replacement next
  | 'duplicate-nmah' // an NMAH already found
  | 'ignored-service' // the service is not "ark"
  | 'ignored-flags' // flags other than "h" and ""
  | 'malformed'; // rdata that could not be decoded, or an "h" record without a hostport

export interface MaptrRecord {
  readonly naptr: NaptrRdata | null;
  readonly action: MaptrAction;
  /** Why the record was malformed. */
  readonly reason?: string;
}

export type MaptrOutcome =
  | 'answered' // NOERROR with NAPTR records for the service "ark"
  | 'no-records' // NOERROR without any
  | 'nxdomain'
  | 'rcode' // another error response (SERVFAIL, REFUSED, ...)
  | 'truncated' // the TC bit was set: the answer may be incomplete (no TCP fallback)
  | 'timeout'
  | 'network'
  | 'loop' // the domain is already on the path of redirects that led here: not queried
  | 'visited' // the domain was queried before on another path: not queried again
  | 'depth' // past maxDepth: not queried
  | 'query-limit'; // past maxQueries: not queried

export interface MaptrTraceStep {
  readonly domain: string;
  /** 0 for `NAAN.suffix`, 1 for a domain it redirected to, ... */
  readonly depth: number;
  /** The domain whose record led here, null for the first query. */
  readonly via: string | null;
  readonly outcome: MaptrOutcome;
  /** The DNS response code, when a response came. */
  readonly rcode: number | null;
  /** The NAPTR records of the answer, in the order they were used (order, then preference). */
  readonly records: MaptrRecord[];
  readonly message?: string;
}

export interface MaptrResult {
  /** The candidate NMAHs (hostports), in order of preference, without duplicates. */
  readonly nmahs: string[];
  readonly trace: MaptrTraceStep[];
  /** False when some branch could not be followed (timeout, loop, depth, ...): see the trace. */
  readonly complete: boolean;
}

/** A failed lookup keeps its trace. */
export interface MaptrError extends PidError {
  readonly trace: MaptrTraceStep[];
}

const DEFAULTS = { suffix: 'ark.arpa', timeoutMs: 2000, maxDepth: 8, maxQueries: 32 } as const;

const OUTCOME_CODES: Partial<Record<MaptrOutcome, string>> = {
  timeout: 'maptr-timeout',
  network: 'maptr-network',
  rcode: 'maptr-rcode',
  truncated: 'maptr-truncated',
  loop: 'maptr-loop',
  depth: 'maptr-depth',
  'query-limit': 'maptr-query-limit',
  nxdomain: 'maptr-nxdomain',
};

/** Split `host:port`, `[v6]:port`, `host` (port 53). */
export function parseServer(server: string): { host: string; port: number } | null {
  if (isIP(server) === 6) return { host: server, port: 53 };
  const hp = parseHostPort(server);
  if (hp === null) {
    return isIP(server) === 4 ? { host: server, port: 53 } : null;
  }
  return { host: hp.host, port: hp.port ?? 53 };
}

interface Dns2Response {
  header: { rcode: number; tc: number };
  answers: {
    name: string;
    type: number;
    domain?: string;
    naptr?: NaptrRdata;
    naptrError?: { code: string; message: string };
  }[];
}

type QueryOutcome =
  | { kind: 'response'; response: Dns2Response }
  | { kind: 'timeout'; message: string }
  | { kind: 'network'; message: string };

async function query(domain: string, server: { host: string; port: number }, timeoutMs: number): Promise<QueryOutcome> {
  const resolve = dns2.UDPClient({
    dns: server.host,
    port: server.port,
    socketType: isIP(server.host) === 6 ? 'udp6' : 'udp4',
    timeout: timeoutMs,
    // dns2's TCP client has no timeout: a truncated answer is reported instead (outcome "truncated")
    retryOverTCP: false,
  });
  try {
    const response = (await resolve(domain, 'NAPTR' as never)) as unknown as Dns2Response;
    return { kind: 'response', response };
  } catch (e) {
    const error = e as { code?: string; message?: string };
    if (error.code === 'ETIMEDOUT')
      return { kind: 'timeout', message: `no answer from the DNS server within ${timeoutMs} ms` };
    return { kind: 'network', message: error.message ?? String(e) };
  }
}

function canonical(domain: string): string {
  const d = domain.toLowerCase();
  return d.endsWith('.') ? d.slice(0, -1) : d;
}

/** The NAPTR answers owned by `domain` or by a name a CNAME in the same answer leads to from it. */
function naptrAnswers(response: Dns2Response, domain: string): Dns2Response['answers'] {
  const names = new Set([canonical(domain)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const a of response.answers) {
      if (a.type === 5 && a.domain && names.has(canonical(a.name)) && !names.has(canonical(a.domain))) {
        names.add(canonical(a.domain));
        grew = true;
      }
    }
  }
  return response.answers.filter((a) => a.type === NAPTR_TYPE && names.has(canonical(a.name)));
}

/**
 * Run Maptr for a NAAN. Never throws. Succeeds when at least one NMAH was found (then `complete` says
 * whether every branch could be followed); otherwise fails with the reason, and the error keeps the trace.
 */
export async function maptrLookup(naan: string, options: MaptrOptions): Promise<Result<MaptrResult, MaptrError>> {
  const fail = (code: string, message: string, trace: MaptrTraceStep[] = [], offset: number | null = null) =>
    ({ ok: false, error: { code, message, offset, trace } }) as const;
  const bad = findBadNaanChar(naan);
  if (bad !== -1)
    return fail('maptr-naan', `${JSON.stringify(naan)} is not a NAAN (betanumeric, 1 to 63 characters)`, [], bad);
  const server = parseServer(options.server);
  if (server === null) return fail('maptr-server', `${JSON.stringify(options.server)} is not host:port`);
  const suffix = canonical(options.suffix ?? DEFAULTS.suffix);
  if (!isHostName(suffix)) return fail('maptr-server', `suffix ${JSON.stringify(options.suffix)} is not a domain name`);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxDepth = options.maxDepth ?? DEFAULTS.maxDepth;
  const maxQueries = options.maxQueries ?? DEFAULTS.maxQueries;
  for (const [name, v, min] of [
    ['timeoutMs', timeoutMs, 1],
    ['maxDepth', maxDepth, 0],
    ['maxQueries', maxQueries, 1],
  ] as const) {
    if (!Number.isInteger(v) || v < min) return fail('maptr-server', `${name} is an integer of at least ${min}`);
  }

  const trace: MaptrTraceStep[] = [];
  const nmahs: string[] = [];
  const seenNmahs = new Set<string>();
  const visited = new Set<string>();
  let queries = 0;

  const step = (s: Omit<MaptrTraceStep, 'rcode' | 'records'> & Partial<MaptrTraceStep>): void => {
    trace.push({ rcode: null, records: [], ...s });
  };

  const visit = async (domain: string, depth: number, via: string | null, path: readonly string[]): Promise<void> => {
    const key = canonical(domain);
    if (path.includes(key))
      return step({ domain, depth, via, outcome: 'loop', message: `${key} redirects back to itself` });
    if (visited.has(key)) return step({ domain, depth, via, outcome: 'visited' });
    if (depth > maxDepth)
      return step({ domain, depth, via, outcome: 'depth', message: `more than ${maxDepth} redirects` });
    if (queries >= maxQueries)
      return step({ domain, depth, via, outcome: 'query-limit', message: `more than ${maxQueries} queries` });
    visited.add(key);
    queries++;
    const answer = await query(key, server, timeoutMs);
    if (answer.kind !== 'response') return step({ domain, depth, via, outcome: answer.kind, message: answer.message });
    const { header } = answer.response;
    if (header.rcode === 3) return step({ domain, depth, via, outcome: 'nxdomain', rcode: 3 });
    if (header.rcode !== 0) {
      return step({
        domain,
        depth,
        via,
        outcome: 'rcode',
        rcode: header.rcode,
        message: `DNS response code ${header.rcode}`,
      });
    }
    const records: MaptrRecord[] = [];
    const redirects: string[] = [];
    const decoded = naptrAnswers(answer.response, key);
    const usable = decoded
      .filter((a): a is typeof a & { naptr: NaptrRdata } => a.naptr !== undefined)
      .sort((a, b) => a.naptr.order - b.naptr.order || a.naptr.preference - b.naptr.preference);
    for (const a of decoded) {
      if (a.naptr === undefined)
        records.push({ naptr: null, action: 'malformed', reason: a.naptrError?.message ?? 'undecodable' });
    }
    for (const { naptr } of usable) {
      if (naptr.services.toLowerCase() !== 'ark') {
        records.push({ naptr, action: 'ignored-service' });
        continue;
      }
      const flags = naptr.flags.toLowerCase();
      if (flags === 'h') {
        if (parseHostPort(naptr.replacement) === null) {
          records.push({ naptr, action: 'malformed', reason: 'an "h" record holds a hostport in its replacement' });
          continue;
        }
        const nmahKey = naptr.replacement.toLowerCase();
        if (seenNmahs.has(nmahKey)) {
          records.push({ naptr, action: 'duplicate-nmah' });
          continue;
        }
        seenNmahs.add(nmahKey);
        nmahs.push(naptr.replacement);
        records.push({ naptr, action: 'nmah' });
      } else if (flags === '') {
        if (naptr.replacement === '') {
          records.push({
            naptr,
            action: 'malformed',
            reason: 'an empty-flags record names a domain in its replacement',
          });
          continue;
        }
        redirects.push(naptr.replacement);
        records.push({ naptr, action: 'redirect' });
      } else records.push({ naptr, action: 'ignored-flags' });
    }
    const anyArk = records.some((r) => r.action === 'nmah' || r.action === 'redirect' || r.action === 'duplicate-nmah');
    const outcome: MaptrOutcome = header.tc ? 'truncated' : anyArk ? 'answered' : 'no-records';
    step({
      domain,
      depth,
      via,
      outcome,
      rcode: 0,
      records,
      ...(header.tc ? { message: 'the answer was truncated (TC bit)' } : {}),
    });
    for (const next of redirects) await visit(next, depth + 1, key, [...path, key]);
  };

  await visit(`${normalizeNaan(naan)}.${suffix}`, 0, null, []);

  // nxdomain and no-records further down are dead ends, not failures: every branch was still followed
  const complete = !trace.some((t) => t.outcome !== 'nxdomain' && OUTCOME_CODES[t.outcome] !== undefined);
  if (nmahs.length > 0) return ok({ nmahs, trace, complete });

  const first = trace[0];
  if (first && first.outcome !== 'answered') {
    const code = OUTCOME_CODES[first.outcome] ?? 'maptr-no-records';
    const message =
      first.outcome === 'nxdomain'
        ? `${first.domain} does not exist (NXDOMAIN)`
        : first.outcome === 'no-records'
          ? `${first.domain} has no NAPTR records for the service "ark"`
          : (first.message ?? first.outcome);
    return fail(code, message, trace);
  }
  const blocking = trace.find((t) => t.outcome !== 'nxdomain' && OUTCOME_CODES[t.outcome] !== undefined);
  if (blocking)
    return fail(
      OUTCOME_CODES[blocking.outcome] ?? 'maptr-no-records',
      `${blocking.domain}: ${blocking.message ?? blocking.outcome}`,
      trace,
    );
  return fail('maptr-no-records', 'no mapping authority was found: every redirect ended without an NMAH', trace);
}
