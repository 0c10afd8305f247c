import type { Command } from '../command.ts';
import { compareCommand } from './compare.ts';
import { dbCommand } from './db.ts';
import { demoCommand } from './demo.ts';
import { dnsCommand } from './dns.ts';
import { groupCommand } from './group.ts';
import { importCommand } from './import.ts';
import { mintCommand } from './mint.ts';
import { normalizeCommand } from './normalize.ts';
import { parseCommand } from './parse.ts';
import { pwidCommand } from './pwid.ts';
import { serveCommand } from './serve.ts';
import { shoulderCommand } from './shoulder.ts';
import { tokenCommand } from './token.ts';

/** Every subcommand, in the order `pidgate --help` lists them. */
export const commands: readonly Command[] = [
  normalizeCommand,
  compareCommand,
  parseCommand,
  groupCommand,
  pwidCommand,
  demoCommand,
  serveCommand,
  dbCommand,
  tokenCommand,
  shoulderCommand,
  mintCommand,
  importCommand,
  dnsCommand,
];
