/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { ADMIN_SCOPE, type Store, type TokenInfo, type User } from '@pidgate/store';
import { type Context, Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { ErrorSummary, errorOf, type FieldError, field, listField, rawField, TextField } from './forms.tsx';
import { setSessionCookie } from './session.ts';
import { consolePage, type Flash, Time } from './shell.tsx';

type C = Context<ConsoleEnv>;

/** The shortest password the console accepts when one is set or changed. */
export const MIN_PASSWORD_LENGTH = 10;

/** The messages of the actions that come back to `/account?done=…`. */
const DONE: Record<string, string> = {
  profile: 'Your name and email are saved.',
  password: 'Your password is changed.',
  'coowner-added': 'The co-owner is added.',
  'coowner-removed': 'The co-owner is removed.',
  'token-revoked': 'The token is revoked: it no longer works.',
};

/** A token's owner, whatever the store calls it (tokens made before accounts have none). */
export function tokenOwner(t: TokenInfo): string | null {
  const owner = (t as TokenInfo & { owner?: string | null }).owner;
  return typeof owner === 'string' ? owner : null;
}

export async function tokensOf(store: Store, username: string | null): Promise<TokenInfo[]> {
  const all = await store.listTokens();
  if (!all.ok) throw new Error(`listTokens: ${all.error.message}`);
  return username === null ? all.value : all.value.filter((t) => tokenOwner(t) === username);
}

/** The table of tokens, each with a revoke button unless revoked; `owner` adds the owner column (administration). */
export function TokenTable({
  tokens,
  csrf,
  action,
  owner = false,
}: {
  tokens: readonly TokenInfo[];
  csrf: string;
  action: string;
  owner?: boolean;
}) {
  if (tokens.length === 0) return <p class="muted">No tokens yet.</p>;
  return (
    <section class="table-wrap" tabindex={0} aria-label="Table (scrolls sideways on a narrow screen)">
      <table>
        <caption class="visually-hidden">API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {owner ? <th scope="col">Owner</th> : null}
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr>
              <td>
                {t.name} <span class="muted mono">{t.id}</span>
              </td>
              {owner ? <td>{tokenOwner(t) ?? <span class="muted">none</span>}</td> : null}
              <td>
                {t.scopes.map((s) => (
                  <code class="scope">{s}</code>
                ))}
              </td>
              <td>
                <Time iso={t.createdAt} />
              </td>
              <td>
                <Time iso={t.expiresAt} />
              </td>
              <td>
                {t.revokedAt ? (
                  <span>
                    Revoked <Time iso={t.revokedAt} />
                  </span>
                ) : (
                  <form method="post" action={action} class="inline">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="id" value={t.id} />
                    <button type="submit" class="secondary small" aria-label={`Revoke the token ${t.name}`}>
                      Revoke
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface AccountState {
  readonly errors?: readonly FieldError[];
  /** What the user typed, kept on an error. */
  readonly values?: Readonly<Record<string, string>>;
  readonly flash?: Flash | null;
  /** A token just created: its secret, shown this once. */
  readonly created?: { readonly name: string; readonly token: string } | null;
}

async function accountPage(c: C, state: AccountState, status: 200 | 400 | 403 | 429 = 200): Promise<Response> {
  const store = c.get('store');
  const principal = c.get('principal');
  const { csrf } = c.get('session');
  const base = c.get('base');
  const found = await store.getUser(principal.username);
  if (!found.ok) throw new Error(`getUser: ${found.error.message}`);
  const user: User = found.value;
  const tokens = await tokensOf(store, user.username);
  const errors = state.errors ?? [];
  const v = state.values ?? {};
  const readonly = principal.role === 'readonly';
  return consolePage(
    c,
    {
      title: 'Your account',
      current: 'account',
      flash: state.flash ?? null,
      lede: (
        <>
          Signed in as <b>{user.username}</b> ({user.role === 'admin' ? 'administrator' : user.role}
          {user.groups.length > 0 ? `; groups ${user.groups.join(', ')}` : '; in no group'}).
        </>
      ),
    },
    <>
      <ErrorSummary errors={errors} />
      {state.created ? (
        <div class="panel secret" role="status">
          <h2>Your new token “{state.created.name}”</h2>
          <p>
            Copy it now: this is the only time it is shown. Programs send it as <code>Authorization: Bearer …</code>.
          </p>
          <p>
            <label for="new-token">Token</label>
            <input type="text" id="new-token" readonly value={state.created.token} class="mono" />
          </p>
        </div>
      ) : null}

      <section aria-labelledby="profile-title">
        <h2 id="profile-title">Name and email</h2>
        <form method="post" action={`${base}account/profile`} class="panel">
          <CsrfField token={csrf} />
          <TextField
            id="displayName"
            name="displayName"
            label="Display name"
            value={v['displayName'] ?? user.displayName}
            error={errorOf(errors, 'displayName')}
            autocomplete="name"
          />
          <TextField
            id="email"
            name="email"
            label="Email"
            type="email"
            value={v['email'] ?? user.email ?? ''}
            error={errorOf(errors, 'email')}
            autocomplete="email"
            hint="Optional. Where an administrator can reach you."
          />
          <button type="submit">Save name and email</button>
        </form>
      </section>

      <section aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <form method="post" action={`${base}account/password`} class="panel">
          <CsrfField token={csrf} />
          <input type="text" name="username" value={user.username} autocomplete="username" hidden />
          <TextField
            id="current"
            name="current"
            label="Current password"
            type="password"
            autocomplete="current-password"
            error={errorOf(errors, 'current')}
          />
          <TextField
            id="password"
            name="password"
            label="New password"
            type="password"
            autocomplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            error={errorOf(errors, 'password')}
          />
          <TextField
            id="confirm"
            name="confirm"
            label="New password again"
            type="password"
            autocomplete="new-password"
            error={errorOf(errors, 'confirm')}
          />
          <button type="submit">Change password</button>
        </form>
      </section>

      <section aria-labelledby="webhooks-link-title">
        <h2 id="webhooks-link-title">Link webhooks</h2>
        <p>
          Be told when a target of your identifiers breaks or recovers:{' '}
          <a href={`${base}account/webhooks`}>your link webhooks</a>.
        </p>
      </section>

      <section aria-labelledby="coowners-title">
        <h2 id="coowners-title">Co-owners</h2>
        <p class="hint">
          Co-owners may view and change every identifier you own, as you can (EZID's co-owners). They do not become
          owners.
        </p>
        {user.coOwners.length === 0 ? (
          <p class="muted">You have named no co-owners.</p>
        ) : (
          <ul class="plain">
            {user.coOwners.map((name) => (
              <li>
                <form method="post" action={`${base}account/coowners/remove`} class="inline">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="username" value={name} />
                  <b>{name}</b>{' '}
                  <button type="submit" class="secondary small" aria-label={`Remove the co-owner ${name}`}>
                    Remove
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
        <form method="post" action={`${base}account/coowners/add`} class="panel">
          <CsrfField token={csrf} />
          <TextField
            id="coowner"
            name="username"
            label="Add a co-owner (username)"
            value={v['coowner'] ?? ''}
            error={errorOf(errors, 'coowner')}
            autocomplete="off"
          />
          <button type="submit">Add co-owner</button>
        </form>
      </section>

      <section aria-labelledby="tokens-title">
        <h2 id="tokens-title">API tokens</h2>
        <p class="hint">
          Tokens let programs (the EZID clients, scripts, the admin API) act as you. A token does only what you may do,
          within its scopes.
        </p>
        <TokenTable tokens={tokens} csrf={csrf} action={`${base}account/tokens/revoke`} />
        {readonly ? null : (
          <form method="post" action={`${base}account/tokens`} class="panel">
            <CsrfField token={csrf} />
            <TextField
              id="token-name"
              name="name"
              label="Token name"
              value={v['token-name'] ?? ''}
              error={errorOf(errors, 'token-name')}
              hint="What the token is for, e.g. “nightly catalogue sync”."
              autocomplete="off"
            />
            <TextField
              id="token-scopes"
              name="scopes"
              label="Scopes"
              value={v['token-scopes'] ?? ''}
              error={errorOf(errors, 'token-scopes')}
              hint="Identifier prefixes the token may act under, one per line or separated by spaces, e.g. ark:/99999/fk4."
              multiline
            />
            <TextField
              id="token-expires"
              name="expires"
              label="Expires on"
              type="date"
              value={v['token-expires'] ?? ''}
              error={errorOf(errors, 'token-expires')}
              hint="Optional. Leave empty for a token that does not expire."
            />
            <button type="submit">Create token</button>
          </form>
        )}
      </section>
    </>,
    status,
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `/console/account`: name and email, password change (current password required), co-owners, own API tokens. */
export function accountPages(deps: AppDeps) {
  const app = new Hono<ConsoleEnv>();

  app.get('/account', (c) => {
    const done = c.req.query('done');
    const text = done ? DONE[done] : undefined;
    return accountPage(c, { flash: text ? { kind: 'ok', text } : null });
  });

  app.post('/account/profile', async (c) => {
    const body = await c.req.parseBody();
    const displayName = field(body, 'displayName');
    const email = field(body, 'email');
    const errors: FieldError[] = [];
    if (displayName.length > 200)
      errors.push({ field: 'displayName', text: 'Enter a display name of at most 200 characters' });
    if (email !== '' && (!EMAIL.test(email) || email.length > 254)) {
      errors.push({ field: 'email', text: 'Enter an email address such as name@example.org, or leave it empty' });
    }
    if (errors.length === 0) {
      const r = await c.get('store').updateUser(c.get('principal').username, {
        displayName,
        email: email === '' ? null : email,
      });
      if (r.ok) return c.redirect(`${c.get('base')}account?done=profile`, 303);
      errors.push({ field: 'displayName', text: r.error.message });
    }
    return accountPage(c, { errors, values: { displayName, email } }, 400);
  });

  app.post('/account/password', async (c) => {
    const body = await c.req.parseBody();
    const current = rawField(body, 'current');
    const password = rawField(body, 'password');
    const confirm = rawField(body, 'confirm');
    const errors: FieldError[] = [];
    if (current === '') errors.push({ field: 'current', text: 'Enter your current password' });
    if (password.length < MIN_PASSWORD_LENGTH) {
      errors.push({ field: 'password', text: `Enter a new password of at least ${MIN_PASSWORD_LENGTH} characters` });
    } else if (confirm !== password) errors.push({ field: 'confirm', text: 'Enter the same new password twice' });
    if (errors.length > 0) return accountPage(c, { errors }, 400);
    const store = c.get('store');
    const { username } = c.get('principal');
    const verified = await store.verifyPassword(username, current);
    if (!verified.ok) {
      const throttled = (verified.error.code as string) === 'too-many-attempts';
      const text = throttled
        ? 'Too many wrong passwords: wait a few minutes, then try again'
        : 'Your current password is wrong';
      return accountPage(c, { errors: [{ field: 'current', text }] }, throttled ? 429 : 400);
    }
    const set = await store.setPassword(username, password);
    if (!set.ok) return accountPage(c, { errors: [{ field: 'password', text: set.error.message }] }, 400);
    // The store ended every session of this user (this one too); the person who changed it goes on in a
    // fresh session with a new id and CSRF token, everyone signed in with the old password is signed out.
    const fresh = await store.createUserSession(username, deps.config.console.sessionTtl);
    if (!fresh.ok) throw new Error(`createUserSession: ${fresh.error.code}: ${fresh.error.message}`);
    setSessionCookie(c, deps, fresh.value.id, fresh.value.expiresAt);
    return c.redirect(`${c.get('base')}account?done=password`, 303);
  });

  app.post('/account/coowners/add', async (c) => {
    const body = await c.req.parseBody();
    const name = field(body, 'username');
    const store = c.get('store');
    const me = c.get('principal').username;
    const user = await store.getUser(me);
    if (!user.ok) throw new Error(`getUser: ${user.error.message}`);
    let text: string | null = null;
    if (name === '') text = 'Enter the username of the co-owner';
    else if (name === me) text = 'You own your identifiers already: enter someone else’s username';
    else if (!(await store.getUser(name)).ok) text = `There is no user ${name}`;
    if (text === null) {
      const coOwners = [...new Set([...user.value.coOwners, name])];
      const r = await store.updateUser(me, { coOwners });
      if (r.ok) return c.redirect(`${c.get('base')}account?done=coowner-added`, 303);
      text = r.error.message;
    }
    return accountPage(c, { errors: [{ field: 'coowner', text: text ?? '' }], values: { coowner: name } }, 400);
  });

  app.post('/account/coowners/remove', async (c) => {
    const body = await c.req.parseBody();
    const name = field(body, 'username');
    const store = c.get('store');
    const me = c.get('principal').username;
    const user = await store.getUser(me);
    if (!user.ok) throw new Error(`getUser: ${user.error.message}`);
    const r = await store.updateUser(me, { coOwners: user.value.coOwners.filter((u) => u !== name) });
    if (!r.ok) return accountPage(c, { flash: { kind: 'error', text: r.error.message } }, 400);
    return c.redirect(`${c.get('base')}account?done=coowner-removed`, 303);
  });

  app.post('/account/tokens', async (c) => {
    const body = await c.req.parseBody();
    const principal = c.get('principal');
    const name = field(body, 'name');
    const scopes = listField(body, 'scopes');
    const expires = field(body, 'expires');
    const values = { 'token-name': name, 'token-scopes': scopes.join('\n'), 'token-expires': expires };
    const errors: FieldError[] = [];
    if (principal.role === 'readonly') {
      return accountPage(c, { flash: { kind: 'error', text: 'A read-only account cannot create tokens.' } }, 403);
    }
    if (name === '') errors.push({ field: 'token-name', text: 'Enter a name for the token' });
    if (scopes.length === 0)
      errors.push({ field: 'token-scopes', text: 'Enter at least one scope, such as ark:/99999/fk4' });
    if (scopes.includes(ADMIN_SCOPE) && principal.role !== 'admin') {
      errors.push({ field: 'token-scopes', text: `Only administrators may make ${ADMIN_SCOPE} tokens` });
    }
    let expiresAt: string | null = null;
    if (expires !== '') {
      const at = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? Date.parse(`${expires}T23:59:59Z`) : Number.NaN;
      if (Number.isNaN(at) || at <= Date.now()) {
        errors.push({
          field: 'token-expires',
          text: 'Enter a date in the future, such as 2027-01-31, or leave it empty',
        });
      } else expiresAt = new Date(at).toISOString();
    }
    if (errors.length > 0) return accountPage(c, { errors, values }, 400);
    const made = await c.get('store').createToken(name, scopes, { owner: principal.username, expiresAt });
    if (!made.ok) {
      const field =
        made.error.code === 'invalid-scope'
          ? 'token-scopes'
          : made.error.code === 'invalid-expiry'
            ? 'token-expires'
            : 'token-name';
      return accountPage(c, { errors: [{ field, text: made.error.message }], values }, 400);
    }
    return accountPage(c, {
      created: { name: made.value.name, token: made.value.token },
      flash: { kind: 'ok', text: 'The token is created. Copy it now: it is not shown again.' },
    });
  });

  app.post('/account/tokens/revoke', async (c) => {
    const body = await c.req.parseBody();
    const id = field(body, 'id');
    const store = c.get('store');
    const mine = (await tokensOf(store, c.get('principal').username)).some((t) => t.id === id);
    if (!mine) return accountPage(c, { flash: { kind: 'error', text: 'You have no such token.' } }, 400);
    const r = await store.revokeToken(id);
    if (!r.ok) return accountPage(c, { flash: { kind: 'error', text: r.error.message } }, 400);
    return c.redirect(`${c.get('base')}account?done=token-revoked`, 303);
  });

  return app;
}
