import { err, Grouper, isLineTooLong, normalizeRecord, trimSurroundingSpace } from '@pidgate/core';
import { registry, urlOf } from '@pidgate/schemes';
import { type Command, levelOption, parseCommandArgs, profileOption, readLevel, readProfile } from '../command.ts';
import { encodingOption, encodingUsage, openTextSources } from '../decode.ts';
import { write } from '../io.ts';
import { lineBatches } from '../lines.ts';
import { maxLineOption, maxLineUsage, readMaxLineLength, tooLongMessage } from '../max-line.ts';
import { progress } from '../progress-bar.ts';
import { readTableSpec, runTable, tableOptions, tableUsage } from '../table.ts';
import { Tally } from '../tally.ts';
import { xlsxHelp } from '../xlsx.ts';
import { ACCOUNT_ACTIONS, GROUP_ACCOUNTS_USAGE } from './group-words.ts';

export const groupCommand: Command = {
  name: 'group',
  summary: 'group identifiers into equivalence classes',
  usage: `pidgate group [--profile source|modern] [--level lexical|standard] [--format text|csv|tsv|ndjson|xlsx] [--column NAME|NUMBER]
              [--header|--no-header] [--trim] [--no-bom] [--raw-formulas] [FILE...]

Reads identifiers one per line like normalize, then writes one JSON line per equivalence
class, in order of first appearance:
  {"normalized":"...","members":[{"line":N,"input":"..."}]}
followed by one line per input that failed:
  {"line":N,"input":"...","error":{"code":"...","message":"...","offset":N|null}}
Line numbers count from 1 across all files.

--level standard groups identifiers that name the same thing under their scheme's own standard
(an ISBN-10 with its ISBN-13); the default, lexical, groups by the normalized form.

With --format csv, tsv or ndjson it reads a table as normalize does and writes one row per input
row, in input order (streaming: memory holds one row per class, not the rows), the input's cells
first, then six columns:
  scheme, normalized, url, group, error_code, error_message
where "group" numbers the equivalence classes 1, 2, 3... in order of first appearance (the order
of the JSON output): rows with the same number are equivalent; sort by it to see the classes. A
row that fails has no group and its error.

${xlsxHelp}

Options:
${tableUsage}
${maxLineUsage}
${encodingUsage}

On a terminal, standard error shows a progress bar and then a summary line.

Groups of users (accounts, docs/accounts.md): when the first word is create, list, show, add or remove,
pidgate group manages the groups whose members share identifiers and shoulders instead:
${GROUP_ACCOUNTS_USAGE}
create makes a group; add and remove put users in it or take them out; show lists its members and the
shoulders assigned to it (pidgate shoulder add SHOULDER --group NAME). To group the identifiers of a
file literally named create (or list, show, add, remove), write it as a path: pidgate group ./create.`,
  async run(args, io) {
    if (args[0] !== undefined && ACCOUNT_ACTIONS.has(args[0])) {
      return (await import('./group-accounts.ts')).groupAccounts(args, io);
    }
    const { values, positionals } = parseCommandArgs(args, {
      ...profileOption,
      ...levelOption,
      ...tableOptions,
      ...maxLineOption,
      ...encodingOption,
    });
    const maxLineLength = readMaxLineLength(values['max-line-length']);
    const profile = readProfile(values.profile);
    const level = readLevel(values.level);
    const spec = readTableSpec(values);
    const sources = await openTextSources(positionals, io, values.encoding, spec.format);
    const grouper = new Grouper();
    const bar = progress(io, null);
    const tally = new Tally(false);
    if (spec.format !== 'text') {
      const numbers = new Map<string, number>();
      let finished = false;
      try {
        const columns = ['scheme', 'normalized', 'url', 'group', 'error_code', 'error_message'];
        await runTable(
          io,
          sources,
          spec,
          bar,
          columns,
          (value) => {
            const key = registry.normalize(value, profile, level);
            const r = normalizeRecord(registry, value, profile, undefined, urlOf);
            tally.add(r);
            if (!key.ok || !r.ok)
              return r.ok
                ? [r.scheme, r.normalized, r.url ?? null, null, null, null]
                : [null, null, null, null, r.error.code, r.error.message];
            const n = numbers.get(key.value) ?? numbers.size + 1;
            numbers.set(key.value, n);
            return [r.scheme, r.normalized, r.url ?? null, n, null, null];
          },
          maxLineLength,
          { parses: (value) => registry.parse(value, profile).ok },
        );
        finished = true;
      } finally {
        bar.stop(finished ? tally.summary(numbers.size) : undefined);
      }
      return 0;
    }
    let line = 0;
    let read = false;
    try {
      for (const source of sources) {
        for await (const lines of lineBatches(source.stream, bar.bytes, maxLineLength)) {
          for (const raw of lines) {
            if (isLineTooLong(raw)) {
              // Not held: reported among the failures with its first characters, the lines after read on.
              const message = tooLongMessage(raw.length, maxLineLength, 'characters');
              grouper.add(++line, raw.head, err('line-too-long', message, null));
              continue;
            }
            const input = spec.trim ? trimSurroundingSpace(raw) : raw;
            const result = registry.normalize(input, profile, level);
            tally.add(result);
            grouper.add(++line, input, result);
          }
          bar.lines(lines.length);
        }
      }
      read = true;
    } finally {
      bar.stop(read ? tally.summary(grouper.groups.length) : undefined);
    }
    for (const group of grouper.groups) await write(io.stdout, `${JSON.stringify(group)}\n`);
    for (const { line, input, error } of grouper.failures) {
      const { code, message, offset } = error;
      await write(io.stdout, `${JSON.stringify({ line, input, error: { code, message, offset } })}\n`);
    }
    return 0;
  },
};
