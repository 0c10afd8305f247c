import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { installNaanTable, naanSource } from '@pidgate/gateway';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, readConfig } from '../store.ts';

export const naanCommand: Command = {
  name: 'naan',
  summary: 'install a newer NAAN registry export as the gateway NAAN table, without a restart',
  usage: `pidgate naan update FILE [--config FILE]

Checks FILE (the NAAN registry's JSON export, ANVL naa: records, or a natab) and installs it as the
gateway's active NAAN table: <data directory>/naan-table (PIDGATE_DATA_DIR, else data/ in the instance root:
the repository root from any of its package folders), or the file
naan.file names when the configuration sets one. The file is replaced atomically (written beside it,
flushed, renamed over it): a running gateway reloads it by itself (file watch, naan.watch) and /healthz
shows the new table and its date. A FILE that is not a valid table changes nothing.
Prints the NAANs, records, format and date installed.
Exit status 0, 1 when FILE is not a valid NAAN table, or 2 on a usage error or when FILE cannot be read.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, configOption);
    const [action, file, ...more] = positionals;
    if (action !== 'update' || file === undefined || more.length > 0) {
      throw new UsageError('usage: pidgate naan update FILE [--config FILE]');
    }
    const config = readConfig(io, values.config);
    let text: string;
    try {
      text = await readFile(resolve(io.cwd, file), 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`);
    }
    const dest = naanSource(config, io.cwd).activeFile;
    const installed = await installNaanTable(text, dest);
    if (!installed.ok) {
      await write(io.stderr, `pidgate naan update: ${file} is not a valid NAAN table: ${installed.message}\n`);
      return 1;
    }
    const t = installed.value;
    const rejected = t.rejected > 0 ? `, ${t.rejected} records rejected` : '';
    await write(
      io.stdout,
      `installed ${t.table.size} NAANs (${t.records} records${rejected}, ${t.format}, dated ${t.date ?? 'unknown'}) as ${dest}\n`,
    );
    return 0;
  },
};
