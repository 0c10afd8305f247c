/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { type Commitment, type Group, ROLES, type Role, type Shoulder, type User } from '@pidgate/store';
import { type Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { declareShoulder } from '../admin/index.ts';
import type { AppDeps } from '../deps.ts';
import { MIN_PASSWORD_LENGTH, TokenTable, tokenOwner, tokensOf } from './account.tsx';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { forbiddenPage, notFoundPage } from './errors.tsx';
import { ErrorSummary, errorOf, type FieldError, field, listField, rawField, TextField } from './forms.tsx';
import { consolePage, type Flash, Time } from './shell.tsx';

type C = Context<ConsoleEnv>;

const ADMIN_SECTIONS = [
  { path: 'users', label: 'Users', text: 'Create users, set their role and groups, disable them.' },
  { path: 'groups', label: 'Groups', text: 'Groups of users who share shoulders.' },
  {
    path: 'shoulders',
    label: 'Shoulders',
    text: 'Where identifiers are minted, by which group, and each one’s ?? commitment statement.',
  },
  { path: 'tokens', label: 'Tokens', text: 'Every API token, whoever owns it; revoke any.' },
  { path: 'naans', label: 'NAAN table', text: 'The NAAN table the resolver uses, and this institution’s own NAANs.' },
] as const;

const ROLE_LABEL: Record<Role, string> = { admin: 'Administrator', user: 'User', readonly: 'Read-only' };

/** The messages of the actions that come back with `?done=…`. */
const DONE: Record<string, string> = {
  'user-created': 'The user is created.',
  'user-saved': 'The user is saved.',
  'password-set': 'The password is set.',
  'group-created': 'The group is created.',
  'shoulder-added': 'The shoulder is added.',
  'commitment-saved': 'The commitment statement is saved: every ?? answer under it shows it.',
  'commitment-removed': 'The commitment statement is removed.',
  'token-revoked': 'The token is revoked: it no longer works.',
  'naan-added': 'The NAAN is added.',
  reloaded: 'The NAAN table is reloaded.',
};

function doneFlash(c: C): Flash | null {
  const done = c.req.query('done');
  const text = done ? DONE[done] : undefined;
  return text ? { kind: 'ok', text } : null;
}

function unwrap<T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
  what: string,
): T {
  if (!r.ok) throw new Error(`${what}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function adminPage(
  c: C,
  title: string,
  body: Child,
  opts: { flash?: Flash | null; status?: 200 | 400 | 404; lede?: Child } = {},
): Response {
  const base = c.get('base');
  return consolePage(
    c,
    { title, current: 'admin', flash: opts.flash === undefined ? doneFlash(c) : opts.flash, lede: opts.lede },
    <>
      <nav aria-label="Administration" class="subnav">
        <ul class="links">
          <li>
            <a href={`${base}admin/`}>Overview</a>
          </li>
          {ADMIN_SECTIONS.map((s) => (
            <li>
              <a href={`${base}admin/${s.path}`} aria-current={title === s.label ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {body}
    </>,
    opts.status ?? 200,
  );
}

function RoleSelect({ id, value }: { id: string; value: Role }) {
  return (
    <div class="field">
      <label for={id}>Role</label>
      <select id={id} name="role">
        {ROLES.map((r) => (
          <option value={r} selected={r === value}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </select>
    </div>
  );
}

function Groups({ groups }: { groups: readonly string[] }) {
  return groups.length === 0 ? <span class="muted">none</span> : groups.join(', ');
}

// ---------------------------------------------------------------- users

async function usersPage(
  c: C,
  state: { errors?: FieldError[]; values?: Record<string, string> } = {},
  status: 200 | 400 = 200,
) {
  const store = c.get('store');
  const base = c.get('base');
  const { csrf } = c.get('session');
  const users = unwrap(await store.listUsers(), 'listUsers');
  const groups = unwrap(await store.listGroups(), 'listGroups');
  const errors = state.errors ?? [];
  const v = state.values ?? {};
  return adminPage(
    c,
    'Users',
    <>
      <ErrorSummary errors={errors} />
      <section class="table-wrap" tabindex={0} aria-label="Table (scrolls sideways on a narrow screen)">
        <table>
          <caption class="visually-hidden">Users</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Groups</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u: User) => (
              <tr>
                <td>
                  <a href={`${base}admin/users/${encodeURIComponent(u.username)}`}>{u.username}</a>
                </td>
                <td>{u.displayName}</td>
                <td>{ROLE_LABEL[u.role]}</td>
                <td>
                  <Groups groups={u.groups} />
                </td>
                <td>{u.disabled ? <span class="status-bad">Disabled</span> : 'Active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h2 id="new-user">Create a user</h2>
      <form method="post" action={`${base}admin/users`} class="panel">
        <CsrfField token={csrf} />
        <TextField
          id="new-username"
          name="username"
          label="Username"
          value={v['username']}
          error={errorOf(errors, 'new-username')}
          hint="Letters, digits, dot, hyphen or underscore."
          autocomplete="off"
        />
        <TextField
          id="new-displayName"
          name="displayName"
          label="Display name"
          value={v['displayName']}
          error={errorOf(errors, 'new-displayName')}
          autocomplete="off"
        />
        <TextField
          id="new-email"
          name="email"
          label="Email"
          type="email"
          value={v['email']}
          error={errorOf(errors, 'new-email')}
          hint="Optional."
          autocomplete="off"
        />
        <TextField
          id="new-password"
          name="password"
          label="Password"
          type="password"
          error={errorOf(errors, 'new-password')}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Give it to the user; they can change it on their account page.`}
          autocomplete="new-password"
        />
        <RoleSelect
          id="new-role"
          value={(ROLES as readonly string[]).includes(v['role'] ?? '') ? (v['role'] as Role) : 'user'}
        />
        <TextField
          id="new-groups"
          name="groups"
          label="Groups"
          value={v['groups']}
          error={errorOf(errors, 'new-groups')}
          hint={
            groups.length > 0
              ? `Separated by spaces or commas. Groups: ${groups.map((g) => g.name).join(', ')}.`
              : 'Create a group first to put the user in one.'
          }
          autocomplete="off"
        />
        <button type="submit">Create user</button>
      </form>
    </>,
    { status, flash: errors.length > 0 ? null : undefined },
  );
}

async function unknownGroups(c: C, names: readonly string[]): Promise<string[]> {
  const groups = unwrap(await c.get('store').listGroups(), 'listGroups');
  const known = new Set(groups.map((g: Group) => g.name));
  return names.filter((n) => !known.has(n));
}

async function userPage(c: C, username: string, state: { errors?: FieldError[] } = {}, status: 200 | 400 = 200) {
  const store = c.get('store');
  const found = await store.getUser(username);
  if (!found.ok) return notFoundPage(c);
  const u = found.value;
  const base = c.get('base');
  const { csrf } = c.get('session');
  const errors = state.errors ?? [];
  const action = `${base}admin/users/${encodeURIComponent(u.username)}`;
  return adminPage(
    c,
    `User ${u.username}`,
    <>
      <ErrorSummary errors={errors} />
      <table class="kv">
        <tbody>
          <tr>
            <th scope="row">Created</th>
            <td>
              <Time iso={u.createdAt} />
            </td>
          </tr>
          <tr>
            <th scope="row">Co-owners</th>
            <td>
              <Groups groups={u.coOwners} />
            </td>
          </tr>
        </tbody>
      </table>
      <h2>Details</h2>
      <form method="post" action={action} class="panel">
        <CsrfField token={csrf} />
        <TextField
          id="displayName"
          name="displayName"
          label="Display name"
          value={u.displayName}
          error={errorOf(errors, 'displayName')}
          autocomplete="off"
        />
        <TextField
          id="email"
          name="email"
          label="Email"
          type="email"
          value={u.email ?? ''}
          error={errorOf(errors, 'email')}
          autocomplete="off"
        />
        <RoleSelect id="role" value={u.role} />
        <TextField
          id="groups"
          name="groups"
          label="Groups"
          value={u.groups.join(' ')}
          error={errorOf(errors, 'groups')}
          hint="Separated by spaces or commas."
          autocomplete="off"
        />
        <div class="field">
          <input type="checkbox" id="disabled" name="disabled" value="yes" checked={u.disabled} />{' '}
          <label for="disabled" class="inline">
            Disabled (cannot sign in; their tokens stop working)
          </label>
        </div>
        <button type="submit">Save user</button>
      </form>
      <h2>Set a new password</h2>
      <form method="post" action={`${action}/password`} class="panel">
        <CsrfField token={csrf} />
        <TextField
          id="password"
          name="password"
          label="New password"
          type="password"
          error={errorOf(errors, 'password')}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          autocomplete="new-password"
        />
        <button type="submit">Set password</button>
      </form>
    </>,
    { status, flash: errors.length > 0 ? null : undefined },
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------------------------------------------------------------- groups

async function groupsPage(
  c: C,
  state: { errors?: FieldError[]; values?: Record<string, string> } = {},
  status: 200 | 400 = 200,
) {
  const store = c.get('store');
  const base = c.get('base');
  const { csrf } = c.get('session');
  const groups = unwrap(await store.listGroups(), 'listGroups');
  const users = unwrap(await store.listUsers(), 'listUsers');
  const errors = state.errors ?? [];
  const v = state.values ?? {};
  return adminPage(
    c,
    'Groups',
    <>
      <ErrorSummary errors={errors} />
      {groups.length === 0 ? (
        <p class="muted">No groups yet.</p>
      ) : (
        <section class="table-wrap" tabindex={0} aria-label="Table (scrolls sideways on a narrow screen)">
          <table>
            <caption class="visually-hidden">Groups</caption>
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Description</th>
                <th scope="col">Members</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g: Group) => (
                <tr>
                  <td>{g.name}</td>
                  <td>{g.description}</td>
                  <td>
                    <Groups groups={users.filter((u) => u.groups.includes(g.name)).map((u) => u.username)} />
                  </td>
                  <td>
                    <Time iso={g.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <h2>Create a group</h2>
      <form method="post" action={`${base}admin/groups`} class="panel">
        <CsrfField token={csrf} />
        <TextField
          id="group-name"
          name="name"
          label="Name"
          value={v['name']}
          error={errorOf(errors, 'group-name')}
          hint="Letters, digits, dot, hyphen or underscore."
          autocomplete="off"
        />
        <TextField
          id="group-description"
          name="description"
          label="Description"
          value={v['description']}
          error={errorOf(errors, 'group-description')}
          autocomplete="off"
        />
        <button type="submit">Create group</button>
      </form>
      <p class="hint">Put users in a group on their user page; give a group a shoulder on the Shoulders page.</p>
    </>,
    { status, flash: errors.length > 0 ? null : undefined },
  );
}

// ---------------------------------------------------------------- shoulders and commitments

/** The group a shoulder belongs to, whatever the store calls it (shoulders from before groups have none). */
function shoulderGroup(s: Shoulder): string | null {
  return s.group;
}

function CommitmentText({ commitment }: { commitment: Commitment | undefined }) {
  if (!commitment) return <span class="muted">none: ?? answers (:unav)</span>;
  const s = commitment.statement;
  return (
    <span>
      {s['what'] ?? ''}
      {s['who'] ? <span class="muted"> ({s['who']})</span> : null}
    </span>
  );
}

function CommitmentForm({
  base,
  csrf,
  prefix,
  commitment,
  errors,
  id,
}: {
  base: string;
  csrf: string;
  prefix: string;
  commitment: Commitment | undefined;
  errors: readonly FieldError[];
  id: string;
}) {
  const s = Object.fromEntries(
    Object.entries(commitment?.statement ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('; ') : v]),
  ) as Record<string, string | undefined>;
  return (
    <details class="commitment" open={errors.some((e) => e.field.startsWith(`${id}-`))}>
      <summary>
        Commitment statement for <code>{prefix}</code>
      </summary>
      <form method="post" action={`${base}admin/commitments`} class="panel">
        <CsrfField token={csrf} />
        <input type="hidden" name="prefix" value={prefix} />
        <TextField
          id={`${id}-what`}
          name="what"
          label="Statement"
          value={s['what']}
          error={errorOf(errors, `${id}-what`)}
          hint="What this institution commits to for identifiers here, e.g. “Permanent: the object and its identifier are kept indefinitely.” Leave empty to remove the statement."
          multiline
        />
        <TextField
          id={`${id}-who`}
          name="who"
          label="Who commits"
          value={s['who']}
          hint="The institution, e.g. “Example University Library”."
          autocomplete="off"
        />
        <TextField
          id={`${id}-when`}
          name="when"
          label="Since when"
          value={s['when']}
          hint="Optional, e.g. 2026."
          autocomplete="off"
        />
        <TextField
          id={`${id}-where`}
          name="where"
          label="Policy URL"
          type="url"
          value={s['where']}
          error={errorOf(errors, `${id}-where`)}
          hint="Optional: the page with the full persistence policy."
          autocomplete="off"
        />
        <button type="submit">Save statement</button>
      </form>
    </details>
  );
}

function slug(prefix: string): string {
  return `c-${prefix.replace(/[^A-Za-z0-9]/g, '-')}`;
}

async function shouldersPage(
  c: C,
  deps: AppDeps,
  state: { errors?: FieldError[]; values?: Record<string, string> } = {},
  status: 200 | 400 = 200,
) {
  const store = c.get('store');
  const base = c.get('base');
  const { csrf } = c.get('session');
  const shoulders = unwrap(await store.listShoulders(), 'listShoulders');
  const naans = unwrap(await store.listNaans(), 'listNaans');
  const commitments = new Map(unwrap(await store.listCommitments(), 'listCommitments').map((x) => [x.prefix, x]));
  const groups = unwrap(await store.listGroups(), 'listGroups');
  const errors = state.errors ?? [];
  const v = state.values ?? {};
  void deps;
  return adminPage(
    c,
    'Shoulders',
    <>
      <ErrorSummary errors={errors} />
      <p>
        A commitment statement is set once for a NAAN or a shoulder and shown in the <code>??</code> answer of every
        identifier under it that has none of its own (the shoulder’s wins over the NAAN’s).
      </p>
      {naans.length === 0 ? <p class="muted">No NAAN yet: adding a shoulder declares its NAAN.</p> : null}
      {naans.map((n) => {
        const prefix = `ark:/${n.naan}`;
        const under = shoulders.filter((s) => s.naan === n.naan);
        return (
          <section aria-labelledby={`naan-${n.naan}`} class="naan">
            <h2 id={`naan-${n.naan}`}>
              NAAN <code>{n.naan}</code> {n.name ? <span class="muted">{n.name}</span> : null}
            </h2>
            <p>
              Commitment: <CommitmentText commitment={commitments.get(prefix)} />
            </p>
            <CommitmentForm
              base={base}
              csrf={csrf}
              prefix={prefix}
              commitment={commitments.get(prefix)}
              errors={errors}
              id={slug(prefix)}
            />
            {under.length === 0 ? (
              <p class="muted">No shoulders under this NAAN.</p>
            ) : (
              <section class="table-wrap" tabindex={0} aria-label="Table (scrolls sideways on a narrow screen)">
                <table>
                  <caption class="visually-hidden">Shoulders under {n.naan}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Shoulder</th>
                      <th scope="col">Group</th>
                      <th scope="col">Template</th>
                      <th scope="col">Minted</th>
                      <th scope="col">Commitment</th>
                    </tr>
                  </thead>
                  <tbody>
                    {under.map((s) => (
                      <tr>
                        <td>
                          <code>{s.key}</code>
                        </td>
                        <td>{shoulderGroup(s) ?? <span class="muted">none</span>}</td>
                        <td>
                          <code>{s.template}</code>
                        </td>
                        <td>
                          {s.minted}
                          {s.capacity === null ? '' : ` of ${s.capacity}`}
                        </td>
                        <td>
                          <CommitmentText commitment={commitments.get(s.key)} />
                          <CommitmentForm
                            base={base}
                            csrf={csrf}
                            prefix={s.key}
                            commitment={commitments.get(s.key)}
                            errors={errors}
                            id={slug(s.key)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </section>
        );
      })}
      <h2 id="add-shoulder">Add a shoulder</h2>
      <form method="post" action={`${base}admin/shoulders`} class="panel">
        <CsrfField token={csrf} />
        <TextField
          id="shoulder"
          name="shoulder"
          label="Shoulder"
          value={v['shoulder']}
          error={errorOf(errors, 'shoulder')}
          hint="An ARK prefix, e.g. ark:/99999/fk4."
          autocomplete="off"
        />
        <TextField
          id="template"
          name="template"
          label="NOID template"
          value={v['template']}
          error={errorOf(errors, 'template')}
          hint="The shoulder’s name, a dot and the mask, e.g. fk4.reeddk."
          autocomplete="off"
        />
        <div class="field">
          <label for="shoulder-group">Group</label>
          <select id="shoulder-group" name="group">
            <option value="">No group (any user may mint there)</option>
            {groups.map((g) => (
              <option value={g.name} selected={v['group'] === g.name}>
                {g.name}
              </option>
            ))}
          </select>
          <p class="hint">Members of the group may mint on the shoulder.</p>
        </div>
        <TextField
          id="naanName"
          name="naanName"
          label="Organization"
          value={v['naanName']}
          hint="Recorded with the NAAN when this is its first shoulder."
          autocomplete="organization"
        />
        <button type="submit">Add shoulder</button>
      </form>
    </>,
    { status, flash: errors.length > 0 ? null : undefined },
  );
}

// ---------------------------------------------------------------- NAANs

async function naansPage(
  c: C,
  deps: AppDeps,
  state: { errors?: FieldError[]; values?: Record<string, string> } = {},
  status: 200 | 400 = 200,
) {
  const store = c.get('store');
  const base = c.get('base');
  const { csrf } = c.get('session');
  const own = unwrap(await store.listNaans(), 'listNaans');
  const info = deps.naan.info;
  const errors = state.errors ?? [];
  const v = state.values ?? {};
  const q = (c.req.query('naan') ?? '').trim().toLowerCase();
  const hit = q === '' ? null : deps.naan.details(q);
  return adminPage(
    c,
    'NAAN table',
    <>
      <ErrorSummary errors={errors} />
      <h2>The table the resolver uses</h2>
      <table class="kv">
        <tbody>
          <tr>
            <th scope="row">File</th>
            <td>
              <code>{info.file}</code> ({info.origin}, {info.format})
            </td>
          </tr>
          <tr>
            <th scope="row">NAANs</th>
            <td>
              {info.naans} ({info.records} records with shoulders)
            </td>
          </tr>
          <tr>
            <th scope="row">Table date</th>
            <td>{info.date}</td>
          </tr>
          <tr>
            <th scope="row">Loaded</th>
            <td>
              <Time iso={info.loadedAt} />
            </td>
          </tr>
        </tbody>
      </table>
      <form method="post" action={`${base}admin/naans/reload`} class="inline">
        <CsrfField token={csrf} />
        <button type="submit" class="secondary">
          Reload the table
        </button>
      </form>
      <form method="get" action={`${base}admin/naans`} class="panel">
        <TextField id="naan-q" name="naan" label="Look up a NAAN" value={q} hint="e.g. 12025" autocomplete="off" />
        <button type="submit">Look up</button>
        {q === '' ? null : hit === null ? (
          <p role="status">
            The table has no NAAN <code>{q}</code>.
          </p>
        ) : (
          <pre role="status" tabindex={0}>
            {JSON.stringify(hit, null, 2)}
          </pre>
        )}
      </form>
      <h2>This institution’s NAANs</h2>
      {own.length === 0 ? (
        <p class="muted">None yet.</p>
      ) : (
        <ul>
          {own.map((n) => (
            <li>
              <code>{n.naan}</code> {n.name}{' '}
              <span class="muted">
                (added <Time iso={n.createdAt} />)
              </span>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={`${base}admin/naans`} class="panel">
        <CsrfField token={csrf} />
        <TextField
          id="new-naan"
          name="naan"
          label="Add a NAAN"
          value={v['naan']}
          error={errorOf(errors, 'new-naan')}
          hint="Five digits (or betanumerics), e.g. 99999. ARKs under it resolve from this gateway's bindings."
          autocomplete="off"
        />
        <TextField id="new-naan-name" name="name" label="Organization" value={v['name']} autocomplete="organization" />
        <button type="submit">Add NAAN</button>
      </form>
    </>,
    { status, flash: errors.length > 0 ? null : undefined },
  );
}

/**
 * `/console/admin/…`: users, groups, shoulders (with their `??` commitment statements), every token, and
 * the NAAN table. Administrators only: anyone else gets the 403 page.
 */
export function adminPages(deps: AppDeps) {
  const app = new Hono<ConsoleEnv>();

  app.use('/admin/*', async (c, next) => {
    if (c.get('principal').role !== 'admin') return forbiddenPage(c);
    await next();
  });
  app.use('/admin', async (c, _next) => {
    if (c.get('principal').role !== 'admin') return forbiddenPage(c);
    return c.redirect(`${c.get('base')}admin/`, 301);
  });

  app.get('/admin/', (c) =>
    adminPage(
      c,
      'Administration',
      <ul class="cards">
        {ADMIN_SECTIONS.map((s) => (
          <li>
            <a href={`${c.get('base')}admin/${s.path}`}>{s.label}</a>
            <p class="hint">{s.text}</p>
          </li>
        ))}
      </ul>,
    ),
  );

  // users
  app.get('/admin/users', (c) => usersPage(c));
  app.post('/admin/users', async (c) => {
    const body = await c.req.parseBody();
    const values = {
      username: field(body, 'username'),
      displayName: field(body, 'displayName'),
      email: field(body, 'email'),
      role: field(body, 'role'),
      groups: listField(body, 'groups').join(' '),
    };
    const password = rawField(body, 'password');
    const groups = listField(body, 'groups');
    const errors: FieldError[] = [];
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(values.username)) {
      errors.push({
        field: 'new-username',
        text: 'Enter a username of 1 to 64 letters, digits, dots, hyphens or underscores',
      });
    }
    if (values.email !== '' && !EMAIL.test(values.email))
      errors.push({ field: 'new-email', text: 'Enter an email address such as name@example.org, or leave it empty' });
    if (password.length < MIN_PASSWORD_LENGTH)
      errors.push({ field: 'new-password', text: `Enter a password of at least ${MIN_PASSWORD_LENGTH} characters` });
    if (!(ROLES as readonly string[]).includes(values.role)) errors.push({ field: 'new-role', text: 'Choose a role' });
    const unknown = await unknownGroups(c, groups);
    if (unknown.length > 0) errors.push({ field: 'new-groups', text: `There is no group ${unknown.join(', ')}` });
    if (errors.length === 0) {
      const made = await c.get('store').createUser({
        username: values.username,
        password,
        displayName: values.displayName || values.username,
        email: values.email === '' ? null : values.email,
        role: values.role as Role,
        groups,
      });
      if (made.ok)
        return c.redirect(`${c.get('base')}admin/users/${encodeURIComponent(values.username)}?done=user-created`, 303);
      errors.push({
        field: made.error.code === 'conflict' ? 'new-username' : 'new-username',
        text: made.error.code === 'conflict' ? `There is already a user ${values.username}` : made.error.message,
      });
    }
    return usersPage(c, { errors, values }, 400);
  });
  app.get('/admin/users/:username', (c) => userPage(c, c.req.param('username')));
  app.post('/admin/users/:username', async (c) => {
    const username = c.req.param('username');
    const body = await c.req.parseBody();
    const role = field(body, 'role');
    const email = field(body, 'email');
    const groups = listField(body, 'groups');
    const errors: FieldError[] = [];
    if (!(ROLES as readonly string[]).includes(role)) errors.push({ field: 'role', text: 'Choose a role' });
    if (email !== '' && !EMAIL.test(email))
      errors.push({ field: 'email', text: 'Enter an email address such as name@example.org, or leave it empty' });
    const unknown = await unknownGroups(c, groups);
    if (unknown.length > 0) errors.push({ field: 'groups', text: `There is no group ${unknown.join(', ')}` });
    const disabled = field(body, 'disabled') === 'yes';
    if (username === c.get('principal').username && (disabled || role !== 'admin')) {
      errors.push({ field: 'role', text: 'You cannot disable yourself or take away your own administrator role' });
    }
    if (errors.length === 0) {
      const r = await c.get('store').updateUser(username, {
        displayName: field(body, 'displayName'),
        email: email === '' ? null : email,
        role: role as Role,
        groups,
        disabled,
      });
      if (r.ok) return c.redirect(`${c.get('base')}admin/users/${encodeURIComponent(username)}?done=user-saved`, 303);
      if (r.error.code === 'not-found') return notFoundPage(c);
      errors.push({ field: 'displayName', text: r.error.message });
    }
    return userPage(c, username, { errors }, 400);
  });
  app.post('/admin/users/:username/password', async (c) => {
    const username = c.req.param('username');
    const body = await c.req.parseBody();
    const password = rawField(body, 'password');
    if (password.length < MIN_PASSWORD_LENGTH) {
      return userPage(
        c,
        username,
        { errors: [{ field: 'password', text: `Enter a password of at least ${MIN_PASSWORD_LENGTH} characters` }] },
        400,
      );
    }
    const r = await c.get('store').setPassword(username, password);
    if (!r.ok) {
      if (r.error.code === 'not-found') return notFoundPage(c);
      return userPage(c, username, { errors: [{ field: 'password', text: r.error.message }] }, 400);
    }
    return c.redirect(`${c.get('base')}admin/users/${encodeURIComponent(username)}?done=password-set`, 303);
  });

  // groups
  app.get('/admin/groups', (c) => groupsPage(c));
  app.post('/admin/groups', async (c) => {
    const body = await c.req.parseBody();
    const values = { name: field(body, 'name'), description: field(body, 'description') };
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(values.name)) {
      return groupsPage(
        c,
        {
          errors: [
            { field: 'group-name', text: 'Enter a name of 1 to 64 letters, digits, dots, hyphens or underscores' },
          ],
          values,
        },
        400,
      );
    }
    const r = await c.get('store').createGroup(values.name, values.description);
    if (!r.ok) {
      const text = r.error.code === 'conflict' ? `There is already a group ${values.name}` : r.error.message;
      return groupsPage(c, { errors: [{ field: 'group-name', text }], values }, 400);
    }
    return c.redirect(`${c.get('base')}admin/groups?done=group-created`, 303);
  });

  // shoulders and commitment statements
  app.get('/admin/shoulders', (c) => shouldersPage(c, deps));
  app.post('/admin/shoulders', async (c) => {
    const body = await c.req.parseBody();
    const values = {
      shoulder: field(body, 'shoulder'),
      template: field(body, 'template'),
      group: field(body, 'group'),
      naanName: field(body, 'naanName'),
    };
    const errors: FieldError[] = [];
    if (values.shoulder === '') errors.push({ field: 'shoulder', text: 'Enter the shoulder, such as ark:/99999/fk4' });
    if (values.template === '') errors.push({ field: 'template', text: 'Enter the NOID template, such as fk4.reeddk' });
    if (values.group !== '' && (await unknownGroups(c, [values.group])).length > 0) {
      errors.push({ field: 'shoulder-group', text: `There is no group ${values.group}` });
    }
    if (errors.length === 0) {
      const r = await declareShoulder(c.get('store'), deps.registry, deps.config.profile, {
        shoulder: values.shoulder,
        template: values.template,
        ...(values.naanName ? { naanName: values.naanName } : {}),
      });
      const grouped = r.ok && values.group ? await c.get('store').setShoulderGroup(r.value.key, values.group) : null;
      if (grouped && !grouped.ok) throw new Error(`setShoulderGroup: ${grouped.error.message}`);
      if (r.ok) {
        await deps.own?.refresh();
        return c.redirect(`${c.get('base')}admin/shoulders?done=shoulder-added`, 303);
      }
      const where = /template/.test(r.error.code) ? 'template' : 'shoulder';
      const text = r.error.code === 'conflict' ? `The shoulder ${values.shoulder} exists already` : r.error.message;
      errors.push({ field: where, text });
    }
    return shouldersPage(c, deps, { errors, values }, 400);
  });
  app.post('/admin/commitments', async (c) => {
    const body = await c.req.parseBody();
    const prefix = field(body, 'prefix');
    const what = field(body, 'what');
    const id = slug(prefix);
    const statement: Record<string, string> = {};
    for (const k of ['who', 'what', 'when', 'where'] as const) {
      const value = field(body, k);
      if (value !== '') statement[k] = value;
    }
    const errors: FieldError[] = [];
    if (statement['where'] && !URL.canParse(statement['where'])) {
      errors.push({
        field: `${id}-where`,
        text: 'Enter the policy’s URL, such as https://example.org/policy, or leave it empty',
      });
    }
    const shoulders = unwrap(await c.get('store').listShoulders(), 'listShoulders');
    const naans = unwrap(await c.get('store').listNaans(), 'listNaans');
    const known = naans.some((n) => `ark:/${n.naan}` === prefix) || shoulders.some((s) => s.key === prefix);
    if (!known) return notFoundPage(c);
    if (errors.length === 0) {
      const r = await c.get('store').setCommitment(prefix, what === '' ? null : statement, c.get('principal').username);
      if (r.ok) {
        await deps.commitments?.refresh();
        return c.redirect(
          `${c.get('base')}admin/shoulders?done=${what === '' ? 'commitment-removed' : 'commitment-saved'}`,
          303,
        );
      }
      errors.push({ field: `${id}-what`, text: r.error.message });
    }
    return shouldersPage(c, deps, { errors }, 400);
  });

  // tokens
  app.get('/admin/tokens', async (c) => {
    const tokens = await tokensOf(c.get('store'), null);
    const owner = c.req.query('owner');
    const shown = owner ? tokens.filter((t) => tokenOwner(t) === owner) : tokens;
    return adminPage(
      c,
      'Tokens',
      <>
        <p>
          {shown.length} token{shown.length === 1 ? '' : 's'}
          {owner ? (
            <>
              {' '}
              of <b>{owner}</b> (<a href={`${c.get('base')}admin/tokens`}>show all</a>)
            </>
          ) : null}
          .
        </p>
        <TokenTable tokens={shown} csrf={c.get('session').csrf} action={`${c.get('base')}admin/tokens/revoke`} owner />
      </>,
    );
  });
  app.post('/admin/tokens/revoke', async (c) => {
    const body = await c.req.parseBody();
    const r = await c.get('store').revokeToken(field(body, 'id'));
    if (!r.ok) return notFoundPage(c);
    return c.redirect(`${c.get('base')}admin/tokens?done=token-revoked`, 303);
  });

  // the NAAN table
  app.get('/admin/naans', (c) => naansPage(c, deps));
  app.post('/admin/naans', async (c) => {
    const body = await c.req.parseBody();
    const values = { naan: field(body, 'naan').toLowerCase(), name: field(body, 'name') };
    const r = await c.get('store').addNaan(values.naan, values.name || undefined);
    if (!r.ok) {
      const text = r.error.code === 'conflict' ? `The NAAN ${values.naan} is there already` : r.error.message;
      return naansPage(c, deps, { errors: [{ field: 'new-naan', text }], values }, 400);
    }
    await deps.own?.refresh();
    return c.redirect(`${c.get('base')}admin/naans?done=naan-added`, 303);
  });
  app.post('/admin/naans/reload', async (c) => {
    try {
      await deps.reload();
    } catch (e) {
      return naansPage(
        c,
        deps,
        { errors: [{ field: 'naan-q', text: `The table could not be reloaded: ${(e as Error).message}` }] },
        400,
      );
    }
    return c.redirect(`${c.get('base')}admin/naans?done=reloaded`, 303);
  });

  return app;
}
