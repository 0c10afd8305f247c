import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore, type Store } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../config/index.ts';
import { WebhookDeliverer } from './webhooks.ts';

// Two gateways on one PostgreSQL: their deliverers batch and lease deliveries (FOR UPDATE SKIP LOCKED), so
// each delivery reaches its receiver once, counted at the receiver.
const url = process.env['PIDGATE_TEST_DATABASE_URL'];
const stores: Store[] = [];
let server: Server | null = null;
afterAll(async () => {
  for (const s of stores) await s.close();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
});

const T0 = Date.parse('2026-03-01T00:00:00Z');
const SECRET = 'shared-secret-0123456789';

describe.skipIf(!url)('webhook deliverers on one PostgreSQL', () => {
  it('send each delivery once, sharing the work', async () => {
    const schema = `pidgate_webhooks_${process.pid}`;
    const a = await openStore({ url: url as string, schema });
    const b = await openStore({ url: url as string, schema });
    stores.push(a, b);
    const got: { path: string; delivery: string; ok: boolean; events: number }[] = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const ts = String(req.headers['x-pidgate-timestamp']);
        const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`;
        got.push({
          path: req.url ?? '',
          delivery: String(req.headers['x-pidgate-delivery']),
          ok: req.headers['x-pidgate-signature'] === expected,
          events: JSON.parse(body).events.length,
        });
        // Held a little, so both deliverers are busy at once.
        setTimeout(() => {
          res.writeHead(200);
          res.end();
        }, 20);
      });
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const at = new Date(T0).toISOString();
    const USERS = 40;
    const items = Array.from({ length: USERS }, (_, i) => ({
      key: `ark:/99999/wh${i}`,
      target: `https://dead.example.org/${i}`,
      owner: `user${i}`,
      createdAt: at,
      updatedAt: at,
    }));
    expect((await a.importBindings(items)).ok).toBe(true);
    for (let i = 0; i < USERS; i++) {
      const made = await a.webhooks.create(
        { owner: `user${i}`, group: null, url: `${origin}/u${i}`, secret: SECRET, events: ['broken'] },
        at,
      );
      expect(made.ok).toBe(true);
      for (const n of [0, 1]) {
        const q = await (n ? b : a).webhooks.enqueue(
          {
            event: 'broken',
            target: `https://dead.example.org/${i}`,
            class: 'dns',
            firstFailure: at,
            lastFailure: at,
            checkedAt: at,
          },
          at,
        );
        expect(q).toEqual({ ok: true, value: 1 });
      }
    }
    const settings = ConfigSchema.parse({ links: { allowPrivateAddresses: true } }).links;
    const deliverers = [a, b].map(
      (store, i) =>
        new WebhookDeliverer({ store, settings, baseUrl: null, clock: () => new Date(T0), holder: `gw${i}` }),
    );
    const rounds = await Promise.all(deliverers.map((d) => d.round()));
    // Between them: one delivery per subscription (its two events batched), each sent once.
    expect(rounds.map((r) => r.batched).reduce((x, y) => x + y)).toBe(USERS);
    expect(rounds.map((r) => r.delivered).reduce((x, y) => x + y)).toBe(USERS);
    expect(got).toHaveLength(USERS);
    expect(new Set(got.map((g) => g.delivery)).size).toBe(USERS);
    expect(new Set(got.map((g) => g.path)).size).toBe(USERS);
    expect(got.every((g) => g.ok && g.events === 2)).toBe(true);
    const again = await Promise.all(deliverers.map((d) => d.round()));
    expect(again.map((r) => r.delivered + r.batched)).toEqual([0, 0]);
    expect(got).toHaveLength(USERS);
  });
});
