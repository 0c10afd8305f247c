import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SEED as S, seedLinks } from './links-testing.ts';
import { axeViolations, browserSignIn, consoleServer } from './testing.ts';

/**
 * The link issues in real Chromium: the dashboard's list, the Link issues page with its filters used through
 * the form with JavaScript off (the pages work without it), and an identifier's checks; signed in as alice
 * (her identifiers and her group's) and bob (his own); axe (which needs JavaScript) finds nothing, light
 * and dark.
 */
declare const document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };

const CHROMIUM = process.env['PIDGATE_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

describe.skipIf(!existsSync(CHROMIUM))('link issues in Chromium', () => {
  let browser: Browser;
  let gateway: Awaited<ReturnType<typeof consoleServer>>;

  beforeAll(async () => {
    gateway = await consoleServer();
    await seedLinks(gateway.store);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  async function pageAs(who: 'alice' | 'bob', colorScheme: 'light' | 'dark' = 'light', js = true): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 900 },
      locale: 'en-US',
      javaScriptEnabled: js,
      colorScheme,
    });
    const page = await context.newPage();
    await browserSignIn(page, gateway.base, who);
    return page;
  }

  const column = (page: Page, table: string) =>
    page.evaluate(
      (sel) => [...Array.from(document.querySelectorAll(sel))].map((e) => (e.textContent ?? '').trim()),
      `${table} tbody tr td:first-child`,
    );

  it("alice, without JavaScript: the dashboard's issues, then the Link issues page filtered with the form", async () => {
    const page = await pageAs('alice', 'light', false);
    await page.goto(gateway.base);
    const issues = await page.locator('ul.issues').textContent();
    expect(issues).toContain(`Target broken (client-error, HTTP 410): ${S.aliceBroken.target}`);
    expect(issues).toContain(S.groupFailing.key);
    expect(issues).not.toContain(S.bobBroken.key);

    await Promise.all([
      page.waitForURL(/\/console\/links$/),
      page.getByRole('link', { name: 'All link issues, with filters and a CSV download' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('Link issues');
    expect(await column(page, '#broken + .table-wrap table')).toEqual([S.aliceBroken.target]);
    expect((await column(page, '#failing + .table-wrap table')).sort()).toEqual(
      [S.aliceFailing.target, S.groupFailing.target].sort(),
    );

    await page.getByLabel('Class of the last check').selectOption('server-error');
    await Promise.all([page.waitForURL(/class=server-error/), page.getByRole('button', { name: 'Show' }).click()]);
    expect(await column(page, '#failing + .table-wrap table')).toEqual([S.groupFailing.target]);
    expect(await page.locator('#broken + p').textContent()).toBe('No broken targets.');
    expect(await page.getByRole('link', { name: 'Download these rows as CSV' }).getAttribute('href')).toBe(
      '/console/links.csv?class=server-error',
    );

    await page.getByLabel('Class of the last check').selectOption('');
    await page.getByLabel('Broken only (failing past the window)').check();
    await Promise.all([page.waitForURL(/broken=1/), page.getByRole('button', { name: 'Show' }).click()]);
    expect(await column(page, '#broken + .table-wrap table')).toEqual([S.aliceBroken.target]);
    expect(await page.locator('#failing').count()).toBe(0);

    // The CSV, downloaded as a person would.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download these rows as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pidgate-links.csv');
    await page.context().close();
  });

  it('no axe violations on the dashboard and the Link issues page, filtered or not, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageAs('alice', scheme);
      for (const path of ['', 'links', 'links?class=server-error', 'links?broken=1']) {
        await page.goto(`${gateway.base}${path}`);
        expect(await axeViolations(page), `${scheme} /console/${path}`).toEqual([]);
      }
      await page.context().close();
    }
  });

  it("alice: an identifier's page lists its target's checks with the redirect chain", async () => {
    const page = await pageAs('alice', 'dark');
    await page.goto(`${gateway.base}id/${S.aliceBroken.key}`);
    const table = page.locator('table.link-checks');
    expect(await table.locator('tbody tr').count()).toBe(2);
    const newest = await table.locator('tbody tr').first().textContent();
    expect(newest).toContain('client-error');
    expect(newest).toContain('410');
    expect(newest).toContain(`HEAD ${S.aliceBroken.final} → 410`);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${gateway.base}links`);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('bob sees his own broken target only', async () => {
    const page = await pageAs('bob');
    await page.goto(`${gateway.base}links`);
    expect(await column(page, '#broken + .table-wrap table')).toEqual([S.bobBroken.target]);
    expect(await page.locator('#failing + p').textContent()).toBe('No targets failing within the window.');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
