import { ADMIN_SCOPE } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// Tokens over HTTP, on a real SQLite file and a real PostgreSQL.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(backends)('/api/v1/tokens on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let admin: string;
  let plain: string;
  beforeAll(async () => {
    t = await storeApp(backend);
    admin = await t.token([ADMIN_SCOPE]);
    plain = await t.token(['ark:/99999']);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs an administrator token: 401 without one, 403 with a token of identifier scopes', async () => {
    expect((await call('GET', '/api/v1/tokens', null)).status).toBe(401);
    const denied = await call('GET', '/api/v1/tokens', plain);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { code: string }).code).toBe('not-admin');
    expect((await call('POST', '/api/v1/tokens', plain, { name: 'x', scopes: ['ark:/99999'] })).status).toBe(403);
  });

  it('creates (the secret shown once), lists without secrets, revokes; the new token works until revoked', async () => {
    const created = await call('POST', '/api/v1/tokens', admin, {
      name: 'cataloguing',
      scopes: ['ark:/99999/x6'],
      expiresAt: '2099-01-31T00:00:00Z',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const body = (await created.json()) as { id: string; token: string; expiresAt: string; scopes: string[] };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expiresAt).toBe('2099-01-31T00:00:00.000Z');
    expect(body.scopes).toEqual(['ark:/99999/x6']);
    // the token works on the admin API within its scope
    const bound = await call('PUT', '/api/v1/bindings/ark:/99999/x6a', body.token, { target: 'https://example.org/' });
    expect(bound.status).toBe(201);
    const listed = await call('GET', '/api/v1/tokens', admin);
    const items = ((await listed.json()) as { items: { id: string; name: string }[] }).items;
    expect(items.map((i) => i.name)).toContain('cataloguing');
    expect(JSON.stringify(items)).not.toContain(body.token);
    const revoked = await call('DELETE', `/api/v1/tokens/${body.id}`, admin);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { revokedAt: string | null }).revokedAt).not.toBeNull();
    const after = await call('PUT', '/api/v1/bindings/ark:/99999/x6b', body.token, { target: 'https://example.org/' });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('token-revoked');
    expect((await call('DELETE', '/api/v1/tokens/tok_nosuch', admin)).status).toBe(404);
  });

  it('an expired token answers 401 token-expired', async () => {
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const created = await call('POST', '/api/v1/tokens', admin, { name: 'short', scopes: ['ark:/99999'], expiresAt });
    const { token } = (await created.json()) as { token: string };
    expect(
      (await call('PUT', '/api/v1/bindings/ark:/99999/e1', token, { target: 'https://example.org/' })).status,
    ).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    const late = await call('PUT', '/api/v1/bindings/ark:/99999/e2', token, { target: 'https://example.org/' });
    vi.useRealTimers();
    expect(late.status).toBe(401);
    expect(((await late.json()) as { code: string }).code).toBe('token-expired');
  });

  it.each([
    [{ name: '', scopes: ['ark:/99999'] }],
    [{ name: 'x', scopes: [] }],
    [{ name: 'x', scopes: ['ark:/99999'], expiresAt: '2001-01-01T00:00:00Z' }],
    [{ name: 'x', scopes: ['ark:/99999'], expiresAt: 'tomorrow' }],
    [{ name: 'x', scopes: ['ark:/99999'], extra: 1 }],
  ])('refuses %j with 400', async (body) => {
    const r = await call('POST', '/api/v1/tokens', admin, body);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
  });
});

describe.each(backends)('identifier status in the admin API and resolution, on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  beforeAll(async () => {
    t = await storeApp(backend);
    token = await t.token(['ark:/99999']);
  });
  afterAll(async () => {
    await t.close();
  });
  const put = (key: string, body: unknown) =>
    t.app.request(`/api/v1/bindings/${key}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps status, reason, owner (the token name by default) and metadata, with the history', async () => {
    const created = await put('ark:/99999/st1', {
      target: 'https://example.org/1',
      identifierStatus: 'reserved',
      metadata: { 'dc.title': 'A title' },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      identifierStatus: 'reserved',
      statusReason: null,
      owner: 'test',
      metadata: { 'dc.title': 'A title' },
    });
    expect((await t.app.request('/ark:/99999/st1')).status).toBe(404);
    expect((await t.app.request('/ark:/99999/st1/sub')).status).toBe(404);
    const withdrawn = await put('ark:/99999/st1', {
      target: 'https://example.org/1',
      identifierStatus: 'unavailable',
      statusReason: 'withdrawn by author',
    });
    expect(withdrawn.status).toBe(200);
    const gone = await t.app.request('/ark:/99999/st1');
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'unavailable', identifierStatus: 'unavailable' });
    const history = await t.app.request('/api/v1/bindings/ark:/99999/st1?history=true', {
      headers: { authorization: `Bearer ${token}` },
    });
    const h = (await history.json()) as { history: { after: { identifierStatus: string } }[] };
    expect(h.history.map((e) => e.after.identifierStatus)).toEqual(['reserved', 'unavailable']);
    expect((await put('ark:/99999/st1', { target: 'https://example.org/1' })).status).toBe(200);
    expect((await t.app.request('/ark:/99999/st1')).status).toBe(302);
  });

  it('refuses an unknown status', async () => {
    expect((await put('ark:/99999/st2', { target: 'https://example.org/', identifierStatus: 'hidden' })).status).toBe(
      400,
    );
  });
});
