import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectLinear } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archivalTimeArb, pwidKey, uriArb } from './arbitrary.test-helpers.ts';
import { RESOLUTION_ERROR_CODES } from './codes.ts';
import { buildPwid } from './format.ts';
import { HTTP_URL, PATH_SEGMENT, WAYBACK_FLAG } from './grammar.ts';
import { parsePwid } from './parse.ts';
import { ArchiveRegistry, builtinArchives } from './registry.ts';
import { loadArchiveRegistry } from './registry-file.ts';
import { pwidAlternatives, pwidFromReplayUrl, pwidReplayUrl, resolvePwid } from './resolve.ts';

const registry = ArchiveRegistry.builtin();
const parts = (s: string) => {
  const r = parsePwid(s, { profile: 'modern' });
  if (!r.ok) {
    const src = parsePwid(s);
    if (!src.ok) throw new Error(`${s}: ${src.error.code}`);
    return src.value;
  }
  return r.value;
};
const resolve = (s: string) => resolvePwid(parts(s), registry);

describe('PWID -> replay URL', () => {
  // draft-07 / draft-00 "Resolution": the example resolves to https://web.archive.org/web/20160122112029/http://www.dr.dk
  it('resolves the spec example', () => {
    const r = resolve('urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk');
    expect(r.ok && r.value).toMatchObject({
      kind: 'replay',
      url: 'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      original: 'http://www.dr.dk',
      timegate: 'https://web.archive.org/web/http://www.dr.dk',
      timemap: 'https://web.archive.org/web/timemap/link/http://www.dr.dk',
      acceptDatetime: 'Fri, 22 Jan 2016 11:20:29 GMT',
    });
  });

  it.each([
    ['urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk', 'https://web.archive.org/web/20160122/http://www.dr.dk'],
    [
      'urn:pwid:archive.org:2016-01-22T11:20Z:page:http://www.dr.dk',
      'https://web.archive.org/web/201601221120/http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T11Z:page:http://www.dr.dk',
      'https://web.archive.org/web/2016012211/http://www.dr.dk',
    ],
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png',
      'https://web.archive.org/web/20160122112029id_/http://www.dr.dk/a.png',
    ],
    [
      'urn:pwid:web.archive.org:2016-01-22T11:20:29Z:page:HTTP://WWW.DR.DK/a%3Fb=%2520',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk/a?b=%20',
    ],
    [
      'urn:pwid:archive.today:2016-01-22T11:20:29Z:part:http://www.dr.dk',
      'https://archive.is/20160122112029/http://www.dr.dk',
    ],
  ])('%s -> %s (never zero-padded; raw mode for part)', (pwid, url) => {
    const r = resolve(pwid);
    expect(r.ok && r.value.kind === 'replay' && r.value.url).toBe(url);
  });

  it.each(builtinArchives.filter((a) => a.access === 'open').map((a) => a.id))(
    'open archive %s resolves and converts back',
    (id) => {
      const pwid = `urn:pwid:${id}:2016-01-22T11:20:29Z:page:http://www.dr.dk/a:b`;
      const r = resolve(pwid);
      expect(r.ok && r.value.kind).toBe('replay');
      if (!r.ok || r.value.kind !== 'replay') return;
      expect(r.value.url).toContain('/20160122112029');
      expect(pwidFromReplayUrl(r.value.url, { precision: 'page', registry })).toEqual({
        ok: true,
        value: pwid,
      });
    },
  );

  it('gives restricted archives an explanation and where to apply, never a link', () => {
    const r = resolve(
      'urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/images/ddcss/SK113_Master_NF.css',
    );
    expect(r.ok && r.value).toMatchObject({ kind: 'restricted', accessUrl: 'https://netarkivet.dk/' });
    expect(r.ok && r.value.kind === 'restricted' && r.value.explanation).toContain('restricted access');
    expect(JSON.stringify(r)).not.toContain('/20081129');
  });

  it.each([
    ['urn:pwid:example.org:2016-01-22Z:page:http://x', 'unknown-archive', 9],
    ['urn:pwid:~nope:2016-01-22Z:page:http://x', 'unknown-archive', 9],
    ['urn:pwid:archive.org:2016-01-22Z:collection:~coll1', 'registered-item', 44],
  ])('%s -> %s', (pwid, code, offset) => {
    const r = resolve(pwid);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('resolves Archive-It through its `all` collection', () => {
    const r = resolve('urn:pwid:archive-it.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png');
    expect(r.ok && r.value).toMatchObject({
      kind: 'replay',
      url: 'https://wayback.archive-it.org/all/20160122112029id_/http://www.dr.dk/a.png',
      timegate: 'https://wayback.archive-it.org/all/http://www.dr.dk/a.png',
      timemap: 'https://wayback.archive-it.org/all/timemap/link/http://www.dr.dk/a.png',
    });
  });

  it('lists the Memento endpoints of the other open archives', () => {
    const alt = pwidAlternatives(parts('urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk'), registry);
    expect(alt.map((a) => a.archive.id)).not.toContain('archive.org');
    expect(alt.map((a) => a.archive.id)).not.toContain('netarkivet.dk');
    expect(alt.find((a) => a.archive.id === 'arquivo.pt')?.timemap).toBe(
      'https://arquivo.pt/wayback/timemap/link/http://www.dr.dk',
    );
  });
});

describe('replay URL -> PWID', () => {
  it.each([
    // draft-07 "Assignment": 20160122112029 represents the archival time 2016-01-22T11:20:29Z
    [
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      'page',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    // draft-00 references: the Wayback URL and the pwid: written beside it name the same capture
    [
      'https://web.archive.org/web/20161020222635/https:/www.doi.org/',
      'site',
      'urn:pwid:archive.org:2016-10-20T22:26:35Z:site:https://www.doi.org/',
    ],
    [
      'https://web.archive.org/web/20170529113150/http://resaw.eu/',
      'site',
      'urn:pwid:archive.org:2017-05-29T11:31:50Z:site:http://resaw.eu/',
    ],
    [
      'http://WEB.ARCHIVE.ORG/web/20160122112029id_/http://www.dr.dk/a.png',
      undefined,
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png',
    ],
    [
      'https://web.archive.org/web/20160122112029im_/http://www.dr.dk/a.png',
      undefined,
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png',
    ],
    [
      'https://web.archive.org/web/20160122112029if_/http://www.dr.dk/',
      undefined,
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk/',
    ],
    [
      'https://web.archive.org/web/20160122/www.dr.dk',
      'page',
      'urn:pwid:archive.org:2016-01-22Z:page:http://www.dr.dk',
    ],
    [
      'https://web.archive.org/web/201601221120/http://x/a?b=%20c#f',
      'page',
      'urn:pwid:archive.org:2016-01-22T11:20Z:page:http://x/a%3Fb=%2520c%23f',
    ],
    [
      'https://web.archive.org/web/20160122112029/http://x/a b/æ',
      'page',
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://x/a%2520b/%25C3%25A6',
    ],
    [
      'https://wayback.archive-it.org/all/20160122112029/http://www.dr.dk',
      'page',
      'urn:pwid:archive-it.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    // Archive-It: the collection number (or `all`) is dropped; a PWID names the archive, not a collection
    [
      'https://wayback.archive-it.org/1234/20160122112029/http://www.dr.dk',
      'page',
      'urn:pwid:archive-it.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'http://WAYBACK.ARCHIVE-IT.ORG/1234/20160122112029id_/http://www.dr.dk/a.png',
      undefined,
      'urn:pwid:archive-it.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png',
    ],
    [
      'https://wayback.archive-it.org/5/201601221120im_/https:/www.dr.dk/a.png',
      undefined,
      'urn:pwid:archive-it.org:2016-01-22T11:20Z:part:https://www.dr.dk/a.png',
    ],
    [
      'https://wayback.archive-it.org/ALL/20160122/www.dr.dk',
      undefined,
      'urn:pwid:archive-it.org:2016-01-22Z:page:http://www.dr.dk',
    ],
    [
      'https://archive-it.org/1234/20160122112029/http://www.dr.dk',
      'page',
      'urn:pwid:archive-it.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'https://archive.ph/20160122112029/http://www.dr.dk',
      'page',
      'urn:pwid:archive.today:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    ],
    [
      'https://arquivo.pt/wayback/20160122112029/http://www.dr.dk',
      'snapshot',
      'urn:pwid:arquivo.pt:2016-01-22T11:20:29Z:snapshot:http://www.dr.dk',
    ],
  ])('%s (%s) -> %s', (url, precision, pwid) => {
    expect(pwidFromReplayUrl(url, { precision, registry })).toEqual({ ok: true, value: pwid });
  });

  it.each([
    ['https://example.org/web/20160122112029/http://www.dr.dk', 'page', 'replay-url'],
    ['https://web.archive.org/web/2016/http://www.dr.dk', 'page', 'replay-timestamp'],
    ['https://web.archive.org/web/20160122112029/', 'page', 'replay-url'],
    ['https://web.archive.org/web/20160122112029/http://x', 'pa-ge', 'precision-spec'],
    ['https://web.archive.org/web/20161332/http://x', 'page', 'utc-month'],
    ['https://web.archive.org/web/2016012211/http://x', 'page', 'utc-minute'],
    // Archive-It without a collection, with an empty one, or with more than one path segment
    ['https://wayback.archive-it.org/20160122112029/http://www.dr.dk', 'page', 'replay-url'],
    ['https://wayback.archive-it.org//20160122112029/http://www.dr.dk', 'page', 'replay-url'],
    ['https://wayback.archive-it.org/1234/all/20160122112029/http://www.dr.dk', 'page', 'replay-url'],
    ['https://wayback.archive-it.org/1234/http://www.dr.dk', 'page', 'replay-url'],
    [`https://wayback.archive-it.org/${'1'.repeat(65)}/20160122112029/http://www.dr.dk`, 'page', 'replay-url'],
    // the collection segment does not reach other archives
    ['https://web.archive.org/1234/20160122112029/http://www.dr.dk', 'page', 'replay-url'],
    ['https://arquivo.pt/1234/20160122112029/http://www.dr.dk', 'page', 'replay-url'],
  ])('%s -> %s', (url, precision, code) => {
    const r = pwidFromReplayUrl(url, { precision, registry });
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('reads an hour-only timestamp in the modern profile', () => {
    expect(
      pwidFromReplayUrl('https://web.archive.org/web/2016012211/http://x', {
        precision: 'page',
        registry,
        profile: 'modern',
      }),
    ).toEqual({
      ok: true,
      value: 'urn:pwid:archive.org:2016-01-22T11Z:page:http://x',
    });
  });

  it('from-url after to-url is the identity for open archives (no fraction of a second: Wayback has none)', () => {
    const open = builtinArchives.filter((a) => a.access === 'open').map((a) => a.id);
    fc.assert(
      fc.property(
        fc.constantFrom(...open),
        archivalTimeArb.map((t) => ({ ...t, fraction: null })),
        fc.constantFrom('part', 'page', 'site', 'snapshot'),
        uriArb,
        (archiveId, time, precision, uri) => {
          const made = pwidKey(buildPwid({ archiveId, time, precision, uri }));
          expect(made.ok).toBe(true);
          if (!made.ok) return;
          const r = resolvePwid(parts(made.value), registry);
          if (!r.ok || r.value.kind !== 'replay') throw new Error(`${made.value} did not resolve`);
          expect(pwidFromReplayUrl(r.value.url, { precision, registry })).toEqual({
            ok: true,
            value: made.value,
          });
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('registry', () => {
  it('finds archives by id and alias, in any case', () => {
    expect(registry.get('ARCHIVE.ORG')?.id).toBe('archive.org');
    expect(registry.get('web.archive.org')?.id).toBe('archive.org');
    expect(registry.get('archive.ph')?.id).toBe('archive.today');
    expect(registry.get('example.org')).toBeUndefined();
    expect(builtinArchives.map((a) => a.id)).toEqual([
      'archive.org',
      'archive-it.org',
      'arquivo.pt',
      'webarchive.org.uk',
      'nationalarchives.gov.uk',
      'swap.stanford.edu',
      'archive.today',
      'vefsafn.is',
      'webarchive.loc.gov',
      'bibalex.org',
      'netarkivet.dk',
      'webarchiv.onb.ac.at',
    ]);
  });

  it('loads a registry file that adds and overrides archives', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwid-registry-'));
    const path = join(dir, 'archives.json');
    writeFileSync(
      path,
      JSON.stringify({
        archives: [
          {
            id: '~DKWA',
            name: 'Danish web archive (registered id)',
            access: 'restricted',
            accessUrl: 'https://www.kb.dk/',
          },
          {
            id: 'archive.org',
            name: 'IA via a mirror',
            replay: 'https://mirror.example/{timestamp}{flags}/{uri}',
            rawMode: 'id_',
          },
        ],
      }),
    );
    const r = loadArchiveRegistry(path);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.get('~dkwa')?.access).toBe('restricted');
    expect(r.value.get('archive.org')?.name).toBe('IA via a mirror');
    expect(r.value.get('web.archive.org')).toBeUndefined(); // the override's aliases replace the old ones
    expect(r.value.get('arquivo.pt')?.id).toBe('arquivo.pt');
    const res = resolvePwid(parts('urn:pwid:archive.org:2016-01-22Z:part:http://x'), r.value);
    expect(res.ok && res.value.kind === 'replay' && res.value.url).toBe('https://mirror.example/20160122id_/http://x');
  });

  it('reads replay URLs with a collection segment for an archive of a registry file', () => {
    const r = loadArchiveRegistry({
      archives: [
        {
          id: 'example.org',
          name: 'Example, by collection',
          replay: 'https://wb.example.org/c/{collection}/{timestamp}{flags}/{uri}',
          timegate: 'https://wb.example.org/c/{collection}/{uri}',
          rawMode: 'id_',
          collection: 'everything',
        },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pwid = 'urn:pwid:example.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/';
    expect(
      pwidFromReplayUrl('https://wb.example.org/c/web-2016/20160122112029id_/http://www.dr.dk/', { registry: r.value }),
    ).toEqual({
      ok: true,
      value: pwid,
    });
    const res = resolvePwid(parts(pwid), r.value);
    expect(res.ok && res.value.kind === 'replay' && [res.value.url, res.value.timegate]).toEqual([
      'https://wb.example.org/c/everything/20160122112029id_/http://www.dr.dk/',
      'https://wb.example.org/c/everything/http://www.dr.dk/',
    ]);
    // the other archives still match as before
    expect(
      pwidFromReplayUrl('https://web.archive.org/web/20160122112029/http://www.dr.dk', {
        precision: 'page',
        registry: r.value,
      }),
    ).toEqual({
      ok: true,
      value: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    });
  });

  const withCollection = (fields: Record<string, unknown>) => ({
    archives: [
      { id: 'a.org', name: 'x', replay: 'https://a.org/{collection}/{timestamp}/{uri}', collection: 'all', ...fields },
    ],
  });
  it.each([
    [withCollection({}), null],
    [withCollection({ timemap: 'https://a.org/{collection}/timemap/{uri}' }), null],
    [withCollection({ collection: null }), 'collection'],
    [withCollection({ collection: 'a/b' }), 'collection'],
    [withCollection({ collection: '' }), 'collection'],
    [withCollection({ replay: 'https://a.org/x{collection}/{timestamp}/{uri}' }), 'replay'],
    [withCollection({ replay: 'https://a.org/{collection}{timestamp}/{uri}' }), 'replay'],
    [withCollection({ replay: 'https://{collection}/{timestamp}/{uri}' }), 'replay'],
    [withCollection({ replay: 'https://a.org/{timestamp}/{collection}/{uri}' }), 'replay'],
    [withCollection({ replay: 'https://a.org/{collection}/{collection}/{timestamp}/{uri}' }), 'replay'],
    [withCollection({ timegate: 'https://a.org/{collection}x/{uri}' }), 'timegate'],
    [{ archives: [{ id: 'a.org', name: 'x', timegate: 'https://a.org/{collection}/{uri}' }] }, 'collection'],
  ])('validates {collection} in %j', (data, field) => {
    const r = loadArchiveRegistry(data);
    expect(r.ok ? null : r.error.message.split(':')[0]).toBe(field === null ? null : `archives.0.${field}`);
  });

  it.each([
    [{ archives: [{ id: 'a_b', name: 'x' }] }, 'registry-schema'],
    [{ archives: [{ id: 'a.org', name: 'x', replay: 'https://a.org/{uri}' }] }, 'registry-schema'],
    [{ archives: [{ id: 'a.org', name: 'x', replay: 'https://a.org/{uri}/{timestamp}' }] }, 'registry-schema'],
    [{ archives: [{ id: 'a.org', name: 'x', access: 'closed' }] }, 'registry-schema'],
    [{ archives: [{ id: 'a.org', name: 'x', colour: 'red' }] }, 'registry-schema'],
    [{ archives: [], builtin: false }, null],
  ])('validates %j', (data, code) => {
    const r = loadArchiveRegistry(data);
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('reports unreadable and non-JSON files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwid-registry-'));
    writeFileSync(join(dir, 'bad.json'), '{ archives: ');
    const bad = loadArchiveRegistry(join(dir, 'bad.json'));
    expect(bad.ok ? null : bad.error.code).toBe('registry-json');
    const missing = loadArchiveRegistry(join(dir, 'missing.json'));
    expect(missing.ok ? null : missing.error.code).toBe('registry-file');
  });

  it.each([
    ['a', true],
    ['1234', true],
    ['all-2016_x.~', true],
    ['', false],
    ['a/b', false],
    ['a b', false],
    ['%41', false],
  ])('PATH_SEGMENT %j -> %s', (s, ok) => {
    expect(PATH_SEGMENT.test(s)).toBe(ok);
  });

  it('runs its registry regular expressions in linear time (long runs of one character)', () => {
    for (const re of [PATH_SEGMENT, HTTP_URL, WAYBACK_FLAG]) {
      for (const c of ['a', '/', ' ', '_', 'h']) {
        // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
        expectLinear(
          (n) => `${c.repeat(n)}/`,
          (s) => re.test(s),
          { size: 1024, what: `${re} ${c}` },
        );
      }
    }
  });

  it('lists its error codes once', () => {
    expect(new Set(RESOLUTION_ERROR_CODES).size).toBe(RESOLUTION_ERROR_CODES.length);
  });

  describe("pwidReplayUrl (what urlOf writes for a list) is resolvePwid's url, byte for byte", () => {
    /** resolvePwid's replay URL, or undefined where it gives none. */
    const reference = (c: ReturnType<typeof parts>, r: ArchiveRegistry) => {
      const resolved = resolvePwid(c, r);
      return resolved.ok && resolved.value.kind === 'replay' ? resolved.value.url : undefined;
    };
    const odd = new ArchiveRegistry([
      ...builtinArchives,
      // placeholders in another order, twice, and a collection holding a brace: fillPattern's order decides
      {
        id: 'odd.example',
        aliases: [],
        name: 'Odd',
        access: 'open',
        replay: 'https://odd.example/{uri}/{flags}{timestamp}/{collection}/{timestamp}?{uri}',
        timegate: null,
        timemap: null,
        rawMode: 'x{timestamp}_',
        collection: 'c{flags}',
        accessUrl: null,
      },
    ]);
    const ids = [...builtinArchives.map((a) => a.id), 'odd.example', 'unknown.example'];

    it('for every archive, precision, time and URI (and registered items)', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...ids),
          archivalTimeArb,
          fc.constantFrom('part', 'PART', 'Part', 'page', 'site', 'snapshot'),
          fc.option(uriArb, { nil: undefined }),
          (archiveId, time, precision, uri) => {
            const pwid =
              uri === undefined
                ? buildPwid({ archiveId, time, precision, registeredItemId: 'item-1' })
                : buildPwid({ archiveId, time, precision, uri });
            const c = parsePwid(pwid);
            if (!c.ok) return;
            for (const r of [registry, odd]) expect(pwidReplayUrl(c.value, r)).toBe(reference(c.value, r));
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('the spec example, a restricted archive and an unknown one', () => {
      expect(pwidReplayUrl(parts('urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk'))).toBe(
        'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      );
      expect(pwidReplayUrl(parts('urn:pwid:netarkivet.dk:2016-01-22T11:20:29Z:page:http://www.dr.dk'))).toBe(undefined);
      expect(pwidReplayUrl(parts('urn:pwid:nowhere.example:2016-01-22T11:20:29Z:page:http://www.dr.dk'))).toBe(
        undefined,
      );
    });
  });
});
