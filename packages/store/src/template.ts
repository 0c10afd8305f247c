import { parseTemplate as parseNoidTemplate, capacity as templateCapacity } from '@pidgate/ark';
import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { TEMPLATE_PREFIX } from './grammar.ts';

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
 * Parse a NOID template with the ARK package's grammar, then apply the store's own limits: at most 64
 * characters and a betanumeric prefix. Anything else is `invalid-template`. Counters are JavaScript
 * numbers, so a larger template's capacity is capped at 2^53 - 1 values.
 */
export function parseTemplate(template: string): StoreResult<NoidTemplate> {
  const parsed = typeof template === 'string' && template.length <= 64 ? parseNoidTemplate(template) : null;
  if (!parsed?.ok || !TEMPLATE_PREFIX.test(parsed.value.prefix)) {
    return err('invalid-template', 'a NOID template is prefix "." mode (r, s or z) mask (d, e) [k]');
  }
  const { prefix, generator: mode, mask, check } = parsed.value;
  const exact = templateCapacity(parsed.value);
  const capacity =
    exact === null ? null : Number(exact > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : exact);
  return ok({ prefix, mode, mask, check, capacity });
}
