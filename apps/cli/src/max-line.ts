import { UsageError } from './io.ts';

/**
 * `--max-line-length N`: the longest line read, in every input mode of the commands that read lines
 * (`normalize`, `group`: text, CSV, TSV, NDJSON). A longer line is not held: it is answered with an error
 * row of code `line-too-long` in its place (in CSV and TSV a row is a line or more, quoted line breaks
 * included: the row is cut out by the bounded record splitter, @pidgate/core's csv-records), and the lines
 * after it are read on. Memory stays bounded by it.
 */
export const DEFAULT_MAX_LINE_LENGTH = 1 << 20;

export const maxLineOption = { 'max-line-length': { type: 'string' } } as const;

export const maxLineUsage = `  --max-line-length N        the longest line read (bytes in text input, characters otherwise;
                             default 1048576, 1 MiB); a longer line is answered with an error
                             row, code line-too-long, and the lines after it are read on`;

export function readMaxLineLength(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_LINE_LENGTH;
  const n = Number(value);
  if (!/^[0-9]{1,10}$/.test(value) || n < 1 || n > 2 ** 30) {
    throw new UsageError(`--max-line-length must be a whole number from 1 to 1073741824, not ${JSON.stringify(value)}`);
  }
  return n;
}

/** The message of a line-too-long error row. */
export function tooLongMessage(length: number, max: number, unit: 'bytes' | 'characters'): string {
  return `the line is ${length} ${unit} long, more than --max-line-length (${max}): it was not read`;
}
