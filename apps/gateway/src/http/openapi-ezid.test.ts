import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp } from '../testing/store.ts';
import { type OpenApiDocument, openApiDocument, routeCoverage } from './openapi.ts';

// Issue 27 item 7: a gateway that serves EZID's API describes it in /openapi.json, under its own tag, with its
// ANVL text/plain bodies and every status its operations answer; the document stays valid and covers every route.

type Op = {
  tags: string[];
  operationId: string;
  requestBody?: { content: object };
  responses: Record<string, { content?: object }>;
};

describe('the EZID API in the OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let doc: OpenApiDocument;
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-ezid-openapi-'));
  beforeAll(async () => {
    t = await storeApp('sqlite');
    doc = (await (await t.app.request('/openapi.json')).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const op = (path: string, method: string) => (doc.paths?.[path] as Record<string, Op> | undefined)?.[method];

  it('lists its operations under the EZID API tag, with ANVL bodies and answers', () => {
    expect(doc.tags?.map((tag) => tag.name)).toContain('EZID API');
    const ops: [string, string, string][] = [
      ['/ezid/id/{identifier}', 'get', 'ezidViewIdentifier'],
      ['/ezid/id/{identifier}', 'put', 'ezidCreateIdentifier'],
      ['/ezid/id/{identifier}', 'post', 'ezidUpdateIdentifier'],
      ['/ezid/id/{identifier}', 'delete', 'ezidDeleteIdentifier'],
      ['/ezid/shoulder/{shoulder}', 'post', 'ezidMintIdentifier'],
      ['/ezid/login', 'get', 'ezidLogin'],
      ['/ezid/status', 'get', 'ezidStatus'],
    ];
    for (const [path, method, id] of ops) {
      const o = op(path, method);
      expect([path, method, o?.tags, o?.operationId]).toEqual([path, method, ['EZID API'], id]);
      const success = Object.keys(o?.responses ?? {}).find((s) => s.startsWith('2')) as string;
      expect(Object.keys(o?.responses[success]?.content ?? {})).toContain('text/plain; charset=UTF-8');
    }
    expect(Object.keys(op('/ezid/id/{identifier}', 'put')?.requestBody?.content ?? {})).toEqual([
      'text/plain; charset=UTF-8',
    ]);
  });

  it('documents the statuses its operations answer', async () => {
    const token = await t.token(['ark:/99999']);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=UTF-8' };
    const answers: [string, string, string, RequestInit][] = [
      [
        '/ezid/id/ark:/99999/fk4oa',
        'put',
        '/ezid/id/{identifier}',
        { headers: auth, body: '_target: https://example.org/a' },
      ],
      [
        '/ezid/id/ark:/99999/fk4oa',
        'put',
        '/ezid/id/{identifier}',
        { headers: auth, body: '_target: https://example.org/a' },
      ],
      [
        '/ezid/id/ark:/12345/x',
        'put',
        '/ezid/id/{identifier}',
        { headers: auth, body: '_target: https://example.org/a' },
      ],
      ['/ezid/id/ark:/99999/fk4oa', 'put', '/ezid/id/{identifier}', { body: '_target: https://example.org/a' }],
      ['/ezid/id/ark:/99999/fk4oa', 'get', '/ezid/id/{identifier}', {}],
      ['/ezid/id/not-an-ark', 'get', '/ezid/id/{identifier}', {}],
      ['/ezid/id/ark:/99999/fk4oa', 'post', '/ezid/id/{identifier}', { headers: auth, body: 'erc.who: x' }],
      ['/ezid/id/ark:/99999/fk4oa', 'delete', '/ezid/id/{identifier}', { headers: auth }],
      ['/ezid/shoulder/ark:/99999/nope', 'post', '/ezid/shoulder/{shoulder}', { headers: auth }],
      ['/ezid/status', 'get', '/ezid/status', {}],
      ['/ezid/version', 'get', '/ezid/version', {}],
      ['/ezid/download_request', 'post', '/ezid/download_request', {}],
    ];
    for (const [url, method, path, init] of answers) {
      const r = await t.app.request(url, { ...init, method: method.toUpperCase() });
      expect([url, method, String(r.status) in (op(path, method)?.responses ?? {})]).toEqual([url, method, true]);
    }
  });

  it('is valid for swagger-parser, and every route is described (the EZID routes answer every method)', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    await expect(SwaggerParser.validate(file)).resolves.toBeTruthy();
    expect(routeCoverage(t.app, openApiDocument(t.app, 'http://127.0.0.1:8080'))).toEqual({
      undocumented: [],
      missing: [],
    });
  });
});
