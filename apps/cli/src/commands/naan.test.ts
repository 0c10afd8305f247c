// biome-ignore-all lint/suspicious/noTemplateCurlyInString: NAAN registry targets are ${content} templates.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// pidgate naan update against a real data directory named by --config.
const dir = mkdtempSync(join(tmpdir(), 'pidgate-cli-naan-'));
const config = join(dir, 'gateway.json');
writeFileSync(config, JSON.stringify({ store: { dataDir: 'db' } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[]) => runCli([...args, '--config', config], '');

const exportJson = JSON.stringify({
  metadata: { updated: '2025-06-01T00:00:00+00:00' },
  data: [
    {
      what: '12025',
      where: 'http://www.nlm.nih.gov',
      target: { url: 'http://www.nlm.nih.gov/ark:/${content}', http_code: 302 },
    },
    {
      what: '12025/x5',
      where: 'https://x.example.org',
      target: { url: 'https://x.example.org/${value}', http_code: 303 },
    },
  ],
});

describe('pidgate naan update', () => {
  it('installs a JSON export as <dataDir>/naan-table and reports it', async () => {
    const file = join(dir, 'export.json');
    writeFileSync(file, exportJson);
    const res = await cli(['naan', 'update', file]);
    expect(res.code).toBe(0);
    const dest = join(dir, 'db', 'naan-table');
    expect(res.stdout).toBe(`installed 1 NAANs (2 records, json, dated 2025-06-01T00:00:00+00:00) as ${dest}\n`);
    expect(readFileSync(dest, 'utf8')).toBe(exportJson);
  });

  it('installs ANVL too', async () => {
    const file = join(dir, 'registry.anvl');
    writeFileSync(
      file,
      'naa:\nwho: Example (=) EX\nwhat: 13030\nwhen: 2001.03.08\nwhere: http://ex.example.org\nhow: NP | (:unkn) unknown | 2001 |\n',
    );
    const res = await cli(['naan', 'update', file]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^installed 1 NAANs \(1 records, anvl, dated unknown\) as /);
  });

  it('refuses a file that is not a table (exit 1) and leaves the installed one as it was', async () => {
    const dest = join(dir, 'db', 'naan-table');
    const before = readFileSync(dest, 'utf8');
    const file = join(dir, 'bad.txt');
    writeFileSync(file, 'hello world\n');
    const res = await cli(['naan', 'update', file]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not a valid NAAN table: naan-table-format');
    expect(readFileSync(dest, 'utf8')).toBe(before);
    expect((await cli(['naan', 'update', join(dir, 'missing.json')])).code).toBe(2);
    expect((await cli(['naan', 'frobnicate'])).code).toBe(2);
    expect(existsSync(dest)).toBe(true);
  });
});
