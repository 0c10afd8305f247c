import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleFixture,
  consoleFixture,
  cookieFrom,
  csrfOf,
  PEOPLE,
  type SignedIn,
  setCookieLine,
} from './testing.ts';

/** The console's shell over real requests (app.request) and a real SQLite store: sign-in, sessions, CSRF. */

function location(res: Response): string {
  return res.headers.get('location') ?? '';
}

async function expectHtmlError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain(`<code class="error-code">${code}</code>`);
  return html;
}

describe('console sign-in and sessions', () => {
  let f: ConsoleFixture;
  beforeAll(async () => {
    f = await consoleFixture();
  });
  afterAll(() => f.close());

  it('sends a visitor to the sign-in page with the page asked for as next', async () => {
    const res = await f.get('/console/account?x=1');
    expect(res.status).toBe(303);
    const to = new URL(location(res), 'http://localhost');
    expect(to.pathname).toBe('/console/signin');
    expect(to.searchParams.get('next')).toBe('/console/account?x=1');
    // /console without the slash goes to /console/
    const bare = await f.get('/console');
    expect(bare.status).toBe(301);
    expect(location(bare)).toBe('/console/');
  });

  it('shows a sign-in form with a CSRF token tied to a sign-in cookie', async () => {
    const res = await f.get('/console/signin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('<label for="signin-username">Username</label>');
    expect(html).toContain('autocomplete="current-password"');
    const token = cookieFrom(res, 'pidgate_console_signin');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfOf(html)).toBe(token);
  });

  it('signs in with the right password: a session cookie HttpOnly, SameSite=Lax, Path=/console, not Secure over http', async () => {
    const form = await f.get('/console/signin?next=%2Fconsole%2Faccount');
    const token = cookieFrom(form, 'pidgate_console_signin') as string;
    const res = await f.post(
      '/console/signin',
      null,
      { username: 'alice', password: PEOPLE.alice.password, csrf: token, next: '/console/account' },
      { cookie: `pidgate_console_signin=${token}` },
    );
    expect(res.status).toBe(303);
    expect(location(res)).toBe('/console/account');
    const line = setCookieLine(res, 'pidgate_console') as string;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/console(;|$)/);
    expect(line).not.toMatch(/; Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(line)?.[1]);
    expect(maxAge).toBeGreaterThan(8 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(8 * 3600);
    // the session works
    const id = cookieFrom(res, 'pidgate_console') as string;
    const page = await f.get('/console/account', { username: 'alice', id, cookie: `pidgate_console=${id}`, csrf: '' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Signed in as <b>alice</b>');
  });

  it('refuses a wrong password, an unknown user and empty fields with a message, and sets no session', async () => {
    const form = await f.get('/console/signin');
    const token = cookieFrom(form, 'pidgate_console_signin') as string;
    const cookie = { cookie: `pidgate_console_signin=${token}` };
    const wrong = await f.post(
      '/console/signin',
      null,
      { username: 'bob', password: 'not-his-password', csrf: token },
      cookie,
    );
    expect(wrong.status).toBe(401);
    expect(cookieFrom(wrong, 'pidgate_console')).toBeNull();
    const html = await wrong.text();
    expect(html).toContain('The username or the password is wrong');
    expect(html).toContain('value="bob"'); // the username is kept
    const nobody = await f.post(
      '/console/signin',
      null,
      { username: 'nobody', password: 'whatever-it-is', csrf: token },
      cookie,
    );
    expect(nobody.status).toBe(401);
    const empty = await f.post('/console/signin', null, { username: 'bob', password: '', csrf: token }, cookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Enter your password');
  });

  it('sends the user back only to a path of this console (no open redirect)', async () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/console/',
      '/\\evil.example',
      '/api/v1/bindings',
      '/console/../api',
    ]) {
      const form = await f.get('/console/signin');
      const token = cookieFrom(form, 'pidgate_console_signin') as string;
      const res = await f.post(
        '/console/signin',
        null,
        { username: 'alice', password: PEOPLE.alice.password, csrf: token, next },
        { cookie: `pidgate_console_signin=${token}` },
      );
      expect(res.status, next).toBe(303);
      expect(location(res), next).toBe('/console/');
    }
  });

  it('gives a NEW session id at every sign-in, and the id the browser had before no longer works (fixation)', async () => {
    const first = await f.signIn('alice');
    // a second sign-in from the same browser, carrying the first session's cookie
    const form = await f.get('/console/signin', first);
    const token = cookieFrom(form, 'pidgate_console_signin') as string;
    const res = await f.post(
      '/console/signin',
      null,
      { username: 'alice', password: PEOPLE.alice.password, csrf: token },
      { cookie: `${first.cookie}; pidgate_console_signin=${token}` },
    );
    expect(res.status).toBe(303);
    const second = cookieFrom(res, 'pidgate_console') as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.id);
    const old = await f.get('/console/account', first);
    expect(old.status).toBe(303);
    expect(location(old)).toMatch(/^\/console\/signin\?/);
    // an id planted by someone else is never adopted: sign-in makes its own
    const planted = 'planted-session-id-chosen-by-an-attacker-000';
    const form2 = await f.get('/console/signin');
    const token2 = cookieFrom(form2, 'pidgate_console_signin') as string;
    const res2 = await f.post(
      '/console/signin',
      null,
      { username: 'alice', password: PEOPLE.alice.password, csrf: token2 },
      { cookie: `pidgate_console=${planted}; pidgate_console_signin=${token2}` },
    );
    const made = cookieFrom(res2, 'pidgate_console') as string;
    expect(made).not.toBe(planted);
    const again = await f.get('/console/account', {
      username: 'alice',
      id: planted,
      cookie: `pidgate_console=${planted}`,
      csrf: '',
    });
    expect(again.status).toBe(303);
  });

  it('signs out: the session is deleted, the cookie cleared, and the old id sends to sign-in', async () => {
    const s = await f.signIn('bob');
    expect((await f.get('/console/account', s)).status).toBe(200);
    const out = await f.post('/console/signout', s, {});
    expect(out.status).toBe(303);
    expect(location(out)).toBe('/console/signin?why=signedout');
    const line = setCookieLine(out, 'pidgate_console') as string;
    expect(line).toMatch(/Max-Age=0/);
    const after = await f.get('/console/account', s);
    expect(after.status).toBe(303);
    expect((await f.store.verifyUserSession(s.id)).ok).toBe(false);
    const page = await f.get('/console/signin?why=signedout');
    expect(await page.text()).toContain('You are signed out.');
  });

  it('throttles repeated wrong passwords with a clear message (the right password then waits too)', async () => {
    const form = await f.get('/console/signin');
    const token = cookieFrom(form, 'pidgate_console_signin') as string;
    const cookie = { cookie: `pidgate_console_signin=${token}` };
    let throttled: Response | null = null;
    for (let i = 0; i < 50 && !throttled; i++) {
      const res = await f.post(
        '/console/signin',
        null,
        { username: 'admin', password: `wrong-${i}`, csrf: token },
        cookie,
      );
      if (res.status === 429) throttled = res;
      else expect(res.status).toBe(401);
    }
    expect(throttled, 'no throttling after 50 wrong passwords').not.toBeNull();
    const res = throttled as Response;
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toContain('Too many wrong passwords for this account. Wait ');
    const right = await f.post(
      '/console/signin',
      null,
      { username: 'admin', password: PEOPLE.admin.password, csrf: token },
      cookie,
    );
    expect(right.status).toBe(429);
    expect(cookieFrom(right, 'pidgate_console')).toBeNull();
  });
});

describe('console CSRF protection', () => {
  let f: ConsoleFixture;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    f = await consoleFixture();
    alice = await f.signIn('alice');
    bob = await f.signIn('bob');
  });
  afterAll(() => f.close());

  const change = { displayName: 'Alice Changed', email: '' };

  it('refuses a form without the token, with a wrong one or with another session’s, as a 403 page', async () => {
    await expectHtmlError(
      await f.post('/console/account/profile', alice, { ...change, csrf: null }),
      403,
      'csrf-failed',
    );
    await expectHtmlError(
      await f.post('/console/account/profile', alice, { ...change, csrf: 'x'.repeat(43) }),
      403,
      'csrf-failed',
    );
    await expectHtmlError(
      await f.post('/console/account/profile', alice, { ...change, csrf: bob.csrf }),
      403,
      'csrf-failed',
    );
    const user = await f.store.getUser('alice');
    expect(user.ok && user.value.displayName).not.toBe('Alice Changed');
    // with its own token, the same form works
    const ok = await f.post('/console/account/profile', alice, change);
    expect(ok.status).toBe(303);
    const changed = await f.store.getUser('alice');
    expect(changed.ok && changed.value.displayName).toBe('Alice Changed');
  });

  it('refuses a form posted from another site, even with the right token', async () => {
    const evil = await f.post('/console/account/profile', alice, change, { origin: 'https://evil.example' });
    await expectHtmlError(evil, 403, 'cross-site');
    const nullOrigin = await f.post('/console/account/profile', alice, change, { origin: 'null' });
    await expectHtmlError(nullOrigin, 403, 'cross-site');
    const fetchSite = await f.post('/console/account/profile', alice, change, { 'sec-fetch-site': 'cross-site' });
    await expectHtmlError(fetchSite, 403, 'cross-site');
    const sameOrigin = await f.post('/console/account/profile', alice, change, { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.status).toBe(303);
  });

  it('refuses a sign-in posted without the sign-in cookie’s token (login CSRF)', async () => {
    const res = await f.post('/console/signin', null, {
      username: 'alice',
      password: PEOPLE.alice.password,
      csrf: 'forged',
    });
    await expectHtmlError(res, 403, 'csrf-failed');
    expect(cookieFrom(res, 'pidgate_console')).toBeNull();
  });

  it('checks the sign-out form too', async () => {
    await expectHtmlError(await f.post('/console/signout', alice, { csrf: null }), 403, 'csrf-failed');
    expect((await f.get('/console/account', alice)).status).toBe(200);
  });
});

describe('console pages and errors', () => {
  let f: ConsoleFixture;
  let alice: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    f = await consoleFixture();
    alice = await f.signIn('alice');
    admin = await f.signIn('admin');
  });
  afterAll(() => f.close());

  it('answers an unknown console page with a 404 HTML page, whatever the Accept header', async () => {
    for (const accept of ['text/html', 'application/json', '*/*']) {
      await expectHtmlError(await f.get('/console/no/such/page', alice, { accept }), 404, 'not-found');
    }
  });

  it('shows the navigation, with Administration for administrators only', async () => {
    const mine = await (await f.get('/console/account', alice)).text();
    expect(mine).toContain('aria-current="page">Account</a>');
    expect(mine).not.toContain('>Administration</a>');
    const theirs = await (await f.get('/console/account', admin)).text();
    expect(theirs).toContain('>Administration</a>');
  });

  it('refuses every administration page to a user who is not an administrator (403 page)', async () => {
    for (const path of [
      '/console/admin/',
      '/console/admin',
      '/console/admin/users',
      '/console/admin/users/bob',
      '/console/admin/groups',
      '/console/admin/shoulders',
      '/console/admin/tokens',
      '/console/admin/naans',
    ]) {
      await expectHtmlError(await f.get(path, alice), 403, 'forbidden');
      expect((await f.get(path, admin)).status, path).toBeLessThan(400);
    }
    const made = await f.post('/console/admin/users', alice, {
      username: 'mallory',
      password: 'mallory-password',
      role: 'admin',
      groups: '',
    });
    await expectHtmlError(made, 403, 'forbidden');
    expect((await f.store.getUser('mallory')).ok).toBe(false);
    const promoted = await f.post('/console/admin/users/alice', alice, {
      role: 'admin',
      groups: 'library',
      displayName: 'A',
    });
    await expectHtmlError(promoted, 403, 'forbidden');
  });
});

describe('console session expiry', () => {
  let f: ConsoleFixture;
  beforeAll(async () => {
    f = await consoleFixture({ console: { sessionTtl: 1 } });
  });
  afterAll(() => f.close());

  it('ends a session at its expiry: the next request is sent to sign in, told why', async () => {
    const s = await f.signIn('alice');
    const verified = await f.store.verifyUserSession(s.id);
    if (!verified.ok) throw new Error(verified.error.message);
    const expiresAt = Date.parse(verified.value.expiresAt);
    // a lifetime of one second, checked well after it ended
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 1500));
    const res = await f.get('/console/account', s);
    expect(res.status).toBe(303);
    const to = new URL(location(res), 'http://localhost');
    expect(to.pathname).toBe('/console/signin');
    expect(to.searchParams.get('why')).toBe('expired');
    expect(setCookieLine(res, 'pidgate_console')).toMatch(/Max-Age=0/);
    expect(await (await f.get(`${to.pathname}${to.search}`)).text()).toContain('Your session has ended');
  });
});

describe('console cookies over https', () => {
  it('marks the cookies Secure when the public base URL is https', async () => {
    const f = await consoleFixture({ baseUrl: 'https://ids.example.org/' }, { origin: 'https://ids.example.org' });
    try {
      const form = await f.get('/console/signin');
      expect(setCookieLine(form, 'pidgate_console_signin')).toMatch(/; Secure/);
      const s = await f.signIn('alice');
      expect(s.id).toBeTruthy();
      const token = cookieFrom(await f.get('/console/signin'), 'pidgate_console_signin') as string;
      const res = await f.post(
        '/console/signin',
        null,
        { username: 'alice', password: PEOPLE.alice.password, csrf: token },
        { cookie: `pidgate_console_signin=${token}` },
      );
      const line = setCookieLine(res, 'pidgate_console') as string;
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
    } finally {
      await f.close();
    }
  });

  it('marks them Secure when the request itself came over https', async () => {
    const f = await consoleFixture({}, { origin: 'https://localhost' });
    try {
      const form = await f.get('/console/signin');
      expect(setCookieLine(form, 'pidgate_console_signin')).toMatch(/; Secure/);
    } finally {
      await f.close();
    }
  });
});

describe('console account and administration over requests', () => {
  let f: ConsoleFixture;
  let alice: SignedIn;
  let bob: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    f = await consoleFixture();
    alice = await f.signIn('alice');
    bob = await f.signIn('bob');
    admin = await f.signIn('admin');
  });
  afterAll(() => f.close());

  it('creates a token shown once, lists it, and revokes only one’s own', async () => {
    const made = await f.post('/console/account/tokens', alice, { name: 'sync', scopes: 'ark:/99999/fk4' });
    expect(made.status).toBe(200);
    const html = await made.text();
    const secret =
      /id="new-token" readonly="" value="([^"]+)"/.exec(html)?.[1] ??
      /id="new-token"[^>]*value="([^"]+)"/.exec(html)?.[1];
    expect(secret).toBeTruthy();
    const verified = await f.store.verifyToken(secret as string);
    expect(verified.ok && verified.value.name).toBe('sync');
    const page = await (await f.get('/console/account', alice)).text();
    expect(page).toContain('sync');
    expect(page).not.toContain(secret as string);
    const list = await f.store.listTokens();
    const id = list.ok ? list.value.find((t) => t.name === 'sync')?.id : undefined;
    // bob cannot revoke alice's token
    const refused = await f.post('/console/account/tokens/revoke', bob, { id: id as string });
    expect(refused.status).toBe(400);
    expect((await f.store.verifyToken(secret as string)).ok).toBe(true);
    // a non-admin cannot mint an admin token
    const adminScope = await f.post('/console/account/tokens', alice, { name: 'root', scopes: 'pidgate:admin' });
    expect(adminScope.status).toBe(400);
    expect(await adminScope.text()).toContain('Only administrators');
    // the administrator sees every token, and alice revokes her own
    expect(await (await f.get('/console/admin/tokens', admin)).text()).toContain('sync');
    const revoked = await f.post('/console/account/tokens/revoke', alice, { id: id as string });
    expect(revoked.status).toBe(303);
    expect((await f.store.verifyToken(secret as string)).ok).toBe(false);
  });

  it('changes the password only with the right current password', async () => {
    const wrong = await f.post('/console/account/password', bob, {
      current: 'wrong-password',
      password: 'bob-new-password-1',
      confirm: 'bob-new-password-1',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Your current password is wrong');
    const mismatch = await f.post('/console/account/password', bob, {
      current: PEOPLE.bob.password,
      password: 'bob-new-password-1',
      confirm: 'other',
    });
    expect(mismatch.status).toBe(400);
    const ok = await f.post('/console/account/password', bob, {
      current: PEOPLE.bob.password,
      password: 'bob-new-password-1',
      confirm: 'bob-new-password-1',
    });
    expect(ok.status).toBe(303);
    expect((await f.store.verifyPassword('bob', 'bob-new-password-1')).ok).toBe(true);
    expect((await f.store.verifyPassword('bob', PEOPLE.bob.password)).ok).toBe(false);
  });

  it('adds and removes co-owners, refusing unknown users and oneself', async () => {
    expect((await f.post('/console/account/coowners/add', alice, { username: 'nobody' })).status).toBe(400);
    expect((await f.post('/console/account/coowners/add', alice, { username: 'alice' })).status).toBe(400);
    expect((await f.post('/console/account/coowners/add', alice, { username: 'bob' })).status).toBe(303);
    const added = await f.store.getUser('alice');
    expect(added.ok && added.value.coOwners).toEqual(['bob']);
    expect((await f.post('/console/account/coowners/remove', alice, { username: 'bob' })).status).toBe(303);
    const removed = await f.store.getUser('alice');
    expect(removed.ok && removed.value.coOwners).toEqual([]);
  });

  it('lets an administrator create a group and a user, change the role, disable the account and set a password', async () => {
    expect((await f.post('/console/admin/groups', admin, { name: 'maps', description: 'Map library' })).status).toBe(
      303,
    );
    expect((await f.post('/console/admin/groups', admin, { name: 'maps', description: 'again' })).status).toBe(400);
    const bad = await f.post('/console/admin/users', admin, {
      username: 'dave',
      password: 'dave-password-1',
      role: 'user',
      groups: 'no-such-group',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('There is no group no-such-group');
    const made = await f.post('/console/admin/users', admin, {
      username: 'dave',
      displayName: 'Dave',
      password: 'dave-password-1',
      role: 'user',
      groups: 'maps',
    });
    expect(made.status).toBe(303);
    expect(location(made)).toBe('/console/admin/users/dave?done=user-created');
    const dave = await f.signIn({ username: 'dave', password: 'dave-password-1' });
    expect((await f.get('/console/account', dave)).status).toBe(200);
    const saved = await f.post('/console/admin/users/dave', admin, {
      displayName: 'Dave',
      email: '',
      role: 'readonly',
      groups: 'maps library',
      disabled: 'yes',
    });
    expect(saved.status).toBe(303);
    const after = await f.store.getUser('dave');
    expect(after.ok && after.value).toMatchObject({ role: 'readonly', groups: ['library', 'maps'], disabled: true });
    // a disabled user cannot sign in, and is told so
    const form = await f.get('/console/signin');
    const token = cookieFrom(form, 'pidgate_console_signin') as string;
    const refused = await f.post(
      '/console/signin',
      null,
      { username: 'dave', password: 'dave-password-1', csrf: token },
      { cookie: `pidgate_console_signin=${token}` },
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This account is disabled');
    expect((await f.post('/console/admin/users/dave/password', admin, { password: 'dave-password-2' })).status).toBe(
      303,
    );
    expect((await f.post('/console/admin/users/nobody/password', admin, { password: 'dave-password-2' })).status).toBe(
      404,
    );
    // an administrator cannot lock themself out
    const self = await f.post('/console/admin/users/admin', admin, { displayName: 'Admin', role: 'user', groups: '' });
    expect(self.status).toBe(400);
  });

  it('shows a shoulder’s or NAAN’s commitment statement in the ?? answer of identifiers without their own', async () => {
    const put = await f.store.putBinding('ark:/99999/fk4commit1', { target: 'https://example.org/a' }, 'alice');
    expect(put.ok).toBe(true);
    await f.store.putBinding('ark:/99999/fk5commit2', { target: 'https://example.org/b' }, 'bob');
    await f.store.putBinding(
      'ark:/99999/fk4commit3',
      { target: 'https://example.org/c', support: { what: 'Its own commitment' } },
      'alice',
    );
    const before = await (await f.get('/ark:/99999/fk4commit1??')).text();
    expect(before).toContain('(:unav) no commitment was recorded');
    const naan = await f.post('/console/admin/commitments', admin, {
      prefix: 'ark:/99999',
      what: 'NAAN-wide: kept while the institution exists',
      who: 'Test Institution',
    });
    expect(naan.status).toBe(303);
    const shoulder = await f.post('/console/admin/commitments', admin, {
      prefix: 'ark:/99999/fk4',
      what: 'Library shoulder: permanent',
      who: 'Test Library',
    });
    expect(shoulder.status).toBe(303);
    const one = await (await f.get('/ark:/99999/fk4commit1??')).text();
    expect(one).toContain('Library shoulder: permanent');
    expect(one).not.toContain('(:unav) no commitment');
    expect(await (await f.get('/ark:/99999/fk5commit2??')).text()).toContain(
      'NAAN-wide: kept while the institution exists',
    );
    expect(await (await f.get('/ark:/99999/fk4commit3??')).text()).toContain('Its own commitment');
    // the plain ? answer has no commitment
    expect(await (await f.get('/ark:/99999/fk4commit1?')).text()).not.toContain('Library shoulder');
    // shown on the shoulders page, removed by saving it empty
    expect(await (await f.get('/console/admin/shoulders', admin)).text()).toContain('Library shoulder: permanent');
    expect((await f.post('/console/admin/commitments', admin, { prefix: 'ark:/99999/fk4', what: '' })).status).toBe(
      303,
    );
    expect(await (await f.get('/ark:/99999/fk4commit1??')).text()).toContain('NAAN-wide');
    // a prefix that is neither a NAAN nor a shoulder here
    expect((await f.post('/console/admin/commitments', admin, { prefix: 'ark:/12345', what: 'x' })).status).toBe(404);
    const badUrl = await f.post('/console/admin/commitments', admin, {
      prefix: 'ark:/99999',
      what: 'x',
      where: 'not a url',
    });
    expect(badUrl.status).toBe(400);
  });

  it('adds a shoulder for a group and a NAAN, and reloads the NAAN table', async () => {
    const bad = await f.post('/console/admin/shoulders', admin, {
      shoulder: 'ark:/99999/fk6',
      template: 'zz.reeddk',
      group: 'library',
    });
    expect(bad.status).toBe(400);
    const ok = await f.post('/console/admin/shoulders', admin, {
      shoulder: 'ark:/99999/fk6',
      template: 'fk6.reeddk',
      group: 'library',
    });
    expect(ok.status).toBe(303);
    const s = await f.store.getShoulder('ark:/99999/fk6');
    expect(s.ok).toBe(true);
    expect((await f.post('/console/admin/naans', admin, { naan: '12345', name: 'Another' })).status).toBe(303);
    expect((await f.post('/console/admin/naans', admin, { naan: 'not a naan' })).status).toBe(400);
    const naans = await f.store.listNaans();
    expect(naans.ok && naans.value.map((n) => n.naan)).toContain('12345');
    expect((await f.post('/console/admin/naans/reload', admin, {})).status).toBe(303);
    const page = await (await f.get('/console/admin/naans?naan=12345', admin)).text();
    expect(page).toContain('12345');
  });
});

describe('console sessions end with a password change or a disabled account', () => {
  let f: ConsoleFixture;
  beforeAll(async () => {
    f = await consoleFixture();
  });
  afterAll(() => f.close());

  it('a password change signs out every other session of the user and gives this one a fresh id', async () => {
    const here = await f.signIn('bob');
    const elsewhere = await f.signIn('bob');
    const alice = await f.signIn('alice');
    const res = await f.post('/console/account/password', here, {
      current: PEOPLE.bob.password,
      password: 'bob-brand-new-password',
      confirm: 'bob-brand-new-password',
    });
    expect(res.status).toBe(303);
    expect(location(res)).toBe('/console/account?done=password');
    const fresh = cookieFrom(res, 'pidgate_console');
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(here.id);
    expect(setCookieLine(res, 'pidgate_console')).toMatch(/HttpOnly/i);
    // Both old ids are gone: the next request is sent to sign in.
    for (const old of [here, elsewhere]) {
      expect((await f.get('/console/account', old)).status, old.id).toBe(303);
      expect((await f.store.verifyUserSession(old.id)).ok).toBe(false);
    }
    // The fresh session works, with the CSRF token of its own page.
    const cookie = `pidgate_console=${fresh}`;
    const page = await f.get('/console/account?done=password', {
      username: 'bob',
      id: fresh as string,
      cookie,
      csrf: '',
    });
    expect(page.status).toBe(200);
    const csrf = csrfOf(await page.text()) as string;
    const verified = await f.store.verifyUserSession(fresh as string);
    expect(verified.ok && verified.value.csrf).toBe(csrf);
    expect(csrf).not.toBe(here.csrf);
    const me = { username: 'bob', id: fresh as string, cookie, csrf };
    expect((await f.post('/console/account/coowners/add', me, { username: 'alice' })).status).toBe(303);
    // Someone else's session is untouched.
    expect((await f.get('/console/account', alice)).status).toBe(200);
  });

  it('disabling a user ends all their sessions; enabling them again does not bring those back', async () => {
    const admin = await f.signIn('admin');
    const alice = await f.signIn('alice');
    expect((await f.get('/console/account', alice)).status).toBe(200);
    const user = { displayName: 'Alice', email: '', role: 'user', groups: 'library' };
    expect((await f.post('/console/admin/users/alice', admin, { ...user, disabled: 'yes' })).status).toBe(303);
    expect((await f.store.verifyUserSession(alice.id)).ok).toBe(false);
    expect((await f.post('/console/admin/users/alice', admin, user)).status).toBe(303);
    const u = await f.store.getUser('alice');
    expect(u.ok && u.value.disabled).toBe(false);
    expect((await f.get('/console/account', alice)).status).toBe(303);
    expect((await f.store.verifyUserSession(alice.id)).ok).toBe(false);
    // The administrator who did it is still signed in.
    expect((await f.get('/console/account', admin)).status).toBe(200);
  });
});
