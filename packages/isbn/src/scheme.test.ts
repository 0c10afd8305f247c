import { schemeContract } from '@pidgate/core/testing';
import { urnScheme } from '@pidgate/urn';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isbnScheme, issnScheme } from './scheme.ts';

schemeContract(isbnScheme, {
  valid: [
    '978-0-395-36341-6',
    '0-395-36341-1',
    'ISBN 0-395-36341-1',
    'ISBN-13: 978-0-395-36341-6',
    'ISBN-10: 0-395-36341-1',
    '9780395363416',
    '0395363411',
    '978 0 395 36341 6',
    'isbn:0-8044-2957-X',
    '0-8044-2957-x',
    // isbnlib isbnlib/test/test_core.py (canonical, EAN13): a label directly before the number
    'ISBN-9780826497529',
    'ISBN9780826497529',
    'isbn9780826497529',
  ],
  invalid: [
    '978-0-395-36341-7',
    '0-395-36341-2',
    'ISBN 0-395-36341',
    'ISBN-13: 0-395-36341-1',
    'ISBN-10: 978-0-395-36341-6',
    'ISBN x',
    '977-0-395-36341-6',
    '0--395-36341-1',
    '0-395-36341-1-',
    'ISBN:',
  ],
  equivalent: [
    [
      '978-0-395-36341-6',
      '9780395363416',
      'ISBN-13: 978-0-395-36341-6',
      'ISBN 978 0 395 36341 6',
      'ISBN 13: 978-0-395-36341-6',
    ],
    [
      '0-395-36341-1',
      '0395363411',
      'ISBN 0-395-36341-1',
      'ISBN-10: 0-395-36341-1',
      'ISBN: 0395363411',
      'ISBN0395363411',
      'ISBN-0-395-36341-1',
      'ISBN 10: 0-395-36341-1',
    ],
    ['0-8044-2957-X', '0-8044-2957-x', '080442957X'],
  ],
  distinct: [
    // an ISBN-10 and its ISBN-13 are distinct lexically, as urn:isbn: keeps them (the standard level joins them)
    ['0-395-36341-1', '978-0-395-36341-6'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'ISBN ', 'ISBN-13: ', '978-', '0-'),
      fc.array(fc.constantFrom(...'0123456789- Xx:'.split('')), { maxLength: 18 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

schemeContract(issnScheme, {
  valid: ['ISSN 0259-000X', '0259-000X', 'ISSN: 0259000x', 'issn 0317-8471', '1560-1560', 'ISSN:0167-6423'],
  invalid: ['ISSN 0259-0001', '0259-0000', 'ISSN 0259 000X', 'ISSN 12345', 'ISSN:'],
  equivalent: [['ISSN 0259-000X', '0259-000X', 'ISSN: 0259000X', 'issn 0259-000x', 'ISSN-L 0259-000X']],
  distinct: [['0259-000X', '0317-8471']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'ISSN ', 'ISSN: ', '0259-'),
      fc.array(fc.constantFrom(...'0123456789-Xx '.split('')), { maxLength: 10 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

describe('a bare ISBN or ISSN is the same identifier as its URN', () => {
  const urnKey = (s: string) => {
    const r = urnScheme.parse(s);
    return r.ok ? r.value.normalized : r.error.code;
  };
  const key = (scheme: typeof isbnScheme | typeof issnScheme, s: string) => {
    const r = scheme.parse(s);
    return r.ok ? r.value.normalized : r.error.code;
  };

  it.each([
    ['978-0-395-36341-6', 'urn:isbn:978-0-395-36341-6'],
    ['ISBN 0-395-36341-1', 'urn:isbn:0-395-36341-1'],
    ['ISBN-10: 0-8044-2957-x', 'urn:isbn:0-8044-2957-X'],
  ])('%s ~ %s', (bare, urn) => {
    expect(key(isbnScheme, bare)).toBe(urnKey(urn));
    expect(key(isbnScheme, bare)).not.toMatch(/^isbn-|^urn-/);
  });

  it.each([
    ['ISSN 0259-000X', 'urn:issn:0259-000X'],
    ['0259-000x', 'urn:ISSN:0259-000X'],
  ])('%s ~ %s', (bare, urn) => {
    expect(key(issnScheme, bare)).toBe(urnKey(urn));
  });

  it('carries the URN standard key: an ISBN-10 and its ISBN-13 meet there', () => {
    const a = isbnScheme.parse('0-395-36341-1');
    const b = isbnScheme.parse('978-0-395-36341-6');
    const standard = (r: typeof a) => (r.ok ? (r.value.standardKey ?? r.value.normalized) : null);
    expect(standard(a)).toBe(standard(b));
  });

  it.each([
    ['978-0-395-36341-7', 'isbn-check-digit', 16],
    ['ISBN 0-395-36341-2', 'isbn-check-digit', 17],
    ['ISBN-13: 0-395-36341-1', 'isbn-label-length', 9],
    ['ISBN x', 'isbn-character', 5],
    // idutils tests/test_idutils.py reads "978-3-905673-82- 1" as 978-3-905673-82-1; ISO 2108 puts one
    // hyphen or space between elements
    ['978-3-905673-82- 1', 'isbn-separator', 16],
    ['ISBN-12: 0-395-36341-1', 'isbn-label', 0],
    ['ISBN139780395363416', 'isbn-length', 17],
    ['ISBN 13: 0-395-36341-1', 'isbn-label-length', 9],
    ['ISBN 12: 0-395-36341-1', 'isbn-character', 7],
  ])('%s is %s at %d', (input, code, offset) => {
    const r = isbnScheme.parse(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('leaves dates and other numbers alone', () => {
    for (const s of ['2016-01-22', '12345678', '1501.00001', '10.1000/182', '0000-0002-1825-0097']) {
      expect(isbnScheme.recognize(s) || issnScheme.recognize(s), s).toBe(false);
    }
  });
});

describe("the ISSN portal's pages (issue 26)", () => {
  const read = (s: string) => {
    const r = issnScheme.parse(s);
    return r.ok ? [r.value.components.form, r.value.normalized] : r.error.code;
  };
  it.each([
    'https://portal.issn.org/resource/ISSN/0259-000X',
    'http://portal.issn.org/resource/issn/0259-000x',
    'portal.issn.org/resource/ISSN/0259-000X',
    // the linking ISSN's page: ISO 3297's ISSN-L is itself an ISSN
    'https://portal.issn.org/resource/ISSN-L/0259-000X',
  ])('%s is urn:issn:0259-000X', (input) => {
    expect(issnScheme.recognize(input)).toBe(true);
    expect(read(input)).toEqual(['url', 'urn:issn:0259-000X']);
  });
  it('checks the number there as anywhere', () => {
    expect(read('https://portal.issn.org/resource/ISSN/0259-0001')).toBe('issn-check-digit');
    expect(issnScheme.recognize('https://portal.issn.org/resource/ISBN/0259-000X')).toBe(false);
    expect(issnScheme.recognize('https://portal.issn.org/0259-000X')).toBe(false);
  });
});
