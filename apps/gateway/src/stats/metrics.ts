import type { ResolutionCounter } from './counter.ts';
import type { StatsFlusher } from './flusher.ts';

/** The statistics' own figures for /metrics: what the cap dropped, batches written and refused. */
export function statsMetricLines(counter: ResolutionCounter, flusher: StatsFlusher | null): string {
  const t = flusher?.totals ?? { flushes: 0, failures: 0, dropped: 0 };
  return [
    '# HELP pidgate_stats_dropped_total Resolutions not counted: the cap on distinct identifiers between two flushes (stats.maxKeys) was reached, or a refused batch grew too large.',
    '# TYPE pidgate_stats_dropped_total counter',
    `pidgate_stats_dropped_total ${counter.dropped + t.dropped}`,
    '# HELP pidgate_stats_flushes_total Batches of resolution counts sent to the store, and those it refused.',
    '# TYPE pidgate_stats_flushes_total counter',
    `pidgate_stats_flushes_total{result="written"} ${t.flushes - t.failures}`,
    `pidgate_stats_flushes_total{result="refused"} ${t.failures}`,
    '',
  ].join('\n');
}
