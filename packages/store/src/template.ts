import { err, ok, type Result } from '@pidgate/core';
import { NOID_TEMPLATE } from './grammar.ts';

/** A NOID template taken apart (NOID: `prefix.mode mask`, e.g. `x6.reeddk`). */
export interface NoidTemplate {
  readonly prefix: string;
  /** `r` random order, `s` sequential, `z` unbounded (the mask grows when used up). */
  readonly mode: 'r' | 's' | 'z';
  /** The mask less the check character: `d` (10 digits) and `e` (29 extended digits). */
  readonly mask: string;
  readonly check: boolean;
  /** How many identifiers the template can make; null when unbounded. */
  readonly capacity: number | null;
}

/**
 * Parse a NOID template. Only the mask characters of the NOID 2005 spec are taken: `d`, `e`, and a
 * final `k`; anything else is `invalid-template` (the store must know the capacity exactly, so that
 * it never hands out a counter value the template cannot spell).
 */
export function parseTemplate(template: string): Result<NoidTemplate> {
  const m = typeof template === 'string' && template.length <= 64 ? NOID_TEMPLATE.exec(template) : null;
  if (!m) return err('invalid-template', 'a NOID template is prefix "." mode (r, s or z) mask (d, e) [k]');
  const [, prefix = '', mode, mask = '', k] = m;
  let capacity: number | null = 1;
  for (const c of mask) capacity *= c === 'd' ? 10 : 29;
  // Counters are JavaScript numbers: a larger template is capped at 2^53 - 1 values.
  capacity = mode === 'z' ? null : Math.min(capacity, Number.MAX_SAFE_INTEGER);
  return ok({ prefix, mode: mode as 'r' | 's' | 'z', mask, check: k === 'k', capacity });
}
