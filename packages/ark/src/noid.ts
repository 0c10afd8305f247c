import { err, ok, type PidError, type Result } from '@pidgate/core';
import type { NoidErrorCode } from './codes.ts';
import { CLASS, MODERN_CHAR, SOURCE_CHAR } from './grammar.ts';
import { NOID_ALPHABET, ncda } from './ncda.ts';

/**
 * A NOID template `prefix.mask`: the prefix (shoulder) before the dot, then the mask: a generator
 * `r` (random order), `s` (sequential) or `z` (sequential, unbounded), then `d` (a digit) and `e`
 * (a betanumeric character) positions, and a final `k` for a check character. `x6.reeddk`, `.zd`.
 */
export interface NoidTemplate {
  readonly template: string;
  readonly prefix: string;
  readonly generator: 'r' | 's' | 'z';
  /** The `d` and `e` positions, left to right. */
  readonly mask: string;
  /** A final `k`: an NCDA check character is appended. */
  readonly check: boolean;
}

/** Parse a NOID template. Never throws. */
export function parseTemplate(t: string): Result<NoidTemplate, PidError<NoidErrorCode>> {
  const dot = t.indexOf('.');
  if (dot < 0) return err('template-dot', 'a NOID template is "prefix.mask", e.g. "x6.reeddk" or ".zd"', t.length);
  for (let i = 0; i < dot; i++) {
    const c = t.charCodeAt(i);
    // Characters of both ARK repertoires: letters, digits, "= * + @ _ $".
    const cls = c < 128 ? (CLASS[c] as number) : 0;
    if ((cls & SOURCE_CHAR) === 0 || (cls & MODERN_CHAR) === 0) {
      return err('template-prefix-character', 'a template prefix holds letters, digits and "= * + @ _ $"', i);
    }
  }
  const g = t[dot + 1];
  if (g !== 'r' && g !== 's' && g !== 'z') {
    return err('template-generator', 'a template mask starts with "r", "s" or "z"', dot + 1);
  }
  let end = t.length;
  const check = t.endsWith('k');
  if (check) end--;
  for (let i = dot + 2; i < end; i++) {
    const c = t[i];
    if (c !== 'd' && c !== 'e') {
      return err('template-mask-character', 'a template mask holds "d" and "e", then at most one final "k"', i);
    }
  }
  if (end <= dot + 2) return err('template-mask-empty', 'a template mask has at least one "d" or "e"', dot + 2);
  return ok({ template: t, prefix: t.slice(0, dot), generator: g, mask: t.slice(dot + 2, end), check });
}

const radix = (c: string | undefined): bigint => (c === 'e' ? 29n : 10n);

/** How many identifiers the template can mint; null for `z` templates, which never run out. */
export function capacity(t: NoidTemplate): bigint | null {
  if (t.generator === 'z') return null;
  let n = 1n;
  for (const c of t.mask) n *= radix(c);
  return n;
}

/** The `index`-th string of the mask, in mixed radix; `z` masks grow to the left as needed. */
function spell(t: NoidTemplate, index: bigint): string {
  let out = '';
  let x = index;
  for (let i = t.mask.length - 1; i >= 0; i--) {
    const r = radix(t.mask[i]);
    out = NOID_ALPHABET[Number(x % r)] + out;
    x /= r;
  }
  const r = radix(t.mask[0]);
  while (x > 0n) {
    out = NOID_ALPHABET[Number(x % r)] + out;
    x /= r;
  }
  return out;
}

const M64 = (1n << 64n) - 1n;
const GOLDEN = 0x9e3779b97f4a7c15n;

/** SplitMix64's finalizer: a bijective 64-bit mix. */
function mix64(v: bigint): bigint {
  let x = v & M64;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & M64;
  return x ^ (x >> 31n);
}

/** A 64-bit key from a seed (FNV-1a over its text, then mixed). */
function keyOf(seed: string | number | bigint): bigint {
  const text = `${typeof seed}:${String(seed)}`;
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & M64;
  return mix64(h);
}

/** The Feistel round function: `bits` pseudo-random bits of (key, round, value). */
function roundFunction(key: bigint, round: number, value: bigint, bits: bigint): bigint {
  let h = mix64(key + BigInt(round + 1) * GOLDEN);
  let v = value;
  do {
    h = mix64(h ^ (v & M64));
    v >>= 64n;
  } while (v > 0n);
  let out = 0n;
  for (let have = 0n, k = 1n; have < bits; have += 64n, k++) out |= mix64(h + k * GOLDEN) << have;
  return out & ((1n << bits) - 1n);
}

/**
 * A permutation of [0, size), keyed: a 4-round balanced Feistel network on the smallest even bit width
 * covering `size`, cycle-walked back into range (on average fewer than 4 steps).
 */
function permute(n: bigint, size: bigint, key: bigint): bigint {
  let half = 1n;
  while (1n << (2n * half) < size) half++;
  const lowMask = (1n << half) - 1n;
  let x = n;
  do {
    let left = x >> half;
    let right = x & lowMask;
    for (let round = 0; round < 4; round++) {
      const next = left ^ roundFunction(key, round, right, half);
      left = right;
      right = next;
    }
    x = (left << half) | right;
  } while (x >= size);
  return x;
}

export interface NthOptions {
  /** `r` templates: the order of minting is a permutation determined by this seed (default 0). */
  readonly seed?: string | number | bigint;
  /** With a `k` template, the check character is computed over `NAAN/prefix+id` (else over `prefix+id`). */
  readonly naan?: string;
}

/**
 * The `n`-th identifier (from 0) a template mints: `prefix + id [+ check]`. `s` and `z` templates count
 * up; an `r` template takes its identifiers in a random order that is a permutation of all of them
 * (no identifier repeats before the template is exhausted), the same for the same seed. Pure: the
 * caller keeps the counter.
 */
export function nth(
  t: NoidTemplate,
  n: number | bigint,
  options: NthOptions = {},
): Result<string, PidError<NoidErrorCode>> {
  if (typeof n === 'number' ? !Number.isSafeInteger(n) || n < 0 : n < 0n) {
    return err('ordinal-range', 'the ordinal is a non-negative integer', null);
  }
  const index = BigInt(n);
  const size = capacity(t);
  if (size !== null && index >= size) {
    return err('template-exhausted', `the template ${t.template} mints ${size} identifiers`, null);
  }
  const ordinalIndex = t.generator === 'r' && size !== null ? permute(index, size, keyOf(options.seed ?? 0)) : index;
  const id = t.prefix + spell(t, ordinalIndex);
  if (!t.check) return ok(id);
  return ok(id + ncda(options.naan === undefined ? id : `${options.naan}/${id}`));
}
