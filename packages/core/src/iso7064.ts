/**
 * ISO/IEC 7064 check characters, pure systems: shared by the schemes that use them (ORCID and ISNI, MOD
 * 11-2; ROR, MOD 97-10), so that no package keeps a copy. Char-code loops, linear in the input.
 */

/**
 * MOD 11-2 over a string of digits (ISO 27729, ORCID): for each digit, add it and double; the check value
 * is (12 - total mod 11) mod 11, written "X" for 10.
 */
export function mod11_2(digits: string): string {
  let total = 0;
  for (let i = 0; i < digits.length; i++) total = ((total + (digits.charCodeAt(i) - 48)) * 2) % 11;
  const value = (12 - (total % 11)) % 11;
  return value === 10 ? 'X' : String(value);
}

/**
 * MOD 97-10 over a number given as a sequence of digit values (`values`, most significant first, each in
 * `0 <= v < radix`): the two check digits, 98 - (n × 100 mod 97), written with two digits. ROR computes
 * them over the Crockford base32 value of its six characters (radix 32).
 */
export function mod97_10(values: readonly number[], radix = 10): string {
  let rest = 0;
  for (let i = 0; i < values.length; i++) rest = (rest * radix + (values[i] as number)) % 97;
  const check = 98 - ((rest * 100) % 97);
  return check < 10 ? `0${check}` : String(check);
}
