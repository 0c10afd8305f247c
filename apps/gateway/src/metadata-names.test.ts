import { metadataNameProblem, openStore, type Store } from '@pidgate/store';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { anvlLabel } from './http/index.ts';
import { allSchemes, testConfig } from './testing/helpers.ts';
import { storeApp, TEST_DATABASE_URL } from './testing/store.ts';

// Metadata names (issue 27, item 3): one rule for every path that writes them (the admin API, the EZID API,
// `pidgate import`: the store's schema), and every `?info` form safe for any name, also one stored before
// the rule. Through the real app over a real store; fast-check generates the names and values.

/** Names as people and programs send them: ANVL's own characters, controls, percent signs, any Unicode. */
const name = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(':', '%', '#', ' ', '\t', '\n', '\r', 'a', '.', '_', '\u0085', 'é', '3', 'A'),
    minLength: 1,
    maxLength: 8,
  }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
);
const value = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }));

/** Every inflection in every form: ANVL text, JSON, HTML. */
const INFLECTIONS = ['?info', '??', '?'];
const ACCEPTS = ['text/plain', 'application/json', 'text/html'];

describe('metadataNameProblem and anvlLabel', () => {
  it.each([
    ['dc.title', null],
    ['_profile', null],
    ['datacite.creator', null],
    ['x:y', null],
    ['#x', null],
    ['', /not empty/],
    ['a\nb', /control character or line break/],
    [' dc.title', /white space/],
    ['x'.repeat(257), /at most 256/],
  ])('%j: %s', (n, problem) => {
    const why = metadataNameProblem(n);
    if (problem === null) expect(why).toBeNull();
    else expect(why).toMatch(problem);
  });

  it.each([
    ['dc.title', 'dc.title'],
    ['x:y', 'x%3Ay'],
    ['100%', '100%25'],
    ['a\r\nb', 'a%0D%0Ab'],
    ['#x', '%23x'],
    [' x ', '%20x%20'],
    ['a b', 'a b'],
    ['', '-'],
  ])('anvlLabel(%j) is %j (percent-encoded as EZID writes names)', (n, label) => {
    expect(anvlLabel(n)).toBe(label);
  });
});

describe('metadata names through the real app (SQLite)', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  beforeAll(async () => {
    t = await storeApp('sqlite');
    token = await t.token(['ark:/99999']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('x:y through the admin API and x%3Ay through the EZID API: stored, and ?info answers 200 in every form', async () => {
    const admin = await t.app.request('/api/v1/bindings/ark:/99999/fk4colon', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'https://example.org/', metadata: { 'x:y': 'v' } }),
    });
    expect(admin.status).toBe(201);
    const ezid = await t.app.request('/ezid/id/ark:/99999/fk4colon2', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=UTF-8' },
      body: '_target: https://example.org/\nx%3Ay: v\n',
    });
    expect(ezid.status).toBe(201);
    for (const id of ['ark:/99999/fk4colon', 'ark:/99999/fk4colon2']) {
      for (const accept of ACCEPTS) {
        const res = await t.app.request(`/${id}?info`, { headers: { accept } });
        expect(res.status).toBe(200);
        if (accept === 'text/plain') expect(await res.text()).toContain('\nbinding-metadata-x%3Ay: v\n');
      }
    }
  });

  it('a name with a line break is refused with 400 by the admin API and the EZID API alike', async () => {
    const admin = await t.app.request('/api/v1/bindings/ark:/99999/fk4nl', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'https://example.org/', metadata: { 'a\nb': 'v' } }),
    });
    expect(admin.status).toBe(400);
    expect(await admin.text()).toContain('a metadata name cannot hold a control character or line break');
    const ezid = await t.app.request('/ezid/id/ark:/99999/fk4nl2', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=UTF-8' },
      body: '_target: https://example.org/\na%0Ab: v\n',
    });
    expect(ezid.status).toBe(400);
    expect(await ezid.text()).toContain('a metadata name cannot hold a control character or line break');
    for (const key of ['ark:/99999/fk4nl', 'ark:/99999/fk4nl2']) expect((await t.store.getBinding(key)).ok).toBe(false);
  });

  it('any name: the admin API answers 2xx or 400 as the rule says, and no ?info form answers 5xx', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(name, value, async (nm, v) => {
        const id = `ark:/99999/fk4p${n++}`;
        const put = await t.app.request(`/api/v1/bindings/${id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ target: 'https://example.org/', metadata: { [nm]: v } }),
        });
        const refused = metadataNameProblem(nm) !== null;
        expect(put.status, `${JSON.stringify(nm)}: ${await put.clone().text()}`).toBeLessThan(500);
        if (refused) expect(put.status).toBe(400);
        else if (!v.includes('\u0000')) expect(put.status).toBeLessThan(300);
        if (put.status >= 300) return;
        for (const q of INFLECTIONS) {
          for (const accept of ACCEPTS) {
            const res = await t.app.request(`/${id}${q}`, { headers: { accept } });
            expect(res.status, `${id}${q} ${accept} ${JSON.stringify(nm)}`).toBeLessThan(500);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

// A name stored before the rule cannot be written through the store any more: it is put in the database
// directly, as an older version left it, and every form must still answer. PostgreSQL (its `pg` client is
// the one SQL client the gateway's tests have).
describe.skipIf(!TEST_DATABASE_URL)('names stored before the rule (PostgreSQL)', () => {
  const schema = `pidgate_names_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let store: Store;
  let app: ReturnType<typeof createApp>;
  let client: pg.Client;
  beforeAll(async () => {
    store = await openStore({ url: TEST_DATABASE_URL as string, schema });
    app = createApp(await createDeps(testConfig({}), { registry: allSchemes, store }));
    client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await store.close();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('no form of ?info, ?? or ? answers 5xx, and ANVL carries each name percent-encoded', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(name, value, async (nm, v) => {
        const id = `ark:/99999/fk4s${n++}`;
        const put = await store.putBinding(id, { target: 'https://example.org/' }, 'test');
        expect(put.ok).toBe(true);
        // PostgreSQL's jsonb holds no NUL: those names are never stored at all.
        const clean = (s: string) => s.replaceAll('\u0000', '');
        const metadata = { [clean(nm) || 'x']: clean(v) };
        await client.query(`UPDATE "${schema}".bindings SET metadata = $1::jsonb WHERE key = $2`, [
          JSON.stringify(metadata),
          id,
        ]);
        for (const q of INFLECTIONS) {
          for (const accept of ACCEPTS) {
            const res = await app.request(`/${id}${q}`, { headers: { accept } });
            expect(res.status, `${id}${q} ${accept} ${JSON.stringify(nm)}`).toBeLessThan(500);
            if (q === '?info' && accept === 'text/plain' && clean(v) !== '') {
              const stored = Object.keys(metadata)[0] as string;
              expect(await res.text()).toContain(`\n${anvlLabel(`binding-metadata-${stored}`)}:`);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
