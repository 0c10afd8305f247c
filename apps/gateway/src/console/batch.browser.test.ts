import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, CHROMIUM_AVAILABLE, checkPage, launchChromium, recordProblems } from '../testing/browser.ts';
import { smtp } from '../testing/smtp.ts';
import { browserSignIn, consoleServer } from './testing.ts';

/**
 * Bulk upload and batch download in a real Chromium against the gateway on 127.0.0.1 (real SQLite): Alice
 * uploads a 1,000-row CSV with 3 bad rows, sees the three errors in the preview, confirms, downloads the
 * result file; requests a CSV download and fetches it; axe finds nothing on any of these pages, at 1200
 * and 390 pixels. Skipped without Chromium.
 */

declare const document: { documentElement: { scrollWidth: number } };

/** 1,000 rows under alice's shoulder; rows 11, 500 and 1001 of the file (the header is row 1) are bad. */
function thousand(): string {
  const lines = ['identifier,_target,erc.who,erc.what,erc.when'];
  for (let i = 1; i <= 1000; i++) {
    const id = `ark:/99999/fk4b${String(i).padStart(4, '0')}`;
    const row = i + 1;
    if (row === 11) lines.push(`${id},not a url,Who ${i},What ${i},2024`);
    else if (row === 500) lines.push(`doi:10.1234/x${i},https://example.org/${i},Who ${i},What ${i},2024`);
    else if (row === 1001) lines.push(`ark:/99999/fk5b${i},https://example.org/${i},Who ${i},What ${i},2024`);
    else lines.push(`${id},https://example.org/${i},"Who, ${i}",What ${i},2024`);
  }
  return `${lines.join('\n')}\n`;
}

describe.skipIf(!CHROMIUM_AVAILABLE)('bulk upload and batch download in a browser', () => {
  let running: Awaited<ReturnType<typeof consoleServer>>;
  let mail: Awaited<ReturnType<typeof smtp>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const files = mkdtempSync(join(tmpdir(), 'pidgate-batch-browser-'));
  const problems: string[] = [];

  beforeAll(async () => {
    mail = await smtp();
    running = await consoleServer({
      downloads: { dir: join(files, 'downloads') },
      mail: { host: '127.0.0.1', port: mail.port, from: 'pidgate <noreply@example.org>' },
    });
    base = running.base;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true });
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return url.hostname === '127.0.0.1' ? route.continue() : route.abort();
    });
    page = await context.newPage();
    recordProblems(page, problems);
    await browserSignIn(page, base, 'alice');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mail?.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('uploads 1,000 rows with 3 bad ones: the preview lists them, confirming writes 997, the result file says so', async () => {
    await page.goto(`${base}upload`);
    await checkPage(page, 'the upload form');
    const csv = join(files, 'thousand.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(csv, thousand());
    await page.setInputFiles('#upload-file', csv);
    await Promise.all([
      page.waitForURL(/\/console\/upload\/[0-9a-f]{32}$/),
      page.getByRole('button', { name: 'Check the file' }).click(),
    ]);
    expect(await page.locator('#count-create').textContent()).toBe('997');
    expect(await page.locator('#count-errors').textContent()).toBe('3');
    const rows = await page.locator('#upload-errors tbody tr').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('11');
    expect(rows[0]).toContain('_target');
    expect(rows[1]).toContain('doi:10.1234/x499 is a doi identifier: an upload binds ARKs and PDIs');
    expect(rows[2]).toContain('you may not create ark:/99999/fk5b1000: it is not yours');
    expect((await running.store.getBinding('ark:/99999/fk4b0001')).ok).toBe(false);
    await checkPage(page, 'the upload preview');

    await Promise.all([
      page.waitForURL(/\/result$/),
      page.getByRole('button', { name: 'Write 997 identifiers' }).click(),
    ]);
    expect(await page.locator('#count-created').textContent()).toBe('997');
    expect(await page.locator('#count-failed').textContent()).toBe('3');
    await checkPage(page, 'the upload result');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#result-file').click()]);
    const saved = join(files, 'result.csv');
    await download.saveAs(saved);
    const result = parse(readFileSync(saved, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(result).toHaveLength(1000);
    expect(result.filter((r) => r['action'] === 'created')).toHaveLength(997);
    expect(result.filter((r) => r['action'] === 'failed').map((r) => r['row'])).toEqual(['11', '500', '1001']);
    const made = await running.store.getBinding('ark:/99999/fk4b0002');
    expect(made.ok && [made.value.owner, made.value.erc['who']]).toEqual(['alice', 'Who, 2']);
  }, 120_000);

  it('requests a batch download, sees it ready in the list, and fetches the file', async () => {
    await page.goto(`${base}download`);
    await checkPage(page, 'the download form');
    await page.locator('#download-format-csv').check();
    await page.locator('#download-columns').fill('_id, erc.who');
    await page.locator('#download-status-public').check();
    await page.getByLabel('Email me when it is ready (optional)').fill('alice@example.org, curator@example.org');
    await Promise.all([
      page.waitForURL(/requested=/),
      page.getByRole('button', { name: 'Request the download' }).click(),
    ]);
    // Poll as a person would: reload until the link is there.
    const link = page.locator('#download-jobs a[download]');
    for (let i = 0; i < 100 && (await link.count()) === 0; i++) {
      await page.waitForTimeout(100);
      await page.reload();
    }
    expect(await link.count()).toBe(1);
    await checkPage(page, 'the download list');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = join(files, 'download.csv.gz');
    await download.saveAs(saved);
    const lines = gunzipSync(readFileSync(saved)).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('_id,erc.who');
    expect(lines).toHaveLength(1 + 997 + 1);
    expect(lines[1]).toBe('ark:/99999/fk4b0001,"Who, 1"');
    // The two addresses were told, with the link the list shows (this console's, served to alice only).
    const href = new URL((await link.getAttribute('href')) ?? '', page.url()).href;
    await expect.poll(() => mail.received.length, { timeout: 30_000 }).toBe(1);
    expect(mail.received.map((m) => m.to)).toEqual([['alice@example.org', 'curator@example.org']]);
    expect(mail.received[0]?.data.replace(/=\r?\n/g, '')).toContain(href);
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses a notify address that is not one, saying so by the field', async () => {
    await page.goto(`${base}download`);
    await page.getByLabel('Email me when it is ready (optional)').fill('alice at example');
    await page.getByRole('button', { name: 'Request the download' }).click();
    await expect.poll(() => page.locator('#download-notify').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.error-summary').textContent()).toMatch(/notify.*not an email address/i);
    await checkPage(page, 'the download form with an error');
    expect(mail.received).toHaveLength(1);
  }, 60_000);
});
