import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { err } from '@pidgate/core';
import { type LinkChecks, type LinkResult, openStore, type Store } from '@pidgate/store';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../config/index.ts';
import { startTargetServer, type TargetServer } from '../testing/link-servers.ts';
import { LinkChecker } from './checker.ts';

// The checker writes its results in batches (`links.batchSize`): every result is kept (rows counted in the
// real SQLite file), and a crash before a batch is written loses that batch only, whose targets the next
// checker takes over when their leases run out.
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
  ConfigSchema.parse({ links: { minDelayMs: 0, timeoutMs: 2000, perHost: 4, allowPrivateAddresses: true, ...links } })
    .links;

async function storeWith(count: number): Promise<{ store: Store; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-linkbatch-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir });
  stores.push(store);
  const at = new Date(T0).toISOString();
  const r = await store.importBindings(
    Array.from({ length: count }, (_, i) => ({
      key: `ark:/99999/k${i}`,
      target: `${server.origin}/${i % 3 === 0 ? '404' : 'ok'}?${i}`,
      createdAt: at,
      updatedAt: at,
    })),
  );
  if (!r.ok) throw new Error(r.error.message);
  return { store, file: join(dir, 'pidgate.sqlite') };
}

function count(file: string, sql: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The store with `store.links.finishMany` replaced (the rest as it is). */
function withLinks(store: Store, finishMany: LinkChecks['finishMany']): Store {
  const links: LinkChecks = { ...store.links, finishMany };
  return new Proxy(store, {
    get(target, key) {
      if (key === 'links') return links;
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

describe('the checker writes in batches', () => {
  it('keeps every result: one history row per check in the SQLite file, in batches of at most batchSize', async () => {
    const { store, file } = await storeWith(30);
    const sizes: number[] = [];
    const counting = withLinks(store, (holder, results, keep) => {
      sizes.push(results.length);
      return store.links.finishMany(holder, results, keep);
    });
    const c = { now: () => new Date(T0) };
    const checker = new LinkChecker({
      store: counting,
      settings: settings({ batchSize: 7, concurrency: 8 }),
      baseUrl: null,
      clock: c.now,
    });
    const report = await checker.pass();
    expect(report).toMatchObject({ checked: 30, unrecorded: 0, byClass: { ok: 20, 'client-error': 10 } });
    expect(count(file, 'SELECT COUNT(*) AS n FROM link_checks')).toBe(30);
    expect(count(file, "SELECT COUNT(*) AS n FROM link_targets WHERE state = 'failing'")).toBe(10);
    expect(count(file, 'SELECT COUNT(*) AS n FROM link_targets WHERE lease_holder IS NOT NULL')).toBe(0);
    // Batched: fewer transactions than checks, none larger than the batch, together every check.
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(30);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(7);
    expect(sizes.length).toBeLessThan(30);
  });

  it('with batchSize 0 writes each check on its own (no batch)', async () => {
    const { store, file } = await storeWith(6);
    let batches = 0;
    const counting = withLinks(store, (holder, results, keep) => {
      batches++;
      return store.links.finishMany(holder, results, keep);
    });
    const checker = new LinkChecker({ store: counting, settings: settings({ batchSize: 0 }), baseUrl: null });
    expect((await checker.pass()).checked).toBe(6);
    expect(batches).toBe(0);
    expect(count(file, 'SELECT COUNT(*) AS n FROM link_checks')).toBe(6);
  });

  it('a crash before a batch is written loses that batch only; the next checker checks its targets again', async () => {
    const { store, file } = await storeWith(20);
    let calls = 0;
    const lost: LinkResult[] = [];
    // The first batch is written; then the process "dies": nothing more reaches the database.
    const crashing = withLinks(store, (holder, results, keep) => {
      calls++;
      if (calls === 1) return store.links.finishMany(holder, results, keep);
      lost.push(...results);
      return Promise.resolve(err('storage-error', 'the process died'));
    });
    let now = T0;
    const clock = () => new Date(now);
    const first = new LinkChecker({
      store: crashing,
      settings: settings({ batchSize: 5, concurrency: 5 }),
      baseUrl: null,
      clock,
      holder: 'first',
    });
    const r1 = await first.pass();
    expect(r1.checked).toBe(5);
    expect(r1.unrecorded).toBe(15);
    expect(lost).toHaveLength(15);
    expect(count(file, 'SELECT COUNT(*) AS n FROM link_checks')).toBe(5);
    // Its leases hold the lost targets until they run out; then another checker takes exactly those.
    const second = new LinkChecker({
      store,
      settings: settings({ batchSize: 5, concurrency: 5 }),
      baseUrl: null,
      clock,
      holder: 'second',
    });
    expect((await second.pass({ sync: false })).checked).toBe(0);
    now = T0 + DAY;
    const r2 = await second.pass({ sync: false });
    expect(r2.checked).toBe(15);
    expect(count(file, 'SELECT COUNT(*) AS n FROM link_checks')).toBe(20);
    expect(count(file, 'SELECT COUNT(DISTINCT target) AS n FROM link_checks')).toBe(20);
  });
});
