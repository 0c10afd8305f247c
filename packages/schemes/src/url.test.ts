import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';
import { urlOf } from './url.ts';

/** The url of `input` as the registry reads it. */
function url(input: string): string | undefined {
  const r = registry.parse(input);
  if (!r.ok) throw new Error(`${input}: ${r.error.code}`);
  return urlOf(r.value);
}

describe('urlOf: the resolvable URL of an identifier', () => {
  it.each([
    ['doi:10.1000/182', 'https://doi.org/10.1000/182'],
    // "$&" and "$'" are characters of the identifier, not String.replace's replacement patterns
    ['doi:10.1000/a$&b', 'https://doi.org/10.1000/a$&b'],
    ["doi:10.1000/a$'b", "https://doi.org/10.1000/a$'b"],
    // what a URL path cannot hold is percent-encoded (UTF-8); "%" is text in a DOI or handle
    ['doi:10.1000/\u00fc<x>', 'https://doi.org/10.1000/%C3%BC%3Cx%3E'],
    ['doi:10.1000/50%', 'https://doi.org/10.1000/50%25'],
    ['hdl:1234/a^b', 'https://hdl.handle.net/1234/a%5Eb'],
    // draft-42's form: n2t.net resolves ark:NAAN/… as ark:/NAAN/…
    ['ark:/12025/654xz321', 'https://n2t.net/ark:12025/654xz321'],
    ['urn:nbn:de:bvb:19-146642', 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642'],
    // a PWID: its archive's replay URL, the raw mode for part precision
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:PART:http://www.dr.dk/a.png',
      'https://web.archive.org/web/20160122112029id_/http://www.dr.dk/a.png',
    ],
  ])('%s → %s', (input, expected) => {
    expect(url(input)).toBe(expected);
  });

  it.each([
    // a restricted archive, a URN namespace without a known resolver
    'urn:pwid:netarkivet.dk:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    'urn:example:a',
  ])('%s has none', (input) => {
    expect(url(input)).toBeUndefined();
  });
});
