/**
 * The ISO/IEC 7064 MOD 11-2 check character of a string of digits: for each digit, add it and double;
 * the check value is (12 - total mod 11) mod 11, written "X" for 10.
 */
export function mod11_2(digits: string): string {
  let total = 0;
  for (let i = 0; i < digits.length; i++) total = (total + (digits.charCodeAt(i) - 48)) * 2;
  const value = (12 - (total % 11)) % 11;
  return value === 10 ? 'X' : String(value);
}
