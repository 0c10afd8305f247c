import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type EquivalenceLevel, isEquivalenceLevel, isProfile, type Profile } from '@pidgate/core';
import { type Io, UsageError } from './io.ts';

/** One subcommand of `pidgate`. Its `usage` is its help text, and the CLI reference is built from it. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(args: readonly string[], io: Io): Promise<number>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parse a command's arguments strictly; unknown options are usage errors. */
export function parseCommandArgs<O extends Options>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export const profileOption = { profile: { type: 'string', short: 'p', default: 'source' } } as const;

export function readProfile(value: unknown): Profile {
  if (!isProfile(value)) throw new UsageError(`--profile must be "source" or "modern", not ${JSON.stringify(value)}`);
  return value;
}

/** `--level lexical|standard`: the level of equivalence (see @pidgate/core `equivalenceKey`). */
export const levelOption = { level: { type: 'string', default: 'lexical' } } as const;

export function readLevel(value: unknown): EquivalenceLevel {
  if (typeof value !== 'string' || !isEquivalenceLevel(value)) {
    throw new UsageError(`--level must be "lexical" or "standard", not ${JSON.stringify(value)}`);
  }
  return value;
}
