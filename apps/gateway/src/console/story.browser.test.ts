import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, launchChromium } from '../testing/browser.ts';
import { browserSignIn, consoleServer } from './testing.ts';

/**
 * Issue 24's whole story in a real Chromium against the gateway on 127.0.0.1 over a real SQLite store:
 * alice signs in, mints with the simple form, creates with the advanced form (an error shown, then fixed),
 * searches, edits, sees the history, bulk-uploads 1,000 rows with 3 bad ones, downloads a batch and signs
 * out; then bob, in another group, can neither see nor change alice's reserved identifier.
 */

/** The identifier a console identifier page is about (`…/console/id/ark:/99999/fk4x` → `ark:/99999/fk4x`). */
function idOf(page: Page): string {
  const path = decodeURIComponent(new URL(page.url()).pathname);
  const at = path.indexOf('/console/id/');
  if (at === -1) throw new Error(`not an identifier page: ${page.url()}`);
  return path.slice(at + '/console/id/'.length);
}

/** 1,000 rows under alice's shoulder: rows 100, 500 and 900 are bad (no target, a bad URL, a foreign key). */
function csv(): string {
  const lines = ['identifier,_target,erc.what'];
  for (let i = 1; i <= 1000; i++) {
    if (i === 100) lines.push(`ark:/99999/fk4bulk${i},,Row ${i}`);
    else if (i === 500) lines.push(`ark:/99999/fk4bulk${i},not a url,Row ${i}`);
    else if (i === 900) lines.push(`ark:/99999/fk5bulk${i},https://example.org/bulk/${i},Row ${i}`);
    else lines.push(`ark:/99999/fk4bulk${i},https://example.org/bulk/${i},Row ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

describe.skipIf(!CHROMIUM_AVAILABLE)('the console story in a browser', () => {
  let running: Awaited<ReturnType<typeof consoleServer>>;
  let browser: Browser;
  let base: string;
  const steps: string[] = [];

  beforeAll(async () => {
    running = await consoleServer();
    base = running.base;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    console.log(`story steps that ran: ${steps.join(', ')}`);
    await browser?.close();
    await running?.close();
  });

  it('alice creates, finds, edits, uploads and downloads; bob cannot see or change her reserved identifier', async () => {
    const alice = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await browserSignIn(alice, base, 'alice');
    expect(new URL(alice.url()).pathname).toBe('/console/');
    steps.push('sign in');

    // mint with the simple form
    await alice.goto(`${base}create`);
    await alice.fill('input[name="target"]', 'https://example.org/story/1');
    await alice.fill('input[name="erc.what"]', 'Story field notes');
    await Promise.all([alice.waitForURL(/\/console\/id\//), alice.click('button:has-text("Create identifier")')]);
    const minted = idOf(alice);
    expect(minted.startsWith('ark:/99999/fk4')).toBe(true);
    steps.push('simple create');

    // the advanced form: a reserved identifier with a suffix; a bad target first, then fixed
    await alice.goto(`${base}create/advanced`);
    await alice.check('input[name="naming"][value="suffix"]');
    await alice.fill('input[name="suffix"]', 'story2');
    await alice.fill('input[name="target"]', 'not a url');
    await alice.check('input[name="status"][value="reserved"]');
    await alice.click('button:has-text("Create identifier")');
    await expect.poll(() => alice.locator('.error-summary').count()).toBe(1);
    await alice.fill('input[name="target"]', 'https://example.org/story/2');
    await Promise.all([alice.waitForURL(/\/console\/id\//), alice.click('button:has-text("Create identifier")')]);
    const reserved = idOf(alice);
    expect(reserved).toBe('ark:/99999/fk4story2');
    const stored = await running.store.getBinding(reserved);
    expect(stored.ok && stored.value.identifierStatus).toBe('reserved');
    steps.push('advanced create (error, fixed)');

    // search
    await alice.goto(`${base}manage?q=${encodeURIComponent('Story field notes')}`);
    expect(await alice.content()).toContain(minted);
    steps.push('search');

    // edit in place, then the history shows before → after
    await alice.goto(`${base}id/${minted}`);
    await alice.fill('input[name="target"]', 'https://example.org/story/1-moved');
    await alice.click('button:has-text("Save changes")');
    await expect
      .poll(async () => (await running.store.getBinding(minted)).ok && (await running.store.getBinding(minted)))
      .toMatchObject({
        value: { target: 'https://example.org/story/1-moved' },
      });
    await alice.goto(`${base}id/${minted}`);
    const page = await alice.content();
    expect(page).toContain('https://example.org/story/1-moved');
    expect(page).toContain('https://example.org/story/1');
    steps.push('edit', 'history');

    // bulk upload: 1,000 rows, 3 bad, a preview, then the writes and a result file
    await alice.goto(`${base}upload`);
    await alice.setInputFiles('input[name="file"]', {
      name: 'story.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv()),
    });
    await alice.click('button:has-text("Check the file")');
    await alice.waitForSelector('button:has-text("Write ")', { timeout: 60_000 });
    expect(await alice.locator('button:has-text("Write ")').textContent()).toBe('Write 997 identifiers');
    await alice.click('button:has-text("Write ")');
    await alice.waitForSelector('#result-file', { timeout: 120_000 });
    const result = await alice.request.get(
      new URL((await alice.getAttribute('#result-file', 'href')) as string, alice.url()).href,
    );
    expect(result.status()).toBe(200);
    expect((await result.text()).split('\n').filter((l) => l.trim() !== '').length).toBeGreaterThanOrEqual(1001);
    expect((await running.store.getBinding('ark:/99999/fk4bulk1000')).ok).toBe(true);
    expect((await running.store.getBinding('ark:/99999/fk4bulk500')).ok).toBe(false);
    steps.push('bulk upload (1,000 rows, 3 bad)');

    // batch download
    await alice.goto(`${base}download`);
    await alice.click('button:has-text("Request the download")');
    let link: string | null = null;
    for (let i = 0; i < 60 && !link; i++) {
      await alice.goto(`${base}download`);
      link = await alice
        .locator('a[href*="/console/download/"]')
        .first()
        .getAttribute('href', { timeout: 1000 })
        .catch(() => null);
      if (!link) await alice.waitForTimeout(500);
    }
    expect(link, 'no download file appeared').not.toBeNull();
    const file = await alice.request.get(new URL(link as string, alice.url()).href);
    expect(file.status()).toBe(200);
    expect((await file.body()).length).toBeGreaterThan(100);
    steps.push('batch download');

    await Promise.all([alice.waitForURL(/signin\?why=signedout/), alice.click('header button:has-text("Sign out")')]);
    steps.push('sign out');

    // bob, in the other group
    const bob = await (await browser.newContext()).newPage();
    await browserSignIn(bob, base, 'bob');
    const hidden = await bob.goto(`${base}id/${reserved}`);
    expect(hidden?.status()).toBe(404);
    await bob.goto(`${base}manage?q=story2`);
    expect(await bob.content()).not.toContain(reserved);
    // a forged edit of alice's reserved identifier, with bob's own valid CSRF token
    await bob.goto(`${base}account`);
    const csrf = (await bob.getAttribute('input[name="csrf"]', 'value')) as string;
    const forged = await bob.request.post(`${base}id/${reserved}`, {
      form: { csrf, target: 'https://evil.example/bob', version: '1' },
      headers: { origin: new URL(base).origin },
    });
    expect([403, 404]).toContain(forged.status());
    const still = await running.store.getBinding(reserved);
    expect(still.ok && still.value.target).toBe('https://example.org/story/2');
    steps.push('second user refused (view, search, edit)');
  }, 600_000);
});
