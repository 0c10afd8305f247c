import type { Readable } from 'node:stream';
import { ROLES, type Role, type User } from '@pidgate/store';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const userCommand: Command = {
  name: 'user',
  summary: 'create, list, disable users and set their passwords (accounts)',
  usage: `pidgate user create NAME --password-stdin --group GROUP [--group GROUP...] [--role admin|user|readonly] [--email E] [--display-name N] [--config FILE]
pidgate user list [--config FILE]
pidgate user disable NAME [--config FILE]
pidgate user enable NAME [--config FILE]
pidgate user password NAME --password-stdin [--config FILE]

Users act on identifiers (docs/accounts.md): a user may change what it owns, what users who named it a
co-owner own, and what its groups own; an admin may do anything; readonly changes nothing. create
makes a user in the groups named (pidgate group create makes a group), with the password read from
standard input (the first line; at least 8 characters), so it never shows in the process list or the
shell history:
  printf '%s\\n' "$PASSWORD" | pidgate user create alice --password-stdin --group library
The user signs in to the EZID-compatible API with HTTP Basic (name and password) and to the console;
after 5 wrong passwords in a row sign-ins are refused for a minute, doubling up to an hour. A token
(pidgate token create) acts for a user too. list shows every user (no password hashes); disable stops a
user and every token of theirs, enable undoes it; password sets a new password (and lifts a lock).
Exit status 0, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      'password-stdin': { type: 'boolean' },
      group: { type: 'string', short: 'g', multiple: true },
      role: { type: 'string' },
      email: { type: 'string' },
      'display-name': { type: 'string' },
    });
    const [action, ...rest] = positionals;
    const name = rest[0];
    if (action === 'create' && rest.length === 1 && name) {
      if (!values['password-stdin'])
        throw new UsageError('user create needs --password-stdin (the password on standard input)');
      const role = values.role ?? 'user';
      if (!(ROLES as readonly string[]).includes(role))
        throw new UsageError(`--role must be ${ROLES.join(', ')}, not ${role}`);
      const password = await readPassword(io.stdin);
      return withStore(io, values.config, async (store) => {
        const made = await store.createUser({
          username: name,
          password,
          role: role as Role,
          groups: values.group ?? [],
          ...(values.email ? { email: values.email } : {}),
          ...(values['display-name'] ? { displayName: values['display-name'] } : {}),
        });
        if (!made.ok) fail(made.error);
        await write(io.stdout, `created user ${describe(made.value)}\n`);
        return 0;
      });
    }
    if (action === 'list' && rest.length === 0) {
      return withStore(io, values.config, async (store) => {
        const list = await store.listUsers();
        if (!list.ok) fail(list.error);
        await write(io.stdout, list.value.map((u) => `${JSON.stringify(u)}\n`).join(''));
        return 0;
      });
    }
    if ((action === 'disable' || action === 'enable') && rest.length === 1 && name) {
      return withStore(io, values.config, async (store) => {
        const updated = await store.updateUser(name, { disabled: action === 'disable' });
        if (!updated.ok) fail(updated.error);
        await write(io.stdout, `${action}d user ${name}\n`);
        return 0;
      });
    }
    if (action === 'password' && rest.length === 1 && name) {
      if (!values['password-stdin']) throw new UsageError('user password needs --password-stdin');
      const password = await readPassword(io.stdin);
      return withStore(io, values.config, async (store) => {
        const set = await store.setPassword(name, password);
        if (!set.ok) fail(set.error);
        await write(io.stdout, `set the password of ${name}; their sessions are ended\n`);
        return 0;
      });
    }
    throw new UsageError(
      'usage: pidgate user create NAME --password-stdin --group GROUP | user list | user disable NAME | user password NAME --password-stdin',
    );
  },
};

function describe(u: User): string {
  return `${u.username} (${u.role}${u.groups.length > 0 ? `; groups ${u.groups.join(', ')}` : ''})`;
}

/** The first line of standard input (a final CR or LF dropped). */
async function readPassword(stdin: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(b);
    size += b.length;
    if (size > 64 * 1024) throw new UsageError('the password on standard input is longer than 64 KiB');
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const line = text.split('\n')[0] ?? '';
  const password = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (password === '') throw new UsageError('no password on standard input');
  return password;
}
