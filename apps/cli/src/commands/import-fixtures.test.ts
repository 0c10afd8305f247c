import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '@pidgate/store';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing.ts';

// `pidgate import` of malformed files (fixtures/import/, made by hand to break one rule each), each into a
// fresh SQLite file: what was accepted, what was refused and at which line, the exit status. The table is
// printed (it is the one in docs/ezid.md, "Imports that fail").
const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'import');
const dir = mkdtempSync(join(tmpdir(), 'pidgate-import-fixtures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A configuration with a database of its own. */
function freshConfig(): string {
  const config = join(dir, `gateway-${++n}.json`);
  writeFileSync(config, JSON.stringify({ store: { dataDir: `db-${n}` } }));
  return config;
}

interface Row {
  fixture: string;
  from: string;
  accepted: number;
  refused: number;
  lines: number[] | 'file refused';
  exit: number;
}

// The fixtures' NAANs are not this test instance's: --allow-foreign, as the test is about malformed files.
async function importFixture(fixture: string, from: string, extra: string[] = [], config = freshConfig()) {
  const run = await runCli([
    'import',
    '--allow-foreign',
    '--from',
    from,
    ...extra,
    join(fixtures, fixture),
    '--config',
    config,
  ]);
  const totals = /(?:imported|would import) (\d+) of (\d+) records/.exec(run.stderr);
  const reported = run.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { line: number; file: string; code: string });
  const row: Row = {
    fixture,
    from,
    accepted: totals ? Number(totals[1]) : 0,
    refused: totals ? Number(totals[2]) - Number(totals[1]) : 0,
    lines: totals ? reported.map((r) => r.line).sort((a, b) => a - b) : 'file refused',
    exit: run.code,
  };
  return { run, row, reported, config };
}

const table: Row[] = [];
afterAll(() => {
  const head = '| fixture | --from | accepted | refused | reported at line | exit |\n|---|---|---|---|---|---|';
  const body = table.map(
    (r) =>
      `| ${r.fixture} | ${r.from} | ${r.accepted} | ${r.refused} | ${Array.isArray(r.lines) ? r.lines.join(', ') || '-' : r.lines} | ${r.exit} |`,
  );
  console.log([head, ...body].join('\n'));
});

describe('pidgate import of malformed files', () => {
  it.each([
    // fixture, format, accepted, refused, lines reported, exit status
    ['arklet-quote-5002.csv', 'arklet', 5998, 1, [5003], 1],
    ['ezid-quotes.csv', 'ezid', 4, 2, [6, 8], 1],
    ['ezid-repeated.anvl', 'ezid', 1, 3, [3, 8, 14], 1],
    ['ezid-all-bad.anvl', 'ezid', 0, 2, [3, 6], 2],
    ['n2t-repeated.dump', 'n2t', 1, 1, [7], 1],
  ] as const)(
    '%s (--from %s): %i accepted, %i refused, reported at %j, exit %i',
    async (fixture, from, accepted, refused, lines, exit) => {
      const { row, reported } = await importFixture(fixture, from);
      table.push(row);
      expect(row).toEqual({ fixture, from, accepted, refused, lines, exit });
      for (const r of reported) expect(r.file).toBe(join(fixtures, fixture));
    },
  );

  it.each([
    ['ezid-as-json.json', 'ezid', /it looks like NDJSON|it looks like a JSON document/],
    ['ezid-download.anvl.gz', 'ezid', /it looks like a gzip archive/],
    ['random.bin', 'ezid', /it looks like binary data/],
    ['random.bin', 'arklet', /it looks like binary data/],
    ['random.bin', 'n2t', /it looks like binary data/],
    ['prose.txt', 'ezid', /it looks like text that is neither ANVL/],
    ['ezid-repeated.anvl', 'arklet', /it looks like EZID's ANVL download/],
    ['arklet-quote-5002.csv', 'ezid', /its header row has no _id column/],
  ] as const)('%s given as --from %s is refused before anything is written, exit 2', async (fixture, from, message) => {
    const { row, run, config } = await importFixture(fixture, from);
    table.push(row);
    expect(row).toMatchObject({ accepted: 0, refused: 0, lines: 'file refused', exit: 2 });
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain(fixture);
    expect(run.stdout).toBe('');
    // Refused before the store was opened: no database was made.
    const store = await openStore({ dataDir: join(dir, `db-${config.match(/gateway-(\d+)/)?.[1]}`) });
    const listed = await store.listBindings();
    await store.close();
    expect(listed.ok && listed.value.items).toEqual([]);
  });

  it('--dry-run reports what the import would do and writes nothing', async () => {
    const config = freshConfig();
    const dry = await importFixture('arklet-quote-5002.csv', 'arklet', ['--dry-run'], config);
    expect(dry.row).toMatchObject({ accepted: 5998, refused: 1, lines: [5003], exit: 1 });
    expect(dry.run.stderr).toContain('dry run: would import 5998 of 5999 records');
    const dataDir = join(dir, `db-${config.match(/gateway-(\d+)/)?.[1]}`);
    let store = await openStore({ dataDir });
    expect((await store.getBinding('ark:/99999/fk4r5002')).ok).toBe(false);
    await store.close();
    const real = await importFixture('arklet-quote-5002.csv', 'arklet', [], config);
    expect(real.row).toEqual({ ...dry.row });
    store = await openStore({ dataDir });
    const b = await store.getBinding('ark:/99999/fk4r5002');
    await store.close();
    expect(b.ok && b.value.target).toBe('https://example.org/5%22floppy'); // stored as its WHATWG serialization (issue 27);
    // A second dry run sees the bindings now there: nothing would be created.
    const again = await importFixture(
      'arklet-quote-5002.csv',
      'arklet',
      ['--dry-run', '--on-existing', 'skip'],
      config,
    );
    expect(again.run.stderr).toContain('0 created, 0 updated, 0 unchanged, 5998 skipped, 1 failed');
  });
});

describe('--max-line-length in pidgate import', () => {
  const long = `https://example.org/${'x'.repeat(5000)}`;

  it('NDJSON: a line over the maximum is refused at its line, the lines after it imported', async () => {
    const file = join(dir, 'long.ndjson');
    const line = (n: number, target: string) => JSON.stringify({ identifier: `ark:/99999/fk4L${n}`, target });
    writeFileSync(file, `${line(1, 'https://example.org/1')}\n${line(2, long)}\n${line(3, 'https://example.org/3')}\n`);
    const run = await runCli([
      'import',
      '--allow-foreign',
      '--max-line-length',
      '1000',
      file,
      '--config',
      freshConfig(),
    ]);
    expect(run.code).toBe(1);
    const reported = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(reported).toEqual([expect.objectContaining({ line: 2, ok: false, code: 'line-too-long' })]);
    expect(run.stderr).toContain('imported 2 of 3 lines');
  });

  it('--from arklet CSV: a row over the maximum (quoted line breaks inside) is refused at its line, the rest imported', async () => {
    const file = join(dir, 'long-arklet.csv');
    writeFileSync(
      file,
      `ark,url,title,created_at\n99999/fk4m1,https://example.org/1,,\n99999/fk4m2,${long},"a\nb",\n99999/fk4m3,https://example.org/3,,\n`,
    );
    const config = freshConfig();
    const run = await runCli([
      'import',
      '--allow-foreign',
      '--from',
      'arklet',
      '--max-line-length',
      '1000',
      file,
      '--config',
      config,
    ]);
    expect(run.code).toBe(1);
    const reported = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(reported).toEqual([expect.objectContaining({ line: 3, ok: false, code: 'line-too-long' })]);
    expect(run.stderr).toContain('imported 2 of 3 records');
    const store = await openStore({ dataDir: join(dir, `db-${config.match(/gateway-(\d+)/)?.[1]}`) });
    const third = await store.getBinding('ark:/99999/fk4m3');
    await store.close();
    expect(third.ok).toBe(true);
  });
});

describe('--dry-run with no database yet', () => {
  it('creates neither the database nor its data directory, and reads it as empty', async () => {
    const config = join(dir, 'gateway-nodb.json');
    writeFileSync(config, JSON.stringify({ store: { dataDir: 'never-made/db' } }));
    const run = await runCli([
      'import',
      '--allow-foreign',
      '--from',
      'arklet',
      '--dry-run',
      join(fixtures, 'arklet-quote-5002.csv'),
      '--config',
      config,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('dry run: would import 5998 of 5999 records');
    expect(run.stderr).toContain('5998 created, 0 updated');
    expect(existsSync(join(dir, 'never-made'))).toBe(false);
  });
});
