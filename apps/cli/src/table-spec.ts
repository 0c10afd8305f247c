import { COLUMN_HINTS } from '@pidgate/core';
import { UsageError } from './io.ts';

/** The hint names, as the help text lists them. */
const COLUMN_HINTS_TEXT = COLUMN_HINTS.join(', ');

/**
 * The table options of `normalize` and `group` (the input format, the column, header, trimming), read
 * and checked without loading the CSV libraries: plain text input needs only these.
 */
export type Format = 'text' | 'csv' | 'tsv' | 'ndjson' | 'xlsx';

/** The options every command that reads tables takes (parseArgs config). */
export const tableOptions = {
  format: { type: 'string', short: 'f', default: 'text' },
  column: { type: 'string', short: 'c' },
  delimiter: { type: 'string', short: 'd' },
  header: { type: 'boolean' },
  'no-header': { type: 'boolean' },
  trim: { type: 'boolean', default: false },
  bom: { type: 'boolean' },
  'no-bom': { type: 'boolean' },
  'raw-formulas': { type: 'boolean', default: false },
  sheet: { type: 'string' },
  output: { type: 'string', short: 'o' },
} as const;

/** The help text of those options. */
export const tableUsage = `  --format, -f text|csv|tsv|ndjson|xlsx   the input format (default text: one identifier per line)
  --column, -c NAME|NUMBER   the column holding the identifier: a header name, or a number
                             counting from 1 (csv/tsv); the field name (ndjson, required). Without
                             it (csv/tsv): the column whose cells parse most often in the file's
                             first 100 rows; a tie goes to a column named like an identifier
                             (${COLUMN_HINTS_TEXT}), then to the leftmost
  --delimiter, -d CHAR|tab   the csv cell separator, written back the same (default: found in the
                             file: the first of "," ";" tab "|" that every one of its first rows
                             has as often, else ",")
  --header / --no-header     whether the first csv/tsv row is a header. A NAME implies --header;
                             with a NUMBER the first row is data unless --header is given; with
                             neither, the first row is a header when its cell in the column is no
                             identifier while a cell below it is (or its name is one of the above)
  --trim                     remove white space (any Unicode space, no-break and ideographic
                             spaces too) and the invisible U+200B, U+2060, U+FEFF around each
                             cell or line before normalizing it; without it such input fails
                             with surrounding-whitespace
  --bom / --no-bom           csv/tsv output starts with a UTF-8 byte-order mark, so that spreadsheet
                             programs read it as UTF-8 (the default); --no-bom leaves it out
  --raw-formulas             write cells as they are: by default a csv/tsv cell that starts with
                             = + - @, a tab or a carriage return (one a spreadsheet would run as a
                             formula) is written with a ' before it (OWASP's CSV-injection advice)
  --sheet NAME               xlsx: the sheet to read (default: the workbook's first)
  --output, -o FILE          xlsx: write the workbook to FILE (default: standard output, as bytes;
                             refused on a terminal)`;

/** Which cell of a row holds the identifier. */
export type Column =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'index'; readonly index: number }
  /** Found in each file from its content (`chooseColumn` of @pidgate/core). */
  | { readonly kind: 'auto' };

export interface TableSpec {
  readonly format: Format;
  readonly column: Column | null;
  /** The csv cell separator; null: found in each file (`sniffDelimiter`). Tab for tsv. */
  readonly delimiter: string | null;
  /** 'auto': decided in each file with its column (`firstRowIsHeader` of @pidgate/core). */
  readonly header: boolean | 'auto';
  readonly trim: boolean;
  /** A byte-order mark before csv/tsv output (default: yes). */
  readonly bom: boolean;
  /** Cells written as they are, formula-looking ones included (`--raw-formulas`). */
  readonly rawFormulas: boolean;
  /** xlsx: the sheet to read (null: the first) and the file to write (null: standard output). */
  readonly sheet?: string | null;
  readonly output?: string | null;
}

const FORMATS: readonly Format[] = ['text', 'csv', 'tsv', 'ndjson', 'xlsx'];

/** The table options as parsed from the command line. */
interface TableValues {
  format?: string | undefined;
  column?: string | undefined;
  delimiter?: string | undefined;
  header?: boolean | undefined;
  'no-header'?: boolean | undefined;
  trim?: boolean | undefined;
  bom?: boolean | undefined;
  sheet?: string | undefined;
  output?: string | undefined;
  'no-bom'?: boolean | undefined;
  'raw-formulas'?: boolean | undefined;
}

/** Refuse an option the format has no use for (a usage error, exit 2). */
function checkOptionsApply(format: Format, values: TableValues): void {
  if (format !== 'xlsx' && (values.sheet !== undefined || values.output !== undefined))
    throw new UsageError(`--${values.sheet !== undefined ? 'sheet' : 'output'} needs --format xlsx`);
  if (values.header && values['no-header']) throw new UsageError('--header and --no-header contradict each other');
  if (values.bom && values['no-bom']) throw new UsageError('--bom and --no-bom contradict each other');
  if (format === 'text' || format === 'ndjson') {
    if (values.header || values['no-header']) throw new UsageError(`--header applies to csv and tsv, not ${format}`);
    if (values.bom || values['no-bom']) throw new UsageError('--bom and --no-bom apply to csv and tsv output');
    if (values['raw-formulas']) throw new UsageError('--raw-formulas applies to csv and tsv output');
  }
  if (format === 'xlsx' && (values.delimiter !== undefined || values.bom || values['no-bom']))
    throw new UsageError(`--${values.delimiter !== undefined ? 'delimiter' : 'bom'} applies to csv and tsv, not xlsx`);
}

/** Check the table options together; every inconsistency is a usage error (exit 2). */
export function readTableSpec(values: TableValues): TableSpec {
  const format = (values.format ?? 'text') as Format;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(values.format)}`);
  }
  checkOptionsApply(format, values);
  const trim = values.trim ?? false;
  const bom = values['no-bom'] !== true;
  const rawFormulas = values['raw-formulas'] ?? false;
  if (format === 'text') {
    if (values.column !== undefined) throw new UsageError('--column needs --format csv, tsv, ndjson or xlsx');
    if (values.delimiter !== undefined) throw new UsageError('--delimiter needs --format csv');
    return { format, column: null, delimiter: null, header: false, trim, bom: false, rawFormulas: false };
  }
  if (format === 'ndjson') {
    if (values.column === undefined || values.column === '') {
      throw new UsageError('--format ndjson needs --column FIELD: the name of the field holding the identifier');
    }
    if (values.delimiter !== undefined) throw new UsageError('--delimiter needs --format csv');
    return {
      format,
      column: { kind: 'name', name: values.column },
      delimiter: null,
      header: false,
      trim,
      bom: false,
      rawFormulas: false,
    };
  }
  const column: Column = values.column === undefined ? { kind: 'auto' } : readColumn(values.column);
  if (column.kind === 'name' && values['no-header']) {
    throw new UsageError(
      `--column ${JSON.stringify(column.name)} names a header column, but --no-header says there is none`,
    );
  }
  const header =
    column.kind === 'name' || values.header === true
      ? true
      : column.kind === 'auto' && values['no-header'] !== true
        ? 'auto'
        : false;
  const delimiter =
    format === 'tsv' ? readTsvDelimiter(values.delimiter) : format === 'xlsx' ? null : readDelimiter(values.delimiter);
  const workbook = format === 'xlsx' ? { sheet: values.sheet ?? null, output: values.output ?? null } : {};
  return { format, column, delimiter, header, trim, bom, rawFormulas, ...workbook };
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

/** `--delimiter`: one character that can separate cells (not a quote or a line break), or "tab". */
export function readDelimiter(text: string | undefined): string | null {
  if (text === undefined) return null;
  const delimiter = text === 'tab' || text === '\\t' ? '\t' : text;
  if ([...delimiter].length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r') {
    throw new UsageError(
      `--delimiter must be one character (not a quote or a line break) or "tab", not ${JSON.stringify(text)}`,
    );
  }
  return delimiter;
}

function readTsvDelimiter(text: string | undefined): string {
  if (text !== undefined && readDelimiter(text) !== '\t')
    throw new UsageError('--format tsv is separated by tabs; use --format csv --delimiter');
  return '\t';
}

/** The cell separator of a CSV file from its first rows: the one rule of @pidgate/core (docs/cli.md). */
export { sniffDelimiter } from '@pidgate/core';
