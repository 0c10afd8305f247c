import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseLinkFormat, parseTimeMap } from './timemap.ts';

// The TimeMap reader (RFC 7089 §5, RFC 6690 link-format): links with quoted and unquoted parameters,
// escapes, relative URIs, several `rel` types; links it cannot read are skipped, never thrown; linear.
const BASE = 'https://archive.example/timemap/link/https://a.example/';
const MAP = `<https://a.example/>; rel="original",
<https://archive.example/timemap/link/https://a.example/>; rel="self"; type="application/link-format"; from="Tue, 20 Jan 2015 10:04:56 GMT",
<https://archive.example/web/20150120100456/https://a.example/>; rel="first memento"; datetime="Tue, 20 Jan 2015 10:04:56 GMT",
</web/20200229235959/https://a.example/> ;rel=memento ; datetime="Sat, 29 Feb 2020 23:59:59 GMT",
<https://archive.example/web/20240501/https://a.example/>; rel="last memento"; datetime="Wed, 01 May 2024 10:04:05 GMT"`;

describe('parseTimeMap', () => {
  it('reads the original and every memento with its datetime, relative URIs resolved', () => {
    const map = parseTimeMap(MAP, BASE);
    expect(map.original).toBe('https://a.example/');
    expect(map.skipped).toBe(0);
    expect(map.mementos.map((m) => [m.url, m.datetime.toISOString()])).toEqual([
      ['https://archive.example/web/20150120100456/https://a.example/', '2015-01-20T10:04:56.000Z'],
      ['https://archive.example/web/20200229235959/https://a.example/', '2020-02-29T23:59:59.000Z'],
      ['https://archive.example/web/20240501/https://a.example/', '2024-05-01T10:04:05.000Z'],
    ]);
  });

  it('skips what it cannot read and goes on after the next comma', () => {
    const text = `garbage here, <https://x.example/m1>; rel="memento"; datetime="Mon, 01 Jan 2001 00:00:00 GMT",
<https://x.example/m2>; rel="memento"; datetime="yesterday", <https://x.example/m3> junk; rel="memento",
<https://x.example/m4>; rel="memento"; datetime="Thu, 31 Feb 2001 00:00:00 GMT",
<javascript:alert(1)>; rel="memento"; datetime="Mon, 01 Jan 2001 00:00:00 GMT",
<https://x.example/m5>; rel="memento"; datetime="Tue, 02 Jan 2001 00:00:00 GMT"; title="a \\"quoted\\", title"`;
    const map = parseTimeMap(text, BASE);
    expect(map.mementos.map((m) => m.url)).toEqual(['https://x.example/m1', 'https://x.example/m5']);
    expect(map.skipped).toBe(5);
  });

  it('never throws on garbage: unclosed quotes and brackets, controls, nothing', () => {
    for (const text of [
      '',
      '<',
      '<a',
      '<a>; rel="',
      '<a>;=;=;',
      '"""',
      ',,,,',
      '\u0000<\u0001>;\u0002',
      '>'.repeat(50),
    ]) {
      expect(() => parseTimeMap(text, BASE)).not.toThrow();
      expect(parseTimeMap(text, BASE).mementos).toEqual([]);
    }
  });

  it('keeps escapes and repeated parameters as RFC 6690 says: the first of a name counts', () => {
    const { links } = parseLinkFormat('<u>; title="a\\"b"; rel="x y"; rel="z"');
    expect(links).toEqual([{ uri: 'u', rels: ['x', 'y'], params: { title: 'a"b', rel: 'x y' } }]);
  });

  it('is linear: long runs of spaces, many links, one unclosed quote (a budget far above the expected)', {
    timeout: 180_000,
  }, () => {
    const spaces = `<https://a.example/>; rel="memento"${' '.repeat(2_000_000)}x, <https://b.example/>`;
    const many = `<https://a.example/m>; rel="memento"; datetime="Mon, 01 Jan 2001 00:00:00 GMT",\n`.repeat(20_000);
    const quote = `<a>; title="${'x'.repeat(2_000_000)}`;
    const start = performance.now();
    expect(parseLinkFormat(spaces).links.map((l) => l.uri)).toEqual(['https://b.example/']);
    expect(parseTimeMap(many, BASE).mementos).toHaveLength(20_000);
    expect(parseLinkFormat(quote).skipped).toBe(1);
    // About a second in all on an idle machine; http-link-header takes 3 s for 40,000 spaces and grows with the
    // square (2,000,000 spaces: hours), so a budget of 60 s still tells linear from quadratic on a loaded machine.
    expect(performance.now() - start).toBeLessThan(60_000);
  });
});

describe('parseHttpDate', () => {
  it('reads IMF-fixdates and refuses anything else', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')?.toISOString()).toBe('1994-11-06T08:49:37.000Z');
    for (const bad of [
      'Sunday, 06-Nov-94 08:49:37 GMT',
      '1994-11-06',
      'Sun, 06 Nov 1994 24:00:00 GMT',
      'x'.repeat(100),
    ]) {
      expect(parseHttpDate(bad)).toBeNull();
    }
  });
});
