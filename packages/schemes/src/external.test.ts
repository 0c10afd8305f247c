/**
 * Other projects' test cases for DOIs, Handles, ISBNs and ISSNs, run through the registry the CLI and the
 * gateway use. Each row quotes the case and the other project's expected value; where pidgate reads the
 * case differently, the row says why (docs/specs/doi.md, handle.md, isbn.md: "Differences from ...").
 *
 * Sources: inveniosoftware/idutils `tests/test_idutils.py` (the `identifiers` table: input, schemes,
 * normalized value), xlcnd/isbnlib `isbnlib/test/test_core.py`, inventaire/isbn3 `test/parse.test.ts`,
 * regexhq/doi-regex `spec/test.js`.
 */
import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';

/** The scheme and the object the registry reads: a DOI's or Handle's prefix "/" suffix as written. */
function read(input: string): [string, string] | [string] {
  const r = registry.parse(input);
  if (!r.ok) return [r.error.code];
  const id = r.value;
  switch (id.scheme) {
    case 'doi':
    case 'handle':
      return [id.scheme, `${id.components.prefix}/${id.components.suffix}`];
    case 'isbn':
      return ['isbn', id.components.isbn.isbn13];
    case 'issn':
      return ['issn', id.components.issn.issn];
    default:
      return [id.scheme, id.normalized];
  }
}

describe('idutils: DOIs (scheme doi, normalized value = prefix/suffix)', () => {
  it.each([
    ['10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    ['doi:10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    ['doi: 10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    ['DOI:10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    ['http://dx.doi.org/10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    ['https://doi.org/10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    // a proxy URL without http(s):// (idutils' regex makes the scheme optional)
    ['doi.org/10.1016/j.epsl.2011.11.037', '10.1016/j.epsl.2011.11.037'],
    ['10.1016/üникóδé-дôΐ', '10.1016/üникóδé-дôΐ'],
    ['10.1016/སྦ་བཞེད་', '10.1016/སྦ་བཞེད་'],
    [
      '10.1002/(SICI)1521-3978(199806)46:4/5<493::AID-PROP493>3.0.CO;2-P',
      '10.1002/(SICI)1521-3978(199806)46:4/5<493::AID-PROP493>3.0.CO;2-P',
    ],
    // test_doi
    ['10.1000/123456', '10.1000/123456'],
    ['10.1038/issn.1476-4687', '10.1038/issn.1476-4687'],
    ['10.1000.10/123456', '10.1000.10/123456'],
    // doi-regex: resolve path without protocol, and with it
    ['dx.doi.org/10.1016/j.neuron.2014.09.004', '10.1016/j.neuron.2014.09.004'],
    ['https://dx.doi.org/10.1016/j.neuron.2014.09.004', '10.1016/j.neuron.2014.09.004'],
    ['10.0001.112/journal.pone.0011021', '10.0001.112/journal.pone.0011021'],
  ])('%s', (input, expected) => {
    expect(read(input)).toEqual(['doi', expected]);
  });

  it('keys the SICI DOI with ASCII letters folded (DOI Handbook: case-insensitive), unlike idutils', () => {
    const r = registry.parse('10.1002/(SICI)1521-3978(199806)46:4/5<493::AID-PROP493>3.0.CO;2-P');
    expect(r.ok && r.value.normalized).toBe('doi:10.1002/(sici)1521-3978(199806)46:4/5<493::aid-prop493>3.0.co;2-p');
  });

  it.each([
    // idutils test_doi: not DOIs
    ['10.1000/', 'suffix-empty'],
    ['10.10O0/123456', 'registrant-code'],
    ['10.1.NOTGOOD.0/123456', 'registrant-code'],
    // doi-regex doiNot / doiNotDeclared
    ['10..1000/journal.pone.0011111', 'registrant-code'],
    ['doi:10..1000/journal.pone.0011111', 'registrant-code'],
  ])('%s is not a DOI (%s)', (input, code) => {
    expect(read(input)).toEqual([code]);
  });

  it.each([
    'do:10.1000/journal.pone.0011111',
    'dxsdfas.doi.org/10.1016/j.neuron.2014.09.004',
    'httpp://dx.doi.org/10.1/x',
  ])('doi-regex: %s is no DOI spelling', (input) => {
    expect(registry.detect(input)?.name).not.toBe('doi');
  });

  it('reads "#" in a printed DOI as part of the suffix (the DOI Handbook example 10.1000/456#789), unlike doi-regex', () => {
    expect(read('10.001/001#00')).toEqual(['doi', '10.001/001#00']);
  });

  it('decodes the URL-encoded DOIs of Wikipedia citations once', () => {
    expect(read('https://doi.org/10.1016%2FS1364-6613%2897%2901080-2')).toEqual([
      'doi',
      '10.1016/S1364-6613(97)01080-2',
    ]);
    expect(read('https://dx.doi.org/10.1016%2Fj.sjbs.2016.02.019')).toEqual(['doi', '10.1016/j.sjbs.2016.02.019']);
  });
});

describe('idutils: Handles (scheme handle, normalized value = prefix/suffix)', () => {
  it.each([
    // a bare handle: idutils reads it without a label
    '10013/epic.10033',
    'hdl:10013/epic.10033',
    'hdl: 10013/epic.10033',
    'HDL:10013/epic.10033',
    'hdl.handle.net/10013/epic.10033',
    'http://hdl.handle.net/10013/epic.10033',
    'https://hdl.handle.net/10013/epic.10033',
  ])('%s', (input) => {
    expect(read(input)).toEqual(['handle', '10013/epic.10033']);
  });

  it('reads every idutils spelling of the handle as one identifier', () => {
    const key = (s: string) => {
      const r = registry.parse(s);
      return r.ok ? r.value.normalized : r.error.code;
    };
    expect(key('10013/epic.10033')).toBe('hdl:10013/epic.10033');
    expect(key('hdl: 10013/epic.10033')).toBe('hdl:10013/epic.10033');
    expect(key('hdl.handle.net/10013/epic.10033')).toBe('hdl:10013/epic.10033');
  });
});

describe('idutils, isbnlib, isbn3: ISBNs (scheme isbn, compared by the ISBN-13)', () => {
  it.each([
    // idutils: input, normalized (an ISBN-13, hyphenated)
    ['9783468111242', '978-3-468-11124-2'],
    ['978-65-87773-12-4', '978-65-87773-12-4'],
    ['978-3-905673-82-1', '978-3-905673-82-1'],
    ['0-9752298-0-X', '978-0-9752298-0-4'],
    // isbnlib test_core: to_isbn13, canonical, EAN13
    ['0826497527', '9780826497529'],
    ['isbn 0-8264-9752-7', '9780826497529'],
    ['91-43-01019-9', '9789143010190'],
    ['isbn 979-10-90636-07-1', '9791090636071'],
    ['ISBN-9780826497529', '9780826497529'],
    ['ISBN9780826497529', '9780826497529'],
    ['isbn9780826497529', '9780826497529'],
    ['ISBN: 9791090636071', '9791090636071'],
    ['954430603x', '9789544306038'], // 978 + 954430603 + the ISO 2108 check digit
    ['979 10 9063607 1', '9791090636071'],
    // isbn3 parse
    ['979-1091146135', '9791091146135'],
    ['979 1091146135', '9791091146135'],
    ['0-7356-1967-0', '978-0-7356-1967-8'],
    ['0-304-33376-X', '978-0-304-33376-9'],
    ['85-359-0624-x', '9788535906240'], // 978 + 853590624 + the ISO 2108 check digit
    ['978-3-642-38745-6', '978-3-642-38745-6'],
    // python-stdnum tests/test_isbn.doctest: to_isbn13
    ['978-9024538270', '978-9024538270'],
    ['1 85798218 5', '978 1 85798218 3'],
    ['1-85798-218-5', '978-1-85798-218-3'],
  ])('%s', (input, isbn13) => {
    expect(read(input)).toEqual(['isbn', isbn13.replaceAll('-', '').replaceAll(' ', '')]);
  });

  it.each([
    // isbnlib: wrong check digits (notisbn at its default, strict, level)
    ['0826497520', 'isbn-check-digit'],
    ['9780826497520', 'isbn-check-digit'],
    ['9780826400001', 'isbn-check-digit'],
    ['9426497529', 'isbn-check-digit'],
    ['978 9426497529', 'isbn-check-digit'],
    ['9789426497529', 'isbn-check-digit'],
    // isbnlib test__check_structure10: "isbnlike" but not an ISBN
    ['0826497X27', 'isbn-character'],
    ['97808264975X3', 'isbn-character'],
    // isbnlib / isbn3: 13 digits that are not an ISBN (an EAN-13 outside 978/979: idutils says ean13)
    ['9700000000000', 'isbn-prefix'],
    ['4006381333931', 'isbn-prefix'],
    ['4036526651248', 'isbn-prefix'],
    // isbn3: parse() is null (its check digit is wrong)
    ['9788184890261', 'isbn-check-digit'],
    // idutils reads this as 978-3-905673-82-1; ISO 2108 separates the elements by one hyphen or space
    ['978-3-905673-82- 1', 'isbn-separator'],
    // python-stdnum tests/test_isbn.doctest: mangled and wrong check digits
    ['08515x-629-2', 'isbn-character'],
    ['978-902453827X', 'isbn-character'],
    // an ISSN's EAN-13 (python-stdnum stdnum/issn.py to_ean) is no ISBN
    ['9770264359008', 'isbn-prefix'],
  ])('%s is %s', (input, code) => {
    expect(read(input)).toEqual([code]);
  });
});

describe('idutils: ISSNs (scheme issn)', () => {
  it.each([
    ['0077-5606', '0077-5606'],
    ['1188-1534', '1188-1534'],
    ['ISSN 1562-6865', '1562-6865'],
    // python-stdnum stdnum/issn.py
    ['0024-9319', '0024-9319'],
    ['ISSN 00249319', '0024-9319'],
  ])('%s', (input, issn) => {
    expect(read(input)).toEqual(['issn', issn]);
  });

  it.each([
    // python-stdnum stdnum/issn.py: InvalidChecksum, InvalidLength
    ['ISSN 0032147X', 'issn-check-digit'],
    ['ISSN 003214712', 'issn-syntax'],
  ])('%s is %s', (input, code) => {
    expect(read(input)).toEqual([code]);
  });

  it('leaves eight bare digits unclaimed as an ISSN (idutils: 15626865 is issn and pmid)', () => {
    expect(registry.detect('15626865')?.name).not.toBe('issn');
  });
});
