import type { Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createDeps } from '../deps.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// The admin API and resolution from bindings, against a real SQLite file and (when
// PIDGATE_TEST_DATABASE_URL is set; CI sets it) a real PostgreSQL.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!TEST_DATABASE_URL && process.env['CI'] === 'true') throw new Error('CI needs PIDGATE_TEST_DATABASE_URL');

const json = (token: string, body: unknown, method = 'PUT'): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const auth = (token: string, method = 'GET'): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}` },
});

describe.each(backends)('bindings on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    t = await storeApp(backend, { baseUrl: 'https://ark.example.org/' });
    admin = await t.token(['ark:/99999', 'urn:pdi://ap.org.us']);
    other = await t.token(['ark:/12345']);
  });
  afterAll(async () => {
    await t.close();
  });
  const req = (path: string, init?: RequestInit) => t.app.request(path, init);

  it('refuses the admin API without a valid token (401) and outside its scopes (403), as problem documents', async () => {
    const none = await req('/api/v1/bindings/ark:/99999/fk4a', json('', { target: 'https://x.org/' }));
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toBe('application/problem+json');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await req(
      '/api/v1/bindings/ark:/99999/fk4a',
      // another last character (the last of a 32-byte base64url token is one of 16: it may be A already)
      json(`${admin.slice(0, -1)}${admin.endsWith('A') ? 'E' : 'A'}`, { target: 'https://x.org/' }),
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('invalid-token');
    const scoped = await req('/api/v1/bindings/ark:/99999/fk4a', json(other, { target: 'https://x.org/' }));
    expect(scoped.status).toBe(403);
    expect(((await scoped.json()) as { code: string }).code).toBe('out-of-scope');
    // a scope is a prefix at a boundary: ark:/9999 never covers ark:/99999
    const narrow = await t.token(['ark:/9999']);
    expect((await req('/api/v1/bindings/ark:/99999/fk4a', json(narrow, { target: 'https://x.org/' }))).status).toBe(
      403,
    );
  });

  it('binds with PUT (normalized key, 201 then 200), resolves it, and keeps every change in the history', async () => {
    const body = {
      target: 'https://repo.example.org/objects/abc',
      status: 301,
      erc: {
        who: 'Kunze, John',
        what: 'The ARK scheme',
        when: '2005',
        where: 'https://repo.example.org/abc',
        how: 'text',
      },
      support: {
        who: 'Example Library',
        what: 'Permanent: Stable Content',
        when: '2024',
        where: 'https://example.org/policy',
      },
    };
    const put = await req('/api/v1/bindings/ARK:/99999/fk4-abc', json(admin, body));
    expect(put.status).toBe(201);
    const made = (await put.json()) as { identifier: string; action: string; version: number };
    expect(made).toMatchObject({ identifier: 'ark:/99999/fk4abc', action: 'created', version: 1 });
    expect(put.headers.get('etag')).toBe('"v1"');

    const resolved = await req('/ark:/99999/fk4abc');
    expect(resolved.status).toBe(301);
    expect(resolved.headers.get('location')).toBe('https://repo.example.org/objects/abc');

    const again = await req('/api/v1/bindings/ark:/99999/fk4abc', json(admin, { ...body, status: 302 }));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { action: string }).action).toBe('updated');
    // If-Match with a stale version is refused
    const stale = await req('/api/v1/bindings/ark:/99999/fk4abc', {
      ...json(admin, body),
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'if-match': '"v1"' },
    });
    expect(stale.status).toBe(409);

    const got = await req('/api/v1/bindings/ark:/99999/fk4abc?history=true', auth(admin));
    expect(got.status).toBe(200);
    const record = (await got.json()) as {
      status: number;
      history: { action: string; actor: string; before: unknown }[];
    };
    expect(record.status).toBe(302);
    expect(record.history.map((h) => h.action)).toEqual(['create', 'update']);
    expect(record.history[0]?.before).toBeNull();
    // The actor is the user the token acts for (its owner: a token made without one is owned by a user of its name).
    expect(record.history[1]?.actor).toBe('test');
  });

  it('answers ? and ?? from the stored ERC as the THUMP sessions of ARK §6 show, and as JSON and HTML', async () => {
    const brief = await req('/ark:/99999/fk4abc?');
    expect(brief.status).toBe(200);
    expect(brief.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await brief.text();
    expect(text).toMatch(
      /^\|set: pidgate \| ark:\/99999\/fk4abc\? \| \d{8}\n {4}\| https:\/\/ark\.example\.org\/ark:\/99999\/fk4abc\?\nhere: 1 \| 1 \| 1\n\nerc:\nwho: Kunze, John\nwhat: The ARK scheme\nwhen: 2005\nwhere: https:\/\/repo\.example\.org\/abc\nhow: text\n/,
    );
    expect(text).not.toContain('erc-support:');

    const full = await (await req('/ark:/99999/fk4abc??')).text();
    expect(full).toContain(
      'erc-support:\nwho: Example Library\nwhat: Permanent: Stable Content\nwhen: 2024\nwhere: https://example.org/policy\n',
    );
    const asJson = (await (await req('/ark:/99999/fk4abc??', { headers: { accept: 'application/json' } })).json()) as {
      erc: Record<string, string>;
      support: Record<string, string>;
    };
    expect(asJson.erc).toMatchObject({ who: 'Kunze, John', how: 'text' });
    expect(asJson.support.what).toBe('Permanent: Stable Content');
    const html = await (await req('/ark:/99999/fk4abc?', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Kunze, John');
    expect(html).toContain('The ARK scheme');
  });

  it.each([
    // [request, target]: the longest bound ancestor at a "/" or "." boundary, the rest appended
    ['/ark:/99999/fk4abc/chap1', 'https://repo.example.org/objects/abc/chap1'],
    ['/ark:/99999/fk4abc.pdf', 'https://repo.example.org/objects/abc.pdf'],
    ['/ark:/99999/fk4abc/s3/f8.05v.tiff', 'https://repo.example.org/objects/abc/s3/f8.05v.tiff'],
  ])('passes suffixes through: %s', async (path, target) => {
    const res = await req(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
  });

  it('does not pass through at a non-boundary, and falls back to discovery when nothing is bound', async () => {
    const res = await req('/ark:/99999/fk4abcd');
    // 99999 is in the embedded NAAN table: the answer comes from there, not from the binding of fk4abc
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).not.toContain('repo.example.org');
    const how = (await (await req('/ark:/99999/fk4abcd?info', { headers: { accept: 'application/json' } })).json()) as {
      resolution: { how: string; trace: string[] };
    };
    expect(how.resolution.how).toBe('naan-table');
    expect(how.resolution.trace[0]).toBe('bindings: none');
    // A NAAN the table does not know goes to the fallback resolver (N2T by default).
    const unknown = await req('/ark:/77777/fk4abc');
    expect(unknown.headers.get('location')).toBe('https://n2t.net/ark:/77777/fk4abc');
  });

  it('tombstones on DELETE: 410 Gone with the record, for the identifier and below it, and never bound again', async () => {
    await req('/api/v1/bindings/ark:/99999/fk4gone', json(admin, { target: 'https://x.org/gone', erc: { who: 'W' } }));
    const del = await req('/api/v1/bindings/ark:/99999/fk4gone', auth(admin, 'DELETE'));
    expect(del.status).toBe(200);
    expect(((await del.json()) as { tombstoned: boolean }).tombstoned).toBe(true);
    for (const path of ['/ark:/99999/fk4gone', '/ark:/99999/fk4gone/part']) {
      const gone = await req(path);
      expect(gone.status).toBe(410);
      const p = (await gone.json()) as { code: string; title: string; erc: { who: string } };
      expect(p.code).toBe('tombstoned');
      expect(p.title).toBe('Gone');
      expect(p.erc.who).toBe('W');
    }
    const rebind = await req('/api/v1/bindings/ark:/99999/fk4gone', json(admin, { target: 'https://x.org/again' }));
    expect(rebind.status).toBe(410);
    expect(((await rebind.json()) as { title: string }).title).toBe('Gone');
    expect((await req('/api/v1/bindings/ark:/99999/fk4gone', auth(admin, 'DELETE'))).status).toBe(410);
    expect((await req('/api/v1/bindings/ark:/99999/fk4never', auth(admin, 'DELETE'))).status).toBe(404);
  });

  it.each([
    ['not JSON', '{', 'invalid-json'],
    ['no target', '{}', 'invalid-binding'],
    ['a javascript: target', '{"target":"javascript:alert(1)"}', 'invalid-binding'],
    ['a bad status', '{"target":"https://x.org/","status":200}', 'invalid-binding'],
    ['an unknown field', '{"target":"https://x.org/","colour":"red"}', 'invalid-binding'],
    ['a reserved ERC element', '{"target":"https://x.org/","erc":{"support":"x"}}', 'invalid-erc'],
  ])('refuses %s with 400', async (_name, body, code) => {
    const res = await req('/api/v1/bindings/ark:/99999/fk4bad', {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });

  it('refuses a malformed identifier with the parser code, and schemes that are not bound', async () => {
    const bad = await req('/api/v1/bindings/ark:/1234/x', json(admin, { target: 'https://x.org/' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('naan-length');
    const urn = await req('/api/v1/bindings/urn:nbn:de:bvb:19-146642', json(admin, { target: 'https://x.org/' }));
    expect(urn.status).toBe(400);
    expect(((await urn.json()) as { code: string }).code).toBe('scheme-not-bindable');
  });

  it('answers HEAD of a binding as its GET (headers, no body), and binds nothing', async () => {
    await req('/api/v1/bindings/ark:/99999/fk4head', json(admin, { target: 'https://x.org/h' }));
    const head = await req('/api/v1/bindings/ark:/99999/fk4head', auth(admin, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json');
    expect(head.headers.get('etag')).toBe('"v1"');
    expect(await head.text()).toBe('');
    const missing = await req('/api/v1/bindings/ark:/99999/fk4headless', auth(admin, 'HEAD'));
    expect(missing.status).toBe(404);
    expect((await req('/api/v1/bindings/ark:/99999/fk4headless', auth(admin))).status).toBe(404);
  });

  it('checks the path before the body: out of scope is 403 and an assigned PDI version 400, whatever the body', async () => {
    const notJson = { headers: { 'content-type': 'application/json' }, body: '{' };
    const outside = await req('/api/v1/bindings/ark:/99999/fk4x', {
      method: 'PUT',
      ...notJson,
      headers: { ...notJson.headers, authorization: `Bearer ${other}` },
    });
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { code: string }).code).toBe('out-of-scope');
    const versioned = await req('/api/v1/bindings/urn:pdi://ap.org.us/1997/11/27/12.pdf.1', {
      method: 'PUT',
      ...notJson,
      headers: { ...notJson.headers, authorization: `Bearer ${admin}` },
    });
    expect(versioned.status).toBe(400);
    expect(((await versioned.json()) as { code: string }).code).toBe('pdi-version-assigned');
    const gone = await req('/api/v1/bindings/urn:pdi://ap.org.us/1997/11/27/12', auth(admin, 'DELETE'));
    expect(gone.status).toBe(405);
    expect(gone.headers.get('allow')).toBe('GET, PUT');
    expect(((await gone.json()) as { code: string }).code).toBe('pdi-immutable');
  });

  it.each([
    ['GET', '/api/v1/bindings/ark:/99999/fk4abc?history=1', 'history'],
    ['GET', '/api/v1/bindings/ark:/99999/fk4abc?prefix=yes', 'prefix'],
    ['PUT', '/api/v1/bindings/ark:/99999/fk4flag?prefix=TRUE', 'prefix'],
    ['DELETE', '/api/v1/bindings/ark:/99999/fk4abc?prefix=1', 'prefix'],
    ['GET', '/api/v1/bindings/export?prefix=', 'prefix'],
    ['POST', '/api/v1/bindings/import?onExisting=overwrite', 'onExisting'],
  ])('refuses %s %s with 400 invalid-request naming the parameter, as documented', async (method, path, name) => {
    const res = await req(path, {
      method,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      ...(method === 'PUT' || method === 'POST' ? { body: JSON.stringify({ target: 'https://x.org/f' }) } : {}),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = (await res.json()) as { code: string; issues: { path: string[] }[] };
    expect(p.code).toBe('invalid-request');
    expect(p.issues.map((i) => i.path)).toEqual([[name]]);
    // nothing was bound, nor deleted
    expect((await req('/api/v1/bindings/ark:/99999/fk4flag', auth(admin))).status).toBe(404);
    expect((await req('/api/v1/bindings/ark:/99999/fk4abc', auth(admin))).status).toBe(200);
  });

  it('lists bindings by prefix, paged, only within the token scopes', async () => {
    for (const n of [1, 2, 3]) {
      await req(`/api/v1/bindings/ark:/99999/fk4list${n}`, json(admin, { target: `https://x.org/${n}` }));
    }
    const first = await req('/api/v1/bindings?prefix=ark:/99999/fk4list&limit=2', auth(admin));
    const page = (await first.json()) as { items: { identifier: string }[]; next: string };
    expect(page.items.map((i) => i.identifier)).toEqual(['ark:/99999/fk4list1', 'ark:/99999/fk4list2']);
    const second = (await (
      await req(`/api/v1/bindings?prefix=ark:/99999/fk4list&limit=2&cursor=${page.next}`, auth(admin))
    ).json()) as { items: { identifier: string }[]; next: null };
    expect(second.items.map((i) => i.identifier)).toEqual(['ark:/99999/fk4list3']);
    expect(second.next).toBeNull();
    const outside = (await (await req('/api/v1/bindings?prefix=ark:/99999/', auth(other))).json()) as { items: [] };
    expect(outside.items).toEqual([]);
    expect((await req('/api/v1/bindings?limit=0', auth(admin))).status).toBe(400);
  });

  it('imports NDJSON answering every line in order, and exports what it holds in the same form', async () => {
    const lines = [
      JSON.stringify({ identifier: 'ark:/99999/fk4imp1', target: 'https://x.org/i1', erc: { who: 'A' } }),
      '',
      'not json',
      JSON.stringify({ identifier: 'ark:/12345/fk4out', target: 'https://x.org/o' }),
      JSON.stringify({ identifier: 'ark:/99999/fk4imp2', target: 'ftp://x.org/' }),
      JSON.stringify({ identifier: 'ark:/99999/fk4gone', target: 'https://x.org/again' }),
      JSON.stringify({ identifier: 'ark:/99999/fk4-imp3', target: 'https://x.org/i3', status: 303 }),
    ];
    const res = await req('/api/v1/bindings/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-ndjson' },
      body: lines.join('\n'),
    });
    expect(res.status).toBe(200);
    const results = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; ok: boolean; code?: string; identifier?: string });
    expect(results.map((r) => [r.line, r.ok, r.code ?? null])).toEqual([
      [1, true, null],
      [3, false, 'invalid-json'],
      [4, false, 'out-of-scope'],
      [5, false, 'invalid-binding'],
      [6, false, 'tombstoned'],
      [7, true, null],
    ]);
    expect(results[5]?.identifier).toBe('ark:/99999/fk4imp3');
    expect((await req('/ark:/99999/fk4imp3')).status).toBe(303);

    const exported = await req('/api/v1/bindings/export?prefix=ark:/99999/fk4imp', auth(admin));
    expect(exported.headers.get('content-type')).toBe('application/x-ndjson');
    const items = (await exported.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { identifier: string; target: string; erc: object });
    expect(items.map((i) => i.identifier)).toEqual(['ark:/99999/fk4imp1', 'ark:/99999/fk4imp3']);
    expect(items[0]?.erc).toEqual({ who: 'A' });
    // what export writes, import takes back unchanged
    const back = await req('/api/v1/bindings/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-ndjson' },
      body: items.map((i) => JSON.stringify(i)).join('\n'),
    });
    const actions = (await back.text())
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { action: string }).action);
    expect(actions).toEqual(['unchanged', 'unchanged']);
  });

  it('exports exactly the bindings under a prefix (tombstones too), reading only those from the store', async () => {
    for (const k of ['ark:/99999/fk4exp1', 'ark:/99999/fk4exp1/a', 'ark:/99999/fk4exp2', 'ark:/99999/fk4exq']) {
      await req(`/api/v1/bindings/${k}`, json(admin, { target: 'https://x.org/e' }));
    }
    await req('/api/v1/bindings/ark:/99999/fk4exp2', auth(admin, 'DELETE'));
    // The same store, counting the bindings the export reads from it.
    let read = 0;
    const counting = new Proxy(t.store, {
      get(target, name) {
        if (name === 'exportBindings') {
          return (options?: Parameters<Store['exportBindings']>[0]) =>
            (async function* () {
              for await (const r of target.exportBindings(options)) {
                read++;
                yield r;
              }
            })();
        }
        const v = Reflect.get(target, name, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const app = createApp(await createDeps(testConfig(), { registry: allSchemes, store: counting }));
    const res = await app.request('/api/v1/bindings/export?prefix=ark:/99999/fk4exp', auth(admin));
    expect(res.status).toBe(200);
    const items = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { identifier: string; tombstoned: boolean });
    expect(items.map((i) => [i.identifier, i.tombstoned])).toEqual([
      ['ark:/99999/fk4exp1', false],
      ['ark:/99999/fk4exp1/a', false],
      ['ark:/99999/fk4exp2', true],
    ]);
    expect(read).toBe(3);
    const outside = await app.request('/api/v1/bindings/export?prefix=ark:/99999/fk4exp', auth(other));
    expect(await outside.text()).toBe('');
    const bad = await app.request('/api/v1/bindings/export?prefix=ark:/99999/%20x', auth(admin));
    expect(bad.status).toBe(400);
  });

  it('declares a shoulder, mints from its template with an NCDA check character, and binds what it mints', async () => {
    const bad = await req(
      '/api/v1/shoulders',
      json(admin, { shoulder: 'ark:/99999/x6', template: 'y6.reeddk' }, 'POST'),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('template-prefix');
    const made = await req(
      '/api/v1/shoulders',
      json(admin, { shoulder: 'ark:/99999/x6', template: 'x6.reeddk', seed: 'test' }, 'POST'),
    );
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ shoulder: 'ark:/99999/x6', naan: '99999', capacity: 84100, minted: 0 });
    const twice = await req(
      '/api/v1/shoulders',
      json(admin, { shoulder: 'ark:/99999/x6', template: 'x6.reeddk' }, 'POST'),
    );
    expect(twice.status).toBe(409);

    const minted = await req(
      '/api/v1/mint',
      json(admin, { shoulder: 'ark:/99999/x6', count: 3, bind: { target: 'https://x.org/items/{id}' } }, 'POST'),
    );
    expect(minted.status).toBe(200);
    const { identifiers } = (await minted.json()) as { identifiers: string[] };
    expect(identifiers).toHaveLength(3);
    expect(new Set(identifiers).size).toBe(3);
    const { verifyNcda } = await import('@pidgate/ark');
    for (const id of identifiers) {
      expect(id).toMatch(/^ark:\/99999\/x6[0-9bcdfghjkmnpqrstvwxz]{5}$/);
      expect(verifyNcda(id.slice('ark:/'.length))).toBe(true);
      const res = await req(`/${id}`);
      expect(res.headers.get('location')).toBe(`https://x.org/items/${id}`);
    }
    const more = (await (
      await req('/api/v1/mint', json(admin, { shoulder: 'ark:/99999/x6', count: 2 }, 'POST'))
    ).json()) as {
      identifiers: string[];
    };
    expect(more.identifiers.some((id) => identifiers.includes(id))).toBe(false);
    expect((await req('/api/v1/mint', json(other, { shoulder: 'ark:/99999/x6', count: 1 }, 'POST'))).status).toBe(403);
    expect((await req('/api/v1/mint', json(admin, { shoulder: 'ark:/99999/zz9', count: 1 }, 'POST'))).status).toBe(404);
    const listed = (await (await req('/api/v1/shoulders', auth(admin))).json()) as { shoulders: { minted: number }[] };
    expect(listed.shoulders[0]?.minted).toBe(5);
  });

  describe('PDI', () => {
    const pdi = (path: string, body: unknown, token = admin) => req(`/api/v1/bindings/${path}`, json(token, body));

    it('binds versions that never change: each PUT is the next version, DELETE is 405', async () => {
      const v1 = await pdi('urn:pdi://ap.org.us/1997/11/27/12.pdf', { target: 'https://ap.example.org/12-v1.pdf' });
      expect(v1.status).toBe(201);
      expect(await v1.json()).toMatchObject({ identifier: 'urn:pdi://ap.org.us/1997/11/27/12.pdf.1', version: 1 });
      const v2 = await pdi('urn:pdi://AP.org.us/1997/11/27/12.PDF', {
        target: 'https://ap.example.org/12-v2.pdf',
        erc: { who: 'AP', what: 'Story 12' },
      });
      expect(((await v2.json()) as { identifier: string }).identifier).toBe('urn:pdi://ap.org.us/1997/11/27/12.pdf.2');
      const given = await pdi('urn:pdi://ap.org.us/1997/11/27/12.pdf.3', { target: 'https://x.org/' });
      expect(given.status).toBe(400);
      const del = await req('/api/v1/bindings/urn:pdi://ap.org.us/1997/11/27/12.pdf.1', auth(admin, 'DELETE'));
      expect(del.status).toBe(405);
      expect(del.headers.get('allow')).toBe('GET, PUT');
    });

    it('resolves a fixed version, and the highest one (named in Content-Location) when none is given', async () => {
      const one = await req('/urn:pdi://ap.org.us/1997/11/27/12.pdf.1');
      expect(one.status).toBe(302);
      expect(one.headers.get('location')).toBe('https://ap.example.org/12-v1.pdf');
      expect(one.headers.get('content-location')).toBeNull();
      for (const path of ['/urn:pdi://ap.org.us/1997/11/27/12.pdf', '/pdi://ap.org.us/1997/11/27/12']) {
        const latest = await req(path);
        expect(latest.status).toBe(302);
        expect(latest.headers.get('location')).toBe('https://ap.example.org/12-v2.pdf');
        expect(latest.headers.get('content-location')).toBe('urn:pdi://ap.org.us/1997/11/27/12.pdf.2');
      }
      expect((await req('/urn:pdi://ap.org.us/1997/11/27/12.pdf.9')).status).toBe(404);
      const meta = (await (
        await req('/urn:pdi://ap.org.us/1997/11/27/12.pdf?', { headers: { accept: 'application/json' } })
      ).json()) as {
        erc: { who: string; what: string };
      };
      expect(meta.erc).toMatchObject({ who: 'AP', what: 'Story 12' });
    });

    it("mints the day's next serial number on PUT to a document series", async () => {
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
      const a = await pdi('urn:pdi://ap.org.us', { target: 'https://ap.example.org/a', format: 'html' });
      const b = await pdi('urn:pdi://ap.org.us', { target: 'https://ap.example.org/b', format: 'html' });
      expect(a.status).toBe(201);
      const ids = [(await a.json()) as { identifier: string }, (await b.json()) as { identifier: string }].map(
        (x) => x.identifier,
      );
      const [y, m, d] = day.split('/').map((x) => String(Number(x)).padStart(2, '0'));
      expect(ids[0]).toMatch(new RegExp(`^urn:pdi://ap\\.org\\.us/${y}/${m}/${d}/(\\d+)\\.html\\.1$`));
      const serial = (s: string | undefined) => Number(/\/(\d+)\.html\.1$/.exec(s ?? '')?.[1]);
      expect(serial(ids[1])).toBe(serial(ids[0]) + 1);
      expect(a.headers.get('location')).toBe(`https://ark.example.org/${ids[0]}`);
      expect((await pdi('urn:pdi://ap.org.us', { target: 'https://x.org/' })).status).toBe(400);
      expect((await pdi('urn:pdi://other.org.us', { target: 'https://x.org/', format: 'html' })).status).toBe(403);
    });

    it('answers a PDI with wildcards with the list of matching PDIs (JSON, HTML)', async () => {
      await pdi('urn:pdi://ap.org.us/1997/11/03/1.html', { target: 'https://ap.example.org/nov3' });
      await pdi('urn:pdi://ap.org.us/1997/12/01/1.html', { target: 'https://ap.example.org/dec1' });
      const month = await req('/urn:pdi://ap.org.us/1997/11/*/*');
      expect(month.status).toBe(200);
      const list = (await month.json()) as { items: { identifier: string }[]; truncated: boolean };
      expect(list.items.map((i) => i.identifier)).toEqual([
        'urn:pdi://ap.org.us/1997/11/03/1.html.1',
        'urn:pdi://ap.org.us/1997/11/27/12.pdf.1',
        'urn:pdi://ap.org.us/1997/11/27/12.pdf.2',
      ]);
      expect(list.truncated).toBe(false);
      const versions = (await (await req('/urn:pdi://ap.org.us/1997/11/27/12.pdf.*')).json()) as { items: unknown[] };
      expect(versions.items).toHaveLength(2);
      const html = await (await req('/urn:pdi://ap.org.us/1997/*/*/*', { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('urn:pdi://ap.org.us/1997/12/01/1.html.1');
      expect(html).toContain('<a href="/urn:pdi://ap.org.us/1997/12/01/1.html.1">');
      expect(html).not.toContain('<script');
    });

    it('keys on the canonical format and version: bound in one spelling, found in any other', async () => {
      const made = await pdi('urn:pdi://ap.org.us/1998/02/03/7.TEXT', { target: 'https://ap.example.org/7-v1' });
      expect(made.status).toBe(201);
      expect(((await made.json()) as { identifier: string }).identifier).toBe(
        'urn:pdi://ap.org.us/1998/02/03/7.text.1',
      );
      const escaped = await pdi('urn:pdi://ap.org.us/1998/02/03/7.%74ext', { target: 'https://ap.example.org/7-v2' });
      expect(escaped.status).toBe(201);
      expect(((await escaped.json()) as { identifier: string }).identifier).toBe(
        'urn:pdi://ap.org.us/1998/02/03/7.text.2',
      );
      const mismatch = await pdi('urn:pdi://ap.org.us/1998/02/03/7.%74ext', {
        target: 'https://x.org/',
        format: 'TEXT',
      });
      expect(mismatch.status).toBe(201);
      for (const [path, target] of [
        ['/urn:pdi://ap.org.us/1998/02/03/7.TEXT.1', 'https://ap.example.org/7-v1'],
        ['/urn:pdi://ap.org.us/1998/02/03/7.Text.01', 'https://ap.example.org/7-v1'],
        ['/urn:pdi://ap.org.us/1998/02/03/7.%74ext.2', 'https://ap.example.org/7-v2'],
        ['/urn:pdi://AP.org.us/1998/02/03/7.%54EXT', 'https://x.org/'],
      ] as const) {
        const res = await req(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get('location'), path).toBe(target);
      }
      const admin1 = await req('/api/v1/bindings/urn:pdi://ap.org.us/1998/02/03/7.%54ext.0001', auth(admin));
      expect(admin1.status).toBe(200);
      expect(((await admin1.json()) as { target: string }).target).toBe('https://ap.example.org/7-v1');
      // A version no binding can have (beyond 2^53 - 1) is not bound: never rounded to one that is.
      for (const v of ['9007199254740993', '99999999999999999999']) {
        const res = await req(`/urn:pdi://ap.org.us/1998/02/03/7.text.${v}`);
        expect(res.status, v).toBe(404);
        expect(((await res.json()) as { code: string }).code).toBe('pdi-not-bound');
        const got = await req(`/api/v1/bindings/urn:pdi://ap.org.us/1998/02/03/7.text.${v}`, auth(admin));
        expect(got.status, v).toBe(404);
      }
      const listed = (await (await req('/urn:pdi://ap.org.us/1998/02/03/7.TEXT.*')).json()) as { items: unknown[] };
      expect(listed.items).toHaveLength(3);
    });
  });
});

describe('without a store', () => {
  it('answers the admin API with 404 store-disabled and resolves PDIs as not bound', async () => {
    const { testApp } = await import('../testing/helpers.ts');
    const { app } = await testApp();
    const res = await app.request('/api/v1/bindings/ark:/99999/x', { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('store-disabled');
    expect((await app.request('/urn:pdi://ap.org.us/1997/11/27/12')).status).toBe(404);
  });
});

describe('a gateway below a path, with bindings', () => {
  it('links the HTML list of a PDI query, and the ?info page, below the configured base URL', async () => {
    const t = await storeApp('sqlite', { baseUrl: 'https://example.org/resolver/' });
    try {
      const token = await t.token(['urn:pdi://ap.org.us']);
      const put = await t.app.request(
        '/api/v1/bindings/urn:pdi://ap.org.us/1997/11/03/1.html',
        json(token, { target: 'https://ap.example.org/nov3' }),
      );
      expect(put.status).toBe(201);
      const html = await (
        await t.app.request('/urn:pdi://ap.org.us/1997/11/*/*', { headers: { accept: 'text/html' } })
      ).text();
      expect(html).toContain('<a href="/resolver/urn:pdi://ap.org.us/1997/11/03/1.html.1">');
      const info = await (
        await t.app.request('/urn:pdi://ap.org.us/1997/11/03/1.html.1?info', { headers: { accept: 'text/html' } })
      ).text();
      expect(info).toContain('href="/resolver/assets/pidgate.css?v=');
    } finally {
      await t.close();
    }
  });
});

describe('a store that fails', () => {
  it('answers 503 storage-error and counts it as storage_error, not upstream_error, resolving and in the admin API', async () => {
    const t = await storeApp('sqlite');
    const token = await t.token(['ark:/99999', 'urn:pdi://ap.org.us']);
    await t.close();
    for (const path of ['/ark:/99999/fk4abc', '/urn:pdi://ap.org.us/1997/11/27/12.pdf.1']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(503);
      expect(((await res.json()) as { code: string; title: string }).title).toBe('Service Unavailable');
    }
    const admin = await t.app.request('/api/v1/bindings/ark:/99999/fk4abc', auth(token));
    expect(admin.status).toBe(503);
    const text = await (await t.app.request('/metrics')).text();
    expect(text).toContain('pidgate_requests_total{scheme="ark",outcome="storage_error"} 1');
    expect(text).toContain('pidgate_requests_total{scheme="pdi",outcome="storage_error"} 1');
    expect(text).toContain('pidgate_requests_total{scheme="admin",outcome="storage_error"} 1');
    expect(text).not.toContain('upstream_error');
  });
});
