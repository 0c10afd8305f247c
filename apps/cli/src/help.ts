import { schemes, schemesInWords } from '@pidgate/schemes';
import { type CommandEntry, commandEntries } from './commands/index.ts';

/**
 * `pidgate --help`. In a module of its own, loaded only for the help: it names the schemes, so it needs
 * the whole scheme registry, which `pidgate --version` does not load (main.ts imports this lazily).
 */
export function helpText(all: readonly Pick<CommandEntry, 'name' | 'summary'>[] = commandEntries): string {
  const width = Math.max(...all.map((c) => c.name.length));
  return `pidgate: parse, validate, normalize and compare persistent identifiers
(${schemesInWords(schemes)})

Usage: pidgate <command> [options]

Commands:
${all.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run "pidgate <command> --help" for a command's options.
`;
}
