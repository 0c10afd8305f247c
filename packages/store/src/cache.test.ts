import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResolutionReads } from './cache.ts';
import { type ChangeEvent, type ChangeFeed, Listeners } from './changes.ts';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

/** A feed the test drives by hand. */
class HandFeed implements ChangeFeed {
  live = true;
  readonly #listeners = new Listeners();
  subscribe(listener: (event: ChangeEvent) => void) {
    return this.#listeners.add(listener);
  }
  emit(event: ChangeEvent) {
    this.#listeners.emit(event);
  }
  poll() {}
  async close() {}
}

const T = { target: 'https://example.org/a' };

describe('ResolutionReads on a real SQLite file', () => {
  let dir: string;
  let store: Store;
  let now: number;
  const clock = () => now;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pidgate-cache-'));
    store = await openStore({ dataDir: dir });
    now = 1000;
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const reads = (options = {}) =>
    new ResolutionReads(store, null, store.changes?.() ?? null, { now: clock, ...options });

  it('answers the longest bound candidate from memory the second time, and a miss too', async () => {
    await store.putBinding('ark:/1/a', T, 't');
    const r = reads();
    const first = await r.longestBound(['ark:/1/a/b/c', 'ark:/1/a/b', 'ark:/1/a']);
    expect(first.ok && first.value.key).toBe('ark:/1/a');
    const again = await r.longestBound(['ark:/1/a/b/c', 'ark:/1/a/b', 'ark:/1/a']);
    expect(again.ok && again.value.key).toBe('ark:/1/a');
    // Learnt from the first read: the longer candidates are unbound, so a shorter request is a hit too.
    const shorter = await r.longestBound(['ark:/1/a/b', 'ark:/1/a']);
    expect(shorter.ok && shorter.value.key).toBe('ark:/1/a');
    const none = await r.longestBound(['ark:/1/z']);
    expect(none.ok || none.error.code).toBe('not-found');
    await r.longestBound(['ark:/1/z']);
    expect(r.stats()).toMatchObject({ hits: 3, misses: 2, entries: 4, live: true });
  });

  it('its own writes drop the key at once (temporary triggers), whatever the write', async () => {
    const r = reads();
    expect((await r.longestBound(['ark:/1/a'])).ok).toBe(false);
    await store.putBinding('ark:/1/a', T, 't');
    const bound = await r.longestBound(['ark:/1/a']);
    expect(bound.ok && bound.value.target).toBe(T.target);
    await store.deleteBinding('ark:/1/a', 't');
    const gone = await r.longestBound(['ark:/1/a']);
    expect(gone.ok && gone.value.tombstoned).toBe(true);
    await store.importBindings([{ key: 'ark:/1/b', target: 'https://example.org/b' }]);
    expect((await r.longestBound(['ark:/1/b'])).ok).toBe(true);
    expect(r.stats().invalidated).toBeGreaterThanOrEqual(3);
  });

  it('another connection’s commit (another process) empties the cache at the next lookup (data_version)', async () => {
    const r = reads();
    expect((await r.longestBound(['ark:/1/a'])).ok).toBe(false);
    const other = await openStore({ dataDir: dir });
    try {
      await other.putBinding('ark:/1/a', T, 't');
    } finally {
      await other.close();
    }
    const bound = await r.longestBound(['ark:/1/a']);
    expect(bound.ok && bound.value.target).toBe(T.target);
    expect(r.stats().flushes).toBe(1);
  });

  it('a miss is kept for negativeTtlMs, a binding for positiveTtlMs (the clock decides)', async () => {
    await store.putBinding('ark:/1/a', T, 't');
    const r = reads({ negativeTtlMs: 100, positiveTtlMs: 1000 });
    await r.longestBound(['ark:/1/z']);
    await r.longestBound(['ark:/1/a']);
    now += 99;
    await r.longestBound(['ark:/1/z']);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats()).toMatchObject({ hits: 2, misses: 2 });
    now += 1;
    await r.longestBound(['ark:/1/z']);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats()).toMatchObject({ hits: 3, misses: 3 });
    now += 900;
    await r.longestBound(['ark:/1/a']);
    expect(r.stats()).toMatchObject({ hits: 3, misses: 4 });
  });

  it('holds at most maxEntries keys', async () => {
    const r = reads({ maxEntries: 3 });
    for (let i = 0; i < 10; i++) await r.longestBound([`ark:/1/k${i}`]);
    expect(r.stats().entries).toBe(3);
  });

  it('off: every lookup reads the database', async () => {
    const r = reads({ enabled: false });
    await r.longestBound(['ark:/1/a']);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats()).toMatchObject({ hits: 0, bypassed: 2, entries: 0 });
  });
});

describe('ResolutionReads and its feed', () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pidgate-cache-'));
    store = await openStore({ dataDir: dir });
    await store.putBinding('ark:/1/a', T, 't');
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a read in flight when a change arrives keeps nothing', async () => {
    const feed = new HandFeed();
    const r = new ResolutionReads(store, null, feed);
    const pending = r.longestBound(['ark:/1/a']);
    feed.emit({ kind: 'keys', keys: ['ark:/1/a'] });
    expect((await pending).ok).toBe(true);
    expect(r.stats().entries).toBe(0);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats().entries).toBe(1);
  });

  it('down: emptied at once and bypassed until up; up empties it again', async () => {
    const feed = new HandFeed();
    const r = new ResolutionReads(store, null, feed);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats().entries).toBe(1);
    feed.live = false;
    feed.emit({ kind: 'down', reason: 'test' });
    expect(r.stats().entries).toBe(0);
    await r.longestBound(['ark:/1/a']);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats()).toMatchObject({ entries: 0, bypassed: 2, hits: 0 });
    feed.live = true;
    feed.emit({ kind: 'up' });
    await r.longestBound(['ark:/1/a']);
    await r.longestBound(['ark:/1/a']);
    expect(r.stats()).toMatchObject({ entries: 1, hits: 1 });
  });

  it('with a replica: a key named by a change is read from the primary for the grace time', async () => {
    const replicaDir = mkdtempSync(join(tmpdir(), 'pidgate-cache-replica-'));
    const replica = await openStore({ dataDir: replicaDir });
    try {
      let now = 0;
      const feed = new HandFeed();
      const r = new ResolutionReads(store, replica, feed, { replicaGraceMs: 50, now: () => now });
      // The replica has not replayed ark:/1/a yet.
      feed.emit({ kind: 'keys', keys: ['ark:/1/a'] });
      expect((await r.longestBound(['ark:/1/a'])).ok).toBe(true);
      expect(r.stats()).toMatchObject({ primaryReads: 1, replicaReads: 0 });
      now = 50;
      expect((await r.longestBound(['ark:/1/b'])).ok).toBe(false);
      expect(r.stats()).toMatchObject({ primaryReads: 1, replicaReads: 1 });
      // A flush: every key from the primary for the grace time; the lists too.
      feed.emit({ kind: 'flush' });
      await r.longestBound(['ark:/1/c']);
      expect(r.stats()).toMatchObject({ primaryReads: 2, replicaReads: 1 });
    } finally {
      await replica.close();
      rmSync(replicaDir, { recursive: true, force: true });
    }
  });
});
