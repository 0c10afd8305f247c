import { describe, expect, it } from 'vitest';
import { isSurroundingSpace, surroundingSpace, trimSurroundingSpace } from './space.ts';

// Unicode's White_Space property (PropList.txt), listed here from the Unicode Character Database, not
// from the code: every one is surrounding space, and so are the three invisible format characters.
const WHITE_SPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];
const INVISIBLE = [0x200b, 0x2060, 0xfeff];

describe('surrounding space', () => {
  it('is every White_Space character and the zero width space, word joiner and byte-order mark', () => {
    for (const c of [...WHITE_SPACE, ...INVISIBLE]) expect(isSurroundingSpace(c), c.toString(16)).toBe(true);
  });

  it('is nothing else in the Basic Multilingual Plane', () => {
    const listed = new Set([...WHITE_SPACE, ...INVISIBLE]);
    const others: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (!listed.has(c) && isSurroundingSpace(c)) others.push(c);
    expect(others).toEqual([]);
  });

  it.each([
    ['ark:/12345/x', -1],
    ['\u200bark:/12345/x', 0],
    ['ark:/12345/x\u200b', 12],
    ['ark:/12345/x \u00a0\ufeff', 12],
    ['doi:10.1000/a b', -1],
    ['', -1],
  ])('%j: first surrounding space at %i', (input, offset) => {
    expect(surroundingSpace(input)).toBe(offset);
  });

  it('trims both ends and keeps what is inside', () => {
    expect(trimSurroundingSpace('\ufeff\u2060 ark:/12345/x y\u2003\r\n')).toBe('ark:/12345/x y');
    expect(trimSurroundingSpace('\u200b\u200b')).toBe('');
    const s = 'urn:example:a';
    expect(trimSurroundingSpace(s)).toBe(s);
  });

  it('is linear in the length of a run of spaces', () => {
    const long = `${' '.repeat(1 << 20)}x${'\u3000'.repeat(1 << 20)}`;
    expect(trimSurroundingSpace(long)).toBe('x');
  });
});
