import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import {
  CHROMIUM_AVAILABLE,
  launchChromium,
  loopbackContext,
  recordProblems,
  requireChromiumUnderCi,
} from '../testing/browser.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';

/**
 * End to end, in a real browser: the gateway on 127.0.0.1 (port 0, a real socket), headless Chromium
 * driven by playwright-core. Without Chromium the tests are skipped, except under CI where that fails.
 */
// What the page functions below use of the browser; this file is type-checked without the DOM library.
declare const document: {
  activeElement: { className: string } | null;
  styleSheets: Iterable<{ href: string | null }>;
};
declare const window: unknown;
declare function getComputedStyle(e: unknown): { outlineStyle: string; backgroundColor: string; display: string };
declare class Event {
  constructor(type: string, init?: { bubbles?: boolean });
}
interface Field {
  value: string;
  dispatchEvent(e: Event): boolean;
}

const ARTIFACTS = join(import.meta.dirname, '../../../../test-artifacts');

requireChromiumUnderCi('web pages in a browser');

/** The registry's message for an input of no known scheme (it lists the schemes). */
function unknownMessage(input: string): string {
  const parsed = allSchemes.parse(input);
  if (parsed.ok) throw new Error(`${input} parses`);
  return parsed.error.message;
}

/** A fresh temporary directory for files too large to hand to the page as a buffer. */
function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pidgate-browser-'));
}

/**
 * `n` lines: even lines are 50,000 ARKs repeated (so 50,000 groups), odd lines distinct URNs in
 * capitals, every 1,000th line a malformed ARK.
 */
function millionLines(n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 1000 === 999) parts.push(`ark:/12x25/bad${i}`);
    else if (i % 2 === 0) parts.push(`ark:/12025/item${(i / 2) % 50_000}`);
    else parts.push(`URN:EXAMPLE:item-${i}`);
  }
  return `${parts.join('\n')}\n`;
}

/** A list of mixed identifiers: equivalent in groups, plus malformed ones. */
const MIXED = [
  'ark:/12025/654xz321', // 1: ARK group
  'ARK:/12025/654xz321', // 2
  'https://n2t.net/ark:/12025/654xz321', // 3
  'ark:12025/654-xz321', // 4
  'urn:nbn:de:bvb:19-146642', // 5: URN group
  'urn:NBN:de:bvb:19-146642', // 6
  'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk', // 7: PWID group
  'URN:PWID:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk', // 8
  'urn:pwid:ARCHIVE.ORG:2016-01-22T11:20:29Z:page:http://www.dr.dk', // 9
  'pdi://www.nyt.com.us/1997/01/01/123.html.1', // 10: PDI group
  'urn:pdi://www.nyt.com.us/1997/01/01/123.html.1', // 11
  'ark:/12x25/abc', // 12: naan-character at 7
  'urn:ex ample:x', // 13: nid-character at 6 (a space)
  'ark:/12025/', // 14: name-empty at the end
  'urn:example:alone', // 15: valid, in no group
  'hello', // 16: unknown-scheme at 0
];

describe.skipIf(!CHROMIUM_AVAILABLE)('web pages in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const problems: string[] = [];
  const offsite: string[] = [];

  beforeAll(async () => {
    const config = testConfig({ host: '127.0.0.1', port: 0 });
    server = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
    base = server.url;
    // Playwright starts Chromium with a fresh, temporary --user-data-dir of its own, removed on close.
    browser = await launchChromium({ exposeGc: true });
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
    // Only the gateway on loopback: anything else is refused and recorded.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      offsite.push(url.href);
      return route.abort();
    });
    page = await context.newPage();
    recordProblems(page, problems, { consoleErrors: true });
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the resolve box shows where an identifier goes and its metadata, without following it', async () => {
    await page.goto(base);
    expect(await page.title()).toBe('pidgate');
    // keyboard: the first Tab reaches the skip link, with a visible focus ring
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle)).toBe('solid');

    await page.getByRole('textbox', { name: 'Identifier', exact: true }).fill('ark:/12025/654xz321/s3/f8.05v.tiff');
    await page.getByRole('textbox', { name: 'Identifier', exact: true }).press('Enter');
    const target = page.locator('#resolve-target');
    await target.waitFor();
    expect(await target.textContent()).toBe('http://www.nlm.nih.gov/ark:/12025/654xz321/s3/f8.05v.tiff');
    await page.locator('#resolve-result', { hasText: 'US National Library of Medicine' }).waitFor();
    expect(page.url()).toBe(base); // the page script answered in place: nothing was followed
    expect(await page.locator('#resolve-result').getAttribute('aria-live')).toBe('polite');

    await page.getByRole('textbox', { name: 'Identifier', exact: true }).fill('ark:/12x25/abc');
    await page.getByRole('textbox', { name: 'Identifier', exact: true }).press('Enter');
    const mark = page.locator('#resolve-result mark.offending');
    await mark.waitFor();
    expect(await mark.textContent()).toBe('x');
    expect(await page.locator('#resolve-result').textContent()).toContain('naan-character');
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web-resolve.png') });
  });

  it('normalizes a pasted list: groups, errors with the offending character, downloads', async () => {
    await page.goto(`${base}#normalize`);
    await page.getByLabel('Identifiers, one per line').fill(MIXED.join('\n'));
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'Done: 16 lines, 12 normalized, 4 errors, 4 groups of equivalent lines.',
    );

    const groups = await page.locator('#groups-list > li').evaluateAll((items) =>
      items.map((li) => ({
        normalized: li.getAttribute('data-normalized'),
        lines: [...li.querySelectorAll('ul li')].map((m) => m.textContent),
      })),
    );
    expect(groups).toEqual([
      {
        normalized: 'ark:/12025/654xz321',
        lines: [
          'ark:/12025/654xz321 (line 1)',
          'ARK:/12025/654xz321 (line 2)',
          'https://n2t.net/ark:/12025/654xz321 (line 3)',
          'ark:12025/654-xz321 (line 4)',
        ],
      },
      {
        normalized: 'urn:nbn:de:bvb:19-146642',
        lines: ['urn:nbn:de:bvb:19-146642 (line 5)', 'urn:NBN:de:bvb:19-146642 (line 6)'],
      },
      {
        normalized: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
        lines: [
          'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk (line 7)',
          'URN:PWID:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk (line 8)',
          'urn:pwid:ARCHIVE.ORG:2016-01-22T11:20:29Z:page:http://www.dr.dk (line 9)',
        ],
      },
      {
        normalized: 'urn:pdi://www.nyt.com.us/1997/01/01/123.html.1',
        lines: [
          'pdi://www.nyt.com.us/1997/01/01/123.html.1 (line 10)',
          'urn:pdi://www.nyt.com.us/1997/01/01/123.html.1 (line 11)',
        ],
      },
    ]);

    const errors = await page.locator('#errors-body tr').evaluateAll((rows) =>
      rows.map((tr) => ({
        line: tr.getAttribute('data-line'),
        code: tr.querySelector('.error-code')?.textContent,
        before: tr.querySelector('mark')?.previousSibling?.textContent ?? '',
        marked: tr.querySelector('mark')?.textContent,
        end: tr.querySelector('mark')?.classList.contains('end'),
      })),
    );
    expect(errors).toEqual([
      { line: '12', code: 'naan-character', before: 'ark:/12', marked: 'x', end: false },
      { line: '13', code: 'nid-character', before: 'urn:ex', marked: ' ', end: false },
      { line: '14', code: 'name-empty', before: 'ark:/12025/', marked: '␣ (end of input)', end: true },
      { line: '16', code: 'unknown-scheme', before: '', marked: 'h', end: false },
    ]);
    // the highlight is visible: the marked character has its own background
    const background = await page
      .locator('#errors-body mark')
      .first()
      .evaluate((m) => getComputedStyle(m).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('#rows-body tr').count()).toBe(16);
    await page.locator('#normalize-result').screenshot({ path: join(ARTIFACTS, 'gateway-web-normalize.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web.png'), fullPage: true });

    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    expect(csv.suggestedFilename()).toBe('pidgate-normalized.csv');
    const bytes = readFileSync(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a UTF-8 byte-order mark for spreadsheets
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(17);
    expect(lines[0]).toBe('line,input,ok,scheme,normalized,url,group,error_code,error_message,error_offset,warnings');
    expect(lines[3]).toBe(
      '3,https://n2t.net/ark:/12025/654xz321,true,ark,ark:/12025/654xz321,https://n2t.net/ark:12025/654xz321,1,,,,',
    );
    expect(lines[12]).toBe('12,ark:/12x25/abc,false,,,,,naan-character,a NAAN holds only digits,7,');
    expect(lines[15]).toBe('15,urn:example:alone,true,urn,urn:example:alone,,5,,,,');

    const [json] = await Promise.all([page.waitForEvent('download'), page.locator('#download-json').click()]);
    const doc = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
      results: { input: string; ok: boolean }[];
      groups: { normalized: string; lines: number[] }[];
    };
    expect(doc.results.map((r) => r.input)).toEqual(MIXED);
    expect(doc.groups.find((g) => g.normalized === 'ark:/12025/654xz321')?.lines).toEqual([1, 2, 3, 4]);
    expect(doc.groups).toHaveLength(5);
  });

  it('normalizes an uploaded file, sent as it is read', async () => {
    await page.goto(base);
    const file = `${MIXED.join('\r\n')}\r\n`; // a Windows text file: the "\r" is not part of the identifier
    await page.getByLabel('Or a file').setInputFiles({
      name: 'list.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(file, 'utf8'),
    });
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'Done: 16 lines, 12 normalized, 4 errors, 4 groups of equivalent lines.',
    );
    expect(await page.locator('#groups-list > li').first().getAttribute('data-normalized')).toBe('ark:/12025/654xz321');
  });

  it('a 100,000-line paste streams through and the page stays responsive', { timeout: 240_000 }, async () => {
    const N = 100_000;
    const lines: string[] = [];
    for (let i = 0; i < N; i++) {
      if (i % 1000 === 999) lines.push(`ark:/12x25/bad${i}`);
      else if (i % 2 === 0) lines.push(`ark:/12025/item${i % 20_000}`);
      else lines.push(`urn:example:item-${i}`);
    }
    await page.goto(base);
    await page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      // 'longtask' is a browser entry type (this runs in Chromium); the Node types here know Node's only.
      type ObserveOptions = Parameters<InstanceType<typeof PerformanceObserver>['observe']>[0];
      const longTasks = { type: 'longtask', buffered: false } as unknown as ObserveOptions;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe(longTasks);
    });
    // A paste: the whole text lands in the box at once.
    await page.locator('#normalize-text').evaluate((t, text) => {
      (t as unknown as Field).value = text;
      (t as unknown as Field).dispatchEvent(new Event('input', { bubbles: true }));
    }, lines.join('\n'));
    const started = Date.now();
    await page.getByRole('button', { name: 'Normalize' }).click();
    // While it streams, the page still answers (a stalled main thread would time this out).
    await page.locator('#count-lines').waitFor({ timeout: 60_000 });
    await page.locator('#normalize-status[data-state="done"]').waitFor({ timeout: 200_000 });
    const seconds = (Date.now() - started) / 1000;
    expect(await page.locator('#count-lines').textContent()).toBe('100,000');
    expect(await page.locator('#count-errors').textContent()).toBe('100');
    expect(await page.locator('#rows-body tr').count()).toBe(500);
    expect(await page.locator('#errors-body tr').count()).toBe(100);
    expect(await page.locator('#groups-list > li').count()).toBe(500);
    expect(await page.locator('#groups-note').textContent()).toContain('the first 500 are shown');
    const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
    console.log(`100,000 lines in ${seconds.toFixed(1)} s; longest main-thread task ${longest.toFixed(0)} ms`);
    // the work goes in pieces: no one task holds the main thread for a quarter of the run (a ratio of two
    // measurements of the same run, not a budget in milliseconds)
    expect(longest).toBeLessThan((seconds * 1000) / 4);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text.trimEnd().split('\r\n')).toHaveLength(N + 1);
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web-100k.png') });
  });

  it('a 1,000,000-line file completes, sent in pieces, with progress', { timeout: 180_000 }, async () => {
    const N = 1_000_000;
    const path = join(tempDir(), 'million.txt');
    writeFileSync(path, millionLines(N));
    await page.goto(base);
    const started = Date.now();
    await page.getByLabel('Or a file').setInputFiles(path);
    // the progress bar moves while the list is read
    await page.waitForFunction(() => {
      const p = (document as unknown as { getElementById(id: string): { value: number } | null }).getElementById(
        'normalize-progress',
      );
      return p !== null && p.value > 0 && p.value < 1;
    });
    await page.locator('#normalize-status[data-state="done"]').waitFor({ timeout: 170_000 });
    const seconds = (Date.now() - started) / 1000;
    // Chromium's heap after a collection: the page keeps counts, groups and Blob parts, not a million records
    const heap = await page.evaluate(() => {
      (window as unknown as { gc(): void }).gc();
      return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
    });
    console.log(
      `1,000,000 lines in the browser in ${seconds.toFixed(1)} s; JS heap ${(heap / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(heap).toBeLessThan(256 * 2 ** 20);
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'Done: 1,000,000 lines, 999,000 normalized, 1,000 errors, 50,000 groups of equivalent lines.',
    );
    expect(await page.locator('#count-lines').textContent()).toBe('1,000,000');
    expect(await page.locator('#count-distinct').textContent()).toBe('549,000');
    expect(await page.locator('#normalize-progress').evaluate((p) => (p as unknown as { value: number }).value)).toBe(
      1,
    );
    await page.locator('#normalize-result').evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web-1m.png') });
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    const lines = readFileSync(await csv.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(N + 1);
    expect(lines[1]).toBe('1,ark:/12025/item0,true,ark,ark:/12025/item0,https://n2t.net/ark:12025/item0,1,,,,');
    expect(lines[2]).toBe('2,URN:EXAMPLE:item-1,true,urn,urn:example:item-1,,2,,,,');
    expect(lines[1000]).toBe('1000,ark:/12x25/bad999,false,,,,,naan-character,a NAAN holds only digits,7,');
    // line 100,001 is item 100,000: ark:/12025/item0 again (the ARKs repeat every 50,000 of them)
    expect(lines[100_001]).toBe(
      '100001,ark:/12025/item0,true,ark,ark:/12025/item0,https://n2t.net/ark:12025/item0,1,,,,',
    );
    // the last new identifier is the URN of line 999,998: class 549,000
    expect(lines[N - 2]).toBe('999998,URN:EXAMPLE:item-999997,true,urn,urn:example:item-999997,,549000,,,,');
    expect(lines[N]).toBe('1000000,ark:/12x25/bad999999,false,,,,,naan-character,a NAAN holds only digits,7,');
  });

  it('Stop ends a long run at once; the downloads hold what was done', { timeout: 120_000 }, async () => {
    const path = join(tempDir(), 'stop.txt');
    writeFileSync(path, millionLines(1_000_000));
    await page.goto(base);
    await page.getByLabel('Or a file').setInputFiles(path);
    await page.waitForFunction(() => {
      const n = (document as unknown as { getElementById(id: string): { textContent: string } | null }).getElementById(
        'count-lines',
      );
      return n !== null && Number(n.textContent.replace(/,/g, '')) >= 20_000;
    });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('#normalize-status[data-state="stopped"]').waitFor({ timeout: 10_000 });
    const shown = Number((await page.locator('#count-lines').textContent())?.replace(/,/g, ''));
    expect(shown).toBeGreaterThanOrEqual(20_000);
    expect(shown).toBeLessThan(1_000_000);
    expect(await page.locator('#normalize-status').textContent()).toBe(
      `Stopped after ${shown.toLocaleString('en')} lines; the downloads hold those.`,
    );
    expect(await page.getByRole('button', { name: 'Stop' }).isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: 'Normalize' }).isEnabled()).toBe(true);
    // nothing moves after Stop
    await page.waitForTimeout(1000);
    expect(await page.locator('#count-lines').textContent()).toBe(shown.toLocaleString('en'));
    await page.locator('#normalize-result').evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web-stopped.png') });
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    expect(
      readFileSync(await csv.path(), 'utf8')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(shown + 1);
  });

  it('a CSV with a BOM and a header: pick the column, keep the other columns, download with a BOM', async () => {
    const csvFile = [
      'title,Identifier,year',
      '"Ærø, a history",ark:/12025/654xz321,1999',
      '"Two ""quoted""\nlines",ARK:/12025/654xz321,2001',
      'Écoles,not an id,',
      'short,urn:example:alone',
      'broken cell,"urn:example:a\nb",2003',
      '日本語,https://n2t.net/ark:/12025/654xz321,2005',
    ].join('\r\n');
    await page.goto(base);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${csvFile}\r\n`, 'utf8')]),
    });
    const column = page.getByLabel('Column with the identifiers');
    await column.waitFor();
    // the header is read in the page (the BOM is not part of the first name); the likely column is chosen
    expect(await column.locator('option').allTextContents()).toEqual(['title', 'Identifier', 'year']);
    expect(await column.inputValue()).toBe('1');
    expect(await page.locator('#csv-file').textContent()).toBe('catalogue.csv (CSV, comma between cells)');
    await page.locator('#csv-options').screenshot({ path: join(ARTIFACTS, 'gateway-web-csv-column.png') });
    // without a header, the columns are numbered and show their first cell
    await page.getByLabel('The first row is a header').uncheck();
    expect(await column.locator('option').first().textContent()).toBe('Column 1: title');
    await page.getByLabel('The first row is a header').check();
    await column.selectOption({ label: 'Identifier' });
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'Done: 6 lines, 4 normalized, 2 errors, 1 group of equivalent lines.',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web-csv.png'), fullPage: true });
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    expect(csv.suggestedFilename()).toBe('pidgate-normalized.csv');
    const bytes = readFileSync(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      [
        'title,Identifier,year,scheme,normalized,url,group,error_code,error_message,warnings',
        '"Ærø, a history",ark:/12025/654xz321,1999,ark,ark:/12025/654xz321,https://n2t.net/ark:12025/654xz321,1,,,',
        '"Two ""quoted""\nlines",ARK:/12025/654xz321,2001,ark,ark:/12025/654xz321,https://n2t.net/ark:12025/654xz321,1,,,',
        `Écoles,not an id,,,,,,unknown-scheme,"${unknownMessage('not an id')}",`,
        'short,urn:example:alone,,urn,urn:example:alone,,2,,,',
        `broken cell,"urn:example:a\nb",2003,,,,,nss-character,"character ""\\n"" is not allowed in the NSS",`,
        '日本語,https://n2t.net/ark:/12025/654xz321,2005,ark,ark:/12025/654xz321,https://n2t.net/ark:12025/654xz321,1,,,',
        '',
      ].join('\r\n'),
    );
  });

  it('a TSV without a header: columns by number, a TSV download', async () => {
    await page.goto(base);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'list.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from('first\turn:example:a%2c\r\nsecond\tURN:EXAMPLE:a%2C\r\n', 'utf8'),
    });
    const column = page.getByLabel('Column with the identifiers');
    await column.waitFor();
    expect(await page.locator('#csv-file').textContent()).toBe('list.tsv (TSV, tabs between cells)');
    await page.getByLabel('The first row is a header').uncheck();
    expect(await column.locator('option').allTextContents()).toEqual(['Column 1: first', 'Column 2: urn:example:a%2c']);
    await column.selectOption('1');
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'Done: 2 lines, 2 normalized, 0 errors, 1 group of equivalent lines.',
    );
    const [tsv] = await Promise.all([page.waitForEvent('download'), page.locator('#download-csv').click()]);
    expect(tsv.suggestedFilename()).toBe('pidgate-normalized.tsv');
    expect(readFileSync(await tsv.path(), 'utf8')).toBe(
      '\ufefffirst\turn:example:a%2c\turn\turn:example:a%2C\t\t1\t\t\t\r\n' +
        'second\tURN:EXAMPLE:a%2C\turn\turn:example:a%2C\t\t1\t\t\t\r\n',
    );
  });

  it('a line of 3 MB is one entry that fails with input-too-long; the next line is read as usual', async () => {
    await page.goto(base);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'long.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`ark:/12025/${'x'.repeat(3_000_000)}\nurn:example:after\n`, 'utf8'),
    });
    await page.locator('#normalize-status[data-state="done"]').waitFor();
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'Done: 2 lines, 1 normalized, 1 error, 0 groups of equivalent lines.',
    );
    expect(await page.locator('#errors-body .error-code').textContent()).toBe('input-too-long');
    expect(await page.locator('#rows-body tr:nth-child(2) code').first().textContent()).toBe('urn:example:after');
  });

  it('an unclosed quote in a large CSV stops after 8 MiB instead of reading the whole file', async () => {
    await page.goto(base);
    const rows = Array.from({ length: 450_000 }, (_, i) => `urn:example:${i},row ${i}`).join('\n');
    await page.getByLabel('Or a file').setInputFiles({
      name: 'unclosed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`id,note\nurn:example:a,"never closed\n${rows}\n`, 'utf8'),
    });
    await page.getByLabel('Column with the identifiers').waitFor();
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="failed"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('#normalize-status').textContent()).toBe(
      'The file is not well-formed CSV: row 2: it runs on for more than 8 MiB (is a closing quote missing?). ' +
        'The downloads hold the 0 lines before it.',
    );
  });

  it('a malformed CSV stops with the row where', async () => {
    await page.goto(base);
    await page.getByLabel('Or a file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,note\nurn:example:a,x\n"urn:example:b,y\n', 'utf8'),
    });
    await page.getByLabel('Column with the identifiers').waitFor();
    await page.getByRole('button', { name: 'Normalize' }).click();
    await page.locator('#normalize-status[data-state="failed"]').waitFor();
    expect(await page.locator('#normalize-status').textContent()).toMatch(
      /^The file is not well-formed CSV: row 3: .*quote.*\. The downloads hold the 0 lines before it\.$/i,
    );
  });

  it('resolves without JavaScript, through the plain GET form', async () => {
    const nojs = await loopbackContext(browser, { javaScriptEnabled: false });
    const p = await nojs.newPage();
    await p.goto(base);
    expect(await p.locator('#normalize-run').isDisabled()).toBe(true);
    await p.getByRole('textbox', { name: 'Identifier', exact: true }).fill('urn:nbn:de:bvb:19-146642');
    await Promise.all([
      p.waitForURL(/\/lookup\?id=/),
      p.getByRole('textbox', { name: 'Identifier', exact: true }).press('Enter'),
    ]);
    expect(new URL(p.url()).searchParams.get('id')).toBe('urn:nbn:de:bvb:19-146642');
    expect(await p.locator('#resolve-answer a').first().getAttribute('href')).toBe(
      'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
    );
    expect(await p.locator('h2#erc').textContent()).toBe('Citation (erc)');
    await p.getByRole('textbox', { name: 'Identifier', exact: true }).fill('urn:ex ample:x');
    await Promise.all([
      p.waitForURL(/\/lookup\?id=urn/),
      p.getByRole('textbox', { name: 'Identifier', exact: true }).press('Enter'),
    ]);
    expect(await p.locator('#resolve-answer mark.offending').textContent()).toBe(' ');
    await p.screenshot({ path: join(ARTIFACTS, 'gateway-web-nojs.png'), fullPage: true });
    await nojs.close();
  });

  it('the ?info view and the API reference share the stylesheet', async () => {
    await page.goto(`${base}ark:/12025/654xz321?info`);
    const stylesheets = () => page.evaluate(() => [...document.styleSheets].map((s) => new URL(s.href ?? '').pathname));
    expect(await stylesheets()).toEqual(['/assets/pidgate.css']);
    expect(await page.locator('h1').textContent()).toBe('ark:/12025/654xz321?info');
    // the stylesheet applied: the header bar is laid out by it
    expect(await page.locator('.site .bar').evaluate((e) => getComputedStyle(e).display)).toBe('flex');
    await page.goto(`${base}docs/api`);
    expect(await stylesheets()).toEqual(['/assets/pidgate.css']);
    await page.screenshot({ path: join(ARTIFACTS, 'gateway-web-api.png') });
    await page
      .locator('#op-post-api-v1-normalize')
      .screenshot({ path: join(ARTIFACTS, 'gateway-web-api-normalize.png') });
  });

  it('raised no script error and asked nothing of any other host', () => {
    expect(problems).toEqual([]);
    expect(offsite).toEqual([]);
  });
});
