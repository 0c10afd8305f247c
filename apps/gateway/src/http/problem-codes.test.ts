import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemes } from '@pidgate/schemes';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config/index.ts';
import { createDeps } from '../deps.ts';
import { CODE_TABLES, describeProblemCode } from './index.ts';

// Problem `type`s name a page the gateway serves (issue 27, item 8): one table describes every code.

const src = fileURLToPath(new URL('..', import.meta.url));

/** The codes written as literals in the gateway's `problem(status, 'code', …)` calls. */
function literalCodes(): string[] {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'dns' && e.name !== 'testing') walk(path);
      } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/problem\(\s*[\w.]+,\s*'([a-z-]+)'/g))
          codes.add(m[1] ?? '');
      }
    }
  };
  walk(src);
  return [...codes].sort();
}

describe('the table of problem codes', () => {
  const tables = Object.entries(CODE_TABLES).flatMap(([table, codes]) => codes.map((code) => [table, code] as const));
  it.each(tables)('%s: %s is described', (_table, code) => {
    const d = describeProblemCode(code);
    expect(d?.meaning.length).toBeGreaterThan(10);
    expect(d?.action.length).toBeGreaterThan(5);
  });

  it('every code a problem() call writes is described', () => {
    const codes = literalCodes();
    expect(codes).toContain('unsupported-media-type'); // the scan finds the calls
    expect(codes.filter((c) => describeProblemCode(c) === null)).toEqual([]);
  });

  it("every scheme's parse codes are described, naming the scheme", () => {
    for (const s of schemes) {
      for (const code of s.errorCodes) {
        const d = describeProblemCode(code);
        expect(d, `${s.name} ${code}`).not.toBeNull();
      }
    }
    expect(describeProblemCode('doi-separator')?.schemes).toContain('doi');
  });

  it('a code nobody gives is not described', () => {
    expect(describeProblemCode('no-such-code')).toBeNull();
    expect(describeProblemCode('constructor')).toBeNull();
    expect(describeProblemCode('toString')).toBeNull();
  });
});

async function app(env: Record<string, string> = {}) {
  const config = loadConfig({
    PIDGATE_STORE_ENABLED: 'false',
    PIDGATE_LOG: 'off',
    PIDGATE_MAPTR_ENABLED: 'false',
    ...env,
  });
  const deps = await createDeps(config);
  return { app: createApp(deps), close: () => deps.close() };
}

describe('GET /problems/{code}', () => {
  it('a problem names a page that describes its code: JSON for programs, HTML for browsers', async () => {
    const { app: a, close } = await app();
    try {
      const p = await a.request('/nothing-known-here');
      expect(p.status).toBe(404);
      const body = (await p.json()) as { type: string; code: string };
      expect(body.type).toBe('/problems/unknown-scheme');
      const json = await a.request(body.type, { headers: { accept: 'application/json' } });
      expect(json.status).toBe(200);
      expect(await json.json()).toMatchObject({
        code: 'unknown-scheme',
        type: '/problems/unknown-scheme',
        meaning: expect.stringContaining('not an identifier'),
      });
      const page = await a.request(body.type, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('What to do');
      expect(html).toContain('unknown-scheme');
    } finally {
      await close();
    }
  });

  it('an unknown code: 404 problem (HTML page for a browser)', async () => {
    const { app: a, close } = await app();
    try {
      const res = await a.request('/problems/no-such-code', { headers: { accept: 'application/json' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ code: 'not-found', type: '/problems/not-found' });
      const page = await a.request('/problems/no-such-code', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('href="/problems/not-found"');
    } finally {
      await close();
    }
  });

  it('under the base path of baseUrl, types name the page as browsers reach it', async () => {
    const { app: a, close } = await app({ PIDGATE_BASE_URL: 'https://example.org/resolver/' });
    try {
      const p = await a.request('/nothing-known-here');
      expect(((await p.json()) as { type: string }).type).toBe('/resolver/problems/unknown-scheme');
      const d = await a.request('/problems/tombstoned', { headers: { accept: 'application/json' } });
      expect(await d.json()).toMatchObject({ type: '/resolver/problems/tombstoned' });
    } finally {
      await close();
    }
  });
});
