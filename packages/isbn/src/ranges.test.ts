import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { hyphenateIsbn } from './hyphenate.ts';
import { RANGE_MESSAGE } from './ranges.ts';
import { RANGE_GROUPS } from './ranges-data.ts';
import { isbnScheme } from './scheme.ts';

/*
 * Expected values are worked out here from ISO 2108 and the range table's rules, not by the code: each ISBN
 * is built from its elements, its check digit computed by the helper below (ISO 2108 §7: weights 1 and 3,
 * mod 10), and the expected hyphenation is the elements joined. The ranges named are those of the shipped
 * table (see RANGE_MESSAGE for its source and date).
 */
function check13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** An ISBN-13 from its elements: its digits and its hyphenated form. */
function isbn(...elements: string[]): { digits: string; hyphenated: string } {
  const twelve = elements.join('');
  if (twelve.length !== 12) throw new Error(`12 digits before the check digit: ${elements.join('-')}`);
  const check = check13(twelve);
  return { digits: twelve + check, hyphenated: `${elements.join('-')}-${check}` };
}

const warnings = (s: string) => {
  const r = isbnScheme.parse(s);
  return r.ok ? (r.value.warnings ?? []).map((w) => w.code) : r.error.code;
};

describe('ISBN hyphenation from the range table', () => {
  it.each([
    // 978-0 (English language): 00-19 two digits, 200-227 three, 2280-2289 four; 7000-8499 four, 85000-89999
    // five; 900372-949999 six, 9500000-9999999 seven
    ['978-0, last 2-digit registrant', isbn('978', '0', '19', '999999')],
    ['978-0, first 3-digit registrant', isbn('978', '0', '200', '00000')],
    ['978-0, 4-digit registrants between 3-digit ranges', isbn('978', '0', '2280', '1234')],
    ['978-0, last 4-digit registrant', isbn('978', '0', '8499', '9999')],
    ['978-0, first 5-digit registrant', isbn('978', '0', '85000', '000')],
    ['978-0, last 6-digit registrant', isbn('978', '0', '949999', '99')],
    ['978-0, first 7-digit registrant', isbn('978', '0', '9500000', '0')],
    // 978-1 (English language): 000-009 three digits, then 01-02 two; 9989900-9999999 seven
    ['978-1, 3-digit registrant', isbn('978', '1', '009', '99999')],
    ['978-1, 2-digit registrant after it', isbn('978', '1', '01', '000000')],
    ['978-1, last range', isbn('978', '1', '9999999', '9')],
    // 978-3 (German language): Wikipedia's and the agency's familiar 978-3-16-148410; 9996-9999 four digits
    ['978-3, registrant 16 (04-19)', isbn('978', '3', '16', '148410')],
    ['978-3, 9700000-9849999 seven digits', isbn('978', '3', '9849999', '9')],
    ['978-3, 98500-99959 five digits', isbn('978', '3', '98500', '000')],
    ['978-3, 9996-9999 four digits', isbn('978', '3', '9999', '9999')],
    // 978-92 (International NGO Publishers and EU Organizations): 95000-98999 five digits
    ['978-92, five-digit registrant', isbn('978', '92', '95055', '02')],
    // 978-99937 (Macau, a five-digit group): 0-1 one digit, 20-59 two, 600-999 three
    ['978-99937, 1-digit registrant', isbn('978', '99937', '1', '999')],
    ['978-99937, 2-digit registrant', isbn('978', '99937', '20', '00')],
    ['978-99937, 3-digit registrant', isbn('978', '99937', '600', '0')],
    // 979-10 (France, a two-digit group of 979): 00-19 two digits, 976000-999999 six
    ['979-10, 2-digit registrant', isbn('979', '10', '00', '00000')],
    ['979-10, 6-digit registrant', isbn('979', '10', '976000', '1')],
    // 979-8 (United States): 030-034 three digits; 9985000-9999999 seven, one digit of publication left
    ['979-8, first range', isbn('979', '8', '030', '00000')],
    ['979-8, last range', isbn('979', '8', '9999999', '9')],
  ])('%s', (_name, { digits, hyphenated }) => {
    expect(hyphenateIsbn(digits)).toBe(hyphenated);
    expect(hyphenateIsbn(`ISBN ${hyphenated}`)).toBe(hyphenated);
    expect(hyphenateIsbn(`urn:isbn:${digits}`)).toBe(hyphenated);
    expect(warnings(digits)).toEqual([]);
  });

  it('hyphenates an ISBN-10 as ISBN-10, by the ranges of its 978 ISBN-13', () => {
    // 0-395-36341-1 and 3-16-148410-X: ISBN-10 check digits (weights 10..2, mod 11) worked out by hand
    expect(hyphenateIsbn('0395363411')).toBe('0-395-36341-1');
    expect(hyphenateIsbn('316148410X')).toBe('3-16-148410-X');
    expect(hyphenateIsbn('ISBN-10: 3 16 148410 x')).toBe('3-16-148410-X');
    // and as its ISBN-13 when asked (978 prefix, ISBN-13 check digit computed here)
    expect(hyphenateIsbn('0395363411', { isbn13: true })).toBe(isbn('978', '0', '395', '36341').hyphenated);
    expect(hyphenateIsbn('9780395363416', { isbn13: true })).toBe('978-0-395-36341-6');
  });

  it.each([
    // 979-0 is the ISMN's (music), 978-610 and 978-67 are groups no agency holds, 979-9 is not allocated
    ['978-610, no such group', isbn('978', '610', '000000').digits],
    ['978-67, no such group', isbn('978', '67', '0000000').digits],
    ['979-9, no such group', isbn('979', '9', '00000000').digits],
    // 979-8's first allocated range is 030-034: 979-8-000… is not allocated
    ['979-8-00…, registrant unallocated', isbn('979', '8', '00000000').digits],
    // 979-12 (Italy) starts at 200: 979-12-0… is not allocated
    ['979-12-0…, registrant unallocated', isbn('979', '12', '0000000').digits],
    // 978-65 (Brazil): 00-02, then 250-299: 978-65-03… is not allocated
    ['978-65-03…, registrant unallocated', isbn('978', '65', '0300000').digits],
  ])('%s: no hyphens, and a warning', (_name, digits) => {
    expect(hyphenateIsbn(digits)).toBeNull();
    expect(warnings(digits)).toEqual(['isbn-unallocated-range']);
  });

  it('gives no hyphens for what is no ISBN', () => {
    expect(hyphenateIsbn('978-0-395-36341-7')).toBeNull();
    expect(hyphenateIsbn('not an isbn')).toBeNull();
  });

  it('records its source and date, and holds every group of the table', () => {
    expect(RANGE_MESSAGE.source).toMatch(/RangeMessage|isbn-international/);
    expect(RANGE_MESSAGE.date).toMatch(/^\d{4}-\d{2}-\d{2}|\d{4}/);
    expect(RANGE_GROUPS.split('\n')).toHaveLength(RANGE_MESSAGE.groups);
  });

  // expectLinear: 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
  it('is linear on long input', () => {
    for (const filler of ['9', '-', '\u2010', '\u00ad']) {
      expectLinear((n) => `978${filler.repeat(n)}`, hyphenateIsbn, { size: 512, what: `978${filler}…` });
    }
  });
});
