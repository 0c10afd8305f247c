import { openStore, type Store } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../config/index.ts';
import { startTargetServer, type TargetServer } from '../testing/link-servers.ts';
import { LinkChecker } from './checker.ts';

// Several gateways on one PostgreSQL: their checkers share the targets through leases (FOR UPDATE SKIP
// LOCKED), so each target is asked exactly once per round, counted at the target servers.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const stores: Store[] = [];
const servers: TargetServer[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  for (const s of servers) await s.close();
});

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

describe.skipIf(!url)('link checkers on one PostgreSQL', () => {
  it('check each target exactly once per round, sharing the work', async () => {
    const schema = `pidgate_linkcheck_${process.pid}`;
    // Two gateways: two stores (pools) on one schema.
    const a = await openStore({ url: url as string, schema });
    const b = await openStore({ url: url as string, schema });
    stores.push(a, b);
    for (let i = 0; i < 4; i++) servers.push(await startTargetServer());
    const TARGETS = 240;
    const at = new Date(T0).toISOString();
    const items = Array.from({ length: TARGETS }, (_, i) => ({
      key: `ark:/99999/pg${i}`,
      target: `${servers[i % servers.length]?.origin}/t/${i}`,
      createdAt: at,
      updatedAt: at,
    }));
    const imported = await a.importBindings(items);
    expect(imported.ok).toBe(true);
    let now = T0;
    const settings = ConfigSchema.parse({
      links: { minDelayMs: 0, perHost: 4, concurrency: 16, allowPrivateAddresses: true },
    }).links;
    const checkers = [a, b].map(
      (store, i) => new LinkChecker({ store, settings, baseUrl: null, clock: () => new Date(now), holder: `gw${i}` }),
    );
    const hits = () => {
      const counts = new Map<string, number>();
      for (const s of servers) for (const [k, v] of s.hits) counts.set(`${s.origin}${k.slice(k.indexOf(' ') + 1)}`, v);
      return counts;
    };

    for (const round of [0, 1]) {
      now = T0 + round * 31 * DAY;
      const reports = await Promise.all(checkers.map((c) => c.pass()));
      // Both took part, and between them checked each target once.
      expect(reports.map((r) => r.checked).reduce((x, y) => x + y)).toBe(TARGETS);
      expect(reports.every((r) => r.checked > 0)).toBe(true);
      const counts = hits();
      expect(counts.size).toBe(TARGETS);
      expect([...counts.values()].every((n) => n === round + 1)).toBe(true);
      // A second pass in the same round finds nothing due.
      const again = await Promise.all(checkers.map((c) => c.pass()));
      expect(again.map((r) => r.checked)).toEqual([0, 0]);
    }
  });
});
