import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pwidArb, pwidKey, uriArb } from './arbitrary.test-helpers.ts';
import { checkUri, encodeUriString } from './item.ts';
import { normalizeScan, normalizeUri, normalizeUriString } from './normalize.ts';
import { type PwidScan, scanPwid, UPPER_UNKNOWN } from './parse.ts';

/** The normalized string without the scan's facts: every part looked at again, whatever the scanner saw. */
const fullPath = (scan: PwidScan): string =>
  normalizeScan({
    ...scan,
    input: null,
    upperCase: UPPER_UNKNOWN,
    itemScan: scan.itemScan && { ...scan.itemScan, schemeOrHostUpper: true, percent: true },
  });

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

describe("the scan's facts only spare the normalizer work", () => {
  it('normalizing with them agrees with normalizing every part again', () => {
    fc.assert(
      fc.property(variantArb, fc.constantFrom('source', 'modern'), (s, profile) => {
        const scan = scanPwid(s, profile);
        if (!scan.ok) return;
        const full = fullPath(scan.value);
        expect(normalizeScan(scan.value)).toBe(full);
        expect(pwidKey(full, 'source')).toEqual({ ok: true, value: full });
      }),
      { numRuns: 3000 },
    );
  });

  it("the URI check's facts are what the URI holds", () => {
    fc.assert(
      fc.property(uriArb, (uri) => {
        const scan = checkUri(uri);
        if ('ok' in scan) return;
        const scheme = uri.slice(0, scan.schemeEnd);
        const host = uri.slice(scan.hostStart, scan.hostEnd).replace(/%[0-9A-Fa-f]{2}/g, '');
        expect(scan.schemeOrHostUpper).toBe(/[A-Z]/.test(scheme + host));
        const query = uri.slice(scan.hostEnd).search(/[?#]/);
        expect(scan.pathEnd).toBe(query < 0 ? uri.length : scan.hostEnd + query);
        // skipping the encoder when the URI cannot hold an encoded character changes nothing
        expect(normalizeUriString(scan)).toBe(encodeUriString(normalizeUri(scan)));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    // already normal: the input itself
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    ['urn:pwid:~dkwa:2016-02-29Z:collection:~coll-2016-1', 'urn:pwid:~dkwa:2016-02-29Z:collection:~coll-2016-1'],
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a%3Fb',
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a%3Fb',
    ],
    ['urn:pwid:archive.org:2016-01-22Z:page:http://u@x.dk/', 'urn:pwid:archive.org:2016-01-22Z:page:http://u@x.dk/'],
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk:8080/a',
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk:8080/a',
    ],
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/%C3%A6',
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/%25C3%25A6',
    ],
    // one part not normal
    ['urn:pwid:archive.org:2016-01-22Z:page:http://X.dk/', 'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/'],
    ['urn:pwid:archive.org:2016-01-22Z:page:HTTP://x.dk/A', 'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/A'],
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://[::ABCD]/A',
      'urn:pwid:archive.org:2016-01-22Z:page:http://%5B::abcd%5D/A',
    ],
    [
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a?b',
      'urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/a%3Fb',
    ],
    ['urn:pwid:archive.org:2016-01-22Z:page:~A', 'urn:pwid:archive.org:2016-01-22Z:page:~a'],
    ['urn:pwid:Archive.org:2016-01-22Z:page:~a', 'urn:pwid:archive.org:2016-01-22Z:page:~a'],
    ['urn:pwid:~DKWA:2016-01-22Z:page:~a', 'urn:pwid:~dkwa:2016-01-22Z:page:~a'],
    ['urn:pwid:archive.org:2016-01-22z:page:~a', 'urn:pwid:archive.org:2016-01-22Z:page:~a'],
    ['urn:pwid:archive.org:2016-01-22Z:Page:~a', 'urn:pwid:archive.org:2016-01-22Z:page:~a'],
    ['urN:pwid:archive.org:2016-01-22Z:page:~a', 'urn:pwid:archive.org:2016-01-22Z:page:~a'],
    ['pwid:archive.org:2016-01-22Z:page:~a', 'urn:pwid:archive.org:2016-01-22Z:page:~a'],
  ])('%s normalizes to %s', (s, normalized) => {
    expect(pwidKey(s)).toEqual({ ok: true, value: normalized });
  });

  it('decodes, re-cases and encodes many escapes as it does a few', () => {
    for (const n of [1, 5, 6, 8, 9, 16, 17, 40]) {
      const input = `URN:PWID:archive.org:2016-01-22Z:page:http://x.dk/${'a%3fb%2541%2f'.repeat(n)}`;
      const expected = `urn:pwid:archive.org:2016-01-22Z:page:http://x.dk/${'a%3Fb%2541%252F'.repeat(n)}`;
      expect(pwidKey(input)).toEqual({ ok: true, value: expected });
      expect(encodeUriString(`x:${'?#'.repeat(n)}`)).toBe(`x:${'%3F%23'.repeat(n)}`);
    }
  });
});
