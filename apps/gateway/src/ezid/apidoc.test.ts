import type { Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { fastPathSafe } from '../http/index.ts';
import { allSchemes } from '../testing/helpers.ts';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// EZID's API guide (https://ezid.cdlib.org/doc/apidoc.html, "The EZID API, Version 2") played request by
// request against the EZID-compatible API, on a real SQLite file and a real PostgreSQL. Each example's
// request and expected response are quoted from the guide (section named in the comment); the guide's
// paths are relative to EZID's base URL, here `/ezid`.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const TEXT = 'text/plain; charset=UTF-8';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function setup(backend: 'sqlite' | 'postgres') {
  const t = await storeApp(backend, { baseUrl: 'https://resolver.example.org/' });
  for (const [shoulder, template] of [
    ['ark:/99999/fk4', 'fk4.reedeedk'],
    ['ark:/13030/c7', 'c7.reedeedk'],
  ] as const) {
    const declared = await declareShoulder(t.store, allSchemes, 'source', { shoulder, template, seed: '1' });
    if (!declared.ok) throw new Error(declared.error.message);
  }
  const made = await t.store.createToken('apitest', ['ark:/99999/fk4', 'ark:/13030/c7']);
  if (!made.ok) throw new Error(made.error.message);
  const other = await t.store.createToken('elsewhere', ['ark:/12345']);
  if (!other.ok) throw new Error(other.error.message);
  return {
    ...t,
    auth: basic('apitest', made.value.token),
    password: made.value.token,
    otherAuth: basic('elsewhere', other.value.token),
  };
}

/** Set a binding's timestamps as EZID's example shows them (Unix seconds), through the store. */
async function seedProust(store: Store) {
  const put = await store.putBinding(
    'ark:/99999/fk4cz3dh0',
    {
      target: 'http://www.gutenberg.org/ebooks/7178',
      erc: { who: 'Proust, Marcel', what: 'Remembrance of Things Past', when: '1922' },
      metadata: { _profile: 'erc' },
      owner: 'apitest',
      createdAt: new Date(1300812337 * 1000).toISOString(),
      updatedAt: new Date(1300913550 * 1000).toISOString(),
    },
    'cli',
  );
  if (!put.ok) throw new Error(put.error.message);
}

describe.each(backends)("EZID's API guide, example by example, on %s", (backend) => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup(backend);
    await seedProust(t.store);
  });
  afterAll(async () => {
    await t.close();
  });
  const req = (path: string, init: RequestInit = {}) => t.app.request(`/ezid${path}`, init);
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    req(path, {
      method,
      headers: { authorization: t.auth, 'content-type': 'text/plain; charset=UTF-8', ...headers },
      ...(body === undefined ? {} : { body }),
    });
  const lines = async (r: Response) => (await r.text()).split('\n');

  it('Error reporting: GET /id/ark:/99999/bogus → 400, "error: bad request - no such identifier"', async () => {
    const r = await req('/id/ark:/99999/bogus');
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toBe(TEXT);
    const body = await r.text();
    expect(body).toBe('error: bad request - no such identifier');
    // "Content-Length: 39"
    expect(Buffer.byteLength(body)).toBe(39);
  });

  it('Operation: get identifier metadata: GET /id/ark:/99999/fk4cz3dh0', async () => {
    const r = await req('/id/ark:/99999/fk4cz3dh0');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(TEXT);
    const got = await lines(r);
    expect(got[0]).toBe('success: ark:/99999/fk4cz3dh0');
    // "The order of elements is undefined": every line of the guide's response is there.
    for (const line of [
      '_created: 1300812337',
      '_updated: 1300913550',
      '_target: http://www.gutenberg.org/ebooks/7178',
      '_profile: erc',
      'erc.who: Proust, Marcel',
      'erc.what: Remembrance of Things Past',
      'erc.when: 1922',
    ]) {
      expect(got).toContain(line);
    }
    expect(got).toContain('_status: public');
    expect(got).toContain('_owner: apitest');
  });

  it('Operation: create identifier: PUT /id/ark:/99999/fk4test with "_target: http://www.cdlib.org/" → 201', async () => {
    const body = '_target: http://www.cdlib.org/';
    expect(Buffer.byteLength(body)).toBe(30); // "Content-Length: 30"
    const r = await send('PUT', '/id/ark:/99999/fk4test', body);
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe(TEXT);
    const answer = await r.text();
    expect(answer).toBe('success: ark:/99999/fk4test');
    expect(Buffer.byteLength(answer)).toBe(27); // "Content-Length: 27"
    // it resolves
    const resolved = await t.app.request('/ark:/99999/fk4test');
    expect(resolved.status).toBe(302);
    expect(resolved.headers.get('location')).toBe('http://www.cdlib.org/');
    // "to be successful, no such record can already exist"
    const again = await send('PUT', '/id/ark:/99999/fk4test', body);
    expect(again.status).toBe(400);
    expect(await again.text()).toBe('error: bad request - identifier already exists');
  });

  it('Operation: mint identifier: POST /shoulder/ark:/13030/c7 → 201 "success: ark:/13030/c7…"', async () => {
    const r = await send('POST', '/shoulder/ark:/13030/c7', '_target: http://www.cdlib.org/');
    expect(r.status).toBe(201);
    const answer = await r.text();
    expect(answer).toMatch(/^success: ark:\/13030\/c7[0-9bcdfghjkmnpqrstvwxz]{7}$/);
    const id = answer.slice('success: '.length);
    const view = await lines(await req(`/id/${id}`));
    expect(view).toContain('_target: http://www.cdlib.org/');
    // "EZID replaces all occurrences of the string "${identifier}" in the target URL"
    // biome-ignore lint/suspicious/noTemplateCurlyInString: EZID's placeholder, literally.
    const templated = await send('POST', '/shoulder/ark:/13030/c7', '_target: https://repo.example.org/${identifier}');
    const minted = (await templated.text()).slice('success: '.length);
    expect(await lines(await req(`/id/${minted}`))).toContain(`_target: https://repo.example.org/${minted}`);
    const none = await send('POST', '/shoulder/ark:/13030/zz9');
    expect(none.status).toBe(400);
    expect(await none.text()).toBe('error: bad request - no such shoulder');
  });

  it('Operation: update identifier: POST /id/ark:/99999/fk4cz3dh0 → 200 "success: ark:/99999/fk4cz3dh0"', async () => {
    const r = await send('POST', '/id/ark:/99999/fk4cz3dh0', '_target: http://www.cdlib.org/');
    expect(r.status).toBe(200);
    const answer = await r.text();
    expect(answer).toBe('success: ark:/99999/fk4cz3dh0');
    expect(Buffer.byteLength(answer)).toBe(29); // "Content-Length: 29"
    const view = await lines(await req('/id/ark:/99999/fk4cz3dh0'));
    expect(view).toContain('_target: http://www.cdlib.org/');
    expect(view).toContain('erc.who: Proust, Marcel');
    expect(view).not.toContain('_updated: 1300913550');
    // "To delete a metadata element, set its value to the empty string."
    await send('POST', '/id/ark:/99999/fk4cz3dh0', 'erc.when: ');
    expect((await lines(await req('/id/ark:/99999/fk4cz3dh0'))).some((l) => l.startsWith('erc.when'))).toBe(false);
  });

  it('Operation: create or update identifier: PUT …?update_if_exists=yes → 200 when it exists, 201 when not', async () => {
    const existing = await send('PUT', '/id/ark:/99999/fk4test?update_if_exists=yes', '_target: http://www.cdlib.org/');
    expect(existing.status).toBe(200);
    expect(await existing.text()).toBe('success: ark:/99999/fk4test');
    const fresh = await send('PUT', '/id/ark:/99999/fk4new?update_if_exists=yes', '_target: http://www.cdlib.org/');
    expect(fresh.status).toBe(201);
  });

  it('Suffix passthrough / prefix matching: GET /id/ark:/99999/fk4/root/andmore?prefix_match=yes', async () => {
    expect((await send('PUT', '/id/ark:/99999/fk4/root', '_target: http://www.cdlib.org')).status).toBe(201);
    const r = await req('/id/ark:/99999/fk4/root/andmore?prefix_match=yes');
    expect(r.status).toBe(200);
    const got = await lines(r);
    expect(got[0]).toBe('success: ark:/99999/fk4/root in_lieu_of ark:/99999/fk4/root/andmore');
    expect(got).toContain('_target: http://www.cdlib.org');
    // without prefix_match it is not found
    expect((await req('/id/ark:/99999/fk4/root/andmore')).status).toBe(400);
  });

  it('Authentication: One-time login, GET /login → "success: session cookie returned"; /logout invalidates it', async () => {
    const r = await req('/login', { headers: { authorization: t.auth } });
    expect(r.status).toBe(200);
    const answer = await r.text();
    expect(answer).toBe('success: session cookie returned');
    expect(Buffer.byteLength(answer)).toBe(32); // "Content-Length: 32"
    const setCookie = r.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sessionid=[A-Za-z0-9_-]{43}; /);
    const cookie = setCookie.split(';')[0] as string;
    const created = await req('/id/ark:/99999/fk4session', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'text/plain' },
      body: '_target: https://example.org/s',
    });
    expect(created.status).toBe(201);
    const out = await req('/logout', { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await out.text()).toBe('success: authentication credentials flushed');
    const after = await req('/id/ark:/99999/fk4session', {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: '_target: https://example.org/t',
    });
    expect(after.status).toBe(401);
    // "If authentication is required and credentials are either missing or invalid, EZID returns a 401"
    const login = await req('/login');
    expect(login.status).toBe(401);
    expect(await login.text()).toBe('error: unauthorized');
    expect(login.headers.get('www-authenticate')).toBe('Basic realm="EZID"');
  });

  it('Authentication: 401 "error: unauthorized" without or with wrong credentials, 403 "error: forbidden"', async () => {
    const none = await req('/id/ark:/99999/fk4x1', { method: 'PUT', body: '_target: https://example.org/' });
    expect(none.status).toBe(401);
    expect(await none.text()).toBe('error: unauthorized');
    expect(none.headers.get('www-authenticate')).toBe('Basic realm="EZID"');
    const wrongUser = await send('PUT', '/id/ark:/99999/fk4x1', '_target: https://example.org/', {
      authorization: basic('someone', t.password),
    });
    expect(wrongUser.status).toBe(401);
    const wrongPassword = await send('PUT', '/id/ark:/99999/fk4x1', '_target: https://example.org/', {
      authorization: basic('apitest', 'guess'),
    });
    expect(wrongPassword.status).toBe(401);
    const outside = await send('PUT', '/id/ark:/99999/fk4x1', '_target: https://example.org/', {
      authorization: t.otherAuth,
    });
    expect(outside.status).toBe(403);
    expect(await outside.text()).toBe('error: forbidden');
    const update = await send('POST', '/id/ark:/99999/fk4test', '_target: https://example.org/', {
      authorization: t.otherAuth,
    });
    expect(update.status).toBe(403);
    const mintElsewhere = await send('POST', '/shoulder/ark:/13030/c7', '', { authorization: t.otherAuth });
    expect(mintElsewhere.status).toBe(403);
    expect(await mintElsewhere.text()).toBe('error: forbidden');
  });

  it('Server status: GET /status → "success: EZID is up"', async () => {
    const r = await req('/status');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe(TEXT);
    const answer = await r.text();
    expect(answer).toBe('success: EZID is up');
    expect(Buffer.byteLength(answer)).toBe(19); // "Content-Length: 19"
    expect(await (await req('/status?subsystems=*')).text()).toBe('success: EZID is up\nbinder: up\n');
    expect(await (await req('/status?subsystems=frobnicator')).text()).toBe('error: bad request - no such subsystem');
    // EZID's own subsystems (api.py: binder, datacite, search) and ezid-client's (noid, ldap, datacite) are
    // known; there is no DataCite registration and no search index here (docs/ezid.md).
    expect(await (await req('/status?subsystems=noid,ldap,datacite,search')).text()).toBe(
      'success: EZID is up\nnoid: up\nldap: up\ndatacite: not applicable\nsearch: not applicable\n',
    );
  });

  it('Request & response bodies: comments, continuation lines, percent-encoding, the "erc" element', async () => {
    const body = [
      '# The following two elements are identical:',
      'erc.who: Proust,',
      '  Marcel',
      'erc.what: Remembrance of Things Past',
      'dc.title: 100%25 cotton%0Dand%0Aa new line: kept',
      'dc.x%3Ay: a colon in a name',
      '_target: http://www.gutenberg.org/ebooks/7178',
    ].join('\r\n');
    expect((await send('PUT', '/id/ark:/99999/fk4anvl', body)).status).toBe(201);
    const got = await lines(await req('/id/ark:/99999/fk4anvl'));
    expect(got).toContain('erc.who: Proust, Marcel');
    expect(got).toContain('dc.title: 100%25 cotton%0Dand%0Aa new line: kept');
    expect(got).toContain('dc.x%3Ay: a colon in a name');
    // "erc: who: Proust, Marcel%0Awhat: Remembrance of Things Past"
    const erc = 'erc: who: Proust, Marcel%0Awhat: Remembrance of Things Past';
    expect((await send('PUT', '/id/ark:/99999/fk4erc', `${erc}\n_target: http://www.cdlib.org/`)).status).toBe(201);
    const view = await lines(await req('/id/ark:/99999/fk4erc'));
    expect(view).toContain('erc.who: Proust, Marcel');
    expect(view).toContain('erc.what: Remembrance of Things Past');
  });

  it.each([
    ['no colon here', 'error: bad request - ANVL parse error (no colon in line)'],
    [
      '  continued\n_target: http://x.org/',
      'error: bad request - ANVL parse error (no previous label for continuation line)',
    ],
    [': no label', 'error: bad request - ANVL parse error (empty label)'],
    ['erc.who: a\nerc.who: b', 'error: bad request - ANVL parse error (repeated label)'],
    ['erc.who: 100%', 'error: bad request - ANVL parse error (percent-decode error)'],
    ['erc.who: %zz', 'error: bad request - ANVL parse error (percent-decode error)'],
    ['_status: hidden', "error: bad request - _status: the status is 'public', 'reserved' or 'unavailable | reason'"],
    ['_target: ftp://example.org/', 'error: bad request - _target: the target must be an absolute http or https URL'],
    ['_export: maybe', "error: bad request - _export: the value is 'yes' or 'no'"],
    ['_owner: somebody-else', 'error: bad request - ownership change prohibited'],
    ['_bogus: x', 'error: bad request - _bogus: no such reserved element, or it cannot be set'],
  ])("bad metadata %j gets EZID's error line, never a 5xx", async (body, line) => {
    const r = await send('PUT', '/id/ark:/99999/fk4bad', body);
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(line);
  });

  it('refuses bodies that are not UTF-8 text/plain, and unknown query parameters', async () => {
    const json = await send('PUT', '/id/ark:/99999/fk4bad', '{}', { 'content-type': 'application/json' });
    expect(await json.text()).toBe(
      'error: bad request - If specified, Content-Type must be text/plain and encoding must be UTF-8',
    );
    const latin1 = await send('PUT', '/id/ark:/99999/fk4bad', 'x', {
      'content-type': 'text/plain; charset=ISO-8859-1',
    });
    expect(latin1.status).toBe(400);
    const bytes = await req('/id/ark:/99999/fk4bad', {
      method: 'PUT',
      headers: { authorization: t.auth, 'content-type': 'text/plain' },
      body: new Uint8Array([0x65, 0x72, 0x63, 0x2e, 0x77, 0x3a, 0x20, 0xff, 0xfe]),
    });
    expect(await bytes.text()).toBe('error: bad request - character decoding error');
    const query = await send('PUT', '/id/ark:/99999/fk4bad?frobnicate=yes', '_target: http://x.org/');
    expect(await query.text()).toBe("error: bad request - unrecognized URL query parameter 'frobnicate'");
    const value = await send('PUT', '/id/ark:/99999/fk4bad?update_if_exists=maybe', '_target: http://x.org/');
    expect(await value.text()).toBe("error: bad request - invalid value for URL query parameter 'update_if_exists'");
    const invalid = await send('PUT', '/id/not%20an%20identifier', '_target: http://x.org/');
    expect(await invalid.text()).toBe('error: bad request - invalid identifier');
    const method = await req('/id/ark:/99999/fk4test', { method: 'PATCH', headers: { authorization: t.auth } });
    expect(method.status).toBe(405);
    expect(await method.text()).toBe('error: method not allowed');
    expect((await req('/nothing-here')).status).toBe(404);
    const huge = await send('PUT', '/id/ark:/99999/fk4huge', `dc.title: ${'x'.repeat((1 << 20) + 1)}`);
    expect(huge.status).toBe(413);
    expect(await huge.text()).toMatch(/^error: bad request - the request body is longer than \d+ bytes$/);
  });

  it('Identifier status: reserved (owner only, 404 to the public), public, unavailable | reason (410)', async () => {
    expect(
      (await send('PUT', '/id/ark:/99999/fk4rsv', '_target: https://example.org/r\n_status: reserved')).status,
    ).toBe(201);
    // visible to its owner only
    expect((await req('/id/ark:/99999/fk4rsv')).status).toBe(401);
    // Another user is told what a name nobody bound gets: nobody learns a reserved identifier exists.
    const other = await req('/id/ark:/99999/fk4rsv', { headers: { authorization: t.otherAuth } });
    expect(other.status).toBe(400);
    expect(await other.text()).toBe('error: bad request - no such identifier');
    const own = await lines(await req('/id/ark:/99999/fk4rsv', { headers: { authorization: t.auth } }));
    expect(own).toContain('_status: reserved');
    // the public gets 404 when resolving it, and no discovery
    expect((await t.app.request('/ark:/99999/fk4rsv')).status).toBe(404);
    // "A reserved identifier may be made public."
    expect((await send('POST', '/id/ark:/99999/fk4rsv', '_status: public')).status).toBe(200);
    expect((await t.app.request('/ark:/99999/fk4rsv')).status).toBe(302);
    // "A status of "reserved" may be specified only at identifier creation time."
    const back = await send('POST', '/id/ark:/99999/fk4rsv', '_status: reserved');
    expect(back.status).toBe(400);
    // "A public identifier may be marked as unavailable." e.g. "unavailable | withdrawn by author"
    expect((await send('POST', '/id/ark:/99999/fk4rsv', '_status: unavailable | withdrawn by author')).status).toBe(
      200,
    );
    expect(await lines(await req('/id/ark:/99999/fk4rsv'))).toContain('_status: unavailable | withdrawn by author');
    const gone = await t.app.request('/ark:/99999/fk4rsv');
    expect(gone.status).toBe(410);
    const problem = (await gone.json()) as { code: string; detail: string; identifierStatus: string };
    expect(problem.code).toBe('unavailable');
    expect(problem.detail).toContain('withdrawn by author');
    const page = await t.app.request('/ark:/99999/fk4rsv', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('withdrawn by author');
    // "An unavailable identifier may be returned to public status."
    expect((await send('POST', '/id/ark:/99999/fk4rsv', '_status: public')).status).toBe(200);
    expect((await t.app.request('/ark:/99999/fk4rsv')).status).toBe(302);
  });

  it('_datacenter is ignored with a warning; dc.* and datacite.* are kept', async () => {
    const r = await send(
      'PUT',
      '/id/ark:/99999/fk4dc',
      '_target: http://www.cdlib.org/\n_datacenter: CDL.CDL\n_profile: dc\ndc.creator: Proust, Marcel\ndatacite.publicationyear: 1922',
    );
    expect(r.status).toBe(201);
    expect(r.headers.get('warning')).toContain('_datacenter');
    const view = await lines(await req('/id/ark:/99999/fk4dc'));
    expect(view).toContain('_profile: dc');
    expect(view).toContain('dc.creator: Proust, Marcel');
    expect(view).toContain('datacite.publicationyear: 1922');
    expect(view.some((l) => l.startsWith('_datacenter'))).toBe(false);
    // ?info serves the status, the owner and the Dublin Core and DataCite metadata as JSON
    const info = await t.app.request('/ark:/99999/fk4dc?info', { headers: { accept: 'application/json' } });
    expect(info.status).toBe(200);
    const about = ((await info.json()) as { about: { binding: Record<string, unknown> } }).about.binding;
    expect(about).toMatchObject({
      identifierStatus: 'public',
      owner: 'apitest',
      metadata: { _profile: 'dc', 'datacite.publicationyear': '1922', 'dc.creator': 'Proust, Marcel' },
    });
  });

  it('answers a browser with an HTML page', async () => {
    const r = await req('/id/ark:/99999/fk4cz3dh0', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const html = await r.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('ark:/99999/fk4cz3dh0');
    expect(html).toContain('Proust, Marcel');
    const bad = await req('/id/ark:/99999/bogus', { headers: { accept: 'text/html' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('no such identifier');
  });
});

describe.each(backends)('Operation: delete identifier, on %s', (backend) => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('DELETE /id/ark:/99999/fk4cz3dh0 → 200 "success: ark:/99999/fk4cz3dh0" ("only reserved identifiers")', async () => {
    const send = (method: string, path: string, body?: string) =>
      t.app.request(`/ezid${path}`, {
        method,
        headers: { authorization: t.auth, 'content-type': 'text/plain' },
        ...(body === undefined ? {} : { body }),
      });
    expect((await send('PUT', '/id/ark:/99999/fk4cz3dh0', '_status: reserved')).status).toBe(201);
    const r = await send('DELETE', '/id/ark:/99999/fk4cz3dh0');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('success: ark:/99999/fk4cz3dh0');
    expect(await (await send('GET', '/id/ark:/99999/fk4cz3dh0')).text()).toBe(
      'error: bad request - no such identifier',
    );
    // a public identifier is permanent
    expect((await send('PUT', '/id/ark:/99999/fk4cz3dh0', '_target: http://www.cdlib.org/')).status).toBe(201);
    const refused = await send('DELETE', '/id/ark:/99999/fk4cz3dh0');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('error: bad request - identifier status does not support deletion');
    // the default target is the identifier's EZID URL
    expect(await (await send('GET', '/id/ark:/99999/fk4cz3dh0')).text()).toContain('_target: http://www.cdlib.org/');
    expect((await send('PUT', '/id/ark:/99999/fk4self')).status).toBe(201);
    expect(await (await send('GET', '/id/ark:/99999/fk4self')).text()).toContain(
      '_target: https://resolver.example.org/ezid/id/ark:/99999/fk4self',
    );
  });
});

describe('the base path', () => {
  it('is configurable: "" serves the API at the root, as ezid.cdlib.org', async () => {
    const t = await storeApp('sqlite', { ezid: { basePath: '' } });
    try {
      const r = await t.app.request('/id/ark:/99999/bogus');
      expect(r.status).toBe(400);
      expect(await r.text()).toBe('error: bad request - no such identifier');
      expect(await (await t.app.request('/status')).text()).toBe('success: EZID is up');
      // identifiers still resolve at the root, and the other routes answer
      const token = await t.token(['ark:/99999']);
      const put = await t.app.request('/id/ark:/99999/fk4root', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: '_target: https://example.org/root',
      });
      expect(put.status).toBe(201);
      const resolved = await t.app.request('/ark:/99999/fk4root');
      expect(resolved.status).toBe(302);
      expect(resolved.headers.get('location')).toBe('https://example.org/root');
      expect((await t.app.request('/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it.each(['/ezid', ''])(
    '%j leaves the resolution fast path on (no route takes identifier paths)',
    async (basePath) => {
      const t = await storeApp('sqlite', { ezid: { basePath } });
      try {
        expect(fastPathSafe(t.app.routes)).toBe(true);
      } finally {
        await t.close();
      }
    },
  );

  it('is off with ezid.enabled false', async () => {
    const t = await storeApp('sqlite', { ezid: { enabled: false } });
    try {
      expect((await t.app.request('/ezid/status')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
