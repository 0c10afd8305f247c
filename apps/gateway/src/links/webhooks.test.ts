import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../config/index.ts';
import { localLookup } from '../testing/link-servers.ts';
import { LinkChecker } from './checker.ts';
import { WebhookDeliverer } from './webhooks.ts';

// Webhooks end to end on a real SQLite file: a target that dies and comes back (on a clock the test moves),
// the checker's window rule, and a receiver on 127.0.0.1 that checks each signature with its own HMAC code
// (node:crypto here, not the product's signatureOf) and refuses the first attempts, to prove the retries.
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const SECRET_A = 'alice-secret-0123456789';
const SECRET_G = 'library-secret-0123456789';
const dirs: string[] = [];
const stores: Store[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  for (const s of servers) await new Promise((r) => s.close(r));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A target whose answer the test sets. */
async function switchableTarget() {
  const state = { status: 410, hits: 0 };
  const origin = await listen(
    createServer((req, res) => {
      state.hits++;
      res.writeHead(state.status);
      res.end(req.method === 'HEAD' ? undefined : 'x');
    }),
  );
  return { state, origin };
}

interface Received {
  readonly path: string;
  readonly delivery: string;
  readonly event: string;
  readonly timestamp: string;
  readonly body: string;
  readonly signatureOk: boolean;
}

/** The receiver: verifies as a subscriber would, answers 500 to the first `failFirst` requests of each path. */
async function receiver(secrets: Record<string, string>, failFirst = 0) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const origin = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const path = req.url ?? '/';
        const timestamp = String(req.headers['x-pidgate-timestamp']);
        const expected = Buffer.from(
          `sha256=${createHmac('sha256', secrets[path] ?? '')
            .update(`${timestamp}.`)
            .update(raw)
            .digest('hex')}`,
        );
        const given = Buffer.from(String(req.headers['x-pidgate-signature']));
        received.push({
          path,
          delivery: String(req.headers['x-pidgate-delivery']),
          event: String(req.headers['x-pidgate-event']),
          timestamp,
          body: raw.toString('utf8'),
          signatureOk: given.length === expected.length && timingSafeEqual(given, expected),
        });
        const n = (seen.get(path) ?? 0) + 1;
        seen.set(path, n);
        res.writeHead(n <= failFirst ? 500 : 204);
        res.end();
      });
    }),
  );
  return { origin, received };
}

async function tempStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-webhooks-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir });
  stores.push(store);
  return store;
}

const settings = (links: Record<string, unknown> = {}) =>
  ConfigSchema.parse({ links: { minDelayMs: 0, timeoutMs: 2000, allowPrivateAddresses: true, ...links } }).links;

describe('link webhooks', () => {
  it('notify the owner and the group when a target breaks and recovers, signed, retried, batched', async () => {
    const target = await switchableTarget();
    const hooks = await receiver({ '/alice': SECRET_A, '/library': SECRET_G }, 2);
    const store = await tempStore();
    const at = new Date(T0).toISOString();
    const url = `${target.origin}/paper`;
    const imported = await store.importBindings([
      { key: 'ark:/99999/a1', target: url, owner: 'alice', createdAt: at, updatedAt: at },
      { key: 'ark:/99999/a2', target: url, owner: 'bob', ownerGroup: 'library', createdAt: at, updatedAt: at },
      { key: 'ark:/99999/a3', target: url, owner: 'carol', createdAt: at, updatedAt: at },
      { key: 'ark:/99999/r1', target: url, owner: 'alice', identifierStatus: 'reserved', createdAt: at, updatedAt: at },
    ]);
    expect(imported.ok).toBe(true);
    const made = [
      await store.webhooks.create(
        {
          owner: 'alice',
          group: null,
          url: `${hooks.origin}/alice`,
          secret: SECRET_A,
          events: ['broken', 'recovered'],
        },
        at,
      ),
      await store.webhooks.create(
        { owner: null, group: 'library', url: `${hooks.origin}/library`, secret: SECRET_G, events: ['broken'] },
        at,
      ),
    ];
    expect(made.every((m) => m.ok)).toBe(true);

    let now = T0;
    const clock = () => new Date(now);
    const s = settings({ webhookAttempts: 5 });
    const checker = new LinkChecker({ store, settings: s, baseUrl: 'https://pid.example.org', clock });
    const deliverer = new WebhookDeliverer({ store, settings: s, baseUrl: 'https://pid.example.org', clock });

    // Failing, not yet broken: nothing to send.
    for (const d of [0, 7]) {
      now = T0 + d * DAY;
      await checker.pass();
      expect(await deliverer.round()).toEqual({ batched: 0, delivered: 0, retrying: 0, failed: 0 });
    }
    now = T0 + 14 * DAY;
    await checker.pass();
    const broken = await store.links.get(url);
    expect(broken.ok && broken.value.state).toBe('broken');

    // Attempts 1 and 2 refused (500), the third taken: each after its backoff (30 s, then 60 s).
    expect(await deliverer.round()).toMatchObject({ batched: 2, delivered: 0, retrying: 2 });
    expect(await deliverer.round()).toMatchObject({ batched: 0, delivered: 0, retrying: 0 });
    now += 30_000;
    expect(await deliverer.round()).toMatchObject({ delivered: 0, retrying: 2 });
    now += 59_000;
    expect(await deliverer.round()).toMatchObject({ delivered: 0, retrying: 0 });
    now += 1_000;
    expect(await deliverer.round()).toMatchObject({ delivered: 2, retrying: 0 });
    expect(await deliverer.round()).toEqual({ batched: 0, delivered: 0, retrying: 0, failed: 0 });

    expect(hooks.received.every((r) => r.signatureOk)).toBe(true);
    const alice = hooks.received.filter((r) => r.path === '/alice');
    expect(alice).toHaveLength(3);
    // One delivery, the same id and body on every attempt; the timestamp is each attempt's.
    expect(new Set(alice.map((r) => r.delivery)).size).toBe(1);
    expect(new Set(alice.map((r) => r.body)).size).toBe(1);
    expect(alice.map((r) => Number(r.timestamp))).toEqual([
      (T0 + 14 * DAY) / 1000,
      (T0 + 14 * DAY + 30_000) / 1000,
      (T0 + 14 * DAY + 90_000) / 1000,
    ]);
    expect(alice[0]?.event).toBe('broken');
    const body = JSON.parse(alice[0]?.body ?? '{}');
    expect(body).toEqual({
      delivery: alice[0]?.delivery,
      instance: 'https://pid.example.org',
      events: [
        {
          event: 'broken',
          // alice's public identifier only: not bob's or carol's, not her reserved one.
          identifiers: ['ark:/99999/a1'],
          target: url,
          class: 'client-error',
          firstFailure: new Date(T0).toISOString(),
          lastFailure: new Date(T0 + 14 * DAY).toISOString(),
          checkedAt: new Date(T0 + 14 * DAY).toISOString(),
        },
      ],
    });
    const library = hooks.received.filter((r) => r.path === '/library');
    expect(library).toHaveLength(3);
    expect(JSON.parse(library[0]?.body ?? '{}').events.map((e: { identifiers: string[] }) => e.identifiers)).toEqual([
      ['ark:/99999/a2'],
    ]);

    // Back: recovered at once; only alice asked for `recovered`.
    target.state.status = 200;
    now = T0 + 44 * DAY;
    await checker.pass();
    expect(await deliverer.round()).toMatchObject({ batched: 1, delivered: 1 });
    const last = hooks.received[hooks.received.length - 1] as Received;
    expect(last.path).toBe('/alice');
    expect(last.signatureOk).toBe(true);
    expect(last.event).toBe('recovered');
    expect(JSON.parse(last.body).events).toEqual([
      expect.objectContaining({
        event: 'recovered',
        identifiers: ['ark:/99999/a1'],
        class: 'ok',
        firstFailure: new Date(T0).toISOString(),
        checkedAt: new Date(T0 + 44 * DAY).toISOString(),
      }),
    ]);
    const log = await store.webhooks.deliveries(made[0]?.ok ? made[0].value.id : '');
    expect(log.ok && log.value.map((d) => [d.state, d.attempts, d.events])).toEqual([
      ['delivered', 1, 1],
      ['delivered', 3, 1],
    ]);
  });

  it('batch the events of one round into one POST per subscription, at most webhookMaxEvents each', async () => {
    const hooks = await receiver({ '/many': SECRET_A });
    const store = await tempStore();
    const at = new Date(T0).toISOString();
    const items = Array.from({ length: 7 }, (_, i) => ({
      key: `ark:/99999/m${i}`,
      target: `https://t${i}.example.org/`,
      owner: 'alice',
      createdAt: at,
      updatedAt: at,
    }));
    expect((await store.importBindings(items)).ok).toBe(true);
    const hook = await store.webhooks.create(
      { owner: 'alice', group: null, url: `${hooks.origin}/many`, secret: SECRET_A, events: ['broken'] },
      at,
    );
    expect(hook.ok).toBe(true);
    for (const item of items) {
      const n = await store.webhooks.enqueue(
        { event: 'broken', target: item.target, class: 'dns', firstFailure: at, lastFailure: at, checkedAt: at },
        at,
      );
      expect(n).toEqual({ ok: true, value: 1 });
    }
    const deliverer = new WebhookDeliverer({
      store,
      settings: settings({ webhookMaxEvents: 3 }),
      baseUrl: null,
      clock: () => new Date(T0),
    });
    expect(await deliverer.round()).toMatchObject({ batched: 3, delivered: 3 });
    const sizes = hooks.received.map((r) => JSON.parse(r.body).events.length);
    expect(sizes.sort()).toEqual([1, 3, 3]);
    const targets = hooks.received.flatMap((r) => JSON.parse(r.body).events.map((e: { target: string }) => e.target));
    expect(targets.sort()).toEqual(items.map((i) => i.target).sort());
  });

  it('keep deliveries across a restart: a new deliverer on the same file sends what the old one left', async () => {
    const hooks = await receiver({ '/later': SECRET_A });
    const store = await tempStore();
    const at = new Date(T0).toISOString();
    await store.importBindings([
      { key: 'ark:/99999/k1', target: 'https://k.example.org/', owner: 'alice', createdAt: at, updatedAt: at },
    ]);
    await store.webhooks.create(
      { owner: 'alice', group: null, url: `${hooks.origin}/later`, secret: SECRET_A, events: ['broken'] },
      at,
    );
    await store.webhooks.enqueue(
      {
        event: 'broken',
        target: 'https://k.example.org/',
        class: 'dns',
        firstFailure: at,
        lastFailure: at,
        checkedAt: at,
      },
      at,
    );
    // The first deliverer batched and leased it, then died before sending (its lease runs out).
    const s = settings();
    expect(await store.webhooks.batch('dead', at, 100, 60)).toEqual({ ok: true, value: 1 });
    const now = T0 + 61_000;
    const next = new WebhookDeliverer({ store, settings: s, baseUrl: null, clock: () => new Date(now), holder: 'new' });
    expect(await next.round()).toMatchObject({ delivered: 1 });
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]?.signatureOk).toBe(true);
  });
});

describe('the SSRF guard (links.allowPrivateAddresses: false, the default)', () => {
  it('refuses 127.0.0.1, by literal and by a name that resolves there: blocked-address, no failure, no request', async () => {
    const target = await switchableTarget();
    target.state.status = 200;
    const store = await tempStore();
    const at = new Date(T0).toISOString();
    const port = new URL(target.origin).port;
    await store.importBindings([
      { key: 'ark:/99999/b1', target: `${target.origin}/literal`, createdAt: at, updatedAt: at },
      { key: 'ark:/99999/b2', target: `http://inside.test:${port}/named`, createdAt: at, updatedAt: at },
      { key: 'ark:/99999/b3', target: `http://[::ffff:127.0.0.1]:${port}/mapped`, createdAt: at, updatedAt: at },
    ]);
    const defaults = ConfigSchema.parse({ links: { minDelayMs: 0 } }).links;
    expect(defaults.allowPrivateAddresses).toBe(false);
    const checker = new LinkChecker({
      store,
      settings: defaults,
      baseUrl: null,
      clock: () => new Date(T0),
      lookup: localLookup(['inside.test']),
    });
    const report = await checker.pass();
    expect(report.byClass).toEqual({ 'blocked-address': 3 });
    expect(target.state.hits).toBe(0);
    for (const path of [`${target.origin}/literal`, `http://inside.test:${port}/named`]) {
      const t = await store.links.get(path);
      expect(t.ok && t.value).toMatchObject({ state: 'unchecked', failures: 0, lastClass: 'blocked-address' });
    }
    const history = await store.links.history(`http://inside.test:${port}/named`);
    expect(history.ok && history.value[0]?.detail).toContain('inside.test resolves to 127.0.0.1');
    // Not a failure: the report lists nothing.
    expect(await store.links.report()).toEqual({ ok: true, value: [] });

    // Allowed, the same targets are checked.
    const open = new LinkChecker({
      store,
      settings: settings(),
      baseUrl: null,
      clock: () => new Date(T0 + 31 * DAY),
      lookup: localLookup(['inside.test']),
    });
    expect((await open.pass()).byClass).toEqual({ ok: 3 });
    expect(target.state.hits).toBe(3);
  });

  it('refuses to deliver a webhook to 127.0.0.1: given up at once, nothing sent', async () => {
    const hooks = await receiver({ '/inside': SECRET_A });
    const store = await tempStore();
    const at = new Date(T0).toISOString();
    await store.importBindings([
      { key: 'ark:/99999/w1', target: 'https://w.example.org/', owner: 'alice', createdAt: at, updatedAt: at },
    ]);
    const hook = await store.webhooks.create(
      { owner: 'alice', group: null, url: `${hooks.origin}/inside`, secret: SECRET_A, events: ['broken'] },
      at,
    );
    await store.webhooks.enqueue(
      {
        event: 'broken',
        target: 'https://w.example.org/',
        class: 'dns',
        firstFailure: at,
        lastFailure: at,
        checkedAt: at,
      },
      at,
    );
    const deliverer = new WebhookDeliverer({
      store,
      settings: ConfigSchema.parse({}).links,
      baseUrl: null,
      clock: () => new Date(T0),
    });
    expect(await deliverer.round()).toMatchObject({ delivered: 0, retrying: 0, failed: 1 });
    expect(hooks.received).toHaveLength(0);
    const log = await store.webhooks.deliveries(hook.ok ? hook.value.id : '');
    expect(log.ok && log.value[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(log.ok && log.value[0]?.lastError).toContain('loopback');
  });
});
