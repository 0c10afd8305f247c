import { importLines } from '@pidgate/gateway';
import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { lineBatches, openSources } from '../lines.ts';
import { progress } from '../progress.ts';
import { configOption, storeConfig, withStore } from '../store.ts';

export const importCommand: Command = {
  name: 'import',
  summary: 'bulk-load bindings from NDJSON into the database',
  usage: `pidgate import [--on-existing replace|skip|fail] [--config FILE] FILE...

Reads NDJSON, one binding a line (standard input for "-"), as PUT /api/v1/bindings takes it:
  {"identifier":"ark:/99999/fk4abc","target":"https://…","status":302,"erc":{…},"support":{…}}
(what GET /api/v1/bindings/export writes). Identifiers are normalized; lines are written in
transactions of up to 2000. Every line that fails is written to standard output as a JSON line
({"line":N,"ok":false,"code":"…","detail":"…"}); the totals go to standard error, with a
progress bar when standard error is a terminal. --on-existing: what to do with an identifier
already bound (replace by default). A deleted identifier is never bound again (code tombstoned).
Exit status 0 when every line was imported, 1 when some failed, 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      'on-existing': { type: 'string', default: 'replace' },
    });
    const onExisting = values['on-existing'];
    if (onExisting !== 'replace' && onExisting !== 'skip' && onExisting !== 'fail') {
      throw new UsageError(`--on-existing must be replace, skip or fail, not ${onExisting}`);
    }
    if (positionals.length === 0) throw new UsageError('usage: pidgate import FILE... ("-" for standard input)');
    storeConfig(io, values.config); // refuse before opening any file when there is no store
    const sources = await openSources(positionals, io.stdin, io.cwd);
    const total = sources.every((s) => s.size !== null) ? sources.reduce((n, s) => n + (s.size ?? 0), 0) : null;
    return withStore(io, values.config, async (store, config) => {
      const bar = progress(io, total);
      let out = '';
      const started = performance.now();
      async function* batches() {
        for (const source of sources) {
          for await (const lines of lineBatches(source.stream, bar.bytes)) {
            yield lines;
            bar.lines(lines.length);
          }
        }
      }
      let totals: Awaited<ReturnType<typeof importLines>>;
      try {
        totals = await importLines(batches(), {
          store,
          registry,
          profile: config.profile,
          scopes: null,
          actor: 'cli',
          onExisting,
          emit: (r) => {
            if (!r.ok) out += `${JSON.stringify(r)}\n`;
          },
          flush: async () => {
            if (out) await write(io.stdout, out);
            out = '';
          },
        });
      } finally {
        bar.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      await write(
        io.stderr,
        `imported ${totals.ok} of ${totals.lines} lines in ${seconds.toFixed(1)}s: ${totals.created} created, ${totals.updated} updated, ${totals.unchanged} unchanged, ${totals.skipped} skipped, ${totals.failed} failed\n`,
      );
      if (totals.stopped) throw new UsageError(`the import stopped: ${totals.stopped}`);
      return totals.failed > 0 ? 1 : 0;
    });
  },
};
