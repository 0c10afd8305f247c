import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate commitment against a real SQLite file: what it sets is what the store (and so every ?? answer) holds.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-commitment-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
const cli = (args: string[]) => runCli([...args, '--config', config], '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statementsInStore = async () => {
  const store = await openStore({ dataDir: join(dir, 'db') });
  const all = await store.listCommitments();
  await store.close();
  if (!all.ok) throw new Error(all.error.message);
  return Object.fromEntries(all.value.map((c) => [c.prefix, c.statement]));
};

describe('pidgate commitment', () => {
  it('sets, shows, lists and removes the statements of a NAAN and a shoulder', async () => {
    expect((await cli(['shoulder', 'add', 'ark:/99999/fk4', '--template', 'fk4.reedeedk'])).code).toBe(0);
    expect((await cli(['commitment', 'list'])).stdout).toBe('');
    const naan = await cli([
      'commitment',
      'set',
      'ark:/99999',
      '--what',
      'Permanent: Stable Content',
      '--who',
      'Example Library',
      '--where',
      'https://example.org/policy',
    ]);
    expect(naan.code, naan.stderr).toBe(0);
    expect(JSON.parse(naan.stdout)).toMatchObject({
      prefix: 'ark:/99999',
      statement: { what: 'Permanent: Stable Content', who: 'Example Library', where: 'https://example.org/policy' },
      actor: 'cli',
    });
    expect((await cli(['commitment', 'set', 'ark:/99999/fk4/', '--what', 'Not Guaranteed'])).code).toBe(0);
    expect(await statementsInStore()).toEqual({
      'ark:/99999': { what: 'Permanent: Stable Content', who: 'Example Library', where: 'https://example.org/policy' },
      'ark:/99999/fk4': { what: 'Not Guaranteed' },
    });
    const shown = await cli(['commitment', 'show', 'ark:/99999/fk4']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ prefix: 'ark:/99999/fk4', statement: { what: 'Not Guaranteed' } });
    const listed = (await cli(['commitment', 'list'])).stdout.trim().split('\n');
    expect(listed.map((l) => JSON.parse(l).prefix)).toEqual(['ark:/99999', 'ark:/99999/fk4']);
    // Setting again replaces it.
    expect((await cli(['commitment', 'set', 'ark:/99999/fk4', '--what', 'Permanent: Dynamic Content'])).code).toBe(0);
    expect((await statementsInStore())['ark:/99999/fk4']).toEqual({ what: 'Permanent: Dynamic Content' });
    const removed = await cli(['commitment', 'remove', 'ark:/99999/fk4']);
    expect(removed).toMatchObject({ code: 0, stdout: 'removed the commitment statement of ark:/99999/fk4\n' });
    expect(Object.keys(await statementsInStore())).toEqual(['ark:/99999']);
    const gone = await cli(['commitment', 'show', 'ark:/99999/fk4']);
    expect(gone).toMatchObject({ code: 1, stderr: 'pidgate commitment: ark:/99999/fk4 has no commitment statement\n' });
    expect((await cli(['commitment', 'remove', 'ark:/99999/fk4'])).code).toBe(1);
  });

  it.each([
    [['commitment', 'set', 'ark:/99999'], 'commitment set needs --what STATEMENT'],
    [['commitment', 'set', 'ark:/99999', '--what', ' '], 'commitment set needs --what STATEMENT'],
    [['commitment', 'set', 'ark:/99999', '--what', 'x', '--where', 'ftp://x'], '--where is an http(s) URL'],
    [['commitment', 'set', 'ark:/12345', '--what', 'x'], 'ark:/12345 is no NAAN or shoulder this instance serves'],
    [['commitment', 'show', 'ark:/99999', '--what', 'x'], '--what is only for commitment set'],
    [['commitment', 'frob'], 'usage:'],
    [['commitment', 'show'], 'usage:'],
  ])('refuses %j (exit 2) and changes nothing', async (args, message) => {
    const before = await statementsInStore();
    const res = await cli(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
    expect(await statementsInStore()).toEqual(before);
  });
});
