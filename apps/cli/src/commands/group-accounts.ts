import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';
import { GROUP_ACCOUNTS_USAGE } from './group-words.ts';

/** The account subcommands of `pidgate group` (args after the action word). */
export const groupAccounts: Command['run'] = async (args, io) => {
  const { values, positionals } = parseCommandArgs(args, {
    ...configOption,
    description: { type: 'string', short: 'd' },
  });
  const [action, name, ...users] = positionals;
  return withStore(io, values.config, async (store) => {
    if (action === 'create' && name && users.length === 0) {
      const made = await store.createGroup(name, values.description);
      if (!made.ok) fail(made.error);
      await write(io.stdout, `created group ${made.value.name}\n`);
      return 0;
    }
    if (action === 'list' && !name) {
      const list = await store.listGroups();
      if (!list.ok) fail(list.error);
      await write(io.stdout, list.value.map((g) => `${JSON.stringify(g)}\n`).join(''));
      return 0;
    }
    if (action === 'show' && name && users.length === 0) {
      const list = await store.listGroups();
      if (!list.ok) fail(list.error);
      const group = list.value.find((g) => g.name === name);
      if (!group) fail({ code: 'unknown-group', message: `no group ${name}` });
      const shoulders = await store.listShoulders();
      if (!shoulders.ok) fail(shoulders.error);
      const own = shoulders.value.filter((s) => s.group === name).map((s) => s.key);
      await write(io.stdout, `${JSON.stringify({ ...group, shoulders: own })}\n`);
      return 0;
    }
    if ((action === 'add' || action === 'remove') && name && users.length > 0) {
      for (const username of users) {
        const user = await store.getUser(username);
        if (!user.ok) fail(user.error);
        const groups = action === 'add' ? [...user.value.groups, name] : user.value.groups.filter((g) => g !== name);
        const updated = await store.updateUser(username, { groups });
        if (!updated.ok) fail(updated.error);
      }
      await write(
        io.stdout,
        `${action === 'add' ? 'added' : 'removed'} ${users.join(', ')} ${action === 'add' ? 'to' : 'from'} ${name}\n`,
      );
      return 0;
    }
    throw new UsageError(`usage: ${GROUP_ACCOUNTS_USAGE.split('\n').join(' | ')}`);
  });
};
