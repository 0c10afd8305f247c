import { describe, expect, it } from 'vitest';
import { isUnreservedCode } from './chars.ts';
import { decodeEscapesWhere, findBadEscape, lowerEscapes, upperEscapes } from './percent.ts';

describe('percent-escapes', () => {
  it.each([
    ['abc', -1],
    ['a%2Fb', -1],
    ['a%2fb%C3%a9', -1],
    ['%', 0],
    ['a%2', 1],
    ['a%zz', 1],
    ['a%2g', 1],
    ['%41%4', 3],
    ['%%41', 0],
  ])('findBadEscape(%s) = %i', (s, at) => {
    expect(findBadEscape(s)).toBe(at);
  });

  it('looks only inside the range given', () => {
    expect(findBadEscape('ab%4', 0, 2)).toBe(-1);
    expect(findBadEscape('%4x%41', 3)).toBe(-1);
  });

  it.each([
    ['a%2fb%c3%A9', 'a%2Fb%C3%A9', 'a%2fb%c3%a9'],
    ['plain', 'plain', 'plain'],
    ['%ab%CD', '%AB%CD', '%ab%cd'],
  ])('%s: upper %s, lower %s', (s, upper, lower) => {
    expect(upperEscapes(s)).toBe(upper);
    expect(lowerEscapes(s)).toBe(lower);
  });

  it('decodes only the escapes the predicate keeps, never bytes of UTF-8 sequences', () => {
    expect(decodeEscapesWhere('%41%2F%7e%C3%A9', isUnreservedCode)).toBe('A%2F~%C3%A9');
    expect(decodeEscapesWhere('no escapes', isUnreservedCode)).toBe('no escapes');
  });
});
