import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allSchemes, testApp } from './testing/helpers.ts';

/**
 * The malformed identifiers of the scheme packages' tests: every string literal in their test files
 * that starts like an identifier and that the registry refuses. Walked through every route.
 */
function malformedFromSchemeTests(): string[] {
  const root = join(import.meta.dirname, '../../../packages');
  const found = new Set<string>();
  for (const pkg of ['ark', 'pwid', 'pdi', 'urn']) {
    const dir = join(root, pkg, 'src');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/'((?:ark|urn|pdi|pwid)[^'\\\n]{0,300})'/gi)) {
        const s = m[1] as string;
        if (!allSchemes.parse(s).ok) found.add(s);
      }
    }
  }
  return [...found];
}

const malformed = malformedFromSchemeTests();
const { app } = await testApp();

function pathOf(id: string): string {
  return `/${id}`;
}

/**
 * Only printable ASCII without `#` travels in a request line as it is (a client encodes the rest); and a
 * trailing `?` on the path is a THUMP request by definition (`urn:example:a?` asks about `urn:example:a`).
 */
const sendable = (id: string) => /^[!-~]+$/.test(id) && !/[#\\]/.test(id) && !id.endsWith('?');

async function expectProblem(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const body = await res.text();
  expect(body).not.toMatch(/\n\s+at /);
}

describe('malformed identifiers on every route', () => {
  it('there are many from the scheme packages', () => {
    expect(malformed.length).toBeGreaterThan(30);
  });

  it.each(malformed.map((m) => [m]))('%s', async (id) => {
    // An ARK followed by a query is no identifier, but as a request it resolves: the query is passed on
    // to the target as sent (N2T's passthrough; see identifier.test.ts).
    const arkWithQuery = id.includes('?') && allSchemes.parse(id.slice(0, id.indexOf('?'))).ok && id.startsWith('ark:');
    if (sendable(id) && !arkWithQuery) {
      for (const suffix of ['', '?', '??', '?info']) await expectProblem(await app.request(pathOf(id) + suffix));
    }
    await expectProblem(await app.request(`/api/v1/parse?id=${encodeURIComponent(id)}`));
    for (const route of ['normalize', 'compare', 'resolve']) {
      const res = await app.request(`/api/v1/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifiers: [id, 'urn:example:ok'] }),
      });
      expect(res.status).toBe(200);
    }
  });

  it('no string at all makes any route answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (s) => {
        const id = `ark:/12025/${s}`;
        const paths = [`/api/v1/parse?id=${encodeURIComponent(id)}`];
        if (sendable(id)) paths.push(pathOf(s), pathOf(id), `${pathOf(id)}?info`);
        for (const path of paths) {
          const res = await app.request(path);
          expect(res.status).toBeLessThan(500);
          if (res.headers.get('location')) expect(res.headers.get('location')).toMatch(/^https?:\/\/[!-~]+$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
