import { Grouper } from '@pidgate/core';
import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';

const parsed = (s: string) => {
  const r = registry.parse(s);
  return r.ok ? [r.value.scheme, r.value.normalized] : [r.error.code];
};

describe('dispatch between the schemes', () => {
  it.each([
    // urn:doi: is the DOI, not a generic URN
    ['urn:doi:10.1000/182', 'doi', 'doi:10.1000/182'],
    ['URN:DOI:10.123:456', 'doi', 'doi:10.123/456'],
    ['https://doi.org/10.1000/182', 'doi', 'doi:10.1000/182'],
    ['http://dx.doi.org/10.1000/182', 'doi', 'doi:10.1000/182'],
    // a handle in the 10. directory is the DOI
    ['hdl:10.1000/182', 'doi', 'doi:10.1000/182'],
    ['https://hdl.handle.net/10.1000/182', 'doi', 'doi:10.1000/182'],
    ['https://hdl.handle.net/20.500.12345/67', 'handle', 'hdl:20.500.12345/67'],
    // an ARK in a doi.org, hdl.handle.net or PURL URL is not read as an ARK
    ['https://doi.org/10.1000/ark:/12345/x', 'doi', 'doi:10.1000/ark:/12345/x'],
    ['https://hdl.handle.net/1/ark:/12345/x', 'handle', 'hdl:1/ark:/12345/x'],
    ['http://purl.org/ark:/12345/x', 'purl', 'https://purl.org/ark:/12345/x'],
    // an ARK inside a web-archive replay URL: the replay URL is the PWID of the capture
    [
      'https://web.archive.org/web/20160122112029/https://n2t.net/ark:/13030/tf5p30086k',
      'pwid',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:https://n2t.net/ark:/13030/tf5p30086k',
    ],
    // an ARK behind any other host stays an ARK
    ['https://n2t.net/ark:/13030/tf5p30086k', 'ark', 'ark:/13030/tf5p30086k'],
    ['https://orcid.org/0000-0002-1825-0097', 'orcid', 'https://orcid.org/0000-0002-1825-0097'],
    ['arXiv:hep-th/9901001v1', 'arxiv', 'arXiv:hep-th/9901001v1'],
    ['PMID: 12345', 'pmid', 'pmid:12345'],
    ['PMC1234567', 'pmcid', 'PMC1234567'],
    ['urn:nbn:de:bvb:19-146642', 'urn', 'urn:nbn:de:bvb:19-146642'],
  ])('%s is %s', (input, scheme, normalized) => {
    expect(parsed(input)).toEqual([scheme, normalized]);
  });

  it('reads a bare ISBN and ISSN as the urn:isbn: and urn:issn: identifiers', () => {
    const urnIsbn = registry.parse('urn:isbn:978-0-395-36341-6');
    const urnIssn = registry.parse('urn:issn:0259-000X');
    expect(parsed('ISBN 978-0-395-36341-6')).toEqual(['isbn', urnIsbn.ok && urnIsbn.value.normalized]);
    expect(parsed('ISSN 0259-000X')).toEqual(['issn', urnIssn.ok && urnIssn.value.normalized]);
  });

  it('puts every spelling of one DOI in one class', () => {
    const spellings = [
      'doi:10.1000/182',
      'DOI:10.1000/182',
      'https://doi.org/10.1000/182',
      'http://dx.doi.org/10.1000/182',
      'https://www.doi.org/10.1000/182',
      'info:doi/10.1000/182',
      'urn:doi:10.1000/182',
      '10.1000/182',
      'hdl:10.1000/182',
    ];
    expect(new Set(spellings.map((s) => parsed(s)[1])).size).toBe(1);
  });

  it('lists every scheme when a string is of none', () => {
    const r = registry.parse('not an identifier');
    expect(r.ok ? null : r.error.code).toBe('unknown-scheme');
    for (const name of [
      'ark',
      'pwid',
      'pdi',
      'urn',
      'doi',
      'handle',
      'isbn',
      'issn',
      'orcid',
      'arxiv',
      'pmid',
      'pmcid',
      'purl',
    ]) {
      expect(r.ok ? '' : r.error.message).toContain(name);
    }
  });

  it('groups a catalogue list as pidgate group does: one class per identifier, whatever the spelling', () => {
    const list = [
      'https://doi.org/10.1000/182',
      'ISBN 0-395-36341-1',
      'hdl:20.500.12345/67',
      'doi:10.1000/182',
      'urn:isbn:0-395-36341-1',
      'https://hdl.handle.net/20.500.12345/67',
      '0395363411',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'http://orcid.org/0000-0002-1825-0097',
      '0000000218250097',
      'not an identifier',
    ];
    const grouper = new Grouper();
    for (const [i, input] of list.entries()) grouper.add(i + 1, input, registry.normalize(input));
    expect(grouper.groups.map((g) => g.members.map((m) => m.line))).toEqual([
      [1, 4],
      [2, 5, 7],
      [3, 6],
      [8, 9],
      [10, 11],
    ]);
  });
});
