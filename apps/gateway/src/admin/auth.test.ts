import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/helpers.ts';
import { gatewayDocument } from '../testing/openapi-client.ts';
import { storeApp } from '../testing/store.ts';

// The bearer gate of the admin API (auth.ts `requireToken`, hono's bearer-auth) and of the reload
// (`admin.token`), over a real SQLite store: every refusal is a problem document with its challenge.

const CHALLENGE = 'Bearer realm="pidgate"';

/** One request of each admin route (GET, POST, PUT, DELETE; JSON, NDJSON; OpenAPI routes and plain ones). */
const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/v1/bindings'],
  ['GET', '/api/v1/bindings/export'],
  ['POST', '/api/v1/bindings/import'],
  ['GET', '/api/v1/bindings/ark:/99999/x6np1wh8k'],
  ['PUT', '/api/v1/bindings/ark:/99999/x6np1wh8k'],
  ['DELETE', '/api/v1/bindings/ark:/99999/x6np1wh8k'],
  ['POST', '/api/v1/mint'],
  ['GET', '/api/v1/shoulders'],
  ['POST', '/api/v1/shoulders'],
  ['GET', '/api/v1/tokens'],
  ['POST', '/api/v1/tokens'],
  ['DELETE', '/api/v1/tokens/tok_x'],
];

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as { status: number; code: string; type: string };
}

describe('the admin API gate', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  beforeAll(async () => {
    t = await storeApp('sqlite');
    token = await t.token(['ark:/99999']);
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (method: string, path: string, authorization?: string) =>
    t.app.request(path, {
      method,
      headers: {
        ...(authorization === undefined ? {} : { authorization }),
        'content-type': 'application/json',
      },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
    });

  it.each(ADMIN_ROUTES)(
    '%s %s without a token: 401 unauthorized with the challenge, before reading the body',
    async (method, path) => {
      const res = await call(method, path);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect(await problemOf(res)).toMatchObject({
        status: 401,
        code: 'unauthorized',
        type: '/problems/unauthorized',
      });
    },
  );

  it.each(['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'Bearertoken', 'Bearer two words', 'Bearer tok{en}'])(
    'an Authorization that is no bearer token (%j): 401 unauthorized, not 400',
    async (authorization) => {
      const res = await call('GET', '/api/v1/shoulders', authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect((await problemOf(res)).code).toBe('unauthorized');
    },
  );

  it('an unknown token: 401 invalid-token, with error="invalid_token" in the challenge (RFC 6750 §3.1)', async () => {
    const res = await call('GET', '/api/v1/shoulders', 'Bearer nO7aTokenAnyoneMade_0123456789abcdefghijk');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="pidgate", error="invalid_token"');
    expect((await problemOf(res)).code).toBe('invalid-token');
  });

  it('a valid token passes, whatever the case of the scheme, and reaches the handler with it', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await call('GET', '/api/v1/shoulders', `${scheme} ${token}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ shoulders: [] });
    }
    // the token's scopes decide: ark:/99999 does not cover ark:/12345
    const outside = await call('GET', '/api/v1/bindings/ark:/12345/x', `Bearer ${token}`);
    expect(outside.status).toBe(403);
    expect((await problemOf(outside)).code).toBe('out-of-scope');
  });
});

describe('the admin API gate when the store fails or is off', () => {
  it('a store that fails while checking the token: 503 with the store code, no challenge', async () => {
    const t = await storeApp('sqlite');
    const token = await t.token(['ark:/99999']);
    await t.close();
    const res = await t.app.request('/api/v1/shoulders', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(503);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect((await problemOf(res)).code).toBe('store-closed');
  });

  it('without a store: 404 store-disabled on every admin route, asked for a token or not', async () => {
    const { app } = await testApp();
    for (const [method, path] of ADMIN_ROUTES) {
      const asked: Record<string, string>[] = [{}, { authorization: 'Bearer x' }];
      for (const headers of asked) {
        const res = await app.request(path, { method, headers });
        expect([method, path, res.status]).toEqual([method, path, 404]);
        expect((await problemOf(res)).code).toBe('store-disabled');
      }
    }
  });
});

describe('the reload gate (admin.token)', () => {
  const token = 'a-long-enough-admin-token';
  const reload = (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, h = {}) =>
    app.request('/api/v1/admin/reload', { method: 'POST', headers: h });

  it('answers 404 admin-disabled without an admin.token, whatever is sent', async () => {
    const { app } = await testApp();
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await reload(app, headers);
      expect(res.status).toBe(404);
      expect((await problemOf(res)).code).toBe('admin-disabled');
    }
  });

  it('refuses a missing, malformed or wrong token with 401 and the challenge; takes the right one', async () => {
    const { app } = await testApp({ admin: { token } });
    for (const authorization of [null, 'Basic x', `Bearer ${token}x`, `Bearer ${token.slice(1)}`, 'Bearer a{b}']) {
      const res = await reload(app, authorization === null ? {} : { authorization });
      expect([authorization, res.status]).toEqual([authorization, 401]);
      expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
      expect((await problemOf(res)).code).toBe('unauthorized');
    }
    expect((await reload(app, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});

describe('what /openapi.json says of the gate', () => {
  it('every admin operation declares 401, 404 and 503 as problem documents, and bearer security', async () => {
    const doc = (await gatewayDocument()) as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, { content?: object }> }>>;
    };
    const paths = ADMIN_ROUTES.map(([method, path]) => [
      method.toLowerCase(),
      path.replace('ark:/99999/x6np1wh8k', '{identifier}').replace('tok_x', '{id}'),
    ]);
    for (const [method, path] of paths) {
      const operation = doc.paths[path as string]?.[method as string];
      expect(operation?.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      for (const status of ['401', '404', '503']) {
        expect(Object.keys(operation?.responses[status]?.content ?? {}), `${method} ${path} ${status}`).toContain(
          'application/problem+json',
        );
      }
    }
  });
});
