import { ADMIN_SCOPE } from '@pidgate/store';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';

export const tokenCommand: Command = {
  name: 'token',
  summary: 'create, list and revoke the bearer tokens of the admin API',
  usage: `pidgate token create --scope PREFIX [--scope PREFIX...] [--admin] [--name NAME] [--expires DATE] [--config FILE]
pidgate token list [--config FILE]
pidgate token revoke ID [--config FILE]

create makes a bearer token for the admin API (/api/v1/bindings, /api/v1/mint, /api/v1/shoulders)
allowed to change identifiers under each PREFIX: a normalized identifier prefix such as ark:/99999,
ark:/99999/x6 (a shoulder) or urn:pdi://ap.org.us. The token is the last word of the output; it is
shown this once (only its SHA-256 is stored). --admin adds the scope ${ADMIN_SCOPE}: the token may
then create, list and revoke tokens over HTTP (/api/v1/tokens). --expires DATE (ISO 8601, such as
2027-01-31 or 2027-01-31T12:00:00Z) makes it stop working then. The token's name is the user name of
the EZID-compatible API (HTTP Basic, the token as password). list shows every token without its
secret; revoke stops one from working. Exit status 0, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      scope: { type: 'string', short: 's', multiple: true },
      name: { type: 'string', short: 'n' },
      admin: { type: 'boolean' },
      expires: { type: 'string' },
    });
    const [action, ...rest] = positionals;
    return withStore(io, values.config, async (store) => {
      if (action === 'create' && rest.length === 0) {
        const scopes = [...(values.scope ?? []), ...(values.admin ? [ADMIN_SCOPE] : [])];
        if (scopes.length === 0) throw new UsageError('token create needs at least one --scope (or --admin)');
        const made = await store.createToken(values.name ?? `cli ${new Date().toISOString()}`, scopes, {
          expiresAt: values.expires ?? null,
        });
        if (!made.ok) fail(made.error);
        await write(
          io.stdout,
          `created token ${made.value.id} (${made.value.name}) for ${made.value.scopes.join(', ')}${made.value.expiresAt ? `, expires ${made.value.expiresAt}` : ''}\nshown once, store it now:\n${made.value.token}\n`,
        );
        return 0;
      }
      if (action === 'list' && rest.length === 0) {
        const list = await store.listTokens();
        if (!list.ok) fail(list.error);
        let out = '';
        for (const t of list.value) out += `${JSON.stringify(t)}\n`;
        await write(io.stdout, out);
        return 0;
      }
      if (action === 'revoke' && rest.length === 1) {
        const revoked = await store.revokeToken(rest[0] as string);
        if (!revoked.ok) fail(revoked.error);
        await write(io.stdout, `revoked ${revoked.value.id} at ${revoked.value.revokedAt}\n`);
        return 0;
      }
      throw new UsageError('usage: pidgate token create --scope PREFIX | token list | token revoke ID');
    });
  },
};
