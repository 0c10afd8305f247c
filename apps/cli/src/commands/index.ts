import type { Command } from '../command.ts';
import { compareCommand } from './compare.ts';
import { demoCommand } from './demo.ts';
import { groupCommand } from './group.ts';
import { normalizeCommand } from './normalize.ts';
import { parseCommand } from './parse.ts';
import { pwidCommand } from './pwid.ts';
import { serveCommand } from './serve.ts';

/** Every subcommand, in the order `pidgate --help` lists them. */
export const commands: readonly Command[] = [
  normalizeCommand,
  compareCommand,
  parseCommand,
  groupCommand,
  pwidCommand,
  demoCommand,
  serveCommand,
];
