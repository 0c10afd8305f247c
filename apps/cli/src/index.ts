export type { Command } from './command.ts';
export { commands } from './commands/index.ts';
export type { Io } from './io.ts';
export { helpText, main } from './main.ts';
