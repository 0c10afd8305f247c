// biome-ignore-all lint/suspicious/noTemplateCurlyInString: resolver URLs are templates with ${urn}-style placeholders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../deps.ts';
import { type RunningServer, startServer } from '../../server.ts';
import { allSchemes, tempFiles, testApp, testConfig } from '../../testing/helpers.ts';

// Issue 11: resolution per URN namespace, from the resolver table an operator can extend.
const { app } = await testApp();

async function problem(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return (await res.json()) as Record<string, unknown>;
}

describe('GET /urn:...: the namespace resolvers of the built-in table', () => {
  it.each([
    ['/urn:nbn:de:bvb:19-146642', 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642'],
    ['/urn:nbn:at:at-ubi:1-16130', 'https://nbn-resolving.org/urn:nbn:at:at-ubi:1-16130'],
    ['/urn:nbn:fi-fe19981001', 'https://urn.fi/urn:nbn:fi-fe19981001'],
    ['/URN:NBN:fi-fe2019101132981', 'https://urn.fi/URN:NBN:fi-fe2019101132981'],
    ['/urn:nbn:se:uu:diva-3475', 'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475'],
    ['/urn:nbn:no-29632', 'https://urn.nb.no/urn:nbn:no-29632'],
    ['/urn:nbn:nl:ui:13-abc', 'https://persistent-identifier.nl/urn:nbn:nl:ui:13-abc'],
    ['/urn:nbn:it:frd-9315', 'https://nbn.depositolegale.it/urn:nbn:it:frd-9315'],
    ['/urn:nbn:cz:nk-123', 'https://resolver.nkp.cz/urn:nbn:cz:nk-123'],
    ['/urn:ietf:rfc:2648', 'https://www.rfc-editor.org/rfc/rfc2648'],
    ['/URN:IETF:RFC:8141', 'https://www.rfc-editor.org/rfc/rfc8141'],
    ['/urn:ietf:bcp:66', 'https://www.rfc-editor.org/info/bcp66'],
    ['/urn:ietf:std:50', 'https://www.rfc-editor.org/info/std50'],
    ['/urn:ietf:id:ietf-urn-ietf-06', 'https://datatracker.ietf.org/doc/ietf-urn-ietf-06'],
    ['/urn:doi:10.1000/182', 'https://doi.org/10.1000/182'],
    ['/urn:isbn:0-395-36341-1', 'https://openlibrary.org/isbn/0395363411'],
    ['/urn:issn:0259-000x', 'https://portal.issn.org/resource/ISSN/0259-000X'],
    // a resolver URL is read as the URN it carries, and resolved as that URN
    ['/https://nbn-resolving.org/urn:nbn:de:bvb:19-146642', 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642'],
    ['/http://urn.fi/URN:NBN:fi-fe19981001', 'https://urn.fi/URN:NBN:fi-fe19981001'],
    ['/https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475', 'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475'],
  ])('%s -> %s', async (path, location) => {
    const res = await app.request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });

  it.each([
    ['/urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'no public resolver for urn:uuid'],
    ['/urn:oid:1.3.6.1', 'no public resolver for urn:oid'],
    ['/urn:example:a123', 'never resolved'],
    ['/urn:nbn:zz-123', 'no public resolver is known for the namespace urn:nbn'],
    ['/urn:unregistered:x', 'not a namespace registered with IANA'],
  ])('%s is 404 with a problem that says why', async (path, says) => {
    const res = await app.request(path, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    const body = await problem(res);
    expect(body['code']).toBe('no-delegation');
    expect(String(body['detail'])).toContain(says);
  });

  it.each([
    ['/urn:isbn:0395363412', 'isbn-check-digit'],
    ['/urn:uuid:0000', 'uuid-syntax'],
    ['/urn:oid:01.2', 'oid-leading-zero'],
    ['/urn:ex:ex?+/', 'r-component-start'],
  ])('%s is 400 %s', async (path, code) => {
    const res = await app.request(path, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect((await problem(res))['code']).toBe(code);
  });
});

describe('?info describes the namespace', () => {
  it('registrant, registration document, rules applied, resolver', async () => {
    const res = await app.request('/urn:isbn:0-395-36341-1?info', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { about: Record<string, Record<string, unknown>>; support: { who: string } };
    expect(body.about['namespace']).toMatchObject({
      nid: 'isbn',
      registered: 'formal',
      registration: 'RFC 8254',
      document: 'https://www.rfc-editor.org/rfc/rfc8254',
      registrant: 'International ISBN Agency',
      standardKey: 'urn:isbn:9780395363416',
    });
    expect(String(body.about['namespace']?.['checks'])).toContain('check digit');
    expect(body.about['delegation']).toMatchObject({ prefix: 'isbn', source: 'resolver-table' });
    expect(body.support.who).toBe('International ISBN Agency');
  });

  it('says when a namespace is not registered, in text too', async () => {
    const res = await app.request('/urn:unregistered:x?info', { headers: { accept: 'text/plain' } });
    const text = await res.text();
    expect(text).toContain('namespace-registered: no');
    expect(text).toContain('nid-unregistered');
  });
});

describe('operators extend and override', () => {
  let s: RunningServer;
  beforeAll(async () => {
    const files = tempFiles({
      'resolvers.json': JSON.stringify({
        urn: [
          { prefix: 'isbn', url: 'https://catalogue.example.org/isbn/${key}', name: 'Our catalogue' },
          { prefix: 'uuid', url: 'https://things.example.org/${key}' },
          { prefix: 'nbn:de', url: 'https://nbn.example.org/${urn}' },
        ],
        schemes: {},
      }),
    });
    const config = testConfig({
      port: 0,
      host: '127.0.0.1',
      resolvers: { file: files['resolvers.json'] as string },
      urn: { delegations: [{ prefix: 'nbn:de', url: 'https://configured.example.org/${urn}' }] },
    });
    s = await startServer({ config, deps: await createDeps(config, { registry: allSchemes }) });
  });
  afterAll(() => s.close());

  const get = (path: string) => fetch(`http://127.0.0.1:${s.port}${path}`, { redirect: 'manual' });

  it.each([
    ['/urn:isbn:978-0-395-36341-6', 'https://catalogue.example.org/isbn/9780395363416'],
    [
      '/urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6',
      'https://things.example.org/f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    ],
    // urn.delegations (configuration) takes precedence over the table
    ['/urn:nbn:de:bvb:19-146642', 'https://configured.example.org/urn:nbn:de:bvb:19-146642'],
    // the rest of the built-in table stays
    ['/urn:nbn:fi-fe19981001', 'https://urn.fi/urn:nbn:fi-fe19981001'],
  ])('%s -> %s (real socket)', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });
});

describe('POST /api/v1/compare with a level', () => {
  const compare = (body: object) =>
    app.request('/api/v1/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('lexical (the default) keeps an ISBN-10 and its ISBN-13 apart', async () => {
    const res = await compare({ identifiers: ['urn:isbn:0-395-36341-1', 'urn:isbn:978-0-395-36341-6'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      equivalent: false,
      groups: [
        { normalized: 'urn:isbn:0395363411', members: [0] },
        { normalized: 'urn:isbn:9780395363416', members: [1] },
      ],
      errors: [],
    });
  });

  it('standard groups them', async () => {
    const res = await compare({
      identifiers: ['urn:isbn:0-395-36341-1', 'urn:isbn:978-0-395-36341-6', 'URN:ISBN:0395363411'],
      level: 'standard',
    });
    expect(await res.json()).toEqual({
      equivalent: true,
      groups: [{ normalized: 'urn:isbn:9780395363416', members: [0, 1, 2] }],
      errors: [],
    });
  });

  it('refuses an unknown level with 400', async () => {
    const res = await compare({ identifiers: ['urn:example:a'], level: 'loose' });
    expect(res.status).toBe(400);
  });

  it('documents the level in the OpenAPI description', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    };
    expect(doc.components.schemas['CompareRequest']?.properties['level']?.enum).toEqual(['lexical', 'standard']);
  });
});

describe('GET /api/v1/parse shows the standard key and the warnings', () => {
  it.each([
    ['urn:isbn:0-395-36341-1', { normalized: 'urn:isbn:0395363411', standardKey: 'urn:isbn:9780395363416' }],
    [
      'urn:unregistered:x',
      {
        normalized: 'urn:unregistered:x',
        warnings: [{ code: 'nid-unregistered', message: 'the namespace "unregistered" is not registered with IANA' }],
      },
    ],
  ])('%s', async (id, expected) => {
    const res = await app.request(`/api/v1/parse?id=${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(expected);
  });

  it('leaves both out where there is nothing to say', async () => {
    const body = (await (await app.request('/api/v1/parse?id=urn:example:a')).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['components', 'input', 'normalized', 'profile', 'scheme']);
  });
});
