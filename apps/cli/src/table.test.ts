import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@pidgate/schemes';
import { describe, expect, it } from 'vitest';
import { readColumn, sniffDelimiter } from './table.ts';
import { jsonLines, runCli } from './testing.ts';

const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));
const BOM = '\ufeff';
/** The registry's message for an input of no known scheme: it lists the schemes, so it grows with them. */
const UNKNOWN_MESSAGE = ((r) => (r.ok ? '' : r.error.message))(registry.parse('bad'));
const UNKNOWN = `"${UNKNOWN_MESSAGE}"`;

function tempFile(name: string, content: string | Buffer): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pidgate-table-'));
  const path = join(dir, name);
  writeFileSync(path, content);
  return { dir, path };
}

describe('pidgate normalize --format csv', () => {
  it('reads a header and a BOM, finds the column by name, keeps the other cells and appends six columns', async () => {
    const input = `${BOM}title,id,year\r\n"Café, ""quoted""",URN:EXAMPLE:a%2c,1999\r\nx,not-an-id,\r\n"two\nlines",urn:example:b,2001\r\n`;
    const { code, stdout, stderr } = await runCli(['normalize', '--format', 'csv', '--column', 'id'], input);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        `${BOM}title,id,year,scheme,normalized,url,error_code,error_message,warnings`,
        '"Café, ""quoted""",URN:EXAMPLE:a%2c,1999,urn,urn:example:a%2C,,,,',
        `x,not-an-id,,,,,unknown-scheme,${UNKNOWN},`,
        '"two\nlines",urn:example:b,2001,urn,urn:example:b,,,,',
        '',
      ].join('\n'),
    );
  });

  it('reads the same file from disk (a BOM in bytes) and writes a BOM (--bom, the default), none with --no-bom', async () => {
    const { dir } = tempFile('list.csv', Buffer.from(`${BOM}id\nurn:example:é\n`, 'utf8'));
    const { code, stdout } = await runCli(['normalize', '-f', 'csv', '-c', 'id', '--bom', 'list.csv'], '', {
      cwd: dir,
    });
    expect(code).toBe(0);
    // an RFC 8141 NSS is ASCII: the é is reported, and survives the round trip in the user's column
    expect(stdout).toBe(
      `${BOM}id,scheme,normalized,url,error_code,error_message,warnings\nurn:example:é,,,,nss-character,"character ""é"" is not allowed in the NSS",\n`,
    );
    const byDefault = await runCli(['normalize', '-f', 'csv', '-c', 'id', 'list.csv'], '', { cwd: dir });
    expect(byDefault.stdout).toBe(stdout);
    const none = await runCli(['normalize', '-f', 'csv', '-c', 'id', '--no-bom', 'list.csv'], '', { cwd: dir });
    expect(none.stdout).toBe(stdout.slice(1));
    const both = await runCli(['normalize', '-f', 'csv', '--bom', '--no-bom', 'list.csv'], '', { cwd: dir });
    expect([both.code, both.stderr]).toEqual([2, 'pidgate normalize: --bom and --no-bom contradict each other\n']);
  });

  it('reads a CSV saved by a spreadsheet in a language whose CSV separator is ";", and writes it back so', async () => {
    // What Excel saves as "CSV (Trennzeichen-getrennt)": ";" between cells, a ";" inside a quoted cell.
    const input = 'Titel;ID;Jahr\r\n"Grimm; Märchen";ark:/12345/x-y;1812\r\nx;urn:example:a;\r\n';
    const { code, stdout, stderr } = await runCli(['normalize', '-f', 'csv', '-c', 'ID'], input);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        `${BOM}Titel;ID;Jahr;scheme;normalized;url;error_code;error_message;warnings`,
        '"Grimm; Märchen";ark:/12345/x-y;1812;ark;ark:/12345/xy;https://n2t.net/ark:12345/x-y;;;',
        'x;urn:example:a;;urn;urn:example:a;;;;',
        '',
      ].join('\n'),
    );
  });

  it('a ";" inside one column of identifiers (a SICI DOI) does not make it a separator; --delimiter decides', async () => {
    const sici = '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O';
    const found = await runCli(['normalize', '-f', 'csv'], `${sici}\n10.1000/x\n`);
    // the URL has the DOI's characters a URL path cannot hold ("<", ">") percent-encoded
    const url = `https://doi.org/${sici.replace('<', '%3C').replace('>', '%3E')}`;
    expect(found.stdout.split('\n')[0]).toBe(`${BOM}${sici},doi,doi:${sici.toLowerCase()},${url},,,`);
    const forced = await runCli(['normalize', '-f', 'csv', '-d', ';', '-c', '2'], 'a;urn:example:b\n');
    expect(forced.stdout).toBe(`${BOM}a;urn:example:b;urn;urn:example:b;;;;\n`);
    const pipes = await runCli(['normalize', '-f', 'csv', '-d', '|', '-c', '2'], 'a|"urn:example:c"\n');
    expect(pipes.stdout).toBe(`${BOM}a|urn:example:c|urn|urn:example:c||||\n`);
  });

  it.each([
    [['-f', 'csv', '-d', ';;'], '--delimiter must be one character'],
    [['-f', 'csv', '-d', '"'], '--delimiter must be one character'],
    [['-f', 'tsv', '-d', ';'], '--format tsv is separated by tabs'],
    [['-d', ';'], '--delimiter needs --format csv'],
  ])('normalize %j is a usage error', async (args, message) => {
    const { code, stderr } = await runCli(['normalize', ...args], 'x\n');
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('reads UTF-16 (Excel\'s "Unicode Text", a PowerShell redirection) and writes UTF-8', async () => {
    const table = 'id\tTitel\r\nark:/12345/x\tÄpfel\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(table, 'utf16le')]);
    const { dir } = tempFile('list.txt', le);
    const tsv = await runCli(['normalize', '-f', 'tsv', '-c', 'id', 'list.txt'], '', { cwd: dir });
    expect(tsv.stdout).toBe(
      `${BOM}id\tTitel\tscheme\tnormalized\turl\terror_code\terror_message\twarnings\nark:/12345/x\tÄpfel\tark\tark:/12345/x\thttps://n2t.net/ark:12345/x\t\t\t\n`,
    );
    // Big-endian, plain text, through the line path.
    const be = Buffer.from(Buffer.from('\ufeffurn:example:ü\nARK:/12345/Y\n', 'utf16le')).swap16();
    writeFileSync(join(dir, 'be.txt'), be);
    const text = jsonLines((await runCli(['normalize', 'be.txt'], '', { cwd: dir })).stdout);
    expect(text.map((r) => (r as { input: string }).input)).toEqual(['urn:example:ü', 'ARK:/12345/Y']);
  });

  it('a column NUMBER reads every row as data unless --header says the first is a header', async () => {
    const input = 'a,urn:example:x\nb,urn:example:y\n';
    const plain = await runCli(['normalize', '-f', 'csv', '-c', '2'], input);
    expect(plain.stdout).toBe(`${BOM}a,urn:example:x,urn,urn:example:x,,,,\nb,urn:example:y,urn,urn:example:y,,,,\n`);
    const header = await runCli(['normalize', '-f', 'csv', '-c', '2', '--header'], input);
    expect(header.stdout).toBe(
      `${BOM}a,urn:example:x,scheme,normalized,url,error_code,error_message,warnings\nb,urn:example:y,urn,urn:example:y,,,,\n`,
    );
    // without --column: the column whose cells parse; a first row that parses is data
    const byDefault = await runCli(['normalize', '-f', 'csv'], '1,urn:example:x\n');
    expect(byDefault.stdout).toBe(`${BOM}1,urn:example:x,urn,urn:example:x,,,,\n`);
  });

  it('reads TSV with the same quoting and writes TSV', async () => {
    const { code, stdout } = await runCli(
      ['normalize', '-f', 'tsv', '-c', 'id'],
      'id\tnote\nurn:example:a\t"has\ttab"\nbad\tplain\n',
    );
    expect(code).toBe(0);
    expect(stdout).toBe(
      `${BOM}id\tnote\tscheme\tnormalized\turl\terror_code\terror_message\twarnings\n` +
        'urn:example:a\t"has\ttab"\turn\turn:example:a\t\t\t\t\n' +
        `bad\tplain\t\t\t\tunknown-scheme\t${UNKNOWN_MESSAGE}\t\n`,
    );
  });

  it('pads short rows, skips blank lines, and keeps the header of a table without rows', async () => {
    const short = await runCli(['normalize', '-f', 'csv', '-c', 'id'], 'n,id,x\n1\n\n2,urn:example:a,z\n');
    expect(short.stdout).toBe(
      `${BOM}n,id,x,scheme,normalized,url,error_code,error_message,warnings\n` +
        '1,,,,,,empty-input,the input is empty,\n' +
        '2,urn:example:a,z,urn,urn:example:a,,,,\n',
    );
    const empty = await runCli(['normalize', '-f', 'csv', '-c', 'id', '--bom'], 'id,x\n');
    expect(empty.stdout).toBe(`${BOM}id,x,scheme,normalized,url,error_code,error_message,warnings\n`);
  });

  it('surrounding white space is an error, and --trim removes it from the cell it normalizes', async () => {
    const input = 'id\n" urn:example:a\t"\n';
    const strict = await runCli(['normalize', '-f', 'csv', '-c', 'id'], input);
    expect(strict.stdout.split('\n')[1]).toBe(
      ' urn:example:a\t,,,,surrounding-whitespace,the identifier has white space or an invisible character before or after it,',
    );
    const trimmed = await runCli(['normalize', '-f', 'csv', '-c', 'id', '--trim'], input);
    // the user's cell stays as written; the normalized form is of the trimmed cell
    expect(trimmed.stdout.split('\n')[1]).toBe(' urn:example:a\t,urn,urn:example:a,,,,');
  });

  it.each([
    [
      'an unterminated quote',
      'id\nurn:example:a\n"urn:example:b\n',
      /^pidgate normalize: malformed CSV at line 3: Quote Not Closed/,
    ],
    ['a quote inside a bare field', 'id\nurn:ex"ample\n', /^pidgate normalize: malformed CSV at line 2: .*quote/i],
    [
      'a row wider than the first',
      'id\nurn:example:a,x\n',
      /^pidgate normalize: malformed CSV at line 2: a row has more cells/,
    ],
  ])('%s: a one-line message with the line number, exit 2', async (_, input, message) => {
    const { code, stderr } = await runCli(['normalize', '-f', 'csv', '-c', 'id'], input);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('an unclosed quote runs to the end: one line-too-long row at its line (1 MiB by default), never the rest of the file held', async () => {
    let rows = '';
    for (let i = 0; i < 400_000; i++) rows += `urn:example:${i},row ${i}\n`;
    const { code, stdout } = await runCli(
      ['normalize', '-f', 'csv', '-c', 'id'],
      `id,note\nurn:example:a,x\nurn:example:b,"never closed\n${rows}`,
    );
    expect(code).toBe(0);
    const out = stdout.trimEnd().split('\n');
    expect(out).toHaveLength(3);
    expect(out[1]).toBe('urn:example:a,x,urn,urn:example:a,,,,');
    expect(out[2]).toMatch(
      /^,,,,,line-too-long,"line 3: the line is \d+ characters long, more than --max-line-length \(1048576\)/,
    );
  });

  it('reads several files as one table: one header written, the column found in each file by name', async () => {
    const { dir } = tempFile('a.csv', 'id,x\nurn:example:a,1\n');
    writeFileSync(join(dir, 'b.csv'), `${BOM}x,id\n2,urn:example:b\n`);
    const { code, stdout } = await runCli(['normalize', '-f', 'csv', '-c', 'id', 'a.csv', 'b.csv'], '', { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toBe(
      `${BOM}id,x,scheme,normalized,url,error_code,error_message,warnings\nurn:example:a,1,urn,urn:example:a,,,,\n2,urn:example:b,urn,urn:example:b,,,,\n`,
    );
  });

  it('names the file of a malformed CSV', async () => {
    const { dir } = tempFile('bad.csv', 'id\n"x\n');
    const { code, stderr } = await runCli(['normalize', '-f', 'csv', 'bad.csv'], '', { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'pidgate normalize: bad.csv: malformed CSV at line 2: Quote Not Closed: the parsing is finished with an opening quote at line 2\n',
    );
  });

  it.each([
    [['-f', 'csv', '-c', 'nope'], 'id,x\n', 'no column "nope"; the header has "id", "x"'],
    [['-f', 'csv', '-c', '3'], 'a,b\n', '--column 3: the first row has only 2 columns'],
    [['-f', 'csv', '-c', '0'], 'a\n', '--column 0: columns count from 1'],
    [['-f', 'csv', '-c', 'id', '--no-header'], 'a\n', 'names a header column'],
    [['-f', 'xls'], '', '--format must be one of text, csv, tsv, ndjson, xlsx'],
    [['-f', 'ndjson'], '', '--format ndjson needs --column FIELD'],
    [['--column', 'id'], '', '--column needs --format csv, tsv, ndjson or xlsx'],
    [['--header'], '', '--header applies to csv and tsv'],
  ])('usage errors exit 2: %j', async (args, input, message) => {
    const { code, stderr } = await runCli(['normalize', ...args], input);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('streams a large table in order', async () => {
    const n = 100_000;
    let input = 'n,id\n';
    for (let i = 0; i < n; i++) input += `${i},urn:example:a${i}%2c\n`;
    const { code, stdout } = await runCli(['normalize', '-f', 'csv', '-c', 'id'], input);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines).toHaveLength(n + 2);
    expect(lines[1]).toBe('0,urn:example:a0%2c,urn,urn:example:a0%2C,,,,');
    expect(lines[n]).toBe(`${n - 1},urn:example:a${n - 1}%2c,urn,urn:example:a${n - 1}%2C,,,,`);
  });
});

describe('pidgate normalize --format ndjson', () => {
  it('reads the named field of each object and adds six fields, keeping the others', async () => {
    const input = `${BOM}{"id":"URN:EXAMPLE:a","n":1}\n\n{"id":["urn:example:a"],"n":2}\r\n{"n":3}\n{"id":"x","scheme":"mine"}\n`;
    const { code, stdout } = await runCli(['normalize', '-f', 'ndjson', '-c', 'id'], input);
    expect(code).toBe(0);
    expect(jsonLines(stdout)).toEqual([
      {
        id: 'URN:EXAMPLE:a',
        n: 1,
        scheme: 'urn',
        normalized: 'urn:example:a',
        url: null,
        error_code: null,
        error_message: null,
        warnings: null,
      },
      // not a string: its JSON text is the input
      {
        id: ['urn:example:a'],
        n: 2,
        scheme: null,
        normalized: null,
        url: null,
        error_code: 'unknown-scheme',
        error_message: UNKNOWN_MESSAGE,
        warnings: null,
      },
      {
        n: 3,
        scheme: null,
        normalized: null,
        url: null,
        error_code: 'empty-input',
        error_message: 'the input is empty',
        warnings: null,
      },
      {
        id: 'x',
        scheme: null,
        normalized: null,
        url: null,
        error_code: 'unknown-scheme',
        error_message: UNKNOWN_MESSAGE,
        warnings: null,
      },
    ]);
  });

  it('a number is read as its digits (an ISBN or a PMID stored as a number)', async () => {
    const asNumber = await runCli(['normalize', '-f', 'ndjson', '-c', 'id'], '{"id":9780306406157}\n');
    const asText = await runCli(['normalize', '-f', 'ndjson', '-c', 'id'], '{"id":"9780306406157"}\n');
    const [n] = jsonLines(asNumber.stdout) as Record<string, unknown>[];
    const [t] = jsonLines(asText.stdout) as Record<string, unknown>[];
    expect({ ...n, id: 'x' }).toEqual({ ...t, id: 'x' });
  });

  it('a line that is not a JSON object stops with its line number, after the rows before it', async () => {
    const { code, stdout, stderr } = await runCli(
      ['normalize', '-f', 'ndjson', '-c', 'id'],
      '{"id":"urn:example:a"}\n[1]\n{"id":"urn:example:b"}\n',
    );
    expect(code).toBe(2);
    expect(stderr).toBe('pidgate normalize: line 2 is not a JSON object\n');
    expect(jsonLines(stdout)).toHaveLength(1);
  });
});

describe('pidgate normalize, plain text', () => {
  it('drops a BOM, and --trim removes white space around a line', async () => {
    const input = `${BOM}urn:example:a\n urn:example:b\u00a0\n`;
    const strict = jsonLines((await runCli(['normalize'], input)).stdout) as { input: string; ok: boolean }[];
    expect(strict.map((r) => [r.input, r.ok])).toEqual([
      ['urn:example:a', true],
      [' urn:example:b\u00a0', false],
    ]);
    const trimmed = jsonLines((await runCli(['normalize', '--trim'], input)).stdout) as {
      input: string;
      ok: boolean;
    }[];
    expect(trimmed.map((r) => [r.input, r.ok])).toEqual([
      ['urn:example:a', true],
      ['urn:example:b', true],
    ]);
  });
});

describe('pidgate group --format csv', () => {
  it('writes every row in order with its class number (by first appearance) or its error', async () => {
    const input = 'id,n\nurn:example:a%2c,1\nbad,2\nURN:EXAMPLE:a%2C,3\nurn:example:b,4\nurn:example:a%2c#f,5\n';
    const { code, stdout } = await runCli(['group', '-f', 'csv', '-c', 'id'], input);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        `${BOM}id,n,scheme,normalized,url,group,error_code,error_message,warnings`,
        'urn:example:a%2c,1,urn,urn:example:a%2C,,1,,,',
        `bad,2,,,,,unknown-scheme,${UNKNOWN},`,
        'URN:EXAMPLE:a%2C,3,urn,urn:example:a%2C,,1,,,',
        'urn:example:b,4,urn,urn:example:b,,2,,,',
        'urn:example:a%2c#f,5,urn,urn:example:a%2C,,1,,,',

        '',
      ].join('\n'),
    );
  });

  it('--trim applies to plain-text lines of group too', async () => {
    const { stdout } = await runCli(['group', '--trim'], ' urn:example:a\nurn:example:a \n');
    expect(jsonLines(stdout)).toEqual([
      {
        normalized: 'urn:example:a',
        members: [
          { line: 1, input: 'urn:example:a' },
          { line: 2, input: 'urn:example:a' },
        ],
      },
    ]);
  });
});

describe('the summary line', () => {
  it('ends the progress bar on a terminal: lines, normalized, groups, errors by code', async () => {
    const input = 'urn:example:a\nURN:EXAMPLE:a\nurn:example:b\nbad\n\nworse\n';
    const tty = await runCli(['normalize'], input, { tty: true });
    expect(tty.stderr).toContain('6 lines, 3 normalized, 2 groups, 3 errors (unknown-scheme 2, empty-input 1)\n');
    const csv = await runCli(['group', '-f', 'csv', '-c', '1'], input, { tty: true });
    expect(csv.stderr).toContain('5 lines, 3 normalized, 2 groups, 2 errors (unknown-scheme 2)\n');
    expect((await runCli(['normalize'], input)).stderr).toBe('');
  });

  it.skipIf(!existsSync('/usr/bin/script'))('is written on a real pseudo-terminal', { timeout: 120_000 }, () => {
    let list = '';
    for (let i = 0; i < 5000; i++) list += `urn:example:${i}\n`;
    const { path } = tempFile('list.txt', `${list}bad\n`);
    // script(1) runs the command on a new pseudo-terminal; standard output goes to /dev/null.
    const out = execFileSync(
      '/usr/bin/script',
      ['-qec', `"${process.execPath}" "${bin}" normalize "${path}" >/dev/null`, '/dev/null'],
      {
        encoding: 'utf8',
      },
    );
    expect(out).toContain('5,001 lines, 5,000 normalized, 5,000 groups, 1 error (unknown-scheme 1)\r\n');
    expect(out).toContain('\u001b[?25h'); // the cursor is shown again
  });
});

describe('a reader that goes away', () => {
  it('`pidgate normalize … | head` ends quietly: exit 0, nothing on standard error', { timeout: 120_000 }, async () => {
    let list = 'id\n';
    for (let i = 0; i < 300_000; i++) list += `urn:example:${i}\n`;
    const { path } = tempFile('big.csv', list);
    for (const args of [
      ['normalize', path],
      ['normalize', '-f', 'csv', '-c', 'id', path],
    ]) {
      const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      // Read the first chunk, then close the pipe's reading end, as `head -1` does.
      const first = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(first.length).toBeGreaterThan(0);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    }
  });
});

describe('helpers', () => {
  it('sniffDelimiter: the separator every first row has as often, outside quotes; "," otherwise', () => {
    expect(sniffDelimiter('a;b;c\n1;2;3\n')).toBe(';');
    expect(sniffDelimiter('a,b;c\n1,2;3\n')).toBe(',');
    expect(sniffDelimiter('a\tb\n1\t2\n\n3\t4')).toBe('\t');
    expect(sniffDelimiter('a|b\n"1|x"|2\n')).toBe('|');
    expect(sniffDelimiter('"a;b",c\n"d;e",f\n')).toBe(',');
    expect(sniffDelimiter('x;y\nz\n')).toBe(',');
    expect(sniffDelimiter('one;line')).toBe(';');
    expect(sniffDelimiter('')).toBe(',');
    // A row cut off at the end of what was read is not held against a separator.
    expect(sniffDelimiter('a;b\n1;2\n3')).toBe(';');
  });

  it('readColumn: digits are a number from 1, anything else a name', () => {
    expect(readColumn('2')).toEqual({ kind: 'index', index: 1 });
    expect(readColumn('id')).toEqual({ kind: 'name', name: 'id' });
    expect(readColumn('2b')).toEqual({ kind: 'name', name: '2b' });
  });

  it("--trim removes the invisible characters pasted with a web page's text, in text input too", async () => {
    // A zero width space before, a no-break space and a word joiner after: what a copy from a page brings.
    const input = '\u200bark:/12345/x\u00a0\u2060\n\ufeffurn:example:a\n';
    const strict = jsonLines((await runCli(['normalize'], input)).stdout);
    expect(strict.map((r) => (r as { error?: { code: string } }).error?.code)).toEqual([
      'surrounding-whitespace',
      'surrounding-whitespace',
    ]);
    const trimmed = jsonLines((await runCli(['normalize', '--trim'], input)).stdout);
    expect(trimmed.map((r) => (r as { normalized?: string }).normalized)).toEqual(['ark:/12345/x', 'urn:example:a']);
  });
});
