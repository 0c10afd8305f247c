/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import {
  clearSessionCookie,
  clearSigninCookie,
  safeNext,
  sessionCookie,
  setSessionCookie,
  signinToken,
} from './session.ts';
import { consolePage, type Flash } from './shell.tsx';

export interface SigninOptions {
  /** Seconds a session lasts (default 8 hours). */
  readonly sessionTtl?: number;
}

interface FormState {
  readonly username: string;
  readonly next: string;
  readonly flash: Flash | null;
  readonly error?: { readonly field: 'username' | 'password'; readonly text: string };
}

function SigninForm({ base, token, state }: { base: string; token: string; state: FormState }) {
  const err = state.error;
  return (
    <>
      {err ? (
        <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex={-1}>
          <h2 id="error-summary-title">There is a problem</h2>
          <ul>
            <li>
              <a href={`#signin-${err.field}`}>{err.text}</a>
            </li>
          </ul>
        </div>
      ) : null}
      <form class="panel narrow" method="post" action={`${base}signin`}>
        <CsrfField token={token} />
        <input type="hidden" name="next" value={state.next} />
        <div class="field">
          <label for="signin-username">Username</label>
          <input
            type="text"
            id="signin-username"
            name="username"
            value={state.username}
            autocomplete="username"
            autocapitalize="off"
            spellcheck={false}
            required
            autofocus={!err || err.field === 'username'}
          />
        </div>
        <div class={`field${err?.field === 'password' ? ' field-error' : ''}`}>
          <label for="signin-password">Password</label>
          {err?.field === 'password' ? (
            <p class="error-message" id="signin-password-error">
              <span class="visually-hidden">Error: </span>
              {err.text}
            </p>
          ) : null}
          <input
            type="password"
            id="signin-password"
            name="password"
            autocomplete="current-password"
            required
            aria-describedby={err?.field === 'password' ? 'signin-password-error' : undefined}
            autofocus={err?.field === 'password'}
          />
        </div>
        <button type="submit">Sign in</button>
      </form>
    </>
  );
}

/** Seconds until an ISO instant (at least 1), from the store's `too-many-attempts` error, else null. */
function retryAfter(error: { message: string; retryAt?: unknown; retryAfter?: unknown }): number | null {
  const at = typeof error.retryAt === 'string' ? Date.parse(error.retryAt) : Number.NaN;
  if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - Date.now()) / 1000));
  if (typeof error.retryAfter === 'number') return Math.max(1, Math.ceil(error.retryAfter));
  const m = /(\d+)\s*(?:s\b|seconds?)/.exec(error.message);
  return m ? Number(m[1]) : null;
}

function waitText(seconds: number | null): string {
  if (seconds === null) return 'a few minutes';
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * `/console/signin` (the form; posting it checks the password with the store's `verifyPassword`, which
 * throttles repeated wrong passwords, and starts a NEW session: a session id never survives a sign-in) and
 * `/console/signout` (posting it deletes the session).
 */
export function signinPages(deps: AppDeps, options: SigninOptions = {}) {
  const app = new Hono<ConsoleEnv>();
  const ttl = options.sessionTtl ?? deps.config.console.sessionTtl;

  const show = (c: Context<ConsoleEnv>, state: FormState, status: 200 | 400 | 401 | 403 | 429) => {
    const base = c.get('base');
    const token = signinToken(c, deps);
    return consolePage(
      c,
      {
        title: 'Sign in',
        flash: state.flash,
        lede: 'Sign in with the username and password an administrator gave you.',
      },
      <SigninForm base={base} token={token} state={state} />,
      status,
    );
  };

  app.get('/signin', (c) => {
    const base = c.get('base');
    const next = safeNext(c.req.query('next'), base);
    const why = c.req.query('why');
    const flash: Flash | null =
      why === 'signedout'
        ? { kind: 'ok', text: 'You are signed out.' }
        : why === 'expired'
          ? { kind: 'error', text: 'Your session has ended. Sign in again to go on.' }
          : null;
    return show(c, { username: '', next, flash }, 200);
  });

  app.post('/signin', async (c) => {
    const base = c.get('base');
    const body = await c.req.parseBody();
    const username = typeof body['username'] === 'string' ? body['username'].trim() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    const next = safeNext(typeof body['next'] === 'string' ? body['next'] : null, base);
    if (username === '' || password === '') {
      const field = username === '' ? 'username' : 'password';
      return show(c, { username, next, flash: null, error: { field, text: `Enter your ${field}` } }, 400);
    }
    const store = c.get('store');
    const verified = await store.verifyPassword(username, password);
    if (!verified.ok) {
      const code = verified.error.code as string;
      if (code === 'too-many-attempts') {
        const wait = retryAfter(verified.error as never);
        if (wait !== null) c.header('retry-after', String(wait));
        const text = `Too many wrong passwords for this account. Wait ${waitText(wait)}, then try again.`;
        return show(c, { username, next, flash: null, error: { field: 'password', text } }, 429);
      }
      if (code === 'user-disabled') {
        const text = 'This account is disabled. Ask an administrator to enable it.';
        return show(c, { username, next, flash: null, error: { field: 'username', text } }, 403);
      }
      if (code === 'invalid-credentials' || code === 'not-found') {
        const text = 'The username or the password is wrong';
        return show(c, { username, next, flash: null, error: { field: 'password', text } }, 401);
      }
      throw new Error(`verifyPassword: ${verified.error.code}: ${verified.error.message}`);
    }
    // No fixation: whatever session the browser had is ended, and the new one has a new id.
    const old = sessionCookie(c);
    if (old) await store.deleteUserSession(old);
    const session = await store.createUserSession(verified.value.username, ttl);
    if (!session.ok) throw new Error(`createUserSession: ${session.error.code}: ${session.error.message}`);
    setSessionCookie(c, deps, session.value.id, session.value.expiresAt);
    clearSigninCookie(c, deps);
    return c.redirect(next, 303);
  });

  app.get('/signout', (c) => {
    const principal = c.get('principal');
    if (!principal) return c.redirect(`${c.get('base')}signin`, 303);
    const session = c.get('session');
    return consolePage(
      c,
      { title: 'Sign out' },
      <form class="panel narrow" method="post" action={`${c.get('base')}signout`}>
        <CsrfField token={session.csrf} />
        <p>Sign out of the console on this browser?</p>
        <button type="submit">Sign out</button>
      </form>,
    );
  });

  app.post('/signout', async (c) => {
    const session = c.get('session');
    if (session) await c.get('store').deleteUserSession(session.id);
    clearSessionCookie(c, deps);
    return c.redirect(`${c.get('base')}signin?why=signedout`, 303);
  });

  return app;
}
