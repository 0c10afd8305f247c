import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Store } from '@pidgate/store';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareShoulder } from './admin/index.ts';
import { downloadService } from './batch/index.ts';
import { allSchemes } from './testing/helpers.ts';
import { storeApp } from './testing/store.ts';

// The ownership rule (docs/accounts.md) over every route that changes or shows an identifier, on a real
// SQLite file: a user outside owner / co-owner / group / administrator is refused, whatever its token's scope:
// 403, or, for a reserved identifier, the answer a name nobody bound gets (the admin API's 404; EZID's
// `400 error: bad request - no such identifier`), so nobody learns it exists.
//
// ROUTES is the one table of those routes: a route added elsewhere (the console's pages) is one more row.

type App = Awaited<ReturnType<typeof storeApp>>['app'];
/** How a route is called: the identifier, and the outsider's credentials (a bearer token, or Basic). */
interface Call {
  readonly key: string;
  readonly token: string;
  /** `Basic` of the token's owner and the token (EZID's way). */
  readonly basic: string;
  /** The outsider's console session (a password sign-in: no token scope), and its CSRF token. */
  readonly session: { readonly cookie: string; readonly csrf: string };
  /** The shoulder the identifier is under (a create route tries to create there). */
  readonly shoulder: string;
  /** A fresh suffix for a create route. */
  readonly fresh: string;
  /** Wait for the batch download jobs to finish. */
  idle(): Promise<void>;
}
/**
 * `view`: shows the identifier (a public one may be seen by anyone signed in; a reserved one must stay hidden);
 * `change`: must be refused (403, or hidden when reserved); `list`: the reserved identifier must not appear
 * (a public one must: the list is not empty by accident); `create`: creating under a shoulder of a group the
 * outsider is not in must be refused, and nothing of the outsider's appears there.
 */
interface Route {
  readonly name: string;
  readonly kind: 'view' | 'change' | 'list' | 'create';
  /**
   * `admin` answers problem documents (404 hides), `ezid` EZID's text (400 no such identifier hides), `console`
   * HTML pages (404 hides).
   */
  readonly api: 'admin' | 'ezid' | 'console';
  call(app: App, c: Call): Response | Promise<Response>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (token: string, body: unknown) => ({
  headers: { ...bearer(token), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const evil = 'https://evil.example/bob';
const ORIGIN = 'http://localhost';
/** A console form POST, as a signed-in browser sends it (cookie, same-origin, the session's CSRF token). */
const form = (a: App, c: Call, path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams({ csrf: c.session.csrf });
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return a.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, cookie: c.session.cookie },
    body,
  });
};
const page = (a: App, c: Call, path: string) =>
  a.request(`${ORIGIN}${path}`, { headers: { cookie: c.session.cookie } });

export const ROUTES: readonly Route[] = [
  {
    name: 'admin GET binding',
    kind: 'view',
    api: 'admin',
    call: (a, c) => a.request(`/api/v1/bindings/${c.key}`, { headers: bearer(c.token) }),
  },
  {
    name: 'admin GET binding with history',
    kind: 'view',
    api: 'admin',
    call: (a, c) => a.request(`/api/v1/bindings/${c.key}?history=true`, { headers: bearer(c.token) }),
  },
  {
    name: 'admin PUT binding (target and owner)',
    kind: 'change',
    api: 'admin',
    call: (a, c) =>
      a.request(`/api/v1/bindings/${c.key}`, { method: 'PUT', ...json(c.token, { target: evil, owner: 'bob' }) }),
  },
  {
    name: 'admin PUT binding (target only)',
    kind: 'change',
    api: 'admin',
    call: (a, c) => a.request(`/api/v1/bindings/${c.key}`, { method: 'PUT', ...json(c.token, { target: evil }) }),
  },
  {
    name: 'admin DELETE binding',
    kind: 'change',
    api: 'admin',
    call: (a, c) => a.request(`/api/v1/bindings/${c.key}`, { method: 'DELETE', headers: bearer(c.token) }),
  },
  {
    name: 'admin list bindings',
    kind: 'list',
    api: 'admin',
    call: (a, c) => a.request('/api/v1/bindings?prefix=ark:/99999/', { headers: bearer(c.token) }),
  },
  {
    name: 'admin export bindings',
    kind: 'list',
    api: 'admin',
    call: (a, c) => a.request('/api/v1/bindings/export', { headers: bearer(c.token) }),
  },
  {
    name: 'admin bulk import',
    kind: 'change',
    api: 'admin',
    call: (a, c) =>
      a.request('/api/v1/bindings/import', {
        method: 'POST',
        headers: { ...bearer(c.token), 'content-type': 'application/x-ndjson' },
        body: `${JSON.stringify({ identifier: c.key, target: evil })}\n`,
      }),
  },
  {
    name: 'EZID view',
    kind: 'view',
    api: 'ezid',
    call: (a, c) => a.request(`/ezid/id/${c.key}`, { headers: { authorization: c.basic } }),
  },
  {
    name: 'EZID update (_target, _owner)',
    kind: 'change',
    api: 'ezid',
    call: (a, c) =>
      a.request(`/ezid/id/${c.key}`, {
        method: 'POST',
        headers: { authorization: c.basic, 'content-type': 'text/plain; charset=UTF-8' },
        body: `_target: ${evil}\n_owner: bob\n`,
      }),
  },
  {
    name: 'EZID create with update_if_exists',
    kind: 'change',
    api: 'ezid',
    call: (a, c) =>
      a.request(`/ezid/id/${c.key}?update_if_exists=yes`, {
        method: 'PUT',
        headers: { authorization: c.basic, 'content-type': 'text/plain; charset=UTF-8' },
        body: `_target: ${evil}\n`,
      }),
  },
  {
    name: 'EZID delete',
    kind: 'change',
    api: 'ezid',
    call: (a, c) => a.request(`/ezid/id/${c.key}`, { method: 'DELETE', headers: { authorization: c.basic } }),
  },
  {
    name: 'console identifier page',
    kind: 'view',
    api: 'console',
    call: (a, c) => page(a, c, `/console/id/${c.key}`),
  },
  {
    name: 'console identifier edit',
    kind: 'change',
    api: 'console',
    call: (a, c) =>
      form(a, c, `/console/id/${c.key}`, { version: '1', target: evil, status: 'unavailable', profile: 'erc' }),
  },
  {
    name: 'console Manage search (identifier prefix)',
    kind: 'list',
    api: 'console',
    call: (a, c) => page(a, c, `/console/manage?id=${encodeURIComponent(c.key)}`),
  },
  {
    name: 'console Manage search (owner)',
    kind: 'list',
    api: 'console',
    call: (a, c) => page(a, c, `/console/manage?owner=alice&sort=created&per=100`),
  },
  {
    name: 'console Manage bulk status change',
    kind: 'change',
    api: 'console',
    call: async (a, c) => {
      const res = await form(a, c, '/console/manage/status', { key: c.key, status: 'unavailable', reason: 'bob' });
      // One form for many identifiers: the page answers 200 with a result per identifier; the one refused is
      // answered as the single routes answer it.
      const html = await res.text();
      if (res.status !== 200) return new Response(html, { status: res.status });
      if (html.includes('<b>Not changed: </b>Not found.')) return new Response(html, { status: 404 });
      if (html.includes('<b>Not changed: </b>You may not change this identifier.'))
        return new Response(html, { status: 403 });
      return new Response(html, { status: 200 });
    },
  },
  {
    name: 'console simple create',
    kind: 'create',
    api: 'console',
    call: (a, c) => form(a, c, '/console/create', { shoulder: c.shoulder, target: evil }),
  },
  {
    name: 'console advanced create (suffix)',
    kind: 'create',
    api: 'console',
    call: (a, c) =>
      form(a, c, '/console/create/advanced', {
        naming: 'suffix',
        shoulder: c.shoulder,
        suffix: c.fresh,
        target: evil,
        status: 'public',
        profile: 'erc',
      }),
  },
  {
    name: 'console advanced create (whole identifier)',
    kind: 'create',
    api: 'console',
    call: (a, c) =>
      form(a, c, '/console/create/advanced', {
        naming: 'identifier',
        identifier: `${c.shoulder}${c.fresh}`,
        target: evil,
        status: 'public',
        profile: 'erc',
      }),
  },
  {
    name: 'console upload confirmed (row changing the identifier)',
    kind: 'change',
    api: 'console',
    call: async (a, c) => {
      const body = new FormData();
      body.append('csrf', c.session.csrf);
      body.append('format', '');
      body.append('file', new File([`identifier,target,status\n${c.key},${evil},unavailable\n`], 'x.csv'));
      const sent = await a.request(`${ORIGIN}/console/upload`, {
        method: 'POST',
        headers: { cookie: c.session.cookie, origin: ORIGIN },
        body,
      });
      const preview = sent.headers.get('location');
      if (sent.status !== 303 || !preview) return new Response(await sent.text(), { status: 500 });
      const applied = await form(a, c, `${preview}/apply`, {});
      const result = applied.headers.get('location');
      if (applied.status !== 303 || !result) return new Response(await applied.text(), { status: 500 });
      // The result file says, per row, what was done; the row of someone else's identifier is refused.
      const html = await (await page(a, c, result)).text();
      const file = /id="result-file" href="([^"]+)"/.exec(html)?.[1];
      if (!file) return new Response(html, { status: 500 });
      return new Response(await (await page(a, c, file)).text(), { status: 200 });
    },
  },
  {
    name: 'console batch download (CSV, gzip)',
    kind: 'list',
    api: 'console',
    call: async (a, c) => {
      // Another user's identifiers, asked for by owner: the public ones are in, the reserved ones are not.
      const res = await form(a, c, '/console/download', {
        format: 'csv',
        compression: 'gzip',
        columns: '_id',
        owner: 'alice',
      });
      const id = /requested=([0-9a-f]{32})/.exec(res.headers.get('location') ?? '')?.[1];
      if (res.status !== 303 || !id) return new Response(await res.text(), { status: res.status });
      await c.idle();
      const file = await page(a, c, `/console/download/${id}.csv.gz`);
      if (file.status !== 200) return new Response(await file.text(), { status: file.status });
      return new Response(gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8'), { status: 200 });
    },
  },
];

/** Does `text` name `key` (and not merely a longer identifier that starts with it)? */
const names = (text: string, key: string) =>
  new RegExp(`${key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![0-9a-z])`).test(text);

const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('the ownership rule over every route that shows or changes an identifier (sqlite)', () => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let store: Store;
  let n = 0;
  let session: Call['session'];
  const downloads = mkdtempSync(join(tmpdir(), 'pidgate-ownership-downloads-'));
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  beforeAll(async () => {
    t = await storeApp('sqlite', { downloads: { dir: downloads } });
    store = t.store;
    for (const [shoulder, template] of [
      ['ark:/99999/fk4', 'fk4.reedeedk'],
      ['ark:/99999/g5', 'g5.reedeedk'],
    ] as const) {
      const declared = await declareShoulder(store, allSchemes, 'source', { shoulder, template, seed: '1' });
      if (!declared.ok) throw new Error(declared.error.message);
    }
    must(await store.createGroup('lib'));
    must(await store.createGroup('other'));
    must(await store.setShoulderGroup('ark:/99999/g5', 'lib'));
    must(await store.createUser({ username: 'alice', groups: ['lib'], password: 'alice password' }));
    must(await store.createUser({ username: 'bob', groups: ['other'], password: 'bob password' }));
    must(await store.createUser({ username: 'carol' }));
    must(await store.createUser({ username: 'dave', groups: ['lib'] }));
    must(await store.createUser({ username: 'root', role: 'admin' }));
    must(await store.updateUser('alice', { coOwners: ['carol'] }));
    const signedIn = must(await store.createUserSession('bob', 3600));
    session = { cookie: `pidgate_console=${signedIn.id}`, csrf: signedIn.csrf };
  });
  afterAll(async () => {
    await t.close();
    rmSync(downloads, { recursive: true, force: true });
  });
  const idle = async () => {
    // The gateway's own store object (deps.store: the cache's writer over the opened store), whose service ran the job.
    await downloadService({ config: t.deps.config, store: t.deps.store })?.idle();
  };

  /** A new identifier of alice's (group lib) with the given status. */
  async function alices(status: 'public' | 'reserved' | 'unavailable', shoulder: string): Promise<string> {
    const key = `${shoulder}t${++n}`;
    must(
      await store.putBinding(
        key,
        { target: 'https://example.org/alice', identifierStatus: status, owner: 'alice', ownerGroup: 'lib' },
        'alice',
      ),
    );
    return key;
  }

  async function tokenOf(user: string, scopes: string[]): Promise<string> {
    return must(await store.createToken(`${user}-${++n}`, scopes, { owner: user })).token;
  }

  it("reproduces the issue: bob (scope ark:/99999) cannot take alice's ark:/99999/fk4x (403; reserved: not found)", async () => {
    for (const status of ['public', 'reserved'] as const) {
      const key = await alices(status, 'ark:/99999/fk4');
      const token = await tokenOf('bob', ['ark:/99999']);
      const res = await t.app.request(`/ezid/id/${key}`, {
        method: 'POST',
        headers: { authorization: basicOf('bob', token), 'content-type': 'text/plain; charset=UTF-8' },
        body: `_target: ${evil}\n_owner: bob\n`,
      });
      if (status === 'public') {
        expect(res.status).toBe(403);
        expect(await res.text()).toBe('error: forbidden');
      } else {
        expect(res.status).toBe(400);
        expect(await res.text()).toBe('error: bad request - no such identifier');
      }
      const after = must(await store.getBinding(key));
      expect([after.target, after.owner, after.version]).toEqual(['https://example.org/alice', 'alice', 1]);
    }
  });

  it('refuses an outsider on every route, whatever the token scope (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('public', 'reserved', 'unavailable'),
        fc.constantFrom('ark:/99999/fk4', 'ark:/99999/g5'),
        fc.constantFrom('naan', 'shoulder', 'exact'),
        async (route, status, shoulder, scopeKind) => {
          const key = await alices(status as 'public' | 'reserved' | 'unavailable', shoulder);
          const scope = scopeKind === 'naan' ? 'ark:/99999' : scopeKind === 'shoulder' ? shoulder : key;
          const token = await tokenOf('bob', [scope]);
          const fresh = `bob${++n}`;
          const call = { key, token, basic: basicOf('bob', token), session, shoulder, fresh, idle };
          const res = await route.call(t.app, call);
          const body = await res.text();
          const reserved = status === 'reserved';
          if (route.kind === 'create') {
            if (shoulder === 'ark:/99999/g5') {
              // bob is not in lib, g5's group: the form is answered again with the refusal, nothing minted.
              expect(res.status, route.name).toBe(400);
              const there = must(await store.listBindings({ prefix: shoulder, limit: 1000 }));
              expect(there.items.filter((b) => b.owner === 'bob').map((b) => b.key)).toEqual([]);
            }
          } else if (route.kind === 'list') {
            expect(res.status, route.name).toBe(200);
            // The search form echoes what was asked (`value="…"`); the answer is the rest.
            const listed = names(body.replace(/value="[^"]*"/g, ''), key);
            if (reserved) expect(listed, `${route.name} lists ${key}`).toBe(false);
            else if (route.api === 'console') expect(listed, `${route.name} omits ${key}`).toBe(true);
          } else if (route.kind === 'view' && !reserved) {
            expect(res.status, `${route.name} ${status}`).toBe(200);
          } else if (route.name === 'admin bulk import') {
            expect(res.status).toBe(200);
            expect(JSON.parse(body.trim().split('\n')[0] as string)).toMatchObject({ ok: false, code: 'not-owner' });
          } else if (route.name.startsWith('console upload')) {
            // The result file's row of the identifier is refused (hidden when reserved).
            expect(body, route.name).toMatch(
              // a reserved identifier is refused as one that does not exist ("create"), never "change": no hint
              new RegExp(
                `^\\d+,${key},failed,identifier: you may not ${reserved ? 'create' : 'change'} ${key}: it is not yours`,
                'm',
              ),
            );
          } else if (reserved) {
            if (route.api === 'ezid')
              expect([res.status, body], route.name).toEqual([400, 'error: bad request - no such identifier']);
            else expect(res.status, route.name).toBe(404);
          } else {
            expect(res.status, `${route.name} ${status}`).toBe(403);
          }
          const after = must(await store.getBinding(key));
          expect([after.target, after.owner, after.version, after.tombstoned]).toEqual([
            'https://example.org/alice',
            'alice',
            1,
            false,
          ]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('PDI versions: an outsider binds no next version of alice’s resource, whatever the scope or format (property)', async () => {
    must(await store.createUser({ username: 'pdireader', role: 'readonly', groups: ['lib'] }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('bob', 'pdireader'),
        fc.constantFrom('series', 'resource', 'exact'),
        fc.constantFrom('html', 'pdf', 'text'),
        fc.boolean(),
        async (user, scopeKind, format, namesOwner) => {
          const resource = `urn:pdi://ap.org.us/1997/11/27/${++n}`;
          const first = must(
            await store.putPdiVersion(resource, 'html', 'https://example.org/alice', 'alice', {
              acting: { principal: must(await store.principalOf('alice')) },
            }),
          );
          expect([first.owner, first.ownerGroup]).toEqual(['alice', 'lib']);
          const scope =
            scopeKind === 'series'
              ? 'urn:pdi://ap.org.us'
              : scopeKind === 'resource'
                ? resource
                : `${resource}.${format}`;
          const token = await tokenOf(user, [scope === `${resource}.${format}` ? resource : scope]);
          const res = await t.app.request(`/api/v1/bindings/${resource}.${format}`, {
            method: 'PUT',
            ...json(token, { target: evil, ...(namesOwner ? { owner: user } : {}) }),
          });
          const body = (await res.json()) as { code?: string };
          expect(res.status, `${user} ${scopeKind} ${format}`).toBe(403);
          expect(['not-owner', 'ownership-change']).toContain(body.code);
          // Nothing of the outsider's was bound: alice's one version is the resource's only one.
          const versions = must(await store.listPdi({ prefix: resource }));
          expect(versions.items.map((v) => [v.format, v.version, v.owner])).toEqual([['html', 1, 'alice']]);
          // A PDI is public: anyone within scope reads it.
          const read = await t.app.request(`/api/v1/bindings/${resource}.html.1`, { headers: bearer(token) });
          expect(read.status).toBe(200);
          expect(await read.json()).toMatchObject({ owner: 'alice', ownerGroup: 'lib' });
        },
      ),
      { numRuns: 30 },
    );
    // The related bind the next version; it stays alice's, in lib.
    for (const user of ['alice', 'carol', 'dave', 'root']) {
      const resource = `urn:pdi://ap.org.us/1997/11/28/${++n}`;
      must(
        await store.putPdiVersion(resource, 'html', 'https://example.org/alice', 'alice', {
          acting: { principal: must(await store.principalOf('alice')) },
        }),
      );
      const token = await tokenOf(user, ['urn:pdi://ap.org.us']);
      const res = await t.app.request(`/api/v1/bindings/${resource}.html`, {
        method: 'PUT',
        ...json(token, { target: `https://example.org/${user}` }),
      });
      expect(res.status, user).toBe(201);
      expect(await res.json()).toMatchObject({ version: 2, owner: 'alice', ownerGroup: 'lib' });
    }
  });

  it('the advanced create form and the upload tell an outsider only that alice’s reserved identifier is taken', async () => {
    const key = `ark:/99999/fk4secret${++n}`;
    must(
      await store.putBinding(
        key,
        {
          target: 'https://example.org/hidden-target',
          identifierStatus: 'reserved',
          owner: 'alice',
          ownerGroup: 'lib',
          erc: { who: 'Hidden Author', what: 'Hidden Title' },
          metadata: { 'dc.title': 'Hidden DC Title' },
        },
        'alice',
      ),
    );
    const token = await tokenOf('bob', ['ark:/99999']);
    const call = { key, token, basic: basicOf('bob', token), session, shoulder: 'ark:/99999/fk4', fresh: '', idle };
    const secrets = ['hidden-target', 'Hidden Author', 'Hidden Title', 'Hidden DC Title', 'alice', 'lib'];
    const created = await form(t.app, call, '/console/create/advanced', {
      naming: 'identifier',
      identifier: key,
      target: 'https://example.org/bob',
      status: 'public',
      profile: 'erc',
    });
    const page = await created.text();
    expect(created.status).toBe(400);
    expect(page).toContain(`${key} already exists: choose another`);
    const upload = ROUTES.find((r) => r.name.startsWith('console upload')) as Route;
    const file = await (await upload.call(t.app, call)).text();
    expect(file).toMatch(new RegExp(`^\\d+,${key},failed,identifier: you may not create ${key}: it is not yours`, 'm'));
    for (const secret of secrets) {
      expect(page, `the create form shows ${secret}`).not.toContain(secret);
      expect(file, `the upload result shows ${secret}`).not.toContain(secret);
    }
    expect(must(await store.getBinding(key))).toMatchObject({
      target: 'https://example.org/hidden-target',
      version: 1,
    });
  });

  it('lets the owner, a co-owner, a group member and an administrator change it; readonly never', async () => {
    must(await store.createUser({ username: 'reader', role: 'readonly', groups: ['lib'] }));
    for (const [user, allowed] of [
      ['alice', true],
      ['carol', true],
      ['dave', true],
      ['root', true],
      ['reader', false],
      ['bob', false],
    ] as const) {
      const key = await alices('reserved', 'ark:/99999/fk4');
      const token = await tokenOf(user, ['ark:/99999']);
      const res = await t.app.request(`/api/v1/bindings/${key}`, {
        method: 'PUT',
        ...json(token, { target: `https://example.org/${user}`, identifierStatus: 'reserved' }),
      });
      expect(res.status, user).toBe(allowed ? 200 : user === 'reader' ? 403 : 404);
      const after = must(await store.getBinding(key));
      // The owner and group stay alice's and lib whoever changed it.
      expect([after.owner, after.ownerGroup]).toEqual(['alice', 'lib']);
    }
  });

  it('lets only members of a shoulder group mint there; _owner and _ownergroup are the real ones', async () => {
    const bob = await tokenOf('bob', ['ark:/99999']);
    const refused = await t.app.request('/ezid/shoulder/ark:/99999/g5', {
      method: 'POST',
      headers: { authorization: basicOf('bob', bob), 'content-type': 'text/plain; charset=UTF-8' },
      body: '_target: https://example.org/x\n',
    });
    expect(refused.status).toBe(403);
    const api = await t.app.request('/api/v1/mint', { method: 'POST', ...json(bob, { shoulder: 'ark:/99999/g5' }) });
    expect(api.status).toBe(403);
    const dave = await tokenOf('dave', ['ark:/99999']);
    const minted = await t.app.request('/ezid/shoulder/ark:/99999/g5', {
      method: 'POST',
      headers: { authorization: basicOf('dave', dave), 'content-type': 'text/plain; charset=UTF-8' },
      body: '_target: https://example.org/x\n',
    });
    expect(minted.status).toBe(201);
    const id = (await minted.text()).replace(/^success: /, '').trim();
    const view = await (
      await t.app.request(`/ezid/id/${id}`, { headers: { authorization: basicOf('dave', dave) } })
    ).text();
    expect(view).toContain('_owner: dave\n');
    expect(view).toContain('_ownergroup: lib\n');
    // Only an administrator changes the owner.
    const take = await t.app.request(`/ezid/id/${id}`, {
      method: 'POST',
      headers: { authorization: basicOf('dave', dave), 'content-type': 'text/plain; charset=UTF-8' },
      body: '_owner: alice\n',
    });
    expect(await take.text()).toBe('error: bad request - ownership change prohibited');
    const root = await tokenOf('root', ['ark:/99999']);
    const given = await t.app.request(`/ezid/id/${id}`, {
      method: 'POST',
      headers: { authorization: basicOf('root', root), 'content-type': 'text/plain; charset=UTF-8' },
      body: '_owner: alice\n_ownergroup: other\n',
    });
    expect(given.status).toBe(200);
    expect(must(await store.getBinding(id))).toMatchObject({ owner: 'alice', ownerGroup: 'other' });
  });

  it('authenticates EZID users by name and password, and throttles wrong passwords', async () => {
    const key = await alices('reserved', 'ark:/99999/fk4');
    const own = await t.app.request(`/ezid/id/${key}`, {
      headers: { authorization: basicOf('alice', 'alice password') },
    });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('_status: reserved');
    // 50 wrong passwords in a row: the first five are checked (401), every later one is refused unchecked (429).
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await t.app.request(`/ezid/id/${key}`, { headers: { authorization: basicOf('bob', `guess ${i}`) } });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    // Locked: even the right password waits.
    const right = await t.app.request(`/ezid/id/${key}`, {
      headers: { authorization: basicOf('bob', 'bob password') },
    });
    expect(right.status).toBe(429);
    // A password sign-in at /login gets a user session.
    const login = await t.app.request('/ezid/login', {
      headers: { authorization: basicOf('alice', 'alice password') },
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const bySession = await t.app.request(`/ezid/id/${key}`, { headers: { cookie } });
    expect(bySession.status).toBe(200);
  });
});
