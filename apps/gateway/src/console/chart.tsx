/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { MonthCount } from '@pidgate/store';
import type { FC } from 'hono/jsx';

/** The last `months` calendar months (UTC) up to the one holding `now`, oldest first, with their counts (0 when none). */
export function monthSeries(counts: readonly MonthCount[], now: Date, months = 12): MonthCount[] {
  const byMonth = new Map(counts.map((c) => [c.month, c.count]));
  const out: MonthCount[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ month, count: byMonth.get(month) ?? 0 });
  }
  return out;
}

/** The first instant of the oldest month `monthSeries` shows. */
export function seriesStart(now: Date, months = 12): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)).toISOString();
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar 2026`. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${y}`;
}

/**
 * Identifiers created per month: an SVG bar chart (a picture with its own summary as its accessible name,
 * hidden from the reading order) followed by the same numbers as a table, which is what screen readers and
 * text browsers read. Scales to the width of the page (viewBox), so it fits 390 px.
 */
export const MonthChart: FC<{ series: readonly MonthCount[]; id?: string }> = ({ series, id = 'per-month' }) => {
  const max = Math.max(1, ...series.map((s) => s.count));
  const total = series.reduce((n, s) => n + s.count, 0);
  const w = 24;
  const gap = 8;
  const h = 120;
  const width = series.length * (w + gap);
  const summary = `${total} identifiers created in the last ${series.length} months; most in one month: ${max === 1 && total === 0 ? 0 : max}.`;
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
          const bh = Math.round((s.count / max) * h);
          const x = i * (w + gap);
          return (
            <g>
              <rect x={x} y={h - bh} width={w} height={Math.max(bh, s.count > 0 ? 1 : 0)} class="bar">
                <title>{`${monthLabel(s.month)}: ${s.count}`}</title>
              </rect>
              <text x={x + w / 2} y={h + 14} text-anchor="middle" class="axis">
                {MONTH_NAMES[Number(s.month.slice(5)) - 1]?.slice(0, 1) ?? ''}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id={`${id}-caption`}>Identifiers created per month (UTC), last {series.length} months</figcaption>
      <details class="chart-table">
        <summary>The numbers as a table</summary>
        <table>
          <caption class="visually-hidden">Identifiers created per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" class="num">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr>
                <th scope="row">{monthLabel(s.month)}</th>
                <td class="num">{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
};
