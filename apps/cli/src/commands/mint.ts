import { mint } from '@pidgate/gateway';
import { registry } from '@pidgate/schemes';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const mintCommand: Command = {
  name: 'mint',
  summary: 'mint new identifiers on a shoulder from its NOID template',
  usage: `pidgate mint SHOULDER [-n N] [--target URL] [--config FILE]

Mints N identifiers (default 1, at most 100000) on a declared shoulder (pidgate shoulder add),
each with its NCDA check character, and prints them one per line. The minter's counter is in the
database, so no identifier is ever minted twice, by this command or any gateway instance.
--target binds each new identifier (302); "{id}" in the URL is replaced by the identifier.
Exit status 0, or 2 on a usage or database error (mint-exhausted when the template has no N left).`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      count: { type: 'string', short: 'n', default: '1' },
      target: { type: 'string' },
    });
    if (positionals.length !== 1) throw new UsageError('usage: pidgate mint SHOULDER [-n N]');
    const count = Number(values.count);
    if (!/^\d{1,6}$/.test(values.count) || count < 1 || count > 100_000) {
      throw new UsageError(`-n must be 1 to 100000, not ${values.count}`);
    }
    return withStore(io, values.config, async (store, config) => {
      const minted = await mint(store, registry, config.profile, positionals[0] as string, count);
      if (!minted.ok) fail(minted.error);
      if (values.target !== undefined) {
        const target = values.target;
        const failures: string[] = [];
        const done = await store.importBindings(
          minted.value.map((key) => ({ key, target: target.replaceAll('{id}', key) })),
          {
            actor: 'cli',
            onExisting: 'fail',
            onResult: (r) => {
              if (!r.ok) failures.push(`${r.key}: ${r.error.code}: ${r.error.message}`);
            },
          },
        );
        if (!done.ok) fail(done.error);
        if (failures.length > 0) throw new UsageError(`minted but not bound: ${failures.slice(0, 3).join('; ')}`);
      }
      await write(io.stdout, minted.value.map((id) => `${id}\n`).join(''));
      return 0;
    });
  },
};
