import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  CHROMIUM_AVAILABLE,
  checkPage,
  launchChromium,
  recordProblems,
  requireChromiumUnderCi,
} from '../testing/browser.ts';
import { browserSignIn, consoleServer, PEOPLE } from './testing.ts';

/**
 * The console's shell, account and administration pages in a real Chromium (playwright-core) against the
 * gateway on 127.0.0.1 over a real SQLite store: signing in with the keyboard alone, the account page's
 * actions, the administration pages, axe on every page at 1200 and 390 pixels. Skipped without Chromium,
 * except under CI.
 */

requireChromiumUnderCi('console in a browser');

// What the page functions below use of the browser (this file is type-checked without the DOM library).
declare const document: { documentElement: { scrollWidth: number }; activeElement: { id: string } | null };

describe.skipIf(!CHROMIUM_AVAILABLE)('console in a browser', () => {
  let running: Awaited<ReturnType<typeof consoleServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const problems: string[] = [];

  beforeAll(async () => {
    running = await consoleServer();
    base = running.base;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return url.hostname === '127.0.0.1' ? route.continue() : route.abort();
    });
    page = await context.newPage();
    recordProblems(page, problems);
    page.on('console', (m) => {
      // A 4xx page (a form with errors, the 404 page) is logged as a failed load: expected here.
      if (m.type() === 'error' && !/^Failed to load resource: .* status of 4\d\d/.test(m.text())) {
        problems.push(`console: ${m.text()}`);
      }
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
  });

  it('signs in with the keyboard alone and lands on the page asked for', async () => {
    await page.goto(`${base}account`);
    expect(new URL(page.url()).pathname).toBe('/console/signin');
    await checkPage(page, 'the sign-in page');
    // the first Tab reaches the skip link; the username field has the focus from the start
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signin-username');
    // a wrong password first: the message, the username kept, the focus on the password
    await page.keyboard.type('alice');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await expect
      .poll(() => page.locator('.error-summary').textContent())
      .toContain('The username or the password is wrong');
    expect(await page.inputValue('#signin-username')).toBe('alice');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signin-password');
    await checkPage(page, 'the sign-in page with an error');
    await page.keyboard.type(PEOPLE.alice.password);
    await Promise.all([page.waitForURL(`${base}account`), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').textContent()).toBe('Your account');
    const cookie = (await context.cookies()).find((c) => c.name === 'pidgate_console');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/console');
    await checkPage(page, 'the account page');
  });

  it('changes the name, adds and removes a co-owner, creates a token shown once and revokes it', async () => {
    await page.goto(`${base}account`);
    await page.fill('#displayName', 'Alice Cataloguer');
    await page.click('text=Save name and email');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('Your name and email are saved.');
    expect(await page.inputValue('#displayName')).toBe('Alice Cataloguer');

    // a co-owner who does not exist: the message beside the field, linked from the summary
    await page.fill('#coowner', 'nobody-here');
    await page.click('text=Add co-owner');
    expect(await page.locator('#coowner-error').textContent()).toContain('There is no user nobody-here');
    await checkPage(page, 'the account page with an error');
    await page.fill('#coowner', 'bob');
    await page.click('text=Add co-owner');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The co-owner is added.');
    expect((await running.store.getUser('alice')).ok && (await running.store.getUser('alice'))).toMatchObject({
      value: { coOwners: ['bob'] },
    });
    await page.click('button[aria-label="Remove the co-owner bob"]');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The co-owner is removed.');

    await page.fill('#token-name', 'nightly sync');
    await page.fill('#token-scopes', 'ark:/99999/fk4');
    await page.click('text=Create token');
    const secret = await page.inputValue('#new-token');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await checkPage(page, 'the account page with a new token');
    const verified = await running.store.verifyToken(secret);
    expect(verified.ok).toBe(true);
    // shown once: the account page no longer holds it
    await page.goto(`${base}account`);
    expect(await page.content()).not.toContain(secret);
    expect(await page.locator('table').textContent()).toContain('nightly sync');
    await page.click('button[aria-label="Revoke the token nightly sync"]');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The token is revoked');
    expect((await running.store.verifyToken(secret)).ok).toBe(false);
  });

  it('changes the password only with the current one, then signs out and in with the new one', async () => {
    await page.goto(`${base}account`);
    await page.fill('#current', 'a-wrong-current-password');
    await page.fill('#password', 'alice-new-password-2');
    await page.fill('#confirm', 'alice-new-password-2');
    await page.click('text=Change password');
    expect(await page.locator('#current-error').textContent()).toContain('Your current password is wrong');
    await page.fill('#current', PEOPLE.alice.password);
    await page.fill('#password', 'alice-new-password-2');
    await page.fill('#confirm', 'alice-new-password-2');
    await page.click('text=Change password');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('Your password is changed.');
    await Promise.all([page.waitForURL(/signin\?why=signedout/), page.click('header button:has-text("Sign out")')]);
    expect(await page.locator('.flash').textContent()).toContain('You are signed out.');
    expect((await context.cookies()).some((c) => c.name === 'pidgate_console')).toBe(false);
    await browserSignIn(page, base, { username: 'alice', password: 'alice-new-password-2' });
    await page.goto(`${base}admin/users`);
    expect(await page.locator('h1').textContent()).toBe('You cannot see this page');
    await checkPage(page, 'the 403 page');
    await page.goto(`${base}no-such-page`);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await page.click('header button:has-text("Sign out")');
  });

  it('lets an administrator manage users, groups, shoulders with their commitment, tokens and NAANs', async () => {
    await browserSignIn(page, base, 'admin');
    await page.goto(`${base}admin/`);
    await checkPage(page, 'the administration overview');

    await page.click('nav[aria-label="Administration"] >> text=Groups');
    await page.fill('#group-name', 'special-collections');
    await page.fill('#group-description', 'Special Collections');
    await page.click('text=Create group');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The group is created.');
    await checkPage(page, 'the groups page');

    await page.goto(`${base}admin/users`);
    await page.fill('#new-username', 'carol');
    await page.fill('#new-displayName', 'Carol Curator');
    await page.fill('#new-password', 'short');
    await page.fill('#new-groups', 'special-collections');
    await page.click('text=Create user');
    expect(await page.locator('#new-password-error').textContent()).toContain('at least 10 characters');
    expect(await page.inputValue('#new-username')).toBe('carol'); // kept on the error
    await checkPage(page, 'the users page with an error');
    await page.fill('#new-password', 'carol-secret-password');
    await page.click('text=Create user');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The user is created.');
    await checkPage(page, 'a user page');
    await page.selectOption('#role', 'readonly');
    await page.check('#disabled');
    await page.click('text=Save user');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The user is saved.');
    const carol = await running.store.getUser('carol');
    expect(carol.ok && carol.value).toMatchObject({
      role: 'readonly',
      disabled: true,
      groups: ['special-collections'],
    });

    await page.goto(`${base}admin/shoulders`);
    await checkPage(page, 'the shoulders page');
    await page.click('summary:has-text("ark:/99999/fk4")');
    await page.fill('#c-ark--99999-fk4-what', 'Permanent: kept as long as the library exists.');
    await page.fill('#c-ark--99999-fk4-who', 'Test Library');
    await page.click('#c-ark--99999-fk4-what >> xpath=ancestor::form//button');
    await expect.poll(() => page.locator('.flash').textContent()).toContain('The commitment statement is saved');
    expect(await page.content()).toContain('Permanent: kept as long as the library exists.');

    await page.goto(`${base}admin/tokens`);
    await checkPage(page, 'the tokens page');
    await page.goto(`${base}admin/naans?naan=99999`);
    await checkPage(page, 'the NAAN table page');
    await page.click('header button:has-text("Sign out")');
    expect(problems).toEqual([]);
  });
});
