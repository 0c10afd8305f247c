import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';

// issue 26: identifiers as copied from web pages and catalogues, through the registry's first look (route.ts)
describe('identifiers as copied from web pages', () => {
  const read = (s: string) => {
    const r = registry.parse(s);
    return r.ok ? [r.value.scheme, r.value.normalized, ...(r.value.warnings ?? []).map((w) => w.code)] : r.error.code;
  };

  it.each([
    ['ISBN\u00a0978-0-395-36341-6', 'isbn'],
    ['ISBN 978\u20110\u2011395\u201136341\u20116', 'isbn'],
    ['978\u20130\u2013395\u201336341\u20136', 'isbn'],
    ['978\u202f0\u202f395\u202f36341\u202f6', 'isbn'],
    ['978\u00ad0395363416', 'isbn'],
  ])('%j is the ISBN, with a warning', (input) => {
    expect(read(input)).toEqual(['isbn', 'urn:isbn:9780395363416', 'isbn-unicode-separator']);
  });

  it.each(['ISSN\u00a00259-000X', '0259\u2010000X', '0259\u2212000X', 'ISSN-L\u00a00259\u2013000X'])(
    '%j is the ISSN, with a warning',
    (input) => {
      expect(read(input)).toEqual(['issn', 'urn:issn:0259-000X', 'issn-unicode-separator']);
    },
  );

  it('reads the ISSN portal and arXiv /html/ and /ps/ URLs', () => {
    expect(read('https://portal.issn.org/resource/ISSN/0259-000X')).toEqual(['issn', 'urn:issn:0259-000X']);
    expect(read('https://portal.issn.org/resource/ISSN-L/0259-000X')).toEqual(['issn', 'urn:issn:0259-000X']);
    expect(read('https://arxiv.org/html/2301.00001v2')).toEqual(['arxiv', 'arXiv:2301.00001v2']);
    expect(read('https://arxiv.org/ps/hep-th/9901001')).toEqual(['arxiv', 'arXiv:hep-th/9901001']);
  });

  it("refuses ORCID's sandbox with its own code (docs/specs/orcid.md)", () => {
    expect(read('https://sandbox.orcid.org/0000-0002-1825-0097')).toBe('orcid-sandbox');
  });

  it('warns of an ISBN in an unallocated range and reads it still', () => {
    // 979-8-00…: the United States group's first allocated range is 030-034; the check digit is computed here
    const twelve = '979800000000';
    let sum = 0;
    for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
    const isbn = twelve + String((10 - (sum % 10)) % 10);
    expect(read(isbn)).toEqual(['isbn', `urn:isbn:${isbn}`, 'isbn-unallocated-range']);
  });
});
