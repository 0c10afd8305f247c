/**
 * The PWIDs of other PWID implementations' tests and documented examples, run through this package.
 * Each case names its source; expected values come from those sources.
 */
import { describe, expect, it } from 'vitest';
import { parsePwid } from './parse.ts';
import { ArchiveRegistry } from './registry.ts';
import { pwidFromReplayUrl, resolvePwid } from './resolve.ts';
import { pwidScheme } from './scheme.ts';

const norm = (s: string) => {
  const r = pwidScheme.parse(s);
  return r.ok ? r.value.normalized : r.error.code;
};

describe('PWIDs written by other tools are already in draft-07 form', () => {
  it.each([
    // netarchivesuite/NAS-research src/test/.../pwid/PWIDTest.java: parsePWID(s).toString() is s
    'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
    'urn:pwid:dab.dk:2015-09-17T09:02:37Z:page:http://www.statensnet.dk/betaenkninger/1001-1200/1179-1989/1179-1989_pdf/searchable_1179-1989.pdf',
    // NAS-research README, "PWID examples" (the first one's line break inside the UUID removed)
    'urn:pwid:archive.org:2018-04-10T14:04:11Z:part:https://img1.wsimg.com/isteam/ip/263b8134-2928-4547-b94d-de51b81134fc/311d8d80-cd79-47ee-92bf-99d2cb991f2c.jpg',
    'urn:pwid:archive.org:2018-02-22T11:54:11Z:page:https://ipres2018.org/',
    // netarchivesuite/solrwayback: its pwid/web/ resolver's example
    'urn:pwid:netarkivet.dk:2018-12-10T06:27:01Z:part:https://www.petdreams.dk/katteracer-siameser',
    // ukwa: the IIIF rendering example
    'urn:pwid:webarchive.org.uk:1995-04-18T15:56:00Z:page:http://acid.matkelly.com',
    // the Austrian National Library's PWID resolver README
    'urn:pwid:webarchiv.onb.ac.at:2013-12-03T17:03:03Z:page:http://m.onb.ac.at/prunksaal.htm',
    'urn:pwid:archive.org:2022-11-27T18:33:21Z:page:https://www.iana.org/assignments/urn-formal/pwid',
  ])('%s', (pwid) => {
    expect(norm(pwid)).toBe(pwid);
  });
});

describe('the Austrian National Library PWID resolver: a replay URL and its PWID are one', () => {
  it.each([
    [
      'https://webarchiv.onb.ac.at/web/20131203170303/http://m.onb.ac.at/prunksaal.htm',
      'urn:pwid:webarchiv.onb.ac.at:2013-12-03T17:03:03Z:page:http://m.onb.ac.at/prunksaal.htm',
    ],
    [
      'https://web.archive.org/web/20221127183321/https://www.iana.org/assignments/urn-formal/pwid',
      'urn:pwid:archive.org:2022-11-27T18:33:21Z:page:https://www.iana.org/assignments/urn-formal/pwid',
    ],
  ])('%s is %s', (url, pwid) => {
    expect(norm(url)).toBe(pwid);
    expect(pwidFromReplayUrl(url)).toEqual({ ok: true, value: pwid });
  });

  it('gives no link into the Austrian archive, whose captures are seen on site only', () => {
    const parsed = parsePwid('urn:pwid:webarchiv.onb.ac.at:2013-12-03T17:03:03Z:page:http://m.onb.ac.at/prunksaal.htm');
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = resolvePwid(parsed.value, ArchiveRegistry.builtin());
    expect(r.ok && r.value).toMatchObject({ kind: 'restricted', accessUrl: 'https://webarchiv.onb.ac.at/' });
  });
});

describe('NAS-research PWIDTest.testArchive: a Wayback prefix, the 14-digit timestamp, "/", the URI', () => {
  it('resolves a dab.dk PWID through a registry that adds the archive', () => {
    const registry = ArchiveRegistry.builtin().extend([
      {
        id: 'dab.dk',
        aliases: [],
        name: 'dab.dk',
        access: 'open',
        replay: 'http://kb-prod-dab-01.kb.dk:8080/wayback/{timestamp}/{uri}',
        timegate: null,
        timemap: null,
        rawMode: null,
        collection: null,
        accessUrl: null,
      },
    ]);
    const uri = 'http://www.statensnet.dk/betaenkninger/1001-1200/1179-1989/1179-1989_pdf/searchable_1179-1989.pdf';
    const parsed = parsePwid(`urn:pwid:dab.dk:2015-09-17T09:02:37Z:page:${uri}`);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const r = resolvePwid(parsed.value, registry);
    expect(r.ok && r.value).toMatchObject({
      kind: 'replay',
      url: `http://kb-prod-dab-01.kb.dk:8080/wayback/20150917090237/${uri}`,
    });
  });
});
