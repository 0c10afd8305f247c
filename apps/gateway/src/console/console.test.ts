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
