import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const dbCommand: Command = {
  name: 'db',
  summary: 'database maintenance: apply schema migrations',
  usage: `pidgate db migrate [--config FILE]

Opens the database the gateway uses and applies the schema migrations it lacks (the gateway
also does this when it starts). SQLite by default: pidgate.sqlite in the data directory
(PIDGATE_DATA_DIR, else data/ in the instance root: the
repository root from any of its package folders; docs/configuration.md); PostgreSQL when DATABASE_URL is set. A database migrated by a
newer pidgate is refused. Prints the backend, the migrations it applied (or "up to date" when
there were none) and the schema version.
Exit status 0, or 2 when the database cannot be opened or migrated.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, configOption);
    if (positionals[0] !== 'migrate' || positionals.length !== 1) {
      throw new UsageError('usage: pidgate db migrate [--config FILE]');
    }
    return withStore(
      io,
      values.config,
      async (store) => {
        const migrated = await store.migrate();
        if (!migrated.ok) fail(migrated.error);
        const { applied, version } = migrated.value;
        const what =
          applied.length === 0
            ? 'up to date'
            : `applied ${applied.length === 1 ? 'migration' : 'migrations'} ${applied.join(', ')}`;
        await write(io.stdout, `${store.backend}: schema version ${version}, ${what}\n`);
        return 0;
      },
      { migrate: false },
    );
  },
};
