import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate import binds only under the NAANs this instance serves, unless --allow-foreign (real SQLite file).
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-foreign-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (id: string) => JSON.stringify({ identifier: id, target: `https://example.org/${id.slice(-3)}` });

describe('pidgate import and foreign NAANs', () => {
  it('refuses ARKs under NAANs it does not serve, says so in the summary, and binds them with --allow-foreign', async () => {
    const store = await openStore({ dataDir: join(dir, 'db') });
    await store.addNaan('99999');
    await store.close();
    const file = join(dir, 'mixed.ndjson');
    writeFileSync(file, [line('ark:/99999/fk4own'), line('ark:/13030/c7abc'), line('ark:/12345/xyz')].join('\n'));
    const run = await runCli(['import', file, '--config', config]);
    expect(run.code).toBe(1);
    const failures = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { code: string; identifier: string });
    expect(failures.map((f) => [f.identifier, f.code])).toEqual([
      ['ark:/13030/c7abc', 'foreign-naan'],
      ['ark:/12345/xyz', 'foreign-naan'],
    ]);
    expect(run.stderr).toContain('1 created');
    expect(run.stderr).toContain('2 not bound as foreign-naan (under NAANs this instance does not serve: 12345, 13030');
    const allowed = await runCli(['import', '--allow-foreign', file, '--config', config]);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('2 created, 0 updated, 1 unchanged');
    expect(allowed.stderr).toContain('--allow-foreign');
  });
});
