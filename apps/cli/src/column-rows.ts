import { chooseColumn, firstRowIsHeader, SAMPLE_ROWS, trimSurroundingSpace } from '@pidgate/core';
import type { TableSpec } from './table-spec.ts';

/**
 * The column and header of a file whose first rows are `rows` (cells), when the user named neither: the rule
 * of `resolveColumn` (column-choice.ts), without a CSV parser, so that xlsx.ts loads no CSV library.
 */
export function resolveColumnOfRows(
  rows: readonly (readonly string[])[],
  spec: TableSpec,
  parses: (value: string) => boolean,
): TableSpec {
  const first = rows[0] ?? [];
  const below = rows.slice(1, SAMPLE_ROWS + 1);
  const cell = (row: readonly string[], i: number) => {
    const c = row[i] ?? '';
    return spec.trim ? trimSurroundingSpace(c) : c;
  };
  const width = Math.max(first.length, ...below.map((r) => r.length), 1);
  const counts: number[] = Array.from({ length: width }, (_, i) => below.filter((r) => parses(cell(r, i))).length);
  // A first row known to be data counts among the cells.
  if (spec.header === false) {
    for (let i = 0; i < first.length; i++) if (parses(cell(first, i))) counts[i] = (counts[i] ?? 0) + 1;
  }
  // No cell below parses (a file of one row): the first row's own cells decide.
  if (!counts.some((n) => n > 0)) {
    for (let i = 0; i < first.length; i++) counts[i] = parses(cell(first, i)) ? 1 : 0;
  }
  const index = chooseColumn(spec.header === false ? null : first, counts);
  const header =
    spec.header === 'auto'
      ? firstRowIsHeader(parses(cell(first, index)), first[index] ?? '', counts[index] ?? 0)
      : spec.header;
  return { ...spec, column: { kind: 'index', index }, header };
}
