export type { Command } from './command.ts';
export { type CommandEntry, commandEntries, loadCommands } from './commands/index.ts';
export type { Io } from './io.ts';
export { helpText, main } from './main.ts';
