import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_ERROR_CODES, type DiscoveryErrorCode, MAPTR_ERROR_CODES } from './codes.ts';
import { maptrLookup } from './maptr.ts';
import { decodeNaptr, encodeNaptr } from './naptr.ts';
import { parseNatab } from './natab.ts';
import { parseNaanRegistryJson, parseNaanRegistryJsonText } from './registry.ts';
import { whereToTarget } from './registry-anvl.ts';
import { createMaptrServer, type MaptrServer } from './server.ts';
import { loadNaanTable } from './table.ts';

// Every code the package lists, each produced by one real call: parsers on literal inputs, files in a
// temporary directory, and Maptr lookups against real UDP servers on 127.0.0.1 (nothing else is asked).

const dir = mkdtempSync(join(tmpdir(), 'pidgate-discovery-codes-'));
let maptr: MaptrServer;
let server = '';
const raw: Socket[] = [];

/** A UDP socket on 127.0.0.1 answering each query with `respond(query)`, or not at all. */
async function rawServer(respond: (query: Buffer) => Buffer | null): Promise<string> {
  const socket = createSocket('udp4');
  socket.on('message', (msg, from) => {
    const out = respond(msg);
    if (out) socket.send(out, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  raw.push(socket);
  return `127.0.0.1:${socket.address().port}`;
}

/** A response to `query`: its id and question, no answers, with response code `rcode` and TC when `tc`. */
function reply(query: Buffer, rcode: number, tc: boolean): Buffer {
  const header = [query[0] ?? 0, query[1] ?? 0, 0x84 | (tc ? 0x02 : 0), rcode, 0, 1, 0, 0, 0, 0, 0, 0];
  return Buffer.concat([Buffer.from(header), query.subarray(12)]);
}

beforeAll(async () => {
  const created = createMaptrServer({
    naans: [
      { naan: '11111', redirects: ['loop-a.example'] },
      { naan: '33333', redirects: ['nowhere.example'] },
      { naan: '55555', redirects: ['d1.example'] },
    ],
    domains: [
      { domain: 'loop-a.example', redirects: ['11111.ark.arpa'] },
      { domain: 'd1.example', redirects: ['d2.example'] },
      { domain: 'd2.example', nmahs: ['deep.example'] },
    ],
  });
  if (!created.ok) throw new Error(created.error.message);
  maptr = created.value;
  server = `127.0.0.1:${(await maptr.listen(0, '127.0.0.1')).port}`;
});

afterAll(async () => {
  await maptr.close();
  for (const s of raw) s.close();
  rmSync(dir, { recursive: true, force: true });
});

type Failure = { readonly ok: boolean; readonly error?: { readonly code: string } };

const record = (over: Record<string, unknown> = {}) => ({
  what: '12345',
  where: 'https://example.org',
  target: { url: 'https://example.org/ark:/${content}', http_code: 302 },
  rtype: 'PublicNAAN',
  ...over,
});

/** The first rejected record of a registry as a failure (the registry itself parses). */
function firstRejected(data: unknown[]): Failure {
  const r = parseNaanRegistryJson(data);
  if (!r.ok) return r;
  const rejected = r.value.rejected[0];
  return rejected ? { ok: false, error: rejected.error } : { ok: true };
}

/** A NAPTR record whose fields are good but for `over`. */
const naptr = (over: Record<string, unknown>) =>
  encodeNaptr({ order: 0, preference: 0, flags: 'h', services: 'ark', regexp: '', replacement: 'x.org', ...over });

/**
 * One real call per code. Typed over every `DiscoveryErrorCode`: a code added to codes.ts does not
 * compile until it has a case here.
 */
const CASES: Readonly<Record<DiscoveryErrorCode, () => Failure | Promise<Failure>>> = {
  'natab-naan': () => parseNatab('12a25: http://x/'),
  'natab-colon': () => parseNatab('12025'),
  'natab-policy': () => parseNatab('12025:'),
  'natab-orphan-nmah': () => parseNatab('\tark.example\n12025: http://x/'),
  'natab-nmah': () => parseNatab('12025: http://x/\n\thost.example:99999\n'),
  'registry-json-syntax': () => parseNaanRegistryJsonText('{"data": ['),
  'registry-shape': () => parseNaanRegistryJson({ data: 'x' }),
  'registry-record-schema': () => firstRejected([record({ target: undefined })]),
  'registry-what': () => firstRejected([record({ what: 'ab-12' })]),
  'registry-rtype': () => firstRejected([record({ what: '12345/x6' })]),
  'registry-http-code': () => firstRejected([record({ target: { url: 'https://e.org/${content}', http_code: 200 } })]),
  'registry-target-url': () => firstRejected([record({ target: { url: 'ftp://e.org/${content}', http_code: 302 } })]),
  'registry-template': () => firstRejected([record({ target: { url: 'https://e.org/${nlid}', http_code: 302 } })]),
  'registry-where': () => whereToTarget('abc http://e.org'),
  'registry-duplicate': () => firstRejected([record(), record()]),
  'naan-table-read': () => loadNaanTable(join(dir, 'missing.json')),
  'naan-table-format': () => {
    const path = join(dir, 'hello.txt');
    writeFileSync(path, 'hello');
    return loadNaanTable(path);
  },
  'naptr-truncated': () => decodeNaptr(new Uint8Array([0, 0, 0])),
  'naptr-trailing': () => {
    const good = naptr({});
    return good.ok ? decodeNaptr(new Uint8Array([...good.value, 0])) : good;
  },
  'naptr-uint16': () => naptr({ order: 65536 }),
  'naptr-string-length': () => naptr({ services: 'x'.repeat(256) }),
  'naptr-flags': () => naptr({ flags: 'h!' }),
  'naptr-name': () => naptr({ replacement: 'a..b' }),
  'maptr-naan': () => maptrLookup('12a26', { server: '127.0.0.1:53' }),
  'maptr-server': () => maptrLookup('12026', { server: 'not a server' }),
  'maptr-timeout': async () => maptrLookup('12026', { server: await rawServer(() => null), timeoutMs: 200 }),
  // The kernel refuses a datagram to the broadcast address from a socket without SO_BROADCAST: nothing is sent.
  'maptr-network': () => maptrLookup('12026', { server: '255.255.255.255:53', timeoutMs: 1000 }),
  'maptr-nxdomain': () => maptrLookup('99999', { server, timeoutMs: 2000 }),
  'maptr-rcode': async () => maptrLookup('12026', { server: await rawServer((q) => reply(q, 2, false)) }),
  'maptr-truncated': async () => maptrLookup('12026', { server: await rawServer((q) => reply(q, 0, true)) }),
  'maptr-loop': () => maptrLookup('11111', { server, timeoutMs: 2000 }),
  'maptr-depth': () => maptrLookup('55555', { server, timeoutMs: 2000, maxDepth: 1 }),
  'maptr-query-limit': () => maptrLookup('55555', { server, timeoutMs: 2000, maxQueries: 1 }),
  'maptr-no-records': () => maptrLookup('33333', { server, timeoutMs: 2000 }),
  'maptr-server-entry': () => createMaptrServer({ naans: [{ naan: '12-26', nmahs: ['a.example'] }] }),
};

describe('discovery error codes', () => {
  it.each(Object.entries(CASES))('%s is returned by a real call', async (code, run) => {
    const r = await run();
    expect(r.ok ? 'ok' : r.error?.code).toBe(code);
  });

  it('are unique kebab-case strings, each with a case above', () => {
    expect(new Set(DISCOVERY_ERROR_CODES).size).toBe(DISCOVERY_ERROR_CODES.length);
    for (const code of DISCOVERY_ERROR_CODES) expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(Object.keys(CASES).sort()).toEqual([...DISCOVERY_ERROR_CODES].sort());
  });

  it("list Maptr's own codes among them", () => {
    for (const code of MAPTR_ERROR_CODES) expect(DISCOVERY_ERROR_CODES).toContain(code);
    expect(MAPTR_ERROR_CODES.every((c) => c.startsWith('maptr-'))).toBe(true);
    expect(MAPTR_ERROR_CODES).not.toContain('maptr-server-entry');
  });
});
