import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { LinkResult, LinkTarget } from './links.ts';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// `store.links.finishMany`: a batch of check results in one transaction, on a real SQLite file (its rows
// counted with a second connection to the file) and, with PIDGATE_TEST_DATABASE_URL, a real PostgreSQL.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const dirs: string[] = [];
const stores: Store[] = [];
let n = 0;

async function open(backend: 'sqlite' | 'postgres'): Promise<{ store: Store; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-links-batch-'));
  dirs.push(dir);
  const store =
    backend === 'postgres'
      ? await openStore({ url: url as string, schema: `pidgate_links_batch_${process.pid}_${n++}` })
      : await openStore({ dataDir: dir });
  stores.push(store);
  return { store, dir };
}

afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const T0 = '2026-01-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

async function seed(store: Store, count: number) {
  const r = await store.importBindings(
    Array.from({ length: count }, (_, i) => ({
      key: `ark:/99999/m${i}`,
      target: `https://h${i % 7}.example/${i}`,
      createdAt: T0,
      updatedAt: T0,
    })),
  );
  if (!r.ok) throw new Error(r.error.message);
  const synced = await store.links.sync(T0);
  if (!synced.ok) throw new Error(synced.error.message);
}

function result(target: LinkTarget, now: string, cls: 'ok' | 'client-error'): LinkResult {
  const failed = cls !== 'ok';
  return {
    state: failed ? 'failing' : 'ok',
    firstFailureAt: failed ? (target.firstFailureAt ?? now) : null,
    lastFailureAt: failed ? now : null,
    failures: failed ? target.failures + 1 : 0,
    brokenAt: null,
    dueAt: at(1),
    check: {
      target: target.target,
      at: now,
      class: cls,
      status: failed ? 404 : 200,
      finalUrl: `${target.target}#final`,
      chain: [{ url: target.target, method: 'HEAD', status: failed ? 404 : 200 }],
      durationMs: 2,
      detail: failed ? 'HTTP 404' : 'HTTP 200',
    },
  };
}

describe.each(url ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('finishMany (%s)', (backend) => {
  it('writes every result of a batch: one history row and one state per target', async () => {
    const { store, dir } = await open(backend);
    await seed(store, 250);
    const claimed = await store.links.claim('a', 1000, T0, 600);
    if (!claimed.ok) throw new Error(claimed.error.message);
    expect(claimed.value).toHaveLength(250);
    const written = await store.links.finishMany(
      'a',
      claimed.value.map((t, i) => result(t, T0, i % 5 === 0 ? 'client-error' : 'ok')),
      20,
    );
    expect(written.ok && written.value.every((w) => w.ok)).toBe(true);
    if (backend === 'sqlite') {
      // Counted in the file itself, through a connection of its own.
      const db = new Database(join(dir, 'pidgate.sqlite'), { readonly: true });
      const checks = db.prepare('SELECT COUNT(*) AS n FROM link_checks').get() as { n: number };
      const failing = db.prepare("SELECT COUNT(*) AS n FROM link_targets WHERE state = 'failing'").get() as {
        n: number;
      };
      const leased = db.prepare('SELECT COUNT(*) AS n FROM link_targets WHERE lease_holder IS NOT NULL').get() as {
        n: number;
      };
      db.close();
      expect(checks.n).toBe(250);
      expect(failing.n).toBe(50);
      expect(leased.n).toBe(0);
    }
    const one = await store.links.get('https://h0.example/0');
    expect(one.ok && one.value).toMatchObject({ state: 'failing', failures: 1, checks: 1, firstFailureAt: T0 });
    const history = await store.links.history('https://h0.example/0');
    expect(history.ok && history.value.map((c) => c.finalUrl)).toEqual(['https://h0.example/0#final']);
  });

  it('keeps the history bound, and leaves out (only) the results whose lease was lost or that are invalid', async () => {
    const { store } = await open(backend);
    await seed(store, 3);
    for (let round = 0; round < 5; round++) {
      const claimed = await store.links.claim('a', 10, at(round + 1), 30);
      if (!claimed.ok) throw new Error(claimed.error.message);
      const results = claimed.value.map((t) => ({ ...result(t, at(round + 1), 'client-error'), dueAt: at(round + 2) }));
      const written = await store.links.finishMany('a', results, 3);
      expect(written.ok && written.value.map((w) => w.ok)).toEqual([true, true, true]);
    }
    const history = await store.links.history('https://h1.example/1');
    expect(history.ok && history.value.map((c) => c.at)).toEqual([at(5), at(4), at(3)]);
    const target = await store.links.get('https://h1.example/1');
    expect(target.ok && target.value).toMatchObject({ failures: 5, checks: 5, firstFailureAt: at(1) });

    // b holds one target; a's result for it is refused, the others of a's batch are written.
    const claimed = await store.links.claim('a', 10, at(10), 30);
    if (!claimed.ok) throw new Error(claimed.error.message);
    const [t0, t1, t2] = claimed.value as [LinkTarget, LinkTarget, LinkTarget];
    const stolen = await store.links.claim('b', 10, at(10 + 31), 30); // a's leases ran out: b takes all three
    expect(stolen.ok && stolen.value).toHaveLength(3);
    const b = await store.links.finishMany('b', [result(t1, at(42), 'ok'), result(t2, at(42), 'ok')], 3);
    expect(b.ok && b.value.map((w) => w.ok)).toEqual([true, true]);
    const bad = { ...result(t2, at(43), 'ok'), state: 'nonsense' as 'ok' };
    const a = await store.links.finishMany('a', [result(t0, at(43), 'ok'), bad], 3);
    expect(a.ok && a.value.map((w) => (w.ok ? 'ok' : w.error.code))).toEqual(['not-found', 'invalid-binding']);
    const left = await store.links.get(t0.target);
    expect(left.ok && left.value.checks).toBe(5);
    const h0 = await store.links.history(t0.target);
    expect(h0.ok && h0.value).toHaveLength(3);
    const recovered = await store.links.get(t1.target);
    expect(recovered.ok && recovered.value).toMatchObject({ state: 'ok', failures: 0, firstFailureAt: null });
  });
});
