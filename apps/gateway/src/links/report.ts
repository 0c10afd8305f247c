import type { LinkReportRow } from '@pidgate/store';
import { stringify } from 'csv-stringify/sync';

/**
 * The link report: every target whose last check failed, with the identifiers that point at it, as CSV
 * (one row per target, its identifiers separated by spaces; a byte order mark on request, for Excel) or
 * JSON. `pidgate links report` writes it; `GET /api/v1/reports/links` and the console serve the same rows.
 */

export const REPORT_FORMATS = ['csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_COLUMNS = [
  'target',
  'identifiers',
  'owners',
  'state',
  'class',
  'status',
  'failures',
  'first_failure',
  'last_failure',
  'last_checked',
  'broken_since',
] as const;

/** One report row as the JSON report gives it. */
export function reportEntry(row: LinkReportRow) {
  return {
    target: row.target,
    identifiers: row.identifiers.map((i) => i.key),
    owners: [...new Set(row.identifiers.map((i) => i.owner).filter((o): o is string => o !== null))],
    state: row.state,
    class: row.lastClass,
    status: row.lastStatus,
    failures: row.failures,
    firstFailure: row.firstFailureAt,
    lastFailure: row.lastFailureAt,
    lastChecked: row.lastCheckedAt,
    brokenSince: row.brokenAt,
  };
}

export function formatReport(rows: readonly LinkReportRow[], format: ReportFormat, options: { bom?: boolean } = {}) {
  if (format === 'json') return `${JSON.stringify(rows.map(reportEntry), null, 2)}\n`;
  const records = rows.map((row) => {
    const e = reportEntry(row);
    return [
      e.target,
      e.identifiers.join(' '),
      e.owners.join(' '),
      e.state,
      e.class ?? '',
      e.status ?? '',
      e.failures,
      e.firstFailure ?? '',
      e.lastFailure ?? '',
      e.lastChecked ?? '',
      e.brokenSince ?? '',
    ];
  });
  const csv = stringify([[...REPORT_COLUMNS], ...records], { record_delimiter: '\r\n' });
  return options.bom ? `\uFEFF${csv}` : csv;
}
