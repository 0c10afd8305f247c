import { createSocket, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MaptrResult, maptrLookup, parseServer } from './maptr.ts';
import { NAPTR_TYPE } from './naptr.ts';
import { parseNatab } from './natab.ts';
import { createMaptrServer, type MaptrServer, maptrEntriesFromNatab } from './server.ts';

// Every server here is a real UDP socket on 127.0.0.1 at a random port; nothing else is asked.

const ark = (
  replacement: string,
  over: Partial<{ order: number; preference: number; flags: string; services: string }> = {},
) => ({
  order: 0,
  preference: 0,
  flags: 'h',
  services: 'ark',
  regexp: '',
  replacement,
  ...over,
});

let server: MaptrServer;
let address: string;

beforeAll(async () => {
  const created = createMaptrServer({
    naans: [
      // draft-kunze-ark-09 §4.2, the example zone: 12026.ark.arpa with three "h" records
      {
        naan: '12026',
        nmahs: [
          { hostport: 'lhc.nlm.nih.gov:8080', label: 'USLC' },
          { hostport: 'foobar.zaf.org', label: 'USLC' },
          { hostport: 'sneezy.dopey.com', label: 'USLC' },
        ],
      },
      // ... and 12345.ark.arpa, which points to dlc.spct.org.
      { naan: '12345', redirects: ['dlc.spct.org.'] },
      // a loop: 11111 → loop-a → loop-b → 11111
      { naan: '11111', redirects: ['loop-a.example'] },
      // a loop back to itself next to an NMAH
      { naan: '22222', nmahs: ['x.example'], redirects: ['22222.ark.arpa'] },
      // dead ends: a redirect to a name that does not exist, and to one without "ark" records
      { naan: '33333', redirects: ['nowhere.example'] },
      { naan: '44444', redirects: ['empty.example'] },
      // a chain of three redirects
      { naan: '55555', redirects: ['d1.example'] },
      // order, preference, case, other services and flags
      {
        naan: '66666',
        records: [
          ark('a.example', { order: 10 }),
          ark('b.example', { order: 5, preference: 2 }),
          ark('c.example', { order: 5, preference: 1 }),
          ark('upper.example', { order: 20, flags: 'H', services: 'ARK' }),
          ark('other-service.example', { services: 'x-other' }),
          ark('u-flag.example', { flags: 'u' }),
          ark('', { order: 30 }),
        ],
      },
      // a diamond: two paths to one domain, and the same NMAH twice
      { naan: '77777', nmahs: ['r-host.example'], redirects: ['p.example', 'q.example'] },
      // only records that Maptr discards
      { naan: '88888', records: [ark('svc.example', { services: 'http+N2L' })] },
      // a NAAN that is betanumeric
      { naan: 'b7280', nmahs: ['beta.example'] },
    ],
    domains: [
      { domain: 'dlc.spct.org', nmahs: [{ hostport: 'ark.dlc.spct.org', label: 'DLC' }, 'mirror.spct.org:8080'] },
      { domain: 'loop-a.example', redirects: ['loop-b.example'] },
      { domain: 'loop-b.example', redirects: ['11111.ark.arpa'] },
      { domain: 'empty.example', records: [ark('no.example', { services: 'http' })] },
      { domain: 'd1.example', redirects: ['d2.example'] },
      { domain: 'd2.example', redirects: ['d3.example'] },
      { domain: 'd3.example', nmahs: ['deep.example'] },
      { domain: 'p.example', redirects: ['r.example'] },
      { domain: 'q.example', redirects: ['r.example'] },
      { domain: 'r.example', nmahs: ['r-host.example', 'r2.example'] },
    ],
  });
  if (!created.ok) throw new Error(created.error.message);
  server = created.value;
  const bound = await server.listen(0, '127.0.0.1');
  address = `127.0.0.1:${bound.port}`;
});

afterAll(async () => {
  await server.close();
});

async function found(naan: string, options: { maxDepth?: number; suffix?: string } = {}): Promise<MaptrResult> {
  const r = await maptrLookup(naan, { server: address, timeoutMs: 2000, ...options });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function failed(naan: string, options: { maxDepth?: number; maxQueries?: number } = {}) {
  const r = await maptrLookup(naan, { server: address, timeoutMs: 2000, ...options });
  if (r.ok) throw new Error(`expected a failure, got ${r.value.nmahs.join(', ')}`);
  return r.error;
}

describe('Maptr (§4.2) against the spec example zone', () => {
  it('12026.ark.arpa: three candidate NMAHs from "h" records', async () => {
    const r = await found('12026');
    expect(r.nmahs).toEqual(['lhc.nlm.nih.gov:8080', 'foobar.zaf.org', 'sneezy.dopey.com']);
    expect(r.complete).toBe(true);
    expect(r.trace).toHaveLength(1);
    expect(r.trace[0]).toMatchObject({ domain: '12026.ark.arpa', depth: 0, via: null, outcome: 'answered', rcode: 0 });
    expect(r.trace[0]?.records.map((x) => [x.action, x.naptr?.regexp])).toEqual([
      ['nmah', 'USLC'],
      ['nmah', 'USLC'],
      ['nmah', 'USLC'],
    ]);
  });

  it('12345.ark.arpa: the empty-flags record redirects to dlc.spct.org, which holds the "h" records', async () => {
    const r = await found('12345');
    expect(r.nmahs).toEqual(['ark.dlc.spct.org', 'mirror.spct.org:8080']);
    expect(r.trace.map((t) => [t.domain, t.depth, t.via, t.outcome])).toEqual([
      ['12345.ark.arpa', 0, null, 'answered'],
      ['dlc.spct.org', 1, '12345.ark.arpa', 'answered'],
    ]);
    expect(r.trace[0]?.records[0]).toMatchObject({
      action: 'redirect',
      naptr: { flags: '', replacement: 'dlc.spct.org' },
    });
  });

  it('mirrors the natab: served from Appendix 13, Maptr gives each NAAN the natab NMAHs', async () => {
    const natab = parseNatab(readFileSync(new URL('./fixtures/natab-appendix.txt', import.meta.url), 'utf8'));
    if (!natab.ok) throw new Error('natab');
    const created = createMaptrServer({ naans: maptrEntriesFromNatab(natab.value) });
    if (!created.ok) throw new Error(created.error.message);
    const { port } = await created.value.listen(0, '127.0.0.1');
    try {
      for (const entry of natab.value.entries) {
        const r = await maptrLookup(entry.naan, { server: `127.0.0.1:${port}` });
        expect(r.ok && r.value.nmahs).toEqual(entry.nmahs.map((n) => n.hostport));
      }
    } finally {
      await created.value.close();
    }
  });
});

describe('Maptr choices', () => {
  it('sorts by order then preference, compares service and flags case-insensitively, skips other records', async () => {
    const r = await found('66666');
    expect(r.nmahs).toEqual(['c.example', 'b.example', 'a.example', 'upper.example']);
    const actions = Object.fromEntries(r.trace[0]?.records.map((x) => [x.naptr?.replacement, x.action]) ?? []);
    expect(actions).toEqual({
      'c.example': 'nmah',
      'b.example': 'nmah',
      'a.example': 'nmah',
      'upper.example': 'nmah',
      'other-service.example': 'ignored-service',
      'u-flag.example': 'ignored-flags',
      '': 'malformed',
    });
  });

  it('queries a domain reached twice once, and keeps an NMAH found twice once', async () => {
    const r = await found('77777');
    expect(r.nmahs).toEqual(['r-host.example', 'r2.example']);
    expect(r.complete).toBe(true);
    expect(r.trace.map((t) => [t.domain, t.outcome])).toEqual([
      ['77777.ark.arpa', 'answered'],
      ['p.example', 'answered'],
      ['r.example', 'answered'],
      ['q.example', 'answered'],
      ['r.example', 'visited'],
    ]);
    expect(r.trace[2]?.records.map((x) => x.action)).toEqual(['duplicate-nmah', 'nmah']);
  });

  it('follows a chain of redirects up to maxDepth', async () => {
    const r = await found('55555', { maxDepth: 3 });
    expect(r.nmahs).toEqual(['deep.example']);
    expect(r.trace.map((t) => t.depth)).toEqual([0, 1, 2, 3]);
    const e = await failed('55555', { maxDepth: 2 });
    expect(e.code).toBe('maptr-depth');
    expect(e.trace.at(-1)).toMatchObject({ domain: 'd3.example', depth: 3, outcome: 'depth' });
  });

  it('stops after maxQueries', async () => {
    const e = await failed('55555', { maxQueries: 2 });
    expect(e.code).toBe('maptr-query-limit');
    expect(e.trace.map((t) => t.outcome)).toEqual(['answered', 'answered', 'query-limit']);
  });

  it('detects a loop and fails when it found nothing', async () => {
    const e = await failed('11111');
    expect(e.code).toBe('maptr-loop');
    expect(e.trace.map((t) => [t.domain, t.outcome])).toEqual([
      ['11111.ark.arpa', 'answered'],
      ['loop-a.example', 'answered'],
      ['loop-b.example', 'answered'],
      ['11111.ark.arpa', 'loop'],
    ]);
  });

  it('keeps the NMAHs found beside a loop, and says the lookup was not complete', async () => {
    const r = await found('22222');
    expect(r.nmahs).toEqual(['x.example']);
    expect(r.complete).toBe(false);
    expect(r.trace.at(-1)?.outcome).toBe('loop');
  });

  it('a redirect to a name that does not exist is a dead end: no mapping authority', async () => {
    const e = await failed('33333');
    expect(e.code).toBe('maptr-no-records');
    expect(e.trace.map((t) => [t.domain, t.outcome, t.rcode])).toEqual([
      ['33333.ark.arpa', 'answered', 0],
      ['nowhere.example', 'nxdomain', 3],
    ]);
  });

  it('a redirect to a name without "ark" records is a dead end too', async () => {
    const e = await failed('44444');
    expect(e.code).toBe('maptr-no-records');
    expect(e.trace[1]).toMatchObject({ domain: 'empty.example', outcome: 'no-records' });
    expect(e.trace[1]?.records[0]?.action).toBe('ignored-service');
  });

  it('an unknown NAAN is NXDOMAIN', async () => {
    const e = await failed('99999');
    expect(e).toMatchObject({ code: 'maptr-nxdomain', trace: [{ domain: '99999.ark.arpa', outcome: 'nxdomain' }] });
  });

  it('a NAAN with only non-ark records has no records', async () => {
    expect((await failed('88888')).code).toBe('maptr-no-records');
  });

  it('lowercases a betanumeric NAAN for the query', async () => {
    expect((await found('B7280')).nmahs).toEqual(['beta.example']);
  });

  it('queries under another suffix', async () => {
    const created = createMaptrServer({
      suffix: 'naan.example.org',
      naans: [{ naan: '12026', nmahs: ['other.example'] }],
    });
    if (!created.ok) throw new Error('server');
    const { port } = await created.value.listen(0, '127.0.0.1');
    try {
      const r = await maptrLookup('12026', { server: `127.0.0.1:${port}`, suffix: 'naan.example.org.' });
      expect(r.ok && r.value.nmahs).toEqual(['other.example']);
      expect(r.ok && r.value.trace[0]?.domain).toBe('12026.naan.example.org');
      const plain = await maptrLookup('12026', { server: `127.0.0.1:${port}` });
      expect(!plain.ok && plain.error.code).toBe('maptr-nxdomain');
    } finally {
      await created.value.close();
    }
  });

  it.each([
    ['12a26', { server: '127.0.0.1:53' }, 'maptr-naan'],
    ['', { server: '127.0.0.1:53' }, 'maptr-naan'],
    ['12026', { server: 'not a server' }, 'maptr-server'],
    ['12026', { server: '127.0.0.1:99999' }, 'maptr-server'],
    ['12026', { server: '127.0.0.1:53', suffix: 'bad suffix' }, 'maptr-server'],
    ['12026', { server: '127.0.0.1:53', timeoutMs: 0 }, 'maptr-server'],
    ['12026', { server: '127.0.0.1:53', maxDepth: -1 }, 'maptr-server'],
  ])('refuses %j with %j before sending anything (%s)', async (naan, options, code) => {
    const r = await maptrLookup(naan, options);
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.trace).toEqual([]);
  });

  it.each([
    ['127.0.0.1:5353', { host: '127.0.0.1', port: 5353 }],
    ['127.0.0.1', { host: '127.0.0.1', port: 53 }],
    ['localhost:53', { host: 'localhost', port: 53 }],
    ['[::1]:5353', { host: '::1', port: 5353 }],
    ['::1', { host: '::1', port: 53 }],
  ])('server %s', (s, expected) => expect(parseServer(s)).toEqual(expected));
});

/** A UDP socket on 127.0.0.1 that answers each query with `respond(query)` (or not at all). */
async function rawServer(respond: (query: Buffer) => Buffer | null): Promise<{ socket: Socket; server: string }> {
  const socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const out = respond(msg);
    if (out) socket.send(out, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, server: `127.0.0.1:${socket.address().port}` };
}

/** A response to `query` (same id, the question copied) with the given flags byte 3 and answer records. */
function reply(query: Buffer, rcodeAndFlags: number, answers: number[][] = [], tc = false): Buffer {
  const question = query.subarray(12);
  const header = [
    query[0] ?? 0,
    query[1] ?? 0,
    0x84 | (tc ? 0x02 : 0),
    rcodeAndFlags,
    0,
    1,
    0,
    answers.length,
    0,
    0,
    0,
    0,
  ];
  return Buffer.concat([Buffer.from(header), question, Buffer.from(answers.flat())]);
}

const POINTER_TO_QNAME = [0xc0, 12];
const naptrRR = (rdata: number[]) => [...POINTER_TO_QNAME, 0, NAPTR_TYPE, 0, 1, 0, 0, 0, 60, 0, rdata.length, ...rdata];
const cs = (s: string) => [s.length, ...[...s].map((c) => c.charCodeAt(0))];

describe('Maptr against misbehaving servers', () => {
  it('times out within the configured timeout when the server never answers, and says so', async () => {
    const { socket, server: silent } = await rawServer(() => null);
    // A controllable clock (fake setTimeout; the socket stays real): no answer at 299 ms, the timeout at 300.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const lookup = maptrLookup('12026', { server: silent, timeoutMs: 300 }).finally(() => {
        settled = true;
      });
      while (vi.getTimerCount() === 0) await new Promise((r) => setImmediate(r)); // the query is sent
      await vi.advanceTimersByTimeAsync(299);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const r = await lookup;
      expect(!r.ok && r.error.code).toBe('maptr-timeout');
      expect(!r.ok && r.error.message).toMatch(/300 ms/);
      expect(!r.ok && r.error.trace[0]?.outcome).toBe('timeout');
    } finally {
      vi.useRealTimers();
      socket.close();
    }
  });

  it('ignores garbage datagrams and times out', async () => {
    const { socket, server: garbage } = await rawServer(() => Buffer.from([1, 2, 3]));
    try {
      const r = await maptrLookup('12026', { server: garbage, timeoutMs: 200 });
      expect(!r.ok && r.error.code).toBe('maptr-timeout');
    } finally {
      socket.close();
    }
  });

  it('reports SERVFAIL as maptr-rcode', async () => {
    const { socket, server: failing } = await rawServer((q) => reply(q, 2));
    try {
      const r = await maptrLookup('12026', { server: failing, timeoutMs: 1000 });
      expect(!r.ok && r.error).toMatchObject({ code: 'maptr-rcode', trace: [{ outcome: 'rcode', rcode: 2 }] });
    } finally {
      socket.close();
    }
  });

  it('reads a replacement compressed against the question, and marks malformed rdata', async () => {
    const good = naptrRR([0, 0, 0, 0, ...cs('h'), ...cs('ark'), 0, ...cs('nmah'), ...POINTER_TO_QNAME]);
    const bad = naptrRR([0, 0, 0, 0, 9, 1]);
    const { socket, server: odd } = await rawServer((q) => reply(q, 0, [bad, good]));
    try {
      const r = await maptrLookup('12026', { server: odd, timeoutMs: 1000 });
      expect(r.ok && r.value.nmahs).toEqual(['nmah.12026.ark.arpa']);
      expect(r.ok && r.value.trace[0]?.records.map((x) => x.action)).toEqual(['malformed', 'nmah']);
    } finally {
      socket.close();
    }
  });

  it('says so when the answer was truncated (no TCP fallback)', async () => {
    const { socket, server: truncating } = await rawServer((q) => reply(q, 0, [], true));
    try {
      const r = await maptrLookup('12026', { server: truncating, timeoutMs: 1000 });
      expect(!r.ok && r.error.code).toBe('maptr-truncated');
    } finally {
      socket.close();
    }
  });

  it('ignores NAPTR records owned by another name', async () => {
    const other = [
      3,
      ...[...'foo'].map((c) => c.charCodeAt(0)),
      0,
      0,
      NAPTR_TYPE,
      0,
      1,
      0,
      0,
      0,
      60,
      0,
      14,
      0,
      0,
      0,
      0,
      ...cs('h'),
      ...cs('ark'),
      0,
      1,
      120,
      0,
    ];
    const { socket, server: stray } = await rawServer((q) => reply(q, 0, [other]));
    try {
      const r = await maptrLookup('12026', { server: stray, timeoutMs: 1000 });
      expect(!r.ok && r.error.code).toBe('maptr-no-records');
      expect(!r.ok && r.error.trace[0]?.records).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
