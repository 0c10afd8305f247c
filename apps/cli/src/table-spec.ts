import { UsageError } from './io.ts';

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
  bom: { type: 'boolean', default: false },
  sheet: { type: 'string' },
  output: { type: 'string', short: 'o' },
} as const;

/** The help text of those options. */
export const tableUsage = `  --format, -f text|csv|tsv|ndjson|xlsx   the input format (default text: one identifier per line)
  --column, -c NAME|NUMBER   the column holding the identifier: a header name, or a number
                             counting from 1 (csv/tsv; default 1); the field name (ndjson, required)
  --delimiter, -d CHAR|tab   the csv cell separator, written back the same (default: found in the
                             file: "," or the ";", tab or "|" that every one of its first rows
                             has as often, as spreadsheets save CSV in many languages)
  --header / --no-header     whether the first csv/tsv row is a header. A NAME implies --header;
                             with a NUMBER the first row is data unless --header is given
  --trim                     remove white space (any Unicode space, no-break and ideographic
                             spaces too) and the invisible U+200B, U+2060, U+FEFF around each
                             cell or line before normalizing it; without it such input fails
                             with surrounding-whitespace
  --bom                      start csv/tsv output with a UTF-8 byte-order mark (for spreadsheets)
  --sheet NAME               xlsx: the sheet to read (default: the workbook's first)
  --output, -o FILE          xlsx: write the workbook to FILE (default: standard output, as bytes;
                             refused on a terminal)`;

/** Which cell of a row holds the identifier. */
export type Column =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'index'; readonly index: number };

export interface TableSpec {
  readonly format: Format;
  readonly column: Column | null;
  /** The csv cell separator; null: found in each file (`sniffDelimiter`). Tab for tsv. */
  readonly delimiter: string | null;
  readonly header: boolean;
  readonly trim: boolean;
  readonly bom: boolean;
  /** xlsx: the sheet to read (null: the first) and the file to write (null: standard output). */
  readonly sheet?: string | null;
  readonly output?: string | null;
}

const FORMATS: readonly Format[] = ['text', 'csv', 'tsv', 'ndjson', 'xlsx'];

/** Check the table options together; every inconsistency is a usage error (exit 2). */
export function readTableSpec(values: {
  format?: string | undefined;
  column?: string | undefined;
  delimiter?: string | undefined;
  header?: boolean | undefined;
  'no-header'?: boolean | undefined;
  trim?: boolean | undefined;
  bom?: boolean | undefined;
  sheet?: string | undefined;
  output?: string | undefined;
}): TableSpec {
  const format = (values.format ?? 'text') as Format;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(values.format)}`);
  }
  if (format !== 'xlsx' && (values.sheet !== undefined || values.output !== undefined))
    throw new UsageError(`--${values.sheet !== undefined ? 'sheet' : 'output'} needs --format xlsx`);
  if (values.header && values['no-header']) throw new UsageError('--header and --no-header contradict each other');
  const trim = values.trim ?? false;
  const bom = values.bom ?? false;
  if (format === 'text' || format === 'ndjson') {
    if (values.header || values['no-header']) throw new UsageError(`--header applies to csv and tsv, not ${format}`);
    if (bom && format === 'ndjson') throw new UsageError('--bom applies to csv and tsv output');
  }
  if (format === 'text') {
    if (values.column !== undefined) throw new UsageError('--column needs --format csv, tsv, ndjson or xlsx');
    if (bom) throw new UsageError('--bom applies to csv and tsv output');
    if (values.delimiter !== undefined) throw new UsageError('--delimiter needs --format csv');
    return { format, column: null, delimiter: null, header: false, trim, bom: false };
  }
  if (format === 'ndjson') {
    if (values.column === undefined || values.column === '') {
      throw new UsageError('--format ndjson needs --column FIELD: the name of the field holding the identifier');
    }
    if (values.delimiter !== undefined) throw new UsageError('--delimiter needs --format csv');
    return { format, column: { kind: 'name', name: values.column }, delimiter: null, header: false, trim, bom: false };
  }
  if (format === 'xlsx' && (values.delimiter !== undefined || bom))
    throw new UsageError(`--${bom ? 'bom' : 'delimiter'} applies to csv and tsv, not xlsx`);
  const column = readColumn(values.column ?? '1');
  if (column.kind === 'name' && values['no-header']) {
    throw new UsageError(
      `--column ${JSON.stringify(column.name)} names a header column, but --no-header says there is none`,
    );
  }
  const header = column.kind === 'name' || values.header === true;
  const delimiter =
    format === 'tsv' ? readTsvDelimiter(values.delimiter) : format === 'xlsx' ? null : readDelimiter(values.delimiter);
  const workbook = format === 'xlsx' ? { sheet: values.sheet ?? null, output: values.output ?? null } : {};
  return { format, column, delimiter, header, trim, bom, ...workbook };
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

/** The separators `sniffDelimiter` looks for, in order of preference. */
const CANDIDATES = [',', ';', '\t', '|'];
/** How many of a file's first rows `sniffDelimiter` reads. */
const SNIFF_ROWS = 20;

/**
 * The cell separator of a CSV file from its first rows (the beginning of the file, `head`): the first
 * of `,` `;` tab `|` that the first row has, and every other non-blank row of `head` has as often
 * (counted outside quotes); "," when none does. A row cut off at the end of `head` is not counted,
 * unless it is the only one. Linear in the length of `head`.
 */
export function sniffDelimiter(head: string): string {
  const rows = firstRows(head);
  for (const candidate of CANDIDATES) {
    const first = rows[0]?.get(candidate) ?? 0;
    if (first > 0 && rows.every((row) => (row.get(candidate) ?? 0) === first)) return candidate;
  }
  return ',';
}

/** For each of the first non-blank rows of `head`, how often each candidate separator occurs outside quotes. */
function firstRows(head: string): Map<string, number>[] {
  const rows: Map<string, number>[] = [];
  let counts = new Map<string, number>();
  let quoted = false;
  let blank = true;
  for (let i = 0; i < head.length && rows.length < SNIFF_ROWS; i++) {
    const c = head[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (!blank) rows.push(counts);
      counts = new Map();
      blank = true;
      continue;
    } else if (!quoted && CANDIDATES.includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
    if (c !== ' ') blank = false;
  }
  if (rows.length === 0 && !blank) rows.push(counts);
  return rows;
}
