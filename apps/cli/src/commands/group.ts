import { equivalenceKey, err, Grouper, isLineTooLong, ok, trimSurroundingSpace } from '@pidgate/core';
import { registry, urlOf } from '@pidgate/schemes';
import { type Command, levelOption, parseCommandArgs, profileOption, readLevel, readProfile } from '../command.ts';
import { encodingOption, encodingUsage, openTextSources } from '../decode.ts';
import { write } from '../io.ts';
import { lineBatches } from '../lines.ts';
import { maxLineOption, maxLineUsage, readMaxLineLength, tooLongMessage } from '../max-line.ts';
import { progress } from '../progress-bar.ts';
import { readTableSpec, runTable, tableOptions, tableUsage } from '../table.ts';
import { Tally } from '../tally.ts';
import { warningCodes } from '../warning-cells.ts';
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
Line numbers count from 1 across all files. A member read with a finding that is no error (a
Unicode dash or space read in an ISBN or ISSN, an ISBN in a range the ISBN agency has not
allocated, a URN namespace IANA has not registered) has a last field
"warnings":[{"code":"...","message":"..."}], as normalize writes it; the others have none.

--level standard groups identifiers that name the same thing under their scheme's own standard
(an ISBN-10 with its ISBN-13); the default, lexical, groups by the normalized form.

With --format csv, tsv or ndjson it reads a table as normalize does and writes one row per input
row, in input order (streaming: memory holds one row per class, not the rows), the input's cells
first, then seven columns:
  scheme, normalized, url, group, error_code, error_message, warnings
(warnings: the warnings' codes, separated by spaces, as normalize writes them) where "group" numbers the equivalence classes 1, 2, 3... in order of first appearance (the order
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
        const columns = ['scheme', 'normalized', 'url', 'group', 'error_code', 'error_message', 'warnings'];
        await runTable(
          io,
          sources,
          spec,
          bar,
          columns,
          (value) => {
            // One parse gives the class (its key at --level), the cells and the warnings.
            const parsed = registry.parse(value, profile);
            tally.add(parsed);
            if (!parsed.ok) return [null, null, null, null, parsed.error.code, parsed.error.message, null];
            const id = parsed.value;
            const key = equivalenceKey(id, level);
            const n = numbers.get(key) ?? numbers.size + 1;
            numbers.set(key, n);
            return [id.scheme, id.normalized, urlOf(id) ?? null, n, null, null, warningCodes(id.warnings)];
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
            const parsed = registry.parse(input, profile);
            const result = parsed.ok ? ok(equivalenceKey(parsed.value, level)) : parsed;
            tally.add(result);
            grouper.add(++line, input, result, parsed.ok ? parsed.value.warnings : undefined);
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
