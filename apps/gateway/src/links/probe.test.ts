import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  localLookup,
  startSelfSignedServer,
  startTargetServer,
  type TargetServer,
} from '../testing/link-servers.ts';
import { type ProbeOptions, probe, retryAfterMs } from './probe.ts';
import { looksNotFound } from './sniff.ts';

// Each way a target can answer, over real sockets on 127.0.0.1; names resolve through an injected lookup
// (a.test and b.test are 127.0.0.1, anything else, *.invalid among them, is unknown).
let server: TargetServer;
let tls: TargetServer;
const OPTIONS: ProbeOptions = {
  timeoutMs: 1500,
  maxBytes: 65_536,
  maxRedirects: 5,
  userAgent: 'pidgate-link-checker (+https://resolver.test/)',
  softNotFound: 'after-redirect',
  lookup: localLookup(['a.test', 'b.test']),
};

beforeAll(async () => {
  server = await startTargetServer();
  tls = await startSelfSignedServer();
});
afterAll(async () => {
  await server.close();
  await tls.close();
});

const check = (path: string, options: Partial<ProbeOptions> = {}) =>
  probe(`${server.origin}${path}`, { ...OPTIONS, ...options });

describe('probe', () => {
  it('classifies 200 as ok, with HEAD only', async () => {
    const r = await check('/ok');
    expect(r).toMatchObject({ class: 'ok', status: 200, finalUrl: `${server.origin}/ok` });
    expect(r.chain).toEqual([{ url: `${server.origin}/ok`, method: 'HEAD', status: 200 }]);
    expect(server.hits.get('GET /ok')).toBeUndefined();
  });

  it('follows a 301 chain to its end and records every hop', async () => {
    const r = await check('/r/3');
    expect(r.class).toBe('ok');
    expect(r.chain.map((h) => [new URL(h.url).pathname, h.status])).toEqual([
      ['/r/3', 301],
      ['/r/2', 301],
      ['/r/1', 301],
      ['/r/0', 200],
    ]);
  });

  it('stops at the redirect limit: too-many-redirects (a loop too)', async () => {
    const long = await check('/r/6');
    expect(long.class).toBe('too-many-redirects');
    expect(long.chain).toHaveLength(6);
    const five = await check('/r/5');
    expect(five.class).toBe('ok');
    const loop = await check('/loop');
    expect(loop.class).toBe('too-many-redirects');
  });

  it('tells 404 and 410 (client errors) and 500 (server error), asked again with GET', async () => {
    for (const [path, cls, status] of [
      ['/404', 'client-error', 404],
      ['/410', 'client-error', 410],
      ['/500', 'server-error', 500],
    ] as const) {
      const r = await check(path);
      expect(r).toMatchObject({ class: cls, status });
      expect(r.chain.map((h) => h.method)).toEqual(['HEAD', 'GET']);
    }
  });

  it('falls back to GET where HEAD is refused (405)', async () => {
    const r = await check('/head-405');
    expect(r.class).toBe('ok');
    expect(r.chain.map((h) => [h.method, h.status])).toEqual([
      ['HEAD', 405],
      ['GET', 200],
    ]);
  });

  it('takes 429 and 503 as "try later", with Retry-After read, and never asks GET', async () => {
    const r429 = await check('/429');
    expect(r429).toMatchObject({ class: 'try-later', status: 429, retryAfterMs: 120_000 });
    expect(r429.chain).toHaveLength(1);
    const paused: [string, number][] = [];
    const r503 = await check('/503', { onRetryAfter: (host, ms) => paused.push([host, ms]) });
    expect(r503).toMatchObject({ class: 'try-later', status: 503, retryAfterMs: null });
    expect(paused).toEqual([]);
    await check('/429', { onRetryAfter: (host, ms) => paused.push([host, ms]) });
    expect(paused).toEqual([[`127.0.0.1:${server.port}`, 120_000]]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('99999999', now)).toBe(86_400_000);
  });

  it('times out on headers that never come and on a body that never ends arriving', async () => {
    expect((await check('/slow-headers', { timeoutMs: 300 })).class).toBe('timeout');
    // HEAD is refused; GET gets its headers at once, then a body that stalls.
    const r = await probe(`${server.origin}/slow-body`, { ...OPTIONS, timeoutMs: 2000 });
    expect(r.class).toBe('timeout');
    expect(r.chain.map((h) => [h.method, h.status])).toEqual([
      ['HEAD', 405],
      ['GET', null],
    ]);
  });

  it('reads an endless body only up to maxBytes, and the answer counts', async () => {
    const r = await check('/endless', { softNotFound: 'always', timeoutMs: 20_000 });
    expect(r.class).toBe('ok');
    // Far below the timeout: the read stopped at maxBytes.
    expect(r.durationMs).toBeLessThan(10_000);
  });

  it('fails TLS on a self-signed certificate', async () => {
    const r = await probe(`${tls.origin}/ok`, OPTIONS);
    expect(r).toMatchObject({ class: 'tls', status: null });
    expect(r.detail).toMatch(/SELF_SIGNED|self.signed/i);
  });

  it('fails to connect to a closed port', async () => {
    const port = await closedPort();
    const r = await probe(`http://127.0.0.1:${port}/`, OPTIONS);
    expect(r).toMatchObject({ class: 'connection', status: null });
    expect(r.detail).toContain('ECONNREFUSED');
  });

  it('fails DNS on a name that does not resolve (the injected lookup: nothing leaves the machine)', async () => {
    const r = await probe(`http://nowhere.invalid:${server.port}/ok`, OPTIONS);
    expect(r).toMatchObject({ class: 'dns', status: null });
  });

  it('says redirected when the chain ends at another host, ok when on the same', async () => {
    const r = await probe(`http://a.test:${server.port}/elsewhere/b.test`, OPTIONS);
    expect(r).toMatchObject({ class: 'redirected', status: 200, finalUrl: `http://b.test:${server.port}/ok` });
    const same = await probe(`http://a.test:${server.port}/elsewhere/a.test`, OPTIONS);
    expect(same.class).toBe('ok');
  });

  it('finds a soft 404 after a redirect, and on every HTML page with softNotFound: always', async () => {
    const soft = await check('/soft');
    expect(soft).toMatchObject({ class: 'soft-404', status: 200 });
    expect(soft.detail).toContain('Page Not Found');
    expect((await check('/to-html-ok')).class).toBe('ok');
    expect((await check('/heading-404')).class).toBe('ok');
    expect((await check('/heading-404', { softNotFound: 'always' })).class).toBe('soft-404');
    expect((await check('/html-ok', { softNotFound: 'always' })).class).toBe('ok');
    expect((await check('/soft', { softNotFound: 'off' })).class).toBe('ok');
  });

  it('refuses what is no http(s) URL, and a redirect to one', async () => {
    expect((await probe('ftp://example.org/x', OPTIONS)).class).toBe('invalid');
    expect((await probe('not a url', OPTIONS)).class).toBe('invalid');
    expect((await check('/to-mailto')).class).toBe('invalid');
  });

  it('sends the User-Agent naming the instance', async () => {
    const seen: string[] = [];
    const { createServer } = await import('node:http');
    const s = createServer((req, res) => {
      seen.push(String(req.headers['user-agent']));
      res.end();
    });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as { port: number }).port;
    await probe(`http://127.0.0.1:${port}/`, OPTIONS);
    await new Promise<void>((r) => s.close(() => r()));
    expect(seen).toEqual(['pidgate-link-checker (+https://resolver.test/)']);
  });
});

describe('looksNotFound', () => {
  it.each([
    ['<title>404 Not Found</title>', '404 Not Found'],
    ['<TITLE lang="en">Page not found | Example</TITLE>', 'Page not found | Example'],
    ['<title>Example</title><h1 class="x">This page does not exist</h1>', 'This page does not exist'],
    ['<title>Results</title><p>not found</p>', null],
    ['<title>Foundations of 4040</title>', null],
    [`<title>${'<'.repeat(100_000)}`, null],
  ])('%s', (html, expected) => {
    expect(looksNotFound(Buffer.from(html))).toBe(expected);
  });
});
