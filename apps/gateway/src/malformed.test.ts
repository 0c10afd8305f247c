import { ARK_INVALID_RULES } from '@pidgate/ark/testing';
import { ARXIV_INVALID_RULES } from '@pidgate/arxiv/testing';
import type { Profile } from '@pidgate/core';
import { type InvalidCase, type InvalidRule, sampleInvalid } from '@pidgate/core/testing';
import { DOI_INVALID_RULES } from '@pidgate/doi/testing';
import { HANDLE_INVALID_RULES } from '@pidgate/handle/testing';
import { ISBN_INVALID_RULES, ISSN_INVALID_RULES } from '@pidgate/isbn/testing';
import { ORCID_INVALID_RULES } from '@pidgate/orcid/testing';
import { PDI_INVALID_RULES } from '@pidgate/pdi/testing';
import { PMCID_INVALID_RULES, PMID_INVALID_RULES } from '@pidgate/pubmed/testing';
import { PURL_INVALID_RULES } from '@pidgate/purl/testing';
import { PWID_INVALID_RULES } from '@pidgate/pwid/testing';
import { registry } from '@pidgate/schemes';
import { URN_INVALID_RULES } from '@pidgate/urn/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naanOnly } from './resolution/index.ts';
import { testApp } from './testing/helpers.ts';

/**
 * Invalid identifiers generated from each scheme's grammar (the scheme packages' `./testing` rules:
 * a valid identifier with one rule broken, and the code that rule's failure gives), walked through
 * every route of the gateway, which must answer each with a 4xx problem document carrying that code.
 */
const RULES: Record<string, readonly InvalidRule[]> = {
  ark: ARK_INVALID_RULES,
  pwid: PWID_INVALID_RULES,
  pdi: PDI_INVALID_RULES,
  urn: URN_INVALID_RULES,
  doi: DOI_INVALID_RULES,
  handle: HANDLE_INVALID_RULES,
  isbn: ISBN_INVALID_RULES,
  issn: ISSN_INVALID_RULES,
  // `orcid-range` is ORCID's own answer to a bare number outside its blocks; through the registry that
  // number is an ISNI (docs/specs/isni.md), so the gateway never gives it
  orcid: ORCID_INVALID_RULES.filter((r) => r.code !== 'orcid-range'),
  arxiv: ARXIV_INVALID_RULES,
  pmid: PMID_INVALID_RULES,
  pmcid: PMCID_INVALID_RULES,
  purl: PURL_INVALID_RULES,
};
const PER_RULE = 3;
const cases: (InvalidCase & { scheme: string })[] = Object.entries(RULES).flatMap(([scheme, rules]) =>
  sampleInvalid(rules, PER_RULE).map((c) => ({ ...c, scheme })),
);

// The gateway as deployed: every scheme (@pidgate/schemes), one app per profile.
const apps = {
  source: (await testApp({ profile: 'source' }, { registry })).app,
  modern: (await testApp({ profile: 'modern' }, { registry })).app,
} satisfies Record<Profile, unknown>;

/**
 * What travels in a request path as written: printable ASCII outside the WHATWG URL path percent-encode
 * set (`"`, `#`, `<`, `>`, `?`, backquote, `{`, `}`: a client sends those %-encoded, which makes another
 * identifier) and without `\` (read as `/`). A `?` would start the query, which an ARK passes on to its
 * target, and a trailing `?` is a THUMP request.
 */
const sendable = (id: string) => /^[!-~]+$/.test(id) && !/["#<>?`{}\\]/.test(id);

/** The code and offset a route must answer with: the rule's, or for an unrecognized input the registry's. */
function expected(c: InvalidCase): { code: string; offset?: number } {
  if (!c.recognized) return { code: 'unknown-scheme' };
  return c.offset === null ? { code: c.code } : { code: c.code, offset: c.offset };
}

/**
 * A NAAN alone in a path (`/ark:/12345`, `/ark:12345/`, as the request reaches the app: `/.` dropped) is no
 * malformed ARK there: the gateway describes the NAAN, as N2T does (resolver-compat.test.ts).
 */
function namesNaan(input: string, profile: Profile): boolean {
  const only = naanOnly(new URL(`/${input}`, 'http://x').pathname.slice(1));
  return only !== null && registry.parse(`${only.label}${only.naan}/x`, profile).ok;
}

async function expectProblem(res: Response, c: InvalidCase, route: string) {
  const what = `${route} ${JSON.stringify(c.input)} (${c.rule})`;
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.headers.get('content-type'), what).toBe('application/problem+json');
  const body = (await res.json()) as { code?: string; offset?: number; status?: number };
  expect(body.status, what).toBe(res.status);
  expect(body, what).toMatchObject(expected(c));
}

const post = (app: (typeof apps)['source'], route: string, id: string) =>
  app.request(`/api/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifiers: [id, 'urn:example:ok'] }),
  });

describe('generated invalid identifiers on every route', () => {
  it('every rule of every scheme is sampled, and most cases travel in a path', () => {
    const rules = Object.values(RULES).reduce((n, r) => n + r.length, 0);
    expect(cases).toHaveLength(rules * PER_RULE);
    expect(cases.filter((c) => sendable(c.input)).length).toBeGreaterThan(cases.length / 3);
  });

  it.each(cases.map((c) => [`${c.scheme} ${c.code} ${JSON.stringify(c.input)}`, c] as const))('%s', async (_, c) => {
    const app = apps[c.profile];
    const want = expected(c);
    if (sendable(c.input) && c.recognized && !namesNaan(c.input, c.profile)) {
      for (const suffix of ['', '?', '??', '?info']) {
        await expectProblem(await app.request(`/${c.input}${suffix}`), c, `GET /{id}${suffix}`);
      }
    }
    await expectProblem(await app.request(`/api/v1/parse?id=${encodeURIComponent(c.input)}`), c, 'GET /api/v1/parse');
    const normalize = (await (await post(app, 'normalize', c.input)).json()) as { results: { error?: object }[] };
    expect(normalize.results[0]?.error, 'normalize').toMatchObject(want);
    const compare = (await (await post(app, 'compare', c.input)).json()) as { errors: { error: object }[] };
    expect(compare.errors[0]?.error, 'compare').toMatchObject(want);
    const resolve = (await (await post(app, 'resolve', c.input)).json()) as {
      results: { status: number; error?: object }[];
    };
    expect(resolve.results[0]?.status, 'resolve').toBe(400);
    expect(resolve.results[0]?.error, 'resolve').toMatchObject(want);
  });

  it('no string at all makes any route answer 5xx', async () => {
    const { app } = await testApp({}, { registry });
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (s) => {
        const id = `ark:/12025/${s}`;
        const paths = [`/api/v1/parse?id=${encodeURIComponent(id)}`];
        if (/^[!-~]+$/.test(id) && !/[#\\]/.test(id) && !id.endsWith('?')) paths.push(`/${s}`, `/${id}`, `/${id}?info`);
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
