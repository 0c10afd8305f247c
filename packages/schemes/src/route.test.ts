import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersect } from './bitset.ts';
import { schemes } from './index.ts';
import { dispatchInputs, SEEDS } from './inputs.test-helpers.ts';
import { possibleSchemes, SCHEME_BIT } from './route.ts';

const bitOf = (name: string): number => SCHEME_BIT[name as keyof typeof SCHEME_BIT];

/** The schemes that recognize `input` and whose bit `possibleSchemes` left out. */
function missed(input: string): string[] {
  const bits = possibleSchemes(input);
  return schemes.filter((s) => s.recognize(input) && intersect(bits, bitOf(s.name)) === 0).map((s) => s.name);
}

describe('possibleSchemes', () => {
  it('has a bit for every registered scheme, each a different one', () => {
    const bits = schemes.map((s) => bitOf(s.name));
    for (const [i, s] of schemes.entries()) expect(bits[i], s.name).toBeGreaterThan(0);
    expect(new Set(bits).size).toBe(schemes.length);
  });

  it('keeps every scheme that recognizes a seed', () => {
    for (const s of SEEDS) expect(missed(s), s).toEqual([]);
  });

  it('keeps every scheme that recognizes a generated string', () => {
    fc.assert(
      fc.property(dispatchInputs, (input) => {
        expect(missed(input)).toEqual([]);
      }),
      { numRuns: 20_000 },
    );
  });

  it('leads straight to the scheme of a labelled or URL string', () => {
    const only = (input: string) =>
      schemes.filter((s) => intersect(possibleSchemes(input), bitOf(s.name)) !== 0).map((s) => s.name);
    expect(only('ark:/12025/654xz321')).toEqual(['ark']);
    expect(only('https://example.org/rslv/ark:/99999/x')).toEqual(['ark']);
    expect(only('https://web.archive.org/web/20160122112029/http://www.dr.dk')).toEqual(['pwid']);
    expect(only('https://web.archive.org/web/2016/https://n2t.net/ark:/13030/x')).toEqual(['pwid', 'ark']);
    expect(only('urn:pwid:archive.org:2016-01-22Z:page:http://x')).toEqual(['pwid', 'urn']);
    expect(only('URN:PDI://oma.eop.gov.us/1999/01/05/9.text.1')).toEqual(['pdi', 'urn']);
    expect(only('urn:nbn:de:bvb:19-146642')).toEqual(['urn']);
    // doi.org is a Handle proxy too (a shortDOI `10/gf4gqc` on it is a handle): DOI is asked first and claims DOIs
    expect(only('https://doi.org/10.1000/182')).toEqual(['doi', 'handle']);
    expect(only('doi:10/gf4gqc')).toEqual(['doi', 'handle']);
    expect(only('doi:10.1000/182')).toEqual(['doi']);
    expect(only('https://hdl.handle.net/10.1000/182')).toEqual(['doi', 'handle']);
    expect(only('https://hdl.handle.net/2027/mdp.1')).toEqual(['handle']);
    expect(only('pdi://oma.eop.gov.us/1999/01/05/9.text.1')).toEqual(['pdi']);
    expect(only('pdi://oma.eop.gov.us/ark:/1/x')).toEqual(['ark', 'pdi']);
    expect(only('hdl:20.500.12345/1')).toEqual(['handle']);
    expect(only('hdl:10.1000/182')).toEqual(['doi', 'handle']);
    expect(only('10.1000/182')).toEqual(['doi', 'handle']);
    expect(only('10013/epic.10033')).toEqual(['handle', 'orcid']);
    expect(only('2027/mdp.39015004544496')).toEqual(['handle']);
    expect(only('doi.org/10.1000/182')).toEqual(['doi', 'handle', 'arxiv']);
    expect(only('hdl.handle.net/2027/mdp.1')).toEqual(['handle', 'arxiv']);
    expect(only('hdl: 10.1000/182')).toEqual(['doi', 'handle']);
    expect(only('0259-000X')).toEqual(['issn']);
    expect(only('https://n2t.net/urn:example:1')).toEqual(['urn']);
    expect(only('https://n2t.net/ark:/13030/tf5p30086k')).toEqual(['ark', 'urn']);
    expect(only('not an identifier')).toEqual([]);
    expect(only('http://hdl.handle.net')).toEqual([]);
  });
});
