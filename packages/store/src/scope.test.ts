import { expectLinear } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkScope, checkSeries, parseScope, scopeAllows, scopeRanges } from './scope.ts';

describe('scopeAllows: scopes are identifier prefixes compared component by component', () => {
  it.each([
    // ARK: a NAAN scope covers the NAAN
    [['ark:/99999'], 'ark:/99999', true],
    [['ark:/99999'], 'ark:/99999/x6np1wh8k', true],
    [['ark:/9999'], 'ark:/99999/x6np1wh8k', false],
    [['ark:/99999'], 'ark:/999991/x', false],
    [['ark:/99999/'], 'ark:/99999/anything', true],
    [['ARK:/99999'], 'ark:/99999/x', true],
    [['ark:99999'], 'ark:/99999/x', true], // the modern form of the same NAAN
    // ARK: NAAN + shoulder string covers the Names that start with it
    [['ark:/99999/x6'], 'ark:/99999/x6np1wh8k', true],
    [['ark:/99999/x6'], 'ark:/99999/x6np1wh8k/chap1.pdf', true],
    [['ark:/99999/x6'], 'ark:/99999/x7np1wh8k', false],
    [['ark:/99999/x6'], 'ark:/99998/x6np1wh8k', false],
    [['ark:/99999/fk4'], 'ark:/99999/fk4abc', true],
    [['ark:/99999/f-k4'], 'ark:/99999/fk4abc', true], // hyphens are dropped, as from Names
    [['ark:/99999/abc'], 'ark:/99999/abc/d', true],
    [['ark:/99999/abc'], 'ark:/99999/abd', false],
    [['ark:/99999/x6'], 'ark:/99999', false],
    // a prefix rule's stored key (`ark:/NAAN/!NAME`) belongs to NAME
    [['ark:/99999/x6'], 'ark:/99999/!x6', true],
    [['ark:/99999/x6'], 'ark:/99999/!x7', false],
    [['ark:/99999'], 'ark:/99999/!x7', true],
    // PDI: a series is the whole dotted name (issue 17)
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.us/1997/11/27/12', true],
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.us.evil.de/1997/11/27/12', false],
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.us.evil.de', false],
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.usa/1997/11/27/12', false],
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.us', true],
    [['urn:pdi://AP.ORG.US'], 'urn:pdi://ap.org.us/1997/11/27/12', true],
    [['urn:pdi://org.us'], 'urn:pdi://ap.org.us/1997/11/27/12', false],
    [['urn:pdi://ap.org.us/1997/11'], 'urn:pdi://ap.org.us/1997/11/27/12', true],
    [['urn:pdi://ap.org.us/1997/1'], 'urn:pdi://ap.org.us/1997/11/27/12', false],
    [['urn:pdi://ap.org.us/1997/11'], 'urn:pdi://ap.org.us/1997', false],
    // other URNs: whole components between ":" and "/"
    [['urn:example:a'], 'urn:example:a:b', true],
    [['urn:example:a'], 'urn:example:a/b', true],
    [['urn:example:a'], 'urn:example:ab', false],
    [['urn:example'], 'urn:example:ab', true],
    [['urn:example'], 'urn:examples:ab', false],
    [['URN:Example:a'], 'urn:example:a', true],
    // another scheme: whole components between "/"
    [['doi:10.1234'], 'doi:10.1234/abc', true],
    [['doi:10.1234'], 'doi:10.12345/abc', false],
    // a scope of one scheme never covers another
    [['urn:pdi://ap.org.us'], 'ark:/99999/x', false],
    [['ark:/99999'], 'urn:pdi://ap.org.us/1997/11/27/12', false],
    // several scopes, none, unparsable ones
    [['urn:example:a', 'ark:/99999/x6'], 'ark:/99999/x6b', true],
    [[], 'ark:/99999/x6b', false],
    [[''], 'ark:/99999/x6b', false],
    [['ark:/'], 'ark:/99999/x6b', false],
    [['ark:/99999'], 'not an identifier', false],
  ])('%j covers %s: %s', (scopes, id, expected) => {
    expect(scopeAllows(scopes, id)).toBe(expected);
  });

  it('a scope that covers a key covers it with any suffix only when the suffix starts a new component (fast-check)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,10}$/), (extra) => {
        // appending to the series itself never stays inside the scope
        expect(scopeAllows(['urn:pdi://ap.org.us'], `urn:pdi://ap.org.us${extra}.de/2001/01/01/1`)).toBe(false);
        expect(scopeAllows(['urn:pdi://ap.org.us'], `urn:pdi://ap.org.us.${extra}.de/2001/01/01/1`)).toBe(false);
        expect(scopeAllows(['urn:example:a'], `urn:example:a${extra}`)).toBe(false);
      }),
    );
  });
});

describe('checkScope', () => {
  it.each([
    'ark:/99999',
    'ark:/99999/x6',
    'ark:99999',
    'urn:pdi://ap.org.us',
    'urn:pdi://ap.org.us/1997',
    'urn:example:a',
    'urn:nbn',
    'doi:10.1234',
  ])('accepts %s', (scope) => {
    expect(checkScope(scope)).toEqual({ ok: true, value: scope });
  });

  it.each([
    ['', 'empty'],
    ['ark:/', 'no NAAN'],
    ['ark:/99-99', 'a NAAN with a hyphen'],
    ['urn:pdi://ap.org.us.evil.com', 'a series without a country code'],
    ['urn:pdi://ap', 'a series of one component'],
    ['urn:pdi://ap..us', 'an empty series component'],
    ['urn:pdi://ap.org.us//1997', 'an empty path component'],
    ['urn:', 'no NID'],
    ['99999', 'no scheme'],
    ['a b:c', 'a space'],
  ])('refuses %s (%s) with invalid-scope', (scope) => {
    const r = checkScope(scope);
    expect(!r.ok && r.error.code).toBe('invalid-scope');
  });

  it('parses in linear time (a long run of one character)', () => {
    for (const make of [
      (n: number) => `ark:/99999/${'x'.repeat(n)}`,
      (n: number) => `urn:pdi://${'a.'.repeat(n / 2)}us`,
      (n: number) => `urn:x:${':'.repeat(n)}`,
    ]) {
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear(make, parseScope, { size: 256, what: make(4) });
    }
  });
});

describe('scopeRanges', () => {
  it('reads exactly the keys the scopes cover, under the prefix asked for', () => {
    const keys = [
      'ark:/99999',
      'ark:/99999/!x6',
      'ark:/99999/x6a',
      'ark:/99999/x7a',
      'ark:/999990/x',
      'urn:pdi://ap.org.us',
      'urn:pdi://ap.org.us/1997/11/27/1',
      'urn:pdi://ap.org.us.evil.de/1997/11/27/1',
      'urn:example:a',
      'urn:example:a:b',
      'urn:example:ab',
    ];
    for (const [scopes, prefix] of [
      [['ark:/99999/x6'], ''],
      [['ark:/99999'], ''],
      [['ark:/99999'], 'ark:/99999/x'],
      [['urn:pdi://ap.org.us', 'urn:example:a'], ''],
      [['ark:/99999/x6', 'ark:/99999'], ''],
    ] as [string[], string][]) {
      const ranges = scopeRanges(scopes, prefix);
      const read = keys.filter((k) => ranges.some((r) => k >= r.lower && (r.upper === null || k < r.upper)));
      expect(read, JSON.stringify(scopes)).toEqual(keys.filter((k) => k.startsWith(prefix) && scopeAllows(scopes, k)));
    }
  });
});

describe('checkSeries (PDI §2.2)', () => {
  it.each([
    ['ap.org.us', true],
    ['AP.ORG.US', true],
    ['ap.org.us.evil.de', true],
    ['ap.org.us.evil.com', false],
    ['ap', false],
    ['ap_x.us', false],
  ])('%s: %s', (series, valid) => {
    expect(checkSeries(series).ok).toBe(valid);
  });
});
