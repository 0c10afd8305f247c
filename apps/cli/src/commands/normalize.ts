import { availableParallelism } from 'node:os';
import { normalizeRecord } from '@pidgate/core';
import { registry, schemes, schemesInWords, urlOf } from '@pidgate/schemes';
import { boundedByteBlocks, isLongLine, type LongLine } from '../bounded-blocks.ts';
import { type Command, levelOption, parseCommandArgs, profileOption, readLevel, readProfile } from '../command.ts';
import { encodingOption, encodingUsage, openTextSources } from '../decode.ts';
import { type Io, UsageError, write } from '../io.ts';
import { hyphenatedIsbn } from '../isbn-hyphens.ts';
import type { Source } from '../lines.ts';
import { maxLineOption, maxLineUsage, readMaxLineLength, tooLongMessage } from '../max-line.ts';
import { type BlockCounts, type BlockOptions, normalizeBlock } from '../normalize-block.ts';
import { type Job, NormalizePool, workerScript } from '../pool.ts';
import { openProgress, type Progress } from '../progress.ts';
import { readTableSpec, tableOptions, tableUsage } from '../table-spec.ts';
import { Tally } from '../tally.ts';
import { warningCodes } from '../warning-cells.ts';
import { xlsxHelp } from '../xlsx.ts';

export const normalizeCommand: Command = {
  name: 'normalize',
  summary: 'normalize identifiers: one JSON line per input line, or a CSV/TSV/NDJSON table',
  // Made when the help is shown, not at load: the list of schemes is sorted with localeCompare, which
  // starts ICU's collator, a cost on the start-up of every `pidgate normalize` that only the help needs.
  get usage() {
    return normalizeUsage();
  },
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...profileOption,
      ...tableOptions,
      ...levelOption,
      unique: { type: 'boolean', default: false },
      jobs: { type: 'string', short: 'j' },
      'isbn-hyphens': { type: 'boolean', default: false },
      ...maxLineOption,
      ...encodingOption,
    });
    const isbnHyphens = values['isbn-hyphens'] === true;
    const maxLineLength = readMaxLineLength(values['max-line-length']);
    const profile = readProfile(values.profile);
    const level = readLevel(values.level);
    const unique = values.unique === true;
    if (!unique && values.level !== 'lexical') throw new UsageError('--level applies to --unique (normalize) or group');
    const jobs = readJobs(values.jobs);
    const spec = readTableSpec(values);
    const sources = await openTextSources(positionals, io, values.encoding, spec.format);
    const total = sources.every((s) => s.size !== null) ? sources.reduce((n, s) => n + (s.size ?? 0), 0) : null;
    const bar = await openProgress(io, total);
    const tally = new Tally(bar.active);
    let finished = false;
    try {
      if (spec.format !== 'text') {
        // The CSV libraries load only for tables.
        const { runTable } = await import('../table.ts');
        await runTable(
          io,
          sources,
          spec,
          bar,
          isbnHyphens
            ? ['scheme', 'normalized', 'url', 'error_code', 'error_message', 'warnings', 'hyphenated']
            : ['scheme', 'normalized', 'url', 'error_code', 'error_message', 'warnings'],
          (value) => {
            const r = normalizeRecord(registry, value, profile, undefined, urlOf);
            tally.add(r);
            const cells = r.ok
              ? [r.scheme, r.normalized, r.url ?? null, null, null, warningCodes(r.warnings)]
              : [null, null, null, r.error.code, r.error.message, null];
            return isbnHyphens ? [...cells, hyphenatedIsbn(r) ?? null] : cells;
          },
          maxLineLength,
          {
            parses: (value) => registry.parse(value, profile).ok,
            unique: unique ? (row) => classKey(row.value, row.error?.message, profile, level) : undefined,
          },
        );
      } else if (unique) {
        const { normalizeUnique } = await import('../unique.ts');
        await normalizeUnique(io, sources, { profile, level, trim: spec.trim, maxLineLength }, bar, tally);
      } else {
        // PIDGATE_WORKER_MIN_BYTES moves the threshold (tests, measurements).
        const minBytes = Number(io.env.PIDGATE_WORKER_MIN_BYTES ?? WORKER_MIN_BYTES);
        const options = { profile, trim: spec.trim, keepForms: bar.active, maxLineLength, isbnHyphens };
        await normalizeText(
          io,
          sources,
          options,
          jobs,
          Number.isFinite(minBytes) ? minBytes : WORKER_MIN_BYTES,
          bar,
          tally,
        );
      }
      finished = true;
    } finally {
      bar.stop(finished && bar.active ? tally.summary() : undefined);
    }
    return 0;
  },
};

/** The help text of `pidgate normalize`. */
function normalizeUsage(): string {
  return `pidgate normalize [--profile source|modern] [--format text|csv|tsv|ndjson|xlsx] [--column NAME|NUMBER]
                  [--header|--no-header] [--trim] [--no-bom] [--raw-formulas] [--isbn-hyphens]
                  [--unique [--level lexical|standard]] [--jobs N] [FILE...]

Reads identifiers one per line (standard input when no FILE is given, or "-") and writes
exactly one JSON object per input line, in order:
  {"input":"...","ok":true,"scheme":"...","normalized":"...","url":"https://..."|null}
  {"input":"...","ok":false,"error":{"code":"...","message":"...","offset":N|null}}
An identifier read with a finding that is no error (a Unicode dash or space read in an ISBN or
ISSN, an ISBN in a range the ISBN agency has not allocated, a URN namespace IANA has not
registered) has a last field "warnings":[{"code":"...","message":"..."}]; the others have none.
A trailing "\\r" and a UTF-8 byte-order mark are dropped.
${wrapWords(`Identifiers read: ${schemesInWords(schemes)}.`, 96)}
"url" is where the identifier resolves on the web (doi.org, hdl.handle.net, n2t.net, orcid.org,
arxiv.org, PubMed, the URN namespace's resolver, the web archive's replay URL for a PWID…);
null where no public resolver is known (a PDI; a URN of a namespace without one).

With --format csv or tsv it reads a table (RFC 4180 quoting, also for TSV; a byte-order mark
accepted; blank lines skipped; short rows padded with empty cells) and writes the same rows in
the same format, the input's cells first, then six columns:
  scheme, normalized, url, error_code, error_message, warnings
(empty where they do not apply; warnings: the warnings' codes, separated by spaces), under the
input's header plus those names when the input has a header. With --format ndjson it reads one
JSON object per line and writes each object with the fields "scheme", "normalized", "url",
"error_code", "error_message", "warnings" added (null where they do not apply; a field of that name
in the input is replaced). The --column field is read as is when it
is a string, as the empty input when it is missing or null, and as its JSON text otherwise.
Several FILEs are read as one table: each file's header is read (and the column found in it), the
first file's header is written. Rows end with "\n"; csv/tsv output starts with a byte-order mark
unless --no-bom. A row longer than --max-line-length (quoted line breaks included; an unclosed
quote runs to the end) is written with empty cells and error_code line-too-long, "line N: …"; the
rows after it are read on.

--unique writes one line (or row) per equivalence class instead, the first of its lines, in order
of first appearance, with "count" (a last column in a table): how many lines the class has. A line
that is no identifier is its own class with every line of the same text. --level standard makes
one class of what the scheme's own standard calls the same (an ISBN-10 and its ISBN-13, an ISNI and
the ORCID iD with its digits); the default, lexical, of equal normalized forms.

${xlsxHelp}

Options:
${tableUsage}
${maxLineUsage}
  --isbn-hyphens    add each ISBN's ISBN-13 hyphenated as the ISBN International Agency's range
                    table places its elements ("hyphenated":"978-0-395-36341-6"; an ISBN-10 is given
                    as its ISBN-13; null when its group or registrant range is not allocated); in
                    csv, tsv and ndjson a last column or field, hyphenated (empty or null for
                    other identifiers). The table is shipped with pidgate (docs/specs/isbn.md).
${encodingUsage}
  --unique          one line or row per equivalence class, with its count (see above)
  --level lexical|standard   what --unique counts as one (default lexical)
  --jobs N          threads normalizing text input (default: the number of cores); the output
                    keeps the input's order. Input under 32 MiB is normalized in the main thread
                    alone (a worker costs more to start than it saves there); so is all with --jobs 1.

On a terminal, standard error shows a progress bar and, at the end, a summary line: lines,
normalized, distinct normalized identifiers (groups) and errors by code.
Exit status 0, or 2 when the command itself cannot run (a missing file, a bad option, malformed
CSV or NDJSON: the message names the line). Output already written stays written.`;
}

/** `text` in lines of at most `width` characters, broken at spaces. */
function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/** The class of a row for --unique: its key at `level`, or, for a row that is no identifier, its text. */
function classKey(
  value: string,
  unreadable: string | undefined,
  profile: ReturnType<typeof readProfile>,
  level: ReturnType<typeof readLevel>,
): string {
  if (unreadable !== undefined) return `x${unreadable}`;
  const key = registry.normalize(value, profile, level);
  return key.ok ? `k${key.value}` : `e${value}`;
}

/** The smallest block of lines handed to a worker. */
const BLOCK_BYTES = 1 << 17;
/**
 * Input below this size is normalized in the main thread alone: a worker takes about 0.2 s to start
 * and warm up, which a smaller input does not win back (measured with `npm run bench:cli`).
 */
const WORKER_MIN_BYTES = 1 << 25;

function readJobs(value: string | undefined): number {
  if (value === undefined) return availableParallelism();
  const n = Number(value);
  if (!/^\d{1,3}$/.test(value) || n < 1)
    throw new UsageError(`--jobs must be a whole number from 1, not ${JSON.stringify(value)}`);
  return n;
}

/**
 * Text input: blocks of whole lines. With `jobs` > 1 and input of `minBytes` or more (a file that
 * size, or that much read from a stream), `jobs - 1` worker threads start at once, before the first
 * read, and each takes the next block whenever it has room for one (two queued); the main thread
 * (which also reads and writes) normalizes the others, and all blocks while the workers start. Each
 * block's output is written in input order, at most `2 × jobs + 2` blocks ahead of the writer.
 */
async function normalizeText(
  io: Io,
  sources: readonly Source[],
  options: BlockOptions & { readonly maxLineLength: number },
  jobs: number,
  minBytes: number,
  bar: Progress,
  tally: Tally,
): Promise<void> {
  const script = jobs > 1 ? workerScript() : null;
  let pool: NormalizePool | null = null;
  const startPool = (seen: number): NormalizePool | null => {
    if (script && seen >= minBytes) pool ??= new NormalizePool(jobs - 1, script, options);
    return pool;
  };
  const maxAhead = 2 * jobs + 2;
  const inFlight: Job[] = [];
  const flush = async () => {
    const head = inFlight.shift() as Job;
    const { out, counts } = head.done ?? (await (pool as NormalizePool).wait(head));
    tally.addCounts(counts);
    await write(io.stdout, out);
    bar.lines(counts.lines);
  };
  try {
    // Files of known size: the workers start before anything is read.
    startPool(sources.reduce((n, s) => n + (s.size ?? 0), 0));
    let seen = 0;
    for (const source of sources) {
      for await (const block of boundedByteBlocks(source.stream, {
        maxLineBytes: options.maxLineLength,
        minBytes: BLOCK_BYTES,
        onBytes: bar.bytes,
      })) {
        if (isLongLine(block)) {
          // A line over the maximum was not read: its error row, in its place.
          inFlight.push({ done: tooLongRow(block, options) });
          continue;
        }
        seen += block.length;
        const workers = source.size === null ? startPool(seen) : pool;
        inFlight.push(workers?.tryRun(block) ?? { done: normalizeBlock(registry, block.toString('utf8'), options) });
        workers?.poll();
        while (inFlight.length > 0 && (inFlight[0]?.done || inFlight.length >= maxAhead)) await flush();
      }
    }
    while (inFlight.length > 0) await flush();
  } finally {
    await (pool as NormalizePool | null)?.close();
  }
}

/** The output of a line over `--max-line-length`: one error row (its input: the line's first characters). */
function tooLongRow(line: LongLine, options: BlockOptions & { readonly maxLineLength: number }) {
  const message = tooLongMessage(line.length, options.maxLineLength, 'bytes');
  const input = line.head.toString('utf8').replace(/\uFFFD$/, '');
  const counts: BlockCounts = {
    lines: 1,
    normalized: 0,
    errors: { 'line-too-long': 1 },
    forms: options.keepForms ? [] : null,
  };
  const out = `${JSON.stringify({ input, ok: false, error: { code: 'line-too-long', message, offset: null } })}\n`;
  return { out: Buffer.from(out), counts };
}
