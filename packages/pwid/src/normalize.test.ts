import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pwidArb, uriArb } from './arbitrary.test-helpers.ts';
import { checkUri, encodeUriString, normalizeUri } from './item.ts';
import { normalizePwid, normalizeScan } from './normalize.ts';
import { type PwidScan, scanPwid } from './parse.ts';

/** The normalized string the long way: every part rebuilt, whatever the scanner saw. */
const fullPath = (scan: PwidScan): string => normalizeScan({ ...scan, normal: null });

/** Forms of a generated PWID that are not all in normal form: upper case, older labels and times, literal "?". */
const variantArb = fc
  .tuple(
    pwidArb,
    fc.constantFrom(
      (s: string) => s,
      (s: string) => s.toUpperCase(),
      (s: string) => s.replace('urn:pwid:', 'pwid:'),
      (s: string) => s.replace('urn:pwid:', 'URN:pwid:'),
      (s: string) => s.replace(/T(\d\d):(\d\d)/, 't$1$2'),
      (s: string) => s.replace(/Z:/, 'z:'),
      (s: string) => s.replaceAll('%3F', '?'),
      (s: string) => s.replaceAll('%3F', '%3f'),
      (s: string) => s.replace(/:(part|page|site):/, (m) => m.toUpperCase()),
      (s: string) => s.replace('http://', 'HTTP://'),
    ),
  )
  .map(([s, f]) => f(s));

describe('normal-form fast path', () => {
  it('agrees with the full path, and returns the input itself only when it is already normal', () => {
    fc.assert(
      fc.property(variantArb, fc.constantFrom('source', 'modern'), (s, profile) => {
        const scan = scanPwid(s, profile);
        if (!scan.ok) return;
        const full = fullPath(scan.value);
        expect(normalizeScan(scan.value)).toBe(full);
        // the fast path is taken only for input already in normal form (not always: escapes are rebuilt)
        if (scan.value.normal !== null) expect(full).toBe(s);
      }),
      { numRuns: 3000 },
    );
  });

  it('a clean URI is its own normalized uri-string', () => {
    fc.assert(
      fc.property(uriArb, (uri) => {
        const scan = checkUri(uri);
        if ('ok' in scan) return;
        const normalized = encodeUriString(normalizeUri(scan));
        if (scan.clean) expect(normalized).toBe(uri);
        else expect(scan.uri).toBe(uri);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk', true],
    ['urn:pwid:~dkwa:2016-02-29Z:collection:~coll-2016-1', true],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a%3Fb', false], // an escape: rebuilt, though equal
    ['urn:pwid:archive.org:2016-01-22Z:page:http://u@x.dk/', false], // userinfo
    ['urn:pwid:archive.org:2016-01-22Z:page:http://x.dk:8080/a', true],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://X.dk/', false],
    ['urn:pwid:archive.org:2016-01-22Z:page:~A', false],
    ['urn:pwid:Archive.org:2016-01-22Z:page:~a', false],
    ['urn:pwid:archive.org:2016-01-22z:page:~a', false],
    ['urn:pwid:archive.org:2016-01-22Z:Page:~a', false],
    ['urN:pwid:archive.org:2016-01-22Z:page:~a', false],
    ['pwid:archive.org:2016-01-22Z:page:~a', false],
  ])('%s takes the fast path: %s', (s, fast) => {
    const scan = scanPwid(s);
    expect(scan.ok && scan.value.normal !== null).toBe(fast);
  });

  it('decodes, re-cases and encodes many escapes as it does a few', () => {
    for (const n of [1, 5, 6, 8, 9, 16, 17, 40]) {
      const input = `URN:PWID:archive.org:2016-01-22Z:page:http://x.dk/${'a%3fb%2541%2f'.repeat(n)}`;
      const expected = `urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/${'a%3Fb%2541%252F'.repeat(n)}`;
      expect(normalizePwid(input)).toEqual({ ok: true, value: expected });
      expect(encodeUriString(`x:${'?#'.repeat(n)}`)).toBe(`x:${'%3F%23'.repeat(n)}`);
    }
  });
});
