/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The link checker's identifier issues (issue 25) in the console: `/console/links` lists the targets whose
 * last check failed, the broken ones (failing past the window: links.md, "the window rule") apart from those
 * still failing, each with its class, HTTP status, first and last failure, where its last redirect chain
 * ended, and the user's identifiers that point at it; filters by class and "broken only" (a GET form: works
 * without JavaScript); the same rows as CSV (`/console/links.csv`, the columns and byte order mark of
 * `GET /api/v1/reports/links?format=csv`, whose URL with the same filters the page shows for programs).
 * Scoped as the dashboard is: an administrator sees every identifier, anyone else the identifiers they own,
 * co-own or share through a group (`linkScope`). `LinkChecks` is the identifier page's part: the target's
 * last checks (time, class, status, redirect chain).
 */
import { LINK_CLASSES, type LinkCheck, type LinkClass, type LinkReportRow, type Principal } from '@pidgate/store';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { FC } from 'hono/jsx';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { formatReport } from '../links/index.ts';
import type { ConsoleEnv } from './env.ts';
import { errorPage } from './errors.tsx';
import { identifierPath, PageScript } from './parts.tsx';
import { consolePage, Time } from './shell.tsx';

/** Rows the page lists at most (the CSV has them all, up to the report's 10,000). */
export const LINKS_PAGE_ROWS = 200;
/** Checks the identifier page shows. */
export const HISTORY_SHOWN = 10;

/** The report's scope for a principal: none (everyone's) for an administrator, else theirs and their groups'. */
export function linkScope(p: Principal): { owners: string[]; groups: string[] } | undefined {
  if (p.role === 'admin') return undefined;
  return { owners: [p.username, ...p.coOwnerOf], groups: [...p.groups] };
}

/** What each class means, in words (links.md's table). */
export const CLASS_LABEL: Record<LinkClass, string> = {
  ok: 'answers',
  redirected: 'answers after a redirect to another host',
  'try-later': 'asked to try later (429 or 503)',
  'client-error': 'client error (404, 410, …)',
  'server-error': 'server error',
  timeout: 'timed out',
  dns: 'host name does not resolve',
  tls: 'TLS (certificate) failure',
  connection: 'connection refused or reset',
  'too-many-redirects': 'too many redirects',
  'soft-404': 'a page that says "not found"',
  invalid: 'not a valid http(s) answer',
  'blocked-address': 'not asked: a private or special address (links.allowPrivateAddresses)',
};

const LinksQuery = z.strictObject({
  class: z.union([z.literal(''), z.enum(LINK_CLASSES)]).optional(),
  broken: z.enum(['1', 'on', 'true']).optional(),
});
type LinksQuery = z.infer<typeof LinksQuery>;

/** `?class=…&broken=1` from the filters (empty when none). */
function filterQuery(q: LinksQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (q.class) params.set('class', q.class);
  if (q.broken) params.set('broken', 'true');
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function reportRows(c: Context<ConsoleEnv>, q: LinksQuery, limit: number) {
  const scope = linkScope(c.get('principal'));
  return c.get('store').links.report({
    ...(q.broken ? { broken: true } : {}),
    ...(q.class ? { class: q.class } : {}),
    ...(scope ? { scope } : {}),
    limit,
  });
}

const Target: FC<{ url: string }> = ({ url }) => (
  <a href={url} rel="noreferrer" class="target">
    {url}
  </a>
);

const RowsTable: FC<{ base: string; rows: readonly LinkReportRow[]; caption: string }> = ({ base, rows, caption }) => (
  <div class="table-wrap">
    <table class="link-issues">
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Target</th>
          <th scope="col">Class</th>
          <th scope="col">First failure</th>
          <th scope="col">Last failure</th>
          <th scope="col">Ends at</th>
          <th scope="col">Identifiers</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>
              <Target url={r.target} />
            </td>
            <td>
              <code>{r.lastClass ?? 'none'}</code>
              {r.lastStatus !== null ? ` (HTTP ${r.lastStatus})` : ''}
              {r.failures > 1 ? `, ${r.failures} failures in a row` : ''}
            </td>
            <td>
              <Time iso={r.firstFailureAt} />
            </td>
            <td>
              <Time iso={r.lastFailureAt} />
            </td>
            <td>
              {r.finalUrl && r.finalUrl !== r.target ? (
                <Target url={r.finalUrl} />
              ) : r.finalUrl ? (
                <span class="muted">the target itself</span>
              ) : (
                <span class="muted">no answer</span>
              )}
            </td>
            <td>
              {r.identifiers.map((i, n) => (
                <>
                  {n > 0 ? ' ' : ''}
                  <a href={identifierPath(base, i.key)}>
                    <code>{i.key}</code>
                  </a>
                </>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/** The targets of the page, broken ones apart from failing ones. */
const Section: FC<{ base: string; title: string; id: string; rows: readonly LinkReportRow[]; none: string }> = ({
  base,
  title,
  id,
  rows,
  none,
}) => (
  <>
    <h2 id={id}>
      {title} ({rows.length})
    </h2>
    {rows.length === 0 ? <p>{none}</p> : <RowsTable base={base} rows={rows} caption={title} />}
  </>
);

const Filters: FC<{ base: string; q: LinksQuery }> = ({ base, q }) => (
  <form method="get" action={`${base}links`} class="panel">
    <div class="field">
      <label for="links-class">Class of the last check</label>
      <select id="links-class" name="class">
        <option value="">Any failure</option>
        {LINK_CLASSES.filter((k) => k !== 'ok' && k !== 'redirected' && k !== 'try-later').map((k) => (
          <option value={k} selected={q.class === k}>
            {k}: {CLASS_LABEL[k]}
          </option>
        ))}
      </select>
    </div>
    <div class="field">
      <input type="checkbox" id="links-broken" name="broken" value="1" checked={q.broken !== undefined} />{' '}
      <label for="links-broken">Broken only (failing past the window)</label>
    </div>
    <button type="submit">Show</button>
  </form>
);

/** `/console/links` and `/console/links.csv`, mounted by the console's door. */
export function linkPages(_deps: AppDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  const query = (c: Context<ConsoleEnv>) => LinksQuery.safeParse(c.req.query());
  const refuse = (c: Context<ConsoleEnv>) =>
    errorPage(
      c,
      400,
      'bad-request',
      `The filters are not valid: class is one of ${LINK_CLASSES.join(', ')}, and broken is 1 when given.`,
    );

  app.get('/links', async (c) => {
    const parsed = query(c);
    if (!parsed.success) return refuse(c);
    const q = parsed.data;
    const base = c.get('base');
    const report = await reportRows(c, q, LINKS_PAGE_ROWS + 1);
    if (!report.ok) return errorPage(c, 503, 'internal-error', 'The database did not answer. Try again in a moment.');
    const rows = report.value.slice(0, LINKS_PAGE_ROWS);
    const broken = rows.filter((r) => r.state === 'broken');
    const failing = rows.filter((r) => r.state === 'failing');
    const api = `/api/v1/reports/links${filterQuery(q, { format: 'csv' })}`;
    const body = (
      <>
        <p>
          Targets of {c.get('principal').role === 'admin' ? 'all identifiers' : 'your identifiers'} whose last check
          failed. A target counts as <strong>broken</strong> only when it has failed several checks spread over the
          window (two weeks by default); until then it is <strong>failing</strong>, and one good answer clears it.
        </p>
        <Filters base={base} q={q} />
        <p>
          <a href={`${base}links.csv${filterQuery(q)}`} download="pidgate-links.csv">
            Download these rows as CSV
          </a>{' '}
          (opens in Excel). Programs get the same with a token: <code>GET {api}</code>
        </p>
        {report.value.length > LINKS_PAGE_ROWS ? (
          <p role="note">
            The first {LINKS_PAGE_ROWS} targets are shown; the CSV has them all. Narrow the filters to see others here.
          </p>
        ) : null}
        <Section base={base} id="broken" title="Broken" rows={broken} none="No broken targets." />
        {q.broken ? null : (
          <Section
            base={base}
            id="failing"
            title="Failing, not broken yet"
            rows={failing}
            none="No targets failing within the window."
          />
        )}
        <PageScript />
      </>
    );
    return consolePage(c, { title: 'Link issues', current: 'dashboard' }, body);
  });

  app.get('/links.csv', async (c) => {
    const parsed = query(c);
    if (!parsed.success) return refuse(c);
    const report = await reportRows(c, parsed.data, 10_000);
    if (!report.ok) return errorPage(c, 503, 'internal-error', 'The database did not answer. Try again in a moment.');
    c.header('cache-control', 'no-store');
    return c.body(formatReport(report.value, 'csv', { bom: true }), 200, {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': 'attachment; filename="pidgate-links.csv"',
    });
  });

  return app;
}

/** The identifier page's part: the target's state and its last checks, newest first. */
export const LinkChecks: FC<{ state: string | null; checks: readonly LinkCheck[] | null }> = ({ state, checks }) => {
  if (checks === null) {
    return (
      <p>
        The link checker does not check this target: it checks the http(s) targets of public identifiers, when it is
        enabled.
      </p>
    );
  }
  if (checks.length === 0) return <p>Not checked yet.</p>;
  return (
    <>
      <p>
        State: <strong>{state}</strong>. The last {checks.length} checks, newest first:
      </p>
      <div class="table-wrap">
        <table class="link-checks">
          <caption class="visually-hidden">Checks of the target</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Class</th>
              <th scope="col">Status</th>
              <th scope="col">Redirect chain</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((k) => (
              <tr>
                <td>
                  <Time iso={k.at} />
                </td>
                <td>
                  <code>{k.class}</code>
                  {k.detail ? ` (${k.detail})` : ''}
                </td>
                <td>{k.status ?? <span class="muted">none</span>}</td>
                <td>
                  {k.chain.length === 0 ? (
                    <span class="muted">no request</span>
                  ) : (
                    <ol class="chain">
                      {k.chain.map((h) => (
                        <li>
                          {h.method} <span class="target">{h.url}</span> → {h.status ?? 'no answer'}
                        </li>
                      ))}
                    </ol>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
};

/** The state and last checks of a binding's target for `LinkChecks` (null checks: not a checked target). */
export async function linkChecksOf(
  c: Context<ConsoleEnv>,
  b: { target: string; identifierStatus: string },
): Promise<{ state: string | null; checks: readonly LinkCheck[] | null }> {
  const checkable = b.identifierStatus === 'public' && /^https?:\/\//i.test(b.target);
  if (!checkable) return { state: null, checks: null };
  const store = c.get('store');
  const got = await store.links.get(b.target);
  if (!got.ok) return { state: null, checks: [] };
  const history = await store.links.history(b.target, HISTORY_SHOWN);
  return { state: got.value.state, checks: history.ok ? history.value : [] };
}
