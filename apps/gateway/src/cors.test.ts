import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp } from './testing/helpers.ts';

// Issue 27: the CORS policy of docs/configuration.md (`cors.origins`) and the code agree, per route family.
// The public read and batch APIs answer CORS (preflight included); no route that accepts credentials does
// (the admin API with its bearer tokens, /api/v1/tokens among them; the EZID API with Basic credentials and
// session cookies), so a page on another site cannot use a browser's cached credentials.
const origin = 'https://elsewhere.example';
const dataDir = mkdtempSync(join(tmpdir(), 'pidgate-cors-'));
const { app } = await testApp({ store: { enabled: true, dataDir }, ezid: { enabled: true, basePath: '/ezid' } });

async function cors(method: string, path: string) {
  const headers: Record<string, string> = { origin };
  if (method === 'OPTIONS') {
    headers['access-control-request-method'] = 'POST';
    headers['access-control-request-headers'] = 'authorization, content-type';
  }
  const res = await app.request(path, { method, headers });
  return {
    status: res.status,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    allowCredentials: res.headers.get('access-control-allow-credentials'),
  };
}

describe('CORS per route family', () => {
  it.each([
    ['public resolution', 'GET', '/ark:/12025/654xz321'],
    ['metadata', 'GET', '/ark:/12025/654xz321?info'],
    ['batch API', 'GET', '/api/v1/parse?id=ark:/12025/x'],
    ['batch API preflight', 'OPTIONS', '/api/v1/compare'],
    ['health', 'GET', '/healthz'],
    ['API description', 'GET', '/openapi.json'],
  ])('%s (%s %s) answers any origin', async (_family, method, path) => {
    const r = await cors(method, path);
    expect(r.status).toBeLessThan(500);
    expect(r.allowOrigin).toBe('*');
    expect(r.allowCredentials).toBeNull();
  });

  it.each([
    ['admin: bindings', 'GET', '/api/v1/bindings/ark:/99999/fk4x'],
    ['admin: bindings preflight', 'OPTIONS', '/api/v1/bindings/ark:/99999/fk4x'],
    ['admin: mint', 'OPTIONS', '/api/v1/mint'],
    ['admin: shoulders', 'GET', '/api/v1/shoulders'],
    ['admin: tokens', 'GET', '/api/v1/tokens'],
    ['admin: tokens preflight', 'OPTIONS', '/api/v1/tokens'],
    ['EZID: view', 'GET', '/ezid/id/ark:/99999/fk4x'],
    ['EZID: create preflight', 'OPTIONS', '/ezid/id/ark:/99999/fk4x'],
    ['EZID: login', 'GET', '/ezid/login'],
  ])('%s (%s %s) never answers CORS', async (_family, method, path) => {
    const r = await cors(method, path);
    expect(r.status).toBeLessThan(500);
    expect(r.allowOrigin).toBeNull();
    expect(r.allowCredentials).toBeNull();
  });
});

describe('CORS with the EZID API at the root (ezid.basePath "")', async () => {
  const root = await testApp({
    store: { enabled: true, dataDir: mkdtempSync(join(tmpdir(), 'pidgate-cors-root-')) },
    ezid: { enabled: true, basePath: '' },
  });
  it.each(['/id/ark:/99999/fk4x', '/login', '/logout'])('%s never answers CORS', async (path) => {
    const res = await root.app.request(path, { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
  it('an identifier still does', async () => {
    const res = await root.app.request('/ark:/12025/654xz321', { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
