import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Store } from '@pidgate/store';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { type ArchiveServers, archiveServers, localArchiveRegistry } from '../testing/archive-servers.ts';
import { allSchemes, tempFiles, testConfig } from '../testing/helpers.ts';
import { testStore } from '../testing/store.ts';

/**
 * The web-archive fallback's pages in real Chromium against the gateway on 127.0.0.1: the page of a broken
 * target (with captures, and with none) and `?info` listing the captures, in light and dark, 0 axe violations.
 */
const CHROMIUM = process.env['PIDGATE_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const GONE = 'https://gone.example/report.pdf';

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script tag defines
    const g = globalThis as any;
    const result = await g.axe.run(g.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result type is not in scope in the page
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => String(n.target)).join(' ')}`);
  });
}

describe.skipIf(!existsSync(CHROMIUM))('the web-archive fallback pages in Chromium', () => {
  let archives: ArchiveServers;
  let server: RunningServer;
  let store: Store;
  let closeStore: () => Promise<void>;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    archives = await archiveServers();
    const files = tempFiles({ 'archives.json': JSON.stringify(localArchiveRegistry(archives.base)) });
    const opened = await testStore('sqlite');
    store = opened.store;
    closeStore = opened.close;
    const at = '2025-01-01T00:00:00.000Z';
    for (const r of [
      await store.addNaan('99999'),
      await store.addShoulder({ key: 'ark:/99999/x6', naan: '99999', template: 'x6.sd', seed: '0' }),
      await store.importBindings([
        { key: 'ark:/99999/x6gone', target: GONE, createdAt: at, updatedAt: at },
        { key: 'ark:/99999/x6none', target: 'https://nocapture.example/', createdAt: at, updatedAt: at },
      ]),
      await store.fallbacks.set('ark:/99999/x6', 'archive-page', 'cli'),
      await store.links.sync(at),
    ]) {
      if (!r.ok) throw new Error(r.error.message);
    }
    const claimed = await store.links.claim('test', 10, new Date().toISOString(), 600);
    if (!claimed.ok) throw new Error(claimed.error.message);
    for (const t of claimed.value) {
      const now = new Date().toISOString();
      await store.links.finish(
        'test',
        {
          state: 'broken',
          firstFailureAt: '2026-01-01T00:00:00.000Z',
          lastFailureAt: now,
          failures: 3,
          brokenAt: '2026-01-15T00:00:00.000Z',
          dueAt: now,
          check: {
            target: t.target,
            at: now,
            class: 'dns',
            status: null,
            finalUrl: null,
            chain: [],
            durationMs: 1,
            detail: '',
          },
        },
        20,
      );
    }
    const config = testConfig({
      host: '127.0.0.1',
      port: 0,
      pwid: { archives: files['archives.json'] as string },
      archives: { fallback: [{ archive: 'tm.local.test' }] },
    });
    server = await startServer({ config, deps: await createDeps(config, { registry: allSchemes, store }) });
    base = server.url;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await closeStore?.();
    await archives?.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`the page of a broken target, with captures and with none, and ?info: 0 axe violations (${scheme})`, async () => {
      const context = await browser.newContext({ colorScheme: scheme });
      await context.route('**/*', (route) =>
        new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
      );
      const page = await context.newPage();
      const gone = await page.goto(`${base}ark:/99999/x6gone`);
      expect(gone?.status()).toBe(404);
      expect(await page.locator('h1').textContent()).toBe('The target of this identifier is gone');
      const open = page.getByRole('link', { name: 'open the archived copy' });
      expect(await open.getAttribute('href')).toBe(`${archives.base}/web/20240501100405/${GONE}`);
      expect(await page.locator('table tbody tr').count()).toBe(3);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${base}ark:/99999/x6none`);
      expect(await page.locator('main').textContent()).toContain('No web archive this gateway asks holds a capture');
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${base}ark:/99999/x6gone?info`);
      expect(await page.locator('#target-health').textContent()).toBe('Target');
      expect(await page.locator('section[aria-labelledby="target-health"] tbody tr').count()).toBe(3);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
