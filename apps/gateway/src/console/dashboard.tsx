/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The dashboard (`/console/`): counts of the user's identifiers by status and by shoulder, identifiers
 * created per month (a bar chart with the same numbers as a table), the latest changes, and the identifier
 * issues (issues.ts). "The user's identifiers" are those they own, co-own or share through a group; an
 * administrator sees every identifier. Each figure is one GROUP BY or range count in the database
 * (`store.bindingStats`), never a scan in the gateway.
 */
import { EVERY_IDENTIFIER, type HistoryEntry, type Principal, type StatsScope } from '@pidgate/store';
import { Hono } from 'hono';
import type { FC } from 'hono/jsx';
import { demoPolicy, isDemo } from '../demo/index.ts';
import type { AppDeps } from '../deps.ts';
import { MonthChart, monthSeries, seriesStart } from './chart.tsx';
import { mintableShoulders } from './create.tsx';
import type { ConsoleEnv } from './env.ts';
import { errorPage } from './errors.tsx';
import { diffBindings } from './history.ts';
import { collectIssues, type Issue, LONG_RESERVED_DAYS } from './issues.ts';
import { identifierPath, PageScript } from './parts.tsx';
import { consolePage, Time } from './shell.tsx';
import { dailyCounts, lastDays, ShoulderUsage, usageRange } from './usage.tsx';

/** Whose identifiers the dashboard counts: everyone's for an administrator, else owned, co-owned or the groups'. */
export function dashboardScope(p: Principal): StatsScope {
  if (p.role === 'admin') return EVERY_IDENTIFIER;
  return { owners: [p.username, ...p.coOwnerOf], groups: [...p.groups] };
}

const Recent: FC<{ base: string; entries: readonly HistoryEntry[] }> = ({ base, entries }) =>
  entries.length === 0 ? (
    <p>No changes yet.</p>
  ) : (
    <table>
      <caption class="visually-hidden">Latest changes</caption>
      <thead>
        <tr>
          <th scope="col">Identifier</th>
          <th scope="col">Change</th>
          <th scope="col">By</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((h) => {
          const fields = diffBindings(h.before, h.after).map((f) => f.field);
          return (
            <tr>
              <td>
                {h.action === 'delete' ? (
                  <code>{h.key}</code>
                ) : (
                  <a href={identifierPath(base, h.key)}>
                    <code>{h.key}</code>
                  </a>
                )}
              </td>
              <td>
                {h.action === 'create' ? 'created' : h.action === 'delete' ? 'deleted' : `changed ${fields.join(', ')}`}
              </td>
              <td>{h.actor}</td>
              <td>
                <Time iso={h.at} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );

const Issues: FC<{ base: string; issues: readonly Issue[] }> = ({ base, issues }) => (
  <>
    <p class="hint">
      Identifiers whose target failed its last link check (broken: failing past the window), identifiers made
      unavailable, and identifiers reserved for more than {LONG_RESERVED_DAYS} days.{' '}
      <a href={`${base}links`}>All link issues, with filters and a CSV download</a>.
    </p>
    {issues.length === 0 ? (
      <p>No issues.</p>
    ) : (
      <ul class="issues">
        {issues.map((i) => (
          <li>
            <a href={identifierPath(base, i.key)}>
              <code>{i.key}</code>
            </a>
            : {i.detail} (since <Time iso={i.since} />)
          </li>
        ))}
      </ul>
    )}
  </>
);

/** The dashboard page, mounted by the console's door. */
export function dashboardPages(deps: AppDeps, options: { now?: () => Date } = {}): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const policy = demoPolicy(deps.registry, deps.config.profile, deps.config.demo);
  const now = options.now ?? (() => new Date());

  app.get('/', async (c) => {
    const store = c.get('store');
    const p = c.get('principal');
    const base = c.get('base');
    const scope = dashboardScope(p);
    const at = now();
    let shoulders: string[] = [];
    if (p.role === 'admin') {
      const all = await store.listShoulders();
      if (all.ok) shoulders = all.value.map((x) => x.key);
    } else shoulders = (await mintableShoulders(store, p)).map((x) => x.key);
    const prefixes = [...new Set([...shoulders, ...policy.prefixes])].sort();
    const stats = await store.bindingStats(scope, { prefixes, since: seriesStart(at) });
    if (!stats.ok) return errorPage(c, 503, 'internal-error', 'The database did not answer. Try again in a moment.');
    const recent = await store.recentChanges(scope, 15);
    const issues = await collectIssues(store, scope, at);
    // Resolutions per day of each shoulder the user can see (usage.tsx), when the gateway counts them.
    const range = usageRange(c.req.query('days'));
    const counting = deps.tally !== null;
    const usage = counting ? await dailyCounts(store, 'shoulder', shoulders.slice(0, 20), lastDays(at, range)) : null;
    const s = stats.value;
    const body = (
      <>
        <p>
          {p.role === 'admin'
            ? 'Every identifier of this institution.'
            : 'The identifiers you own, those of the users who named you a co-owner, and those of your groups.'}
        </p>
        <h2>By status</h2>
        <table class="counts">
          <caption class="visually-hidden">Identifiers by status</caption>
          <tbody>
            {(['public', 'reserved', 'unavailable'] as const).map((k) => (
              <tr>
                <th scope="row">{k[0]?.toUpperCase() + k.slice(1)}</th>
                <td class="num">{s.byStatus[k]}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">All</th>
              <td class="num">{s.total}</td>
            </tr>
          </tbody>
        </table>
        <h2>By shoulder</h2>
        {s.byPrefix.length === 0 ? (
          <p>No shoulders.</p>
        ) : (
          <table class="counts">
            <caption class="visually-hidden">Identifiers by shoulder</caption>
            <tbody>
              {s.byPrefix.map((x) => (
                <tr>
                  <th scope="row">
                    <code>{x.prefix}</code>
                    {isDemo(policy, x.prefix) ? ' (demo)' : ''}
                  </th>
                  <td class="num">{x.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h2>Created per month</h2>
        <MonthChart series={monthSeries(s.byMonth, at)} />
        <h2 id="resolutions">Resolutions</h2>
        <ShoulderUsage enabled={counting} path={base} range={range} shoulders={shoulders} counts={usage} />
        <h2>Latest changes</h2>
        <Recent base={base} entries={recent.ok ? recent.value : []} />
        <h2>Identifier issues</h2>
        <Issues base={base} issues={issues} />
        <PageScript />
      </>
    );
    return consolePage(
      c,
      {
        title: 'Dashboard',
        current: 'dashboard',
      },
      body,
    );
  });

  return app;
}
