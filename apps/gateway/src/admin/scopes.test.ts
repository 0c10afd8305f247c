import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';
import { tokenCovers } from './auth.ts';

// Issue 17: scopes are identifier-shaped (one check for every path), cursors are signed and never carry a
// key the token cannot read. Real SQLite, and PostgreSQL when PIDGATE_TEST_DATABASE_URL is set.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const send = (token: string, method: string, body?: unknown, type = 'application/json'): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': type }) },
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
});
const code = async (r: Response) => ((await r.json()) as { code: string }).code;

describe('tokenCovers (the one scope check)', () => {
  it.each([
    ['urn:pdi://ap.org.us', 'urn:pdi://ap.org.us/1997/11/27/12', true],
    ['urn:pdi://ap.org.us', 'urn:pdi://ap.org.us.evil.de/1997/11/27/12', false],
    ['urn:pdi://ap.org.us', 'urn:pdi://ap.org.us.evil.de', false],
    ['ark:/99999', 'ark:/99999/x6np1wh8k', true],
    ['ark:/99999/x6', 'ark:/99999/x6np1wh8k', true],
    ['ark:/99999/x6', 'ark:/99999/x7', false],
    ['ark:/99999', 'ark:/999990/x', false],
  ])('%s covers %s: %s', (scope, id, expected) => {
    expect(tokenCovers({ scopes: [scope] }, id)).toBe(expected);
  });
});

describe.each(backends)('scopes and cursors on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let ap: string;
  let evil: string;
  let naan: string;
  let shoulder: string;
  let all: string;
  beforeAll(async () => {
    t = await storeApp(backend, { baseUrl: 'https://ark.example.org/' });
    ap = await t.token(['urn:pdi://ap.org.us']);
    evil = await t.token(['urn:pdi://ap.org.us.evil.de']);
    naan = await t.token(['ark:/99999']);
    shoulder = await t.token(['ark:/99999/x6']);
    all = await t.token(['ark:/99999', 'ark:/12345', 'urn:pdi://ap.org.us']);
  });
  afterAll(async () => {
    await t.close();
  });
  const req = (path: string, init?: RequestInit) => t.app.request(path, init);

  it('a PDI token cannot mint or bind in a series that merely starts with its own', async () => {
    const series = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us.evil.de',
      send(ap, 'PUT', { target: 'https://e.org/', format: 'pdf' }),
    );
    expect([series.status, await code(series)]).toEqual([403, 'out-of-scope']);
    const one = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us.evil.de/1997/11/27/12.pdf',
      send(ap, 'PUT', { target: 'https://e.org/' }),
    );
    expect([one.status, await code(one)]).toEqual([403, 'out-of-scope']);
    const own = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us',
      send(ap, 'PUT', { target: 'https://ap.org/', format: 'pdf' }),
    );
    expect(own.status).toBe(201);
    // and the other way round
    const back = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us',
      send(evil, 'PUT', { target: 'https://e.org/', format: 'pdf' }),
    );
    expect(back.status).toBe(403);
  });

  it('a series-only PUT validates the series with the PDI grammar (400 before any scope or store)', async () => {
    const r = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us.evil.com',
      send(ap, 'PUT', { target: 'https://e.org/', format: 'pdf' }),
    );
    expect(r.status).toBe(400);
    expect(await code(r)).toBe('iso-country');
  });

  it('a shoulder scope mints and binds only under its shoulder', async () => {
    const ok = await req('/api/v1/bindings/ark:/99999/x6abc', send(shoulder, 'PUT', { target: 'https://x.org/' }));
    expect(ok.status).toBe(201);
    const no = await req('/api/v1/bindings/ark:/99999/x7abc', send(shoulder, 'PUT', { target: 'https://x.org/' }));
    expect(no.status).toBe(403);
  });

  it('the import checks each line with the same scope check', async () => {
    const body = [
      JSON.stringify({ identifier: 'ark:/99999/x6imp1', target: 'https://x.org/1' }),
      JSON.stringify({ identifier: 'ark:/99999/b1imp', target: 'https://x.org/2' }),
    ].join('\n');
    const r = await req('/api/v1/bindings/import', send(shoulder, 'POST', body, 'application/x-ndjson'));
    const lines = (await r.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ok: boolean; code?: string });
    expect(lines.map((l) => l.ok)).toEqual([true, false]);
    expect(lines[1]?.code).toBe('out-of-scope');
  });

  it('listing pages hold only keys the token may read, and so do their cursors', async () => {
    for (const key of ['ark:/12345/a1', 'ark:/12345/a2', 'ark:/99999/b1', 'ark:/99999/b2', 'ark:/99999/b3']) {
      expect(
        (await req(`/api/v1/bindings/${key}`, send(all, 'PUT', { target: 'https://x.org/' }))).status,
      ).toBeLessThan(300);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const r = await req(`/api/v1/bindings?limit=1${q}`, send(naan, 'GET'));
      expect(r.status).toBe(200);
      const page = (await r.json()) as { items: { identifier: string }[]; next: string | null };
      expect(page.items.length).toBe(page.next === null ? page.items.length : 1); // no empty pages
      seen.push(...page.items.map((i) => i.identifier));
      cursor = page.next;
      if (cursor) {
        // the cursor is opaque: it shows no key outside the scope (nor any key at all in clear, beyond the page's last)
        const payload = Buffer.from(cursor.split('.')[0] as string, 'base64url').toString('utf8');
        expect(payload).not.toContain('12345');
      }
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toEqual(['ark:/99999/b1', 'ark:/99999/b2', 'ark:/99999/b3', 'ark:/99999/x6abc', 'ark:/99999/x6imp1']);
  });

  it('refuses a tampered cursor, and a cursor made for another token, with 400 invalid-cursor', async () => {
    const first = (await (await req('/api/v1/bindings?limit=1', send(naan, 'GET'))).json()) as { next: string };
    const [payload, mac] = first.next.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['ark:/12345/a1'])).toString('base64url')}.${mac}`;
    for (const [token, cursor] of [
      [naan, forged],
      [naan, payload],
      [naan, 'not-a-cursor'],
      [all, first.next], // another token's scopes
    ] as const) {
      const r = await req(`/api/v1/bindings?limit=1&cursor=${encodeURIComponent(cursor)}`, send(token, 'GET'));
      expect([r.status, await code(r)]).toEqual([400, 'invalid-cursor']);
    }
  });

  it('a PDI listing under a bare series stays in that series, pages and cursors alike', async () => {
    const put = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us.evil.de/1997/11/27/5.pdf',
      send(evil, 'PUT', { target: 'https://e.org/5' }),
    );
    expect(put.status).toBe(201);
    const own = await req(
      '/api/v1/bindings/urn:pdi://ap.org.us/1997/11/27/5.pdf',
      send(ap, 'PUT', { target: 'https://ap.org/5' }),
    );
    expect(own.status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const r = await req(
        `/api/v1/bindings?prefix=${encodeURIComponent('urn:pdi://ap.org.us')}&limit=1${q}`,
        send(ap, 'GET'),
      );
      expect(r.status).toBe(200);
      const page = (await r.json()) as { items: { resource: string }[]; next: string | null };
      seen.push(...page.items.map((i) => i.resource));
      cursor = page.next;
      if (cursor) expect(Buffer.from(cursor.split('.')[0] as string, 'base64url').toString()).not.toContain('evil');
      if (!cursor) break;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((k) => k.includes('evil'))).toEqual([]);
  });

  it('the export holds only what the token may read', async () => {
    const r = await req('/api/v1/bindings/export', send(shoulder, 'GET'));
    const keys = (await r.text())
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { identifier: string }).identifier);
    expect(keys).toEqual(['ark:/99999/x6abc', 'ark:/99999/x6imp1']);
  });
});
