import { ADMIN_SCOPE, type LinkTarget, type Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import { type RunningServer, startServer } from './server.ts';
import { type ArchiveServers, archiveServers, localArchiveRegistry } from './testing/archive-servers.ts';
import { allSchemes, tempFiles, testConfig } from './testing/helpers.ts';
import { testStore } from './testing/store.ts';

// The web-archive fallback in the one resolution path (issue 25): a real SQLite store whose link state says
// which targets are broken (written through `store.links`, as the checker writes it), a local Memento
// TimeMap archive on 127.0.0.1, and the gateway on a real socket (so the fast path answers what it can).
const GONE = 'https://gone.example/report.pdf';
const FINE = 'https://fine.example/';
const NOCAPTURE = 'https://nocapture.example/';

/** Mark `target` broken (or ok), as the checker's window rule leaves it. */
async function check(store: Store, target: LinkTarget, broken: boolean) {
  const now = new Date().toISOString();
  const done = await store.links.finish(
    'test',
    {
      state: broken ? 'broken' : 'ok',
      firstFailureAt: broken ? '2026-01-01T00:00:00.000Z' : null,
      lastFailureAt: broken ? now : null,
      failures: broken ? 3 : 0,
      brokenAt: broken ? '2026-01-15T00:00:00.000Z' : null,
      dueAt: now,
      check: {
        target: target.target,
        at: now,
        class: broken ? 'client-error' : 'ok',
        status: broken ? 404 : 200,
        finalUrl: target.target,
        chain: [],
        durationMs: 5,
        detail: '',
      },
    },
    20,
  );
  if (!done.ok) throw new Error(done.error.message);
}

describe('the web-archive fallback', () => {
  let archives: ArchiveServers;
  let server: RunningServer;
  let store: Store;
  let closeStore: () => Promise<void>;
  let admin: string;
  let base: string;

  beforeAll(async () => {
    archives = await archiveServers();
    const files = tempFiles({ 'archives.json': JSON.stringify(localArchiveRegistry(archives.base)) });
    const opened = await testStore('sqlite');
    store = opened.store;
    closeStore = opened.close;
    for (const r of [
      await store.addNaan('99999'),
      await store.addShoulder({ key: 'ark:/99999/x6', naan: '99999', template: 'x6.sd', seed: '0' }),
      await store.addShoulder({ key: 'ark:/99999/b3', naan: '99999', template: 'b3.sd', seed: '0' }),
    ]) {
      if (!r.ok) throw new Error(r.error.message);
    }
    const at = '2025-01-01T00:00:00.000Z';
    const item = (key: string, target: string) => ({ key, target, createdAt: at, updatedAt: at });
    const r = await store.importBindings([
      item('ark:/99999/x6gone', GONE),
      item('ark:/99999/x6fine', FINE),
      item('ark:/99999/x6none', NOCAPTURE),
      item('ark:/99999/b3gone', GONE),
    ]);
    if (!r.ok) throw new Error(r.error.message);
    await store.links.sync(at);
    const claimed = await store.links.claim('test', 10, new Date().toISOString(), 600);
    if (!claimed.ok) throw new Error(claimed.error.message);
    for (const t of claimed.value) await check(store, t, t.target !== FINE);
    const made = await store.createToken('test', [ADMIN_SCOPE]);
    if (!made.ok) throw new Error(made.error.message);
    admin = made.value.token;
    const config = testConfig({
      host: '127.0.0.1',
      port: 0,
      pwid: { archives: files['archives.json'] as string },
      archives: { fallback: [{ archive: 'tm.local.test' }] },
    });
    server = await startServer({ config, deps: await createDeps(config, { registry: allSchemes, store }) });
    base = server.url.replace(/\/$/, '');
  });
  afterAll(async () => {
    await server?.close();
    await closeStore?.();
    await archives?.close();
  });

  const get = (path: string, accept = 'application/json') =>
    fetch(`${base}${path}`, { redirect: 'manual', headers: { accept } });
  const setFallback = (shoulder: string, fallback: string, token = admin) =>
    fetch(`${base}/api/v1/shoulders/fallback`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shoulder, fallback }),
    });

  it('?info of a broken target lists its latest captures with their PWIDs; of a target that answers, its state', async () => {
    const res = await get('/ark:/99999/x6gone?info');
    expect(res.status).toBe(200);
    const record = (await res.json()) as {
      targetHealth: { state: string; brokenSince: string; captures: { pwid: string; url: string; datetime: string }[] };
    };
    expect(record.targetHealth.state).toBe('broken');
    expect(record.targetHealth.brokenSince).toBe('2026-01-15T00:00:00.000Z');
    expect(record.targetHealth.captures.map((c) => c.pwid)).toEqual([
      `urn:pwid:tm.local.test:2024-05-01T10:04:05Z:page:${GONE}`,
      `urn:pwid:tm.local.test:2023-01-15T08:00:00Z:page:${GONE}`,
      `urn:pwid:tm.local.test:2019-03-01T10:15:00Z:page:${GONE}`,
    ]);
    expect(record.targetHealth.captures[0]?.url).toBe(`${archives.base}/web/20240501100405/${GONE}`);
    const fine = (await (await get('/ark:/99999/x6fine?info')).json()) as { targetHealth: Record<string, unknown> };
    expect(fine.targetHealth['state']).toBe('ok');
    expect(fine.targetHealth['captures']).toBeUndefined();
    const text = await (await get('/ark:/99999/x6gone?info', 'text/plain')).text();
    expect(text).toContain(`target-capture: urn:pwid:tm.local.test:2024-05-01T10:04:05Z:page:${GONE} `);
    const page = await (await get('/ark:/99999/x6gone?info', 'text/html')).text();
    expect(page).toContain('Captures in web archives, latest first');
  });

  it('without an opt-in, a broken target is redirected to as always', async () => {
    const res = await get('/ark:/99999/x6gone');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(GONE);
  });

  it('archive-page: 404 target-broken, a page for people and a problem for programs, linking the latest capture', async () => {
    expect((await setFallback('ark:/99999/x6', 'archive-page')).status).toBe(200);
    const res = await get('/ark:/99999/x6gone');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('pidgate-fallback')).toBe('archive-page');
    expect(res.headers.get('link')).toContain(`<${GONE}>; rel="original"`);
    const p = (await res.json()) as { code: string; target: string; brokenSince: string; captures: { pwid: string }[] };
    expect([p.code, p.target, p.brokenSince]).toEqual(['target-broken', GONE, '2026-01-15T00:00:00.000Z']);
    expect(p.captures[0]?.pwid).toBe(`urn:pwid:tm.local.test:2024-05-01T10:04:05Z:page:${GONE}`);
    const html = await get('/ark:/99999/x6gone', 'text/html');
    expect(html.status).toBe(404);
    const body = await html.text();
    expect(body).toContain('The target of this identifier is gone');
    expect(body).toContain(`href="${archives.base}/web/20240501100405/${GONE}"`);
    expect(body).toContain('2026-01-15 00:00 UTC');
  });

  it('not broken, or under a shoulder that did not opt in: the normal redirect', async () => {
    const fine = await get('/ark:/99999/x6fine');
    expect([fine.status, fine.headers.get('location'), fine.headers.get('pidgate-fallback')]).toEqual([
      302,
      FINE,
      null,
    ]);
    const other = await get('/ark:/99999/b3gone');
    expect([other.status, other.headers.get('location')]).toEqual([302, GONE]);
  });

  it('archive-redirect: 302 to the latest capture, naming the original and saying it is a fallback', async () => {
    expect((await setFallback('ark:/99999/x6', 'archive-redirect')).status).toBe(200);
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${base}/ark:/99999/x6gone`, { method, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${archives.base}/web/20240501100405/${GONE}`);
      expect(res.headers.get('link')).toContain(`<${GONE}>; rel="original"`);
      expect(res.headers.get('pidgate-fallback')).toMatch(
        /^archive; broken-since="2026-01-15T00:00:00.000Z"; pwid="urn:pwid:tm.local.test:2024-05-01T10:04:05Z:page:/,
      );
    }
  });

  it('with no capture found, never a silent redirect: the page says so', async () => {
    const res = await get('/ark:/99999/x6none', 'text/html');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No web archive this gateway asks holds a capture of it');
    const p = (await (await get('/ark:/99999/x6none')).json()) as { code: string; captures: unknown[] };
    expect([p.code, p.captures]).toEqual(['target-broken', []]);
  });

  it('the admin API reads the setting and refuses bad input with stable codes', async () => {
    const read = await fetch(`${base}/api/v1/shoulders/fallback?shoulder=ark:/99999/x6`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(((await read.json()) as { fallback: string }).fallback).toBe('archive-redirect');
    const bad = await setFallback('ark:/99999/x6', 'archive');
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'invalid-request']);
    const missing = await setFallback('ark:/99999/zz', 'archive-page');
    expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([404, 'not-found']);
    const made = await store.createToken('scoped', ['ark:/99999/b3']);
    if (!made.ok) throw new Error(made.error.message);
    const denied = await setFallback('ark:/99999/x6', 'none', made.value.token);
    expect([denied.status, ((await denied.json()) as { code: string }).code]).toEqual([403, 'out-of-scope']);
    expect((await setFallback('ark:/99999/x6', 'none')).status).toBe(200);
    expect((await get('/ark:/99999/x6gone')).headers.get('location')).toBe(GONE);
  });
});
