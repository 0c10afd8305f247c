import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  CHROMIUM_AVAILABLE,
  checkPage,
  launchChromium,
  recordProblems,
  requireChromiumUnderCi,
} from '../testing/browser.ts';
import { browserSignIn, consoleServer } from './testing.ts';

/**
 * The Manage page in a real Chromium (playwright-core) against the gateway on 127.0.0.1 over a real SQLite
 * store: search, sort, select rows, change their status; axe at 1200 and 390 pixels. Skipped without
 * Chromium, except under CI.
 */

requireChromiumUnderCi('manage in a browser');

// What the page functions below use of the browser (this file is type-checked without the DOM library).
declare const document: {
  documentElement: { scrollWidth: number };
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null; getAttribute(n: string): string | null }>;
};

const L = 'ark:/99999/fk4';

/** The identifiers of the result table, in order. */
const keysOnPage = (page: Page) => page.locator('table.manage-results tbody td.mono a').allTextContents();

describe.skipIf(!CHROMIUM_AVAILABLE)('manage in a browser', () => {
  let running: Awaited<ReturnType<typeof consoleServer>>;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    running = await consoleServer();
    for (let i = 0; i < 8; i++) {
      const r = await running.store.putBinding(
        `${L}m${i}`,
        {
          target: `https://library.example.org/a/very/long/path/to/the/object/number/${i}/with/more/segments`,
          erc: { who: 'Library', what: i < 5 ? `Herbarium sheet ${i}` : `Coastal map ${i}`, when: '2021' },
          owner: 'alice',
          ownerGroup: 'library',
          identifierStatus: i === 0 ? 'reserved' : 'public',
          createdAt: `2024-03-0${i + 1}T12:00:00.000Z`,
          updatedAt: `2024-04-0${i + 1}T12:00:00.000Z`,
        },
        'cli',
      );
      expect(r.ok).toBe(true);
    }
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
    });
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return url.hostname === '127.0.0.1' ? route.continue() : route.abort();
    });
    page = await context.newPage();
    recordProblems(page, problems);
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    await browserSignIn(page, running.base, 'alice');
    // Signing in lands on the dashboard, another page's: only what happens on Manage counts here.
    problems.length = 0;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it('searches with the form and shows timestamps in the reader’s locale', async () => {
    await page.goto(`${running.base}manage`);
    await checkPage(page, 'manage (all)');
    await page.locator('#manage-q').fill('herbarium');
    await Promise.all([page.waitForURL(/q=herbarium/), page.locator('#manage-q').press('Enter')]);
    expect(await keysOnPage(page)).toEqual([`${L}m4`, `${L}m3`, `${L}m2`, `${L}m1`, `${L}m0`]);
    await expect.poll(() => page.locator('[role="status"]').first().textContent()).toContain('5 identifiers match.');
    // The page script rewrote the UTC fallback in the reader's locale (de-DE, Berlin: 14:00 in April).
    const changed = await page.locator('table.manage-results tbody tr').first().locator('time').last().textContent();
    expect(changed).toContain('05.04.2024');
    expect(changed).toContain('14:00');
    await checkPage(page, 'manage (herbarium)');
  });

  it('sorts by a column heading, then the other way round', async () => {
    await Promise.all([page.waitForURL(/sort=key/), page.getByRole('link', { name: /^Identifier/ }).click()]);
    expect(await keysOnPage(page)).toEqual([`${L}m0`, `${L}m1`, `${L}m2`, `${L}m3`, `${L}m4`]);
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('sort') === 'key' && !u.searchParams.has('order')),
      page.getByRole('link', { name: /^Identifier/ }).click(),
    ]);
    expect(await keysOnPage(page)).toEqual([`${L}m4`, `${L}m3`, `${L}m2`, `${L}m1`, `${L}m0`]);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Identifier');
  });

  it('selects rows with the keyboard and changes their status, reporting each row', async () => {
    await page.getByLabel(`Select ${L}m0`).check();
    await page.getByLabel(`Select ${L}m2`).focus();
    await page.keyboard.press('Space');
    await page.locator('#bulk-status').selectOption('unavailable');
    await page.locator('#bulk-reason').fill('under conservation');
    await Promise.all([
      page.waitForURL(/manage\/status$/),
      page.getByRole('button', { name: 'Change status' }).click(),
    ]);
    await expect.poll(() => page.locator('.flash').textContent()).toContain('2 of 2 done.');
    expect(await page.locator('table.bulk-outcomes').textContent()).toContain('Now unavailable (under conservation).');
    await checkPage(page, 'bulk change outcome');
    const m0 = await running.store.getBinding(`${L}m0`);
    expect(m0.ok && m0.value.identifierStatus).toBe('unavailable');
    await Promise.all([page.waitForURL(/manage\?/), page.getByRole('link', { name: 'Back to the search' }).click()]);
    await page.locator('#manage-status').selectOption('unavailable');
    await Promise.all([page.waitForURL(/status=unavailable/), page.getByRole('button', { name: 'Search' }).click()]);
    expect((await keysOnPage(page)).sort()).toEqual([`${L}m0`, `${L}m2`]);
  });

  it('logged no page errors', () => {
    expect(problems).toEqual([]);
  });
});
