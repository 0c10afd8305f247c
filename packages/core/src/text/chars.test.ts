import { describe, expect, it } from 'vitest';
import {
  hexValue,
  isAlpha,
  isAlphaNum,
  isDigit,
  isDigits,
  isHexCode,
  isPcharCode,
  isSubDelimCode,
  isUnreservedCode,
} from './chars.ts';

// The classes spelled out as the RFCs list them (RFC 5234 B.1, RFC 3986 §2.2, §2.3, §3.3).
const DIGIT = '0123456789';
const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEXDIG = '0123456789ABCDEFabcdef';
const UNRESERVED = `${ALPHA}${DIGIT}-._~`;
const SUB_DELIMS = "!$&'()*+,;=";
const PCHAR = `${UNRESERVED}${SUB_DELIMS}:@`;

describe('character classes', () => {
  it.each([
    ['isDigit', isDigit, DIGIT],
    ['isAlpha', isAlpha, ALPHA],
    ['isAlphaNum', isAlphaNum, ALPHA + DIGIT],
    ['isHexCode', isHexCode, HEXDIG],
    ['isUnreservedCode', isUnreservedCode, UNRESERVED],
    ['isSubDelimCode', isSubDelimCode, SUB_DELIMS],
    ['isPcharCode', isPcharCode, PCHAR],
  ])('%s holds exactly its characters among U+0000..U+017F', (_name, test, members) => {
    for (let c = 0; c < 0x180; c++)
      expect(test(c), String.fromCharCode(c)).toBe(members.includes(String.fromCharCode(c)));
  });

  it('is false past the end of a string (NaN)', () => {
    for (const test of [isDigit, isAlpha, isAlphaNum, isHexCode, isUnreservedCode, isSubDelimCode, isPcharCode]) {
      expect(test(Number.NaN)).toBe(false);
    }
  });

  it.each([
    ['0', 0],
    ['9', 9],
    ['a', 10],
    ['F', 15],
    ['f', 15],
    ['g', -1],
    ['G', -1],
    ['@', -1],
    ['`', -1],
    ['/', -1],
  ])('hexValue(%j) = %i', (ch, value) => {
    expect(hexValue(ch.charCodeAt(0))).toBe(value);
  });

  it.each([
    ['', false],
    ['0', true],
    ['0123456789', true],
    ['12a', false],
    ['١٢', false], // Arabic-Indic digits are not DIGIT
  ])('isDigits(%j) is %s', (s, expected) => {
    expect(isDigits(s)).toBe(expected);
  });
});
