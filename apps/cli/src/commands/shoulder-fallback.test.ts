import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate shoulder fallback against a real SQLite file: what it sets is what the store (and so the gateway) holds.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-fallback-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
const cli = (args: string[]) => runCli([...args, '--config', config], '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inStore = async () => {
  const store = await openStore({ dataDir: join(dir, 'db') });
  const all = await store.fallbacks.list();
  await store.close();
  if (!all.ok) throw new Error(all.error.message);
  return all.value.map((s) => [s.key, s.mode, s.actor]);
};

describe('pidgate shoulder fallback', () => {
  it('sets, prints and removes a shoulder fallback; refuses a bad mode and an undeclared shoulder', async () => {
    expect((await cli(['shoulder', 'add', 'ark:/99999/fk4', '--template', 'fk4.reedeedk'])).code).toBe(0);
    const none = await cli(['shoulder', 'fallback', 'ark:/99999/fk4']);
    expect([none.code, JSON.parse(none.stdout)]).toEqual([0, { shoulder: 'ark:/99999/fk4', fallback: 'none' }]);
    const set = await cli(['shoulder', 'fallback', 'ark:/99999/fk4/', 'archive-redirect']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ shoulder: 'ark:/99999/fk4', fallback: 'archive-redirect' });
    expect(await inStore()).toEqual([['ark:/99999/fk4', 'archive-redirect', 'cli']]);
    const bad = await cli(['shoulder', 'fallback', 'ark:/99999/fk4', 'archive']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('none, archive-page, archive-redirect');
    const missing = await cli(['shoulder', 'fallback', 'ark:/99999/zz', 'archive-page']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('not a declared shoulder');
    expect((await cli(['shoulder', 'fallback', 'ark:/99999/fk4', 'none'])).code).toBe(0);
    expect(await inStore()).toEqual([]);
  });
});
