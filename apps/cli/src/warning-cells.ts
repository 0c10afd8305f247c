import type { PidWarning } from '@pidgate/core';

/**
 * The `warnings` cell of a table (`normalize` and `group`, csv, tsv, ndjson and xlsx): the warnings' codes
 * separated by spaces; null when there are none.
 */
export function warningCodes(warnings: readonly PidWarning[] | undefined): string | null {
  return warnings === undefined || warnings.length === 0 ? null : warnings.map((w) => w.code).join(' ');
}
