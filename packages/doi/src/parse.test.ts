import { describe, expect, it } from 'vitest';
import { parseDoi } from './parse.ts';
import { doiScheme } from './scheme.ts';

const normalized = (s: string) => {
  const r = doiScheme.parse(s);
  return r.ok ? r.value.normalized : r.error.code;
};

describe('parseDoi', () => {
  // DOI Handbook §2.2: prefix = "10." registrant code (optionally subdivided), "/", suffix.
  it.each([
    ['10.1000/182', 'bare', '10.1000', '182'],
    ['doi:10.1000/182', 'doi', '10.1000', '182'],
    ['10.1000.10/123456', 'bare', '10.1000.10', '123456'],
    ['urn:doi:10.123:456', 'urn', '10.123', '456'],
    ['https://doi.org/urn:doi:10.123:456ABC%2Fzyz', 'url', '10.123', '456ABC/zyz'],
    ['https://doi.org/10.1000/456%23789', 'url', '10.1000', '456#789'],
    ['doi:10.1000/456#789', 'doi', '10.1000', '456#789'],
    ['hdl:10.1000/182', 'hdl', '10.1000', '182'],
    ['https://hdl.handle.net/10.1000/182', 'hdl-url', '10.1000', '182'],
    ['info:hdl/10.1000/182', 'hdl-info', '10.1000', '182'],
    ['10.1000/a:b/c', 'bare', '10.1000', 'a:b/c'],
    // idutils tests/test_idutils.py and doi-regex spec/test.js: proxy URLs without http(s)://
    ['doi.org/10.1016/j.epsl.2011.11.037', 'url', '10.1016', 'j.epsl.2011.11.037'],
    ['dx.doi.org/10.1016/j.neuron.2014.09.004', 'url', '10.1016', 'j.neuron.2014.09.004'],
    ['WWW.DOI.ORG/10.1000/182', 'url', '10.1000', '182'],
    ['doi.org/10.1000/456%23789', 'url', '10.1000', '456#789'],
    ['hdl.handle.net/10.1000/182', 'hdl-url', '10.1000', '182'],
    // idutils: "doi: " (its regex allows any white space after the label); "hdl: " likewise
    ['doi: 10.1016/j.epsl.2011.11.037', 'doi', '10.1016', 'j.epsl.2011.11.037'],
    ['DOI:  10.1000/182', 'doi', '10.1000', '182'],
    ['hdl: 10.1000/182', 'hdl', '10.1000', '182'],
  ])('%s', (input, form, prefix, suffix) => {
    const r = parseDoi(input);
    expect(r.ok && { form: r.value.form, prefix: r.value.prefix, suffix: r.value.suffix }).toEqual({
      form,
      prefix,
      suffix,
    });
  });

  it('reads the Handbook encoding table back: each escape decoded exactly once', () => {
    // DOI Handbook, "DOI Name Encoding Rules for URL Presentation": % " # SPACE ? must be hex-encoded
    expect(normalized('https://doi.org/10.1000/a%25b')).toBe('doi:10.1000/a%b');
    expect(normalized('https://doi.org/10.1000/a%22b%3Fc')).toBe('doi:10.1000/a"b?c');
    expect(normalized('https://doi.org/10.1000/a%2525b')).toBe('doi:10.1000/a%25b');
    expect(normalized('https://doi.org/10.1000/a%20b')).toBe('suffix-character');
    // "/./ is changed to /.%2F"
    expect(normalized('https://doi.org/10.1000/a/.%2Fb')).toBe('doi:10.1000/a/./b');
  });

  it('is case-insensitive for ASCII only', () => {
    expect(normalized('10.123/ABC')).toBe('doi:10.123/abc');
    expect(normalized('10.123/ÄBC')).toBe('doi:10.123/Äbc');
  });

  it.each([
    ['10.', 'registrant-code', 3],
    ['10.1000', 'doi-separator', 7],
    ['10.1000/', 'suffix-empty', 8],
    ['10.10a0/x', 'registrant-code', 5],
    ['10.1000:182', 'registrant-code', 7],
    ['doi:11.1/x', 'directory-indicator', 4],
    ['DOI: 10.1000/1 2', 'suffix-character', 14],
    ['https://doi.org/10.1000/x%2', 'pct-encoded', 25],
    ['https://doi.org/?x=1', 'name-empty', 16],
    ['https://doi.org.example/10.1000/182', 'doi-label', 0],
    ['doi.org.example/10.1000/182', 'doi-label', 0],
    ['doi.org/10.1000', 'doi-separator', 15],
    ['DOI: ', 'name-empty', 5],
    // doi-regex spec/test.js doiNot and doiNotDeclared
    ['10..1000/journal.pone.0011111', 'registrant-code', 3],
    ['doi:10..1000/journal.pone.0011111', 'registrant-code', 7],
  ])('%s is %s at %d', (input, code, offset) => {
    const r = parseDoi(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('leaves the URL query and fragment out of the DOI', () => {
    const r = parseDoi('https://doi.org/10.1000/182?format=pdf#top');
    expect(r.ok && [r.value.suffix, r.value.rest]).toEqual(['182', '?format=pdf#top']);
  });

  it('does not claim what is not a DOI spelling', () => {
    for (const s of [
      '1000/182',
      '100.1/x',
      'hdl:20.500.1/x',
      'https://hdl.handle.net/20.500/x',
      'doix:10.1/x',
      // doi-regex spec/test.js: doiResolvePathInvalid, doiResolvePathWithProtocolInvalid, doiNotDeclared
      'dxsdfas.doi.org/10.1016/j.neuron.2014.09.004',
      'httpp://dx.doi.org/10.1016/j.neuron.2014.09.004',
      'ftp://dx.doi.org/10.1016/j.neuron.2014.09.004',
      'do:10.1000/journal.pone.0011111',
      'DO:10.1000/journal.pone.0011111',
      ':10.1000/journal.pone.0011111',
      '10/134980',
      '1.1/1.1',
      'hdl.handle.net/20.500/x',
    ]) {
      expect(doiScheme.recognize(s), s).toBe(false);
    }
  });
});
