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
