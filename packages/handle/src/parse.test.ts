import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { HANDLE_ERROR_CODES } from './codes.ts';
import { parseHandle } from './parse.ts';
import { handleScheme } from './scheme.ts';

describe('parseHandle', () => {
  // RFC 3651 §2: <Handle> = <Handle Naming Authority> "/" <Handle Local Name>
  it.each([
    ['hdl:ncstrl.vatech_cs/te-93-35', 'ncstrl.vatech_cs', 'te-93-35'],
    ['hdl:10.1045/may99-payette', '10.1045', 'may99-payette'],
    ['hdl:0.NA/10.1045', '0.NA', '10.1045'],
    ['hdl:cnri.dlib/a/b/c', 'cnri.dlib', 'a/b/c'],
    ['https://hdl.handle.net/20.500.12345/a%C3%A9%2Fc', '20.500.12345', 'aé/c'],
    ['info:hdl/2027/mdp.39015%25', '2027', 'mdp.39015%'],
    ['hdl:20.500.1/a%20b', '20.500.1', 'a%20b'],
    ['hdl:20.500.1/a?b#c', '20.500.1', 'a?b#c'],
    // idutils tests/test_idutils.py: "hdl: " with a space, the proxy without http(s)://, and a bare handle
    ['hdl: 10013/epic.10033', '10013', 'epic.10033'],
    ['hdl.handle.net/10013/epic.10033', '10013', 'epic.10033'],
    ['10013/epic.10033', '10013', 'epic.10033'],
    ['20.500.12345/a%20b', '20.500.12345', 'a%20b'],
    ['HDL.Handle.NET/2027/a%2Fb?urlappend=x', '2027', 'a/b'],
  ])('%s', (input, prefix, suffix) => {
    const r = parseHandle(input);
    expect(r.ok && { prefix: r.value.prefix, suffix: r.value.suffix }).toEqual({ prefix, suffix });
  });

  it('keeps the URL query and fragment out of the handle', () => {
    const r = parseHandle('https://hdl.handle.net/2027/mdp.1?urlappend=x#y');
    expect(r.ok && [r.value.suffix, r.value.rest]).toEqual(['mdp.1', '?urlappend=x#y']);
  });

  it.each([
    ['hdl:x', 'handle-separator', 5],
    ['hdl:/x', 'prefix-empty', 4],
    ['hdl:.a/x', 'prefix-segment', 4],
    ['hdl:a./x', 'prefix-segment', 6],
    ['hdl:a/', 'suffix-empty', 6],
    ['hdl:a b/c', 'prefix-character', 5],
    ['hdl:a/b\tc', 'suffix-character', 7],
    ['hdl:a/b\u3000', 'suffix-character', 7],
    ['https://hdl.handle.net/a/%2', 'pct-encoded', 25],
    ['https://hdl.handle.net/a/%C3', 'pct-utf8', 23],
    ['https://hdl.handle.net/?x', 'name-empty', 23],
    ['https://hdl.handle.net.example/a/b', 'handle-label', 0],
    ['hdl', 'handle-label', 0],
    ['hdl: ', 'name-empty', 5],
    ['1..2/x', 'prefix-segment', 2],
    ['2027/', 'suffix-empty', 5],
    ['2027/a b', 'suffix-character', 6],
    ['hdl.handle.net', 'handle-label', 0],
    ['epic/10033', 'handle-label', 0],
  ])('%s is %s at %d', (input, code, offset) => {
    const r = parseHandle(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('normalizes to hdl: with ASCII letters in lower case, escapes decoded once', () => {
    const n = (s: string) => {
      const r = handleScheme.parse(s);
      return r.ok ? r.value.normalized : r.error.code;
    };
    expect(n('https://hdl.handle.net/20.500.12345/ÄBC%2525')).toBe('hdl:20.500.12345/Äbc%25');
    expect(n('HDL:CNRI.DLIB/X')).toBe('hdl:cnri.dlib/x');
  });

  it('reads the forms idutils accepts as one handle, and a bare one only with a numeric naming authority', () => {
    const forms = (s: string) => {
      const r = parseHandle(s);
      return r.ok ? r.value.form : r.error.code;
    };
    expect(['hdl: 2027/x', '2027/x', 'hdl.handle.net/2027/x', 'http://hdl.handle.net/2027/x'].map(forms)).toEqual([
      'hdl',
      'bare',
      'url',
      'url',
    ]);
    // RFC 3651 §2.1 allows any naming authority; without a label only Handle.Net's numeric prefixes are read
    expect(handleScheme.recognize('cnri.dlib/december95')).toBe(false);
    expect(handleScheme.recognize('hep-th/9901001')).toBe(false);
    expect(handleScheme.recognize('0.NA/2027')).toBe(false);
    expect(handleScheme.recognize('12.34/x')).toBe(true);
  });

  it('lists every code it returns', () => {
    expect(new Set(HANDLE_ERROR_CODES).size).toBe(HANDLE_ERROR_CODES.length);
  });

  // expectLinear: 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
  it('is linear on long runs', () => {
    for (const filler of ['/', '.', '%', '%2', 'a', '1', '1.', ' ']) {
      for (const shape of [
        (n: number) => `https://hdl.handle.net/${filler.repeat(n)}`,
        (n: number) => `hdl:${filler.repeat(n)}`,
        (n: number) => `hdl:${' '.repeat(n)}${filler}`,
        (n: number) => `1${filler.repeat(n)}`,
        (n: number) => `1${filler.repeat(n)}/${filler.repeat(n)}`,
      ]) {
        expectLinear(shape, parseHandle, { size: 512, what: shape(2) });
      }
    }
  });
});

describe('handles on the DOI proxy and shortDOIs', () => {
  // The DOI Foundation's shortDOI service: "aliases for existing DOI names, of the form 10/abcde"; "The DOI
  // Foundation's web resolver at https://doi.org will treat the shortDOI identically to the corresponding DOI
  // name". doi.org is a Handle proxy: a path that is no DOI is the handle it names.
  const read = (s: string) => {
    const r = handleScheme.parse(s);
    return r.ok ? [r.value.components.form, r.value.normalized] : r.error.code;
  };

  it.each([
    ['https://doi.org/10/gf4gqc', 'url'],
    ['http://dx.doi.org/10/gf4gqc', 'url'],
    ['https://www.doi.org/10/gf4gqc', 'url'],
    ['doi.org/10/gf4gqc', 'url'],
    ['dx.doi.org/10/gf4gqc', 'url'],
    ['www.doi.org/10/gf4gqc', 'url'],
    ['doi:10/gf4gqc', 'doi'],
    ['DOI: 10/gf4gqc', 'doi'],
    ['hdl:10/gf4gqc', 'hdl'],
    ['10/gf4gqc', 'bare'],
    ['https://hdl.handle.net/10/gf4gqc', 'url'],
  ])('%s is the handle 10/gf4gqc (%s)', (input, form) => {
    expect(read(input)).toEqual([form, 'hdl:10/gf4gqc']);
  });

  it('reads any numeric naming authority on doi.org, and leaves DOIs and other paths to the DOI scheme', () => {
    expect(read('https://doi.org/20.500.12345/1')).toEqual(['url', 'hdl:20.500.12345/1']);
    expect(read('https://doi.org/2027/mdp.1?x=1')).toEqual(['url', 'hdl:2027/mdp.1']);
    for (const s of ['https://doi.org/10.1000/182', 'doi.org/abc/1', 'https://doi.org/doi:10.1/x', 'doi:10.1000/1']) {
      expect(handleScheme.recognize(s), s).toBe(false);
    }
    // only the shortDOI naming authority follows the DOI print label
    expect(handleScheme.recognize('doi:20.500.12345/1')).toBe(false);
    expect(handleScheme.recognize('doi:101/x')).toBe(false);
  });

  it('formats them back as written', () => {
    for (const s of ['DOI: 10/gf4gqc', 'https://doi.org/10/gf4gqc#x']) {
      const r = parseHandle(s);
      expect(r.ok && `${r.value.label}${r.value.written}${r.value.rest}`).toBe(s);
    }
  });
});
