import { createRegistry } from '@pidgate/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_CHARACTERS } from './dispatch.ts';
import { registry, schemes } from './index.ts';

const plain = createRegistry(schemes);

/** Strings of every scheme, as written in the wild, to mutate. */
const seeds = [
  'ark:/12025/654xz321',
  'https://n2t.net/ark:/13030/tf5p30086k',
  'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
  'pwid:archive.org:2016-01-22Z:page:http://x',
  'https://web.archive.org/web/20160122112029/http://www.dr.dk',
  'urn:pdi://oma.eop.gov.us/1999/01/05/9.text.1',
  'pdi://oma.eop.gov.us/1999/01/05/9.text.1',
  'urn:nbn:de:bvb:19-146642',
  'doi:10.1000/182',
  'DOI: 10.1000/182',
  '10.1000/182',
  'https://doi.org/10.1000/182',
  'info:doi/10.1000/182',
  'urn:doi:10.1000:182',
  'hdl:10.1000/182',
  'hdl:20.500.12345/1',
  'info:hdl/20.500.1/x',
  'https://hdl.handle.net/2027/mdp.1',
  'http://purl.org/dc/terms/',
  'https://orcid.org/0000-0002-1825-0097',
  'orcid:0000-0002-1825-0097',
  '0000-0002-1825-0097',
  'arXiv:1501.00001v2',
  '1501.00001',
  'hep-th/9901001',
  'math.GT/0309136',
  'https://arxiv.org/abs/1501.00001',
  'PMID: 12345',
  'https://pubmed.ncbi.nlm.nih.gov/12345/',
  'PMC1234567',
  'PMCID: PMC1234567',
  '978-0-395-36341-6',
  'ISBN 0-395-36341-1',
  'ISSN 0259-000X',
  '0259-000X',
  'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
  'http://urn.fi/URN:NBN:fi-fe2019',
  'not an identifier',
];

describe('first-character dispatch', () => {
  it('lists a first-character set for every registered scheme', () => {
    for (const s of schemes) expect(FIRST_CHARACTERS[s.name], s.name).toBeDefined();
  });

  it('detects the same scheme as asking every scheme in priority order', () => {
    const inputs = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...seeds),
      fc
        .tuple(fc.constantFrom(...seeds), fc.nat(60), fc.string({ maxLength: 6 }), fc.boolean())
        .map(([s, i, x, upper]) => {
          const cut = s.slice(0, i % (s.length + 1)) + x + s.slice(i % (s.length + 1));
          return upper ? cut.toUpperCase() : cut;
        }),
    );
    for (const s of seeds) expect(registry.detect(s)?.name, s).toBe(plain.detect(s)?.name);
    fc.assert(
      fc.property(inputs, (input) => {
        expect(registry.detect(input)?.name).toBe(plain.detect(input)?.name);
      }),
      { numRuns: 5000 },
    );
  });
});
