import { ADMIN_SCOPE } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// /api/v1/webhooks: the real app over a real SQLite file (and PostgreSQL with PIDGATE_TEST_DATABASE_URL):
// create (the secret once), list, one with its deliveries, remove; who may manage whose (the ownership rule).
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe.each(backends)('/api/v1/webhooks on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await storeApp(backend);
    const s = t.store;
    must(await s.createGroup('lib'));
    must(await s.createUser({ username: 'alice', groups: ['lib'] }));
    must(await s.createUser({ username: 'dave', groups: ['lib'] }));
    must(await s.createUser({ username: 'bob' }));
    must(await s.createUser({ username: 'rita', role: 'readonly', groups: ['lib'] }));
    for (const u of ['alice', 'dave', 'bob', 'rita']) {
      tokens[u] = must(await s.createToken(`${u}-token`, ['ark:/99999'], { owner: u })).token;
    }
    tokens['admin'] = await t.token([ADMIN_SCOPE]);
  });
  afterAll(async () => {
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

  it('creates a subscription, shows its secret once, then only secretSet', async () => {
    const res = await call('POST', '/api/v1/webhooks', tokens['alice'] as string, {
      url: 'https://hooks.example.org/alice',
      secret: 'a secret of alice, long enough',
      events: ['broken'],
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const made = (await res.json()) as Record<string, unknown>;
    expect(made).toMatchObject({
      owner: 'alice',
      group: null,
      url: 'https://hooks.example.org/alice',
      events: ['broken'],
      enabled: true,
      secretSet: true,
      secret: 'a secret of alice, long enough',
      createdBy: 'alice',
    });
    const list = await call('GET', '/api/v1/webhooks', tokens['alice'] as string);
    expect(list.status).toBe(200);
    const items = ((await list.json()) as { items: Record<string, unknown>[] }).items;
    expect(items.map((i) => i['id'])).toEqual([made['id']]);
    expect(JSON.stringify(items)).not.toContain('a secret of alice');
    const one = await call('GET', `/api/v1/webhooks/${made['id']}`, tokens['alice'] as string);
    expect(one.status).toBe(200);
    const body = (await one.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: made['id'], secretSet: true, deliveries: [] });
    expect(body['secret']).toBeUndefined();
  });

  it('makes a secret when none is given (both events by default)', async () => {
    const res = await call('POST', '/api/v1/webhooks', tokens['dave'] as string, { url: 'http://hooks.example.org/d' });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { secret: string; events: string[]; owner: string };
    expect(made.owner).toBe('dave');
    expect(made.events).toEqual(['broken', 'recovered']);
    expect(made.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("lets a group's members manage its webhook, and nobody else", async () => {
    const res = await call('POST', '/api/v1/webhooks', tokens['alice'] as string, {
      url: 'https://hooks.example.org/lib',
      group: 'lib',
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    // dave (a member) sees it; bob (not a member) neither sees nor removes it; rita (read-only) may not.
    const daves = (
      (await (await call('GET', '/api/v1/webhooks', tokens['dave'] as string)).json()) as {
        items: { id: string }[];
      }
    ).items.map((i) => i.id);
    expect(daves).toContain(id);
    const bobs = (
      (await (await call('GET', '/api/v1/webhooks', tokens['bob'] as string)).json()) as {
        items: unknown[];
      }
    ).items;
    expect(bobs).toEqual([]);
    const notBobs = await call('DELETE', `/api/v1/webhooks/${id}`, tokens['bob'] as string);
    expect(notBobs.status).toBe(404);
    const forBob = await call('POST', '/api/v1/webhooks', tokens['bob'] as string, {
      url: 'https://hooks.example.org/x',
      group: 'lib',
    });
    expect(forBob.status).toBe(403);
    expect(((await forBob.json()) as { code: string }).code).toBe('webhook-forbidden');
    const asAlice = await call('POST', '/api/v1/webhooks', tokens['bob'] as string, {
      url: 'https://hooks.example.org/x',
      owner: 'alice',
    });
    expect(asAlice.status).toBe(403);
    const readonly = await call('POST', '/api/v1/webhooks', tokens['rita'] as string, {
      url: 'https://hooks.example.org/x',
    });
    expect(readonly.status).toBe(403);
    // The administrator sees every one; a member removes the group's.
    const all = (
      (await (await call('GET', '/api/v1/webhooks', tokens['admin'] as string)).json()) as {
        items: { id: string }[];
      }
    ).items;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const removed = await call('DELETE', `/api/v1/webhooks/${id}`, tokens['dave'] as string);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { id: string }).id).toBe(id);
    expect((await call('GET', `/api/v1/webhooks/${id}`, tokens['dave'] as string)).status).toBe(404);
  });

  it.each([
    [{ url: 'ftp://hooks.example.org/' }, 'url'],
    [{ url: 'https://user:pw@hooks.example.org/' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://hooks.example.org/', secret: 'short' }, 'secret'],
    [{ url: 'https://hooks.example.org/', events: ['deleted'] }, 'events.0'],
    [{ url: 'https://hooks.example.org/', events: [] }, 'events'],
    [{ url: 'https://hooks.example.org/', owner: 'alice', group: 'lib' }, 'group'],
    [{ url: 'https://hooks.example.org/', colour: 'red' }, ''],
  ])('refuses %j with invalid-webhook naming %s', async (body, path) => {
    const res = await call('POST', '/api/v1/webhooks', tokens['alice'] as string, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const p = (await res.json()) as { code: string; issues: { path: string[] }[] };
    expect(p.code).toBe('invalid-webhook');
    expect(p.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/v1/webhooks', null)).status).toBe(401);
  });
});
