import { createSocket, type Socket } from 'node:dgram';
import { createMaptrServer, MAPTR_ERROR_CODES, type MaptrServer, maptrLookup } from '@pidgate/discovery';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Metrics } from '../observability/index.ts';
import { natab, tempFiles, testApp, testConfig } from '../testing/helpers.ts';
import { CachedMaptr, MAPTR_CACHEABLE, type MaptrLookup } from './maptr.ts';

// A real Maptr DNS server (@pidgate/discovery's) on 127.0.0.1, with the records of draft-kunze-ark-09 §4.2.
let dns: MaptrServer;
let server = '';
let silent: Socket;
let silentServer = '';

beforeAll(async () => {
  const created = createMaptrServer({
    naans: [
      { naan: '12026', nmahs: [{ hostport: 'lhc.example.org:8080', label: 'USLC' }, 'foobar.example.org'] },
      { naan: '12345', redirects: ['dlc.example.org'] },
    ],
    domains: [{ domain: 'dlc.example.org', nmahs: ['dlc.spct.example.org'] }],
  });
  if (!created.ok) throw new Error(created.error.message);
  dns = created.value;
  const { port } = await dns.listen(0, '127.0.0.1');
  server = `127.0.0.1:${port}`;
  // A DNS server that never answers, for timeouts.
  silent = createSocket('udp4');
  await new Promise<void>((r) => silent.bind(0, '127.0.0.1', () => r()));
  silentServer = `127.0.0.1:${silent.address().port}`;
});

afterAll(async () => {
  await dns.close();
  silent.close();
});

// The embedded NAAN table knows 12026 (Library of Congress): these tests use a natab that does not.
const files = tempFiles({ natab: natab({ 13030: ['ark.cdlib.example.org'] }) });
const maptrOnly = (extra: object = {}) => ({
  naan: { file: files['natab'] as string },
  fallback: { url: null },
  ...extra,
});

describe('ARK discovery through Maptr (DNS NAPTR)', () => {
  it('redirects to the first NMAH found, carrying the path after the NAAN', async () => {
    const { app } = await testApp(maptrOnly({ maptr: { enabled: true, suffix: 'ark.arpa', server, timeoutMs: 1000 } }));
    const res = await app.request('/ark:/12026/x7/p.pdf');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://lhc.example.org:8080/ark:/12026/x7/p.pdf');
  });

  it('follows an empty-flags redirect to another domain', async () => {
    const { app } = await testApp(maptrOnly({ maptr: { enabled: true, suffix: 'ark.arpa', server, timeoutMs: 1000 } }));
    const res = await app.request('/ark:/12345/abc', { headers: {} });
    expect(res.headers.get('location')).toBe('http://dlc.spct.example.org/ark:/12345/abc');
    const info = (await (
      await app.request('/ark:/12345/abc?info', { headers: { accept: 'application/json' } })
    ).json()) as { resolution: { how: string; trace: string[] } };
    expect(info.resolution.how).toBe('maptr');
    expect(info.resolution.trace.join('\n')).toContain('12345.ark.arpa');
  });

  it('caches answers: the second ask is a cache hit', async () => {
    const { app } = await testApp(maptrOnly({ maptr: { enabled: true, suffix: 'ark.arpa', server, timeoutMs: 1000 } }));
    await app.request('/ark:/12026/a');
    await app.request('/ark:/12026/b');
    const metrics = await (await app.request('/metrics')).text();
    expect(metrics).toContain('pidgate_cache_requests_total{cache="maptr",result="miss"} 1');
    expect(metrics).toContain('pidgate_cache_requests_total{cache="maptr",result="hit"} 1');
  });

  it('NXDOMAIN is not found (404), and then the fallback is asked', async () => {
    const { app } = await testApp(maptrOnly({ maptr: { enabled: true, suffix: 'ark.arpa', server, timeoutMs: 1000 } }));
    const res = await app.request('/ark:/99999/none');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('unknown-naan');
    const { app: fb } = await testApp(
      maptrOnly({
        maptr: { enabled: true, suffix: 'ark.arpa', server, timeoutMs: 1000 },
        fallback: { url: 'https://n2t.example.org/' },
      }),
    );
    expect((await fb.request('/ark:/99999/none')).headers.get('location')).toBe(
      'https://n2t.example.org/ark:/99999/none',
    );
  });

  it('a DNS server that does not answer gives 504 within the configured timeout', async () => {
    const { app } = await testApp(
      maptrOnly({ maptr: { enabled: true, suffix: 'ark.arpa', server: silentServer, timeoutMs: 300 } }),
    );
    // A controllable clock (fake setTimeout; the sockets stay real): no answer at 299 ms, 504 at 300.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const pending = Promise.resolve(app.request('/ark:/12026/x')).finally(() => {
        settled = true;
      });
      while (vi.getTimerCount() === 0) await new Promise((r) => setImmediate(r)); // the query is sent
      await vi.advanceTimersByTimeAsync(299);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const res = await pending;
      expect(res.status).toBe(504);
      expect(((await res.json()) as { code: string }).code).toBe('maptr-timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the NAAN table is asked before Maptr', async () => {
    const { app } = await testApp({
      maptr: { enabled: true, suffix: 'ark.arpa', server: silentServer, timeoutMs: 300 },
    });
    const res = await app.request('/ark:/12026/x');
    expect(res.headers.get('location')).toBe('http://www.loc.gov/ark:/12026/x');
  });
});

describe('CachedMaptr (lru-cache, real DNS on 127.0.0.1)', () => {
  /** A CachedMaptr over the real client, counting the lookups that reach DNS. */
  function cached(maptr: object, dnsServer = server) {
    const config = testConfig({
      maptr: { enabled: true, suffix: 'ark.arpa', server: dnsServer, timeoutMs: 200, ...maptr },
    });
    const counter = { lookups: 0 };
    const lookup: MaptrLookup = (naan, options) => {
      counter.lookups++;
      return maptrLookup(naan, options);
    };
    return { maptr: new CachedMaptr(config.maptr, lookup, new Metrics(), dnsServer), counter };
  }

  it('keeps an answer cacheTtlSeconds, then asks DNS again', async () => {
    const { maptr, counter } = cached({ cacheTtlSeconds: 1 });
    const first = await maptr.discover('12026');
    expect(first.ok && first.value).toMatchObject({
      nmahs: ['lhc.example.org:8080', 'foobar.example.org'],
      cached: false,
    });
    const second = await maptr.discover('12026');
    expect(second.ok && second.value.cached).toBe(true);
    expect(counter.lookups).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    const third = await maptr.discover('12026');
    expect(third.ok && third.value.cached).toBe(false);
    expect(counter.lookups).toBe(2);
  });

  it('keeps at most cacheSize NAANs: the least recently used one goes', async () => {
    const { maptr, counter } = cached({ cacheSize: 1 });
    await maptr.discover('12026');
    await maptr.discover('12345');
    await maptr.discover('12345');
    expect(counter.lookups).toBe(2);
    await maptr.discover('12026');
    expect(counter.lookups).toBe(3);
  });

  it('keeps "no mapping authority" (NXDOMAIN), never a timeout', async () => {
    const answered = cached({});
    for (let i = 0; i < 2; i++)
      expect(await answered.maptr.discover('99999')).toMatchObject({ ok: false, error: { code: 'maptr-nxdomain' } });
    expect(answered.counter.lookups).toBe(1);
    const silentOne = cached({}, silentServer);
    for (let i = 0; i < 2; i++)
      expect(await silentOne.maptr.discover('12026')).toMatchObject({ ok: false, error: { code: 'maptr-timeout' } });
    expect(silentOne.counter.lookups).toBe(2);
  });

  it('concurrent asks for one NAAN share one query; clear() forgets', async () => {
    const { maptr, counter } = cached({});
    const all = await Promise.all([maptr.discover('12026'), maptr.discover('12026'), maptr.discover('12026')]);
    expect(all.every((r) => r.ok)).toBe(true);
    expect(counter.lookups).toBe(1);
    maptr.clear();
    await maptr.discover('12026');
    expect(counter.lookups).toBe(2);
  });

  it('cacheTtlSeconds 0 or cacheSize 0 keeps nothing', async () => {
    for (const off of [{ cacheTtlSeconds: 0 }, { cacheSize: 0 }]) {
      const { maptr, counter } = cached(off);
      await maptr.discover('12026');
      await maptr.discover('12026');
      expect(counter.lookups).toBe(2);
    }
  });

  it('classifies every code the Maptr client can fail with', () => {
    expect(Object.keys(MAPTR_CACHEABLE).sort()).toEqual([...MAPTR_ERROR_CODES].sort());
  });
});
