import { describe, expect, it } from 'vitest';
import type { PdiComponents } from './components.ts';
import { formatPdi } from './format.ts';
import { normalizePdi } from './normalize.ts';
import { parsePdi } from './parse.ts';
import { dateRange, isQuery, matches, withVersion } from './query.ts';

const pdi = (input: string): PdiComponents => {
  const r = parsePdi(input);
  if (!r.ok) throw new Error(`${input}: ${r.error.code}`);
  return r.value;
};

describe('isQuery: a PDI with a wildcard (§3.6)', () => {
  it.each([
    ['pdi://a.us/1997/09/*/*', true],
    ['pdi://a.us/*/09/01/1', true],
    ['pdi://a.us/1997/09/01/1.*', true],
    ['pdi://a.us/1997/09/01/1.text.*', true],
    ['pdi://a.us/1997/09/01/1.text.1', false],
    ['pdi://a.us/1997/09/01/%2a', false],
  ])('%s: %s', (input, expected) => {
    expect(isQuery(pdi(input))).toBe(expected);
  });
});

describe('matches(query, pdi)', () => {
  it.each([
    // "everything of a series in one month" (§2.3, §3.6)
    ['pdi://oma.eop.gov.us/1997/09/*/*', 'pdi://OMA.eop.gov.us/1997/09/01/1.text.1', true],
    ['pdi://oma.eop.gov.us/1997/09/*/*', 'pdi://oma.eop.gov.us/1997/10/01/1.text.1', false],
    ['pdi://oma.eop.gov.us/1997/09/*/*', 'pdi://sub.oma.eop.gov.us/1997/09/01/1', false],
    ['pdi://a.us/*/*/*/*', 'pdi://a.us/0001/12/31/x', true],
    ['pdi://a.us/*/02/29/*', 'pdi://a.us/2000/02/29/7', true],
    ['pdi://a.us/*/02/29/*', 'pdi://a.us/2000/03/29/7', false],
    // numbers and case compare canonically
    ['pdi://a.us/1997/09/*/*', 'pdi://a.us/1997/009/01/1', true],
    ['pdi://a.us/1997/09/01/*.HTML.*', 'pdi://a.us/1997/09/01/x.html.2', true],
    // the unique id keeps its case
    ['pdi://a.us/1997/09/01/x.*', 'pdi://a.us/1997/09/01/X.text.1', false],
    ['pdi://a.us/1997/09/01/%41.*', 'pdi://a.us/1997/09/01/A.text.1', true],
    // an omitted format or version matches any or none; "*" matches any one given
    ['pdi://a.us/1997/09/01/1', 'pdi://a.us/1997/09/01/1.text.3', true],
    ['pdi://a.us/1997/09/01/1', 'pdi://a.us/1997/09/01/1', true],
    ['pdi://a.us/1997/09/01/1.*', 'pdi://a.us/1997/09/01/1', false],
    ['pdi://a.us/1997/09/01/1.*', 'pdi://a.us/1997/09/01/1.gif', true],
    ['pdi://a.us/1997/09/01/1.text', 'pdi://a.us/1997/09/01/1.text.3', true],
    ['pdi://a.us/1997/09/01/1.text', 'pdi://a.us/1997/09/01/1.html.3', false],
    ['pdi://a.us/1997/09/01/1.text.*', 'pdi://a.us/1997/09/01/1.text', false],
    ['pdi://a.us/1997/09/01/1.text.*', 'pdi://a.us/1997/09/01/1.text.12', true],
    ['pdi://a.us/1997/09/01/1.text.2', 'pdi://a.us/1997/09/01/1.text.02', true],
    ['pdi://a.us/1997/09/01/1.text.2', 'pdi://a.us/1997/09/01/1.text.3', false],
    // a query without a fragment matches the resource's parts; with one, only that part
    ['pdi://a.us/1997/09/*/*', 'pdi://a.us/1997/09/01/1.text.1#char=1,2', true],
    ['pdi://a.us/1997/09/01/1.text.1#char=1,2', 'pdi://a.us/1997/09/01/1.text.1#1,2', true],
    ['pdi://a.us/1997/09/01/1.text.1#char=1,2', 'pdi://a.us/1997/09/01/1.text.1#1,3', false],
    ['pdi://a.us/1997/09/01/1.text.1#char=1,2', 'pdi://a.us/1997/09/01/1.text.1', false],
    [
      'pdi://a.us/1997/09/01/1.html.1@1=pdi://b.us/1997/01/01/1',
      'pdi://a.us/1997/09/01/1.html.1@01=pdi://B.us/1997/01/01/1',
      true,
    ],
    [
      'pdi://a.us/1997/09/01/1.html.1@1=pdi://b.us/1997/01/01/1',
      'pdi://a.us/1997/09/01/1.html.1@2=pdi://b.us/1997/01/01/1',
      false,
    ],
  ])('%s ∋ %s: %s', (query, input, expected) => {
    expect(matches(pdi(query), pdi(input))).toBe(expected);
  });

  it('a PDI without wildcards matches itself and its equivalents', () => {
    const a = pdi('pdi://a.us/1997/09/01/1.text.1#37,51');
    expect(matches(a, a)).toBe(true);
    expect(matches(a, pdi('urn:pdi://A.US/1997/09/01/1.TEXT.1#char=37,51'))).toBe(true);
  });
});

describe('dateRange: the ISO dates a query covers, inclusive', () => {
  it.each([
    ['pdi://a.us/1997/09/01/1', '1997-09-01', '1997-09-01'],
    ['pdi://a.us/1997/009/001/1', '1997-09-01', '1997-09-01'],
    ['pdi://a.us/1997/09/*/*', '1997-09-01', '1997-09-30'],
    ['pdi://a.us/1997/02/*/*', '1997-02-01', '1997-02-28'],
    ['pdi://a.us/2000/02/*/*', '2000-02-01', '2000-02-29'],
    ['pdi://a.us/1900/02/*/*', '1900-02-01', '1900-02-28'],
    ['pdi://a.us/1997/*/*/*', '1997-01-01', '1997-12-31'],
    ['pdi://a.us/1997/*/31/*', '1997-01-31', '1997-12-31'],
    ['pdi://a.us/1997/*/30/*', '1997-01-30', '1997-12-30'],
    ['pdi://a.us/1997/*/29/*', '1997-01-29', '1997-12-29'],
    ['pdi://a.us/*/*/*/*', '0000-01-01', '9999-12-31'],
    ['pdi://a.us/*/09/*/*', '0000-09-01', '9999-09-30'],
    ['pdi://a.us/*/02/29/*', '0000-02-29', '9996-02-29'],
    ['pdi://a.us/*/02/28/*', '0000-02-28', '9999-02-28'],
    ['pdi://a.us/10000/02/*/*', '10000-02-01', '10000-02-29'],
    ['pdi://a.us/01997/12/*/*', '1997-12-01', '1997-12-31'],
  ])('%s: %s .. %s', (input, from, to) => {
    expect(dateRange(pdi(input))).toEqual({ from, to });
  });
});

describe('withVersion: the fully qualified PDI of a resolution', () => {
  it.each([
    ['pdi://a.us/1997/09/01/1.text', 3, 'urn:pdi://a.us/1997/09/01/1.text.3'],
    ['pdi://a.us/1997/09/01/1.text.1', '12', 'urn:pdi://a.us/1997/09/01/1.text.12'],
    ['pdi://a.us/1997/09/01/1.text.*', 2, 'urn:pdi://a.us/1997/09/01/1.text.2'],
    ['pdi://a.us/1997/09/01/1.text', '*', 'urn:pdi://a.us/1997/09/01/1.text.*'],
    ['pdi://a.us/1997/09/01/1.text.1#37,51', 4, 'urn:pdi://a.us/1997/09/01/1.text.4#char=37,51'],
  ])('%s with %s -> %s', (input, version, expected) => {
    const r = withVersion(pdi(input), version);
    expect(r.ok && normalizePdi(r.value)).toBe(expected);
    // the record stays one that parsePdi would give
    if (r.ok) expect(pdi(formatPdi(r.value))).toEqual(r.value);
  });

  it.each([
    ['pdi://a.us/1997/09/01/1', 1, 'format-required'],
    ['pdi://a.us/1997/09/01/1.text', 0, 'version'],
    ['pdi://a.us/1997/09/01/1.text', -1, 'version'],
    ['pdi://a.us/1997/09/01/1.text', 1.5, 'version'],
    ['pdi://a.us/1997/09/01/1.text', '00', 'version'],
    ['pdi://a.us/1997/09/01/1.text', 'v2', 'version'],
    ['pdi://a.us/1997/09/01/1.text', '', 'version'],
    ['pdi://a.us/1997/09/01/1.text.1#1,2', '*', 'wildcard-fragment'],
  ])('%s with %s: %s', (input, version, code) => {
    const r = withVersion(pdi(input), version);
    expect(r.ok || r.error.code).toBe(code);
  });
});
