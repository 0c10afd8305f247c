import { describe, expect, it } from 'vitest';
import { mergeProfile, profileOf, profileValues, resourceTypeProblem, validateProfile } from './profiles.ts';

const datacite = {
  'datacite.creator': 'Miller, Elizabeth',
  'datacite.title': 'Field notes',
  'datacite.publisher': 'University Library',
  'datacite.publicationyear': '2014',
  'datacite.resourcetype': 'Dataset',
};

describe('validateProfile', () => {
  it('ERC: who/what/when go into the ERC record under their names, empty ones are left out', () => {
    const r = validateProfile('erc', { 'erc.who': ' Miller ', 'erc.what': 'Notes', 'erc.when': '' });
    expect(r).toEqual({ ok: true, value: { erc: { who: 'Miller', what: 'Notes' }, metadata: { _profile: 'erc' } } });
  });

  it('Dublin Core: elements kept under their EZID names (dc.title), a malformed dc.date refused', () => {
    const good = validateProfile('dc', { 'dc.title': 'Notes', 'dc.date': '1932-05-01', 'dc.type': 'Text' });
    expect(good).toEqual({
      ok: true,
      value: { erc: {}, metadata: { _profile: 'dc', 'dc.title': 'Notes', 'dc.date': '1932-05-01', 'dc.type': 'Text' } },
    });
    for (const bad of ['1932-13', '1932-02-30', 'May 1932', '32']) {
      const r = validateProfile('dc', { 'dc.date': bad });
      expect(r.ok ? [] : r.errors.map((e) => [e.field, e.code])).toEqual([['dc.date', 'date']]);
    }
    expect(validateProfile('dc', { 'dc.date': '2024-02-29' }).ok).toBe(true);
  });

  it("DataCite: the five required properties, stored under EZID's names", () => {
    const r = validateProfile('datacite', datacite);
    expect(r).toEqual({ ok: true, value: { erc: {}, metadata: { _profile: 'datacite', ...datacite } } });
  });

  it('DataCite: every missing property gets its own message', () => {
    const r = validateProfile('datacite', {});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.field)).toEqual([
      'datacite.creator',
      'datacite.title',
      'datacite.publisher',
      'datacite.publicationyear',
      'datacite.resourcetype',
    ]);
    expect(r.errors.every((e) => e.code === 'required')).toBe(true);
    expect(r.errors[3]?.message).toBe('Enter the publication year');
  });

  it.each(['14', '20144', '2014 ', 'MMXIV', '２０１４'])(
    'DataCite: publication year %j is not a four-digit year',
    (year) => {
      const r = validateProfile('datacite', { ...datacite, 'datacite.publicationyear': year });
      if (year === '2014 ') {
        expect(r.ok).toBe(true); // trimmed
        return;
      }
      expect(r.ok ? [] : r.errors).toEqual([
        {
          field: 'datacite.publicationyear',
          code: 'publication-year',
          message: 'Publication year must be a four-digit year, e.g. 2024',
        },
      ]);
    },
  );

  it('DataCite: the resource type is General or General/Specific, General from the controlled list', () => {
    expect(resourceTypeProblem('Dataset')).toBeNull();
    expect(resourceTypeProblem('Image/Photograph')).toBeNull();
    expect(resourceTypeProblem('Image/DICOM')).toBeNull();
    expect(resourceTypeProblem('dataset')).toBe("Resource type must be spelled as in DataCite's list: Dataset");
    expect(resourceTypeProblem('Spreadsheet')).toMatch(/general type from DataCite's list/);
    expect(resourceTypeProblem('Image/')).toMatch(/specific type after the slash/);
  });

  it('refuses an over-long value with a message', () => {
    const r = validateProfile('erc', { 'erc.who': 'x'.repeat(4001) });
    expect(r.ok ? [] : r.errors.map((e) => e.code)).toEqual(['too-long']);
  });
});

describe('profileOf, profileValues, mergeProfile', () => {
  it('reads _profile, erc when absent or unknown', () => {
    expect(profileOf({ _profile: 'datacite' })).toBe('datacite');
    expect(profileOf({ _profile: 'crossref' })).toBe('erc');
    expect(profileOf({})).toBe('erc');
  });

  it('fills a form from a binding (repeated ERC values joined as EZID does)', () => {
    expect(profileValues({ who: ['A', 'B'], what: 'T', how: 'x' }, { 'dc.title': 'D', other: 'o' })).toEqual({
      'erc.who': 'A ; B',
      'erc.what': 'T',
      'dc.title': 'D',
    });
  });

  it('switching profile drops the old profile fields and keeps every other element', () => {
    const merged = mergeProfile(
      { erc: { who: 'old', how: 'kept' }, metadata: { _profile: 'erc', 'dc.title': 'old', _export: 'no' } },
      { erc: {}, metadata: { _profile: 'datacite', 'datacite.title': 'new' } },
    );
    expect(merged).toEqual({
      erc: { how: 'kept' },
      metadata: { _export: 'no', _profile: 'datacite', 'datacite.title': 'new' },
    });
  });
});
