import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing.ts';
import { cellText } from './xlsx.ts';

const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));
const dir = () => mkdtempSync(join(tmpdir(), 'pidgate-xlsx-'));

/** Every row of a workbook's sheets, as exceljs reads them (values from column 1). */
async function readWorkbook(path: string): Promise<Map<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheets = new Map<string, unknown[][]>();
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    sheets.set(ws.name, rows);
  });
  return sheets;
}

/** A workbook of two sheets: a note first, then the list, with every kind of cell exceljs reads. */
async function booksWorkbook(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Notes').addRow(['read me first']);
  const ws = wb.addWorksheet('Books');
  ws.addRow(['Title', 'Identifier', 'Year']);
  ws.addRow(['Ærø, a history', 'doi:10.1000/182', 1999]);
  ws.addRow(['A number', 9780306406157, 2001]);
  ws.addRow(['A formula', { formula: 'CONCAT("ark:/12345/","x")', result: 'ark:/12345/x' }, 2002]);
  ws.addRow(['Rich text', { richText: [{ text: 'urn:nbn:de:' }, { text: 'bvb:19-146642' }] }, 2003]);
  ws.addRow([]);
  ws.addRow(['A date', new Date(Date.UTC(2020, 0, 2)), new Date(Date.UTC(2020, 0, 2))]);
  await wb.xlsx.writeFile(path);
}

describe('pidgate normalize --format xlsx', () => {
  it('reads the named sheet, each kind of cell as its value, and writes the cells and its columns', async () => {
    const d = dir();
    await booksWorkbook(join(d, 'books.xlsx'));
    const { code, stderr } = await runCli(
      ['normalize', '--format', 'xlsx', '--sheet', 'Books', '--column', 'Identifier', 'books.xlsx', '-o', 'out.xlsx'],
      '',
      { cwd: d },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const out = await readWorkbook(join(d, 'out.xlsx'));
    expect([...out.keys()]).toEqual(['Books']);
    const rows = out.get('Books') as unknown[][];
    expect(rows[0]).toEqual([
      'Title',
      'Identifier',
      'Year',
      'scheme',
      'normalized',
      'url',
      'error_code',
      'error_message',
      'warnings',
    ]);
    expect(rows.slice(1, 5).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['Ærø, a history', 'doi:10.1000/182', 'doi', 'doi:10.1000/182'],
      ['A number', 9780306406157, 'isbn', 'urn:isbn:9780306406157'],
      ['A formula', 'ark:/12345/x', 'ark', 'ark:/12345/x'],
      ['Rich text', 'urn:nbn:de:bvb:19-146642', 'urn', 'urn:nbn:de:bvb:19-146642'],
    ]);
    // The empty row is skipped; the date stays a date in the output, and its text (2020-01-02) is no identifier.
    expect(rows).toHaveLength(6);
    expect(rows[5]?.[2]).toEqual(new Date(Date.UTC(2020, 0, 2)));
    expect(rows[5]?.[6]).toBe('unknown-scheme');
  });

  it('without --column reads the column whose cells are identifiers, under its header (the CSV rule)', async () => {
    const d = dir();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Liste');
    ws.addRow(['Titel', 'Identifikator', 'Bemerkung']);
    ws.addRow(['Faust', 'doi:10.1000/182', 'ok']);
    ws.addRow(['Ærø', 'ISBN 978-0-306-40615-7', '']);
    ws.addRow(['Prüfung', 'nonsense', 'checked']);
    await wb.xlsx.writeFile(join(d, 'liste.xlsx'));
    const { code, stderr } = await runCli(['normalize', '--format', 'xlsx', 'liste.xlsx', '-o', 'out.xlsx'], '', {
      cwd: d,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const rows = (await readWorkbook(join(d, 'out.xlsx'))).get('Liste') as unknown[][];
    expect(rows[0]?.slice(0, 5)).toEqual(['Titel', 'Identifikator', 'Bemerkung', 'scheme', 'normalized']);
    expect(rows.slice(1).map((r) => r[4] ?? null)).toEqual(['doi:10.1000/182', 'urn:isbn:9780306406157', null]);
    expect(rows[3]?.[6]).toBe('unknown-scheme');
  });

  it('reads the first sheet by default; group numbers the classes', async () => {
    const d = dir();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('List');
    for (const id of ['ark:/12345/x', 'ARK:/12345/x', 'nope', 'doi:10.1000/1']) ws.addRow([id]);
    wb.addWorksheet('Other').addRow(['doi:10.1000/2']);
    await wb.xlsx.writeFile(join(d, 'list.xlsx'));
    const { code } = await runCli(['group', '--format', 'xlsx', 'list.xlsx', '--output', 'out.xlsx'], '', { cwd: d });
    expect(code).toBe(0);
    const rows = (await readWorkbook(join(d, 'out.xlsx'))).get('List') as unknown[][];
    expect(rows.map((r) => [r[0], r[4]])).toEqual([
      ['ark:/12345/x', 1],
      ['ARK:/12345/x', 1],
      ['nope', undefined],
      ['doi:10.1000/1', 2],
    ]);
  });

  it.each([
    [['--sheet', 'Nope'], 'no-such-sheet: no sheet "Nope"; the workbook has "Notes", "Books"'],
    [['--column', 'ISBN'], 'no column "ISBN"; the header has "read me first"'],
    [['--delimiter', ';'], '--delimiter applies to csv and tsv, not xlsx'],
    [['--encoding', 'utf-8'], '--encoding applies to text input, not xlsx'],
  ])('refuses %j with a clear message (exit 2)', async (extra, message) => {
    const d = dir();
    await booksWorkbook(join(d, 'books.xlsx'));
    const { code, stderr } = await runCli(
      ['normalize', '--format', 'xlsx', ...extra, 'books.xlsx', '-o', 'o.xlsx'],
      '',
      {
        cwd: d,
      },
    );
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('refuses a file that is not a workbook, a cell beyond the first row, and --sheet without xlsx', async () => {
    const d = dir();
    writeFileSync(join(d, 'text.xlsx'), 'ark:/12345/x\n');
    const a = await runCli(['normalize', '--format', 'xlsx', 'text.xlsx', '-o', 'o.xlsx'], '', { cwd: d });
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('not-a-workbook');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['ark:/12345/x']);
    ws.addRow(['ark:/12345/y', null, 'a note']);
    await wb.xlsx.writeFile(join(d, 'wide.xlsx'));
    const b = await runCli(['normalize', '--format', 'xlsx', 'wide.xlsx', '-o', 'o.xlsx'], '', { cwd: d });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("a row has a cell in column C, to the right of the first row's 1 columns");
    const c = await runCli(['normalize', '--sheet', 'S'], 'x\n');
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--sheet needs --format xlsx');
  });

  it('reads cells as their values', () => {
    expect(cellText(9780306406157)).toBe('9780306406157');
    expect(cellText(new Date(Date.UTC(2021, 4, 6, 7, 8, 9)))).toBe('2021-05-06T07:08:09');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText({ error: '#N/A' } as ExcelJS.CellErrorValue)).toBe('#N/A');
    expect(cellText({ text: 'hdl:1/2', hyperlink: 'https://hdl.handle.net/1/2' })).toBe('hdl:1/2');
    expect(cellText({ formula: 'A1', result: 5 } as ExcelJS.CellFormulaValue)).toBe('5');
  });

  it('round-trips 100,000 rows through the built command, standard input to standard output', async () => {
    const d = dir();
    const input = join(d, 'big.xlsx');
    const N = 100_000;
    // Written by exceljs's streaming writer: inline strings, as other programs write them too.
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: input });
    const sheet = writer.addWorksheet('Big');
    sheet.addRow(['n', 'id']).commit();
    const idOf = (i: number) => (i % 10 === 0 ? `not an id ${i}` : i % 2 ? `DOI:10.1000/R${i}` : `ark:/12345/x${i}`);
    for (let i = 1; i <= N; i++) sheet.addRow([i, idOf(i)]).commit();
    sheet.commit();
    await writer.commit();

    const child = spawn(process.execPath, [bin, 'normalize', '--format', 'xlsx', '--column', 'id'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const { createReadStream, createWriteStream } = await import('node:fs');
    createReadStream(input).pipe(child.stdin);
    child.stdout.pipe(createWriteStream(join(d, 'out.xlsx')));
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    const code = await new Promise((r) => child.on('close', r));
    expect(stderr).toBe('');
    expect(code).toBe(0);

    // Read back as a stream too: every row in order, the added cells as the rules say.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(join(d, 'out.xlsx'), {});
    let count = 0;
    let wrong = 0;
    for await (const ws of reader) {
      for await (const row of ws) {
        const [n, id, scheme, normalized, url, code] = (row.values as unknown[]).slice(1);
        if (count++ === 0) {
          expect([n, id, scheme, normalized, url, code]).toEqual([
            'n',
            'id',
            'scheme',
            'normalized',
            'url',
            'error_code',
          ]);
          continue;
        }
        const i = count - 1;
        const expected =
          i % 10 === 0
            ? [i, idOf(i), undefined, undefined, undefined, 'unknown-scheme']
            : i % 2
              ? [i, idOf(i), 'doi', `doi:10.1000/r${i}`, `https://doi.org/10.1000/R${i}`, undefined]
              : [i, idOf(i), 'ark', `ark:/12345/x${i}`, `https://n2t.net/ark:12345/x${i}`, undefined];
        if (JSON.stringify([n, id, scheme, normalized, url, code]) !== JSON.stringify(expected)) wrong++;
      }
    }
    expect(count).toBe(N + 1);
    expect(wrong).toBe(0);
  }, 300_000);
});
