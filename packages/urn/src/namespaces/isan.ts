import { err } from '@pidgate/core';
import type { UrnNamespace } from './types.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function value(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  if (c >= 97 && c <= 122) return c - 87;
  return -1;
}

/** One step of ISO 7064 MOD 37,36 (hybrid system, M = 36): the next state after a character value. */
function step(p: number, v: number): number {
  let s = (p + v) % 36;
  if (s === 0) s = 36;
  return (2 * s) % 37;
}

/** ISO 7064 MOD 37,36 check character of hex digits (ISO 15706 ISAN check characters). */
export function isanCheckCharacter(hex: string): string {
  let p = 36;
  for (let i = 0; i < hex.length; i++) p = step(p, value(hex.charCodeAt(i)));
  return ALPHABET[(37 - p) % 36] as string;
}

const ROOT_GROUPS = [0, 5, 10, 15];
const VERSION_GROUPS = [22, 27];

/** Run the check over four-hex-digit groups at `starts`; the state, or an error offset as -1 - offset. */
function runGroups(s: string, starts: readonly number[], p0: number): number {
  let p = p0;
  for (let n = 0; n < starts.length; n++) {
    const g = starts[n] as number;
    for (let i = g; i < g + 4; i++) {
      const v = value(s.charCodeAt(i));
      if (v < 0 || v > 15) return -1 - i;
      p = step(p, v);
    }
    if (s.charCodeAt(g + 4) !== 45) return -1 - (g + 4);
  }
  return p;
}

/**
 * `urn:isan:` (RFC 4246 §2). The NSS is an ISAN as printed: root and episode, four groups of four
 * hex digits, and a check character (`0000-0000-9E59-0000-O`), optionally followed by the version,
 * two groups of four hex digits and a second check character (`...-O-0000-0000-2`, a V-ISAN). Both
 * check characters are verified (ISO 7064 MOD 37,36). Lexical form: upper case.
 */
export const isanNamespace: UrnNamespace = {
  nid: 'isan',
  errorCodes: ['isan-syntax', 'isan-check-character'],
  checks: 'XXXX-XXXX-XXXX-XXXX-C[-XXXX-XXXX-C] hex groups, both check characters (ISO 7064 MOD 37,36)',
  equivalence: 'case-insensitive (upper case)',
  normalize(nss) {
    if (nss.length !== 21 && nss.length !== 33) {
      return err('isan-syntax', 'an ISAN is XXXX-XXXX-XXXX-XXXX-C, optionally -XXXX-XXXX-C', 0);
    }
    const p = runGroups(nss, ROOT_GROUPS, 36);
    if (p < 0) return groupError(-1 - p);
    const root = ALPHABET[(37 - p) % 36] as string;
    if ((nss[20] as string).toUpperCase() !== root) {
      return err('isan-check-character', `the ISAN check character should be ${root}`, 20);
    }
    if (nss.length === 33) {
      if (nss.charCodeAt(21) !== 45) return err('isan-syntax', 'ISAN groups are separated by "-"', 21);
      const q = runGroups(nss, VERSION_GROUPS, p);
      if (q < 0) return groupError(-1 - q);
      const version = ALPHABET[(37 - q) % 36] as string;
      if ((nss[32] as string).toUpperCase() !== version) {
        return err('isan-check-character', `the version check character should be ${version}`, 32);
      }
    }
    return { ok: true, value: hasLowerAscii(nss) ? nss.toUpperCase() : nss };
  },
};

const HYPHEN_AT = new Set([4, 9, 14, 19, 26, 31]);

function groupError(offset: number) {
  return HYPHEN_AT.has(offset)
    ? err('isan-syntax', 'ISAN groups are separated by "-"', offset)
    : err('isan-syntax', 'an ISAN group holds four hex digits', offset);
}

function hasLowerAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}
