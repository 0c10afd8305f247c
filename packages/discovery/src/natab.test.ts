import { readFileSync } from 'node:fs';
import { expectLinear } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNatab, parseNatab } from './natab.ts';

// draft-kunze-ark-09 as the project's spec collection has it (line breaks collapsed), copied into fixtures/.
const SPEC = new URL('./fixtures/draft-kunze-ark-09.txt', import.meta.url);
// draft-kunze-ark-09 Appendix 13, verbatim. The spec file has its line breaks collapsed to spaces, so the
// fixture's lines were reconstructed (NMAH lines tab-indented) and the draft's page break inside the table
// removed: see fixtures/README.md and the first test below.
const FIXTURE = readFileSync(new URL('./fixtures/natab-appendix.txt', import.meta.url), 'utf8');

const collapse = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');

function parsed(text: string) {
  const result = parseNatab(text);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('the Appendix 13 fixture', () => {
  it('is the spec text with its lines restored and the page break removed', () => {
    const spec = readFileSync(SPEC, 'utf8');
    const start = spec.indexOf('# # Name Assigning Authority');
    const end = spec.indexOf('# end of file') + '# end of file'.length;
    expect(start).toBeGreaterThan(0);
    const pageBreak =
      ' J. Kunze 13. Appendix: ARK /etc/natab [Page 43] Internet Draft ARK Identifier Scheme February 2005';
    const table = spec.slice(start, end).replace(pageBreak, '');
    expect(collapse(FIXTURE)).toBe(collapse(table));
    // the reconstruction kept the line structure: one NAA line per NAAN, NMAH lines indented
    expect(FIXTURE.split('\n').filter((l) => /^\d{5}: /.test(l))).toHaveLength(14);
  });
});

// Appendix 13: every NAA line and the NMAH lines under it, as printed.
const APPENDIX: [string, string, [string, string][]][] = [
  [
    '12025',
    'http://www.nlm.nih.gov/xxx/naapolicy.html',
    [
      ['ark.nlm.nih.gov', 'USNLM'],
      ['foobar.zaf.org', 'UCSF'],
      ['sneezy.dopey.com', 'BIREME'],
    ],
  ],
  [
    '12026',
    'http://www.loc.gov/xxx/naapolicy.html',
    [
      ['foobar.zaf.org', 'USLC'],
      ['sneezy.dopey.com', 'USLC'],
    ],
  ],
  ['12027', 'http://www.nal.gov/xxx/naapolicy.html', [['foobar.zaf.gov:80', 'USNAL']]],
  ['13030', 'http://www.cdlib.org/inside/diglib/ark/', [['ark.cdlib.org', 'CDL']]],
  ['13038', 'http://www.wipo.int/xxx/naapolicy.html', [['www.wipo.int', 'WIPO']]],
  ['20775', 'http://library.ucsd.edu/xxx/naapolicy.html', [['ucsd.edu', 'UCSD']]],
  ['29114', 'http://library.ucsf.edu/xxx/naapolicy.html', [['ucsf.edu', 'UCSF']]],
  ['28722', 'http://library.berkeley.edu/xxx/naapolicy.html', [['berkeley.edu', 'UCB']]],
  ['15230', 'http://rci.rutgers.edu/xxx/naapolicy.html', [['rutgers.edu', 'RUL']]],
  ['13960', 'http://www.archive.org/xxx/naapolicy.html', [['archive.org', 'IA']]],
  ['64269', 'http://www.dcc.ac.uk/xxx/naapolicy.html', [['dcc.ac.uk', 'DCC']]],
  ['62624', 'http://library.nyu.edu/xxx/naapolicy.html', [['nyu.edu', 'NYUL']]],
  ['67531', 'http://www.library.unt.edu/xxx/naapolicy.html', [['unt.edu', 'UNTL']]],
  ['27927', 'http://www.ithaka.org/xxx/naapolicy.html', [['ithaka.org', 'ITHAKA']]],
];

describe('parseNatab on Appendix 13', () => {
  const natab = parsed(FIXTURE);

  it('finds the 14 NAA lines in file order', () => {
    expect(natab.entries.map((e) => e.naan)).toEqual(APPENDIX.map(([naan]) => naan));
  });

  it.each(APPENDIX)('%s: policy %s and its NMAHs', (naan, policy, nmahs) => {
    const entry = natab.entries.find((e) => e.naan === naan);
    expect(entry?.policy).toBe(policy);
    expect(entry?.nmahs.map((n) => [n.hostport, n.label])).toEqual(nmahs);
  });

  it('splits a hostport with a port (12027: foobar.zaf.gov:80)', () => {
    expect(natab.entries[2]?.nmahs[0]).toMatchObject({ host: 'foobar.zaf.gov', port: 80 });
    expect(natab.entries[0]?.nmahs[0]).toMatchObject({ host: 'ark.nlm.nih.gov', port: null });
  });

  it('reads the header comments (modification time, reloading address, registration)', () => {
    expect(natab.header).toEqual([
      { label: 'Last change', value: '2004 12 14' },
      { label: 'Reload from', value: 'http://ark.nlm.nih.gov/etc/natab' },
      { label: 'Mirrored at', value: 'http://www.cdlib.org/inside/diglib/ark/natab' },
      { label: 'To register', value: 'mailto:ark@cdlib.org?Subject=naareg' },
      { label: 'Process with', value: 'Perl script at end of this file (optional)' },
    ]);
  });

  it('lists the NAAs registered "as of February 2005" (§4.1)', () => {
    const spec = readFileSync(SPEC, 'utf8');
    const from = spec.indexOf('currently registered Name Assigning Authorities are:');
    const list = spec.slice(from, spec.indexOf('A snapshot of the name authority table', from));
    const naans = [...list.matchAll(/\b(\d{5}) /g)].map((m) => m[1]);
    expect(naans).toHaveLength(14);
    expect(new Set(naans)).toEqual(new Set(natab.entries.map((e) => e.naan)));
  });

  // The appendix's own Perl script, ported line by line: our parser must print what it prints.
  function perlScript(text: string, naa: string): string[] {
    const out: string[] = [];
    const input = text.split('\n');
    let i = 0;
    while (i < input.length) {
      const line = input[i++] ?? '';
      if (!new RegExp(`^${naa}:`).test(line)) continue; // next if (! /^$naa:/);
      while (i < input.length) {
        const inner = input[i++] ?? '';
        if (!/^[#\s]./.test(inner)) break; // last if (! /^[#\s]./);
        const m = /^\s+(\S+)/.exec(inner); // print "$1\n" if (/^\s+(\S+)/);
        if (m) out.push(m[1] ?? '');
      }
    }
    return out;
  }

  it.each(APPENDIX.map(([naan]) => naan))('%s: the same NMAHs as the appendix Perl script', (naan) => {
    const entry = natab.entries.find((e) => e.naan === naan);
    expect(entry?.nmahs.map((n) => n.hostport)).toEqual(perlScript(FIXTURE, naan));
  });

  it('gives the same table with spaces instead of tabs and with CRLF or CR line ends', () => {
    const spaces = FIXTURE.replaceAll('\t', '        ');
    expect(parsed(spaces)).toEqual(natab);
    expect(parsed(FIXTURE.replaceAll('\n', '\r\n'))).toEqual(natab);
    expect(parsed(FIXTURE.replaceAll('\n', '\r'))).toEqual(natab);
  });

  it('round-trips through formatNatab', () => {
    expect(parsed(formatNatab(natab))).toEqual(natab);
  });
});

describe('parseNatab choices and errors', () => {
  it('merges a NAAN listed twice, as the Perl script prints "any matching NAA"', () => {
    const n = parsed(
      '12025: http://a/p\n\tone.example A\n13030: http://b/p\n\ttwo.example\n12025: http://c/p\n\tthree.example\n',
    );
    expect(n.entries).toHaveLength(2);
    expect(n.entries[0]).toEqual({
      naan: '12025',
      policy: 'http://a/p',
      nmahs: [
        { hostport: 'one.example', host: 'one.example', port: null, label: 'A' },
        { hostport: 'three.example', host: 'three.example', port: null, label: '' },
      ],
    });
  });

  it('accepts an ARK as the policy, blank lines, and betanumeric NAANs (lowercased)', () => {
    const n = parsed('\n   \nB7280: ark:/13030/c7cv4br18\n\n\tark.example:8080\n');
    expect(n.entries).toEqual([
      {
        naan: 'b7280',
        policy: 'ark:/13030/c7cv4br18',
        nmahs: [{ hostport: 'ark.example:8080', host: 'ark.example', port: 8080, label: '' }],
      },
    ]);
  });

  it('accepts an empty file and a file of comments', () => {
    expect(parsed('')).toEqual({ header: [], entries: [] });
    expect(parsed('#\n# nothing here\n').entries).toEqual([]);
  });

  it.each([
    // [input, code, offset]
    ['\tark.example\n12025: http://x/', 'natab-orphan-nmah', 1],
    // "a" is not betanumeric ("x" is)
    ['12a25: http://x/', 'natab-naan', 2],
    ['12025 http://x/', 'natab-naan', 5],
    ['12025', 'natab-colon', 5],
    ['12025:', 'natab-policy', 6],
    ['12025:   \n', 'natab-policy', 6],
    ['#\n12025: http://x/\n\tnot_a_host!\n', 'natab-nmah', 20],
    ['12025: http://x/\n\thost.example:99999\n', 'natab-nmah', 18],
    ['12025: http://x/\n\thost.example:\n', 'natab-nmah', 18],
    ['12025: http://x/\n\t-bad.example\n', 'natab-nmah', 18],
  ])('%j fails with %s at %i', (input, code, offset) => {
    const result = parseNatab(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code, offset });
  });

  it('accepts IPv4 and bracketed IPv6 hostports', () => {
    const n = parsed('12025: http://x/\n\t192.0.2.1:8080\n\t[2001:db8::1]:80\n');
    expect(n.entries[0]?.nmahs.map((m) => [m.host, m.port])).toEqual([
      ['192.0.2.1', 8080],
      ['2001:db8::1', 80],
    ]);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('1', '2', ':', ' ', '\t', '\n', '\r', '#', 'a', '.', '[', ']', 'x') }),
        (s) => {
          const r = parseNatab(s);
          expect(typeof r.ok).toBe('boolean');
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof parseNatab(s).ok).toBe('boolean');
      }),
    );
  });

  // expectLinear: 16 times the input takes far less than 256 times the CPU time (no wall-clock budget)
  it('is linear: long runs of one character', () => {
    for (const ch of [' ', '\t', '#', '1', ':', '\n', '\r', '.']) {
      expectLinear((n) => `12025: http://x/\n${ch.repeat(n)}`, parseNatab, { size: 1024, what: JSON.stringify(ch) });
      expectLinear((n) => `12025: http://x/\n\t${ch.repeat(n)}`, parseNatab, { size: 1024, what: `\t${ch}` });
    }
  });

  it('is linear: many NMAH lines', () => {
    expect(parsed('12025: http://x/\n\ta.example\n'.repeat(20_000)).entries[0]?.nmahs).toHaveLength(20_000);
    expectLinear((n) => '12025: http://x/\n\ta.example\n'.repeat(n), parseNatab, { size: 100, what: 'NMAH lines' });
  });
});
