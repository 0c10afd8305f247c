import { describe, expect, it } from 'vitest';
import { isbnScheme, issnScheme } from './scheme.ts';
import { asciiSeparators } from './separators.ts';

// Issue 26: ISBNs and ISSNs as copied from web pages and catalogues. Each Unicode dash is read as "-", each
// Unicode space as " ", a soft hyphen as nothing, with a warning naming the characters; then ISO 2108's and
// ISO 3297's rules apply as to ASCII. Zotero's cleanISBN/cleanISSN drop the same dashes (U+2010-U+2015,
// U+2043, U+2212) and the soft hyphen.
describe('Unicode separators in ISBNs and ISSNs', () => {
  const read = (scheme: typeof isbnScheme | typeof issnScheme, s: string) => {
    const r = scheme.parse(s);
    return r.ok ? [r.value.normalized, ...(r.value.warnings ?? []).map((w) => w.code)] : [r.error.code];
  };

  it.each([
    ['\u2010', 'U+2010 hyphen'],
    ['\u2011', 'U+2011 non-breaking hyphen'],
    ['\u2012', 'U+2012 figure dash'],
    ['\u2013', 'U+2013 en dash'],
    ['\u2014', 'U+2014 em dash'],
    ['\u2015', 'U+2015 horizontal bar'],
    ['\u2212', 'U+2212 minus sign'],
    ['\u00a0', 'U+00A0 no-break space'],
    ['\u2009', 'U+2009 thin space'],
    ['\u202f', 'U+202F narrow no-break space'],
    ['\u2007', 'U+2007 figure space'],
  ])('an ISBN separated by %j (%s) is the ISBN, with a warning', (sep) => {
    const written = ['978', '0', '395', '36341', '6'].join(sep);
    expect(read(isbnScheme, written)).toEqual(['urn:isbn:9780395363416', 'isbn-unicode-separator']);
    expect(read(isbnScheme, `ISBN ${written}`)).toEqual(['urn:isbn:9780395363416', 'isbn-unicode-separator']);
    expect(isbnScheme.recognize(written)).toBe(true);
  });

  it('reads a soft hyphen as nothing', () => {
    expect(read(isbnScheme, '978\u00ad0395363416')).toEqual(['urn:isbn:9780395363416', 'isbn-unicode-separator']);
    expect(read(isbnScheme, '978-\u00ad0-395-36341-6')).toEqual(['urn:isbn:9780395363416', 'isbn-unicode-separator']);
    expect(read(issnScheme, '0259\u00ad000X')).toEqual(['urn:issn:0259-000X', 'issn-unicode-separator']);
  });

  it('reads a label followed by a no-break space', () => {
    expect(read(isbnScheme, 'ISBN\u00a0978-0-395-36341-6')).toEqual([
      'urn:isbn:9780395363416',
      'isbn-unicode-separator',
    ]);
    expect(read(isbnScheme, 'ISBN-13:\u00a0978-0-395-36341-6')).toEqual([
      'urn:isbn:9780395363416',
      'isbn-unicode-separator',
    ]);
    expect(read(issnScheme, 'ISSN\u00a00259-000X')).toEqual(['urn:issn:0259-000X', 'issn-unicode-separator']);
    expect(read(issnScheme, 'ISSN-L\u00a00259\u2013000X')).toEqual(['urn:issn:0259-000X', 'issn-unicode-separator']);
  });

  it.each(['\u2010', '\u2013', '\u2212', '\u2011'])('reads an ISSN with %j as its hyphen', (dash) => {
    expect(issnScheme.recognize(`0259${dash}000X`)).toBe(true);
    expect(read(issnScheme, `0259${dash}000X`)).toEqual(['urn:issn:0259-000X', 'issn-unicode-separator']);
  });

  it('names the characters read, each once, and keeps the input as written', () => {
    const r = isbnScheme.parse('ISBN\u00a0978\u20130\u2013395\u201336341\u20136');
    expect(r.ok && r.value.warnings).toEqual([
      {
        code: 'isbn-unicode-separator',
        message: 'U+00A0, U+2013 read as "-", " " or nothing (ISO 2108 separates with a hyphen or a space)',
      },
    ]);
    expect(r.ok && [r.value.components.label, r.value.components.written]).toEqual([
      'ISBN\u00a0',
      '978\u20130\u2013395\u201336341\u20136',
    ]);
    expect(r.ok && isbnScheme.format(r.value.components)).toBe('ISBN\u00a0978\u20130\u2013395\u201336341\u20136');
  });

  it('keeps the rules of where a separator may stand, with offsets into the input', () => {
    // two separators in a row (ISO 2108: one between elements): the second is at index 4 of the input
    const r = isbnScheme.parse('978\u2013\u20130-395-36341-6');
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual(['isbn-separator', 4]);
    // a wrong check digit is where it stands in the input, after a dropped soft hyphen
    const c = isbnScheme.parse('9\u00ad78-0-395-36341-7');
    expect(c.ok ? null : [c.error.code, c.error.offset]).toEqual(['isbn-check-digit', 17]);
    // a space inside an ISSN is refused as an ASCII one is
    expect(read(issnScheme, 'ISSN 0259\u00a0000X')).toEqual(read(issnScheme, 'ISSN 0259 000X'));
  });

  it('leaves an ASCII string alone', () => {
    expect(asciiSeparators('978-0-395-36341-6')).toBeNull();
    const r = isbnScheme.parse('978-0-395-36341-6');
    expect(r.ok && r.value.warnings).toBeUndefined();
  });
});
