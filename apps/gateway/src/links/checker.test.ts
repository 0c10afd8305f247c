import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../config/index.ts';
import { localLookup, startTargetServer, type TargetServer } from '../testing/link-servers.ts';
import { LinkChecker } from './checker.ts';

// The checker over a real SQLite file and local servers, on a clock the test moves (the window rule reads
// it; requests themselves run at once).
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const dirs: string[] = [];
const stores: Store[] = [];
let server: TargetServer;

beforeAll(async () => {
  server = await startTargetServer();
});
afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await server.close();
});

const settings = (links: Record<string, unknown> = {}) =>
  ConfigSchema.parse({ links: { minDelayMs: 0, timeoutMs: 2000, allowPrivateAddresses: true, ...links } }).links;

async function storeWith(targets: Record<string, string>): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-linkcheck-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir });
  stores.push(store);
  const at = new Date(T0).toISOString();
  const r = await store.importBindings(
    Object.entries(targets).map(([key, target]) => ({ key, target, createdAt: at, updatedAt: at })),
  );
  if (!r.ok) throw new Error(r.error.message);
  return store;
}

function clock() {
  let now = T0;
  return { now: () => new Date(now), set: (days: number) => (now = T0 + days * DAY) };
}

describe('the link checker', () => {
  it('checks each distinct target once per pass, whatever number of identifiers share it', async () => {
    const store = await storeWith({
      'ark:/99999/s1': `${server.origin}/t/shared`,
      'ark:/99999/s2': `${server.origin}/t/shared`,
      'ark:/99999/s3': `${server.origin}/t/shared`,
      'ark:/99999/o1': `${server.origin}/t/own`,
    });
    const c = clock();
    const checker = new LinkChecker({ store, settings: settings(), baseUrl: null, clock: c.now });
    const report = await checker.pass();
    expect(report).toMatchObject({ leader: true, added: 2, checked: 2, byClass: { ok: 2 } });
    expect(server.hitsOf('/t/shared')).toBe(1);
    // Not due again in the same round.
    expect((await checker.pass()).checked).toBe(0);
    expect(server.hitsOf('/t/shared')).toBe(1);
    c.set(31);
    expect((await checker.pass()).checked).toBe(2);
    expect(server.hitsOf('/t/shared')).toBe(2);
  });

  it('marks a dead target broken only after the window, and reports it with its identifiers', async () => {
    // The server that answers 429 with Retry-After: 120 gets nothing more for two minutes (here: the pass).
    const limited = await startTargetServer();
    const store = await storeWith({
      'ark:/99999/d1': `${server.origin}/410`,
      'ark:/99999/d2': `${server.origin}/410`,
      'ark:/99999/f1': `${server.origin}/flap`,
      'ark:/99999/l1': `${limited.origin}/429`,
      'ark:/99999/l2': `${limited.origin}/ok`,
    });
    const c = clock();
    const checker = new LinkChecker({ store, settings: settings(), baseUrl: null, clock: c.now });
    await checker.pass();
    const state = async (path: string) => {
      const t = await store.links.get(`${server.origin}${path}`);
      if (!t.ok) throw new Error(t.error.message);
      return t.value;
    };
    expect(await state('/410')).toMatchObject({ state: 'failing', failures: 1, lastClass: 'client-error' });
    for (const d of [1, 6]) {
      c.set(d);
      await checker.pass();
    }
    // Not due before day 7: still one failure.
    expect((await state('/410')).failures).toBe(1);
    c.set(7);
    await checker.pass();
    expect(await state('/410')).toMatchObject({ state: 'failing', failures: 2 });
    const failing = await store.links.report();
    expect(failing.ok && failing.value.map((r) => r.target)).toEqual([`${server.origin}/410`]);
    expect((await store.links.report({ broken: true })).ok && (await store.links.report({ broken: true }))).toEqual({
      ok: true,
      value: [],
    });
    c.set(14);
    await checker.pass();
    expect(await state('/410')).toMatchObject({
      state: 'broken',
      failures: 3,
      firstFailureAt: new Date(T0).toISOString(),
      brokenAt: new Date(T0 + 14 * DAY).toISOString(),
    });
    const broken = await store.links.report({ broken: true });
    expect(broken.ok && broken.value.map((r) => [r.target, r.identifiers.map((i) => i.key)])).toEqual([
      [`${server.origin}/410`, ['ark:/99999/d1', 'ark:/99999/d2']],
    ]);
    // 503 one check, 200 the next; 429 always: neither ever failed.
    expect((await state('/flap')).failures).toBe(0);
    expect((await state('/flap')).state).not.toBe('failing');
    const lim = await store.links.get(`${limited.origin}/429`);
    expect(lim.ok && lim.value).toMatchObject({ state: 'unchecked', failures: 0, lastClass: 'try-later' });
    // Asked once: its Retry-After (120 s, real time) holds the host; each later pass asked nothing of it.
    expect(limited.hitsOf('/429')).toBe(1);
    const held = await store.links.history(`${limited.origin}/429`);
    expect(held.ok && held.value.map((h) => [h.class, h.status])).toEqual([
      ['try-later', null],
      ['try-later', null],
      ['try-later', null],
      ['try-later', null],
      ['try-later', 429],
    ]);
    expect(held.ok && held.value[0]?.detail).toContain('asked to be left alone');
    await limited.close();
    const history = await store.links.history(`${server.origin}/410`);
    expect(history.ok && history.value.map((h) => h.class)).toEqual(['client-error', 'client-error', 'client-error']);
    const flaps = await store.links.history(`${server.origin}/flap`);
    expect(flaps.ok && new Set(flaps.value.map((h) => h.class))).toEqual(new Set(['try-later', 'ok']));
  });

  it('clears a broken target as soon as it answers again', async () => {
    const other = await startTargetServer();
    const store = await storeWith({ 'ark:/99999/back': `http://back.test:${other.port}/ok` });
    // The name does not resolve at first (as if the domain lapsed), then does.
    let resolves = false;
    const known = localLookup(['back.test']);
    const unknown = localLookup([]);
    const lookup = ((...args: Parameters<typeof known>) =>
      (resolves ? known : unknown)(...args)) as unknown as typeof known;
    const c = clock();
    const checker = new LinkChecker({ store, settings: settings(), baseUrl: null, clock: c.now, lookup });
    for (const d of [0, 7, 14]) {
      c.set(d);
      await checker.pass();
    }
    const target = `http://back.test:${other.port}/ok`;
    const broken = await store.links.get(target);
    expect(broken.ok && broken.value).toMatchObject({ state: 'broken', lastClass: 'dns' });
    resolves = true;
    c.set(44);
    await checker.pass();
    const back = await store.links.get(target);
    expect(back.ok && back.value).toMatchObject({ state: 'ok', failures: 0, brokenAt: null, firstFailureAt: null });
    expect((await store.links.report()).ok && (await store.links.report())).toEqual({ ok: true, value: [] });
    await other.close();
  });

  it('is polite: never more than perHost requests at once to one host', async () => {
    const polite = await startTargetServer();
    const targets: Record<string, string> = {};
    for (let i = 0; i < 24; i++) targets[`ark:/99999/p${i}`] = `${polite.origin}/t/${i}`;
    const store = await storeWith(targets);
    const checker = new LinkChecker({
      store,
      settings: settings({ perHost: 2, concurrency: 24 }),
      baseUrl: null,
      clock: clock().now,
    });
    const report = await checker.pass();
    expect(report.checked).toBe(24);
    // Each request is held 50 ms, and 24 were ready at once: the limit, not the supply, kept it at 2.
    expect(polite.peak.value).toBe(2);
    await polite.close();
  });

  it('spaces the starts of requests to one host by minDelayMs', async () => {
    const spaced = await startTargetServer();
    const starts: number[] = [];
    const store = await storeWith(
      Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`ark:/99999/m${i}`, `${spaced.origin}/ok?${i}`])),
    );
    const checker = new LinkChecker({
      store,
      settings: settings({ perHost: 4, minDelayMs: 200 }),
      baseUrl: null,
      clock: clock().now,
    });
    const before = Date.now();
    await checker.pass();
    starts.push(Date.now() - before);
    // Four starts at least 200 ms apart: at least 600 ms in all (a floor, not a budget).
    expect(starts[0]).toBeGreaterThanOrEqual(600);
    await spaced.close();
  });

  it('on SQLite, lets one instance check: the other one skips its pass', async () => {
    const store = await storeWith({ 'ark:/99999/one': `${server.origin}/t/leader` });
    const a = new LinkChecker({ store, settings: settings(), baseUrl: null, holder: 'a' });
    const b = new LinkChecker({ store, settings: settings(), baseUrl: null, holder: 'b' });
    expect((await a.pass()).leader).toBe(true);
    expect(await b.pass()).toMatchObject({ leader: false, checked: 0 });
  });

  it('stops at once: a request in flight is cut off and not recorded', async () => {
    const store = await storeWith({ 'ark:/99999/hang': `${server.origin}/slow-headers` });
    const checker = new LinkChecker({ store, settings: settings({ timeoutMs: 60_000 }), baseUrl: null });
    const pass = checker.pass();
    while (checker.active === 0) await new Promise((r) => setTimeout(r, 5));
    await checker.stop();
    const report = await pass;
    expect(report.checked).toBe(0);
    const t = await store.links.get(`${server.origin}/slow-headers`);
    expect(t.ok && t.value.checks).toBe(0);
  });
});
