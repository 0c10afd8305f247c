import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp } from '../testing/store.ts';
import { isJsonContentType, mediaTypeOf } from './media-type.ts';

// Issue 27 item 7: one media-type rule for every route that reads a JSON body (media-type.ts, the rule of Hono's
// validator): the media type before `;`, any case, `application/json` or `application/*+json`; a list of media
// types is not one (415 everywhere, where the binding PUT used to take it).

describe('the media-type rule', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=UTF-8', true],
    ['application/merge-patch+json', true],
    [' application/json ;charset=utf-8', true],
    ['application/json, application/json', false],
    ['application/jsonx', false],
    ['text/json', false],
    ['', false],
  ])('%j is JSON: %s', (type, json) => {
    expect(isJsonContentType(type)).toBe(json);
  });
  it('the media type is lower-cased, without parameters', () => {
    expect(mediaTypeOf('Text/Plain; charset=UTF-8')).toBe('text/plain');
  });
});

describe('every JSON route answers the same to the same Content-Type', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  beforeAll(async () => {
    t = await storeApp('sqlite');
    token = await t.token(['pidgate:admin', 'ark:/99999']);
  });
  afterAll(async () => t.close());

  const ROUTES: [string, string, unknown][] = [
    ['PUT', '/api/v1/bindings/ark:/99999/fk4media', { target: 'https://example.org/m' }],
    ['POST', '/api/v1/shoulders', { shoulder: 'ark:/99999/m3', template: 'm3.reeddk' }],
    ['POST', '/api/v1/mint', { shoulder: 'ark:/99999/m3', count: 1 }],
    ['POST', '/api/v1/tokens', { name: 'media', scopes: ['ark:/99999/m3'] }],
    ['POST', '/api/v1/compare', { identifiers: ['ark:/12025/x', 'ark:/12025/x'] }],
    ['POST', '/api/v1/resolve', { identifiers: ['ark:/12025/x'] }],
    ['POST', '/api/v1/normalize', { identifiers: ['ark:/12025/x'] }],
  ];
  const send = (method: string, path: string, body: unknown, type: string) =>
    t.app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: JSON.stringify(body),
    });

  it.each(ROUTES)('%s %s: a list of media types is 415 unsupported-media-type', async (method, path, body) => {
    const r = await send(method, path, body, 'application/json, application/json');
    expect(r.status).toBe(415);
    expect(((await r.json()) as { code: string }).code).toBe('unsupported-media-type');
  });

  it.each(ROUTES)('%s %s: JSON in any case, with a charset, is read', async (method, path, body) => {
    const r = await send(method, path, body, 'Application/JSON; charset=utf-8');
    expect(r.status).toBeLessThan(300);
  });
});
