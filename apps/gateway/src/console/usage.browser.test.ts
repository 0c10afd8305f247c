import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../config/index.ts';
import { axeViolations, browserSignIn, consoleServer } from './testing.ts';

/**
 * The resolution charts in real Chromium at 390 px, end to end: an identifier is resolved over the real
 * socket, the gateway's statistics write the count (a flush every second), and the dashboard and the
 * identifier page show it, in the chart's name and in its table; axe finds nothing, with the table open too.
 */
const CHROMIUM = process.env['PIDGATE_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

describe.skipIf(!existsSync(CHROMIUM))('resolution charts in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let gateway: Awaited<ReturnType<typeof consoleServer>>;
  const key = 'ark:/99999/fk4usage';

  beforeAll(async () => {
    gateway = await consoleServer({ stats: { flushSeconds: 1 } } as ConfigInput);
    const at = new Date().toISOString();
    const r = await gateway.store.importBindings([
      { key, target: 'https://example.org/usage', owner: 'alice', createdAt: at, updatedAt: at },
    ]);
    if (!r.ok) throw new Error(r.error.message);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
    await browserSignIn(page, gateway.base, 'alice');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('resolves three times, then the dashboard and the identifier page chart them, with 0 axe violations', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${gateway.server.url}${key}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
    }
    // Written by the next flush (every second): wait for it, bounded by the test's timeout.
    for (;;) {
      const rows = await gateway.store.resolutionCounts({
        by: 'identifier',
        keys: [key],
        from: '2000-01-01',
        to: '2100-01-01',
        group: 'day',
      });
      if (rows.ok && rows.value[0]?.count === 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.goto(gateway.base);
    const chart = page.getByRole('img', { name: /^ark:\/99999\/fk4: 3 resolutions in the last 30 days/ });
    expect(await chart.count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // The numbers as a table, opened by keyboard.
    const summary = page.locator('#resolutions ~ section summary').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    const today = page.locator('#resolutions ~ section table tbody tr').last();
    expect(await today.locator('td').textContent()).toBe('3');
    expect(await axeViolations(page)).toEqual([]);
    // 90 days, by the link.
    await page.getByRole('link', { name: 'last 90 days' }).click();
    await page.waitForURL(/days=90/);
    expect(await page.getByRole('img', { name: /3 resolutions in the last 90 days/ }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // The identifier's own page.
    await page.goto(`${gateway.base}id/${key}`);
    expect(
      await page.getByRole('img', { name: new RegExp(`^${key}: 3 resolutions in the last 30 days`) }).count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    const fits = await page.evaluate(() => {
      const root = (
        globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
      ).document.documentElement;
      return root.scrollWidth <= root.clientWidth;
    });
    expect(fits).toBe(true);
  }, 120_000);
});
