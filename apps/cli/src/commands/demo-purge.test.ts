import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// demo-purge against a real SQLite file, with --now as the clock.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-demo-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' }, demo: { expiryDays: 14 } }));
const cli = (args: string[]) => runCli([...args, '--config', config]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pidgate demo-purge', () => {
  it('removes the expired demo identifiers only, and says what it did', async () => {
    const store = await openStore({ dataDir: join(dir, 'db') });
    const at = '2026-05-01T00:00:00.000Z';
    await store.importBindings(
      ['ark:/99999/fk4one', 'doi:10.5072/fk2two', 'ark:/99999/x6keep'].map((key) => ({
        key,
        target: 'https://example.org/',
        createdAt: at,
        updatedAt: at,
      })),
    );
    await store.close();
    const early = await cli(['demo-purge', '--now', '2026-05-14T23:59:59Z']);
    expect(early).toMatchObject({ code: 0, stdout: '' });
    expect(early.stderr).toContain('purged 0 demo identifier(s) created before 2026-04-30T23:59:59.000Z');
    const due = await cli(['demo-purge', '--now', '2026-05-15T00:00:01Z']);
    expect(due.code).toBe(0);
    expect(due.stdout).toBe('ark:/99999/fk4one\ndoi:10.5072/fk2two\n');
    const again = await openStore({ dataDir: join(dir, 'db') });
    expect((await again.getBinding('ark:/99999/x6keep')).ok).toBe(true);
    await again.close();
  });

  it('refuses a --now that is no instant, with exit status 2', async () => {
    expect((await cli(['demo-purge', '--now', 'tomorrow'])).code).toBe(2);
  });
});
