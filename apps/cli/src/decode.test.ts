import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decideEncoding, firstInvalidUtf8 } from './decode.ts';
import { jsonLines, runCli } from './testing.ts';

const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));

/** Bytes written out by hand: strings of byte values (`latin1` maps U+0000-U+00FF to one byte each). */
const bytes = (s: string) => Buffer.from(s, 'latin1');

function tempFile(name: string, content: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pidgate-decode-')), name);
  writeFileSync(path, content);
  return path;
}

// Excel's "CSV (Comma delimited)" on Windows: windows-1252, CRLF. Æ C6, ø F8, “ 93, ” 94, € 80.
const EXCEL_CSV = bytes(
  'Title,Identifier\r\n"\xc6r\xf8, a history",doi:10.1000/182\r\n\x93Quoted\x94 \x80 5,ark:/12345/x\r\n',
);

describe('encodings', () => {
  it('reads a Windows-1252 CSV as Excel saved it, with a warning naming the guess', async () => {
    const path = tempFile('excel.csv', EXCEL_CSV);
    const { code, stdout, stderr } = await runCli(['normalize', '--format', 'csv', '--column', 'Identifier', path]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '\ufeffTitle,Identifier,scheme,normalized,url,error_code,error_message,warnings',
        '"Ærø, a history",doi:10.1000/182,doi,doi:10.1000/182,https://doi.org/10.1000/182,,,',
        '“Quoted” € 5,ark:/12345/x,ark,ark:/12345/x,https://n2t.net/ark:12345/x,,,',
        '',
      ].join('\n'),
    );
    expect(stdout).not.toContain('\ufffd');
    expect(stderr).toMatch(/^pidgate: warning encoding-guessed: .*excel\.csv is not UTF-8; read as windows-1252/);
  });

  it('reads an ISO-8859-1 text file (as its superset windows-1252 when guessed, as itself when said)', async () => {
    const path = tempFile('latin1.txt', bytes('Caf\xe9\nurn:nbn:de:bvb:19-146642\nM\xfcller\n'));
    const guessed = await runCli(['normalize', path]);
    expect(guessed.code).toBe(0);
    expect(jsonLines(guessed.stdout).map((r) => (r as { input: string }).input)).toEqual([
      'Café',
      'urn:nbn:de:bvb:19-146642',
      'Müller',
    ]);
    expect(guessed.stderr).toContain('encoding-guessed: ');
    expect(guessed.stderr).toContain('read as windows-1252');
    const said = await runCli(['normalize', '--encoding', 'iso-8859-1', path]);
    expect(said.stderr).toBe('');
    expect(said.stdout).toBe(guessed.stdout);
  });

  it('group reads the same file the same way', async () => {
    const path = tempFile('latin1.txt', bytes('Caf\xe9\nurn:nbn:de:bvb:19-146642\nURN:NBN:de:bvb:19-146642\n'));
    const { code, stdout } = await runCli(['group', path]);
    expect(code).toBe(0);
    const out = jsonLines(stdout) as { input?: string; members?: unknown[] }[];
    expect(out).toContainEqual({ line: 1, input: 'Café', error: expect.objectContaining({ code: 'unknown-scheme' }) });
    expect(out.find((g) => g.members)?.members).toHaveLength(2);
  });

  it('fails loudly on invalid UTF-8 after a UTF-8 start: exit 2, the line and byte named, nothing replaced', async () => {
    const head = 'ark:/12345/x\n'.repeat(30_000); // 390,000 bytes: more than the first block read
    const path = tempFile('late.txt', Buffer.concat([bytes(head), bytes('Caf\xe9\n')]));
    const { code, stdout, stderr } = await runCli(['normalize', '--jobs', '1', path]);
    expect(code).toBe(2);
    expect(stderr).toContain('invalid-encoding: line 30001 (byte 390004) is not UTF-8 text');
    expect(stdout).not.toContain('\ufffd');
    expect(stdout).not.toContain('Caf');
  });

  it('fails loudly on invalid UTF-8 in a CSV and with --encoding utf-8 (standard input: the byte)', async () => {
    const csv = tempFile(
      'late.csv',
      Buffer.concat([bytes('id\n'), bytes('ark:/12345/x\n'.repeat(30_000)), bytes('\xff\n')]),
    );
    const table = await runCli(['normalize', '--format', 'csv', '--column', 'id', csv]);
    expect(table.code).toBe(2);
    expect(table.stderr).toContain('invalid-encoding: line 30002 (byte 390004)');
    const said = await runCli(['normalize', '--encoding', 'utf-8'], bytes('ark:/12345/x\nCaf\xe9\n'));
    expect(said.code).toBe(2);
    expect(said.stderr).toContain('standard input: invalid-encoding: byte 17 is not UTF-8 text');
  });

  it('fails loudly on a byte the said encoding does not define', async () => {
    const { code, stderr } = await runCli(['normalize', '--encoding', 'windows-1252'], bytes('a\nb\x81\n'));
    expect(code).toBe(2);
    expect(stderr).toContain('invalid-encoding: line 2 (byte 4) is not windows-1252 text');
  });

  it('refuses an unknown --encoding', async () => {
    const { code, stderr } = await runCli(['normalize', '--encoding', 'klingon'], 'ark:/12345/x\n');
    expect(code).toBe(2);
    expect(stderr).toContain('unknown-encoding');
  });

  it('keeps reading UTF-16 with its byte-order mark, and valid UTF-8, without a warning', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Café\nark:/12345/x\n', 'utf16le')]);
    const a = await runCli(['normalize'], utf16);
    expect(a.stderr).toBe('');
    expect(jsonLines(a.stdout).map((r) => (r as { input: string }).input)).toEqual(['Café', 'ark:/12345/x']);
    const b = await runCli(['normalize'], 'Café\n');
    expect(b.stderr).toBe('');
    expect((jsonLines(b.stdout)[0] as { input: string }).input).toBe('Café');
  });

  it('the built command reads `printf "Caf\\xe9\\n" | pidgate normalize` as Café', () => {
    const r = spawnSync(process.execPath, [bin, 'normalize'], { input: bytes('Caf\xe9\n'), encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).input).toBe('Café');
    expect(r.stderr).toContain('encoding-guessed');
  });
});

describe('decideEncoding', () => {
  it.each([
    ['valid UTF-8', Buffer.from('Ærø\n'), 'utf-8', false],
    ['UTF-8 cut in a character', Buffer.from('Ærø').subarray(0, 4), 'utf-8', false],
    ['a UTF-16LE mark', Buffer.from([0xff, 0xfe, 0x41, 0]), 'utf-16le', false],
    ['German in windows-1252', bytes('Pr\xfcfung der Stra\xdfe;M\xfcller\n'), 'windows-1252', true],
    [
      'Russian in windows-1251',
      bytes('\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0; \xe8\xe4\xe5\xed\xf2\xe8\xf4\xe8\xea\xe0\xf2\xee\xf0\n'),
      'windows-1251',
      true,
    ],
  ])('%s', async (_what, head, encoding, guessed) => {
    expect(await decideEncoding(head)).toEqual({ encoding, guessed });
  });

  it('finds the first invalid UTF-8 byte', () => {
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc3, 0xa9, 0xe9, 0x62]))).toBe(3);
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from('ok'))).toBe(2);
  });
});
