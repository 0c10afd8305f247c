export type { Command } from './command.ts';
export { type CommandEntry, commandEntries, loadCommands } from './commands/index.ts';
export { helpText } from './help.ts';
export type { Io } from './io.ts';
export { main } from './main.ts';
