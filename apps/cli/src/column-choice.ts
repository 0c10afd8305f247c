import { chooseColumn, firstRowIsHeader, SAMPLE_ROWS, trimSurroundingSpace } from '@pidgate/core';
import { parse } from 'csv-parse/sync';
import type { TableSpec } from './table-spec.ts';

/**
 * The column and header of one csv/tsv file when the user named neither (`--column` left out): read from
 * the file's first rows (`head`, its beginning) by the rule every program of pidgate follows
 * (`chooseColumn` and `firstRowIsHeader` of @pidgate/core; docs/cli.md, "Spreadsheets"). `parses` tells
 * whether a cell is an identifier. A head that cannot be read as CSV (a quoted cell running past it) is
 * read up to its last complete row; none at all gives the first column and the header rule's answer for
 * the first row alone.
 */
export function resolveColumn(
  head: string,
  spec: TableSpec,
  delimiter: string,
  parses: (value: string) => boolean,
): TableSpec {
  return resolveColumnOfRows(headRows(head, delimiter), spec, parses);
}

/** `resolveColumn` on a file's first rows as cells (a workbook's sheet: xlsx.ts). */
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

/** The complete rows of `head` (at most SAMPLE_ROWS + 1), a byte-order mark dropped. */
function headRows(head: string, delimiter: string): string[][] {
  let text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  // A long head is a first chunk: its last line may be cut off.
  const last = text.lastIndexOf('\n');
  if (text.length >= 1 << 14 && last > 0) text = text.slice(0, last + 1);
  for (let attempt = 0; attempt < 3 && text.length > 0; attempt++) {
    try {
      return parse(text, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        to: SAMPLE_ROWS + 1,
      }) as string[][];
    } catch {
      // cut off inside a quoted cell: try without the last line
      const nl = text.lastIndexOf('\n', text.length - 2);
      text = nl < 0 ? '' : text.slice(0, nl + 1);
    }
  }
  return [];
}
