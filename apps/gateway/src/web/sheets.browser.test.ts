import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { axeViolations, CHROMIUM_AVAILABLE, launchChromium, recordProblems } from '../testing/browser.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';

/**
 * The list normalizer with files as people save them, in real Chromium against the gateway on 127.0.0.1:
 * a Windows-1252 CSV, an ISO-8859-1 text file, invalid UTF-8, and a 100,000-row workbook in and out.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Bytes written out by hand (`latin1`: U+0000-U+00FF to one byte each). */
const bytes = (s: string) => Buffer.from(s, 'latin1');

describe.skipIf(!CHROMIUM_AVAILABLE)('the list normalizer with legacy encodings and workbooks', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const offsite: string[] = [];

  beforeAll(async () => {
    const config = testConfig({ host: '127.0.0.1', port: 0 });
    server = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    browser = await launchChromium();
    const context = await browser.newContext({ acceptDownloads: true });
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      offsite.push(url.href);
      return route.abort();
    });
    page = await context.newPage();
    recordProblems(page, problems);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const done = () => page.locator('#normalize-status[data-state="done"]').waitFor({ timeout: 200_000 });

  it('reads a Windows-1252 CSV as Excel saved it and says so', async () => {
    await page.goto(server.url);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'excel.csv',
      mimeType: 'text/csv',
      buffer: bytes(
        'Title,Identifier\r\n"\xc6r\xf8, a history",doi:10.1000/182\r\n\x93Quoted\x94 \x80 5,ark:/12345/x\r\n',
      ),
    });
    const column = page.getByLabel('Column with the identifiers');
    await column.waitFor();
    expect(await column.locator('option').allTextContents()).toEqual(['Title', 'Identifier']);
    await column.selectOption({ label: 'Identifier' });
    await page.getByRole('button', { name: 'Normalize' }).click();
    await done();
    const note = page.locator('#normalize-encoding');
    expect(await note.isVisible()).toBe(true);
    expect(await note.getAttribute('data-encoding')).toBe('windows-1252');
    expect(await note.textContent()).toContain('excel.csv is not UTF-8: it was read as windows-1252');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text).toContain('"Ærø, a history",doi:10.1000/182,doi,doi:10.1000/182');
    expect(text).toContain('“Quoted” € 5,ark:/12345/x,ark');
    expect(text).not.toContain('\ufffd');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads an ISO-8859-1 text file', async () => {
    await page.goto(server.url);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'latin1.txt',
      mimeType: 'text/plain',
      buffer: bytes('Caf\xe9\nurn:nbn:de:bvb:19-146642\nM\xfcller\n'),
    });
    await done();
    expect(await page.locator('#rows-body tr td:nth-child(2)').allTextContents()).toEqual([
      'Café',
      'urn:nbn:de:bvb:19-146642',
      'Müller',
    ]);
    expect(await page.locator('#normalize-encoding').textContent()).toContain('read as windows-1252');
  });

  it('stops on invalid UTF-8 after a UTF-8 start, naming the line, replacing nothing', async () => {
    await page.goto(server.url);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'late.txt',
      mimeType: 'text/plain',
      buffer: Buffer.concat([bytes('ark:/12345/x\n'.repeat(30_000)), bytes('Caf\xe9\n')]),
    });
    const status = page.locator('#normalize-status[data-state="failed"]');
    await status.waitFor({ timeout: 120_000 });
    expect(await status.textContent()).toContain('line 30,001 is not utf-8 text (invalid-encoding)');
    expect(await page.locator('#rows-body').textContent()).not.toContain('\ufffd');
    expect(await page.locator('#normalize-encoding').isHidden()).toBe(true);
  });

  it('reads a file again in the encoding chosen, showing the guess and the choice', async () => {
    await page.goto(server.url);
    const encoding = page.getByLabel('Text encoding of a file');
    expect(await encoding.inputValue()).toBe('');
    // 0xE9 is é in both; 0x80 is € in Windows-1252 and the control U+0080 in ISO-8859-1
    await page.getByLabel('Or a file').setInputFiles({
      name: 'prices.txt',
      mimeType: 'text/plain',
      buffer: bytes('Caf\xe9 \x80\nurn:nbn:de:bvb:19-146642\n'),
    });
    await done();
    const inputs = page.locator('#rows-body tr td:nth-child(2)');
    const note = page.locator('#normalize-encoding');
    // two letters outside ASCII are little to go by: jschardet's guess is shown, whichever it is
    expect(await note.isVisible()).toBe(true);
    const guess = (await note.getAttribute('data-encoding')) as string;
    expect(await note.textContent()).toContain(`prices.txt is not UTF-8: it was read as ${guess} (encoding-guessed`);

    await encoding.selectOption({ label: 'Windows-1252 (Western Europe, Americas: Excel on Windows)' });
    await page.locator('#normalize-encoding[data-encoding="windows-1252"]').waitFor();
    await done();
    expect(await inputs.allTextContents()).toEqual(['Café €', 'urn:nbn:de:bvb:19-146642']);
    expect(await note.textContent()).toBe(
      `prices.txt was read as windows-1252, as chosen under Options (detection guessed ${guess} from its first 32 bytes).`,
    );

    await encoding.selectOption({ label: 'ISO-8859-1 (Latin-1)' });
    await page.locator('#normalize-encoding[data-encoding="iso-8859-1"]').waitFor();
    await done();
    expect(await inputs.allTextContents()).toEqual(['Café \u0080', 'urn:nbn:de:bvb:19-146642']);
    expect(await note.isVisible()).toBe(true);
    expect(await note.getAttribute('data-detected')).toBe(guess);
    expect(await note.getAttribute('data-chosen')).toBe('true');

    // UTF-8 said of a file that is not: it stops, replacing nothing
    await encoding.selectOption({ label: 'UTF-8' });
    const failed = page.locator('#normalize-status[data-state="failed"]');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('line 1 is not utf-8 text (invalid-encoding)');
    expect(await page.locator('#rows-body').textContent()).not.toContain('\ufffd');
    expect(await axeViolations(page)).toEqual([]);
    await encoding.selectOption({ label: 'detect (UTF-8, UTF-16 by its mark, else a guess)' });
  });

  it("reads a CSV's header again in the encoding chosen", async () => {
    await page.goto(server.url);
    // 0xA4: ¤ in Windows-1252, € in ISO-8859-15
    await page.getByLabel('Or a file').setInputFiles({
      name: 'preise.csv',
      mimeType: 'text/csv',
      buffer: bytes('Titel;Preis \xa4;DOI\r\nCaf\xe9;5;10.1000/182\r\nTh\xe9;4;10.1000/183\r\n'),
    });
    const column = page.getByLabel('Column with the identifiers');
    await page.locator('#csv-column option').first().waitFor({ state: 'attached' });
    expect(await column.locator('option').allTextContents()).toEqual(['Titel', 'Preis ¤', 'DOI']);
    await page.getByLabel('Text encoding of a file').selectOption({ label: 'ISO-8859-15 (Latin-9, with €)' });
    await page.locator('#csv-column option', { hasText: 'Preis €' }).waitFor({ state: 'attached' });
    expect(await column.locator('option').allTextContents()).toEqual(['Titel', 'Preis €', 'DOI']);
    expect(await column.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Normalize' }).click();
    await done();
    expect(await page.locator('#count-ok').textContent()).toBe('2');
    expect(await page.locator('#normalize-encoding').getAttribute('data-encoding')).toBe('iso-8859-15');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    expect(readFileSync(await csv.path(), 'utf8')).toContain('Titel;Preis €;DOI;scheme');
    await page
      .getByLabel('Text encoding of a file')
      .selectOption({ label: 'detect (UTF-8, UTF-16 by its mark, else a guess)' });
  });

  it("lists a workbook's sheets and reads the one chosen, the column picker following", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-sheets-'));
    const input = join(dir, 'library.xlsx');
    const book = new ExcelJS.Workbook();
    const notes = book.addWorksheet('Notes');
    notes.addRow(['Books bought in 2024, see the second sheet']);
    notes.addRow(['Checked by the acquisitions team']);
    book.addWorksheet('Empty');
    const books = book.addWorksheet('Books');
    books.addRow(['Title', 'ISBN', 'Copies']);
    books.addRow(['Ærø, a history', '978-0-395-36341-6', 2]);
    books.addRow(['Another', '0-395-36341-1', 1]);
    books.addRow(['Not one', 'pending', 1]);
    await book.xlsx.writeFile(input);

    await page.goto(server.url);
    await page.getByLabel('Or a file').setInputFiles(input);
    const sheet = page.getByLabel('Sheet');
    await page.locator('#sheet-choice:not([hidden])').waitFor();
    expect(await sheet.locator('option').allTextContents()).toEqual(['Notes', 'Empty', 'Books']);
    expect(await sheet.inputValue()).toBe('Notes');
    expect(await page.locator('#csv-file').textContent()).toBe(
      'library.xlsx (Excel workbook, sheet “Notes”, one of 3)',
    );
    // a workbook has no separator to choose
    expect(await page.locator('#delimiter-choice').isHidden()).toBe(true);

    await sheet.selectOption('Empty');
    await page.locator('#normalize-status', { hasText: 'is empty: choose another sheet' }).waitFor();

    await sheet.selectOption('Books');
    const column = page.getByLabel('Column with the identifiers');
    await page.locator('#csv-column option', { hasText: 'ISBN' }).waitFor({ state: 'attached' });
    expect(await column.locator('option').allTextContents()).toEqual(['Title', 'ISBN', 'Copies']);
    // chosen by content, as pidgate normalize --sheet Books chooses it
    expect(await column.inputValue()).toBe('1');
    expect(await page.locator('#csv-file').textContent()).toBe(
      'library.xlsx (Excel workbook, sheet “Books”, one of 3)',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Normalize' }).click();
    await done();
    expect(await page.locator('#count-lines').textContent()).toBe('3');
    expect(await page.locator('#count-ok').textContent()).toBe('2');
    // standard level (the page's default): the ISBN-10 and its ISBN-13 are one group
    expect(await page.locator('#count-distinct').textContent()).toBe('1');

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-xlsx').click()]);
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(await download.path());
    expect(out.worksheets.map((w) => w.name)).toEqual(['Books']);
    const rows: unknown[][] = [];
    out.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1, 5));
    });
    expect(rows).toEqual([
      ['Title', 'ISBN', 'Copies', 'scheme'],
      ['Ærø, a history', '978-0-395-36341-6', 2, 'isbn'],
      ['Another', '0-395-36341-1', 1, 'isbn'],
      ['Not one', 'pending', 1, undefined],
    ]);
  });

  it('a 100,000-row workbook in, column picked, a workbook out with every row', { timeout: 600_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pidgate-sheets-'));
    const input = join(dir, 'big.xlsx');
    const N = 100_000;
    const idOf = (i: number) => (i % 10 === 0 ? `not an id ${i}` : i % 2 ? `DOI:10.1000/R${i}` : `ark:/12345/x${i}`);
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: input });
    const sheet = writer.addWorksheet('Big');
    sheet.addRow(['n', 'id']).commit();
    for (let i = 1; i <= N; i++) sheet.addRow([i, idOf(i)]).commit();
    sheet.commit();
    await writer.commit();

    await page.goto(server.url);
    await page.getByLabel('Or a file').setInputFiles(input);
    const column = page.getByLabel('Column with the identifiers');
    await column.waitFor({ timeout: 120_000 });
    expect(await page.locator('#csv-file').textContent()).toBe('big.xlsx (Excel workbook, sheet “Big”)');
    expect(await column.locator('option').allTextContents()).toEqual(['n', 'id']);
    await column.selectOption({ label: 'id' });
    await page.getByRole('button', { name: 'Normalize' }).click();
    await done();
    expect(await page.locator('#count-lines').textContent()).toBe('100,000');
    expect(await page.locator('#count-errors').textContent()).toBe('10,000');
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 300_000 }),
      page.locator('#download-xlsx').click({ noWaitAfter: true, timeout: 300_000 }),
    ]);
    expect(download.suggestedFilename()).toBe('pidgate-normalized.xlsx');
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(await download.path(), {});
    let count = 0;
    let wrong = 0;
    for await (const ws of reader) {
      for await (const row of ws) {
        const [n, id, scheme, normalized, , , code] = (row.values as unknown[]).slice(1);
        if (count++ === 0) {
          expect([n, id, scheme, normalized, code]).toEqual(['n', 'id', 'scheme', 'normalized', 'error_code']);
          continue;
        }
        const i = count - 1;
        // The workbook's own cells keep their values (n stays a number).
        const expected =
          i % 10 === 0
            ? [i, idOf(i), undefined, undefined, 'unknown-scheme']
            : i % 2
              ? [i, idOf(i), 'doi', `doi:10.1000/r${i}`, undefined]
              : [i, idOf(i), 'ark', `ark:/12345/x${i}`, undefined];
        if (JSON.stringify([n, id, scheme, normalized, code]) !== JSON.stringify(expected)) wrong++;
      }
    }
    expect(count).toBe(N + 1);
    expect(wrong).toBe(0);
  });

  it('raised no script error and asked nothing of any other host', () => {
    expect(problems).toEqual([]);
    expect(offsite).toEqual([]);
  });
});
