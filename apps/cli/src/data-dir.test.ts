import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './testing.ts';

// Store commands find the instance's data directory whichever folder they run from (issue 27, item 9):
// a minimal copy of the repository's layout in a temporary folder, never the real checkout's data/.
const root = mkdtempSync(join(tmpdir(), 'pidgate-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function layout(name: string, rootPackage: object | null): { dir: string; nested: string } {
  const dir = join(root, name);
  const nested = join(dir, 'apps', 'cli');
  mkdirSync(nested, { recursive: true });
  if (rootPackage !== null) writeFileSync(join(dir, 'package.json'), JSON.stringify(rootPackage));
  writeFileSync(join(nested, 'package.json'), JSON.stringify({ name: '@pidgate/cli' }));
  return { dir, nested };
}

describe('the data directory of store commands', () => {
  it('from a package folder of a workspace: the root data/, said when created; no second database', async () => {
    const { dir, nested } = layout('workspace', { name: 'pidgate', workspaces: ['apps/*'] });
    const first = await runCli(['db', 'migrate'], '', { cwd: nested });
    expect(first.code).toBe(0);
    const db = join(dir, 'data', 'pidgate.sqlite');
    expect(existsSync(db)).toBe(true);
    expect(existsSync(join(nested, 'data'))).toBe(false);
    expect(first.stderr).toContain(`created the SQLite database ${db}`);
    // A token made from the nested folder is seen from the root: one database.
    const token = await runCli(['token', 'create', '--admin', '--name', 'ops'], '', { cwd: nested });
    expect(token.code).toBe(0);
    expect(token.stderr).not.toContain('created the SQLite database');
    const list = await runCli(['token', 'list'], '', { cwd: dir });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('ops');
  });

  it('without workspaces: the nearest folder holding data/pidgate.sqlite', async () => {
    const { dir, nested } = layout('installed', null);
    expect((await runCli(['db', 'migrate'], '', { cwd: dir })).code).toBe(0);
    const run = await runCli(['db', 'migrate'], '', { cwd: nested });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('created');
    expect(existsSync(join(nested, 'data'))).toBe(false);
  });

  it('with nothing above: the working directory; PIDGATE_DATA_DIR wins, relative to it', async () => {
    const { nested } = layout('bare', null);
    const run = await runCli(['db', 'migrate'], '', { cwd: nested, env: { PIDGATE_DATA_DIR: 'elsewhere' } });
    expect(run.code).toBe(0);
    expect(existsSync(join(nested, 'elsewhere', 'pidgate.sqlite'))).toBe(true);
    const plain = await runCli(['db', 'migrate'], '', { cwd: nested });
    expect(plain.stderr).toContain(`created the SQLite database ${join(nested, 'data', 'pidgate.sqlite')}`);
  });
});
