import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp, TEST_DATABASE_URL } from './testing/store.ts';

// Issue 17 §5/§6: nothing the parser accepts gives 5xx, on SQLite and PostgreSQL alike.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const send = (token: string, method: string, body?: unknown, type = 'application/json'): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': type }) },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});

describe.each(backends)('no 5xx for what the parser accepts, on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  beforeAll(async () => {
    t = await storeApp(backend, { baseUrl: 'https://ark.example.org/' });
    token = await t.token(['ark:/99999', 'ark:/12025']);
  });
  afterAll(async () => {
    await t.close();
  });
  const req = (path: string, init?: RequestInit) => t.app.request(path, init);

  it.each([
    ['an ARK of 5,000 characters under an unknown NAAN', `/ark:/99999/fk4${'a'.repeat(5000)}`],
    ['an ARK of 100,000 characters', `/ark:/99999/fk4${'b'.repeat(100_000)}`],
    ['an ARK of 5,000 characters under a NAAN-table NAAN', `/ark:/12025/${'c'.repeat(5000)}`],
    ['2,000 three-octet characters', `/ark:/99999/fk4${'%E2%82%AC'.repeat(2000)}`],
  ])('looks up %s (not bound: never 503), and counts no storage outage', async (_, path) => {
    for (const suffix of ['', '?', '??', '?info']) {
      const r = await req(path + suffix);
      expect(r.status, suffix).toBeLessThan(500);
    }
    const metrics = await (await req('/metrics')).text();
    expect(metrics).not.toContain('storage_error');
  });

  it('refuses to bind an identifier longer than a key can be with 414 key-too-long', async () => {
    const r = await req(
      `/api/v1/bindings/ark:/99999/fk4${'d'.repeat(3000)}`,
      send(token, 'PUT', { target: 'https://x.org/' }),
    );
    expect(r.status).toBe(414);
    expect(((await r.json()) as { code: string }).code).toBe('key-too-long');
  });

  it.each([
    ['a NUL in the target', { target: 'https://x.org/a\u0000b' }],
    ['a NUL in an ERC value', { target: 'https://x.org/', erc: { who: 'Smith\u0000' } }],
    ['a NUL in an ERC element name', { target: 'https://x.org/', erc: { 'wh\u0000o': 'Smith' } }],
  ])('refuses %s with a 4xx', async (_, body) => {
    const r = await req('/api/v1/bindings/ark:/99999/fk4nul', send(token, 'PUT', body));
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('a bad import line fails only itself: the lines around it are written', async () => {
    const lines = [
      { identifier: 'ark:/99999/fk4imp1', target: 'https://x.org/1' },
      { identifier: 'ark:/99999/fk4imp2', target: 'https://x.org/2', erc: { who: 'a\u0000b' } },
      { identifier: `ark:/99999/fk4${'e'.repeat(3000)}`, target: 'https://x.org/3' },
      { identifier: 'ark:/99999/fk4imp4', target: 'https://x.org/\u0000' },
      { identifier: 'ark:/99999/fk4imp5', target: 'https://x.org/5' },
    ];
    const r = await req(
      '/api/v1/bindings/import',
      send(token, 'POST', lines.map((l) => JSON.stringify(l)).join('\n'), 'application/x-ndjson'),
    );
    expect(r.status).toBe(200);
    const results = (await r.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ok: boolean; code?: string });
    expect(results.map((x) => x.ok)).toEqual([true, false, false, false, true]);
    expect(results.map((x) => x.code ?? null)).toEqual([
      null,
      'invalid-binding',
      'key-too-long',
      'invalid-binding',
      null,
    ]);
    expect((await req('/ark:/99999/fk4imp5')).headers.get('location')).toBe('https://x.org/5');
  });
});

describe('metadata answers when the store fails', () => {
  it('?, ?? and ?info answer 503 like the plain GET, for a NAAN-table NAAN too', async () => {
    const t = await storeApp('sqlite');
    await t.close();
    for (const id of ['/ark:/99999/fk4abc', '/ark:/12025/fk4abc']) {
      const plain = await t.app.request(id);
      for (const suffix of ['?', '??', '?info']) {
        const r = await t.app.request(id + suffix);
        expect([id + suffix, r.status]).toEqual([id + suffix, plain.status]);
        expect(r.status).toBe(503);
      }
    }
  });
});
