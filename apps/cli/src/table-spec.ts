import { UsageError } from './io.ts';

/**
 * The table options of `normalize` and `group` (the input format, the column, header, trimming), read
 * and checked without loading the CSV libraries: plain text input needs only these.
 */
export type Format = 'text' | 'csv' | 'tsv' | 'ndjson';

/** The options every command that reads tables takes (parseArgs config). */
export const tableOptions = {
  format: { type: 'string', short: 'f', default: 'text' },
  column: { type: 'string', short: 'c' },
  header: { type: 'boolean' },
  'no-header': { type: 'boolean' },
  trim: { type: 'boolean', default: false },
  bom: { type: 'boolean', default: false },
} as const;

/** The help text of those options. */
export const tableUsage = `  --format, -f text|csv|tsv|ndjson   the input format (default text: one identifier per line)
  --column, -c NAME|NUMBER   the column holding the identifier: a header name, or a number
                             counting from 1 (csv/tsv; default 1); the field name (ndjson, required)
  --header / --no-header     whether the first csv/tsv row is a header. A NAME implies --header;
                             with a NUMBER the first row is data unless --header is given
  --trim                     remove white space (space, tab, CR, LF, U+00A0, U+3000) around each
                             cell or line before normalizing it; without it such input fails
                             with surrounding-whitespace
  --bom                      start csv/tsv output with a UTF-8 byte-order mark (for spreadsheets)`;

/** Which cell of a row holds the identifier. */
export type Column =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'index'; readonly index: number };

export interface TableSpec {
  readonly format: Format;
  readonly column: Column | null;
  readonly header: boolean;
  readonly trim: boolean;
  readonly bom: boolean;
}

const FORMATS: readonly Format[] = ['text', 'csv', 'tsv', 'ndjson'];

/** Check the table options together; every inconsistency is a usage error (exit 2). */
export function readTableSpec(values: {
  format?: string | undefined;
  column?: string | undefined;
  header?: boolean | undefined;
  'no-header'?: boolean | undefined;
  trim?: boolean | undefined;
  bom?: boolean | undefined;
}): TableSpec {
  const format = (values.format ?? 'text') as Format;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(values.format)}`);
  }
  if (values.header && values['no-header']) throw new UsageError('--header and --no-header contradict each other');
  const trim = values.trim ?? false;
  const bom = values.bom ?? false;
  if (format === 'text' || format === 'ndjson') {
    if (values.header || values['no-header']) throw new UsageError(`--header applies to csv and tsv, not ${format}`);
    if (bom && format === 'ndjson') throw new UsageError('--bom applies to csv and tsv output');
  }
  if (format === 'text') {
    if (values.column !== undefined) throw new UsageError('--column needs --format csv, tsv or ndjson');
    if (bom) throw new UsageError('--bom applies to csv and tsv output');
    return { format, column: null, header: false, trim, bom: false };
  }
  if (format === 'ndjson') {
    if (values.column === undefined || values.column === '') {
      throw new UsageError('--format ndjson needs --column FIELD: the name of the field holding the identifier');
    }
    return { format, column: { kind: 'name', name: values.column }, header: false, trim, bom: false };
  }
  const column = readColumn(values.column ?? '1');
  if (column.kind === 'name' && values['no-header']) {
    throw new UsageError(
      `--column ${JSON.stringify(column.name)} names a header column, but --no-header says there is none`,
    );
  }
  const header = column.kind === 'name' || values.header === true;
  return { format, column, header, trim, bom };
}

/** A column given as digits is a number counting from 1; anything else is a header name. */
export function readColumn(text: string): Column {
  if (/^[0-9]+$/.test(text)) {
    const n = Number(text);
    if (n < 1 || !Number.isSafeInteger(n)) throw new UsageError(`--column ${text}: columns count from 1`);
    return { kind: 'index', index: n - 1 };
  }
  if (text === '') throw new UsageError('--column needs a header name or a number');
  return { kind: 'name', name: text };
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x3000;

/** Remove the white space the registry refuses around an identifier (the same characters), in linear time. */
export function trimSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
