import { describe, expect, it } from 'vitest';
import { parseCdx } from './cdx.ts';

// The CDX reader: the four shapes CDX servers answer in; only 2xx (or status-less) captures; garbage is
// "unreadable", never thrown.
const URL_ = 'https://a.example/';

describe('parseCdx', () => {
  it('reads output=json (a header row, then rows), keeping 2xx and status-less captures', () => {
    const json = JSON.stringify([
      ['urlkey', 'timestamp', 'original', 'statuscode'],
      ['k', '20200101000000', URL_, '200'],
      ['k', '20210101000000', URL_, '404'],
      ['k', '20220101000000', URL_, '-'],
      ['k', '2022', URL_, '200'],
    ]);
    expect(parseCdx(json)).toEqual({
      captures: [
        { timestamp: '20200101000000', original: URL_ },
        { timestamp: '20220101000000', original: URL_ },
      ],
      skipped: 2,
      readable: true,
    });
  });

  it('reads JSON lines (pywb), CDXJ and the classic space-separated lines', () => {
    const text = [
      `{"timestamp": "20200101000000", "url": "${URL_}", "status": "200"}`,
      `a,example)/ 20210101000000 {"url": "${URL_}", "status": "301"}`,
      `a,example)/ 20220101000000 {"url": "${URL_}", "status": "200"}`,
      `a,example)/ 20230101000000 ${URL_} text/html 200 DIGEST 1234`,
    ].join('\n');
    const r = parseCdx(text);
    expect(r.captures.map((c) => c.timestamp)).toEqual(['20200101000000', '20220101000000', '20230101000000']);
    expect(r.readable).toBe(true);
  });

  it('an empty answer has no captures; garbage is unreadable; nothing throws', () => {
    expect(parseCdx('')).toEqual({ captures: [], skipped: 0, readable: true });
    expect(parseCdx('[]')).toEqual({ captures: [], skipped: 0, readable: true });
    for (const bad of ['<html>oops</html>', '[1, 2', '[{"a": 1}]', '{', 'a b', '\u0000\u0001']) {
      expect(() => parseCdx(bad)).not.toThrow();
      expect(parseCdx(bad).captures).toEqual([]);
    }
    expect(parseCdx('<html>oops</html>').readable).toBe(false);
    expect(parseCdx('[1, 2').readable).toBe(false);
  });
});
