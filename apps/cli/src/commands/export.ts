import { ezidDownloadBlock } from '@pidgate/gateway';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const exportCommand: Command = {
  name: 'export',
  summary: "write the bindings in EZID's download format",
  usage: `pidgate export --to ezid [--prefix PREFIX] [--config FILE]

Writes every live binding (those under PREFIX, a plain identifier prefix, when given) to standard
output in EZID's batch download format "anvl" (EZID API guide, "Batch download"): for each
identifier a ":: identifier" line, its elements (_created, _export, _owner, _profile, _status,
_target, _updated, erc.*, dc.*, datacite.*, …; percent-encoded as EZID's ANVL), a blank line.
pidgate import --from ezid reads it back. Exit status 0, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      to: { type: 'string' },
      prefix: { type: 'string' },
    });
    if (values.to !== 'ezid') throw new UsageError('usage: pidgate export --to ezid [--prefix PREFIX]');
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    return withStore(io, values.config, async (store) => {
      let out = '';
      for await (const b of store.exportBindings(values.prefix === undefined ? {} : { prefix: values.prefix })) {
        if (!b.ok) fail(b.error);
        if (b.value.tombstoned) continue;
        out += ezidDownloadBlock(b.value);
        if (out.length >= 1 << 16) {
          await write(io.stdout, out);
          out = '';
        }
      }
      if (out) await write(io.stdout, out);
      return 0;
    });
  },
};
