import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  browserSignIn,
  type ConsoleFixture,
  consoleFixture,
  consoleServer,
  type SignedIn,
} from './testing.ts';

// /console/account/webhooks: request-level (app.request over a real SQLite file: add, the secret once,
// errors kept beside their fields, who may remove what, CSRF: plain form posts, no JavaScript needed) and in
// real Chromium at 390 px (the forms posted by the browser; axe finds nothing).

describe('the webhooks page', () => {
  let f: ConsoleFixture;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    f = await consoleFixture();
    alice = await f.signIn('alice');
    bob = await f.signIn('bob');
  });
  afterAll(async () => {
    await f.close();
  });

  it('adds a webhook for the group, shows its secret once, lists it without it', async () => {
    const res = await f.post('/console/account/webhooks', alice, {
      url: 'https://hooks.example.org/library',
      for: 'group:library',
      events: ['broken', 'recovered'],
      secret: '',
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const secret = /id="new-secret" readonly="" value="([A-Za-z0-9_-]{43})"/.exec(html)?.[1];
    expect(secret).toBeTruthy();
    const list = await store().webhooks.list();
    expect(list.ok && list.value.map((w) => [w.group, w.url, w.events])).toEqual([
      ['library', 'https://hooks.example.org/library', ['broken', 'recovered']],
    ]);
    const again = await (await f.get('/console/account/webhooks', alice)).text();
    expect(again).toContain('https://hooks.example.org/library');
    expect(again).not.toContain(secret as string);
    // bob (not in library) neither sees nor removes it.
    const bobs = await (await f.get('/console/account/webhooks', bob)).text();
    expect(bobs).not.toContain('https://hooks.example.org/library');
    const id = list.ok ? (list.value[0]?.id as string) : '';
    const refused = await f.post('/console/account/webhooks/remove', bob, { id });
    expect(refused.status).toBe(400);
    expect((await store().webhooks.get(id)).ok).toBe(true);
    const removed = await f.post('/console/account/webhooks/remove', alice, { id });
    expect(removed.status).toBe(303);
    expect((await store().webhooks.get(id)).ok).toBe(false);
  });

  it('keeps what was typed and names each wrong field', async () => {
    const res = await f.post('/console/account/webhooks', bob, {
      url: 'ftp://x.example.org/',
      for: 'group:library',
      secret: 'short',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('href="#webhook-url"');
    expect(html).toContain('href="#webhook-for"');
    expect(html).toContain('href="#webhook-events"');
    expect(html).toContain('href="#webhook-secret"');
    expect(html).toContain('value="ftp://x.example.org/"');
    expect((await store().webhooks.list()).ok && (await store().webhooks.list())).toEqual({ ok: true, value: [] });
  });

  it('refuses a form without the CSRF token', async () => {
    const res = await f.post('/console/account/webhooks', alice, {
      csrf: null,
      url: 'https://hooks.example.org/x',
      for: 'user:alice',
      events: 'broken',
    });
    expect(res.status).toBe(403);
  });

  const store = () => f.store;
});

const CHROMIUM = process.env['PIDGATE_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

describe.skipIf(!existsSync(CHROMIUM))('the webhooks page in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let gateway: Awaited<ReturnType<typeof consoleServer>>;
  beforeAll(async () => {
    gateway = await consoleServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
    await browserSignIn(page, gateway.base, 'alice');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  it('adds a webhook with the form, shows the secret, removes it; no axe violations', async () => {
    await page.goto(`${gateway.base}account`);
    await page.getByRole('link', { name: 'your link webhooks' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('URL', { exact: true }).fill('https://hooks.example.org/alice');
    await page.getByRole('radio', { name: 'You', exact: true }).check();
    await page.getByLabel('A broken target answers again').uncheck();
    await page.getByLabel('Secret', { exact: true }).fill('a secret that is long enough');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    expect(await page.getByLabel('Secret for https://hooks.example.org/alice').inputValue()).toBe(
      'a secret that is long enough',
    );
    expect(await axeViolations(page)).toEqual([]);
    const row = page.getByRole('row', { name: /hooks\.example\.org\/alice/ });
    expect(await row.textContent()).toContain('broken');
    expect(await row.textContent()).not.toContain('recovered');
    // An error (a URL the browser takes, the gateway does not): the summary links to the field, the URL is kept.
    await page.getByLabel('URL', { exact: true }).fill('ftp://x.example.org/');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Enter an http:// or https:// URL');
    expect(await page.getByLabel('URL', { exact: true }).inputValue()).toBe('ftp://x.example.org/');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Remove the webhook https:\/\/hooks\.example\.org\/alice/ }).click();
    expect(await page.getByRole('status').first().textContent()).toContain('The webhook is removed.');
    expect(await page.getByText('No webhooks yet.').count()).toBe(1);
  });
});
