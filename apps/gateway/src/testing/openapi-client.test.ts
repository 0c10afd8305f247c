import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from './helpers.ts';
import { CLIENT_TYPES_FILE, clientTypes, gatewayDocument } from './openapi-client.ts';
import type { paths } from './openapi-types.ts';
import { testStore } from './store.ts';

// Issue 17: a client generated from /openapi.json (openapi-typescript types + openapi-fetch) drives the batch
// and admin APIs of a running gateway over a real socket, with a real SQLite store. tsc checks every call
// against the generated types, so a request or answer the document gets wrong does not compile.

describe('the generated client types', () => {
  it('are what openapi-typescript makes of /openapi.json today (run `npm run docs -w @pidgate/gateway`)', async () => {
    const fresh = await clientTypes(await gatewayDocument());
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(fresh);
  });
});

describe('a typed client against the running gateway', () => {
  let running: RunningServer;
  let opened: Awaited<ReturnType<typeof testStore>>;
  let token: string;
  let client: ReturnType<typeof createClient<paths>>;
  const ADMIN = 'admin-token-for-the-typed-client-test';

  beforeAll(async () => {
    opened = await testStore('sqlite');
    const made = await opened.store.createToken('client', ['ark:/99999']);
    if (!made.ok) throw new Error(made.error.message);
    token = made.value.token;
    const config = testConfig({ port: 0, host: '127.0.0.1', admin: { token: ADMIN } });
    running = await startServer({
      config,
      deps: await createDeps(config, { registry: allSchemes, store: opened.store }),
    });
    client = createClient<paths>({
      // openapi-fetch's own path serializer: `{identifier}` percent-encoded whole (`ark%3A%2F99999%2F…`), which
      // the gateway decodes once.
      baseUrl: running.url.replace(/\/$/, ''),
    });
  });
  afterAll(async () => {
    await running.close();
    await running.deps.close();
    await opened.close();
  });

  const auth = () => ({ headers: { authorization: `Bearer ${token}` } });

  it('drives the batch API: parse, normalize, compare, resolve', async () => {
    const parsed = await client.GET('/api/v1/parse', { params: { query: { id: 'ARK:/12025/654XZ321' } } });
    expect(parsed.response.status).toBe(200);
    expect(parsed.data?.normalized).toBe('ark:/12025/654XZ321'); // the label is lowercased, not the Name
    const normalized = await client.POST('/api/v1/normalize', {
      body: { identifiers: ['ARK:/12025/654XZ321', 'not-an-id'] },
    });
    // the JSON answer (a text/plain body would be streamed back as NDJSON)
    const results = typeof normalized.data === 'object' ? normalized.data.results : [];
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    const compared = await client.POST('/api/v1/compare', {
      body: { identifiers: ['ark:/12025/654xz321', 'ARK:/12025/654xz321'] },
    });
    expect(compared.data?.equivalent).toBe(true);
    const resolved = await client.POST('/api/v1/resolve', { body: { identifiers: ['ark:/12025/654xz321'] } });
    expect(resolved.response.status).toBe(200);
    expect(resolved.data?.results).toHaveLength(1);
    const bad = await client.GET('/api/v1/parse', { params: { query: { id: 'ark:/' } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.code).toBeTypeOf('string');
  });

  it('drives the admin API: shoulders, mint, bindings (put, get, list, delete), reload', async () => {
    const shoulder = await client.POST('/api/v1/shoulders', {
      ...auth(),
      body: { shoulder: 'ark:/99999/x6', template: 'x6.reeddk' },
    });
    expect([shoulder.response.status, shoulder.error]).toEqual([201, undefined]);
    expect(shoulder.data?.shoulder).toBe('ark:/99999/x6');
    const minted = await client.POST('/api/v1/mint', { ...auth(), body: { shoulder: 'ark:/99999/x6', count: 2 } });
    expect(minted.response.status).toBe(200);
    const ids = minted.data?.identifiers ?? [];
    expect(ids).toHaveLength(2);
    const id = ids[0] as string;
    const put = await client.PUT('/api/v1/bindings/{identifier}', {
      ...auth(),
      params: { path: { identifier: id } },
      body: { target: 'https://repository.example.org/objects/1', erc: { who: 'Kunze, John' } },
    });
    expect([put.response.status, put.error]).toEqual([201, undefined]);
    const got = await client.GET('/api/v1/bindings/{identifier}', { ...auth(), params: { path: { identifier: id } } });
    expect(got.data && 'target' in got.data && got.data.target).toBe('https://repository.example.org/objects/1');
    const page = await client.GET('/api/v1/bindings', { ...auth(), params: { query: { limit: 10 } } });
    expect(page.data?.items.map((b) => b.identifier)).toEqual([id]);
    const badCursor = await client.GET('/api/v1/bindings', { ...auth(), params: { query: { cursor: 'forged' } } });
    expect([badCursor.response.status, badCursor.error?.code]).toEqual([400, 'invalid-cursor']);
    const deleted = await client.DELETE('/api/v1/bindings/{identifier}', {
      ...auth(),
      params: { path: { identifier: id } },
    });
    expect(deleted.response.status).toBe(200);
    const outside = await client.PUT('/api/v1/bindings/{identifier}', {
      ...auth(),
      params: { path: { identifier: 'ark:/12345/x' } },
      body: { target: 'https://x.example.org/' },
    });
    expect([outside.response.status, outside.error?.code]).toEqual([403, 'out-of-scope']);
    const reload = await client.POST('/api/v1/admin/reload', { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(reload.response.status).toBe(200);
    const refused = await client.POST('/api/v1/admin/reload', { headers: { authorization: 'Bearer nope' } });
    expect(refused.response.status).toBe(401);
  });
});
