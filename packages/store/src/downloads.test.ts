import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// Batch download jobs (migration 8) on a real SQLite file and, with PIDGATE_TEST_DATABASE_URL, a real
// PostgreSQL schema.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const dirs: string[] = [];
const stores: Store[] = [];
let n = 0;

async function open(backend: 'sqlite' | 'postgres'): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-downloads-'));
  dirs.push(dir);
  const store =
    backend === 'postgres'
      ? await openStore({ url: url as string, schema: `pidgate_dl_${process.pid}_${n++}` })
      : await openStore({ dataDir: dir });
  stores.push(store);
  return store;
}

afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const JOB = { requester: 'alice', extension: '.csv.gz', params: { format: 'csv' }, retentionSeconds: 3600 };

describe.each(url ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('download jobs (%s)', (backend) => {
  it('are created queued, with a 128-bit id that names the file, and listed newest first', async () => {
    const store = await open(backend);
    const a = await store.downloads.create(JOB);
    // "newest" is by creation time: the second job is made in a later millisecond than the first
    const first = Date.now();
    while (Date.now() === first) await new Promise((r) => setImmediate(r));
    const b = await store.downloads.create({ ...JOB, requester: 'bob', extension: '.xml.zip' });
    if (!a.ok || !b.ok) throw new Error('create failed');
    expect(a.value.id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.value.fileName).toBe(`${a.value.id}.csv.gz`);
    expect(a.value.status).toBe('queued');
    expect(a.value.params).toEqual({ format: 'csv' });
    expect(Date.parse(a.value.expiresAt) - Date.parse(a.value.createdAt)).toBeGreaterThanOrEqual(3599_000);
    const all = await store.downloads.list();
    expect(all.ok && all.value.map((j) => j.requester)).toEqual(['bob', 'alice']);
    const mine = await store.downloads.list({ requester: 'alice' });
    expect(mine.ok && mine.value.map((j) => j.id)).toEqual([a.value.id]);
    const got = await store.downloads.get(a.value.id);
    expect(got.ok && got.value.fileName).toBe(a.value.fileName);
    const missing = await store.downloads.get('0'.repeat(32));
    expect(missing.ok ? 'ok' : missing.error.code).toBe('not-found');
    const malformed = await store.downloads.get('../../etc/passwd');
    expect(malformed.ok ? 'ok' : malformed.error.code).toBe('not-found');
  });

  it('refuse a bad requester, extension or retention with a code', async () => {
    const store = await open(backend);
    const bad = [
      await store.downloads.create({ ...JOB, requester: '' }),
      await store.downloads.create({ ...JOB, extension: '/x' }),
      await store.downloads.create({ ...JOB, retentionSeconds: 0 }),
    ];
    expect(bad.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['invalid-actor', 'invalid-binding', 'invalid-ttl']);
  });

  it('are claimed once each, oldest first; a running job whose lease ran out is claimed again', async () => {
    const store = await open(backend);
    const a = await store.downloads.create(JOB);
    const b = await store.downloads.create(JOB);
    if (!a.ok || !b.ok) throw new Error('create failed');
    const [c1, c2, c3] = await Promise.all([
      store.downloads.claim(60),
      store.downloads.claim(60),
      store.downloads.claim(60),
    ]);
    const taken = [c1, c2, c3].map((r) => (r.ok ? (r.value?.id ?? null) : r.error.code));
    expect(taken.filter((x) => x !== null).sort()).toEqual([a.value.id, b.value.id].sort());
    expect(taken.filter((x) => x === null)).toHaveLength(1);
    // Both leases are live: nothing to claim. Two minutes later they ran out (the process died).
    const none = await store.downloads.claim(60);
    expect(none.ok && none.value).toBe(null);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    const again = await store.downloads.claim(60);
    const oldest = [a.value, b.value].sort((x, y) =>
      x.createdAt === y.createdAt ? (x.id < y.id ? -1 : 1) : x.createdAt < y.createdAt ? -1 : 1,
    )[0];
    expect(again.ok && again.value?.id).toBe(oldest?.id);
  });

  it('are finished ready or failed, and expire with their time', async () => {
    const store = await open(backend);
    const a = await store.downloads.create({ ...JOB, retentionSeconds: 10 });
    if (!a.ok) throw new Error('create failed');
    const done = await store.downloads.finish(a.value.id, { status: 'ready', count: 1000, size: 12345 });
    expect(done.ok && [done.value.status, done.value.count, done.value.size]).toEqual(['ready', 1000, 12345]);
    expect(done.ok && done.value.finishedAt).not.toBe(null);
    const nothing = await store.downloads.expire();
    expect(nothing.ok && nothing.value).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    const gone = await store.downloads.get(a.value.id);
    expect(gone.ok ? 'ok' : gone.error.code).toBe('not-found');
    const expired = await store.downloads.expire();
    expect(expired.ok && expired.value.map((j) => j.fileName)).toEqual([a.value.fileName]);
    const failed = await store.downloads.create(JOB);
    if (!failed.ok) throw new Error('create failed');
    const f = await store.downloads.finish(failed.value.id, { status: 'failed', error: 'disk full' });
    expect(f.ok && [f.value.status, f.value.error]).toEqual(['failed', 'disk full']);
  });
});
