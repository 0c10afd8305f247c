import { describe, expect, it } from 'vitest';
import { ArchiveRegistry, builtinArchives } from './registry.ts';
import { originalFromReplay, pwidFromReplayUrl, replayHosts } from './resolve.ts';
import { pwidScheme } from './scheme.ts';

const registry = ArchiveRegistry.builtin();
const norm = (s: string) => {
  const r = pwidScheme.parse(s);
  return r.ok ? r.value.normalized : r.error.code;
};

describe('replay URLs read the way Wayback replay software reads them', () => {
  it.each([
    // a scheme-relative item is http:
    ['//example.com', 'http://example.com'],
    ['//example.com/a.png', 'http://example.com/a.png'],
    // a percent-encoded scheme delimiter is decoded, once
    ['https%3A//example.com/', 'https://example.com/'],
    ['https%3a%2F%2Fexample.com/a', 'https://example.com/a'],
    ['HTTP%3A//example.com/', 'HTTP://example.com/'],
    ['http%3A//example.com/a%2520b', 'http://example.com/a%2520b'],
    // Wayback's one-slash form and a scheme-less host, as before
    ['http:/www.dr.dk', 'http://www.dr.dk'],
    ['www.dr.dk', 'http://www.dr.dk'],
    ['mailto:a@b.dk', 'mailto:a@b.dk'],
  ])('%s is %s', (rest, uri) => {
    expect(originalFromReplay(rest)).toEqual({ ok: true, value: uri });
  });

  it.each(['https:///example.com', 'http:///x', 'https://', '///example.com', 'https%3A///x', 'https://user@:80/x'])(
    '%s names no host: refused',
    (rest) => {
      const r = originalFromReplay(rest);
      expect(r.ok ? r.value : r.error.code).toBe('replay-host');
    },
  );

  it.each([
    [
      'https://web.archive.org/web/20130102im_///example.com',
      'urn:pwid:archive.org:2013-01-02Z:part:http://example.com',
    ],
    [
      'https://web.archive.org/web/20140101/https%3A//example.com/',
      'urn:pwid:archive.org:2014-01-01Z:page:https://example.com/',
    ],
  ])("the issue's examples: %s is %s", (url, pwid) => {
    expect(pwidFromReplayUrl(url, { registry })).toEqual({ ok: true, value: pwid });
    expect(norm(url)).toBe(pwid);
  });

  it('refuses an https item with an empty host', () => {
    const r = pwidFromReplayUrl('https://web.archive.org/web/20140101/https:///example.com', { registry });
    expect(r.ok ? r.value : r.error.code).toBe('replay-host');
  });
});

describe('the registry reads replay URLs as PWIDs', () => {
  // precision rule: a raw-mode flag (id_, im_, js_, cs_, oe_) serves one resource as archived: `part`;
  // anything else (no flag, or a flag such as if_ that replays the page) is `page`
  it.each([
    [
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'https://web.archive.org/web/20160122112029id_/http://www.dr.dk/',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/',
    ],
    [
      'https://web.archive.org/web/20160122112029im_/http://www.dr.dk/a.png',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png',
    ],
    [
      'https://web.archive.org/web/20160122112029if_/http://www.dr.dk/',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk/',
    ],
    [
      'https://web.archive.org/web/20160122112029/http://n2t.net/ark:/13030/tf5p30086k',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://n2t.net/ark:/13030/tf5p30086k',
    ],
  ])('%s', (url, pwid) => {
    const r = pwidScheme.parse(url);
    expect(r.ok && [r.value.scheme, r.value.normalized]).toEqual(['pwid', pwid]);
  });

  it('every open archive of the registry: its replay URL is read as its PWID', () => {
    for (const archive of builtinArchives) {
      if (archive.replay === null) continue;
      const url = archive.replay
        .replace('{collection}', '1234')
        .replace('{timestamp}', '20160122112029')
        .replace('{flags}', '')
        .replace('{uri}', 'http://www.dr.dk/');
      expect(norm(url), url).toBe(`urn:pwid:${archive.id}:2016-01-22T11:20:29Z:page:http://www.dr.dk/`);
      expect(pwidScheme.recognize(url), url).toBe(true);
    }
  });

  it('knows every replay host of the built-in archives', () => {
    expect([...replayHosts(registry).hosts]).toEqual(
      expect.arrayContaining(['web.archive.org', 'archive.org', 'wayback.archive-it.org', 'arquivo.pt', 'archive.ph']),
    );
  });

  it('keeps the replay URL as the input, the PWID as its components', () => {
    const url = 'https://web.archive.org/web/20160122112029/http://www.dr.dk';
    const r = pwidScheme.parse(url);
    expect(r.ok && [r.value.input, r.value.components.archiveId, r.value.components.uri]).toEqual([
      url,
      'archive.org',
      'http://www.dr.dk',
    ]);
  });
});
