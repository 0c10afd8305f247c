import { describe, expect, it } from 'vitest';
import { MonthChart, monthLabel, monthSeries, seriesStart } from './chart.tsx';

describe('monthSeries', () => {
  it('the last 12 months up to now, oldest first, months without creations as 0, across a year end', () => {
    const s = monthSeries(
      [
        { month: '2025-04', count: 3 },
        { month: '2026-02', count: 5 },
        { month: '2024-01', count: 9 },
      ],
      new Date('2026-03-15T10:00:00Z'),
    );
    expect(s).toHaveLength(12);
    expect(s[0]).toEqual({ month: '2025-04', count: 3 });
    expect(s[8]).toEqual({ month: '2025-12', count: 0 });
    expect(s[9]).toEqual({ month: '2026-01', count: 0 });
    expect(s[10]).toEqual({ month: '2026-02', count: 5 });
    expect(s[11]).toEqual({ month: '2026-03', count: 0 });
    expect(seriesStart(new Date('2026-03-15T10:00:00Z'))).toBe('2025-04-01T00:00:00.000Z');
  });

  it('labels months for people', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });
});

it('the chart has a text alternative and a table of the same numbers', () => {
  const html = String(
    MonthChart({
      series: [
        { month: '2026-01', count: 2 },
        { month: '2026-02', count: 4 },
      ],
    }),
  );
  expect(html).toContain('role="img"');
  expect(html).toContain('aria-label="6 identifiers created in the last 2 months; most in one month: 4."');
  expect(html).toMatch(/<th scope="row">Feb 2026<\/th><td class="num">4<\/td>/);
  // The tallest bar is the full height, the other half of it.
  expect(html).toContain('y="0" width="24" height="120"');
  expect(html).toContain('y="60" width="24" height="60"');
});
