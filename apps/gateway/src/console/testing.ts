// Helpers for the console's tests (request-level with app.request(), and in Chromium with Playwright). Not
// part of the door: tests import this file directly.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Store } from '@pidgate/store';
import type { Page } from 'playwright-core';
import { declareShoulder } from '../admin/index.ts';
import { createApp } from '../app.ts';
import type { ConfigInput } from '../config/index.ts';
import { type AppDeps, createDeps } from '../deps.ts';
import { type RunningServer, startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { testStore } from '../testing/store.ts';
import { CSRF_FIELD } from './csrf.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * The people of every console test: an administrator and two users in different groups, each group with
 * a shoulder of its own under NAAN 99999 (`ark:/99999/fk4` is `library`'s, alice's; `ark:/99999/fk5` is
 * `archive`'s, bob's).
 */
export const PEOPLE = {
  admin: { password: 'admin-secret-password', role: 'admin', groups: [] as string[] },
  alice: { password: 'alice-secret-password', role: 'user', groups: ['library'] },
  bob: { password: 'bob-secret-password', role: 'user', groups: ['archive'] },
} as const;
export type Person = keyof typeof PEOPLE;

export const SHOULDERS = { library: 'ark:/99999/fk4', archive: 'ark:/99999/fk5' } as const;

/** A signed-in session for `app.request()`: the Cookie header value and the session's CSRF token. */
export interface SignedIn {
  readonly username: string;
  /** The session id (the cookie's value). */
  readonly id: string;
  /** `pidgate_console=…`, for a Cookie header. */
  readonly cookie: string;
  readonly csrf: string;
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }, what: string): T {
  if (!r.ok) throw new Error(`${what}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Create the groups, users and shoulders of `PEOPLE` in `store`. */
export async function seedPeople(store: Store, deps: AppDeps): Promise<void> {
  for (const g of ['library', 'archive']) must(await store.createGroup(g, `The ${g}`), `createGroup ${g}`);
  for (const [username, p] of Object.entries(PEOPLE)) {
    must(
      await store.createUser({
        username,
        password: p.password,
        displayName: username[0]?.toUpperCase() + username.slice(1),
        email: `${username}@example.org`,
        role: p.role,
        groups: [...p.groups],
      }),
      `createUser ${username}`,
    );
  }
  for (const [group, shoulder] of Object.entries(SHOULDERS)) {
    const template = `${shoulder.slice('ark:/99999/'.length)}.reeddk`;
    const made = must(
      await declareShoulder(store, deps.registry, deps.config.profile, {
        shoulder,
        template,
        naanName: 'Test Institution',
      }),
      `declareShoulder ${shoulder}`,
    );
    must(await store.setShoulderGroup(made.key, group), `setShoulderGroup ${shoulder}`);
  }
  await deps.own?.refresh();
}

/** The Set-Cookie value of `name` in a response, or null. */
export function cookieFrom(res: Response, name: string): string | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1);
  }
  return null;
}

/** The whole Set-Cookie line of `name`, or null. */
export function setCookieLine(res: Response, name: string): string | null {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`)) ?? null;
}

/** The value of the hidden `csrf` field in a page. */
export function csrfOf(html: string): string | null {
  return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? null;
}

export interface ConsoleFixture {
  readonly app: ReturnType<typeof createApp>;
  readonly deps: AppDeps;
  readonly store: Store;
  /** The origin requests are made to (`http://localhost` unless `origin` was given). */
  readonly origin: string;
  /** Sign in through the sign-in form, as a browser does. */
  signIn(who: Person | { username: string; password: string }): Promise<SignedIn>;
  /** GET a console path (`/console/…`), signed in as `who` when given. */
  get(path: string, who?: SignedIn | null, headers?: Record<string, string>): Promise<Response>;
  /**
   * POST a form to a console path as `who`, with the session's CSRF token added unless `fields` has a
   * `csrf` of its own (null: leave it out); `Origin` is the fixture's own unless `headers` says otherwise.
   */
  post(
    path: string,
    who: SignedIn | null,
    fields: Record<string, string | string[] | null>,
    headers?: Record<string, string>,
  ): Promise<Response>;
  close(): Promise<void>;
}

/**
 * An app over a real SQLite store (or PostgreSQL) in a fresh temp directory with `PEOPLE` in it, for
 * `app.request()` tests of console pages.
 */
export async function consoleFixture(
  input: ConfigInput = {},
  options: { backend?: 'sqlite' | 'postgres'; origin?: string } = {},
): Promise<ConsoleFixture> {
  const opened = await testStore(options.backend ?? 'sqlite');
  const deps = await createDeps(testConfig(input), { registry: allSchemes, store: opened.store });
  await seedPeople(opened.store, deps);
  const app = createApp(deps);
  const origin = options.origin ?? 'http://localhost';
  const url = (path: string) => `${origin}${path}`;

  const get: ConsoleFixture['get'] = (path, who, headers = {}) =>
    Promise.resolve(app.request(url(path), { headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } }));

  const post: ConsoleFixture['post'] = (path, who, fields, headers = {}) => {
    const body = new URLSearchParams();
    if (!(CSRF_FIELD in fields) && who) body.append(CSRF_FIELD, who.csrf);
    for (const [k, v] of Object.entries(fields)) {
      if (v === null) continue;
      for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    }
    return Promise.resolve(
      app.request(url(path), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          ...(who ? { cookie: who.cookie } : {}),
          ...headers,
        },
        body,
      }),
    );
  };

  const signIn: ConsoleFixture['signIn'] = async (who) => {
    const { username, password } = typeof who === 'string' ? { username: who, password: PEOPLE[who].password } : who;
    const form = await get('/console/signin');
    const token = cookieFrom(form, 'pidgate_console_signin');
    const csrf = csrfOf(await form.text());
    if (!token || !csrf) throw new Error('the sign-in page set no sign-in token');
    const res = await post(
      '/console/signin',
      null,
      { username, password, csrf },
      { cookie: `pidgate_console_signin=${token}` },
    );
    const id = cookieFrom(res, SESSION_COOKIE);
    if (res.status !== 303 || !id) throw new Error(`sign-in as ${username} failed: ${res.status} ${await res.text()}`);
    const verified = must(await opened.store.verifyUserSession(id), 'verifyUserSession');
    return { username, id, cookie: `${SESSION_COOKIE}=${id}`, csrf: verified.csrf };
  };

  return { app, deps, store: opened.store, origin, signIn, get, post, close: opened.close };
}

/** The gateway on a real socket over a real SQLite store with `PEOPLE`, for Playwright. */
export async function consoleServer(input: ConfigInput = {}): Promise<{
  server: RunningServer;
  store: Store;
  /** `http://127.0.0.1:PORT/console/`. */
  base: string;
  close(): Promise<void>;
}> {
  const opened = await testStore('sqlite');
  const config = testConfig({ host: '127.0.0.1', port: 0, ...input });
  const deps = await createDeps(config, { registry: allSchemes, store: opened.store });
  await seedPeople(opened.store, deps);
  const server = await startServer({ config, deps });
  return {
    server,
    store: opened.store,
    base: new URL('console/', server.url).href,
    async close() {
      await server.close();
      await opened.close();
    },
  };
}

/** Sign in in the browser with the keyboard only, as a person would: type, Tab, type, Enter. */
export async function browserSignIn(page: Page, base: string, who: Person | { username: string; password: string }) {
  const { username, password } = typeof who === 'string' ? { username: who, password: PEOPLE[who].password } : who;
  await page.goto(`${base}signin`);
  await page.locator('#signin-username').focus();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/signin')), page.keyboard.press('Enter')]);
}

export { type AxeViolation, axeViolations } from '../testing/browser.ts';
