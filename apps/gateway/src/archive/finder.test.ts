import { type Archive, ArchiveRegistry, parsePwid } from '@pidgate/pwid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/index.ts';
import { type ArchiveServers, archiveServers, CAPTURE_TIMES } from '../testing/archive-servers.ts';
import { testConfig } from '../testing/helpers.ts';
import { ArchiveLookup, type ArchiveSettings, archiveSources } from './finder.ts';

// ArchiveLookup against local archives on 127.0.0.1: a Memento TimeMap server, a CDX server, and paths that
// answer garbage, slowly, endlessly, 404 or 500.
let srv: ArchiveServers;
let registry: ArchiveRegistry;
const TARGET = 'https://gone.example/report.pdf';

const local = (id: string, base: string, timemap: string | null): Archive => ({
  id,
  aliases: [],
  name: `Local archive ${id}`,
  access: 'open',
  replay: `${base}/web/{timestamp}{flags}/{uri}`,
  timegate: null,
  timemap,
  rawMode: 'id_',
  collection: null,
  accessUrl: null,
});

beforeAll(async () => {
  srv = await archiveServers();
  registry = ArchiveRegistry.builtin().extend([
    local('tm.local.test', srv.base, `${srv.base}/timemap/{uri}`),
    local('cdx.local.test', srv.base, null),
  ]);
});
afterAll(() => srv.close());

const settings = (fallback: ArchiveSettings['fallback'], more: Partial<ArchiveSettings> = {}): ArchiveSettings => ({
  ...testConfig({}).archives,
  fallback,
  ...more,
});
const entry = (archive: string, timemap: string | null = null, cdx: string | null = null) => ({
  archive,
  timemap,
  cdx,
});
const lookup = (s: ArchiveSettings) => new ArchiveLookup(archiveSources(s, registry), s, registry, 'pidgate-test');

describe('ArchiveLookup', () => {
  it('asks nothing in the default configuration', async () => {
    const s = testConfig({}).archives;
    expect(s.fallback).toEqual([]);
    const l = new ArchiveLookup(archiveSources(s, registry), s, registry, 'pidgate-test');
    expect(l.enabled).toBe(false);
    expect(await l.captures(TARGET)).toEqual({ captures: [], archives: [] });
    expect(l.sent).toBe(0);
  });

  it("reads the registry's TimeMap: the latest captures first, with replay URLs and PWIDs", async () => {
    const l = lookup(settings([entry('tm.local.test')], { maxCaptures: 2 }));
    const report = await l.captures(TARGET);
    expect(report.archives).toEqual([{ archive: 'tm.local.test', result: 'found', captures: 2 }]);
    expect(report.captures.map((c) => c.datetime)).toEqual(['2024-05-01T10:04:05.000Z', '2023-01-15T08:00:00.000Z']);
    const [latest] = report.captures;
    expect(latest?.url).toBe(`${srv.base}/web/20240501100405/${TARGET}`);
    expect(latest?.pwid).toBe(`urn:pwid:tm.local.test:2024-05-01T10:04:05Z:page:${TARGET}`);
    const parsed = parsePwid(latest?.pwid ?? '');
    expect(parsed.ok && [parsed.value.archiveId, parsed.value.precision, parsed.value.uri]).toEqual([
      'tm.local.test',
      'page',
      TARGET,
    ]);
  });

  it('reads a CDX API (JSON with a header row): 2xx captures only, replay URLs from the registry', async () => {
    const l = lookup(settings([entry('cdx.local.test', null, `${srv.base}/cdx?url={uri}&output=json`)]));
    const report = await l.captures(TARGET);
    expect(report.captures.map((c) => c.datetime)).toEqual([
      '2024-05-01T10:04:05.000Z',
      '2023-01-15T08:00:00.000Z',
      '2019-03-01T10:15:00.000Z',
    ]);
    expect(report.captures[0]?.url).toBe(`${srv.base}/web/${CAPTURE_TIMES[2]}/${TARGET}`);
    expect(report.captures[0]?.pwid).toBe(`urn:pwid:cdx.local.test:2024-05-01T10:04:05Z:page:${TARGET}`);
  });

  it('merges archives newest first, and reports each: none (404), garbage, 500, timeout', async () => {
    const s = settings(
      [
        entry('tm.local.test'),
        entry('cdx.local.test', `${srv.base}/timemap/none/{uri}`),
        entry('archive.org', `${srv.base}/garbage/{uri}`),
        entry('arquivo.pt', `${srv.base}/error/{uri}`),
        entry('vefsafn.is', `${srv.base}/slow/{uri}`),
      ],
      { timeoutMs: 3000, maxCaptures: 1 },
    );
    const report = await lookup(s).captures(TARGET);
    expect(report.captures.map((c) => c.archive)).toEqual(['tm.local.test']);
    expect(report.archives.map((a) => [a.archive, a.result])).toEqual([
      ['tm.local.test', 'found'],
      ['cdx.local.test', 'none'],
      ['archive.org', 'unreadable'],
      ['arquivo.pt', 'http-error'],
      ['vefsafn.is', 'timeout'],
    ]);
  });

  it('reads at most maxBytes of an endless TimeMap, and keeps the complete entries', async () => {
    const before = srv.hits.get('/endless/') ?? 0;
    const s = settings([entry('tm.local.test', `${srv.base}/endless/{uri}`)], {
      maxBytes: 64 * 1024,
      timeoutMs: 20_000,
    });
    const report = await lookup(s).captures(TARGET);
    expect(srv.hits.get('/endless/')).toBe(before + 1);
    expect(report.archives[0]?.result).toBe('found');
    expect(report.archives[0]?.detail).toBe('read the first 65536 bytes');
    expect(report.captures[0]?.datetime).toBe('2020-01-01T00:00:00.000Z');
  });

  it('an unreachable archive (a closed port) is reported, never thrown', async () => {
    const s = settings([entry('tm.local.test', 'http://127.0.0.1:1/{uri}')]);
    const report = await lookup(s).captures(TARGET);
    expect(report.archives[0]?.result).toBe('unreachable');
  });

  it('keeps a lookup in the cache for its ttl, and shares one in flight', async () => {
    const l = lookup(settings([entry('tm.local.test')]));
    const [a, b] = await Promise.all([l.captures(TARGET), l.captures(TARGET)]);
    expect(a).toBe(b);
    await l.captures(TARGET);
    expect(l.sent).toBe(1);
    await l.captures(`${TARGET}?other`);
    expect(l.sent).toBe(2);
    const uncached = lookup(settings([entry('tm.local.test')], { cacheTtlSeconds: 0 }));
    await uncached.captures(TARGET);
    await uncached.captures(TARGET);
    expect(uncached.sent).toBe(2);
  });

  it('refuses a configuration naming an unknown or restricted archive, or a template without {uri}', () => {
    const bad = (fallback: ArchiveSettings['fallback']) => () => archiveSources(settings(fallback), registry);
    expect(bad([entry('nowhere.example')])).toThrow(ConfigError);
    expect(bad([entry('nowhere.example')])).toThrow(/not in the PWID archive registry/);
    expect(bad([entry('netarkivet.dk')])).toThrow(/no public replay/);
    expect(bad([entry('cdx.local.test')])).toThrow(/names no TimeMap/);
    expect(bad([entry('tm.local.test', 'https://x.example/timemap')])).toThrow(/holding \{uri\}/);
  });
});
