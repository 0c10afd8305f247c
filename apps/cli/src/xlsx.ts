import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { SAMPLE_ROWS, trimSurroundingSpace } from '@pidgate/core';
import type ExcelJS from 'exceljs';
import { resolveColumnOfRows } from './column-rows.ts';
import { type Io, UsageError } from './io.ts';
import type { Source } from './lines.ts';
import type { Progress } from './progress.ts';
import type { Added } from './table.ts';
import type { TableSpec } from './table-spec.ts';

/**
 * Workbooks (`--format xlsx`) for `normalize` and `group`: the rows of one sheet read as they are
 * unzipped (exceljs's streaming reader), the cell to normalize in each, and a workbook written as the
 * rows go (exceljs's streaming writer) with the input's cells and pidgate's columns after them. Memory
 * holds the shared strings of the input and one batch of rows, whatever the number of rows.
 */

/** What the help says of workbooks. */
export const xlsxHelp = `With --format xlsx it reads one sheet of an Excel workbook (.xlsx) and writes a workbook with one
sheet of the same name: the input's cells (as values: numbers stay numbers, dates dates) and the same
columns as CSV output. The cell normalized is read as its value, not as Excel displays it: text as is;
a number in full (9780306406157, not 9.78031E+12); a date as YYYY-MM-DD (with THH:MM:SS when it has a
time); a formula as its cached result; rich text and hyperlinks as their text; TRUE/FALSE; an error
as its code (#N/A). Empty rows are skipped. A cell to the right of the first row's last cell stops
the command (exit 2), as a CSV row with more cells does.`;

type Cell = ExcelJS.CellValue | undefined;

/** The text of a cell, as normalized (see `xlsxHelp`). */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = Number.isNaN(value.getTime()) ? '' : value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) return String(value.error);
  if ('hyperlink' in value) return cellText(value.text as Cell);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: Cell }).result);
  return '';
}

/** A cell's value as written back: formulas by their result, rich text as its text; the rest as read. */
export function plainValue(value: Cell): ExcelJS.CellValue {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return cellText(value);
  if ('formula' in value || 'sharedFormula' in value) return plainValue((value as { result?: Cell }).result);
  return value;
}

/** Column letters of a 0-based index (0 → A, 26 → AA). */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

async function loadExcel(): Promise<typeof ExcelJS> {
  const m = (await import('exceljs')) as typeof ExcelJS & { default?: typeof ExcelJS };
  return m.default ?? m;
}

/** The rows of one sheet of a workbook, in batches: each row's cells (0-based), empty rows skipped. */
async function* sheetRows(
  Excel: typeof ExcelJS,
  source: Source,
  sheet: string | null,
  onBytes: (n: number) => void,
  found: (name: string) => void,
): AsyncGenerator<Cell[][]> {
  const counted = new PassThrough();
  source.stream.on('data', (d: Buffer) => onBytes(d.length));
  source.stream.on('error', (e) => counted.destroy(e));
  source.stream.pipe(counted);
  const reader = new Excel.stream.xlsx.WorkbookReader(counted, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const where = source.name === '-' ? 'standard input' : source.name;
  const seen: string[] = [];
  let read = false;
  try {
    for await (const ws of reader as AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader & { name: string }>) {
      const first = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets?.[0]?.name;
      seen.push(ws.name);
      const wanted = !read && (sheet === null ? first === undefined || ws.name === first : ws.name === sheet);
      const events = ws.parse() as unknown as AsyncIterable<{ eventType: string; value: ExcelJS.Row }[]>;
      if (!wanted) {
        for await (const _ of events); // unread sheets are unzipped past
        continue;
      }
      read = true;
      found(ws.name);
      for await (const batch of events) {
        const rows: Cell[][] = [];
        for (const { eventType, value } of batch) {
          if (eventType !== 'row') continue;
          const cells = (value.values as Cell[]).slice(1); // exceljs counts columns from 1
          if (cells.every((c) => cellText(c) === '')) continue;
          rows.push(cells);
        }
        if (rows.length > 0) yield rows;
      }
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${where}: not-a-workbook: cannot read it as an .xlsx workbook (${(e as Error).message})`);
  } finally {
    source.stream.destroy();
  }
  if (!read) {
    throw new UsageError(
      `${where}: no-such-sheet: no sheet ${JSON.stringify(sheet)}; the workbook has ${seen.map((s) => JSON.stringify(s)).join(', ') || 'no sheets'}`,
    );
  }
}

/**
 * The rows of the input, as they become rows of the output: the first row sets the width and, with a
 * header, names the columns (the column found by name in each file's); the first file's header is written.
 */
class Rows {
  private width = 0;
  private index = -1;
  private header = false;
  private spec!: TableSpec;
  constructor(
    spec: TableSpec,
    private readonly columns: readonly string[],
  ) {
    this.use(spec);
  }

  /** The spec of the next file (its column found in its first rows when none was named). */
  use(spec: TableSpec): void {
    this.spec = spec;
    if (spec.column?.kind === 'index') this.index = spec.column.index;
  }

  /** A file's first row: its header (the output's first row, or null) or its first data row. */
  first(cells: readonly Cell[], classify: (value: string) => Added, where: string): ExcelJS.CellValue[] | null {
    if (this.width === 0) this.width = cells.length;
    if (!this.spec.header) {
      if (this.index >= this.width)
        throw new UsageError(`--column ${this.index + 1}: the first row has only ${this.width} columns`);
      return this.row(cells, classify, where);
    }
    const names = cells.map(cellText);
    if (this.spec.column?.kind === 'name') {
      this.index = names.indexOf(this.spec.column.name);
      if (this.index === -1) {
        throw new UsageError(
          `no column ${JSON.stringify(this.spec.column.name)}; the header has ${names.map((c) => JSON.stringify(c)).join(', ')}`,
        );
      }
    }
    if (this.header) return null;
    this.header = true;
    return [...padded(cells, this.width).map(plainValue), ...this.columns];
  }

  /** A data row: its cells, then the columns `classify` gives for its identifier cell. */
  row(cells: readonly Cell[], classify: (value: string) => Added, where: string): ExcelJS.CellValue[] {
    if (cells.length > this.width) {
      const beyond = cells.findIndex((c, i) => i >= this.width && cellText(c) !== '');
      if (beyond !== -1) {
        throw new UsageError(
          `${where}: a row has a cell in column ${columnName(beyond)}, to the right of the first row's ${this.width} columns`,
        );
      }
    }
    const raw = cellText(cells[this.index]);
    const added = classify(this.spec.trim ? trimSurroundingSpace(raw) : raw);
    return [...padded(cells, this.width).map(plainValue), ...added.map((v) => v ?? null)];
  }

  /** The header row still owed by an input without rows. */
  end(): ExcelJS.CellValue[] | null {
    return this.spec.header && !this.header ? [...this.columns] : null;
  }
}

/**
 * Read every source's sheet as one table and write one workbook, in order, with `columns` added to each
 * row by `classify` (as `runTable` does for CSV): the first file's header (and sheet name) heads it.
 */
export async function runXlsx(
  io: Io,
  sources: readonly Source[],
  spec: TableSpec,
  bar: Progress,
  columns: readonly string[],
  classify: (value: string) => Added,
  parses?: (value: string) => boolean,
): Promise<void> {
  const output = spec.output ?? null;
  if (output === null && (io.stdout as Writable & { isTTY?: boolean }).isTTY) {
    throw new UsageError('--format xlsx writes a workbook (bytes): give --output FILE, or redirect standard output');
  }
  const Excel = await loadExcel();
  // exceljs ends the stream it writes to: standard output gets the bytes through a stream of its own.
  const target = output === null ? new PassThrough() : createWriteStream(resolve(io.cwd, output));
  if (output === null) target.pipe(io.stdout, { end: false });
  const written = once(target, output === null ? 'end' : 'close');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: target, useStyles: true, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet | null = null;
  const rows = new Rows(spec, columns);
  for (const source of sources) {
    const where = source.name === '-' ? 'standard input' : source.name;
    let name = 'Sheet1';
    let first = true;
    // No --column: the file's first rows are held until the column (and header) is found in them.
    const auto = spec.column?.kind === 'auto';
    let held: Cell[][] | null = auto ? [] : null;
    const write = (cells: readonly Cell[]) => {
      const out = first ? rows.first(cells, classify, where) : rows.row(cells, classify, where);
      first = false;
      if (out) sheet?.addRow(out).commit();
    };
    const release = () => {
      if (held === null) return;
      const texts = held.map((cells) => cells.map(cellText));
      rows.use(resolveColumnOfRows(texts, spec, parses ?? (() => false)));
      const rowsHeld = held;
      held = null;
      for (const cells of rowsHeld) write(cells);
    };
    if (!auto) rows.use(spec);
    for await (const batch of sheetRows(Excel, source, spec.sheet ?? null, bar.bytes, (n) => (name = n))) {
      sheet ??= workbook.addWorksheet(name);
      for (const cells of batch) {
        if (held === null) write(cells);
        else {
          held.push([...cells]);
          if (held.length > SAMPLE_ROWS) release();
        }
      }
      bar.lines(batch.length);
    }
    sheet ??= workbook.addWorksheet(name);
    release();
  }
  sheet ??= workbook.addWorksheet('Sheet1');
  const header = rows.end();
  if (header) sheet.addRow(header).commit();
  sheet.commit();
  await workbook.commit();
  await written;
}

function padded(cells: readonly Cell[], width: number): Cell[] {
  const out = cells.slice(0, width);
  while (out.length < width) out.push(null);
  return out;
}
