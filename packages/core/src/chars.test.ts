import { describe, expect, it } from 'vitest';
import { bareHostPrefix, httpHostPrefix, httpSchemeLength, isDigit, wordAt } from './chars.ts';

describe('shared character tests', () => {
  it.each([
    ['0', true],
    ['9', true],
    ['a', false],
    ['/', false],
    [':', false],
  ])('isDigit(%j) is %s', (ch, expected) => {
    expect(isDigit(ch.charCodeAt(0))).toBe(expected);
  });

  it.each([
    ['DOI:10.1/x', 0, 'doi:', true],
    ['xhdl:', 1, 'hdl:', true],
    ['hdl', 0, 'hdl:', false],
    ['h-l:', 0, 'hdl:', false],
    // Only ASCII letters fold: "@" (0x40) is not "`" (0x60).
    ['@', 0, '`', false],
  ])('wordAt(%j, %i, %j) is %s', (s, i, word, expected) => {
    expect(wordAt(s, i, word)).toBe(expected);
  });

  it.each([
    ['http://x', 7],
    ['HTTPS://x', 8],
    ['https:/x', 0],
    ['ftp://x', 0],
    ['', 0],
  ])('httpSchemeLength(%j) is %i', (s, expected) => {
    expect(httpSchemeLength(s)).toBe(expected);
  });

  it.each([
    ['https://doi.org/10.1/x', 16],
    ['http://DX.DOI.ORG/10.1/x', 18],
    ['https://doi.org.evil.com/10.1/x', 0],
    ['https://doi.org', 0],
  ])('httpHostPrefix(%j, [doi.org, dx.doi.org]) is %i', (s, expected) => {
    expect(httpHostPrefix(s, ['doi.org', 'dx.doi.org'])).toBe(expected);
  });

  it.each([
    ['doi.org/10.1000/182', 8],
    ['DX.DOI.ORG/10.1000/182', 11],
    ['doi.org', 0],
    ['doi.orgx/1', 0],
    ['https://doi.org/10.1000/182', 0],
    ['', 0],
  ])('bareHostPrefix(%j, [doi.org, dx.doi.org]) is %i', (s, expected) => {
    expect(bareHostPrefix(s, ['doi.org', 'dx.doi.org'])).toBe(expected);
  });
});
