import { Grouper } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs, profileOption, readProfile } from '../command.ts';
import { write } from '../io.ts';
import { lineBatches, openSources } from '../lines.ts';
import { progress } from '../progress.ts';

export const groupCommand: Command = {
  name: 'group',
  summary: 'group identifiers into equivalence classes',
  usage: `pidgate group [--profile source|modern] [FILE...]

Reads identifiers one per line like normalize, then writes one JSON line per equivalence
class, in order of first appearance:
  {"normalized":"...","members":[{"line":N,"input":"..."}]}
followed by one line per input that failed:
  {"line":N,"input":"...","error":{"code":"...","message":"...","offset":N|null}}
Line numbers count from 1 across all files.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, profileOption);
    const profile = readProfile(values.profile);
    const sources = await openSources(positionals, io.stdin, io.cwd);
    const grouper = new Grouper();
    const bar = progress(io, null);
    let line = 0;
    try {
      for (const source of sources) {
        for await (const lines of lineBatches(source.stream, bar.bytes)) {
          for (const input of lines) grouper.add(++line, input, registry.normalize(input, profile));
          bar.lines(lines.length);
        }
      }
    } finally {
      bar.stop();
    }
    for (const group of grouper.groups) await write(io.stdout, `${JSON.stringify(group)}\n`);
    for (const { line, input, error } of grouper.failures) {
      const { code, message, offset } = error;
      await write(io.stdout, `${JSON.stringify({ line, input, error: { code, message, offset } })}\n`);
    }
    return 0;
  },
};
