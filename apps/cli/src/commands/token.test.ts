import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// token create --admin and --expires against a real SQLite file.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-token-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
const cli = (args: string[]) => runCli([...args, '--config', config]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pidgate token', () => {
  it('create --admin --expires makes an administrator token that expires; list shows the date', async () => {
    const made = await cli(['token', 'create', '--admin', '--name', 'root', '--expires', '2099-01-31']);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('for pidgate:admin, expires 2099-01-31T00:00:00.000Z');
    const token = made.stdout.trim().split(/\s+/).pop() as string;
    const store = await openStore({ dataDir: join(dir, 'db') });
    const verified = await store.verifyToken(token);
    await store.close();
    expect(verified.ok && verified.value.scopes).toEqual(['pidgate:admin']);
    const listed = await cli(['token', 'list']);
    expect(listed.stdout).toContain('"expiresAt":"2099-01-31T00:00:00.000Z"');
  });

  it('refuses an expiry in the past or not a date, with exit status 2', async () => {
    const past = await cli(['token', 'create', '--scope', 'ark:/99999', '--expires', '2001-01-01']);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('invalid-expiry');
    expect((await cli(['token', 'create', '--scope', 'ark:/99999', '--expires', 'soon'])).code).toBe(2);
  });
});
