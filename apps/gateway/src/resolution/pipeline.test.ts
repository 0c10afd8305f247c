import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { storeApp } from '../testing/store.ts';
import { type Resolution, type ResolveOptions, resolveTarget, resolveTargetNow } from './pipeline.ts';
import { arkResolver } from './resolvers/ark.ts';
import type { Resolver } from './resolvers/types.ts';

// The one pipeline (pipeline.ts) on its own: request targets to what the gateway makes of them, over a
// real SQLite store with bindings made through the admin API, the NAAN table shipped in apps/gateway/data,
// the archive registry and the URN resolver table.

/** What a test looks at in a resolution: its kind and the few fields that tell it apart. */
function summary(r: Resolution): Record<string, unknown> {
  switch (r.kind) {
    case 'unparseable':
      return { kind: r.kind, identifier: r.identifier, code: r.error.code, offset: r.error.offset };
    case 'unknown-inflection':
      return { kind: r.kind, identifier: r.identifier, offset: r.offset };
    case 'no-resolver':
      return { kind: r.kind, scheme: r.id.scheme };
    case 'outcome':
    case 'describe': {
      const o = r.outcome;
      const found =
        o.kind === 'redirect'
          ? { status: o.status, target: o.target, ...(o.contentLocation ? { contentLocation: o.contentLocation } : {}) }
          : o.kind === 'not-found' || o.kind === 'gone' || o.kind === 'failed'
            ? { code: o.code }
            : {};
      return {
        kind: r.kind,
        scheme: r.id.scheme,
        identifier: r.identifier,
        ...(r.kind === 'describe' ? { inflection: r.inflection } : {}),
        outcome: o.kind,
        ...found,
      };
    }
  }
}

describe('resolveTarget: request targets to resolutions, over a real SQLite store', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  beforeAll(async () => {
    t = await storeApp('sqlite');
    const token = await t.token(['ark:/99999', 'urn:pdi://ap.org.us']);
    const put = async (id: string, target: string) => {
      const res = await t.app.request(`/api/v1/bindings/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ target, erc: { who: 'Example Library', what: id } }),
      });
      expect(res.status, id).toBe(201);
    };
    await put('ark:/99999/fk4bound', 'https://repository.example.org/objects/bound');
    await put('ark:/99999/fk4gone', 'https://repository.example.org/objects/gone');
    await put('ark:/99999/fk4loop', 'http://loop.example.org/ark:/99999/fk4loop');
    await put('urn:pdi://ap.org.us/1997/11/27/12.pdf', 'https://ap.example.org/12.pdf');
    const del = await t.app.request('/api/v1/bindings/ark:/99999/fk4gone', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.status).toBe(200);
  });
  afterAll(() => t.close());

  const cases: [string, ResolveOptions, Record<string, unknown>][] = [
    // Through the NAAN table, with a qualifier, percent-encoded whole, with a query.
    [
      '/ark:/12025/654xz321',
      {},
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/12025/654xz321',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/654xz321',
      },
    ],
    [
      '/ark:/12025/654xz321/s3/f8.05v.tiff',
      {},
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/12025/654xz321/s3/f8.05v.tiff',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/654xz321/s3/f8.05v.tiff',
      },
    ],
    [
      '/ark%3A%2F12025%2F654xz321',
      {},
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/12025/654xz321',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/654xz321',
      },
    ],
    // Bound in the store; deleted (a tombstone); never bound (the NAAN table's entry for 99999 answers).
    [
      '/ark:/99999/fk4bound',
      {},
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4bound',
        outcome: 'redirect',
        status: 302,
        target: 'https://repository.example.org/objects/bound',
      },
    ],
    [
      '/ark:/99999/fk4gone',
      {},
      { kind: 'outcome', scheme: 'ark', identifier: 'ark:/99999/fk4gone', outcome: 'gone', code: 'tombstoned' },
    ],
    [
      '/ark:/99999/fk4never',
      {},
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4never',
        outcome: 'redirect',
        status: 302,
        target: 'https://ezid.cdlib.org/ark:/99999/fk4never',
      },
    ],
    // A PDI bound without a version resolves to its latest version, named in Content-Location.
    [
      '/urn:pdi://ap.org.us/1997/11/27/12.pdf',
      {},
      {
        kind: 'outcome',
        scheme: 'pdi',
        identifier: 'urn:pdi://ap.org.us/1997/11/27/12.pdf',
        outcome: 'redirect',
        status: 302,
        target: 'https://ap.example.org/12.pdf',
        contentLocation: 'urn:pdi://ap.org.us/1997/11/27/12.pdf.1',
      },
    ],
    // PWID through the archive registry; a URN through the resolver table.
    [
      '/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      {},
      {
        kind: 'outcome',
        scheme: 'pwid',
        identifier: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
        outcome: 'redirect',
        status: 302,
        target: 'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      },
    ],
    [
      '/urn:nbn:de:bvb:19-146642',
      {},
      {
        kind: 'outcome',
        scheme: 'urn',
        identifier: 'urn:nbn:de:bvb:19-146642',
        outcome: 'redirect',
        status: 302,
        target: 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
      },
    ],
    // The inflections describe; a fourth `?` is no inflection; what names no identifier does not parse.
    [
      '/ark:/12025/654xz321?',
      {},
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:/12025/654xz321',
        inflection: '?',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/654xz321',
      },
    ],
    [
      '/ark:/99999/fk4bound??',
      {},
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4bound',
        inflection: '??',
        outcome: 'redirect',
        status: 302,
        target: 'https://repository.example.org/objects/bound',
      },
    ],
    [
      '/ark:/99999/fk4gone?info',
      {},
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4gone',
        inflection: '?info',
        outcome: 'gone',
        code: 'tombstoned',
      },
    ],
    ['/ark:/12025/654xz321???', {}, { kind: 'unknown-inflection', identifier: 'ark:/12025/654xz321?', offset: 19 }],
    ['/favicon.ico', {}, { kind: 'unparseable', identifier: 'favicon.ico', code: 'unknown-scheme', offset: 0 }],
    ['/ark:/1234/x', {}, { kind: 'unparseable', identifier: 'ark:/1234/x', code: 'naan-length', offset: 5 }],
    // A NAAN alone is described as `?info` would (N2T), with where ARKs under it go; never redirected.
    [
      '/ark:/12025',
      { loopCheck: { host: 'www.nlm.nih.gov' } },
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:/12025',
        inflection: '?info',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/',
      },
    ],
    [
      '/ark:12025/??',
      {},
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:12025/',
        inflection: '??',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/',
      },
    ],
    ['/ark:/1234', {}, { kind: 'unparseable', identifier: 'ark:/1234', code: 'naan-length', offset: 5 }],
    // As typed into a form, a NAAN alone is what the parser says of it.
    [
      'ark:/12025',
      { form: 'identifier' },
      { kind: 'unparseable', identifier: 'ark:/12025', code: 'naan-unterminated', offset: 10 },
    ],
    // `/.info/ID` is `/ID?info`; an inflection after a percent-encoded identifier is kept.
    [
      '/.info/ark:/99999/fk4bound',
      {},
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4bound',
        inflection: '?info',
        outcome: 'redirect',
        status: 302,
        target: 'https://repository.example.org/objects/bound',
      },
    ],
    [
      '/ark%3A%2F99999%2Ffk4bound??',
      {},
      {
        kind: 'describe',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4bound',
        inflection: '??',
        outcome: 'redirect',
        status: 302,
        target: 'https://repository.example.org/objects/bound',
      },
    ],
    ['/.info/', {}, { kind: 'unparseable', identifier: '.info/', code: 'unknown-scheme', offset: 0 }],
    // A target back at this gateway, as the request's Host names it, is refused; the batch API reports it.
    [
      '/ark:/99999/fk4loop',
      { loopCheck: { host: 'loop.example.org' } },
      { kind: 'outcome', scheme: 'ark', identifier: 'ark:/99999/fk4loop', outcome: 'not-found', code: 'target-loop' },
    ],
    [
      '/ark:/99999/fk4loop',
      {},
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4loop',
        outcome: 'redirect',
        status: 302,
        target: 'http://loop.example.org/ark:/99999/fk4loop',
      },
    ],
    // An identifier as typed into a form or sent in a batch: no inflection, no percent-decoding.
    [
      'ark:/12025/654xz321',
      { form: 'identifier' },
      {
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/12025/654xz321',
        outcome: 'redirect',
        status: 302,
        target: 'http://www.nlm.nih.gov/ark:/12025/654xz321',
      },
    ],
    [
      'ark%3A%2F12025%2F654xz321',
      { form: 'identifier' },
      { kind: 'unparseable', identifier: 'ark%3A%2F12025%2F654xz321', code: 'unknown-scheme', offset: 0 },
    ],
  ];

  it.each(cases)('%s %j', async (target, options, expected) => {
    expect(summary(await resolveTarget(t.deps, target, options))).toEqual(expected);
  });

  it('answers at once when the resolver does (resolveTargetNow), through a promise when it waits', async () => {
    // Without a store, the NAAN table answers at once; with one, the store is asked first.
    const storeless = await createDeps(testConfig(), { registry: allSchemes });
    const now = resolveTargetNow(storeless, '/ark:/12025/654xz321');
    expect(now).not.toBeInstanceOf(Promise);
    expect((now as Resolution).kind).toBe('outcome');
    await storeless.close();
    const later = resolveTargetNow(t.deps, '/ark:/99999/fk4bound');
    expect(later).toBeInstanceOf(Promise);
    expect((await later).kind).toBe('outcome');
  });

  it('a resolver that throws makes resolveTarget reject, never throw', async () => {
    const boom: Resolver<'ark'> = {
      scheme: 'ark',
      resolve: () => {
        throw new Error('boom');
      },
      describe: () => {
        throw new Error('not asked');
      },
    };
    const deps = await createDeps(testConfig(), { registry: allSchemes, resolvers: { ark: boom } });
    let promise: Promise<Resolution> | undefined;
    expect(() => {
      promise = resolveTarget(deps, '/ark:/12025/654xz321');
    }).not.toThrow();
    await expect(promise).rejects.toThrow('boom');
    await deps.close();
  });

  it('a scheme the registry parses but no resolver answers for is no-resolver', async () => {
    const deps = await createDeps(testConfig(), { registry: allSchemes, resolvers: { ark: arkResolver } });
    expect(summary(await resolveTarget(deps, '/urn:nbn:de:bvb:19-146642'))).toEqual({
      kind: 'no-resolver',
      scheme: 'urn',
    });
    await deps.close();
  });
});

describe('resolveTarget with a store that fails', () => {
  it('answers the failure (503) as it is, for an inflection too: nothing is described from half the sources', async () => {
    const t = await storeApp('sqlite');
    await t.close();
    for (const target of ['/ark:/99999/fk4abc', '/ark:/99999/fk4abc?info']) {
      const r = await resolveTarget(t.deps, target);
      expect(summary(r), target).toEqual({
        kind: 'outcome',
        scheme: 'ark',
        identifier: 'ark:/99999/fk4abc',
        outcome: 'failed',
        code: 'storage-error',
      });
      expect(r.kind === 'outcome' && r.outcome.kind === 'failed' && r.outcome.status).toBe(503);
    }
  });
});
