import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { NormalizeBody } from '../api/index.ts';
import { createApp } from '../app.ts';
import { createDeps } from '../deps.ts';
import { allSchemes, testApp, testConfig } from '../testing/helpers.ts';
import { operationId, schemaId } from '../web/index.ts';
import { METHODS, type OpenApiDocument, openApiDocument, openApiPath, routeCoverage } from './openapi.ts';

const { app } = await testApp();
const res = await app.request('/openapi.json');
const doc = (await res.json()) as OpenApiDocument;

/** Every `$ref` anywhere in `value`. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

function operations(d: OpenApiDocument): { method: string; path: string; op: Record<string, unknown> }[] {
  return Object.entries(d.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => ({
      method,
      path,
      op: (item as Record<string, Record<string, unknown>>)[method] as Record<string, unknown>,
    })),
  );
}

describe('/openapi.json', () => {
  it('is an OpenAPI 3.1 document of this gateway', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'pidgate gateway', version: '0.1.0' });
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:8080' }]); // no baseUrl: the address it listens on
  });

  it('describes every route the app answers, and no route it does not (derived from app.routes)', () => {
    expect(routeCoverage(app, doc)).toEqual({ undocumented: [], missing: [] });
    // the batch API and the identifier route are there
    for (const key of ['post /api/v1/normalize', 'post /api/v1/compare', 'get /api/v1/parse', 'get /{identifier}']) {
      const [method, path] = key.split(' ') as [string, string];
      expect((doc.paths?.[path] as Record<string, unknown> | undefined)?.[method], key).toBeDefined();
    }
  });

  it('catches a route added without a description, and a description without a route', async () => {
    const extra = createApp(await createDeps(testConfig(), { registry: allSchemes }));
    extra.get('/api/v1/widgets/:naan', (c) => c.text('x'));
    extra.post('/api/v1/frobnicate', (c) => c.text('x'));
    extra.openAPIRegistry.registerPath({
      method: 'delete',
      path: '/api/v1/ghost',
      responses: { 204: { description: 'x' } },
    });
    const coverage = routeCoverage(extra, openApiDocument(extra, 'http://localhost'));
    expect(coverage.undocumented).toEqual(['GET /api/v1/widgets/{naan}', 'POST /api/v1/frobnicate']);
    expect(coverage.missing).toEqual(['DELETE /api/v1/ghost']);
  });

  it.each([
    ['/assets/:file', '/assets/{file}'],
    ['/api/v1/bindings/:naan{[0-9]+}', '/api/v1/bindings/{naan}'],
    ['/api/v1/bindings/{identifier{.+}}', '/api/v1/bindings/{identifier}'],
    ['/a/:b?/c', '/a/{b}/c'],
    ['/plain', '/plain'],
  ])('route path %s is OpenAPI path %s', (hono, openapi) => {
    expect(openApiPath(hono)).toBe(openapi);
  });

  it('every operation has a summary, a tag and responses; every $ref resolves', () => {
    for (const { method, path, op } of operations(doc)) {
      expect(op['summary'], `${method} ${path}`).toBeTypeOf('string');
      expect((op['tags'] as string[]).length, `${method} ${path}`).toBeGreaterThan(0);
      expect(Object.keys(op['responses'] as object).length, `${method} ${path}`).toBeGreaterThan(0);
    }
    const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(5);
    for (const ref of all) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    expect(doc.components?.securitySchemes?.['bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is generated from the zod schemas that validate the requests', async () => {
    const schemas = (doc.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
    const request = schemas['NormalizeRequest'] as Record<string, unknown>;
    const fromZod = z.toJSONSchema(NormalizeBody, { target: 'draft-2020-12' }) as Record<string, unknown>;
    expect(request['required']).toEqual(fromZod['required']);
    expect(request['additionalProperties']).toBe(false);
    expect(Object.keys(request['properties'] as object).sort()).toEqual(
      Object.keys(fromZod['properties'] as object).sort(),
    );
    // and what the schema says is what the route enforces
    const refused = await app.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: [], extra: 1 }),
    });
    expect(refused.status).toBe(400);
    const paths = doc.paths as Record<string, { post?: { requestBody?: { content: object } } }>;
    const body = paths['/api/v1/normalize']?.post?.requestBody;
    expect(Object.keys(body?.content ?? {}).sort()).toEqual(['application/json', 'text/plain']);
  });

  it('says which token opens what: store tokens for bindings, shoulders and mint; admin.token for reload only', () => {
    const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { description?: string }>;
    expect(schemes['bearer']?.description).toContain('pidgate token create');
    expect(schemes['bearer']?.description).toContain('Not the `admin.token`');
    expect(schemes['adminToken']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes['adminToken']?.description).toContain('`admin.token`');
    const security = (path: string, method: string) =>
      (
        (doc.paths?.[path] as Record<string, { security?: Record<string, unknown>[] }> | undefined)?.[method]
          ?.security ?? []
      )
        .flatMap((s) => Object.keys(s))
        .join(',');
    expect(security('/api/v1/admin/reload', 'post')).toBe('adminToken');
    for (const [path, method] of [
      ['/api/v1/bindings', 'get'],
      ['/api/v1/bindings/export', 'get'],
      ['/api/v1/bindings/{identifier}', 'put'],
      ['/api/v1/shoulders', 'post'],
      ['/api/v1/mint', 'post'],
    ] as const) {
      expect(security(path, method), `${method} ${path}`).toBe('bearer');
    }
    const admin = doc.tags?.find((t) => t.name === 'Administration')?.description ?? '';
    expect(admin).toContain('pidgate token create');
    expect(admin).not.toMatch(/behind the admin bearer token/);
    expect(doc.info.description).toContain('pidgate token create');
  });

  it('lists every answer of /{identifier}: 410, 503 and the 200 list of a PDI query; /metrics names its metrics', () => {
    const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
    const resolve = paths['/{identifier}']?.['get'] as { responses: Record<string, { content?: object }> };
    expect(Object.keys(resolve.responses)).toEqual(
      expect.arrayContaining(['200', '302', '400', '403', '404', '406', '410', '502', '503', '504']),
    );
    expect(Object.keys(resolve.responses['200']?.content ?? {})).toContain('text/uri-list');
    expect(JSON.stringify(resolve.responses['200'])).toContain('#/components/schemas/PdiList');
    const metrics = String(paths['/metrics']?.['get']?.['description']);
    for (const name of ['pidgate_requests_total', 'pidgate_request_duration_seconds', 'pidgate_uptime_seconds']) {
      expect(metrics).toContain(name);
    }
    expect(metrics).toContain('storage_error');
  });

  it('documents one binding as its routes declare it: path, query flags, headers and the shared problem answers', () => {
    const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(paths).filter((p) => p.includes('{identifier'))).toEqual([
      '/api/v1/bindings/{identifier}',
      '/{identifier}',
    ]);
    const one = paths['/api/v1/bindings/{identifier}'] ?? {};
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'put']);
    const query = (method: string) =>
      ((one[method]?.['parameters'] ?? []) as { name: string; in: string; schema: { enum?: string[] } }[])
        .filter((p) => p.in === 'query')
        .map((p) => [p.name, p.schema.enum]);
    expect(query('get')).toEqual([
      ['prefix', ['true', 'false']],
      ['history', ['true', 'false']],
    ]);
    expect(query('put')).toEqual([['prefix', ['true', 'false']]]);
    type Responses = Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
    const responses = (method: string) => (one[method]?.['responses'] ?? {}) as Responses;
    expect(Object.keys(responses('get')['200']?.headers ?? {})).toEqual(['etag']);
    expect(Object.keys(responses('put')['201']?.headers ?? {})).toEqual(['etag', 'location']);
    expect(Object.keys(responses('delete')['405']?.headers ?? {})).toEqual(['allow']);
    // every operation behind a store token answers the problems of requireToken and the store
    for (const { method, path, op } of operations(doc)) {
      const security = ((op['security'] ?? []) as Record<string, unknown>[]).flatMap((s) => Object.keys(s));
      const statuses = Object.keys(op['responses'] as object);
      if (security.includes('bearer') && path !== '/api/v1/bindings/import') {
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '401', '403', '404', '503']));
      }
      if (op['requestBody']) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const content = (op['responses'] as Responses)[status]?.content ?? {};
        expect(Object.keys(content), `${method} ${path} ${status}`).toContain('application/problem+json');
      }
    }
  });

  it('uses the configured base URL as its server', async () => {
    const { app: based } = await testApp({ baseUrl: 'https://ark.example.org/' });
    const d = (await (await based.request('/openapi.json')).json()) as OpenApiDocument;
    expect(d.servers).toEqual([{ url: 'https://ark.example.org' }]);
  });
});

describe('/docs/api', () => {
  it('renders every operation and every schema of the document, nothing fetched from elsewhere', async () => {
    const page = await app.request('/docs/api', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>pidgate gateway API 0.1.0</h1>');
    for (const { method, path } of operations(doc)) {
      expect(html, `${method} ${path}`).toContain(`id="${operationId(method, path)}"`);
      expect(html).toContain(`href="#${operationId(method, path)}"`);
    }
    for (const name of Object.keys(doc.components?.schemas ?? {})) expect(html).toContain(`id="${schemaId(name)}"`);
    // every link inside the page points at an anchor that exists
    for (const m of html.matchAll(/href="#([^"]+)"/g)) expect(html, m[1]).toContain(`id="${m[1]}"`);
    // no asset from another origin
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\/(?!localhost)[^"]*\.(js|css)/);
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('NormalizeRecord');
  });
});
