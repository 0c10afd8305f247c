import { createRegistry, type Scheme } from '@pidgate/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BARE_NUMBER_LABELS, CONTESTED, DispatchRegistry } from './dispatch.ts';
import { registry, schemes } from './index.ts';
import { dispatchInputs, SEEDS } from './inputs.test-helpers.ts';

const plain = createRegistry(schemes);

/** The schemes contested with `name`, from the pairs. */
const partners = (name: string): string[] => CONTESTED.flatMap(([a, b]) => (a === name ? [b] : b === name ? [a] : []));

/**
 * What dispatch.ts's rules give, written naively over the plain registry (every scheme asked in priority
 * order): a contested scheme's string read by its partner too is ambiguous, read by one only is that
 * one's; a bare number nothing reads is ambiguous where a labelled form reads it. `'ambiguous'` or a result.
 */
function reference(input: string): ReturnType<typeof plain.parse> | 'ambiguous' {
  const result = plain.parse(input);
  const first = plain.detect(input);
  if (first !== undefined && partners(first.name).length > 0) {
    const reads = schemes
      .filter((s) => (s === first || partners(first.name).includes(s.name)) && s.recognize(input))
      .map((s) => s.parse(input))
      .filter((r) => r.ok);
    return reads.length === 0 ? result : reads.length === 1 ? (reads[0] as typeof result) : 'ambiguous';
  }
  if (!result.ok && result.error.code === 'unknown-scheme' && /^\d$|^\d(?:\d*-)?\d*[\dXx]$/.test(input)) {
    const read = BARE_NUMBER_LABELS.some(([name, label]) => plain.get(name)?.parse(`${label}${input}`).ok);
    return read ? 'ambiguous' : result;
  }
  return result;
}

/** The registry's answer against the reference's. */
function expectAsReference(input: string): void {
  const want = reference(input);
  const got = registry.parse(input);
  if (want === 'ambiguous') expect(!got.ok && got.error.code, input).toBe('ambiguous-scheme');
  else expect(got, input).toEqual(want);
}

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

  it('parses to the same result as asking every scheme in priority order (contested and bare numbers as stated)', () => {
    for (const s of SEEDS) expectAsReference(s);
    fc.assert(
      fc.property(dispatchInputs, (input) => {
        expectAsReference(input);
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

  it('refuses what several schemes read, naming them; reads what one reads', () => {
    const refused = (input: string): string => {
      const r = registry.parse(input);
      return r.ok ? `read as ${r.value.scheme}` : `${r.error.code}: ${r.error.message}`;
    };
    // a Wikidata property's number and an OpenAlex publisher's
    expect(refused('P4310320990')).toBe(
      'ambiguous-scheme: the identifier could be wikidata (wikidata:P4310320990) or openalex (https://openalex.org/P4310320990): write it with its label or URL',
    );
    expect(refused('P31')).toBe('read as wikidata'); // too short for a bare OpenAlex ID
    expect(refused('W2741809807')).toBe('read as openalex');
    // bare numbers: PMID and VIAF have no check digit; GND's 9 digits pass its check (8 = 135 mod 11, 11 - 3)
    expect(refused('12082125')).toContain(
      'ambiguous-scheme: a bare number names no scheme: it could be pmid (pmid:12082125) or viaf',
    );
    expect(refused('118540238')).toContain('gnd (https://d-nb.info/gnd/118540238) or viaf');
    expect(refused('15626865')).toContain('issn (urn:issn:1562-6865)');
    // a check digit of a scheme with a bare form still decides alone
    expect(refused('4079154-3')).toBe('read as gnd');
    expect(refused('1055864695')).toBe('read as isbn');
    expect(refused('0000000218250097')).toBe('read as orcid');
    expect(refused('123-')).toContain('unknown-scheme');
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
