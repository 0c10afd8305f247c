import { Readable } from 'node:stream';
import { csvTextWithMarkers, isLineTooLong, neutralizeFormula, trimSurroundingSpace } from '@pidgate/core';
import { type CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { resolveColumn } from './column-choice.ts';
import { type Io, UsageError, write } from './io.ts';
import { lineBatches, peek, type Source } from './lines.ts';
import { DEFAULT_MAX_LINE_LENGTH, tooLongMessage } from './max-line.ts';
import type { Progress } from './progress.ts';
import { sniffDelimiter, type TableSpec } from './table-spec.ts';

export {
  type Column,
  type Format,
  readColumn,
  readDelimiter,
  readTableSpec,
  sniffDelimiter,
  type TableSpec,
  tableOptions,
  tableUsage,
} from './table-spec.ts';

/**
 * Spreadsheet input and output for `normalize` and `group`: the rows of a CSV, TSV or NDJSON file, the
 * cell to normalize in each, and the same rows written back with pidgate's columns after the user's.
 */

/** One input row: what is carried through to the output, and the identifier to normalize. */
export interface Row {
  /** The cells as read (csv/tsv), or the object (ndjson). */
  readonly data: readonly string[] | Readonly<Record<string, unknown>>;
  readonly value: string;
  /** A row that could not be read (a line over `--max-line-length`): its error, in place of a result. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** A table being read: its header (csv/tsv with a header), then its rows in batches, in order. */
export interface TableReader {
  /** The header row, once the first batch has been read (csv/tsv with --header only). */
  header(): readonly string[] | null;
  batches(): AsyncGenerator<Row[]>;
}

/** What a CSV error from the parser becomes: one line naming where, never a stack trace. */
export function csvProblem(
  format: 'csv' | 'tsv',
  source: string,
  e: CsvError,
  maxRecordSize = MAX_RECORD_SIZE,
): UsageError {
  const where = source === '-' ? '' : `${source}: `;
  const line = typeof e.lines === 'number' ? ` at line ${e.lines}` : '';
  const what =
    e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
      ? 'a row has more cells than the first row'
      : e.code === 'CSV_MAX_RECORD_SIZE'
        ? `line-too-long: a row runs on for more than --max-line-length (${maxRecordSize} characters; is a closing quote missing?)`
        : e.message;
  return new UsageError(`${where}malformed ${format.toUpperCase()}${line}: ${what}`);
}

/** The longest row read by default, in characters: `--max-line-length`'s default (1 MiB). */
export const MAX_RECORD_SIZE = DEFAULT_MAX_LINE_LENGTH;

/**
 * The cell separator of `source`: the one `spec` gives, or the one found in its first rows
 * (`sniffDelimiter`). Tab for TSV; none for NDJSON.
 */
export async function delimiterOf(source: Source, spec: TableSpec): Promise<string> {
  if (spec.format === 'ndjson') return '';
  return spec.delimiter ?? sniffDelimiter((await peek(source.stream)).toString('utf8'));
}

/**
 * `spec` for one source: with the column (and header) found in the source's first rows when the user
 * named no column (`resolveColumn`); as it is otherwise.
 */
export async function specOf(
  source: Source,
  spec: TableSpec,
  delimiter: string,
  parses: ((value: string) => boolean) | undefined,
): Promise<TableSpec> {
  if (spec.format === 'ndjson' || spec.column?.kind !== 'auto') return spec;
  const head = (await peek(source.stream)).toString('utf8');
  if (parses === undefined) return { ...spec, column: { kind: 'index', index: 0 }, header: spec.header === true };
  return resolveColumn(head, spec, delimiter, parses);
}

/**
 * Read CSV or TSV rows (RFC 4180 quoting, a UTF-8 BOM dropped), cells separated by `delimiter`, with the
 * header handling of `spec`.
 */
export function csvReader(
  source: Source,
  spec: TableSpec,
  delimiter: string,
  onBytes?: (n: number) => void,
  maxRecordSize = MAX_RECORD_SIZE,
): TableReader {
  const format = spec.format as 'csv' | 'tsv';
  let header: string[] | null = null;
  let width = 0;
  let index = spec.column?.kind === 'index' ? spec.column.index : -1;
  // Rows over the maximum are cut out before the parser (it cannot go on after its own limit) and come
  // back as marker rows, each answered with a line-too-long error row in its place.
  const marked = csvTextWithMarkers(decoded(source.stream, onBytes), maxRecordSize, delimiter);
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count_less: true,
    skip_empty_lines: true,
    info: true,
    // A backstop only: the splitter holds no row over the maximum.
    max_record_size: maxRecordSize * 2 + 1024,
  });
  const text = Readable.from(marked.text, { objectMode: false });
  text.on('error', (e) => parser.destroy(e));
  text.pipe(parser);

  const cellOf = (cells: string[]): string => {
    const cell = cells[index] ?? '';
    return spec.trim ? trimSurroundingSpace(cell) : cell;
  };

  /** The first row sets the width; with a header it names the columns (and is not a row itself). */
  const firstRow = (record: string[]): 'header' | 'data' => {
    width = record.length;
    if (spec.header === true) {
      header = record;
      if (spec.column?.kind === 'name') {
        index = record.indexOf(spec.column.name);
        if (index === -1) {
          throw new UsageError(
            `no column ${JSON.stringify(spec.column.name)}; the header has ${record.map((c) => JSON.stringify(c)).join(', ')}`,
          );
        }
      }
      return 'header';
    }
    if (index >= width) throw new UsageError(`--column ${index + 1}: the first row has only ${width} columns`);
    return 'data';
  };

  async function* batches(): AsyncGenerator<Row[]> {
    try {
      for await (const records of recordBatches(parser)) {
        const rows: Row[] = [];
        for (const { record } of records as { record: string[] }[]) {
          const cut = marked.take(record);
          if (cut) {
            const message = `line ${cut.line}: ${tooLongMessage(cut.length, maxRecordSize, 'characters')}`;
            rows.push({
              data: width > 0 ? new Array(width).fill('') : [],
              value: '',
              error: { code: 'line-too-long', message },
            });
            continue;
          }
          if (width === 0 && firstRow(record) === 'header') continue;
          while (record.length < width) record.push('');
          rows.push({ data: record, value: cellOf(record) });
        }
        if (rows.length > 0) yield rows;
      }
    } catch (e) {
      if (e instanceof UsageError) throw e;
      if ((e as CsvError).code?.startsWith?.('CSV_') || (e as CsvError).code === 'INVALID_OPENING_QUOTE') {
        throw csvProblem(format, source.name, e as CsvError, maxRecordSize);
      }
      throw e;
    } finally {
      text.unpipe(parser);
      text.destroy();
      parser.destroy();
    }
  }
  return { header: () => header, batches };
}

/** A byte stream as UTF-8 text, counting its bytes. */
async function* decoded(stream: Readable, onBytes?: (n: number) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    onBytes?.(buf.length);
    const text = decoder.decode(buf, { stream: true });
    if (text.length > 0) yield text;
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}

/** The records a stream has ready, as arrays: one batch per wake-up, so writes are few and large. */
async function* recordBatches(stream: Readable): AsyncGenerator<unknown[]> {
  let error: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  stream.on('readable', signal);
  stream.on('end', () => {
    ended = true;
    signal();
  });
  stream.on('error', (e) => {
    error = e;
    signal();
  });
  for (;;) {
    const batch: unknown[] = [];
    for (let r = stream.read(); r !== null; r = stream.read()) batch.push(r);
    if (batch.length > 0) yield batch;
    if (error) throw error;
    if (ended) return;
    if (batch.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  }
}

/** Read NDJSON: one JSON object per line; blank lines are skipped; anything else stops with its line number. */
export function ndjsonReader(
  source: Source,
  spec: TableSpec,
  onBytes?: (n: number) => void,
  maxLineLength = DEFAULT_MAX_LINE_LENGTH,
): TableReader {
  const field = (spec.column as { name: string }).name;
  let line = 0;
  async function* batches(): AsyncGenerator<Row[]> {
    for await (const lines of lineBatches(source.stream, onBytes, maxLineLength)) {
      const rows: Row[] = [];
      for (const text of lines) {
        line++;
        if (isLineTooLong(text)) {
          // Not held, not parsed: its error row, in its place (an object with no fields of the input).
          const message = `line ${line}: ${tooLongMessage(text.length, maxLineLength, 'characters')}`;
          rows.push({ data: {}, value: '', error: { code: 'line-too-long', message } });
          continue;
        }
        if (trimSurroundingSpace(text) === '') continue;
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          data = undefined;
        }
        if (typeof data !== 'object' || data === null || Array.isArray(data)) {
          // The rows before it are written first: output order is input order.
          if (rows.length > 0) yield rows;
          const where = source.name === '-' ? '' : `${source.name}: `;
          throw new UsageError(`${where}line ${line} is not a JSON object`);
        }
        const raw = (data as Record<string, unknown>)[field];
        const value = raw === undefined || raw === null ? '' : typeof raw === 'string' ? raw : JSON.stringify(raw);
        rows.push({ data: data as Record<string, unknown>, value: spec.trim ? trimSurroundingSpace(value) : value });
      }
      if (rows.length > 0) yield rows;
    }
  }
  return { header: () => null, batches };
}

export function tableReader(
  source: Source,
  spec: TableSpec,
  delimiter: string,
  onBytes?: (n: number) => void,
  maxLineLength = DEFAULT_MAX_LINE_LENGTH,
): TableReader {
  return spec.format === 'ndjson'
    ? ndjsonReader(source, spec, onBytes, maxLineLength)
    : csvReader(source, spec, delimiter, onBytes, maxLineLength);
}

/** Writes rows back in the input's format (csv: with its delimiter) with pidgate's columns after the user's. */
export class TableWriter {
  private started = false;
  constructor(
    private readonly spec: TableSpec,
    private readonly columns: readonly string[],
    private readonly delimiter: string,
  ) {}

  /** The text for one batch of rows (the header and BOM before the first). */
  batch(
    rows: readonly Row[],
    added: readonly (readonly (string | number | null)[])[],
    header: readonly string[] | null,
  ): string {
    let out = '';
    if (this.spec.format === 'ndjson') {
      rows.forEach((row, i) => {
        const extra: Record<string, unknown> = {};
        this.columns.forEach((name, j) => {
          extra[name] = added[i]?.[j] ?? null;
        });
        out += `${JSON.stringify({ ...(row.data as Record<string, unknown>), ...extra })}\n`;
      });
      return out;
    }
    const records: (string | number)[][] = [];
    if (!this.started) {
      this.started = true;
      if (this.spec.bom) out += '\ufeff';
      if (header) records.push(this.cells([...header, ...this.columns]));
    }
    rows.forEach((row, i) => {
      records.push(this.cells([...(row.data as string[]), ...(added[i] ?? []).map((v) => v ?? '')]));
    });
    return out + stringify(records, { delimiter: this.delimiter });
  }

  /** A row's cells as written: formula-looking text neutralized unless `--raw-formulas`. */
  private cells(row: (string | number)[]): (string | number)[] {
    if (this.spec.rawFormulas) return row;
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v === 'string') row[i] = neutralizeFormula(v);
    }
    return row;
  }

  /** What is still owed at the end: the BOM and header of a table that had no rows. */
  end(header: readonly string[] | null): string {
    if (this.started || this.spec.format === 'ndjson') return '';
    this.started = true;
    const bom = this.spec.bom ? '\ufeff' : '';
    return header ? bom + stringify([this.cells([...header, ...this.columns])], { delimiter: this.delimiter }) : bom;
  }
}

/** The cells pidgate adds to one row (null: none). */
export type Added = readonly (string | number | null)[];

/**
 * Read every source as one table and write it back, in order, with `columns` added to each row by
 * `classify`. Memory stays flat: one batch of rows is held at a time. Each file's header is read
 * (and the column found in it by name, and its delimiter unless given); the output has the first
 * file's header and delimiter.
 */
export async function runTable(
  io: Io,
  sources: readonly Source[],
  spec: TableSpec,
  bar: Progress,
  columns: readonly string[],
  classify: (value: string) => Added,
  maxLineLength = DEFAULT_MAX_LINE_LENGTH,
  options: TableRunOptions = {},
): Promise<void> {
  if (spec.format === 'xlsx')
    return (await import('./xlsx.ts')).runXlsx(io, sources, spec, bar, columns, classify, options.parses);
  let writer: TableWriter | undefined;
  let header: readonly string[] | null | undefined;
  const { unique } = options;
  /** With `unique`: class key → its first row, its cells and how many rows it has (in order of first appearance). */
  const classes = new Map<string, { row: Row; added: Added; count: number }>();
  for (const source of sources) {
    const delimiter = await delimiterOf(source, spec);
    const sourceSpec = await specOf(source, spec, delimiter, options.parses);
    writer ??= new TableWriter(spec, unique ? [...columns, 'count'] : columns, delimiter);
    const reader = tableReader(source, sourceSpec, delimiter, bar.bytes, maxLineLength);
    for await (const rows of reader.batches()) {
      header ??= reader.header();
      const added = rows.map((r) => (r.error ? errorCells(columns, r.error) : classify(r.value)));
      if (unique) {
        rows.forEach((row, i) => {
          const cells = added[i] as Added;
          const key = unique(row, cells);
          const seen = classes.get(key);
          if (seen) seen.count++;
          else classes.set(key, { row, added: cells, count: 1 });
        });
      } else await write(io.stdout, writer.batch(rows, added, header));
      bar.lines(rows.length);
    }
    header ??= reader.header();
  }
  if (unique && writer && classes.size > 0) {
    const all = [...classes.values()];
    for (let i = 0; i < all.length; i += 10_000) {
      const part = all.slice(i, i + 10_000);
      await write(
        io.stdout,
        writer.batch(
          part.map((c) => c.row),
          part.map((c) => [...c.added, c.count]),
          header ?? null,
        ),
      );
    }
  }
  const tail = writer?.end(header ?? null) ?? '';
  if (tail !== '') await write(io.stdout, tail);
}

export interface TableRunOptions {
  /** Is a cell an identifier? Finds the column (and header) of a file when none is named. */
  readonly parses?: (value: string) => boolean;
  /**
   * De-duplicate (`--unique`): the key of a row's class; one row per class is written, its first, with
   * a `count` column.
   */
  readonly unique?: (row: Row, added: Added) => string;
}

/** The cells of a row that could not be read: its error in the `error_code` and `error_message` columns. */
function errorCells(columns: readonly string[], error: { code: string; message: string }): Added {
  return columns.map((c) => (c === 'error_code' ? error.code : c === 'error_message' ? error.message : null));
}
