import { afterAll, describe, expect, it } from 'vitest';
import { Metrics } from '../observability/index.ts';
import { testStore } from '../testing/store.ts';
import { LinkGauges } from './gauges.ts';

// The link gauges' cache, with a controllable clock, over a real SQLite file: a scrape within `ttlMs` of
// the last read answers what that read found; after it, the store is read again.
describe('LinkGauges', () => {
  const opened: Awaited<ReturnType<typeof testStore>>[] = [];
  afterAll(async () => {
    for (const o of opened) await o.close();
  });

  it('reads the store at most once per ttl, and again after it', async () => {
    const o = await testStore('sqlite');
    opened.push(o);
    let now = 1_000_000;
    const gauges = new LinkGauges(o.store, { ttlMs: 5000, now: () => now });
    const first = await gauges.render();
    expect(first).toContain('pidgate_link_targets{state="unchecked"} 0\n');
    const at = '2026-01-01T00:00:00.000Z';
    const r = await o.store.importBindings([
      { key: 'ark:/99999/g1', target: 'https://g.example/', createdAt: at, updatedAt: at },
    ]);
    if (!r.ok) throw new Error(r.error.message);
    await o.store.links.sync(at);
    now += 4999;
    expect(await gauges.render()).toBe(first); // cached
    now += 1;
    const second = await gauges.render();
    expect(second).toContain('pidgate_link_targets{state="unchecked"} 1\n');
    expect(second).toContain('pidgate_link_targets_by_class{state="unchecked",class="none"} 1\n');
  });

  it('rejects when the store fails; a scrape leaves the gauges out and still answers', async () => {
    const o = await testStore('sqlite');
    const gauges = new LinkGauges(o.store, { ttlMs: 5000, now: () => 0 });
    await o.close();
    await expect(gauges.render()).rejects.toThrow();
    const metrics = new Metrics();
    metrics.addCollector(() => gauges.render());
    const text = await metrics.collect();
    expect(text).toContain('# TYPE pidgate_requests_total counter');
    expect(text).not.toContain('pidgate_link_targets');
  });
});
