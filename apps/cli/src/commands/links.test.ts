import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate links check --once and links report, against a real SQLite file and a local server on
// 127.0.0.1 (/gone answers 410, anything else 200), with --now as the clock of the window rule.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-links-'));
const config = join(dir, 'gateway.json');
const hits: string[] = [];
const server = createServer((req, res) => {
  hits.push(`${req.method} ${req.url}`);
  res.writeHead(req.url === '/gone' ? 410 : 200);
  res.end();
});
let origin = '';
const cli = (args: string[]) => runCli([...args, '--config', config]);

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(
    config,
    JSON.stringify({ store: { dataDir: 'db' }, links: { minDelayMs: 0, allowPrivateAddresses: true } }),
  );
  const store = await openStore({ dataDir: join(dir, 'db') });
  const at = '2026-05-01T00:00:00.000Z';
  await store.importBindings([
    { key: 'ark:/99999/fk4gone', target: `${origin}/gone`, createdAt: at, updatedAt: at, owner: 'alice' },
    { key: 'ark:/99999/x6gone', target: `${origin}/gone`, createdAt: at, updatedAt: at, owner: 'bob' },
    { key: 'ark:/99999/fk4here', target: `${origin}/here`, createdAt: at, updatedAt: at, owner: 'alice' },
  ]);
  await store.close();
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('pidgate links', () => {
  it('checks once, then reports failing and (past the window) broken targets as CSV and JSON', async () => {
    const first = await cli(['links', 'check', '--once', '--now', '2026-05-01T00:00:00Z']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      leader: true,
      added: 2,
      checked: 2,
      byClass: { ok: 1, 'client-error': 1 },
    });
    expect(hits.filter((h) => h.endsWith('/gone'))).toEqual(['HEAD /gone', 'GET /gone']);

    const csv = await cli(['links', 'report']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe(
      'target,identifiers,owners,state,class,status,failures,first_failure,last_failure,last_checked,broken_since',
    );
    expect(lines[1]).toBe(
      `${origin}/gone,ark:/99999/fk4gone ark:/99999/x6gone,alice bob,failing,client-error,410,1,2026-05-01T00:00:00.000Z,2026-05-01T00:00:00.000Z,2026-05-01T00:00:00.000Z,`,
    );
    expect(lines).toHaveLength(3);
    expect((await cli(['links', 'report', '--broken'])).stdout.split('\r\n')).toHaveLength(2);

    for (const day of ['2026-05-08T00:00:00Z', '2026-05-15T00:00:00Z']) {
      expect((await cli(['links', 'check', '--once', '--now', day])).code).toBe(0);
    }
    const broken = await cli(['links', 'report', '--broken', '--format', 'json', '--prefix', 'ark:/99999/fk4']);
    expect(JSON.parse(broken.stdout)).toEqual([
      {
        target: `${origin}/gone`,
        identifiers: ['ark:/99999/fk4gone'],
        owners: ['alice'],
        state: 'broken',
        class: 'client-error',
        status: 410,
        failures: 3,
        firstFailure: '2026-05-01T00:00:00.000Z',
        lastFailure: '2026-05-15T00:00:00.000Z',
        lastChecked: '2026-05-15T00:00:00.000Z',
        brokenSince: '2026-05-15T00:00:00.000Z',
      },
    ]);
    const bom = await cli(['links', 'report', '--bom']);
    expect(bom.stdout.startsWith('\uFEFFtarget,')).toBe(true);
  });

  it('refuses a check without --once, an unknown format or class, with exit status 2', async () => {
    expect((await cli(['links', 'check'])).code).toBe(2);
    expect((await cli(['links', 'report', '--format', 'xlsx'])).code).toBe(2);
    expect((await cli(['links', 'report', '--class', 'gone'])).code).toBe(2);
    expect((await cli(['links', 'check', '--once', '--now', 'soon'])).code).toBe(2);
    expect((await cli(['links', 'frobnicate'])).code).toBe(2);
  });
});
