/**
 * A Maptr DNS server (draft-kunze-ark-09 §4.2): answers NAPTR queries for `NAAN.ark.arpa` over UDP (a
 * `node:dgram` socket), from a list of NAAN → NMAH entries, in the records the spec shows:
 *
 *   12026.ark.arpa.
 *   ;;       order pref flags service regexp replacement
 *    IN NAPTR 0     0    "h"   "ark"   "USLC" lhc.nlm.nih.gov:8080
 *   12345.ark.arpa.
 *    IN NAPTR 0     0    ""    "ark"   ""     dlc.spct.org.
 *
 * An NMAH's label (the natab's second column, e.g. `USLC`) goes in the regexp field, the hostport in the
 * replacement. Other domains (a redirect's target, such as `dlc.spct.org`) can be served too.
 * Unknown names get NXDOMAIN; a known name asked for another type gets an empty answer (NODATA).
 *
 * Input cannot stall it: each datagram is checked within bounds before it is decoded (`wire.ts`), responses
 * (QR=1) are dropped so two servers cannot answer each other forever, nothing is sent to source port 0 or to
 * the server's own address and port, and each source address gets a budget of datagrams per second (a token
 * bucket); past it its datagrams are dropped unread. The work per datagram is linear in its length (at most
 * 1232 octets), so the socket keeps answering whatever arrives.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { err, ok, type Result } from '@pidgate/core';
import { findBadNaanChar, isHostName, normalizeNaan, parseHostPort } from './grammar.ts';
import { encodeNaptr, NAPTR_TYPE, type NaptrRdata } from './naptr.ts';
import type { Natab } from './natab.ts';
import { type AnswerRecord, checkQuery, encodeAnswer, RCODE } from './wire.ts';

export interface MaptrNmah {
  readonly hostport: string;
  /** The NMA's short name, written in the regexp field as the spec's example does ("" when absent). */
  readonly label?: string;
}

export interface MaptrRecords {
  /** Each becomes `0 0 "h" "ark" "label" hostport`. */
  readonly nmahs?: readonly (string | MaptrNmah)[];
  /** Each becomes `0 0 "" "ark" "" domain`: query that domain next. */
  readonly redirects?: readonly string[];
  /** Any other NAPTR records, served as given (after the ones above). */
  readonly records?: readonly NaptrRdata[];
}

export interface MaptrNaanEntry extends MaptrRecords {
  /** Served at `NAAN.suffix`. */
  readonly naan: string;
}

export interface MaptrDomainEntry extends MaptrRecords {
  /** Served at this domain name. */
  readonly domain: string;
}

export interface MaptrServerOptions {
  /** The NAANs served at `NAAN.suffix`: the institution's own and those of its NAAN table. */
  readonly naans?: readonly MaptrNaanEntry[];
  /** Other names served (targets of redirects). */
  readonly domains?: readonly MaptrDomainEntry[];
  /** Default `ark.arpa`. */
  readonly suffix?: string;
  /** TTL of the answers, in seconds. Default 300. */
  readonly ttl?: number;
  /** Datagrams handled per second from one source address (a token bucket). Default 200. */
  readonly perSourceRate?: number;
  /** Datagrams one source address may send at once before its rate applies. Default 400. */
  readonly perSourceBurst?: number;
  /** Source addresses tracked at once (the oldest is forgotten past it). Default 10,000. */
  readonly maxSources?: number;
}

/** What the server did with the datagrams it received since it started. */
export interface MaptrServerStats {
  received: number;
  answered: number;
  /** Answered with FORMERR, NOTIMP or a bad EDNS version. */
  refused: number;
  /** Dropped without an answer, by reason. */
  dropped: {
    short: number;
    long: number;
    response: number;
    rate: number;
    'own-address': number;
    'port-zero': number;
    error: number;
  };
}

export interface MaptrServer {
  /** Bind the UDP socket (port 0 picks a free port); resolves to the address bound. */
  listen(port?: number, address?: string): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  /** Replace the records served (e.g. after the NAAN table was reloaded). The old ones stay on error. */
  update(options: MaptrServerOptions): Result<null>;
  /** The names served, lowercased, without the final dot. */
  readonly names: () => string[];
  /** Counters of what was received, answered and dropped. */
  readonly stats: () => MaptrServerStats;
}

/** NAAN entries from a natab: one "h" record per NMAH, its label in the regexp field. */
export function maptrEntriesFromNatab(natab: Natab): MaptrNaanEntry[] {
  return natab.entries.map((e) => ({
    naan: e.naan,
    nmahs: e.nmahs.map((n) => ({ hostport: n.hostport, label: n.label })),
  }));
}

function canonical(domain: string): string {
  const d = domain.toLowerCase();
  return d.endsWith('.') ? d.slice(0, -1) : d;
}

/** Build and check the zone: name → NAPTR rdata. */
export function buildMaptrZone(options: MaptrServerOptions): Result<Map<string, NaptrRdata[]>> {
  const suffix = canonical(options.suffix ?? 'ark.arpa');
  if (!isHostName(suffix))
    return err('maptr-server-entry', `suffix ${JSON.stringify(options.suffix)} is not a domain name`);
  const zone = new Map<string, NaptrRdata[]>();
  const add = (name: string, entry: MaptrRecords, what: string): Result<null> => {
    const records = zone.get(name) ?? [];
    for (const n of entry.nmahs ?? []) {
      const nmah = typeof n === 'string' ? { hostport: n, label: '' } : n;
      if (parseHostPort(nmah.hostport) === null) {
        return err('maptr-server-entry', `${what}: NMAH ${JSON.stringify(nmah.hostport)} is not a hostport`, null);
      }
      records.push({
        order: 0,
        preference: 0,
        flags: 'h',
        services: 'ark',
        regexp: nmah.label ?? '',
        replacement: nmah.hostport,
      });
    }
    for (const domain of entry.redirects ?? []) {
      if (!isHostName(domain))
        return err('maptr-server-entry', `${what}: redirect ${JSON.stringify(domain)} is not a domain name`, null);
      records.push({ order: 0, preference: 0, flags: '', services: 'ark', regexp: '', replacement: canonical(domain) });
    }
    records.push(...(entry.records ?? []));
    for (const r of records) {
      const encoded = encodeNaptr(r);
      if (!encoded.ok) return err('maptr-server-entry', `${what}: ${encoded.error.message}`, null, encoded.error.part);
    }
    zone.set(name, records);
    return ok(null);
  };
  for (const entry of options.naans ?? []) {
    const bad = findBadNaanChar(entry.naan);
    if (bad !== -1) return err('maptr-server-entry', `${JSON.stringify(entry.naan)} is not a NAAN`, bad);
    const added = add(`${normalizeNaan(entry.naan)}.${suffix}`, entry, `NAAN ${entry.naan}`);
    if (!added.ok) return added;
  }
  for (const entry of options.domains ?? []) {
    if (!isHostName(entry.domain))
      return err('maptr-server-entry', `${JSON.stringify(entry.domain)} is not a domain name`, null);
    const added = add(canonical(entry.domain), entry, entry.domain);
    if (!added.ok) return added;
  }
  return ok(zone);
}

/** A token bucket per source address, at most `maxSources` of them (the least recently seen goes first). */
export function createSourceLimiter(rate: number, burst: number, maxSources: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (address: string, now: number): boolean => {
    let bucket = buckets.get(address);
    if (bucket) {
      buckets.delete(address); // re-inserted below: the Map's order is the order of last use
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
      bucket.at = now;
    } else {
      if (buckets.size >= maxSources) buckets.delete(buckets.keys().next().value as string);
      bucket = { tokens: burst, at: now };
    }
    buckets.set(address, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

/** The addresses of this machine (so the server never answers itself), IPv4-mapped forms included. */
export function localAddresses(bound: string): Set<string> {
  const set = new Set<string>([bound, '127.0.0.1', '::1', '0.0.0.0', '::']);
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) set.add(a.address);
  }
  for (const a of [...set]) if (!a.includes(':')) set.add(`::ffff:${a}`);
  return set;
}

/**
 * Why a datagram from `peer` must get no answer, or null: source port 0 cannot be answered, and a datagram
 * from the server's own address and port (spoofed) would make it answer itself forever.
 */
export function unanswerableSource(
  peer: { readonly address: string; readonly port: number },
  self: { readonly port: number; readonly local: ReadonlySet<string> },
): 'port-zero' | 'own-address' | null {
  if (peer.port === 0) return 'port-zero';
  const own = self.local.has(peer.address) || peer.address.startsWith('127.') || peer.address.startsWith('::ffff:127.');
  return peer.port === self.port && own ? 'own-address' : null;
}

function wireZone(zone: Map<string, NaptrRdata[]>): Map<string, Buffer[]> {
  const wire = new Map<string, Buffer[]>();
  for (const [name, records] of zone) {
    // every record was checked by buildMaptrZone
    wire.set(
      name,
      records.map((r) => {
        const encoded = encodeNaptr(r);
        return encoded.ok ? encoded.value : Buffer.alloc(0);
      }),
    );
  }
  return wire;
}

const TYPE_ANY = 255;
const RECEIVE_BUFFER = 4 << 20;
const CLASS_IN = 1;

/** Create (not yet listening) a Maptr server. Fails when an entry is not valid. */
export function createMaptrServer(options: MaptrServerOptions): Result<MaptrServer> {
  const built = buildMaptrZone(options);
  if (!built.ok) return built;
  let zone = built.value;
  let wire = wireZone(zone);
  let ttl = options.ttl ?? 300;
  const allow = createSourceLimiter(
    options.perSourceRate ?? 200,
    options.perSourceBurst ?? 400,
    options.maxSources ?? 10_000,
  );
  const stats: MaptrServerStats = {
    received: 0,
    answered: 0,
    refused: 0,
    dropped: { short: 0, long: 0, response: 0, rate: 0, 'own-address': 0, 'port-zero': 0, error: 0 },
  };
  let socket: Socket | null = null;
  let self = { port: -1, local: new Set<string>() };

  /** The answer to one datagram, or null to drop it. Bounded work; never throws. */
  const respond = (message: Buffer): Buffer | null => {
    const checked = checkQuery(message);
    if (checked.action === 'drop') {
      stats.dropped[checked.reason]++;
      return null;
    }
    if (checked.action === 'refuse') {
      stats.refused++;
      return encodeAnswer({ header: checked.header, rcode: checked.rcode });
    }
    const { header, question, edns } = checked;
    if (edns && edns.version !== 0) {
      stats.refused++;
      return encodeAnswer({ header, rcode: RCODE.NOERROR, question: question.wire, edns });
    }
    const records = question.class === CLASS_IN || question.class === TYPE_ANY ? wire.get(question.name) : undefined;
    let answers: AnswerRecord[] = [];
    if (records && (question.type === NAPTR_TYPE || question.type === TYPE_ANY)) {
      answers = records.map((rdata) => ({ type: NAPTR_TYPE, ttl, rdata }));
    }
    stats.answered++;
    return encodeAnswer({
      header,
      rcode: records ? RCODE.NOERROR : RCODE.NXDOMAIN,
      question: question.wire,
      answers,
      edns,
    });
  };

  const onMessage = (message: Buffer, peer: RemoteInfo): void => {
    stats.received++;
    const unanswerable = unanswerableSource(peer, self);
    if (unanswerable) {
      stats.dropped[unanswerable]++;
      return;
    }
    if (!allow(peer.address, performance.now())) {
      stats.dropped.rate++;
      return;
    }
    let answer: Buffer | null;
    try {
      answer = respond(message);
    } catch {
      stats.dropped.error++;
      return;
    }
    if (answer && socket) {
      socket.send(answer, peer.port, peer.address, () => {
        // UDP: a send that fails (ICMP unreachable, closed socket) is not retried
      });
    }
  };

  return ok({
    listen(port = 0, address = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const s = createSocket({ type: isIPv6(address) ? 'udp6' : 'udp4' });
        const onError = (e: Error) => {
          s.close();
          reject(e);
        };
        s.once('error', onError);
        s.once('listening', () => {
          s.off('error', onError);
          s.on('error', () => {
            // errors after binding (e.g. ICMP on send) do not stop the server
          });
          s.on('message', onMessage);
          try {
            // a larger receive buffer rides out bursts (Linux caps it at net.core.rmem_max)
            s.setRecvBufferSize(RECEIVE_BUFFER);
          } catch {
            // not allowed here: the system default stays
          }
          socket = s;
          const bound = s.address();
          self = { port: bound.port, local: localAddresses(bound.address) };
          resolve({ address: bound.address, port: bound.port });
        });
        s.bind(port, address);
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        const s = socket;
        socket = null;
        if (!s) return resolve();
        s.close(() => resolve());
      });
    },
    update(next: MaptrServerOptions) {
      const rebuilt = buildMaptrZone(next);
      if (!rebuilt.ok) return rebuilt;
      zone = rebuilt.value;
      wire = wireZone(zone);
      ttl = next.ttl ?? ttl;
      return ok(null);
    },
    names: () => [...zone.keys()],
    stats: () => structuredClone(stats),
  });
}
