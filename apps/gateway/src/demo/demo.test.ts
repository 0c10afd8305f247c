import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { allSchemes } from '../testing/helpers.ts';
import { testStore } from '../testing/store.ts';
import { DEMO_PURGE_ACTOR, demoExpiry, demoPolicy, isDemo, purgeDemo, startDemoSweep } from './index.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const DAY = 86_400_000;

describe('demo identifiers', () => {
  it("EZID's test shoulders by default, 14 days, stored-key spelling", () => {
    const config = loadConfig({});
    expect(config.demo).toEqual({ shoulders: ['ark:/99999/fk4', 'doi:10.5072/FK2'], expiryDays: 14, sweepMinutes: 60 });
    const policy = demoPolicy(allSchemes, 'source', config.demo);
    expect(policy.prefixes).toEqual(['ark:/99999/fk4', 'doi:10.5072/fk2']);
    expect(isDemo(policy, 'ark:/99999/fk4x9')).toBe(true);
    expect(isDemo(policy, 'doi:10.5072/fk2abc')).toBe(true);
    expect(isDemo(policy, 'ark:/99999/fk5x9')).toBe(false);
    expect(demoExpiry(policy, '2026-01-01T00:00:00.000Z')).toBe('2026-01-15T00:00:00.000Z');
  });

  it('the setting is validated and read from the environment', () => {
    expect(loadConfig({ PIDGATE_DEMO_EXPIRY_DAYS: '30' }).demo.expiryDays).toBe(30);
    expect(() => loadConfig({ PIDGATE_DEMO_EXPIRY_DAYS: '0' })).toThrow(/demo\.expiryDays/);
    expect(() => loadConfig({ PIDGATE_DEMO_EXPIRY_DAYS: 'two weeks' })).toThrow(/demo\.expiryDays/);
  });

  it('a sweep with a controllable clock purges exactly what is older than the expiry', async () => {
    const opened = await testStore();
    closers.push(opened.close);
    const { store } = opened;
    const created = '2026-03-01T12:00:00.000Z';
    const imported = await store.importBindings(
      ['ark:/99999/fk4a', 'ark:/99999/fk4b', 'ark:/99999/x6keep'].map((key) => ({
        key,
        target: 'https://example.org/',
        createdAt: created,
        updatedAt: created,
      })),
    );
    expect(imported.ok).toBe(true);
    const policy = demoPolicy(allSchemes, 'source', { shoulders: ['ark:/99999/fk4'], expiryDays: 14 });
    let clock = new Date(Date.parse(created) + 14 * DAY - 1);
    const outcomes: unknown[] = [];
    const sweep = startDemoSweep({
      store,
      policy,
      intervalMinutes: 0,
      now: () => clock,
      onSweep: (o) => outcomes.push(o),
    });
    // One millisecond before the 14 days are over: nothing goes.
    expect(await sweep.sweep()).toEqual({ ok: true, value: [] });
    clock = new Date(Date.parse(created) + 14 * DAY + 1);
    expect(await sweep.sweep()).toEqual({ ok: true, value: ['ark:/99999/fk4a', 'ark:/99999/fk4b'] });
    expect(outcomes).toHaveLength(2);
    sweep.stop();
    const gone = await store.getBinding('ark:/99999/fk4a');
    expect(gone.ok ? 'found' : gone.error.code).toBe('not-found');
    expect((await store.getBinding('ark:/99999/x6keep')).ok).toBe(true);
    const history = await store.history('ark:/99999/fk4a');
    expect(history.ok && history.value.map((h) => [h.action, h.actor])).toEqual([
      ['create', 'import'],
      ['delete', DEMO_PURGE_ACTOR],
    ]);
  });

  it('purges in rounds when there are more than a batch', async () => {
    const opened = await testStore();
    closers.push(opened.close);
    const created = '2020-01-01T00:00:00.000Z';
    await opened.store.importBindings(
      Array.from({ length: 25 }, (_, i) => ({
        key: `ark:/99999/fk4n${i}`,
        target: 'https://e.org/',
        createdAt: created,
        updatedAt: created,
      })),
    );
    const policy = demoPolicy(allSchemes, 'source', { shoulders: ['ark:/99999/fk4'], expiryDays: 14 });
    const purged = await purgeDemo(opened.store, policy, new Date('2021-01-01T00:00:00Z'), 10);
    expect(purged.ok && purged.value.length).toBe(25);
  });
});
