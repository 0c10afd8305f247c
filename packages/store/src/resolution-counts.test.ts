import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// Usage statistics' tables (migration 12) on a real SQLite file and, with PIDGATE_TEST_DATABASE_URL, a real
// PostgreSQL schema, where two stores (two gateways) add to the same day.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const dirs: string[] = [];
const stores: Store[] = [];
let n = 0;

async function open(backend: 'sqlite' | 'postgres', shared?: string): Promise<Store> {
  const dir = shared ?? mkdtempSync(join(tmpdir(), 'pidgate-counts-'));
  if (!shared) dirs.push(dir);
  const store =
    backend === 'postgres'
      ? await openStore({ url: url as string, schema: shared ?? `pidgate_counts_${process.pid}_${n++}` })
      : await openStore({ dataDir: dir });
  stores.push(store);
  return store;
}

afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const T0 = '2026-01-01T00:00:00.000Z';

async function seed(store: Store) {
  const item = (key: string, extra: Record<string, unknown> = {}) => ({
    key,
    target: 'https://example.org/',
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  });
  const r = await store.importBindings([
    item('ark:/99999/fk4a', { owner: 'alice' }),
    item('ark:/99999/fk4b', { owner: 'bob' }),
    item('ark:/99999/xyz', { owner: 'alice' }),
  ]);
  if (!r.ok) throw new Error(r.error.message);
}

const backends: ('sqlite' | 'postgres')[] = url ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(backends)('resolution counts (%s)', (backend) => {
  it('adds batches up per key and day, duplicates in one batch included', async () => {
    const store = await open(backend);
    await seed(store);
    const add = await store.addResolutionCounts({
      identifiers: [
        { day: '2026-03-01', key: 'ark:/99999/fk4a', count: 2 },
        { day: '2026-03-01', key: 'ark:/99999/fk4a', count: 3 },
        { day: '2026-03-02', key: 'ark:/99999/fk4a', count: 1 },
        { day: '2026-03-01', key: 'ark:/99999/fk4b', count: 7 },
      ],
      shoulders: [{ day: '2026-03-01', shoulder: 'ark:/99999/fk4', count: 12 }],
    });
    expect(add).toEqual({ ok: true, value: undefined });
    await store.addResolutionCounts({
      identifiers: [{ day: '2026-03-01', key: 'ark:/99999/fk4a', count: 10 }],
      shoulders: [{ day: '2026-03-01', shoulder: 'ark:/99999/fk4', count: 10 }],
    });
    const byDay = await store.resolutionCounts({
      by: 'identifier',
      from: '2026-03-01',
      to: '2026-03-31',
      group: 'day',
    });
    expect(byDay.ok && byDay.value.map((r) => [r.key, r.period, r.count, r.binding?.owner])).toEqual([
      ['ark:/99999/fk4a', '2026-03-01', 15, 'alice'],
      ['ark:/99999/fk4a', '2026-03-02', 1, 'alice'],
      ['ark:/99999/fk4b', '2026-03-01', 7, 'bob'],
    ]);
    const byMonth = await store.resolutionCounts({
      by: 'identifier',
      from: '2026-01-01',
      to: '2026-12-31',
      group: 'month',
    });
    expect(byMonth.ok && byMonth.value.map((r) => [r.key, r.period, r.count])).toEqual([
      ['ark:/99999/fk4a', '2026-03', 16],
      ['ark:/99999/fk4b', '2026-03', 7],
    ]);
    const shoulders = await store.resolutionCounts({
      by: 'shoulder',
      from: '2026-03-01',
      to: '2026-03-01',
      group: 'day',
    });
    expect(shoulders.ok && shoulders.value).toEqual([
      { key: 'ark:/99999/fk4', period: '2026-03-01', count: 22, binding: null },
    ]);
  });

  it('filters by owner, prefix and keys, and pages after a row', async () => {
    const store = await open(backend);
    await seed(store);
    await store.addResolutionCounts({
      identifiers: [
        { day: '2026-03-01', key: 'ark:/99999/fk4a', count: 1 },
        { day: '2026-03-02', key: 'ark:/99999/fk4a', count: 2 },
        { day: '2026-03-01', key: 'ark:/99999/fk4b', count: 3 },
        { day: '2026-03-01', key: 'ark:/99999/xyz', count: 4 },
        { day: '2026-03-01', key: 'ark:/99999/gone', count: 5 },
      ],
      shoulders: [],
    });
    const q = { by: 'identifier', from: '2026-03-01', to: '2026-03-31', group: 'day' } as const;
    const keys = async (extra: object) => {
      const r = await store.resolutionCounts({ ...q, ...extra });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.map((x) => `${x.key} ${x.period}`);
    };
    expect(await keys({ owner: 'alice' })).toEqual([
      'ark:/99999/fk4a 2026-03-01',
      'ark:/99999/fk4a 2026-03-02',
      'ark:/99999/xyz 2026-03-01',
    ]);
    expect(await keys({ prefix: 'ark:/99999/fk4' })).toEqual([
      'ark:/99999/fk4a 2026-03-01',
      'ark:/99999/fk4a 2026-03-02',
      'ark:/99999/fk4b 2026-03-01',
    ]);
    expect(await keys({ keys: ['ark:/99999/xyz', 'ark:/99999/gone'] })).toEqual([
      'ark:/99999/gone 2026-03-01',
      'ark:/99999/xyz 2026-03-01',
    ]);
    expect(await keys({ limit: 2 })).toEqual(['ark:/99999/fk4a 2026-03-01', 'ark:/99999/fk4a 2026-03-02']);
    expect(await keys({ limit: 2, after: { key: 'ark:/99999/fk4a', period: '2026-03-01' } })).toEqual([
      'ark:/99999/fk4a 2026-03-02',
      'ark:/99999/fk4b 2026-03-01',
    ]);
    // A key no binding holds has no owner: an owner filter leaves it out, and it carries no binding.
    const gone = await store.resolutionCounts({ ...q, keys: ['ark:/99999/gone'] });
    expect(gone.ok && gone.value[0]?.binding).toBe(null);
  });

  it('prunes the days before a day, in both tables', async () => {
    const store = await open(backend);
    await store.addResolutionCounts({
      identifiers: [
        { day: '2026-01-01', key: 'k', count: 1 },
        { day: '2026-01-02', key: 'k', count: 1 },
        { day: '2026-01-03', key: 'k', count: 1 },
      ],
      shoulders: [
        { day: '2026-01-01', shoulder: 's', count: 1 },
        { day: '2026-01-03', shoulder: 's', count: 1 },
      ],
    });
    expect(await store.pruneResolutionCounts('2026-01-03')).toEqual({ ok: true, value: 3 });
    const left = await store.resolutionCounts({ by: 'identifier', from: '2000-01-01', to: '2100-01-01', group: 'day' });
    expect(left.ok && left.value.map((r) => r.period)).toEqual(['2026-01-03']);
    const sh = await store.resolutionCounts({ by: 'shoulder', from: '2000-01-01', to: '2100-01-01', group: 'day' });
    expect(sh.ok && sh.value.map((r) => r.period)).toEqual(['2026-01-03']);
  });

  it.each([
    [{ identifiers: [{ day: '2026-02-30', key: 'k', count: 1 }], shoulders: [] }, 'invalid-date'],
    [{ identifiers: [{ day: '2026-02-01', key: '', count: 1 }], shoulders: [] }, 'invalid-key'],
    [{ identifiers: [{ day: '2026-02-01', key: 'k', count: 0 }], shoulders: [] }, 'invalid-count'],
    [{ identifiers: [{ day: '2026-02-01', key: 'k', count: 1.5 }], shoulders: [] }, 'invalid-count'],
    [{ identifiers: [], shoulders: [{ day: 'yesterday', shoulder: 's', count: 1 }] }, 'invalid-date'],
    [{ identifiers: null }, 'invalid-count'],
  ])('refuses a bad batch %j (%s)', async (batch, code) => {
    const store = await open(backend);
    const r = await store.addResolutionCounts(batch as never);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
  });

  it('refuses a bad query or prune day', async () => {
    const store = await open(backend);
    const r = await store.resolutionCounts({ by: 'identifier', from: '2026-13-01', to: '2026-12-31', group: 'day' });
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid-date');
    const p = await store.pruneResolutionCounts('2026-01-01T00:00:00Z');
    expect(p.ok ? 'ok' : p.error.code).toBe('invalid-date');
  });
});

describe.skipIf(!url)('two gateways on one PostgreSQL database', () => {
  it('add to the same day, never overwrite', async () => {
    const schema = `pidgate_counts_shared_${process.pid}`;
    const a = await open('postgres', schema);
    const b = await open('postgres', schema);
    const batch = (count: number) => ({
      identifiers: [{ day: '2026-05-05', key: 'ark:/99999/fk4a', count }],
      shoulders: [{ day: '2026-05-05', shoulder: 'ark:/99999/fk4', count }],
    });
    // At the same time, many times over: every batch is added.
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) writes.push(a.addResolutionCounts(batch(1)), b.addResolutionCounts(batch(2)));
    const results = await Promise.all(writes);
    expect(results.every((r) => (r as { ok: boolean }).ok)).toBe(true);
    const ids = await a.resolutionCounts({ by: 'identifier', from: '2026-05-05', to: '2026-05-05', group: 'day' });
    expect(ids.ok && ids.value.map((r) => r.count)).toEqual([60]);
    const sh = await b.resolutionCounts({ by: 'shoulder', from: '2026-05-05', to: '2026-05-05', group: 'day' });
    expect(sh.ok && sh.value.map((r) => r.count)).toEqual([60]);
  });
});
