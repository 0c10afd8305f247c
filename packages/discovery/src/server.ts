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
 * It listens on UDP and on TCP (RFC 7766), at the same address and port. Over TCP each query is framed by a
 * two-octet length (RFC 1035 §4.2.2) and answers are never truncated.
 *
 * Input cannot stall it: each query is checked within bounds before it is decoded (`wire.ts`), responses
 * (QR=1) are dropped so two servers cannot answer each other forever, nothing is sent to source port 0 or to
 * the server's own address and port. UDP answers go through response rate limiting (`rrl.ts`, as BIND and
 * Knot do): keyed by the client's netblock and the response, so a flood spoofed with a resolver's address
 * cannot silence it, and every `slip`-th limited answer is sent truncated so a genuine resolver retries over
 * TCP. TCP is never rate-limited (the handshake proves the address); there, one address may hold
 * `maxTcpConnectionsPerAddress` connections at once, idle ones close after `tcpIdleMs`. The work per query is
 * linear in its length (at most 1232 octets), so the server keeps answering whatever arrives.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { createServer as createTcpServer, isIPv6, type Server as TcpServer, type Socket as TcpSocket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { err, ok, type Result } from '@pidgate/core';
import { findBadNaanChar, isHostName, normalizeNaan, parseHostPort } from './grammar.ts';
import { encodeNaptr, NAPTR_TYPE, type NaptrRdata } from './naptr.ts';
import type { Natab } from './natab.ts';
import { createResponseRateLimiter, type RrlOptions, type RrlResponse } from './rrl.ts';
import { type AnswerRecord, checkQuery, encodeAnswer, MAX_QUERY_OCTETS, RCODE } from './wire.ts';

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
  /** Response rate limiting of UDP answers (`rrl.ts`); `false` turns it off. Default: `rrl.ts`'s defaults. */
  readonly rrl?: RrlOptions | false;
  /** The clock RRL reads, in milliseconds. Default `performance.now`. */
  readonly clock?: () => number;
  /** TCP connections one address may hold at once (more are closed at once). Default 16. */
  readonly maxTcpConnectionsPerAddress?: number;
  /** TCP connections at once in all. Default 1,000. */
  readonly maxTcpConnections?: number;
  /** A TCP connection idle this long is closed (RFC 7766 §6.2.3). Default 10,000 ms. */
  readonly tcpIdleMs?: number;
}

/** What the server did with the datagrams it received since it started. */
export interface MaptrServerStats {
  received: number;
  answered: number;
  /** Answered with FORMERR, NOTIMP or a bad EDNS version. */
  refused: number;
  /** UDP answers sent truncated by response rate limiting (TC=1, no answers). */
  slipped: number;
  /** TCP connections accepted, and closed at once (over a limit or a bad frame). */
  tcp: { connections: number; refused: number };
  /** Dropped without an answer, by reason (`rate`: by response rate limiting). */
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
  /** Bind the UDP socket and the TCP port, the same number (port 0 picks a free one); resolves to it. */
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
const TCP_MAX_PENDING_OCTETS = 64 << 10;

/** A response to one query: how RRL classes it, and its encoding (truncated: a slip). */
interface Prepared {
  readonly rrl: RrlResponse;
  readonly encode: (options: { truncate?: boolean; maxSize?: number }) => Buffer;
}

/** Create (not yet listening) a Maptr server. Fails when an entry is not valid. */
export function createMaptrServer(options: MaptrServerOptions): Result<MaptrServer> {
  const built = buildMaptrZone(options);
  if (!built.ok) return built;
  let zone = built.value;
  let wire = wireZone(zone);
  let ttl = options.ttl ?? 300;
  const rrl = options.rrl === false ? null : createResponseRateLimiter(options.rrl ?? {});
  const clock = options.clock ?? (() => performance.now());
  const perAddress = options.maxTcpConnectionsPerAddress ?? 16;
  const tcpIdleMs = options.tcpIdleMs ?? 10_000;
  const stats: MaptrServerStats = {
    received: 0,
    answered: 0,
    refused: 0,
    slipped: 0,
    tcp: { connections: 0, refused: 0 },
    dropped: { short: 0, long: 0, response: 0, rate: 0, 'own-address': 0, 'port-zero': 0, error: 0 },
  };
  let socket: Socket | null = null;
  let tcp: TcpServer | null = null;
  const connections = new Set<TcpSocket>();
  const connectionsByAddress = new Map<string, number>();
  let self = { port: -1, local: new Set<string>() };

  /** The answer to one query, or null to drop it. Bounded work; never throws. */
  const respond = (message: Buffer): Prepared | null => {
    const checked = checkQuery(message);
    if (checked.action === 'drop') {
      stats.dropped[checked.reason]++;
      return null;
    }
    if (checked.action === 'refuse') {
      stats.refused++;
      const { header, rcode } = checked;
      return { rrl: { kind: 'error' }, encode: (o) => encodeAnswer({ header, rcode, ...o }) };
    }
    const { header, question, edns } = checked;
    if (edns && edns.version !== 0) {
      stats.refused++;
      return {
        rrl: { kind: 'error' },
        encode: (o) => encodeAnswer({ header, rcode: RCODE.NOERROR, question: question.wire, edns, ...o }),
      };
    }
    const records = question.class === CLASS_IN || question.class === TYPE_ANY ? wire.get(question.name) : undefined;
    let answers: AnswerRecord[] = [];
    if (records && (question.type === NAPTR_TYPE || question.type === TYPE_ANY)) {
      answers = records.map((rdata) => ({ type: NAPTR_TYPE, ttl, rdata }));
    }
    stats.answered++;
    const rcode = records ? RCODE.NOERROR : RCODE.NXDOMAIN;
    return {
      rrl: records ? { kind: 'answer', name: question.name, type: question.type } : { kind: 'nxdomain' },
      encode: (o) => encodeAnswer({ header, rcode, question: question.wire, answers, edns, ...o }),
    };
  };

  const onMessage = (message: Buffer, peer: RemoteInfo): void => {
    stats.received++;
    const unanswerable = unanswerableSource(peer, self);
    if (unanswerable) {
      stats.dropped[unanswerable]++;
      return;
    }
    let answer: Buffer | null = null;
    try {
      const prepared = respond(message);
      if (!prepared) return;
      const decision = rrl ? rrl.decide(peer.address, prepared.rrl, clock()) : 'send';
      if (decision === 'drop') {
        stats.dropped.rate++;
        return;
      }
      if (decision === 'slip') stats.slipped++;
      answer = prepared.encode({ truncate: decision === 'slip' });
    } catch {
      stats.dropped.error++;
      return;
    }
    if (socket) {
      socket.send(answer, peer.port, peer.address, () => {
        // UDP: a send that fails (ICMP unreachable, closed socket) is not retried
      });
    }
  };

  /** DNS over TCP (RFC 1035 §4.2.2, RFC 7766): length-framed queries, answered in order, never limited. */
  const onConnection = (conn: TcpSocket): void => {
    const address = conn.remoteAddress ?? '?';
    const held = connectionsByAddress.get(address) ?? 0;
    if (held >= perAddress) {
      stats.tcp.refused++;
      conn.destroy();
      return;
    }
    stats.tcp.connections++;
    connectionsByAddress.set(address, held + 1);
    connections.add(conn);
    conn.once('close', () => {
      connections.delete(conn);
      const n = (connectionsByAddress.get(address) ?? 1) - 1;
      if (n <= 0) connectionsByAddress.delete(address);
      else connectionsByAddress.set(address, n);
    });
    conn.on('error', () => {
      // a reset by the peer: the connection closes
    });
    conn.setNoDelay(true);
    conn.setTimeout(tcpIdleMs, () => conn.destroy());
    let pending: Buffer = Buffer.alloc(0);
    conn.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 2) {
        const length = pending.readUInt16BE(0);
        if (length > MAX_QUERY_OCTETS) {
          // no query is that long: a frame we will not buffer
          stats.dropped.long++;
          stats.tcp.refused++;
          conn.destroy();
          return;
        }
        if (pending.length < 2 + length) return;
        const message = pending.subarray(2, 2 + length);
        pending = pending.subarray(2 + length);
        stats.received++;
        let answer: Buffer;
        try {
          const prepared = respond(Buffer.from(message));
          if (!prepared) {
            conn.destroy();
            return;
          }
          answer = prepared.encode({ maxSize: 65_535 });
        } catch {
          stats.dropped.error++;
          conn.destroy();
          return;
        }
        const frame = Buffer.alloc(2 + answer.length);
        frame.writeUInt16BE(answer.length, 0);
        answer.copy(frame, 2);
        conn.write(frame);
        // a client that sends and never reads cannot make the server hold its answers
        if (conn.writableLength > TCP_MAX_PENDING_OCTETS) {
          conn.destroy();
          return;
        }
      }
    });
  };

  const bindUdp = (port: number, address: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = createSocket({ type: isIPv6(address) ? 'udp6' : 'udp4' });
      const onError = (e: Error) => {
        s.close();
        reject(e);
      };
      s.once('error', onError);
      s.once('listening', () => {
        s.off('error', onError);
        resolve(s);
      });
      s.bind(port, address);
    });

  const bindTcp = (port: number, address: string) =>
    new Promise<TcpServer>((resolve, reject) => {
      const t = createTcpServer(onConnection);
      t.maxConnections = options.maxTcpConnections ?? 1_000;
      t.once('error', reject);
      t.listen({ port, host: address, exclusive: true }, () => {
        t.off('error', reject);
        t.on('error', () => {
          // errors of accepted connections do not stop the server
        });
        resolve(t);
      });
    });

  return ok({
    async listen(port = 0, address = '127.0.0.1') {
      // UDP first, then TCP on the port it got; with port 0 another program may hold that TCP port: try again
      for (let attempt = 1; ; attempt++) {
        const s = await bindUdp(port, address);
        try {
          tcp = await bindTcp(s.address().port, address);
        } catch (e) {
          s.close();
          if (port === 0 && (e as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 10) continue;
          throw e;
        }
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
        return { address: bound.address, port: bound.port };
      }
    },
    async close() {
      const s = socket;
      const t = tcp;
      socket = null;
      tcp = null;
      for (const c of connections) c.destroy();
      await Promise.all([
        s ? new Promise<void>((resolve) => s.close(() => resolve())) : null,
        t ? new Promise<void>((resolve) => t.close(() => resolve())) : null,
      ]);
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
