import { readmeExamples, schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADS_ERROR_CODES,
  type AdsErrorCode,
  adsScheme,
  compareAds,
  formatAds,
  normalizeAds,
  parseAds,
} from './index.ts';

schemeContract(adsScheme, {
  // idutils' table, and ADS's own examples
  valid: [
    '2011ApJS..192...18K',
    '2016arXiv161002026S',
    'ads:2011ApJS..192...18K',
    'ads:2017zndo....495787v',
    '1992ApJ…400L…1W',
    '1992ApJ...400L...1W',
    '2019A&A...622A..47A',
    '1998SPIE.3355..188.',
    'https://ui.adsabs.harvard.edu/abs/2019A&A...622A..47A/abstract',
    'https://ui.adsabs.harvard.edu/#abs/2011ApJS..192...18K',
    'http://adsabs.harvard.edu/abs/1992ApJ...400L...1W/',
    'ADS:2011ApJS..192...18K',
  ],
  invalid: [
    '2011ApJS..192..!18K',
    'ads:2011ApJS..192...18',
    'ads:2011ApJS..192...181',
    'ads:201XApJS..192...18K',
    'ads:20111pJS..192...18K',
    'ads:2011ApJS..192...18K/',
    'https://ui.adsabs.harvard.edu/abs/2011ApJS..192...18K/references',
  ],
  equivalent: [
    [
      '1992ApJ…400L…1W',
      '1992ApJ...400L...1W',
      'ads:1992ApJ...400L...1W',
      'https://ui.adsabs.harvard.edu/abs/1992ApJ...400L...1W/abstract',
    ],
  ],
  distinct: [['2011ApJS..192...18K', '2011ApJS..192...18k']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'ads:', 'https://ui.adsabs.harvard.edu/abs/'),
      fc.stringMatching(/^[0-9]{4}[A-Za-z][A-Za-z0-9.&…!/]{10,16}$/),
    )
    .map(([l, b]) => l + b),
});

describe('bibcodes', () => {
  it('reads the nineteen fields as ADS defines them', () => {
    const r = parseAds('2011ApJS..192...18K');
    expect(r.ok && r.value.bibcode).toBe('2011ApJS..192...18K');
    // YYYY JJJJJ VVVV M PPPP A
    const b = '2011ApJS..192...18K';
    expect([b.slice(0, 4), b.slice(4, 9), b.slice(9, 13), b.slice(13, 14), b.slice(14, 18), b.slice(18)]).toEqual([
      '2011',
      'ApJS.',
      '.192',
      '.',
      '..18',
      'K',
    ]);
  });

  it('reads an ellipsis as three dots, as idutils does', () => {
    const r = parseAds('1992ApJ…400L…1W');
    expect(r.ok && [formatAds(r.value), normalizeAds(r.value)]).toEqual(['1992ApJ…400L…1W', '1992ApJ...400L...1W']);
  });

  it('resolves to the ADS abstract page', () => {
    const r = adsScheme.parse('ads:2011ApJS..192...18K');
    expect(r.ok && adsScheme.resolve(r.value.components)).toBe(
      'https://ui.adsabs.harvard.edu/abs/2011ApJS..192...18K/abstract',
    );
    expect(compareAds('2011ApJS..192...18K', 'ads:2011ApJS..192...18K')).toEqual({ ok: true, value: true });
  });

  it('does not claim other strings that start with a year', () => {
    for (const s of ['2011ApJS..192...18', '2021report', '1999-01-01', '2011ApJS..192...18KX']) {
      expect(adsScheme.recognize(s), s).toBe(false);
    }
  });
});

const EXAMPLES: Record<AdsErrorCode, readonly [string, number]> = {
  'ads-label': ['2011ApJS', 0],
  'ads-year': ['ads:201XApJS..192...18K', 7],
  'ads-journal': ['ads:20111pJS..192...18K', 8],
  'ads-character': ['2011ApJS..192..!18K', 15],
  'ads-author': ['ads:2011ApJS..192...181', 22],
  'ads-length': ['ads:2011ApJS..192...18', 4],
  'ads-trailing': ['ads:2011ApJS..192...18K/', 23],
};

describe('ADS error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %j', (code, [input, offset]) => {
    const r = parseAds(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ADS_ERROR_CODES].sort());
  });
});

readmeExamples(new URL('../README.md', import.meta.url));
