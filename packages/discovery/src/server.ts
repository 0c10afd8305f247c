/**
 * A Maptr DNS server (draft-kunze-ark-09 §4.2): answers NAPTR queries for `NAAN.ark.arpa` over UDP with dns2,
 * from a list of NAAN → NMAH entries, in the records the spec shows:
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
 */
import type { RemoteInfo } from 'node:dgram';
import { err, ok, type Result } from '@pidgate/core';
import dns2 from 'dns2';
import { findBadNaanChar, isHostName, normalizeNaan, parseHostPort } from './grammar.ts';
import { encodeNaptr, NAPTR_TYPE, type NaptrRdata, registerNaptr } from './naptr.ts';
import type { Natab } from './natab.ts';

registerNaptr();

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
}

export interface MaptrServer {
  /** Bind the UDP socket (port 0 picks a free port); resolves to the address bound. */
  listen(port?: number, address?: string): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  /** Replace the records served (e.g. after the NAAN table was reloaded). The old ones stay on error. */
  update(options: MaptrServerOptions): Result<null>;
  /** The names served, lowercased, without the final dot. */
  readonly names: () => string[];
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

interface Dns2Request {
  header: { id: number; opcode: number; rd: number };
  questions: { name: string; type: number; class: number }[];
}

/** Create (not yet listening) a Maptr server. Fails when an entry is not valid. */
export function createMaptrServer(options: MaptrServerOptions): Result<MaptrServer> {
  const built = buildMaptrZone(options);
  if (!built.ok) return built;
  let zone = built.value;
  let ttl = options.ttl ?? 300;
  const Packet = dns2.Packet;

  const handle = (request: Dns2Request, send: (response: unknown) => Promise<unknown>, _client: unknown): void => {
    const response = Packet.createResponseFromRequest(request as never) as unknown as {
      header: { aa: number; rcode: number };
      answers: unknown[];
    };
    response.header.aa = 1;
    const question = request.questions[0];
    if (request.header.opcode !== 0)
      response.header.rcode = 4; // NOTIMP
    else if (!question || request.questions.length !== 1)
      response.header.rcode = 1; // FORMERR
    else {
      const records = zone.get(canonical(question.name));
      if (!records)
        response.header.rcode = 3; // NXDOMAIN
      else if (question.type === NAPTR_TYPE || question.type === Packet.TYPE.ANY) {
        for (const naptr of records) {
          response.answers.push({ name: question.name, type: NAPTR_TYPE, class: Packet.CLASS.IN, ttl, naptr });
        }
      }
    }
    send(response).catch(() => {
      // the client went away: nothing to do for UDP
    });
  };

  const socket = dns2.createUDPServer(handle as never) as unknown as InstanceType<typeof dns2.UDPServer>;
  socket.on('requestError', () => {
    // a datagram that is not a DNS message: dropped, as a DNS server does
  });
  let listening = false;

  return ok({
    listen(port = 0, address = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const onError = (e: Error) => {
          socket.off('listening', onListening);
          reject(e);
        };
        const onListening = () => {
          socket.off('error', onError);
          listening = true;
          socket.on('error', () => {
            // errors after binding (e.g. ICMP on send) do not stop the server
          });
          const bound = socket.address() as RemoteInfo;
          resolve({ address: bound.address, port: bound.port });
        };
        socket.once('error', onError);
        socket.once('listening', onListening);
        socket.bind(port, address);
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        socket.close(() => resolve());
      });
    },
    update(next: MaptrServerOptions) {
      const rebuilt = buildMaptrZone(next);
      if (!rebuilt.ok) return rebuilt;
      zone = rebuilt.value;
      ttl = next.ttl ?? ttl;
      return ok(null);
    },
    names: () => [...zone.keys()],
  });
}
