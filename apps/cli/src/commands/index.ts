import type { Command } from '../command.ts';

/**
 * A subcommand as `pidgate --help` lists it, with its module loaded only when it runs: `pidgate
 * normalize` loads no HTTP or database code, and `--help`/`--version` load no command at all.
 * Each command's own module repeats its name and summary (the test in main.test.ts checks they agree).
 */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<Command>;
}

/** Every subcommand, in the order `pidgate --help` lists them. */
export const commandEntries: readonly CommandEntry[] = [
  {
    name: 'normalize',
    summary: 'normalize identifiers: one JSON line per input line, or a CSV/TSV/NDJSON table',
    load: async () => (await import('./normalize.ts')).normalizeCommand,
  },
  {
    name: 'compare',
    summary: 'tell whether identifiers are equivalent',
    load: async () => (await import('./compare.ts')).compareCommand,
  },
  {
    name: 'parse',
    summary: 'print the parsed record of one identifier',
    load: async () => (await import('./parse.ts')).parseCommand,
  },
  {
    name: 'group',
    summary: 'group identifiers into equivalence classes',
    load: async () => (await import('./group.ts')).groupCommand,
  },
  {
    name: 'pwid',
    summary: 'convert PWIDs to and from web archive replay URLs; read web collections',
    load: async () => (await import('./pwid.ts')).pwidCommand,
  },
  {
    name: 'demo',
    summary: 'normalize a few example identifiers',
    load: async () => (await import('./demo.ts')).demoCommand,
  },
  {
    name: 'demo-purge',
    summary: 'purge the demo identifiers (test shoulders) that have expired',
    load: async () => (await import('./demo-purge.ts')).demoPurgeCommand,
  },
  {
    name: 'serve',
    summary: 'run the HTTP gateway (resolution, ?/??/?info metadata, batch API)',
    load: async () => (await import('./serve.ts')).serveCommand,
  },
  {
    name: 'db',
    summary: 'database maintenance: apply schema migrations',
    load: async () => (await import('./db.ts')).dbCommand,
  },
  {
    name: 'user',
    summary: 'create, list, disable users and set their passwords (accounts)',
    load: async () => (await import('./user.ts')).userCommand,
  },
  {
    name: 'token',
    summary: 'create, list and revoke the bearer tokens of the admin API',
    load: async () => (await import('./token.ts')).tokenCommand,
  },
  {
    name: 'shoulder',
    summary: 'declare the NAANs and shoulders this institution serves, and list them',
    load: async () => (await import('./shoulder.ts')).shoulderCommand,
  },
  {
    name: 'commitment',
    summary: 'list, show, set and remove the ?? commitment statements of NAANs and shoulders',
    load: async () => (await import('./commitment.ts')).commitmentCommand,
  },
  {
    name: 'mint',
    summary: 'mint new identifiers on a shoulder from its NOID template',
    load: async () => (await import('./mint.ts')).mintCommand,
  },
  {
    name: 'import',
    summary: 'bulk-load bindings from NDJSON, or from EZID, N2T or arklet, into the database',
    load: async () => (await import('./import.ts')).importCommand,
  },
  {
    name: 'export',
    summary: "write the bindings in EZID's download format",
    load: async () => (await import('./export.ts')).exportCommand,
  },
  {
    name: 'links',
    summary: 'check the targets of public identifiers once, report the ones that fail, manage their webhooks',
    load: async () => (await import('./links.ts')).linksCommand,
  },
  {
    name: 'dns',
    summary: 'serve Maptr: NAPTR records for NAAN.ark.arpa over UDP and TCP (ARK §4.2)',
    load: async () => (await import('./dns.ts')).dnsCommand,
  },
  {
    name: 'naan',
    summary: 'install a newer NAAN registry export as the gateway NAAN table, without a restart',
    load: async () => (await import('./naan.ts')).naanCommand,
  },
];

/** Load every command (for the CLI reference and tests). */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(commandEntries.map((c) => c.load()));
}
