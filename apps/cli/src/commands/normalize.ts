import { normalizeRecord } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs, profileOption, readProfile } from '../command.ts';
import { write } from '../io.ts';
import { lineBatches, openSources } from '../lines.ts';
import { progress } from '../progress.ts';

export const normalizeCommand: Command = {
  name: 'normalize',
  summary: 'normalize identifiers, one JSON line per input line',
  usage: `pidgate normalize [--profile source|modern] [FILE...]

Reads identifiers one per line (standard input when no FILE is given, or "-") and writes
exactly one JSON object per input line, in order:
  {"input":"...","ok":true,"scheme":"ark|pwid|pdi|urn","normalized":"..."}
  {"input":"...","ok":false,"error":{"code":"...","message":"...","offset":N|null}}
A trailing "\\r" is dropped. Exit status 0, or 2 when the command itself cannot run.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, profileOption);
    const profile = readProfile(values.profile);
    const sources = await openSources(positionals, io.stdin, io.cwd);
    const total = sources.every((s) => s.size !== null) ? sources.reduce((n, s) => n + (s.size ?? 0), 0) : null;
    const bar = progress(io, total);
    try {
      for (const source of sources) {
        for await (const lines of lineBatches(source.stream, bar.bytes)) {
          let out = '';
          for (const line of lines) out += `${JSON.stringify(normalizeRecord(registry, line, profile))}\n`;
          await write(io.stdout, out);
          bar.lines(lines.length);
        }
      }
    } finally {
      bar.stop();
    }
    return 0;
  },
};
