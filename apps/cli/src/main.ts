import { commandEntries } from './commands/index.ts';
import { type Io, processIo, UsageError, write } from './io.ts';

/**
 * The help text (help.ts), loaded only when it is shown: it names every scheme, and so needs the scheme
 * registry, which `--version` and the commands that do not use it never load (start-up time).
 */
async function help(): Promise<string> {
  return (await import('./help.ts')).helpText();
}

/** Run the CLI; returns the exit status. Only the command's own failure gives 2. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await write(io.stdout, await help());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    await write(io.stdout, '0.1.0\n');
    return 0;
  }
  const entry = commandEntries.find((c) => c.name === name);
  if (!entry) {
    await write(io.stderr, `pidgate: unknown command "${name}"\n\n${await help()}`);
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
