import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LinkResult, LinkTarget } from './links.ts';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// Link checking's tables (migration 10) on a real SQLite file and, with PIDGATE_TEST_DATABASE_URL, a real
// PostgreSQL schema.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const dirs: string[] = [];
const stores: Store[] = [];
let n = 0;

async function open(backend: 'sqlite' | 'postgres'): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-links-'));
  dirs.push(dir);
  const store =
    backend === 'postgres'
      ? await openStore({ url: url as string, schema: `pidgate_links_${process.pid}_${n++}` })
      : await openStore({ dataDir: dir });
  stores.push(store);
  return store;
}

afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const T0 = '2026-01-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

async function seed(store: Store) {
  const item = (key: string, target: string, extra: Record<string, unknown> = {}) => ({
    key,
    target,
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  });
  const r = await store.importBindings([
    item('ark:/99999/a1', 'https://one.example/', { owner: 'alice' }),
    item('ark:/99999/a2', 'https://one.example/', { owner: 'bob' }),
    item('ark:/99999/b1', 'https://two.example/x', { owner: 'alice' }),
    item('ark:/99999/r1', 'https://reserved.example/', { identifierStatus: 'reserved' }),
    item('ark:/99999/u1', 'https://unavailable.example/', { identifierStatus: 'unavailable' }),
  ]);
  if (!r.ok) throw new Error(r.error.message);
}

function failed(target: LinkTarget, now: string, state: 'failing' | 'broken' = 'failing'): LinkResult {
  return {
    state,
    firstFailureAt: target.firstFailureAt ?? now,
    lastFailureAt: now,
    failures: target.failures + 1,
    brokenAt: state === 'broken' ? now : null,
    dueAt: at(60 * 24),
    check: {
      target: target.target,
      at: now,
      class: 'client-error',
      status: 404,
      finalUrl: target.target,
      chain: [{ url: target.target, method: 'GET', status: 404 }],
      durationMs: 3,
      detail: 'HTTP 404',
    },
  };
}

describe.each(url ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('link checks (%s)', (backend) => {
  it('keep one row per distinct target of live public identifiers, added and dropped by sync', async () => {
    const store = await open(backend);
    await seed(store);
    const first = await store.links.sync(T0);
    expect(first.ok && first.value).toEqual({ added: 2, removed: 0 });
    expect(await store.links.count()).toEqual({ ok: true, value: 2 });
    const again = await store.links.sync(at(1));
    expect(again.ok && again.value).toEqual({ added: 0, removed: 0 });
    await store.deleteBinding('ark:/99999/b1', 'cli');
    const after = await store.links.sync(at(2));
    expect(after.ok && after.value).toEqual({ added: 0, removed: 1 });
    const left = await store.links.get('https://one.example/');
    expect(left.ok && left.value).toMatchObject({ state: 'unchecked', dueAt: T0, checks: 0 });
  });

  it('lease a due target to one holder until the lease runs out', async () => {
    const store = await open(backend);
    await seed(store);
    await store.links.sync(T0);
    const a = await store.links.claim('a', 10, at(1), 60);
    expect(a.ok && a.value.map((t) => t.target)).toEqual(['https://one.example/', 'https://two.example/x']);
    const b = await store.links.claim('b', 10, at(1.5), 60);
    expect(b.ok && b.value).toEqual([]);
    // a's lease ran out (it died): b takes the targets over, and a can no longer record them.
    const late = await store.links.claim('b', 1, at(3), 60);
    expect(late.ok && late.value).toHaveLength(1);
    const target = (late.ok && late.value[0]) as LinkTarget;
    const other = target.target === 'https://one.example/' ? 'https://two.example/x' : 'https://one.example/';
    const lost = await store.links.finish('a', failed(target, at(3)), 5);
    expect(lost.ok ? 'ok' : lost.error.code).toBe('not-found');
    expect((await store.links.finish('b', failed(target, at(3)), 5)).ok).toBe(true);
    const got = await store.links.get(target.target);
    expect(got.ok && got.value).toMatchObject({
      state: 'failing',
      lastClass: 'client-error',
      lastStatus: 404,
      failures: 1,
      firstFailureAt: at(3),
      dueAt: at(60 * 24),
      checks: 1,
    });
    // Not due again before its due time.
    const none = await store.links.claim('b', 10, at(10), 60);
    expect(none.ok && none.value.map((t) => t.target)).toEqual([other]);
  });

  it('keep the last N checks of a target, newest first', async () => {
    const store = await open(backend);
    await seed(store);
    await store.links.sync(T0);
    for (let i = 0; i < 5; i++) {
      const now = at(10 * i + 1);
      const claimed = await store.links.claim('a', 10, at(60 * 24 * i), 60);
      const target = (claimed.ok && claimed.value.find((t) => t.target === 'https://one.example/')) as LinkTarget;
      const result = failed(target, now);
      expect((await store.links.finish('a', { ...result, dueAt: at(60 * 24 * (i + 1)) }, 3)).ok).toBe(true);
    }
    const history = await store.links.history('https://one.example/');
    expect(history.ok && history.value.map((c) => c.at)).toEqual([at(41), at(31), at(21)]);
    expect(history.ok && history.value[0]?.chain).toEqual([
      { url: 'https://one.example/', method: 'GET', status: 404 },
    ]);
  });

  it('report failing targets with their identifiers, filtered by owner, prefix, class and state', async () => {
    const store = await open(backend);
    await seed(store);
    await store.links.sync(T0);
    const claimed = await store.links.claim('a', 10, at(1), 60);
    if (!claimed.ok) throw new Error('claim');
    const [one, two] = claimed.value as [LinkTarget, LinkTarget];
    await store.links.finish('a', failed(one, at(2), 'broken'), 5);
    await store.links.finish('a', failed(two, at(3)), 5);
    const all = await store.links.report();
    expect(all.ok && all.value.map((r) => [r.target, r.state, r.identifiers.map((i) => i.key)])).toEqual([
      ['https://one.example/', 'broken', ['ark:/99999/a1', 'ark:/99999/a2']],
      ['https://two.example/x', 'failing', ['ark:/99999/b1']],
    ]);
    const broken = await store.links.report({ broken: true });
    expect(broken.ok && broken.value.map((r) => r.target)).toEqual(['https://one.example/']);
    const bob = await store.links.report({ owner: 'bob' });
    expect(bob.ok && bob.value.map((r) => [r.target, r.identifiers.map((i) => i.key)])).toEqual([
      ['https://one.example/', ['ark:/99999/a2']],
    ]);
    const prefixed = await store.links.report({ prefix: 'ark:/99999/b', class: 'client-error' });
    expect(prefixed.ok && prefixed.value.map((r) => r.target)).toEqual(['https://two.example/x']);
    const old = await store.links.report({ failingSince: at(2) });
    expect(old.ok && old.value.map((r) => r.target)).toEqual(['https://one.example/']);
    const page1 = await store.links.report({ limit: 1 });
    expect(page1.ok && page1.value.map((r) => r.target)).toEqual(['https://one.example/']);
    const page2 = await store.links.report({ limit: 1, after: 'https://one.example/' });
    expect(page2.ok && page2.value.map((r) => r.target)).toEqual(['https://two.example/x']);
    const page3 = await store.links.report({ limit: 1, after: 'https://two.example/x' });
    expect(page3.ok && page3.value).toEqual([]);
    const bad = await store.links.report({ class: 'nonsense' as never });
    expect(bad.ok ? 'ok' : bad.error.code).toBe('invalid-binding');
  });

  it('tally the targets by state and last class in one GROUP BY', async () => {
    const store = await open(backend);
    await seed(store);
    await store.links.sync(T0);
    const claimed = await store.links.claim('a', 1, at(1), 60);
    if (!claimed.ok) throw new Error('claim');
    await store.links.finish('a', failed(claimed.value[0] as LinkTarget, at(2)), 5);
    const tally = await store.links.tally();
    expect(tally.ok && tally.value).toEqual([
      { state: 'failing', class: 'client-error', count: 1 },
      { state: 'unchecked', class: null, count: 1 },
    ]);
  });

  it('give a named lease to one holder at a time', async () => {
    const store = await open(backend);
    expect(await store.links.lead('checker', 'a', at(0), 60)).toEqual({ ok: true, value: true });
    expect(await store.links.lead('checker', 'b', at(0.5), 60)).toEqual({ ok: true, value: false });
    expect(await store.links.lead('checker', 'a', at(0.9), 60)).toEqual({ ok: true, value: true });
    expect(await store.links.lead('checker', 'b', at(1.5), 60)).toEqual({ ok: true, value: false });
    expect(await store.links.lead('checker', 'b', at(2), 60)).toEqual({ ok: true, value: true });
  });
});
