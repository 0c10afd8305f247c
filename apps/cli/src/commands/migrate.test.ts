import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate import --from ezid|n2t|arklet and pidgate export --to ezid against a real SQLite file, with the
// gateway's sample files (apps/gateway/src/ezid/fixtures, made from each format's published description).
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../../gateway/src/ezid/fixtures');
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-migrate-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
const cli = (args: string[]) => runCli([...args, '--config', config]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The NAANs of the sample files, served by both databases: import binds only under served NAANs. */
async function serve(dataDir: string): Promise<void> {
  const store = await openStore({ dataDir });
  for (const naan of ['99999', '13960']) await store.addNaan(naan);
  await store.close();
}
beforeAll(async () => {
  await serve(join(dir, 'db'));
  await serve(join(dir, 'db2'));
});

describe('pidgate import --from / export --to', () => {
  it('imports an EZID download, reports the records that fail with file and line, and is idempotent', async () => {
    const file = join(fixtures, 'ezid-download.anvl');
    const run = await cli(['import', '--from', 'ezid', file]);
    expect(run.code).toBe(1);
    const failures = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; line: number; code: string });
    expect(failures.map((f) => [f.line, f.code])).toEqual([
      [52, 'anvl-parse-error'],
      [14, expect.stringMatching(/^(scheme-not-bindable|unknown-scheme)$/)],
    ]);
    expect(failures[0]?.file).toBe(file);
    expect(run.stderr).toMatch(
      /imported 3 of 5 records in [\d.]+s: 3 created, 0 updated, 0 unchanged, 0 skipped, 2 failed/,
    );
    const again = await cli(['import', '--from', 'ezid', file]);
    expect(again.stderr).toContain('0 created, 0 updated, 3 unchanged');
    const store = await openStore({ dataDir: join(dir, 'db') });
    const b = await store.getBinding('ark:/99999/fk4gone1');
    await store.close();
    expect(b.ok && [b.value.identifierStatus, b.value.statusReason]).toEqual(['unavailable', 'withdrawn by author']);
  });

  it('refuses an EZID record that names _target twice, with the file line of the repeat', async () => {
    const file = join(dir, 'repeated.anvl');
    writeFileSync(
      file,
      ':: ark:/99999/fk4twice\r\n_target: http://example.org/a\r\n_target: http://example.org/b\r\n\r\n' +
        ':: ark:/99999/fk4once\r\n_target: http://example.org/c\r\n',
    );
    const run = await cli(['import', '--from', 'ezid', file]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({
      file,
      line: 3,
      ok: false,
      code: 'anvl-parse-error',
      detail: 'repeated label: _target',
    });
    expect(run.stderr).toContain('1 created');
    const store = await openStore({ dataDir: join(dir, 'db') });
    const twice = await store.getBinding('ark:/99999/fk4twice');
    await store.close();
    expect(twice.ok).toBe(false);
  });

  it('imports N2T and arklet files', async () => {
    const n2t = await cli(['import', '--from', 'n2t', join(fixtures, 'n2t-binder.dump')]);
    expect(n2t.stderr).toContain('4 created');
    const arklet = await cli(['import', '--from', 'arklet', join(fixtures, 'arklet-export.csv')]);
    expect(arklet.stderr).toContain('3 created');
    expect(JSON.parse(arklet.stdout.trim())).toMatchObject({ line: 5, ok: false, code: 'invalid-element' });
    expect((await cli(['import', '--from', 'handle', join(fixtures, 'arklet-export.csv')])).code).toBe(2);
  });

  it("export --to ezid writes EZID's download format, which imports into another database unchanged", async () => {
    const run = await cli(['export', '--to', 'ezid', '--prefix', 'ark:/99999/fk4']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      [
        ':: ark:/99999/fk4gt78tq',
        '_created: 1300812337',
        '_export: yes',
        '_owner: apitest',
        '_ownergroup: apitest',
        '_profile: erc',
        '_status: public',
        '_target: http://www.gutenberg.org/ebooks/7178',
        '_updated: 1300913550',
        'erc.what: Remembrance of Things Past',
        'erc.when: 1922',
        'erc.who: Proust, Marcel',
        '',
      ].join('\n'),
    );
    const file = join(dir, 'export.anvl');
    writeFileSync(file, run.stdout);
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ store: { dataDir: 'db2' } }));
    const imported = await runCli(['import', '--from', 'ezid', file, '--config', other]);
    expect(imported.code).toBe(0);
    const count = (run.stdout.match(/^:: /gm) ?? []).length;
    expect(imported.stderr).toContain(`${count} created`);
    expect(readFileSync(file, 'utf8')).toBe((await runCli(['export', '--to', 'ezid', '--config', other])).stdout);
    expect((await cli(['export'])).code).toBe(2);
  });
});
