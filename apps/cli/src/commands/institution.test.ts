import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyNcda } from '@pidgate/ark';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// db, token, shoulder, mint and import against a real SQLite file in a temp directory, named by --config.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-store-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
const cli = (args: string[], stdin = '', tty = false) => runCli([...args, '--config', config], stdin, { tty });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('institution commands', () => {
  it('db migrate creates the database and says what it applied; twice is harmless and up to date', async () => {
    const first = await cli(['db', 'migrate']);
    expect(first.code).toBe(0);
    // an empty database: every migration from 1 to the schema version, in order (issue 27: not "up to date")
    const m = /^sqlite: schema version (\d+), applied migrations ([\d, ]+)\n$/.exec(first.stdout);
    expect(m).not.toBeNull();
    const version = Number(m?.[1]);
    expect(version).toBeGreaterThan(1);
    expect(m?.[2]?.split(', ').map(Number)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    expect((await cli(['db', 'migrate'])).stdout).toBe(`sqlite: schema version ${version}, up to date\n`);
    expect((await cli(['db', 'upgrade'])).code).toBe(2);
  });

  it('token create prints the token as the last word, stored only as a hash and accepted by the store', async () => {
    const made = await cli(['token', 'create', '--scope', 'ark:/99999', '--name', 'ops']);
    expect(made.code).toBe(0);
    const token = made.stdout.trim().split(/\s+/).pop() as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await cli(['token', 'list']);
    expect(listed.stdout).toContain('"name":"ops"');
    expect(listed.stdout).not.toContain(token);
    const store = await openStore({ dataDir: join(dir, 'db') });
    const verified = await store.verifyToken(token);
    await store.close();
    expect(verified.ok && verified.value.scopes).toEqual(['ark:/99999']);
    expect((await cli(['token', 'create'])).stderr).toContain('--scope');
    const id = /created token (tok_\S+)/.exec(made.stdout)?.[1] as string;
    expect((await cli(['token', 'revoke', id])).code).toBe(0);
  });

  it('shoulder add declares the NAAN and shoulder; mint -n spells identifiers with NCDA check characters', async () => {
    const added = await cli(['shoulder', 'add', 'ark:/99999/x6', '--template', 'x6.reeddk', '--name', 'Test']);
    expect(added.stdout).toBe('declared ark:/99999/x6 (NAAN 99999, x6.reeddk, 84100 identifiers)\n');
    expect((await cli(['shoulder', 'add', 'ark:/99999/x6', '--template', 'x6.reeddk'])).code).toBe(2);
    expect((await cli(['shoulder', 'add', 'ark:/99999/x7', '--template', 'x6.reeddk'])).stderr).toContain(
      'template-prefix',
    );
    const minted = await cli(['mint', 'ark:/99999/x6', '-n', '5', '--target', 'https://x.org/{id}']);
    expect(minted.code).toBe(0);
    const ids = minted.stdout.trim().split('\n');
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(verifyNcda(id.slice(5))).toBe(true);
    const again = (await cli(['mint', 'ark:/99999/x6', '-n', '5'])).stdout.trim().split('\n');
    expect(again.filter((id) => ids.includes(id))).toEqual([]);
    expect((await cli(['shoulder', 'list'])).stdout).toContain('"minted":10');
    expect((await cli(['mint', 'ark:/99999/q9'])).stderr).toContain('not-found');
    expect((await cli(['mint', 'ark:/99999/x6', '-n', '0'])).code).toBe(2);
    const store = await openStore({ dataDir: join(dir, 'db') });
    const bound = await store.getBinding(ids[0] as string);
    await store.close();
    expect(bound.ok && bound.value.target).toBe(`https://x.org/${ids[0]}`);
  });

  it('import loads NDJSON, writes failed lines as JSON, the totals on stderr, and exits 1 when some failed', async () => {
    const file = join(dir, 'bindings.ndjson');
    const lines = Array.from({ length: 2500 }, (_, i) =>
      JSON.stringify({ identifier: `ark:/99999/fk4imp${i}`, target: `https://x.org/${i}` }),
    );
    lines.splice(10, 0, '{"identifier":"ark:/1/x","target":"https://x.org/"}');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const run = await runCli(['import', file, '--config', config], '', { tty: true });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ line: 11, ok: false, code: 'naan-length' });
    expect(run.stderr).toMatch(
      /imported 2500 of 2501 lines in [\d.]+s: 2500 created, 0 updated, 0 unchanged, 0 skipped, 1 failed/,
    );
    const store = await openStore({ dataDir: join(dir, 'db') });
    const last = await store.getBinding('ark:/99999/fk4imp2499');
    await store.close();
    expect(last.ok && last.value.target).toBe('https://x.org/2499');
    const skip = await cli(['import', '--on-existing', 'skip', file]);
    expect(skip.stderr).toContain('2500 skipped');
    expect((await cli(['import', '--on-existing', 'maybe', file])).code).toBe(2);
  });
});

describe('institution commands without a store', () => {
  it('refuse with exit status 2 when the configuration turns the store off, and open nothing', async () => {
    const off = join(dir, 'off.json');
    writeFileSync(off, JSON.stringify({ store: { enabled: false, dataDir: 'off-db' } }));
    const file = join(dir, 'off.ndjson');
    writeFileSync(file, '{"identifier":"ark:/99999/fk4off","target":"https://x.org/"}\n');
    for (const args of [
      ['db', 'migrate'],
      ['token', 'create', '--scope', 'ark:/99999'],
      ['token', 'list'],
      ['shoulder', 'add', 'ark:/99999/x6', '--template', 'x6.reeddk'],
      ['shoulder', 'list'],
      ['mint', 'ark:/99999/x6'],
      ['import', file],
    ]) {
      const run = await runCli([...args, '--config', off]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain('store.enabled: false');
      expect(run.stdout, args.join(' ')).toBe('');
    }
    expect(existsSync(join(dir, 'off-db'))).toBe(false);
  });
});
