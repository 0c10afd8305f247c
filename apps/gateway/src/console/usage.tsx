/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * Usage statistics on the console (issue 25): resolutions per day (UTC) over the last 30 or 90 days, a bar
 * chart per shoulder on the dashboard and one for the identifier on its page. Server-rendered like the
 * months chart (chart.tsx): an SVG picture whose accessible name is its summary, then the same numbers as a
 * table; the range is a plain link (`?days=90`), so it works without JavaScript. The counts come from the
 * store (`store.resolutionCounts`), written by the gateway's statistics (stats/) every `stats.flushSeconds`.
 */
import type { Store } from '@pidgate/store';
import type { FC } from 'hono/jsx';

/** The ranges offered. */
export const USAGE_RANGES = [30, 90] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];
/** At most this many shoulder charts on the dashboard. */
export const MAX_SHOULDER_CHARTS = 20;

const DAY_MS = 86_400_000;

export interface DayCount {
  /** `YYYY-MM-DD` (UTC). */
  readonly day: string;
  readonly count: number;
}

/** `?days=` read: 90 when asked, else 30. */
export function usageRange(query: string | undefined): UsageRange {
  return query === '90' ? 90 : 30;
}

/** The last `days` UTC days up to the one holding `now`, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(new Date(end - i * DAY_MS).toISOString().slice(0, 10));
  return out;
}

/** Counts per key for each of `days` (0 where none), read in one query. */
export async function dailyCounts(
  store: Store,
  by: 'identifier' | 'shoulder',
  keys: readonly string[],
  days: readonly string[],
): Promise<Map<string, DayCount[]> | null> {
  const out = new Map<string, DayCount[]>();
  if (keys.length === 0 || days.length === 0) return out;
  const found = await store.resolutionCounts({
    by,
    keys,
    from: days[0] as string,
    to: days[days.length - 1] as string,
    group: 'day',
    limit: 100_000,
  });
  if (!found.ok) return null;
  const byKey = new Map<string, Map<string, number>>();
  for (const r of found.value) {
    const m = byKey.get(r.key) ?? new Map<string, number>();
    byKey.set(r.key, m);
    m.set(r.period, r.count);
  }
  for (const key of keys)
    out.set(
      key,
      days.map((day) => ({ day, count: byKey.get(key)?.get(day) ?? 0 })),
    );
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03-07` → `7 Mar 2026`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/**
 * Resolutions per day: bars (the picture, named by its summary) and the numbers as a table. `id` makes the
 * caption's id unique on a page with several charts.
 */
export const DayChart: FC<{ series: readonly DayCount[]; id: string; what: string }> = ({ series, id, what }) => {
  const max = Math.max(0, ...series.map((s) => s.count));
  const total = series.reduce((n, s) => n + s.count, 0);
  const w = series.length > 45 ? 6 : 16;
  const gap = series.length > 45 ? 2 : 4;
  const h = 100;
  const width = series.length * (w + gap);
  const first = series[0]?.day ?? '';
  const last = series[series.length - 1]?.day ?? '';
  const summary = `${what}: ${total} resolutions in the last ${series.length} days (${dayLabel(first)} to ${dayLabel(last)}); most in one day: ${max}.`;
  return (
    <figure class="chart" aria-labelledby={`${id}-caption`}>
      <svg
        viewBox={`0 0 ${width} ${h + 20}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="xMinYMin meet"
        class="bars"
      >
        {series.map((s, i) => {
          const bh = max === 0 ? 0 : Math.round((s.count / max) * h);
          return (
            <rect x={i * (w + gap)} y={h - bh} width={w} height={Math.max(bh, s.count > 0 ? 1 : 0)} class="bar">
              <title>{`${dayLabel(s.day)}: ${s.count}`}</title>
            </rect>
          );
        })}
        <text x={0} y={h + 14} class="axis">
          {dayLabel(first)}
        </text>
        <text x={width} y={h + 14} text-anchor="end" class="axis">
          {dayLabel(last)}
        </text>
      </svg>
      <figcaption id={`${id}-caption`}>
        {what}: resolutions per day (UTC), last {series.length} days, {total} in all
      </figcaption>
      <details class="chart-table">
        <summary>The numbers as a table</summary>
        <table>
          <caption class="visually-hidden">{what}: resolutions per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="num">
                Resolutions
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr>
                <th scope="row">{dayLabel(s.day)}</th>
                <td class="num">{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
};

/** The range links: the current one marked as such (`aria-current`), the other a plain link. */
export const RangeLinks: FC<{ path: string; range: UsageRange; anchor: string }> = ({ path, range, anchor }) => (
  <p class="range">
    Show:{' '}
    {USAGE_RANGES.map((days, i) => (
      <>
        {i > 0 ? ' · ' : ''}
        {days === range ? (
          <strong aria-current="true">last {days} days</strong>
        ) : (
          <a href={`${path}?days=${days}#${anchor}`}>last {days} days</a>
        )}
      </>
    ))}
  </p>
);

/** Why there is no chart, when there is none. */
export const UsageOff: FC = () => (
  <p>Usage statistics are off on this gateway (the setting `stats.enabled`), so resolutions are not counted.</p>
);

/** The dashboard's section: a chart per shoulder (at most `MAX_SHOULDER_CHARTS`). */
export const ShoulderUsage: FC<{
  enabled: boolean;
  path: string;
  range: UsageRange;
  shoulders: readonly string[];
  counts: Map<string, DayCount[]> | null;
}> = ({ enabled, path, range, shoulders, counts }) => {
  if (!enabled) return <UsageOff />;
  if (shoulders.length === 0) return <p>No shoulders to show.</p>;
  if (counts === null) return <p>The database did not answer: no statistics this time.</p>;
  const shown = shoulders.slice(0, MAX_SHOULDER_CHARTS);
  return (
    <>
      <p class="hint">
        Resolutions of the identifiers under each shoulder: requests for an identifier that redirected to its target.
        Written every few minutes, so the last minutes may not show yet.
      </p>
      <RangeLinks path={path} range={range} anchor="resolutions" />
      {shown.map((shoulder, i) => (
        <section aria-labelledby={`usage-${i}-heading`}>
          <h3 id={`usage-${i}-heading`}>
            <code>{shoulder}</code>
          </h3>
          <DayChart series={counts.get(shoulder) ?? []} id={`usage-${i}`} what={shoulder} />
        </section>
      ))}
      {shoulders.length > shown.length ? (
        <p>
          {shoulders.length - shown.length} more shoulders are not shown here; the report
          <code> GET /api/v1/reports/resolutions?by=shoulder</code> has them all.
        </p>
      ) : null}
    </>
  );
};
