import { openStore, type Store } from '@pidgate/store';
import { afterEach, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { createApp } from '../app.ts';
import type { ConfigInput } from '../config/index.ts';
import { createDeps } from '../deps.ts';
import { startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { TEST_DATABASE_URL, testStore } from '../testing/store.ts';
import { ResolutionCounter } from './counter.ts';
import { StatsFlusher } from './flusher.ts';
import { ShoulderIndex } from './shoulders.ts';

// Usage statistics: the in-memory counter (controllable clock), the pipeline's count, the flush to a real
// SQLite file (and a real PostgreSQL: two gateways adding to one day), the flush at shutdown over a real
// socket, the cap, and retention pruning.

const DAY = 86_400_000;
const T = Date.parse('2026-06-10T23:59:59.000Z');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

async function bound(backend: 'sqlite' | 'postgres' = 'sqlite', existing?: Store, seed = true) {
  const opened = existing ? null : await testStore(backend);
  const store = existing ?? (opened as { store: Store }).store;
  if (opened) closers.push(opened.close);
  const deps = await createDeps(testConfig(), { registry: allSchemes, store });
  if (seed) {
    const made = await declareShoulder(store, deps.registry, deps.config.profile, {
      shoulder: 'ark:/99999/fk4',
      template: 'fk4.reeddk',
      naanName: 'Test',
    });
    if (!made.ok) throw new Error(made.error.message);
    const at = '2026-01-01T00:00:00.000Z';
    const r = await store.importBindings([
      { key: 'ark:/99999/fk4a', target: 'https://example.org/a', createdAt: at, updatedAt: at },
      { key: 'ark:/99999/fk4b', target: 'https://example.org/b', createdAt: at, updatedAt: at },
      { key: 'ark:/99999/other', target: 'https://example.org/o', createdAt: at, updatedAt: at },
    ]);
    if (!r.ok) throw new Error(r.error.message);
    await deps.own?.refresh();
  }
  return { store, deps, app: createApp(deps) };
}

const all = { from: '2000-01-01', to: '2100-01-01', group: 'day' } as const;
async function counts(store: Store, by: 'identifier' | 'shoulder') {
  const r = await store.resolutionCounts({ by, ...all });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.map((x) => `${x.key} ${x.period} ${x.count}`);
}

describe('the counter', () => {
  it('counts per key and UTC day, and sets a day aside whole when the clock passes midnight', () => {
    let now = T;
    const c = new ResolutionCounter({ maxKeys: 10, now: () => now });
    c.count('a');
    c.count('a');
    c.count('b');
    now = T + 2000; // 2026-06-11T00:00:01Z
    c.count('a');
    const taken = c.take();
    expect(taken.map((d) => [d.day, [...d.counts]])).toEqual([
      [
        '2026-06-10',
        [
          ['a', 2],
          ['b', 1],
        ],
      ],
      ['2026-06-11', [['a', 1]]],
    ]);
    expect(c.take()).toEqual([]);
  });

  it('holds at most maxKeys distinct keys between two takes; past it new keys are dropped, known ones still count', () => {
    const c = new ResolutionCounter({ maxKeys: 2, now: () => T });
    for (const k of ['a', 'b', 'c', 'a', 'd', 'b', 'a']) c.count(k);
    expect(c.dropped).toBe(2);
    expect(c.size).toBe(2);
    expect([...(c.take()[0]?.counts ?? [])]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    // After a take (a flush) there is room again.
    c.count('c');
    expect(c.dropped).toBe(2);
    expect([...(c.take()[0]?.counts ?? [])]).toEqual([['c', 1]]);
  });

  it('finds the longest shoulder a key starts with', () => {
    const index = new ShoulderIndex(['ark:/99999/fk4', 'ark:/99999/fk', 'ark:/12345/x']);
    expect(index.of('ark:/99999/fk4abc')).toBe('ark:/99999/fk4');
    expect(index.of('ark:/99999/fk5abc')).toBe('ark:/99999/fk');
    expect(index.of('ark:/99999/f')).toBe(null);
  });
});

describe('counting resolutions (real SQLite file)', () => {
  it('counts redirects through bindings under the binding and its shoulder, nothing else', async () => {
    const { store, deps, app } = await bound();
    const paths = [
      '/ark:/99999/fk4a', // binding
      '/ark:/99999/fk4a', // binding
      '/ark:/99999/fk4a/page.pdf', // suffix passthrough: the bound ancestor
      '/ark:/99999/fk4b',
      '/ark:/99999/other', // a binding under no shoulder
      '/ark:/99999/fk4a?info', // a description, not a resolution
      '/ark:/99999/fk4zzz', // not bound: a miss
      '/ark:/12025/654xz321', // found through the NAAN table, not a binding of this gateway
    ];
    for (const p of paths) await app.request(p);
    // The batch API and the lookup form are no readers following an identifier.
    await app.request('/api/v1/resolve', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(['ark:/99999/fk4a']),
    });
    const flusher = new StatsFlusher({
      store,
      counter: deps.tally as ResolutionCounter,
      flushSeconds: 60,
      retentionDays: 0,
      maxKeys: 100,
    });
    const report = await flusher.flush();
    expect(report.written).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await counts(store, 'identifier')).toEqual([
      `ark:/99999/fk4a ${today} 3`,
      `ark:/99999/fk4b ${today} 1`,
      `ark:/99999/other ${today} 1`,
    ]);
    expect(await counts(store, 'shoulder')).toEqual([`ark:/99999/fk4 ${today} 4`]);
    // A second flush adds to the same day.
    await app.request('/ark:/99999/fk4b');
    await flusher.flush();
    expect(await counts(store, 'identifier')).toContain(`ark:/99999/fk4b ${today} 2`);
  });

  it('counts nothing with stats.enabled off', async () => {
    const opened = await testStore();
    closers.push(opened.close);
    const deps = await createDeps(testConfig({ stats: { enabled: false } } as ConfigInput), {
      registry: allSchemes,
      store: opened.store,
    });
    expect(deps.tally).toBe(null);
  });

  it('prunes the days past retentionDays once a day, with a controllable clock', async () => {
    const { store, deps } = await bound();
    await store.addResolutionCounts({
      identifiers: [
        { day: '2026-06-01', key: 'ark:/99999/fk4a', count: 1 },
        { day: '2026-06-02', key: 'ark:/99999/fk4a', count: 1 },
        { day: '2026-06-03', key: 'ark:/99999/fk4a', count: 1 },
      ],
      shoulders: [{ day: '2026-06-01', shoulder: 'ark:/99999/fk4', count: 1 }],
    });
    let now = Date.parse('2026-06-04T12:00:00Z');
    const flusher = new StatsFlusher({
      store,
      counter: deps.tally as ResolutionCounter,
      flushSeconds: 60,
      retentionDays: 2, // today and yesterday
      maxKeys: 100,
      now: () => now,
    });
    // Two identifier days and one shoulder day before 2026-06-03.
    expect((await flusher.flush()).pruned).toBe(3);
    expect(await counts(store, 'identifier')).toEqual(['ark:/99999/fk4a 2026-06-03 1']);
    // The same day again: retention has run today already.
    now += 3_600_000;
    expect((await flusher.flush()).pruned).toBe(null);
    now += DAY;
    expect((await flusher.flush()).pruned).toBe(1);
    expect(await counts(store, 'identifier')).toEqual([]);
  });

  it('keeps a batch the store refused and sends it with the next', async () => {
    const { store } = await bound();
    const counter = new ResolutionCounter({ maxKeys: 100 });
    let refuse = true;
    const flaky = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'addResolutionCounts' && refuse)
          return async () => ({ ok: false, error: { code: 'storage-error', message: 'down' } });
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const flusher = new StatsFlusher({ store: flaky, counter, flushSeconds: 60, retentionDays: 0, maxKeys: 100 });
    counter.count('ark:/99999/fk4a');
    expect((await flusher.flush()).written).toBe(false);
    refuse = false;
    counter.count('ark:/99999/fk4a');
    expect((await flusher.flush()).written).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await counts(store, 'identifier')).toEqual([`ark:/99999/fk4a ${today} 2`]);
    expect(flusher.totals).toEqual({ flushes: 2, failures: 1, dropped: 0 });
  });

  it('writes the counts at shutdown (real socket), and /metrics tells what the cap dropped', async () => {
    const opened = await testStore();
    closers.push(opened.close);
    const store = opened.store;
    const config = testConfig({ host: '127.0.0.1', port: 0, stats: { flushSeconds: 3600, maxKeys: 1 } } as ConfigInput);
    const deps = await createDeps(config, { registry: allSchemes, store });
    const at = '2026-01-01T00:00:00.000Z';
    await store.importBindings([
      { key: 'ark:/99999/fk4a', target: 'https://example.org/a', createdAt: at, updatedAt: at },
      { key: 'ark:/99999/fk4b', target: 'https://example.org/b', createdAt: at, updatedAt: at },
    ]);
    const server = await startServer({ config, deps });
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${server.url}ark:/99999/fk4a`, { redirect: 'manual' });
      expect(r.status).toBe(302);
    }
    await fetch(`${server.url}ark:/99999/fk4b`, { redirect: 'manual' });
    const metrics = await (await fetch(new URL('metrics', server.url))).text();
    expect(metrics).toContain('pidgate_stats_dropped_total 1');
    // Nothing was written yet (the flush is an hour away): shutdown writes it.
    expect(await counts(store, 'identifier')).toEqual([]);
    await server.close();
    const today = new Date().toISOString().slice(0, 10);
    expect(await counts(store, 'identifier')).toEqual([`ark:/99999/fk4a ${today} 5`]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('two gateways on one PostgreSQL', () => {
  it('add their counts to the same day', async () => {
    // Two gateways: each its own store (connection pool) on the same schema.
    const schema = `pidgate_stats_${process.pid}_${Date.now()}`;
    const first = await openStore({ url: TEST_DATABASE_URL as string, schema });
    const second = await openStore({ url: TEST_DATABASE_URL as string, schema });
    closers.push(
      () => first.close(),
      () => second.close(),
    );
    const one = await bound('postgres', first, true);
    const two = await bound('postgres', second, false);
    for (let i = 0; i < 3; i++) await one.app.request('/ark:/99999/fk4a');
    for (let i = 0; i < 4; i++) await two.app.request('/ark:/99999/fk4a');
    const flush = (g: typeof one) =>
      new StatsFlusher({
        store: g.store,
        counter: g.deps.tally as ResolutionCounter,
        flushSeconds: 60,
        retentionDays: 0,
        maxKeys: 100,
      }).flush();
    await Promise.all([flush(one), flush(two)]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await counts(second, 'identifier')).toEqual([`ark:/99999/fk4a ${today} 7`]);
    expect(await counts(first, 'shoulder')).toEqual([`ark:/99999/fk4 ${today} 7`]);
  });
});
