import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

/**
 * Real Chromium for the browser tests, in one place: Debian's chromium driven by playwright-core, a context
 * that reaches only the gateway on 127.0.0.1, a recorder of the page's script errors, and axe-core's check
 * at a desktop and a phone width. Without Chromium the suites skip (`describe.skipIf(!CHROMIUM_AVAILABLE)`),
 * except under CI, where `requireChromiumUnderCi` fails the run instead.
 */

/** Debian's Chromium; `PIDGATE_CHROMIUM` points elsewhere (and shows that a missing browser fails under CI). */
export const CHROMIUM = process.env['PIDGATE_CHROMIUM'] ?? '/usr/bin/chromium';
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM);

/** Headless, and silent: without the background-networking flags Chromium calls Google's hosts at start. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A failing test where CI lacks Chromium, so that a missing browser never passes as skipped tests. */
export function requireChromiumUnderCi(suite: string): void {
  const ci = !['', '0', 'false', undefined].includes(process.env['CI']);
  if (CHROMIUM_AVAILABLE || !ci) return;
  describe(suite, () => {
    it('needs Chromium at /usr/bin/chromium (apt-get install -y chromium)', () => {
      throw new Error(`${CHROMIUM} is missing: CI must install Chromium`);
    });
  });
}

/** Start Chromium (a fresh temporary profile of its own, removed on close); `exposeGc` lets a page call gc(). */
export function launchChromium(options: { readonly exposeGc?: boolean } = {}): Promise<Browser> {
  const args = options.exposeGc ? [...ARGS, '--js-flags=--expose-gc'] : ARGS;
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/**
 * A browser context that reaches 127.0.0.1 only: any other request is refused, and its URL pushed to
 * `offsite` when given (a test then asserts the page asked nothing of any other host).
 */
export async function loopbackContext(
  browser: Browser,
  options: BrowserContextOptions = {},
  offsite?: string[],
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    offsite?.push(url.href);
    return route.abort();
  });
  return context;
}

/** Push the page's uncaught errors (and, with `consoleErrors`, its console errors) to `problems`. */
export function recordProblems(page: Page, problems: string[], options: { readonly consoleErrors?: boolean } = {}) {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (options.consoleErrors) {
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, short: the rule, its impact and the first offending elements. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** Run axe-core (WCAG 2 A and AA, best practices) on the page as it is; the violations, [] when none. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script tag defines
    const g = globalThis as any;
    const result = await g.axe.run(g.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result type is not in scope in the page
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: as above
      targets: v.nodes.slice(0, 5).map((n: any) => String(n.target)),
    }));
  });
}

// What checkPage asks of the page; this folder is type-checked without the DOM library.
declare const document: { documentElement: { scrollWidth: number } };

/**
 * The page as it is passes axe with 0 violations at 1200 and at 390 pixels, and at 390 it is no wider than
 * the screen (nothing to scroll sideways); the viewport is 1200 × 900 again afterwards.
 */
export async function checkPage(page: Page, what: string, widths: readonly number[] = [1200, 390]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const violations = await axeViolations(page);
    expect(violations, `${what} at ${width}px: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    if (width <= 400) {
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${what} is wider than ${width} px`).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 1200, height: 900 });
}
