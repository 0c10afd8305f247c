import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purlScheme } from './scheme.ts';

schemeContract(purlScheme, {
  valid: [
    'http://purl.org/dc/terms/',
    'https://purl.org/dc/elements/1.1/title',
    'http://purl.oclc.org/docs/index.html',
    'http://purl.obolibrary.org/obo/GO_0008150',
    'https://purl.fdlp.gov/GPO/gpo12345',
    'http://www.purl.org/net/x?y=1#frag',
    'http://purl.org/a%7eb/%c3%a9',
  ],
  invalid: [
    'http://purl.org/',
    'http://purl.org/a b',
    'http://purl.org/a%zz',
    'http://purl.org/a?b c',
    'http://purl.org/x#a#b',
  ],
  equivalent: [
    [
      'https://purl.org/dc/terms/',
      'http://purl.org/dc/terms/',
      'HTTP://PURL.ORG/dc/terms/',
      'http://www.purl.org/dc/terms/#x',
    ],
    ['https://purl.org/a~b/%C3%A9', 'http://purl.org/a%7eb/%c3%a9', 'http://purl.org/a%7Eb/%C3%a9'],
  ],
  distinct: [
    ['http://purl.org/dc/terms/', 'http://purl.org/DC/terms/'],
    ['http://purl.org/dc/terms/', 'http://purl.oclc.org/dc/terms/'],
    ['http://purl.org/x', 'http://purl.org/x?y'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('http://purl.org/', 'https://PURL.oclc.org/', 'http://purl.obolibrary.org/obo/'),
      fc.array(fc.constantFrom(...'aZ09-._~/%?#: '.split(''), '%2f', '%7E'), { maxLength: 20 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

describe('PURL', () => {
  it('canonical spelling: https, lower-case host, the path as written', () => {
    const r = purlScheme.parse('HTTP://Purl.Org/NET/Example');
    expect(r.ok && r.value.normalized).toBe('https://purl.org/NET/Example');
  });

  it('recognizes only the PURL services', () => {
    expect(purlScheme.recognize('http://purl.org.example/x')).toBe(false);
    expect(purlScheme.recognize('http://example.org/purl.org/x')).toBe(false);
  });
});

describe('inveniosoftware/idutils tests/test_idutils.py, PURL cases', () => {
  // idutils keeps a PURL as written (its to_url returns it unchanged); we write https and the host in
  // lower case (docs/specs/purl.md, "Differences from idutils"): the same PURL.
  it.each([
    ['http://purl.oclc.org/foo/bar', 'https://purl.oclc.org/foo/bar'],
    ['https://purl.fdlp.gov/GPO/gpo154197', 'https://purl.fdlp.gov/GPO/gpo154197'],
  ])('%s is %s', (input, expected) => {
    const r = purlScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it("reads purl.com, which idutils lists among its PURL hosts (a name of OCLC's resolver)", () => {
    const r = purlScheme.parse('http://purl.com/foo/bar');
    expect(r.ok && r.value.normalized).toBe('https://purl.com/foo/bar');
  });
});
