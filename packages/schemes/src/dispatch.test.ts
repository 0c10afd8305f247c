import { createRegistry, type Scheme } from '@pidgate/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DispatchRegistry } from './dispatch.ts';
import { registry, schemes } from './index.ts';
import { dispatchInputs, SEEDS } from './inputs.test-helpers.ts';

const plain = createRegistry(schemes);

describe('label and host dispatch', () => {
  it('detects the same scheme as asking every scheme in priority order', () => {
    for (const s of SEEDS) expect(registry.detect(s)?.name, s).toBe(plain.detect(s)?.name);
    fc.assert(
      fc.property(dispatchInputs, (input) => {
        expect(registry.detect(input)?.name).toBe(plain.detect(input)?.name);
      }),
      { numRuns: 20_000 },
    );
  });

  it('parses to the same result as asking every scheme in priority order', () => {
    for (const s of SEEDS) expect(registry.parse(s), s).toEqual(plain.parse(s));
    fc.assert(
      fc.property(dispatchInputs, (input) => {
        expect(registry.parse(input)).toEqual(plain.parse(input));
      }),
      { numRuns: 5_000 },
    );
  });

  it('asks one recognizer for most strings, two at most', () => {
    /** How many recognizers `detect` asks: up to the one that says yes, or every candidate. */
    const asked = (input: string): number => {
      const found = registry.detect(input);
      const candidates = registry.candidates(input);
      return found === undefined ? candidates.length : candidates.indexOf(found) + 1;
    };
    const counts = SEEDS.map(asked);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    expect(counts.filter((n) => n > 1).length).toBeLessThan(SEEDS.length / 10);
    // the NCBI host serves PubMed, PMC, GEO, BioProject, RefSeq… URLs: each scheme's path routes to it alone
    expect(asked('https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567')).toBe(1);
    expect(asked('https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396')).toBe(1);
    expect(asked('https://www.ncbi.nlm.nih.gov/protein/NP_000483.3')).toBe(1);
    expect(asked('GSE55396')).toBe(1);
    expect(asked('ENSG00000139618.15')).toBe(1);
    expect(asked('swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2')).toBe(1);
    expect(asked('2011ApJS..192...18K')).toBe(1);
    expect(asked('ark:/12025/654xz321')).toBe(1);
    expect(asked('https://web.archive.org/web/20160122112029/http://www.dr.dk')).toBe(1);
    expect(asked('URN:PWID:archive.org:2016-01-22Z:page:http://x')).toBe(1);
    expect(asked('https://example.org/rslv/ark:/99999/x')).toBe(1);
    expect(asked('pdi://oma.eop.gov.us/1999/01/05/9.text.1')).toBe(1);
    expect(asked('https://orcid.org/0000-0002-1825-0097')).toBe(1);
    expect(asked('https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-1')).toBe(1);
    expect(asked('not an identifier')).toBe(0);
  });

  it('asks a scheme it does not know about every string, in its place in the priority order', () => {
    const seen: string[] = [];
    const other: Scheme = {
      name: 'other',
      priority: 9,
      errorCodes: [],
      recognize: (input) => {
        seen.push(input);
        return input.startsWith('other:');
      },
      parse: (input) => ({
        ok: true,
        value: { scheme: 'other', input, profile: 'source', normalized: input, components: {} },
      }),
      format: () => '',
    };
    const withOther = new DispatchRegistry([...schemes, other]);
    expect(withOther.detect('other:1')?.name).toBe('other');
    expect(withOther.detect('https://doi.org/10.1000/182')?.name).toBe('doi');
    expect(withOther.detect('ark:/12025/654xz321')?.name).toBe('ark');
    expect(seen).toEqual(['other:1', 'ark:/12025/654xz321']);
    expect(withOther.candidates('1').map((s) => s.name)).toEqual(['other']);
  });

  it('routes a scheme by its identity, not its name: a look-alike is asked for every string', () => {
    const lookalike: Scheme = { ...schemes[0], name: 'pwid', recognize: (s) => s === 'x' };
    const r = new DispatchRegistry([lookalike]);
    expect(r.detect('x')?.name).toBe('pwid');
  });
});
