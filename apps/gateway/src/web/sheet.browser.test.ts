import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { axeViolations, CHROMIUM_AVAILABLE, launchChromium, recordProblems } from '../testing/browser.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';

/**
 * The home page's list normalizer follows the spreadsheet policy `pidgate normalize` follows (docs/cli.md,
 * "Spreadsheets"), in real Chromium against the gateway on 127.0.0.1: the column by content, the
 * separator, the BOM, formula cells, the url column, one row per group, and the level in words.
 */
const BOM = [0xef, 0xbb, 0xbf];

describe.skipIf(!CHROMIUM_AVAILABLE)('the list normalizer follows the spreadsheet policy', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let base: string;
  const problems: string[] = [];

  beforeAll(async () => {
    const config = testConfig({ host: '127.0.0.1', port: 0 });
    server = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    base = server.url;
    browser = await launchChromium();
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
    await context.route('**/*', (route) =>
      new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
    );
    page = await context.newPage();
    recordProblems(page, problems);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function upload(name: string, text: string): Promise<void> {
    await page.goto(base);
    await page.getByLabel('Or a file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
    await page.locator('#csv-options:not([hidden])').waitFor();
    await page.locator('#csv-column option').first().waitFor({ state: 'attached' });
  }

  async function run(): Promise<string> {
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    return (await page.locator('#normalize-status').textContent()) ?? '';
  }

  async function download(): Promise<Buffer> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    return readFileSync(await file.path());
  }

  it('Titel;Identifikator;Bemerkung: the ";" found, the middle column chosen by content, the header seen', async () => {
    const rows = ['Titel;Identifikator;Bemerkung'];
    for (let i = 1; i <= 32; i++) rows.push(`Buch ${i};10.1000/${i};Band ${i}`);
    await upload('liste.csv', `${rows.join('\r\n')}\r\n`);
    expect(await page.locator('#csv-file').textContent()).toBe('liste.csv (CSV, semicolon between cells)');
    expect(await page.getByLabel('Column with the identifiers').inputValue()).toBe('1');
    expect(await page.getByLabel('The first row is a header').isChecked()).toBe(true);
    expect(await run()).toBe('Done: 32 lines, 32 normalized, 0 errors, 0 groups of equivalent lines.');
    const csv = await download();
    expect([...csv.subarray(0, 3)]).toEqual(BOM);
    const lines = csv.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Titel;Identifikator;Bemerkung;scheme;normalized;url;group;error_code;error_message;warnings',
    );
    expect(lines[1]).toBe('Buch 1;10.1000/1;Band 1;doi;doi:10.1000/1;https://doi.org/10.1000/1;1;;;');
    expect(await page.locator('#rows-body tr').first().locator('a').getAttribute('href')).toBe(
      'https://doi.org/10.1000/1',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a three-row ";" file; the separator control reads it again as asked', async () => {
    await upload('drei.csv', 'Titel;DOI;Notiz\r\n"Müller, A.";10.1000/1;x\r\n"Weber, B.";10.1000/2;\r\n');
    expect(await page.locator('#csv-file').textContent()).toBe('drei.csv (CSV, semicolon between cells)');
    expect(await page.getByLabel('Column with the identifiers').inputValue()).toBe('1');
    await page.getByLabel('Separator').selectOption(',');
    await page.locator('#csv-file', { hasText: 'comma' }).waitFor();
    // read with ",", the header row is one cell
    await expect.poll(() => page.locator('#csv-column option').count()).toBe(1);
    await page.getByLabel('Separator').selectOption(';');
    await page.locator('#csv-file', { hasText: 'semicolon' }).waitFor();
    await expect.poll(() => page.locator('#csv-column option').count()).toBe(3);
    expect(await run()).toBe('Done: 2 lines, 2 normalized, 0 errors, 0 groups of equivalent lines.');
  });

  it("formula-looking cells get a ' in the download, unless kept raw", async () => {
    const sheet = 'id,note\r\n10.1000/1,"=HYPERLINK(""http://x"")"\r\n10.1000/2,-1\r\n10.1000/3,@SUM(A1)\r\n';
    await upload('f.csv', sheet);
    await run();
    let text = (await download()).subarray(3).toString('utf8');
    expect(text).toContain(`10.1000/1,"'=HYPERLINK(""http://x"")",doi`);
    expect(text).toContain("10.1000/2,'-1,doi");
    expect(text).toContain("10.1000/3,'@SUM(A1),doi");
    await upload('f.csv', sheet);
    await page.getByLabel('Keep formula-looking cells as they are (--raw-formulas)').check();
    await run();
    text = (await download()).subarray(3).toString('utf8');
    expect(text).toContain('10.1000/1,"=HYPERLINK(""http://x"")",doi');
    expect(text).toContain('10.1000/2,-1,doi');
    // a pasted list: the lines download neutralizes its cells the same way
    await page.goto(base);
    await page.getByLabel('Identifiers, one per line').fill('-1\n10.1000/1\n');
    await run();
    text = (await download()).subarray(3).toString('utf8');
    expect(text.split('\r\n')[1]).toMatch(/^1,'-1,false,/);
  });

  it('ISBN-10 and ISBN-13 of one book are one group by default, apart at the lexical level; one row per group', async () => {
    const list = 'ISBN 0-395-36341-1\n978-0-395-36341-6\n 10.1000/1\n10.1000/1\n';
    await page.goto(base);
    expect(await page.getByLabel('Equivalent when').inputValue()).toBe('standard');
    expect(await page.locator('#level-hint').textContent()).toContain('an ISBN-10 and the ISBN-13 of the same book');
    await page.getByLabel('Identifiers, one per line').fill(list);
    expect(await run()).toBe('Done: 4 lines, 3 normalized, 1 error, 1 group of equivalent lines.');
    expect(await page.locator('#groups-list > li').getAttribute('data-normalized')).toBe('urn:isbn:9780395363416');
    // --trim on the page: the line with a space before it joins its group
    await page.getByLabel('Remove spaces around each identifier (--trim)').check();
    expect(await run()).toBe('Done: 4 lines, 4 normalized, 0 errors, 2 groups of equivalent lines.');
    await page.getByLabel('CSV download: one row per group, with a count (--unique)').check();
    const unique = (await download()).subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(unique[0]).toBe(
      'line,input,ok,scheme,normalized,url,group,error_code,error_message,error_offset,warnings,count',
    );
    expect(unique.slice(1).map((l) => [l.split(',')[1], l.split(',').at(-1)])).toEqual([
      ['ISBN 0-395-36341-1', '2'],
      ['10.1000/1', '2'],
    ]);
    await page.getByLabel('Equivalent when').selectOption('lexical');
    expect(await run()).toBe('Done: 4 lines, 4 normalized, 0 errors, 1 group of equivalent lines.');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('names every scheme it reads, and raised no script error', async () => {
    await page.goto(base);
    const hint = (await page.locator('#resolve-hint').textContent())?.replace(/\s+/g, ' ') ?? '';
    for (const name of ['ARK', 'DOI', 'Handle', 'ISBN', 'ISNI', 'ISSN', 'ORCID iD', 'PMID', 'PURL', 'ROR ID', 'URN'])
      expect(hint).toContain(name);
    expect(problems).toEqual([]);
  });
});
