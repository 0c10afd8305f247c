import { demoCutoff, demoPolicy, purgeDemo } from '@pidgate/gateway';
import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const demoPurgeCommand: Command = {
  name: 'demo-purge',
  summary: 'purge the demo identifiers (test shoulders) that have expired',
  usage: `pidgate demo-purge [--now INSTANT] [--config FILE]

Removes every identifier under a test shoulder (demo.shoulders: EZID's ark:/99999/fk4 and
doi:10.5072/FK2 by default) created more than demo.expiryDays (14) days ago, as EZID purges its demo
identifiers, and prints each one removed. Their history is kept, with a "delete" by demo-purge.
\`pidgate serve\` does the same every demo.sweepMinutes (60) minutes.
--now purges as if it were that ISO 8601 instant (to see what a later sweep will take).
Exit status 0, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...configOption, now: { type: 'string' } });
    if (positionals.length !== 0) throw new UsageError('usage: pidgate demo-purge [--now INSTANT]');
    const now = values.now === undefined ? new Date() : new Date(values.now);
    if (Number.isNaN(now.getTime())) throw new UsageError(`--now must be an ISO 8601 instant, not ${values.now}`);
    return withStore(io, values.config, async (store, config) => {
      const policy = demoPolicy(registry, config.profile, config.demo);
      const purged = await purgeDemo(store, policy, now);
      if (!purged.ok) fail(purged.error);
      await write(io.stdout, purged.value.map((key) => `${key}\n`).join(''));
      await write(
        io.stderr,
        `purged ${purged.value.length} demo identifier(s) created before ${demoCutoff(policy, now)} under ${policy.prefixes.join(', ') || '(no test shoulder)'}\n`,
      );
      return 0;
    });
  },
};
