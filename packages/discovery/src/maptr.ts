/**
 * Maptr (draft-kunze-ark-09 §4.2): find the NMAHs of a NAAN with DNS NAPTR records at `NAAN.ark.arpa`.
 *
 *   (1) query = NAAN.ark.arpa, type = NAPTR
 *   (2) submit it, discard records whose service is not "ark"
 *   (3) records with flags "h" hold a candidate NMAH in their replacement
 *   (4) a record with empty flags holds a domain to query next: go to (2) with it
 *   (5) no NMAH found: no mapping authority; otherwise the candidates
 *
 * Each query is one UDP datagram (wire.ts encodes it with dns-packet and reads the answer, NAPTR rdata
 * included); an answer is taken only from the server asked, with the query's id. Loops, depth and the
 * number of queries are bounded, each query has a timeout, and the result keeps a trace of what each
 * query returned and where it led. A failed lookup's code is a `MaptrErrorCode`.
 */
import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';
import { ok, type PidError, type Result } from '@pidgate/core';
import type { MaptrErrorCode } from './codes.ts';
import { findBadNaanChar, isHostName, normalizeNaan, parseHostPort } from './grammar.ts';
import { NAPTR_TYPE, type NaptrRdata } from './naptr.ts';
import { encodeQuery, type Response, readResponse } from './wire.ts';

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

/** A failed lookup: one of the Maptr codes, and the trace. */
export interface MaptrError extends PidError<MaptrErrorCode> {
  readonly trace: MaptrTraceStep[];
}

const DEFAULTS = { suffix: 'ark.arpa', timeoutMs: 2000, maxDepth: 8, maxQueries: 32 } as const;

/**
 * The code of each outcome that stops a branch (null: the branch went on, or ended in an answer).
 * Every outcome is listed: a new one does not compile until it is classified here.
 */
const OUTCOME_CODES = {
  answered: null,
  'no-records': null,
  visited: null,
  timeout: 'maptr-timeout',
  network: 'maptr-network',
  rcode: 'maptr-rcode',
  truncated: 'maptr-truncated',
  loop: 'maptr-loop',
  depth: 'maptr-depth',
  'query-limit': 'maptr-query-limit',
  nxdomain: 'maptr-nxdomain',
} as const satisfies Record<MaptrOutcome, MaptrErrorCode | null>;

/** Split `host:port`, `[v6]:port`, `host` (port 53). */
export function parseServer(server: string): { host: string; port: number } | null {
  if (isIP(server) === 6) return { host: server, port: 53 };
  const hp = parseHostPort(server);
  if (hp === null) {
    return isIP(server) === 4 ? { host: server, port: 53 } : null;
  }
  return { host: hp.host, port: hp.port ?? 53 };
}

type QueryOutcome =
  | { kind: 'response'; response: Response }
  | { kind: 'timeout'; message: string }
  | { kind: 'network'; message: string };

/**
 * Send one NAPTR query for `domain` and wait for its answer: a datagram from the server asked (its
 * address, when given as an IP, and its port) that reads as a response with the query's id. Anything else
 * that arrives is ignored, as a stub resolver does (RFC 5452 §9.1). Never throws; the socket is closed
 * in every case.
 */
function query(domain: string, server: { host: string; port: number }, timeoutMs: number): Promise<QueryOutcome> {
  const id = randomInt(0x10000);
  const family = isIP(server.host) === 6 ? 'udp6' : 'udp4';
  const host = server.host.startsWith('[') ? server.host.slice(1, -1) : server.host;
  return new Promise((resolve) => {
    const socket = createSocket(family);
    let done = false;
    const finish = (outcome: QueryOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ kind: 'timeout', message: `no answer from the DNS server within ${timeoutMs} ms` }),
      timeoutMs,
    );
    socket.on('error', (e) => finish({ kind: 'network', message: e.message }));
    socket.on('message', (datagram, from) => {
      if (from.port !== server.port || (isIP(host) !== 0 && from.address !== host)) return;
      const response = readResponse(datagram);
      if (response !== null && response.id === id) finish({ kind: 'response', response });
    });
    socket.send(encodeQuery(id, domain), server.port, host, (e) => {
      if (e) finish({ kind: 'network', message: e.message });
    });
  });
}

function canonical(domain: string): string {
  const d = domain.toLowerCase();
  return d.endsWith('.') ? d.slice(0, -1) : d;
}

/** The NAPTR answers owned by `domain` or by a name a CNAME in the same answer leads to from it. */
function naptrAnswers(response: Response, domain: string): Response['answers'] {
  const names = new Set([canonical(domain)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const a of response.answers) {
      if (a.cname !== undefined && names.has(canonical(a.name)) && !names.has(canonical(a.cname))) {
        names.add(canonical(a.cname));
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
  const fail = (code: MaptrErrorCode, message: string, trace: MaptrTraceStep[] = [], offset: number | null = null) =>
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
    const { rcode, truncated } = answer.response;
    if (rcode === 3) return step({ domain, depth, via, outcome: 'nxdomain', rcode: 3 });
    if (rcode !== 0) {
      return step({ domain, depth, via, outcome: 'rcode', rcode, message: `DNS response code ${rcode}` });
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
    const outcome: MaptrOutcome = truncated ? 'truncated' : anyArk ? 'answered' : 'no-records';
    step({
      domain,
      depth,
      via,
      outcome,
      rcode: 0,
      records,
      ...(truncated ? { message: 'the answer was truncated (TC bit)' } : {}),
    });
    for (const next of redirects) await visit(next, depth + 1, key, [...path, key]);
  };

  await visit(`${normalizeNaan(naan)}.${suffix}`, 0, null, []);

  // nxdomain and no-records further down are dead ends, not failures: every branch was still followed
  const stops = (t: MaptrTraceStep) => t.outcome !== 'nxdomain' && OUTCOME_CODES[t.outcome] !== null;
  const complete = !trace.some(stops);
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
  const blocking = trace.find(stops);
  if (blocking)
    return fail(
      OUTCOME_CODES[blocking.outcome] ?? 'maptr-no-records',
      `${blocking.domain}: ${blocking.message ?? blocking.outcome}`,
      trace,
    );
  return fail('maptr-no-records', 'no mapping authority was found: every redirect ended without an NMAH', trace);
}
