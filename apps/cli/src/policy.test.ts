import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonLines, runCli } from './testing.ts';

// The spreadsheet policy of docs/cli.md ("Spreadsheets"), through the command on real files.
const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));

function dirWith(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-policy-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** The rows of CSV output without quoted line breaks (these tests write none), the BOM dropped. */
function rows(stdout: string, delimiter = ','): string[][] {
  return stdout
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\n')
    .map((r) => r.split(delimiter));
}

describe('the identifier column, found by content', () => {
  // The issue's list: German headers, the identifiers in the middle column (the page gave 0 of 32).
  const lines = ['Titel;Identifikator;Bemerkung'];
  for (let i = 1; i <= 32; i++) lines.push(`Buch ${i};10.1000/${i};Band ${i}`);
  const german = `${lines.join('\r\n')}\r\n`;

  it('Titel;Identifikator;Bemerkung: the middle column, the first row a header, 32 normalized of 32', async () => {
    const dir = dirWith({ 'liste.csv': german });
    const { code, stdout, stderr } = await runCli(['normalize', '-f', 'csv', 'liste.csv'], '', { cwd: dir });
    expect([code, stderr]).toEqual([0, '']);
    const out = rows(stdout, ';');
    expect(out[0]).toEqual([
      'Titel',
      'Identifikator',
      'Bemerkung',
      'scheme',
      'normalized',
      'url',
      'error_code',
      'error_message',
      'warnings',
    ]);
    expect(out).toHaveLength(33);
    expect(out.slice(1).filter((r) => r[3] === 'doi')).toHaveLength(32);
    expect(out[1]).toEqual([
      'Buch 1',
      '10.1000/1',
      'Band 1',
      'doi',
      'doi:10.1000/1',
      'https://doi.org/10.1000/1',
      '',
      '',
      '',
    ]);
  });

  it('--column still decides', async () => {
    const dir = dirWith({ 'liste.csv': german });
    const { stdout } = await runCli(['normalize', '-f', 'csv', '-c', 'Titel', 'liste.csv'], '', { cwd: dir });
    expect(rows(stdout, ';')[1]?.slice(3, 7)).toEqual(['', '', '', 'unknown-scheme']);
  });

  it('a tie goes to the column named like an identifier, then to the leftmost', async () => {
    const named = dirWith({ 'a.csv': 'other,DOI\n10.1000/1,10.1000/2\n' });
    const byName = await runCli(['normalize', '-f', 'csv', 'a.csv'], '', { cwd: named });
    expect(rows(byName.stdout)[1]?.[3]).toBe('doi:10.1000/2');
    const plain = dirWith({ 'b.csv': 'first,second\n10.1000/1,10.1000/2\n' });
    const leftmost = await runCli(['normalize', '-f', 'csv', 'b.csv'], '', { cwd: plain });
    expect(rows(leftmost.stdout)[1]?.[3]).toBe('doi:10.1000/1');
  });

  it('a first row that is an identifier is data; --no-header says so too', async () => {
    const dir = dirWith({ 'c.csv': 'x,10.1000/1\ny,10.1000/2\n' });
    const { stdout } = await runCli(['normalize', '-f', 'csv', 'c.csv'], '', { cwd: dir });
    expect(rows(stdout).map((r) => r[3])).toEqual(['doi:10.1000/1', 'doi:10.1000/2']);
  });
});

describe('the separator', () => {
  it('reads a three-row ";" file as ";" (a comma inside a quoted cell, an empty last cell)', async () => {
    const dir = dirWith({ 'drei.csv': 'Titel;DOI;Notiz\r\n"Müller, A.";10.1000/1;x\r\n"Weber, B.";10.1000/2;\r\n' });
    const { stdout } = await runCli(['normalize', '-f', 'csv', 'drei.csv'], '', { cwd: dir });
    const out = rows(stdout, ';');
    expect(out[0]?.slice(0, 4)).toEqual(['Titel', 'DOI', 'Notiz', 'scheme']);
    expect(out.slice(1).map((r) => r[4])).toEqual(['doi:10.1000/1', 'doi:10.1000/2']);
  });
});

describe('formula-looking cells', () => {
  const sheet =
    'id,note\n10.1000/1,"=HYPERLINK(""http://x"")"\n10.1000/2,+49 30\n10.1000/3,-1\n10.1000/4,@SUM(A1)\n10.1000/5,"\tx"\n';

  it("are written with a ' before them by default, in CSV and TSV", async () => {
    const dir = dirWith({ 'f.csv': sheet, 'f.tsv': sheet.replaceAll(',', '\t') });
    const csv = await runCli(['normalize', '-f', 'csv', 'f.csv'], '', { cwd: dir });
    expect(csv.stdout).toContain(`10.1000/1,"'=HYPERLINK(""http://x"")",doi`);
    expect(csv.stdout).toContain("10.1000/2,'+49 30,doi");
    expect(csv.stdout).toContain("10.1000/3,'-1,doi");
    expect(csv.stdout).toContain("10.1000/4,'@SUM(A1),doi");
    expect(csv.stdout).toContain("10.1000/5,'\tx,doi");
    const tsv = await runCli(['normalize', '-f', 'tsv', 'f.tsv'], '', { cwd: dir });
    expect(tsv.stdout).toContain("10.1000/3\t'-1\tdoi");
    expect(tsv.stdout).toContain(`10.1000/5\t"'\tx"\tdoi`);
  });

  it('--raw-formulas writes them as they are', async () => {
    const dir = dirWith({ 'f.csv': sheet });
    const { stdout } = await runCli(['normalize', '-f', 'csv', '--raw-formulas', 'f.csv'], '', { cwd: dir });
    expect(stdout).toContain('10.1000/1,"=HYPERLINK(""http://x"")",doi');
    expect(stdout).toContain('10.1000/3,-1,doi');
    const group = await runCli(['group', '-f', 'csv', 'f.csv'], '', { cwd: dir });
    expect(group.stdout).toContain("10.1000/3,'-1,doi");
  });
});

describe('the url column and field', () => {
  it.each([
    ['10.1000/182', 'https://doi.org/10.1000/182'],
    ['hdl:20.500.12345/1', 'https://hdl.handle.net/20.500.12345/1'],
    ['ark:/12025/654xz321', 'https://n2t.net/ark:12025/654xz321'],
    ['https://orcid.org/0000-0002-1825-0097', 'https://orcid.org/0000-0002-1825-0097'],
    ['arXiv:2101.00001', 'https://arxiv.org/abs/2101.00001'],
    ['PMID: 12082125', 'https://pubmed.ncbi.nlm.nih.gov/12082125/'],
    ['PMC2631623', 'https://pmc.ncbi.nlm.nih.gov/articles/PMC2631623/'],
    ['urn:nbn:de:bvb:19-146642', 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642'],
    ['URN:NBN:fi-fe19981001', 'https://urn.fi/urn:nbn:fi-fe19981001'],
    ['urn:ietf:rfc:2648', 'https://www.rfc-editor.org/rfc/rfc2648'],
    ['ISBN 978-0-395-36341-6', 'https://openlibrary.org/isbn/9780395363416'],
    ['ISSN 0259-000X', 'https://portal.issn.org/resource/ISSN/0259-000X'],
    ['https://ror.org/05dxps055', 'https://ror.org/05dxps055'],
    ['http://purl.org/dc/terms/', 'https://purl.org/dc/terms/'],
    [
      'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
    ],
    ['10.1000/a#b c', 'https://doi.org/10.1000/a%23b%20c'],
    ['urn:pdi://oma.eop.gov.us/1999/01/05/9.text.1', null],
    ['urn:example:a', null],
  ])('%s → %s', async (input, url) => {
    const text = jsonLines((await runCli(['normalize'], `${input}\n`)).stdout)[0] as Record<string, unknown>;
    if (input !== '10.1000/a#b c') expect(text.ok).toBe(true);
    if (text.ok) expect(text.url).toBe(url);
  });
});

describe('--unique', () => {
  const list = '10.1000/1\nDOI:10.1000/1\nISBN 0-395-36341-1\n978-0-395-36341-6\nbad\nbad\n';

  it('text: one line per class, the first, with its count', async () => {
    const out = jsonLines((await runCli(['normalize', '--unique'], list)).stdout) as Record<string, unknown>[];
    expect(out.map((r) => [r.input, r.count])).toEqual([
      ['10.1000/1', 2],
      ['ISBN 0-395-36341-1', 1],
      ['978-0-395-36341-6', 1],
      ['bad', 2],
    ]);
  });

  it('--level standard: an ISBN-10 and its ISBN-13 are one class', async () => {
    const out = jsonLines((await runCli(['normalize', '--unique', '--level', 'standard'], list)).stdout) as Record<
      string,
      unknown
    >[];
    expect(out.map((r) => [r.input, r.count])).toEqual([
      ['10.1000/1', 2],
      ['ISBN 0-395-36341-1', 2],
      ['bad', 2],
    ]);
    expect((await runCli(['normalize', '--level', 'standard'], list)).code).toBe(2);
  });

  it('csv: one row per class with a count column', async () => {
    const dir = dirWith({
      'u.csv': `n,id\n${list
        .trimEnd()
        .split('\n')
        .map((id, i) => `${i + 1},${id}`)
        .join('\n')}\n`,
    });
    const { stdout } = await runCli(['normalize', '-f', 'csv', '--unique', '--level', 'standard', 'u.csv'], '', {
      cwd: dir,
    });
    const out = rows(stdout);
    expect(out[0]?.at(-1)).toBe('count');
    expect(out.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['1', '2'],
      ['3', '2'],
      ['5', '2'],
    ]);
  });
});

describe('the help text', () => {
  it('names every scheme read, from the list of schemes', () => {
    const help = execFileSync(process.execPath, [bin, 'normalize', '--help'], {
      env: { ...process.env, PIDGATE_SOURCE: '1' },
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    for (const name of ['ARK', 'arXiv identifier', 'DOI', 'Handle', 'ISBN', 'ISNI', 'ISSN', 'ORCID iD', 'PDI'])
      expect(help).toContain(name);
    for (const name of ['PMCID', 'PMID', 'PURL', 'PWID', 'ROR ID', 'URN']) expect(help).toContain(name);
  });
});
