import { SAMPLE_ROWS } from '@pidgate/core';
import { parse } from 'csv-parse/sync';
import { resolveColumnOfRows } from './column-rows.ts';
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
