import { normalizeRecord } from '@pidgate/core';
import { registry } from '@pidgate/schemes';
import { type Command, levelOption, parseCommandArgs, profileOption, readLevel, readProfile } from '../command.ts';
import { UsageError, write } from '../io.ts';

export const compareCommand: Command = {
  name: 'compare',
  summary: 'tell whether identifiers are equivalent',
  usage: `pidgate compare [--profile source|modern] [--level lexical|standard] ID ID [ID...]

Prints {"equivalent":true|false,"normalized":[...]}.
Exit status 0 when all are equivalent, 1 when not, 2 when one does not parse: then it prints
{"equivalent":false,"normalized":[... null for each failure ...],"errors":[{"input":...,"error":{...}}]}.
--level standard compares by the scheme's own standard (an ISBN-10 equals its ISBN-13); "normalized"
then holds the standard keys. The default, lexical, compares normalized forms.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...profileOption, ...levelOption });
    const profile = readProfile(values.profile);
    const level = readLevel(values.level);
    if (positionals.length < 2) throw new UsageError('compare needs at least two identifiers');
    const records = positionals.map((id) => normalizeRecord(registry, id, profile, level));
    const normalized = records.map((r) => (r.ok ? r.normalized : null));
    const errors = records.flatMap((r) => (r.ok ? [] : [{ input: r.input, error: r.error }]));
    if (errors.length > 0) {
      await write(io.stdout, `${JSON.stringify({ equivalent: false, normalized, errors })}\n`);
      return 2;
    }
    const equivalent = normalized.every((n) => n === normalized[0]);
    await write(io.stdout, `${JSON.stringify({ equivalent, normalized })}\n`);
    return equivalent ? 0 : 1;
  },
};
