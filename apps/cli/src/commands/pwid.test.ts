import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../testing.ts';

async function run(args: string[], stdin = '', cwd = process.cwd()) {
  const { code, stdout, stderr } = await runCli(['pwid', ...args], stdin, { cwd });
  // biome-ignore lint/suspicious/noExplicitAny: JSON lines are checked field by field
  return { code, out: stdout, err: stderr, json: () => jsonLines(stdout) as any[] };
}

describe('pidgate pwid', () => {
  it('from-url: the spec example', async () => {
    const r = await run([
      'from-url',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      '--precision',
      'page',
    ]);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual([
      {
        input: 'https://web.archive.org/web/20160122112029/http://www.dr.dk',
        ok: true,
        pwid: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      },
    ]);
  });

  it('from-url: a raw flag means part', async () => {
    const r = await run(['from-url', 'https://web.archive.org/web/20160122112029id_/http://www.dr.dk/a.png']);
    expect(r.json()[0].pwid).toBe('urn:pwid:archive.org:2016-01-22T11:20:29Z:part:http://www.dr.dk/a.png');
  });

  it('to-url: replay, Memento and the archive', async () => {
    const r = await run(['to-url', 'URN:PWID:archive.org:2016-01-22t112029z:Page:http://www.dr.dk']);
    expect(r.code).toBe(0);
    expect(r.json()[0]).toEqual({
      input: 'URN:PWID:archive.org:2016-01-22t112029z:Page:http://www.dr.dk',
      ok: true,
      pwid: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      kind: 'replay',
      url: 'https://web.archive.org/web/20160122112029/http://www.dr.dk',
      original: 'http://www.dr.dk',
      timegate: 'https://web.archive.org/web/http://www.dr.dk',
      timemap: 'https://web.archive.org/web/timemap/link/http://www.dr.dk',
      acceptDatetime: 'Fri, 22 Jan 2016 11:20:29 GMT',
      archive: { id: 'archive.org', name: 'Internet Archive Wayback Machine', access: 'open' },
    });
  });

  it('to-url: a restricted archive gives where to apply', async () => {
    const r = await run([
      'to-url',
      'urn:pwid:netarkivet.dk:2006-11-20T20:16:03Z:part:http://www.susanlegetoej.dk/images/602551.jpg',
    ]);
    expect(r.code).toBe(0);
    expect(r.json()[0]).toMatchObject({ kind: 'restricted', accessUrl: 'https://netarkivet.dk/' });
  });

  it.each([
    [['to-url', 'urn:pwid:archive.org:2016-02-30Z:page:http://x'], 'utc-day', 'archival-time'],
    [['to-url', 'urn:pwid:example.org:2016-01-22Z:page:http://x'], 'unknown-archive', 'archive-id'],
    [['to-url', 'urn:pwid:archive.org:2016-01-22T11Z:page:http://x'], 'utc-minute', 'archival-time'],
    [['from-url', 'https://example.org/20160122/http://x'], 'replay-url', undefined],
  ])('%j exits 2 with %s', async (args, code, part) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    const [line] = r.json();
    expect(line.ok).toBe(false);
    expect(line.error.code).toBe(code);
    expect(line.error.part).toBe(part);
  });

  it('to-url --profile modern reads an hour-only time', async () => {
    const r = await run(['to-url', 'urn:pwid:archive.org:2016-01-22T11Z:page:http://x', '--profile', 'modern']);
    expect(r.json()[0].url).toBe('https://web.archive.org/web/2016012211/http://x');
  });

  it('collection: entries grouped by archive, invalid lines, summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwid-cli-'));
    writeFileSync(
      join(dir, 'c.txt'),
      [
        '<collection>',
        '<part>urn:pwid:netarkivet.dk:2008-11-29T00:41:42Z:part:http://www.susanlegetoej.dk/shop/css/print.css</part>',
        'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
        'urn:pwid:archive.org:2016-02-30Z:page:http://www.dr.dk',
        'URN:PWID:ARCHIVE.ORG:2016-01-22T11:20:29Z:PAGE:HTTP://WWW.DR.DK',
        '</collection>',
      ].join('\n'),
    );
    const r = await run(['collection', 'c.txt'], '', dir);
    expect(r.code).toBe(0);
    const lines = r.json();
    expect(lines.map((l) => l.type)).toEqual(['pwid', 'pwid', 'invalid', 'summary']);
    expect(lines[0]).toMatchObject({ line: 2, archive: 'netarkivet.dk', resolution: { kind: 'restricted' } });
    expect(lines[1]).toMatchObject({
      line: 3,
      duplicates: [5],
      resolution: { kind: 'replay', url: 'https://web.archive.org/web/20160122112029/http://www.dr.dk' },
    });
    expect(lines[2]).toMatchObject({ line: 4, error: { code: 'utc-day', part: 'archival-time' } });
    expect(lines[3]).toMatchObject({ read: 4, valid: 3, invalid: 1, distinct: 2, duplicates: 1 });
  });

  it('collection: reads standard input and a user registry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwid-cli-'));
    writeFileSync(
      join(dir, 'archives.json'),
      JSON.stringify({ archives: [{ id: '~dkwa', name: 'DKWA', access: 'restricted' }] }),
    );
    const r = await run(
      ['collection', '-', '--archives', 'archives.json'],
      'urn:pwid:~DKWA:2016-01-22Z:page:http://x\n',
      dir,
    );
    expect(r.json()[0]).toMatchObject({ archive: '~dkwa', resolution: { kind: 'restricted', accessUrl: null } });
  });

  it.each([[[]], [['to-url']], [['launch', 'x']], [['to-url', 'a', 'b']], [['from-url', 'x', '--bogus']]])(
    'usage error %j exits 2',
    async (args) => {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.err).toContain('pidgate pwid');
    },
  );

  it('documents the output format in its usage', async () => {
    const { stdout: out } = await runCli(['pwid', '--help']);
    expect(out).toContain('"type":"summary"');
    expect(out).toContain('from-url');
  });
});
