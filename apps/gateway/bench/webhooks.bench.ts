// npm run bench:webhooks -w @pidgate/gateway — BENCH_HOOKS subscriptions (2,000 by default), each with
// BENCH_EVENTS waiting events (3), delivered by one deliverer to a receiver on 127.0.0.1: deliveries per
// second and the time to gather the events, on SQLite (and PostgreSQL with PIDGATE_TEST_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore, type Store } from '@pidgate/store';
import { ConfigSchema } from '../src/config/index.ts';
import { WebhookDeliverer } from '../src/links/index.ts';

const HOOKS = Number(process.env['BENCH_HOOKS'] ?? 2000);
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 3);
const PG_URL = process.env['PIDGATE_TEST_DATABASE_URL'];

let received = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(204);
    res.end();
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function run(name: string, store: Store) {
  const at = new Date().toISOString();
  const items = Array.from({ length: HOOKS * EVENTS }, (_, i) => ({
    key: `ark:/99999/wb${i}`,
    target: `https://t${i}.example.org/`,
    owner: `u${i % HOOKS}`,
    createdAt: at,
    updatedAt: at,
  }));
  const imported = await store.importBindings(items);
  if (!imported.ok) throw new Error(imported.error.message);
  for (let i = 0; i < HOOKS; i++) {
    const made = await store.webhooks.create(
      { owner: `u${i}`, group: null, url: `${origin}/h${i}`, secret: 'bench-secret-0123456789', events: ['broken'] },
      at,
    );
    if (!made.ok) throw new Error(made.error.message);
  }
  let t = performance.now();
  for (const item of items) {
    const q = await store.webhooks.enqueue(
      { event: 'broken', target: item.target, class: 'dns', firstFailure: at, lastFailure: at, checkedAt: at },
      at,
    );
    if (!q.ok || q.value !== 1) throw new Error('enqueue');
  }
  const enqueueMs = performance.now() - t;
  received = 0;
  const settings = ConfigSchema.parse({ links: { allowPrivateAddresses: true } }).links;
  const d = new WebhookDeliverer({ store, settings, baseUrl: null });
  t = performance.now();
  const round = await d.round();
  const ms = performance.now() - t;
  if (round.delivered !== HOOKS || received !== HOOKS)
    throw new Error(`delivered ${round.delivered}, received ${received}`);
  console.log(
    `${name}: ${HOOKS * EVENTS} events enqueued in ${(enqueueMs / 1000).toFixed(1)} s (${Math.round((HOOKS * EVENTS * 1000) / enqueueMs)}/s); ` +
      `${HOOKS} deliveries (${EVENTS} events each) batched and sent in ${(ms / 1000).toFixed(1)} s (${Math.round((HOOKS * 1000) / ms)}/s), each received once`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'pidgate-webhooks-bench-'));
try {
  const sqlite = await openStore({ dataDir: dir });
  await run('SQLite', sqlite);
  await sqlite.close();
  if (PG_URL) {
    const pg = await openStore({ url: PG_URL, schema: `pidgate_webhooks_bench_${process.pid}` });
    await run('PostgreSQL', pg);
    await pg.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  server.close();
}
