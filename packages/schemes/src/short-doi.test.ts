import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';

// issue 26: `https://doi.org/10/gf4gqc` was `directory-indicator` while `10/gf4gqc`, `hdl:10/gf4gqc` and
// `https://hdl.handle.net/10/gf4gqc` read as the handle. The DOI Foundation's shortDOI service makes
// "aliases for existing DOI names, of the form 10/abcde" which "https://doi.org will treat ... identically to
// the corresponding DOI name": a handle of the naming authority `10`, not a DOI name (ISO 26324: `10.` and a
// registrant code). Every spelling is that one handle.
describe('shortDOIs and other handles on doi.org', () => {
  const key = (s: string) => {
    const r = registry.parse(s);
    return r.ok ? `${r.value.scheme} ${r.value.normalized}` : r.error.code;
  };

  it.each([
    'https://doi.org/10/gf4gqc',
    'http://dx.doi.org/10/gf4gqc',
    'doi.org/10/gf4gqc',
    'www.doi.org/10/gf4gqc',
    'doi:10/gf4gqc',
    'DOI: 10/GF4GQC',
    '10/gf4gqc',
    'hdl:10/gf4gqc',
    'https://hdl.handle.net/10/gf4gqc',
  ])('%s is the handle hdl:10/gf4gqc', (input) => {
    expect(key(input)).toBe('handle hdl:10/gf4gqc');
  });

  it('reads other handles on doi.org as handles, and DOIs as DOIs', () => {
    expect(key('https://doi.org/20.500.12345/1')).toBe('handle hdl:20.500.12345/1');
    expect(key('https://doi.org/10.1000/182')).toBe('doi doi:10.1000/182');
    expect(key('doi:10.1000/182')).toBe('doi doi:10.1000/182');
    expect(key('https://doi.org/urn:doi:10.123:456')).toBe('doi doi:10.123/456');
  });

  it('keeps the coded errors of what is neither', () => {
    expect(key('https://doi.org/abc/1')).toBe('directory-indicator');
    expect(key('doi:11.1000/1')).toBe('directory-indicator');
    expect(key('https://doi.org/10/')).toBe('suffix-empty');
    expect(key('doi:10/')).toBe('suffix-empty');
  });
});
