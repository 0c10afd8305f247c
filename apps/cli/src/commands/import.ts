import { MIGRATION_FORMATS, type MigrationFormat, OVERLONG_LINE, readMigration } from '@pidgate/gateway';
import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs } from '../command.ts';
import { withDryRunStore } from '../dry-run-store.ts';
import { refuseMismatched } from '../import-sniff.ts';
import { UsageError, write } from '../io.ts';
import { lineBatches, openSources, type Source } from '../lines.ts';
import { maxLineOption, readMaxLineLength } from '../max-line.ts';
import { progress } from '../progress-bar.ts';
import { configOption, storeConfig, withStore } from '../store.ts';
import { foreignSummary, guardedImport } from './import-foreign.ts';

export const importCommand: Command = {
  name: 'import',
  summary: 'bulk-load bindings from NDJSON, or from EZID, N2T or arklet, into the database',
  usage: `pidgate import [--from ezid|n2t|arklet] [--on-existing replace|skip|fail] [--allow-foreign] [--dry-run]
                     [--max-line-length N] [--config FILE] FILE...

Reads NDJSON, one binding a line (standard input for "-"), as PUT /api/v1/bindings takes it:
  {"identifier":"ark:/99999/fk4abc","target":"https://…","status":302,"erc":{…},"support":{…}}
(what GET /api/v1/bindings/export writes). Identifiers are normalized; lines are written in
transactions of up to 2000. Every line that fails is written to standard output as a JSON line
({"line":N,"ok":false,"code":"…","detail":"…"}); the totals go to standard error, with a
progress bar when standard error is a terminal. --on-existing: what to do with an identifier
already bound (replace by default). A deleted identifier is never bound again (code tombstoned).
Only ARKs under the NAANs this instance serves (pidgate naan, pidgate shoulder add) are bound; the
others fail with code foreign-naan and the totals say how many, unless --allow-foreign is given.
--dry-run reads and checks everything, looks each identifier up, and reports what the import would
do (the same lines and totals, "would import"), writing nothing; it creates no database or data
directory (a database that does not exist yet is read as empty).
--max-line-length N: the longest line (NDJSON) or CSV row (--from ezid or arklet CSV, quoted line
breaks included) read, in characters; default 1048576 (1 MiB). A longer one is never held: it is
refused with code line-too-long at the line it starts on, and the records after it are imported.

A file that is not the format it is read as (a gzip archive, JSON or random bytes given as --from
ezid, a text that is no ANVL or CSV) is refused before anything is written, naming what it looks like.
Exit status: 0 when every record was imported (or there was none), 1 when some were refused (each
on standard output with its line), 2 when nothing could be imported: every record refused, a file
refused, a usage or database error. Never any other. The malformed files the tests import, and
what each gives, are in docs/ezid.md ("Imports that fail").

--from reads another service's identifiers instead (docs/ezid.md): ezid, EZID's batch download
(format anvl or csv); n2t, an N2T binder dumped with db_dump -p; arklet, arklet's ark table as CSV.
Targets, metadata, status (public, reserved, unavailable), owners and timestamps are kept; every
record that fails is written as {"file":…,"line":N,"ok":false,"code":…} with the line it starts
on. Importing the same file again changes nothing.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      'on-existing': { type: 'string', default: 'replace' },
      from: { type: 'string' },
      'allow-foreign': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      ...maxLineOption,
    });
    const maxLine = readMaxLineLength(values['max-line-length']);
    const dryRun = values['dry-run'] === true;
    const from = values.from;
    if (from !== undefined && !MIGRATION_FORMATS.includes(from as MigrationFormat)) {
      throw new UsageError(`--from must be ${MIGRATION_FORMATS.join(', ')}, not ${from}`);
    }
    const onExisting = values['on-existing'];
    if (onExisting !== 'replace' && onExisting !== 'skip' && onExisting !== 'fail') {
      throw new UsageError(`--on-existing must be replace, skip or fail, not ${onExisting}`);
    }
    if (positionals.length === 0) throw new UsageError('usage: pidgate import FILE... ("-" for standard input)');
    storeConfig(io, values.config); // refuse before opening any file when there is no store
    const sources = await openSources(positionals, io.stdin, io.cwd);
    await refuseMismatched(sources, from as MigrationFormat | undefined);
    const total = sources.every((s) => s.size !== null) ? sources.reduce((n, s) => n + (s.size ?? 0), 0) : null;
    return (dryRun ? withDryRunStore : withStore)(io, values.config, async (store, config) => {
      const bar = progress(io, total);
      let out = '';
      const started = performance.now();
      // With --from, the records of the source files become NDJSON lines; `origins` remembers the file and
      // line each came from (in order: one result is emitted per line, in order), failures are written at once.
      const origins: { file: string; line: number }[] = [];
      let next = 0;
      let answered = 0;
      let unreadable = 0;
      async function* migrated(format: MigrationFormat) {
        for (const source of sources) {
          let batch: string[] = [];
          for await (const record of readMigration(format, sourceText(source, bar.bytes), maxLine)) {
            if (record.ok) {
              origins.push({ file: source.name, line: record.line });
              batch.push(record.json);
              if (batch.length >= 1000) {
                yield batch;
                bar.lines(batch.length);
                batch = [];
              }
            } else {
              unreadable++;
              const { line, ...rest } = record;
              out += `${JSON.stringify({ file: source.name, line, ...rest })}\n`;
            }
          }
          if (batch.length > 0) {
            yield batch;
            bar.lines(batch.length);
          }
        }
      }
      async function* batches() {
        if (from !== undefined) {
          yield* migrated(from as MigrationFormat);
          return;
        }
        for (const source of sources) {
          for await (const items of lineBatches(source.stream, bar.bytes, maxLine)) {
            // A line over the maximum is not held: its marker is answered line-too-long at its line.
            const lines = items.map((item) => (typeof item === 'string' ? item : OVERLONG_LINE));
            yield lines;
            bar.lines(lines.length);
          }
        }
      }
      let totals: Awaited<ReturnType<typeof guardedImport>>['totals'];
      let refusals: Awaited<ReturnType<typeof guardedImport>>['refusals'];
      try {
        ({ totals, refusals } = await guardedImport(batches(), values['allow-foreign'] === true, {
          store,
          registry,
          profile: config.profile,
          scopes: null,
          actor: 'cli',
          onExisting,
          maxLineLength: maxLine,
          emit: (r) => {
            if (from === undefined) {
              if (!r.ok) out += `${JSON.stringify(r)}\n`;
              return;
            }
            answered = r.line;
            const origin = origins[r.line - 1 - next];
            if (!r.ok) out += `${JSON.stringify({ ...r, file: origin?.file, line: origin?.line })}\n`;
          },
          flush: async () => {
            if (out) await write(io.stdout, out);
            out = '';
            // The origins of lines already answered are not needed again.
            if (from !== undefined && answered > next) {
              origins.splice(0, answered - next);
              next = answered;
            }
          },
        }));
      } finally {
        bar.stop();
      }
      if (out) await write(io.stdout, out);
      const seconds = (performance.now() - started) / 1000;
      await write(
        io.stderr,
        `${dryRun ? 'dry run: would import' : 'imported'} ${totals.ok} of ${totals.lines + unreadable} ${from === undefined ? 'lines' : 'records'} in ${seconds.toFixed(1)}s: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.skipped} skipped, ${totals.failed + unreadable} failed${foreignSummary(refusals, values['allow-foreign'] === true)}\n`,
      );
      if (totals.stopped) throw new UsageError(`the import stopped: ${totals.stopped}`);
      return importStatus(totals.ok, totals.failed + unreadable);
    });
  },
};

/** A source as text chunks (UTF-8), counting its bytes for the progress bar. */
async function* sourceText(source: Source, onBytes: (n: number) => void): AsyncGenerator<string> {
  source.stream.setEncoding('utf8');
  for await (const chunk of source.stream as AsyncIterable<string>) {
    onBytes(Buffer.byteLength(chunk));
    yield chunk;
  }
}

/** The exit status: 0 when nothing was refused, 2 when records were and none was imported, else 1. */
export function importStatus(imported: number, refused: number): 0 | 1 | 2 {
  if (refused === 0) return 0;
  return imported === 0 ? 2 : 1;
}
