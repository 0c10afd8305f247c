/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The identifier page (`/console/id/<identifier>`, the identifier as it is: `/console/id/ark:/99999/fk4x`):
 * everything about one identifier (target, status, owner, group, created and updated), its resolution links
 * (the public URL, `?info`, `??`), the edit form (works without JavaScript; the binding's version makes a
 * concurrent change a clear conflict instead of a silent overwrite), and its history from the audit table
 * (who, when, each field before → after). Ownership (`mayView`/`mayChange`, the one rule): a reserved
 * identifier the user may not see is a 404 page, as if it did not exist; an edit of a public one that is
 * not theirs is a 403 page, and the page shows no form.
 */
import { type Binding, mayChange, mayView, type Principal, refusal } from '@pidgate/store';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { FC } from 'hono/jsx';
import { type DemoPolicy, demoPolicy } from '../demo/index.ts';
import type { AppDeps } from '../deps.ts';
import { serverUrl } from '../http/index.ts';
import { storageKey } from '../resolution/index.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { errorPage } from './errors.tsx';
import { ErrorSummary } from './forms.tsx';
import { type ChangeView, historyView } from './history.ts';
import { LinkChecks, linkChecksOf } from './links.tsx';
import {
  DemoNote,
  Field,
  identifierPath,
  keyFromPath,
  PageScript,
  ProfileChoice,
  StatusFields,
  summaryOf,
} from './parts.tsx';
import { type FieldError, mergeProfile, profileOf, profileValues } from './profiles.ts';
import { consolePage, type Flash, Time } from './shell.tsx';
import { DayChart, dailyCounts, lastDays, RangeLinks, UsageOff, usageRange } from './usage.tsx';
import { checkEdit, formValues } from './validation.ts';

/** The edit form's values for a binding. */
export function editValues(b: Binding): Record<string, string> {
  return {
    version: String(b.version),
    target: b.target,
    status: b.identifierStatus,
    reason: b.statusReason ?? '',
    profile: profileOf(b.metadata),
    ...profileValues(b.erc, b.metadata),
  };
}

const ownerGroup = (b: Binding): string | null => b.ownerGroup ?? null;

const Facts: FC<{ b: Binding }> = ({ b }) => (
  <table class="kv">
    <caption class="visually-hidden">About this identifier</caption>
    <tbody>
      <tr>
        <th scope="row">Target</th>
        <td>
          <a href={b.target} rel="noreferrer">
            {b.target}
          </a>
        </td>
      </tr>
      <tr>
        <th scope="row">Status</th>
        <td>
          {b.identifierStatus}
          {b.identifierStatus === 'unavailable' && b.statusReason ? ` (${b.statusReason})` : ''}
        </td>
      </tr>
      <tr>
        <th scope="row">Owner</th>
        <td>{b.owner ?? <span class="muted">none recorded</span>}</td>
      </tr>
      <tr>
        <th scope="row">Group</th>
        <td>{ownerGroup(b) ?? <span class="muted">none</span>}</td>
      </tr>
      <tr>
        <th scope="row">Created</th>
        <td>
          <Time iso={b.createdAt} />
        </td>
      </tr>
      <tr>
        <th scope="row">Updated</th>
        <td>
          <Time iso={b.updatedAt} />
        </td>
      </tr>
      <tr>
        <th scope="row">Version</th>
        <td>{b.version}</td>
      </tr>
      <tr>
        <th scope="row">Metadata profile</th>
        <td>{profileOf(b.metadata)}</td>
      </tr>
      {Object.entries(b.erc).map(([k, v]) => (
        <tr>
          <th scope="row">
            <code>erc.{k}</code>
          </th>
          <td>{typeof v === 'string' ? v : v.join(' ; ')}</td>
        </tr>
      ))}
      {Object.entries(b.metadata)
        .filter(([k]) => k !== '_profile')
        .map(([k, v]) => (
          <tr>
            <th scope="row">
              <code>{k}</code>
            </th>
            <td>{v}</td>
          </tr>
        ))}
    </tbody>
  </table>
);

const Links: FC<{ publicUrl: string }> = ({ publicUrl }) => (
  <ul class="links-list">
    <li>
      Public URL:{' '}
      <a href={publicUrl}>
        <code>{publicUrl}</code>
      </a>
    </li>
    <li>
      Everything the resolver knows (<code>?info</code>):{' '}
      <a href={`${publicUrl}?info`}>
        <code>{`${publicUrl}?info`}</code>
      </a>
    </li>
    <li>
      Metadata and commitment (<code>??</code>):{' '}
      <a href={`${publicUrl}??`}>
        <code>{`${publicUrl}??`}</code>
      </a>
    </li>
  </ul>
);

const History: FC<{ changes: readonly ChangeView[] }> = ({ changes }) =>
  changes.length === 0 ? (
    <p>No changes recorded.</p>
  ) : (
    <ol class="history" reversed>
      {changes.map((h) => (
        <li>
          <p>
            <strong>{h.action === 'create' ? 'Created' : h.action === 'delete' ? 'Deleted' : 'Changed'}</strong> by{' '}
            <b>{h.actor}</b>, <Time iso={h.at} />
          </p>
          {h.changes.length === 0 ? (
            <p class="muted">No field changed.</p>
          ) : (
            <table class="diff">
              <caption class="visually-hidden">Fields changed</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {h.changes.map((f) => (
                  <tr>
                    <th scope="row">
                      <code>{f.field}</code>
                    </th>
                    <td>{f.before ?? <span class="muted">(none)</span>}</td>
                    <td>{f.after ?? <span class="muted">(none)</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </li>
      ))}
    </ol>
  );

const EditForm: FC<{
  action: string;
  csrf: string;
  values: Readonly<Record<string, string>>;
  errors: readonly FieldError[];
  reserved: boolean;
}> = ({ action, csrf, values, errors, reserved }) => (
  <form method="post" action={action} novalidate>
    <CsrfField token={csrf} />
    <input type="hidden" name="version" value={values['version'] ?? ''} />
    <ErrorSummary errors={summaryOf(errors.filter((e) => e.field !== ''))} />
    <Field name="target" label="Target URL" type="url" values={values} errors={errors} />
    <StatusFields values={values} errors={errors} reserved={reserved} />
    <ProfileChoice profile={profileOf({ _profile: values['profile'] ?? 'erc' })} values={values} errors={errors} />
    <button type="submit">Save changes</button>
  </form>
);

/** The identifier pages, mounted by the console's door. */
export function identifierPages(deps: AppDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const policy: DemoPolicy = demoPolicy(deps.registry, deps.config.profile, deps.config.demo);

  /** The stored key a page path names (an identifier typed in another spelling finds its binding too). */
  const keyOf = (c: Context<ConsoleEnv>): string | null => {
    const path = new URL(c.req.url).pathname;
    const at = path.indexOf('/id/');
    const written = at === -1 ? null : keyFromPath(path.slice(at + 4));
    if (written === null || written === '') return null;
    const parsed = deps.registry.parse(written, deps.config.profile);
    return parsed.ok ? storageKey(parsed.value, deps.registry) : written;
  };

  /** The binding a principal may see, or the page that says it cannot. */
  const load = async (c: Context<ConsoleEnv>): Promise<Binding | Response> => {
    const key = keyOf(c);
    const notFound = () =>
      errorPage(c, 404, 'not-found', 'There is no identifier by that name that you can see. Check the spelling.');
    if (key === null) return notFound();
    const got = await c.get('store').getBinding(key);
    if (!got.ok) {
      if (got.error.code === 'not-found') return notFound();
      return errorPage(c, 503, 'internal-error', 'The database did not answer. Try again in a moment.');
    }
    const b = got.value;
    if (b.tombstoned) {
      return errorPage(c, 410, 'not-found', `${b.key} was deleted; deleted identifiers are never bound again.`);
    }
    if (!mayView(c.get('principal'), b)) return notFound();
    return b;
  };

  const render = async (
    c: Context<ConsoleEnv>,
    b: Binding,
    form: { values: Record<string, string>; errors: FieldError[] } | null,
    flash: Flash | null,
    status: 200 | 400 | 409 = 200,
  ) => {
    const p: Principal = c.get('principal');
    const base = c.get('base');
    const history = await c.get('store').history(b.key);
    const changes = history.ok ? historyView(history.value) : [];
    const publicUrl = `${serverUrl(c, deps.config)}/${b.key}`;
    const editable = mayChange(p, b);
    // Resolutions of this identifier per day (usage.tsx), when the gateway counts them.
    const range = usageRange(c.req.query('days'));
    const usage =
      deps.tally !== null
        ? await dailyCounts(c.get('store'), 'identifier', [b.key], lastDays(new Date(), range))
        : null;
    const values = form?.values ?? editValues(b);
    const links = await linkChecksOf(c, b);
    const body = (
      <>
        <DemoNote policy={policy} identifier={b.key} createdAt={b.createdAt} />
        <h2>About</h2>
        <Facts b={b} />
        <h2>Resolution</h2>
        <Links publicUrl={publicUrl} />
        <h2 id="resolutions">Resolutions</h2>
        {deps.tally === null ? (
          <UsageOff />
        ) : usage === null ? (
          <p>The database did not answer: no statistics this time.</p>
        ) : (
          <>
            <RangeLinks path={identifierPath(base, b.key)} range={range} anchor="resolutions" />
            <DayChart series={usage.get(b.key) ?? []} id="usage-identifier" what={b.key} />
          </>
        )}
        <h2 id="edit">Edit</h2>
        {editable ? (
          <EditForm
            action={identifierPath(base, b.key)}
            csrf={c.get('session').csrf}
            values={values}
            errors={form?.errors ?? []}
            reserved={b.identifierStatus === 'reserved'}
          />
        ) : (
          <p>
            {p.role === 'readonly'
              ? 'Your account is read-only: you can look, not change.'
              : 'This identifier is not yours to change: only its owner, its co-owners, its group and administrators can.'}
          </p>
        )}
        <h2 id="history">History</h2>
        <History changes={changes} />
        <h2 id="link-checks">Link checks</h2>
        <LinkChecks state={links.state} checks={links.checks} />
        <PageScript />
      </>
    );
    return consolePage(c, { title: b.key, current: null, flash }, body, status);
  };

  app.get('/id/*', async (c) => {
    const b = await load(c);
    if (b instanceof Response) return b;
    const flash: Flash | null =
      c.req.query('created') !== undefined
        ? { kind: 'ok', text: `Created ${b.key}.` }
        : c.req.query('saved') !== undefined
          ? { kind: 'ok', text: 'Your changes are saved.' }
          : null;
    return render(c, b, null, flash);
  });

  app.post('/id/*', async (c) => {
    const b = await load(c);
    if (b instanceof Response) return b;
    const p = c.get('principal');
    if (!mayChange(p, b)) {
      return refusal(p, b) === 'not-found'
        ? errorPage(c, 404, 'not-found', 'There is no identifier by that name that you can see.')
        : errorPage(
            c,
            403,
            'forbidden',
            'This identifier is not yours to change: only its owner, its co-owners, its group and administrators can.',
          );
    }
    const values = formValues(await c.req.parseBody());
    const form = checkEdit(values, b.identifierStatus);
    if (!form.ok) {
      const general = form.errors.find((e) => e.field === '');
      return render(
        c,
        b,
        { values, errors: form.errors },
        { kind: 'error', text: general?.message ?? 'The changes are not saved: correct the fields marked below.' },
        400,
      );
    }
    const edit = form.value;
    const merged = mergeProfile({ erc: b.erc as Record<string, string | string[]>, metadata: b.metadata }, edit.meta);
    const put = await c.get('store').putBinding(
      b.key,
      {
        target: edit.target,
        status: b.status,
        erc: merged.erc,
        support: b.support,
        identifierStatus: edit.status,
        statusReason: edit.reason,
        owner: b.owner,
        metadata: merged.metadata,
      },
      p.username,
      { ifVersion: edit.version, acting: { principal: p } },
    );
    if (!put.ok) {
      // The ownership rule as the write's own transaction found it (someone changed the owner meanwhile).
      if (put.error.code === 'not-found') {
        return errorPage(c, 404, 'not-found', 'There is no identifier by that name that you can see.');
      }
      if (put.error.code === 'not-owner') {
        return errorPage(
          c,
          403,
          'forbidden',
          'This identifier is not yours to change: only its owner, its co-owners, its group and administrators can.',
        );
      }
      if (put.error.code === 'conflict') {
        const now = await c.get('store').getBinding(b.key);
        const current = now.ok ? now.value : b;
        return render(
          c,
          current,
          { values: { ...values, version: String(current.version) }, errors: [] },
          {
            kind: 'error',
            text: `Someone else changed this identifier while you were editing it (it is now at version ${current.version}; your form was made from version ${edit.version}). Nothing was saved. The page shows their version above and in the history, and your changes in the form: check them, then save again to replace theirs.`,
          },
          409,
        );
      }
      return render(
        c,
        b,
        { values, errors: [] },
        { kind: 'error', text: `Not saved: ${put.error.message} (${put.error.code}).` },
        400,
      );
    }
    return c.redirect(`${identifierPath(c.get('base'), b.key)}?saved=1`, 303);
  });

  return app;
}
