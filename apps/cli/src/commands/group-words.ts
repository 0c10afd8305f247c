// The words of `pidgate group`'s account subcommands: no imports, so the text command `group` loads no
// database code unless one of them is given (group-accounts.ts is loaded then).
/** `pidgate group create|list|add|remove|show …`: groups of users (accounts), not identifier grouping. */
export const ACCOUNT_ACTIONS: ReadonlySet<string> = new Set(['create', 'list', 'add', 'remove', 'show']);

export const GROUP_ACCOUNTS_USAGE = `pidgate group create NAME [--description TEXT] [--config FILE]
pidgate group list [--config FILE]
pidgate group show NAME [--config FILE]
pidgate group add NAME USER... [--config FILE]
pidgate group remove NAME USER... [--config FILE]`;
