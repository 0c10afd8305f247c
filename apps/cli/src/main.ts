import { schemes, schemesInWords } from '@pidgate/schemes';
import { type CommandEntry, commandEntries } from './commands/index.ts';
import { type Io, processIo, UsageError, write } from './io.ts';

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

/** Run the CLI; returns the exit status. Only the command's own failure gives 2. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await write(io.stdout, helpText());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    await write(io.stdout, '0.1.0\n');
    return 0;
  }
  const entry = commandEntries.find((c) => c.name === name);
  if (!entry) {
    await write(io.stderr, `pidgate: unknown command "${name}"\n\n${helpText()}`);
    return 2;
  }
  const command = await entry.load();
  if (args.includes('--help') || args.includes('-h')) {
    await write(io.stdout, `${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (e) {
    const message = e instanceof UsageError ? e.message : `${(e as Error).message ?? e}`;
    await write(io.stderr, `pidgate ${name}: ${message}\n`);
    return 2;
  }
}
