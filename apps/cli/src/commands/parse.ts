import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs, profileOption, readProfile } from '../command.ts';
import { UsageError, write } from '../io.ts';

export const parseCommand: Command = {
  name: 'parse',
  summary: 'print the parsed record of one identifier',
  usage: `pidgate parse [--profile source|modern] ID

Prints {"scheme":...,"input":...,"profile":...,"normalized":...,"components":{...}}, and
"warnings":[{"code":...,"message":...}] when the identifier has findings that are not errors
(an ISBN in an unallocated range, a Unicode dash read as "-", an unregistered URN namespace).
Exit status 2, with {"input":...,"ok":false,"error":{...}}, when it does not parse.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, profileOption);
    const profile = readProfile(values.profile);
    if (positionals.length !== 1) throw new UsageError('parse takes exactly one identifier');
    const input = positionals[0] as string;
    const result = registry.parse(input, profile);
    if (!result.ok) {
      const { code, message, offset } = result.error;
      await write(io.stdout, `${JSON.stringify({ input, ok: false, error: { code, message, offset } })}\n`);
      return 2;
    }
    const { scheme, normalized, components, warnings } = result.value;
    const record = { scheme, input, profile, normalized, components, ...(warnings ? { warnings } : {}) };
    await write(io.stdout, `${JSON.stringify(record, null, 2)}\n`);
    return 0;
  },
};
