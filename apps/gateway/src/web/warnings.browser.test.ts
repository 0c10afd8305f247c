import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { axeViolations, CHROMIUM_AVAILABLE, launchChromium, recordProblems } from '../testing/browser.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';

/**
 * The home page's list normalizer shows the warnings the gateway's records carry, in real Chromium against
 * the gateway on 127.0.0.1: beside each row, counted in the summary, and in the downloads.
 */
const BOM = [0xef, 0xbb, 0xbf];

/** An ISBN-13 of its first twelve digits, the check digit computed here (ISO 2108: weights 1 and 3, mod 10). */
function isbn13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

// 979-8 (United States): its first allocated registrant range is 030-034, so 979-8-00… is in none
const UNALLOCATED = isbn13('979800000000');
// 978-0-395-36341-6 with U+2010 HYPHEN between its elements, as copied from a catalogue page
const DASHED = '978\u20100\u2010395\u201036341\u20106';

describe.skipIf(!CHROMIUM_AVAILABLE)('the list normalizer shows warnings', () => {
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

  async function download(): Promise<string> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    return readFileSync(await file.path())
      .subarray(BOM.length)
      .toString('utf8');
  }

  it('a Unicode-dashed ISBN and one in an unallocated range: a warning beside each row, counted, downloaded', async () => {
    await page.goto(base);
    await page.getByLabel('Identifiers, one per line').fill([DASHED, UNALLOCATED, '10.1000/182', 'nope'].join('\n'));
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#count-warnings').textContent()).toBe('2');
    expect(await page.locator('#normalize-summary').textContent()).toContain('with warnings');
    const rows = page.locator('#rows-body tr');
    expect(await rows.count()).toBe(4);
    const codesOf = async (i: number) =>
      rows
        .nth(i)
        .locator('.warning')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-code')));
    expect(await codesOf(0)).toEqual(['isbn-unicode-separator']);
    expect(await codesOf(1)).toEqual(['isbn-unallocated-range']);
    expect(await codesOf(2)).toEqual([]);
    expect(await codesOf(3)).toEqual([]);
    // the message is on the page, beside the code, not only in a tooltip
    expect(await rows.nth(0).locator('.warning').textContent()).toMatch(/isbn-unicode-separator U\+2010 read as/);
    expect(await rows.nth(1).locator('.warning').isVisible()).toBe(true);

    const lines = (await download()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('line,input,ok,scheme,normalized,url,group,error_code,error_message,error_offset,warnings');
    expect(lines[1]?.endsWith(',isbn-unicode-separator')).toBe(true);
    expect(lines[2]?.endsWith(',isbn-unallocated-range')).toBe(true);
    expect(lines[3]?.endsWith(',,,,')).toBe(true);

    const [json] = await Promise.all([page.waitForEvent('download'), page.locator('#download-json').click()]);
    const doc = JSON.parse(readFileSync(await json.path(), 'utf8')) as { results: { warnings?: { code: string }[] }[] };
    expect(doc.results.map((r) => r.warnings?.map((w) => w.code))).toEqual([
      ['isbn-unicode-separator'],
      ['isbn-unallocated-range'],
      undefined,
      undefined,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a spreadsheet: the warnings column after error_message', async () => {
    await page.goto(base);
    const csv = `Title,ISBN\r\nDashed,${DASHED}\r\nPlain,10.1000/182\r\n`;
    await page.getByLabel('Or a file').setInputFiles({ name: 'b.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.locator('#csv-options:not([hidden])').waitFor();
    await page.locator('#csv-column option').first().waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#count-warnings').textContent()).toBe('1');
    const lines = (await download()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Title,ISBN,scheme,normalized,url,group,error_code,error_message,warnings',
      `Dashed,${DASHED},isbn,urn:isbn:9780395363416,https://openlibrary.org/isbn/9780395363416,1,,,isbn-unicode-separator`,
      'Plain,10.1000/182,doi,doi:10.1000/182,https://doi.org/10.1000/182,2,,,',
    ]);
    expect(problems).toEqual([]);
  });
});
