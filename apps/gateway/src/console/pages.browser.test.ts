import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, CHROMIUM_AVAILABLE, launchChromium } from '../testing/browser.ts';
import { browserSignIn, consoleServer } from './testing.ts';

/**
 * Dashboard, create and identifier pages in real Chromium at 390 px: mint with the simple form, create
 * with the advanced form (a validation error shown, then fixed), edit, see the history; axe finds nothing.
 */
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(
    s: string,
  ): ArrayLike<{ textContent: string | null; hidden: boolean; getAttribute(n: string): string | null }>;
};

describe.skipIf(!CHROMIUM_AVAILABLE)('console pages in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let gateway: Awaited<ReturnType<typeof consoleServer>>;

  beforeAll(async () => {
    gateway = await consoleServer();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
    await browserSignIn(page, gateway.base, 'alice');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  const fitsWidth = async () => {
    const ok = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    if (!ok) {
      const wide = await page.evaluate(() => {
        const out: string[] = [];
        // biome-ignore lint/suspicious/noExplicitAny: debugging
        for (const e of Array.from((document as any).querySelectorAll('*')) as any[]) {
          const r = e.getBoundingClientRect();
          if (r.right > 391)
            out.push(
              `${e.tagName}.${e.className}#${e.id} ${Math.round(r.right)} ${(e.textContent ?? '').slice(0, 40)}`,
            );
        }
        return out.slice(0, 15);
      });
      console.log('wider than the viewport:', wide);
    }
    return ok;
  };

  it('mints with the simple form and lands on the identifier page', async () => {
    await page.goto(`${gateway.base}create`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await page.getByLabel('Target URL', { exact: true }).fill('https://example.org/simple');
    await page.getByLabel('Who (optional)').fill('Miller, Elizabeth');
    await page.getByLabel('What (optional)').fill('Field notes');
    await Promise.all([
      page.waitForURL(/\/console\/id\/ark:\/99999\/fk4/),
      page.getByRole('button', { name: 'Create identifier' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toMatch(/^ark:\/99999\/fk4[0-9a-z]+$/);
    expect(await page.getByRole('status').textContent()).toContain('Created ark:/99999/fk4');
    expect(await page.locator('.demo-note').textContent()).toContain('Demo identifier: expires on');
    // The script wrote the times in the reader's locale (no longer the server's UTC fallback).
    const times = await page.evaluate(() =>
      [...Array.from(document.querySelectorAll('time'))].map((t) => t.textContent ?? ''),
    );
    expect(times.length).toBeGreaterThan(0);
    for (const text of times) expect(text).not.toMatch(/UTC$/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth()).toBe(true);
  });

  it('advanced form: a DataCite error beside its field, then fixed', async () => {
    await page.goto(`${gateway.base}create/advanced`);
    await page.getByLabel('The shoulder followed by a suffix of my choice').check();
    await page.getByLabel('Suffix', { exact: true }).fill('adv1');
    await page.getByLabel('Target URL', { exact: true }).fill('https://example.org/adv1');
    await page.getByLabel('DataCite (required properties)').check();
    // Only the chosen profile's fields are shown once the script runs.
    const hidden = await page.evaluate(() =>
      [...Array.from(document.querySelectorAll('fieldset.profile'))].map((f) => [
        f.getAttribute('data-profile'),
        f.hidden,
      ]),
    );
    expect(hidden).toEqual([
      ['erc', true],
      ['dc', true],
      ['datacite', false],
    ]);
    const dc = page.locator('#profile-datacite');
    await dc.getByLabel(/^Creator/).fill('Miller, Elizabeth');
    await dc.getByLabel(/^Title/).fill('Survey');
    await dc.getByLabel(/^Publisher/).fill('The Library');
    await dc.getByLabel(/^Publication year/).fill('14');
    await dc.getByLabel(/^Resource type/).fill('Dataset');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Create identifier' }).click()]);
    await page.waitForSelector('.error-summary');
    expect(await page.locator('#f-datacite-publicationyear-error').textContent()).toContain(
      'Publication year must be a four-digit year',
    );
    expect(await page.locator('#f-datacite-publicationyear').getAttribute('aria-describedby')).toContain(
      'f-datacite-publicationyear-error',
    );
    expect(await page.locator('#f-datacite-title').inputValue()).toBe('Survey');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await page.locator('#f-datacite-publicationyear').fill('2014');
    await Promise.all([
      page.waitForURL(/\/console\/id\/ark:\/99999\/fk4adv1/),
      page.getByRole('button', { name: 'Create identifier' }).click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('ark:/99999/fk4adv1');
  });

  it('edits in place and shows the change in the history', async () => {
    await page.goto(`${gateway.base}id/ark:/99999/fk4adv1`);
    await page.getByLabel('Target URL', { exact: true }).fill('https://example.org/adv1-moved');
    await Promise.all([page.waitForURL(/saved=1/), page.getByRole('button', { name: 'Save changes' }).click()]);
    expect(await page.getByRole('status').textContent()).toContain('Your changes are saved.');
    const change = page.locator('ol.history > li').first();
    expect(await change.textContent()).toContain('Changed by alice');
    expect(await change.locator('tr', { hasText: 'target' }).textContent()).toContain(
      'https://example.org/adv1https://example.org/adv1-moved',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth()).toBe(true);
  });

  it('the dashboard counts what was made, readable at 390 px, no axe violations', async () => {
    await page.goto(gateway.base);
    expect(await page.locator('h1').textContent()).toBe('Dashboard');
    expect(await page.locator('table.counts').first().textContent()).toContain('All2');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth()).toBe(true);
  });
});
