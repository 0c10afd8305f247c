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

/**
 * The GND's (and before it the PND's, SWD's, GKD's and ZDB's) weighted sum MOD 11 over a string of
 * digits (Deutsche Nationalbibliothek, "Prüfziffernberechnung"): the digit before the check character is
 * weighted 2, the one before it 3, and so on leftwards. The GND's check value is (11 - sum mod 11) mod 11;
 * the SWD's and GKD's numbers given before the GND kept theirs, sum mod 11. Returns sum mod 11.
 */
export function weightedMod11(digits: string): number {
  let total = 0;
  for (let i = digits.length - 1, w = 2; i >= 0; i--, w++) total = (total + (digits.charCodeAt(i) - 48) * w) % 11;
  return total;
}

/**
 * The ISTC's check character (ISO 21047): the fifteen hexadecimal characters weighted 11, 9, 3, 1 in turn
 * from the left, the sum MOD 16, written as a hexadecimal digit (upper case). `values` are the
 * characters' values (0-15).
 */
export function istcCheck(values: readonly number[]): string {
  const weights = [11, 9, 3, 1];
  let total = 0;
  for (let i = 0; i < values.length; i++) total += (values[i] as number) * (weights[i % 4] as number);
  return (total % 16).toString(16).toUpperCase();
}
