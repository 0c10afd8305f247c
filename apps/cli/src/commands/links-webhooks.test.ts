import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate links webhooks list|add|remove on a real SQLite file, and `links check --once` delivering the
// webhook of a target that broke to a receiver on 127.0.0.1 (which checks the signature with its own HMAC).
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-webhooks-'));
const config = join(dir, 'gateway.json');
const posts: { path: string; body: string; signed: boolean }[] = [];
const SECRET = 'the cli test secret, 1234';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST') {
      const body = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-pidgate-timestamp']);
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`;
      posts.push({ path: req.url ?? '', body, signed: req.headers['x-pidgate-signature'] === expected });
    }
    res.writeHead(req.url === '/gone' ? 410 : 200);
    res.end();
  });
});
let origin = '';
const cli = (args: string[]) => runCli([...args, '--config', config]);

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(
    config,
    JSON.stringify({
      store: { dataDir: 'db' },
      baseUrl: 'https://pid.example.org',
      links: { minDelayMs: 0, allowPrivateAddresses: true },
    }),
  );
  const store = await openStore({ dataDir: join(dir, 'db') });
  const at = '2026-05-01T00:00:00.000Z';
  const must = (r: { ok: boolean }) => expect(r.ok).toBe(true);
  must(await store.createGroup('lib'));
  must(await store.createUser({ username: 'alice', groups: ['lib'] }));
  must(
    await store.importBindings([
      { key: 'ark:/99999/fk4gone', target: `${origin}/gone`, createdAt: at, updatedAt: at, owner: 'alice' },
      { key: 'ark:/99999/fk4here', target: `${origin}/here`, createdAt: at, updatedAt: at, owner: 'alice' },
    ]),
  );
  await store.close();
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('pidgate links webhooks', () => {
  it('adds, lists and removes subscriptions; the secret is printed by add only', async () => {
    const added = await cli(['links', 'webhooks', 'add', '--url', 'https://hooks.example.org/lib', '--group', 'lib']);
    expect(added.code).toBe(0);
    const made = JSON.parse(added.stdout);
    expect(made).toMatchObject({ group: 'lib', owner: null, events: ['broken', 'recovered'], secretSet: true });
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await cli(['links', 'webhooks', 'list']);
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([made.id]);
    expect(list.stdout).not.toContain(made.secret);
    const removed = await cli(['links', 'webhooks', 'remove', made.id]);
    expect(removed.code).toBe(0);
    expect((await cli(['links', 'webhooks', 'list'])).stdout).toBe('');
    const again = await cli(['links', 'webhooks', 'remove', made.id]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('not-found');
  });

  it.each([
    [['add', '--url', 'https://h.example.org/'], '--owner USER or --group GROUP'],
    [['add', '--url', 'https://h.example.org/', '--owner', 'nobody'], 'unknown-user'],
    [['add', '--url', 'https://h.example.org/', '--group', 'nogroup'], 'unknown-group'],
    [['add', '--url', 'ftp://h.example.org/', '--owner', 'alice'], 'invalid-url'],
    [['add', '--url', 'https://h.example.org/', '--owner', 'alice', '--events', 'deleted'], '--events'],
    [['add', '--url', 'https://h.example.org/', '--owner', 'alice', '--secret', 'short'], '--secret'],
    [['remove'], 'remove ID'],
    [['frobnicate'], 'usage'],
  ])('refuses %j (exit 2, %s)', async (args, message) => {
    const r = await cli(['links', 'webhooks', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('check --once sends the webhook of a target that broke, signed', async () => {
    const added = await cli([
      'links',
      'webhooks',
      'add',
      '--url',
      `${origin}/hook`,
      '--owner',
      'alice',
      '--secret',
      SECRET,
      '--events',
      'broken',
    ]);
    expect(added.code).toBe(0);
    for (const day of ['2026-05-01T00:00:00Z', '2026-05-08T00:00:00Z']) {
      const r = await cli(['links', 'check', '--once', '--now', day]);
      expect(JSON.parse(r.stdout).webhooks).toEqual({ batched: 0, delivered: 0, retrying: 0, failed: 0 });
    }
    const broke = await cli(['links', 'check', '--once', '--now', '2026-05-15T00:00:00Z']);
    expect(JSON.parse(broke.stdout).webhooks).toEqual({ batched: 1, delivered: 1, retrying: 0, failed: 0 });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.signed).toBe(true);
    expect(JSON.parse(posts[0]?.body ?? '{}')).toMatchObject({
      instance: 'https://pid.example.org',
      events: [{ event: 'broken', identifiers: ['ark:/99999/fk4gone'], target: `${origin}/gone` }],
    });
  });
});
