/**
 * The NOID Check Digit Algorithm (NCDA). Over the alphabet of 29 betanumeric characters, each
 * character's ordinal (any other character counts 0) is multiplied by its position (from 1); the
 * check character is the alphabet's character at the sum modulo 29. Computed over `NAAN/Name`:
 * `ncda('13030/xf93gt2')` is `q`.
 */
export const NOID_ALPHABET = '0123456789bcdfghjkmnpqrstvwxz';

const ORDINAL = new Uint8Array(128);
for (let i = 0; i < NOID_ALPHABET.length; i++) ORDINAL[NOID_ALPHABET.charCodeAt(i)] = i;

/** The ordinal of one character: its index in the NOID alphabet, 0 for any other character. */
export function ordinal(c: number): number {
  return c < 128 ? (ORDINAL[c] as number) : 0;
}

/** The NCDA check character of `s`. */
export function ncda(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum = (sum + ordinal(s.charCodeAt(i)) * ((i + 1) % 29)) % 29;
  return NOID_ALPHABET[sum] as string;
}

/** Does `s` end in the NCDA check character of the rest of it (e.g. `13030/xf93gt2q`)? */
export function verifyNcda(s: string): boolean {
  return s.length >= 2 && ncda(s.slice(0, -1)) === s[s.length - 1];
}
