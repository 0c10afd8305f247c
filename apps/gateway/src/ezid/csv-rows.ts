import { Readable } from 'node:stream';
import { csvTextWithMarkers } from '@pidgate/core';
import { type CsvError, type InfoRecord, type Options, parse as parseCsv } from 'csv-parse';

/**
 * The rows of a CSV file to import (EZID's CSV download, arklet's table), each with the line it starts on,
 * and each row that cannot be read as an error at its line, the rows after it read on. RFC 4180: quoted
 * fields may hold commas, quotes and line breaks. What RFC 4180 does not allow but exports hold is read
 * as it was meant (csv-parse's `relax_quotes`): a `"` inside an unquoted field (`https://example.org/5"floppy`)
 * is part of the field, as is text after a closing quote. A row with a quote never closed is reported at the
 * line it starts on. Never throws for what the file holds; the stream's own failure ends the rows with an
 * error at the line reached.
 */

export type CsvRow =
  | { readonly ok: true; readonly line: number; readonly cells: string[] }
  | { readonly ok: false; readonly line: number; readonly code: string; readonly detail: string };

/**
 * The longest row read by default, in characters (`pidgate import --max-line-length`'s default): a longer
 * row is cut out as it streams (never held), reported at the line it starts on, and reading goes on.
 */
export const MAX_CSV_RECORD = 1 << 20;

/** The number of line breaks in `raw` before its final record delimiter. */
function innerBreaks(raw: string): number {
  let start = 0;
  while (start < raw.length && (raw.charCodeAt(start) === 10 || raw.charCodeAt(start) === 13)) start++;
  let end = raw.length;
  if (raw.endsWith('\r\n')) end -= 2;
  else if (raw.endsWith('\n') || raw.endsWith('\r')) end -= 1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (c === 10 || (c === 13 && raw.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** What a csv-parse error says, in a sentence. */
function reason(e: CsvError): string {
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed (a `"` is missing): the rest of the file was read as this one field';
    case 'CSV_MAX_RECORD_SIZE':
      return 'a row runs on past the maximum (is a closing quote missing?): reading stopped here, the rows after it were not read';
    default:
      return e.message;
  }
}

export async function* readCsvRows(chunks: AsyncIterable<string>, maxRecord = MAX_CSV_RECORD): AsyncGenerator<CsvRow> {
  // Rows over the maximum are cut out before the parser (it cannot go on after its own limit): each comes
  // back as a marker row, reported in its place at the line it starts on.
  const marked = csvTextWithMarkers(lfOnly(chunks), maxRecord, ',');
  /** Rows the parser refused, each after `after` rows read (the parser reports them as it parses). */
  const skipped: { after: number; row: CsvRow }[] = [];
  /** Rows the parser has produced, and the line the last of them ends on. */
  let produced = 0;
  let lastEnd = 0;
  /** After a row over the limit the parser's rows are not the file's: the line it stopped at, the rows before. */
  let stoppedAt = 0;
  let stopAfter = 0;
  type Entry = { cells: string[]; line: number; cut?: { line: number; length: number } };
  const options: Options<Entry, unknown> = {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    raw: true,
    // A backstop only: the splitter passes no row over the maximum.
    max_record_size: maxRecord * 2 + 1024,
    skip_records_with_error: true,
    // With `raw`, the parser hands each record over as `{ record, raw }`.
    on_record: (entry: unknown, context: InfoRecord) => {
      const { record, raw } = entry as { record: string[]; raw: string };
      produced++;
      lastEnd = context.lines;
      const cut = marked.take(record);
      if (cut) return { cells: [], line: cut.line, cut };
      return { cells: record, line: context.lines - innerBreaks(raw) };
    },
    on_skip: (e: CsvError | undefined) => {
      if (stoppedAt > 0) return undefined;
      if (e?.code === 'CSV_MAX_RECORD_SIZE') {
        stoppedAt = lastEnd + 1;
        stopAfter = produced;
      }
      const detail = e ? reason(e) : 'the row cannot be read';
      skipped.push({ after: produced, row: { ok: false, line: lastEnd + 1, code: 'csv-parse-error', detail } });
      return undefined;
    },
  };
  const parser = parseCsv(options as unknown as Options);
  // `pipe` keeps the reading in step with the parsing and never leaves a promise waiting on a stream that
  // failed (an unsettled wait is what made the command exit with Node's status 13).
  const source = Readable.from(marked.text, { objectMode: false });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let read = 0;
  try {
    for await (const entry of parser as AsyncIterable<Entry>) {
      while (skipped.length > 0 && (skipped[0]?.after ?? 0) <= read) yield skipped.shift()?.row as CsvRow;
      // What the parser gives after a row over its limit is not the file's rows.
      if (stoppedAt > 0 && read >= stopAfter) break;
      read++;
      if (entry.cut) {
        const detail = `the row is ${entry.cut.length} characters long, more than --max-line-length (${maxRecord}): it was not read (is a closing quote missing?)`;
        yield { ok: false, line: entry.cut.line, code: 'line-too-long', detail };
        continue;
      }
      yield { ok: true, line: entry.line, cells: entry.cells };
    }
  } catch (e) {
    while (skipped.length > 0) yield skipped.shift()?.row as CsvRow;
    const err = e as CsvError;
    yield {
      ok: false,
      line: typeof err.lines === 'number' ? err.lines : lastEnd + 1,
      code: 'csv-parse-error',
      detail: err.code ? reason(err) : `the file cannot be read: ${err.message}`,
    };
  } finally {
    source.unpipe(parser);
    source.destroy();
  }
  while (skipped.length > 0) yield skipped.shift()?.row as CsvRow;
}

/**
 * The text with each CRLF as LF (csv-parse counts the lines of a CRLF file wrongly, and the line of each
 * row is what an error names): a CR at the end of a piece waits for the next. A CRLF inside a quoted
 * value becomes LF too.
 */
async function* lfOnly(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let held = '';
  for await (const chunk of chunks) {
    let text = held + chunk;
    held = '';
    if (text.endsWith('\r')) {
      held = '\r';
      text = text.slice(0, -1);
    }
    if (text.length > 0) yield text.replaceAll('\r\n', '\n');
  }
  if (held) yield held;
}
