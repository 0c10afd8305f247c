/**
 * Every example of draft-kunze-ark-09 §6 and §7, verbatim.
 *
 * The spec file (the project spec collection) has its whitespace collapsed, so each example's line
 * layout below is reconstructed; `SPEC` holds the text exactly as the file has it, and the first
 * test of each example checks that the layout collapses back to it, word for word.
 */
import { describe, expect, it } from 'vitest';
import { parseAnvl, serializeAnvl } from './anvl.ts';
import { ercFromObject } from './build.ts';
import { type Erc, parseErc, serializeErc } from './erc.ts';
import { decodeErcEscapes } from './escapes.ts';
import { normalizeTemper, parseTemper } from './temper.ts';
import { formatThump, thumpHeaders, thumpStatus } from './thump.ts';
import { naturalOrder, parseErcValue } from './value.ts';

const collapse = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');

const SPEC = {
  gibbon:
    'erc: who: Gibbon, Edward what: The Decline and Fall of the Roman Empire when: 1781 where: http://www.ccel.org/g/gibbon/decline/',
  folded:
    'who/created: University of California, San Francisco, AIDS Program at San Francisco General Hospital | University of California, San Francisco, Center for AIDS Prevention Studies what/Topic: Heart Attack | Heart Failure | Heart Diseases',
  unfolded: 'what/Topic: Heart Attack | Heart Failure | Heart Diseases',
  comment: 'what/Topic: Heart Attack # | Heart Failure -- hold off until next review cycle | Heart Diseases',
  support:
    'erc: who: Lederberg, Joshua what: Studies of Human Families for Genetic Linkage when: 1974 where: http://profiles.nlm.nih.gov/BB/A/N/T/U/_/bbantu.pdf erc-support: who: NIH/NLM/LHNCBC what: Permanent, Unchanging Content # Note to ops staff: date needs verification. when: 2001 04 21 where: http://ark.nlm.nih.gov/yy22948',
  minimal:
    'erc: who: National Research Council what: The Digital Dilemma when: 2000 where: http://books.nap.edu/html/digital%5Fdilemma',
  abbreviated:
    'erc: National Research Council | The Digital Dilemma | 2000 | http://books.nap.edu/html/digital%5Fdilemma',
  three:
    'erc: who: Bullock, TH | Achimowicz, JZ | Duckrow, RB | Spencer, SS | Iragui-Madoz, VJ what: Bicoherence of intracranial EEG in sleep, wakefulness and seizures when: 1997 12 00 where: http://cogprints.soton.ac.uk/%{ documents/disk0/00/00/01/22/index.html %} in: EEG Clin Neurophysiol | 1997 12 00 | v103, i6, p661-678 IDcode: cog00000122 # ---- new segment ---- erc-about: what/Subcategory: Bispectrum | Nonlinearity | Epilepsy | Cooperativity | Subdural | Hippocampus | Higher moment # ---- new segment ---- erc-from: who: NIH/NLM/NCBI what: pm9546494 when/Reviewed: 1998 04 18 021600 where: http://ark.nlm.nih.gov/12025/pm9546494?',
  codes: 'who: (:unkn) Anonymous what: (:791) Bee Stings',
  sortFriendly:
    'who: , van Gogh, Vincent who:,Howell, III, PhD, 1922-1987, Thurston who:, Acme Rocket Factory, Inc., The who:, Mao Tse Tung who:, McCartney, Paul, Sir, what:, Health and Human Services, United States Government Department of, The,',
  natural:
    'Vincent van Gogh Thurston Howell, III, PhD, 1922-1987 The Acme Rocket Factory, Inc. Mao Tse Tung Sir Paul McCartney The United States Government Department of Health and Human Services',
  expansion: 'where: http://foo.bar.org/node%{ ? db = foo & start = 1 & end = 5 & buf = 2 & query = foo + bar + zaf %}',
  expanded: 'where: http://foo.bar.org/node?db=foo&start=1&end=5&buf=2&query=foo+bar+zaf',
  brief:
    '1 C: [opens session] C: GET http://ark.nlm.nih.gov/ark:/12025/psbbantu? HTTP/1.1 C: S: HTTP/1.1 200 OK 5 S: Content-Type: text/plain S: THUMP-Status: 0.1 200 OK S: S: |set: NLM | 12025/psbbantu? | 20030731 S: | http://ark.nlm.nih.gov/ark:/12025/psbbantu? 10 S: here: 1 | 1 | 1 S: S: erc: S: who: Lederberg, Joshua S: what: Studies of Human Families for Genetic Linkage 15 S: when: 1974 S: where: http://profiles.nlm.nih.gov/BB/A/N/T/U/_/bbantu.pdf S: [closes session]',
  commitment:
    '1 C: [opens session] C: GET http://ark.nlm.nih.gov/ark:/12025/psbbantu?? HTTP/1.1 C: S: HTTP/1.1 200 OK 5 S: Content-Type: text/plain S: THUMP-Status: 0.1 200 OK S: S: |set: NLM | 12025/psbbantu?? | 20030731 S: | http://ark.nlm.nih.gov/ark:/12025/psbbantu?? 10 S: here: 1 | 1 | 1 S: S: erc: S: who: Lederberg, Joshua S: what: Studies of Human Families for Genetic Linkage 15 S: when: 1974 S: where: http://profiles.nlm.nih.gov/BB/A/N/T/U/_/bbantu.pdf S: erc-support: S: who: USNLM S: what: Permanent, Unchanging Content 20 S: when: 20010421 S: where: http://ark.nlm.nih.gov/yy22948 S: [closes session]',
};

const EX = {
  gibbon: `erc:
who:   Gibbon, Edward
what:  The Decline and Fall of the Roman Empire
when:  1781
where: http://www.ccel.org/g/gibbon/decline/
`,
  folded: `who/created: University of California, San Francisco, AIDS
      Program at San Francisco General Hospital |
      University of California, San Francisco, Center for
      AIDS Prevention Studies
what/Topic:
      Heart Attack |
      Heart Failure |
      Heart Diseases
`,
  unfolded: 'what/Topic: Heart Attack | Heart Failure | Heart Diseases\n',
  comment: `what/Topic:
      Heart Attack
#     | Heart Failure -- hold off until next review cycle
      | Heart Diseases
`,
  support: `erc:
who:   Lederberg, Joshua
what:  Studies of Human Families for Genetic Linkage
when:  1974
where: http://profiles.nlm.nih.gov/BB/A/N/T/U/_/bbantu.pdf
erc-support:
who:   NIH/NLM/LHNCBC
what:  Permanent, Unchanging Content
# Note to ops staff: date needs verification.
when:  2001 04 21
where: http://ark.nlm.nih.gov/yy22948
`,
  minimal: `erc:
who:   National Research Council
what:  The Digital Dilemma
when:  2000
where: http://books.nap.edu/html/digital%5Fdilemma
`,
  abbreviated: `erc: National Research Council | The Digital Dilemma | 2000
      | http://books.nap.edu/html/digital%5Fdilemma
`,
  three: `erc:
who:   Bullock, TH | Achimowicz, JZ | Duckrow, RB | Spencer, SS
       | Iragui-Madoz, VJ
what:  Bicoherence of intracranial EEG in sleep, wakefulness and
       seizures
when:  1997 12 00
where: http://cogprints.soton.ac.uk/%{
          documents/disk0/00/00/01/22/index.html %}
in:    EEG Clin Neurophysiol | 1997 12 00 | v103, i6, p661-678
IDcode: cog00000122
# ---- new segment ----
erc-about:
what/Subcategory: Bispectrum | Nonlinearity | Epilepsy
       | Cooperativity | Subdural | Hippocampus | Higher moment
# ---- new segment ----
erc-from:
who:   NIH/NLM/NCBI
what:  pm9546494
when/Reviewed: 1998 04 18 021600
where: http://ark.nlm.nih.gov/12025/pm9546494?
`,
  codes: `who:  (:unkn) Anonymous
what: (:791) Bee Stings
`,
  sortFriendly: `who: , van Gogh, Vincent
who:,Howell, III, PhD, 1922-1987, Thurston
who:, Acme Rocket Factory, Inc., The
who:, Mao Tse Tung
who:, McCartney, Paul, Sir,
what:, Health and Human Services, United States
      Government Department of, The,
`,
  expansion: `where: http://foo.bar.org/node%{
           ? db = foo
           & start = 1
           & end = 5
           & buf = 2
           & query = foo + bar + zaf
       %}
`,
};

const NATURAL = [
  'Vincent van Gogh',
  'Thurston Howell, III, PhD, 1922-1987',
  'The Acme Rocket Factory, Inc.',
  'Mao Tse Tung',
  'Sir Paul McCartney',
  'The United States Government Department of Health and Human Services',
];

function erc(text: string): Erc {
  const r = parseErc(text);
  if (!r.ok) throw new Error(`${r.error.code} at ${r.error.offset}: ${r.error.message}`);
  return r.value;
}

const labelsAndValues = (text: string) =>
  parseAnvl(text).map((r) => r.elements.map((e) => [e.label, e.value] as const));

describe('the reconstructed layouts are the spec text, word for word', () => {
  it.each(Object.keys(EX) as (keyof typeof EX)[])('%s', (name) => {
    expect(collapse(EX[name])).toBe(SPEC[name]);
  });
  it('natural word order (§7.5)', () => {
    expect(NATURAL.join(' ')).toBe(SPEC.natural);
  });
});

describe('§7.1 ERC syntax', () => {
  it('reads the record with five elements', () => {
    expect(labelsAndValues(EX.gibbon)).toEqual([
      [
        ['erc', ''],
        ['who', 'Gibbon, Edward'],
        ['what', 'The Decline and Fall of the Roman Empire'],
        ['when', '1781'],
        ['where', 'http://www.ccel.org/g/gibbon/decline/'],
      ],
    ]);
    const e = erc(EX.gibbon);
    expect(e.stub).toBe(false);
    expect(e.segments.map((s) => [s.label, s.story, s.elements.length])).toEqual([['erc', 'expression', 4]]);
  });

  it('joins folded lines as one long line; the second element is equivalent to its one-line form', () => {
    const [folded] = labelsAndValues(EX.folded);
    expect(folded).toEqual([
      [
        'who/created',
        'University of California, San Francisco, AIDS Program at San Francisco General Hospital | University of California, San Francisco, Center for AIDS Prevention Studies',
      ],
      ['what/Topic', 'Heart Attack | Heart Failure | Heart Diseases'],
    ]);
    expect(folded?.[1]).toEqual(labelsAndValues(EX.unfolded)[0]?.[0]);
  });

  it('splits values at "|": the element contains three values', () => {
    const e = erc(EX.folded);
    const topic = e.segments[0]?.elements[1];
    expect(topic?.values.map((v) => v.data)).toEqual(['Heart Attack', 'Heart Failure', 'Heart Diseases']);
    expect(e.segments[0]?.elements[0]?.values).toHaveLength(2);
  });

  it('ignores a comment line inside a folded value: four lines, two values', () => {
    expect(EX.comment.trimEnd().split('\n')).toHaveLength(4);
    const e = erc(EX.comment);
    expect(e.stub).toBe(true);
    expect(e.segments[0]?.elements[0]?.values.map((v) => v.data)).toEqual(['Heart Attack', 'Heart Diseases']);
  });
});

describe('§7.2 ERC stories', () => {
  it('reads the ERC with two segments, skipping the comment line', () => {
    const e = erc(EX.support);
    expect(e.segments.map((s) => [s.label, s.story])).toEqual([
      ['erc', 'expression'],
      ['erc-support', 'support'],
    ]);
    const support = e.segments[1];
    expect(support?.elements.map((el) => [el.label, el.values[0]?.data])).toEqual([
      ['who', 'NIH/NLM/LHNCBC'],
      ['what', 'Permanent, Unchanging Content'],
      ['when', '2001 04 21'],
      ['where', 'http://ark.nlm.nih.gov/yy22948'],
    ]);
    expect(support?.elements[2]?.anvl?.before).toEqual(['# Note to ops staff: date needs verification.']);
  });
});

describe('§7.3 the anchoring story', () => {
  it('reads the minimal ERC and its abbreviated form as the same quartet', () => {
    const full = erc(EX.minimal).segments[0];
    const short = erc(EX.abbreviated).segments[0];
    expect(short?.abbreviated).toBe(true);
    expect(full?.abbreviated).toBe(false);
    const quartet = (s: typeof full) => s?.elements.map((e) => [e.label, e.values.map((v) => v.text)]);
    expect(quartet(short)).toEqual(quartet(full));
    expect(quartet(full)).toEqual([
      ['who', ['National Research Council']],
      ['what', ['The Digital Dilemma']],
      ['when', ['2000']],
      ['where', ['http://books.nap.edu/html/digital%5Fdilemma']],
    ]);
  });

  it('leaves web-style %5F alone: it is not an ERC escape', () => {
    expect(erc(EX.minimal).segments[0]?.elements[3]?.values[0]?.data).toBe(
      'http://books.nap.edu/html/digital%5Fdilemma',
    );
  });
});

describe('§7.4 ERC elements', () => {
  const e = erc(EX.three);
  it('has three segments', () => {
    expect(e.segments.map((s) => s.label)).toEqual(['erc', 'erc-about', 'erc-from']);
    expect(e.segments.map((s) => s.story)).toEqual(['expression', 'content', 'provenance']);
  });
  it('reads qualifiers and the local element', () => {
    const labels = e.segments.flatMap((s) => s.elements.map((el) => [el.name, el.qualifier]));
    expect(labels).toEqual([
      ['who', null],
      ['what', null],
      ['when', null],
      ['where', null],
      ['in', null],
      ['IDcode', null],
      ['what', 'Subcategory'],
      ['who', null],
      ['what', null],
      ['when', 'Reviewed'],
      ['where', null],
    ]);
  });
  it('reads the five authors, the expansion block and the "in" element', () => {
    const [who, , when, where, inn] = e.segments[0]?.elements ?? [];
    expect(who?.values.map((v) => v.data)).toEqual([
      'Bullock, TH',
      'Achimowicz, JZ',
      'Duckrow, RB',
      'Spencer, SS',
      'Iragui-Madoz, VJ',
    ]);
    expect(normalizeTemper(when?.values[0]?.data ?? '')).toEqual({ ok: true, value: '19971200' });
    expect(where?.values[0]?.data).toBe('http://cogprints.soton.ac.uk/documents/disk0/00/00/01/22/index.html');
    expect(inn?.values.map((v) => v.data)).toEqual(['EEG Clin Neurophysiol', '1997 12 00', 'v103, i6, p661-678']);
  });
  it('normalizes the reviewed date', () => {
    const reviewed = e.segments[2]?.elements[2]?.values[0]?.data ?? '';
    expect(normalizeTemper(reviewed)).toEqual({ ok: true, value: '19980418021600' });
  });
  it('keeps the comment lines that emphasize the segment boundaries', () => {
    expect(e.segments[1]?.anvl?.before).toEqual(['# ---- new segment ----']);
    expect(e.segments[2]?.anvl?.before).toEqual(['# ---- new segment ----']);
  });
});

describe('§7.5 ERC element values', () => {
  it('reads controlled codes and their uncontrolled equivalents', () => {
    const [who, what] = erc(EX.codes).segments[0]?.elements ?? [];
    expect(who?.values[0]).toMatchObject({ code: 'unkn', missing: 'unkn', data: 'Anonymous' });
    expect(what?.values[0]).toMatchObject({ code: '791', missing: null, data: 'Bee Stings' });
  });

  it('recovers the natural word order of the six sort-friendly examples', () => {
    const values = erc(EX.sortFriendly).segments[0]?.elements.map((el) => el.values[0]) ?? [];
    expect(values.map((v) => v?.sortFriendly)).toEqual([true, true, true, true, true, true]);
    expect(values.map((v) => v?.natural)).toEqual(NATURAL);
  });

  it.each([
    [', van Gogh, Vincent', NATURAL[0]],
    [',Howell, III, PhD, 1922-1987, Thurston', NATURAL[1]],
    [', Acme Rocket Factory, Inc., The', NATURAL[2]],
    [', Mao Tse Tung', NATURAL[3]],
    [', McCartney, Paul, Sir,', NATURAL[4]],
    [', Health and Human Services, United States Government Department of, The,', NATURAL[5]],
  ])('naturalOrder(%j) is %j', (value, natural) => {
    expect(naturalOrder(value)).toBe(natural);
  });
});

describe('§7.6 ERC element encoding and dates', () => {
  it('decodes the expansion block into a correct and intact URL', () => {
    const [element] = parseAnvl(EX.expansion)[0]?.elements ?? [];
    expect(`${element?.label}: ${decodeErcEscapes(element?.value ?? '')}`).toBe(SPEC.expanded);
    expect(parseErcValue(element?.value ?? '').data).toBe(
      'http://foo.bar.org/node?db=foo&start=1&end=5&buf=2&query=foo+bar+zaf',
    );
  });

  it.each([
    ['1999', '1999'],
    ['2000 12 29', '20001229'],
    ['2000 12 29 235955', '20001229235955'],
  ])('TEMPER form %j normalizes to %j', (date, normalized) => {
    expect(normalizeTemper(date)).toEqual({ ok: true, value: normalized });
  });

  it.each(['2000 12 29 235955', '2000 12 29 23 59 55', '20001229 23 59 55', '20001229235955'])(
    '%j is equivalent to 20001229235955',
    (date) => {
      expect(normalizeTemper(date)).toEqual({ ok: true, value: '20001229235955' });
    },
  );

  it.each([
    ['1996-2000', [['1996', '2000']]],
    ['1952, 1957, 1969', [['1952'], ['1957'], ['1969']]],
    ['1952, 1958-1967, 1985', [['1952'], ['1958', '1967'], ['1985']]],
    ['20001229-20001231', [['20001229', '20001231']]],
  ])('%j is a range or list', (text, expected) => {
    const r = parseTemper(text);
    expect(
      r.ok && r.value.items.map((i) => (i.end ? [i.start.normalized, i.end.normalized] : [i.start.normalized])),
    ).toEqual(expected);
  });
});

describe('§7.7 stub records', () => {
  it('a group of elements that does not begin with "erc:" is a stub with no required elements', () => {
    const e = erc('what: (:791) Bee Stings\nin: EEG Clin Neurophysiol\n');
    expect(e.stub).toBe(true);
    expect(e.segments[0]?.label).toBeNull();
  });
});

describe('round trip of every example', () => {
  it.each(Object.keys(EX) as (keyof typeof EX)[])('%s is written back exactly as read', (name) => {
    expect(serializeAnvl(parseAnvl(EX[name]))).toBe(EX[name]);
    expect(serializeErc(erc(EX[name]))).toBe(EX[name]);
  });
});

describe('§6 THUMP sessions', () => {
  const record = ercFromObject({
    who: 'Lederberg, Joshua',
    what: 'Studies of Human Families for Genetic Linkage',
    when: '1974',
    where: 'http://profiles.nlm.nih.gov/BB/A/N/T/U/_/bbantu.pdf',
    support: {
      who: 'USNLM',
      what: 'Permanent, Unchanging Content',
      when: '20010421',
      where: 'http://ark.nlm.nih.gov/yy22948',
    },
  });
  const set = (inflection: string) => ({
    who: 'NLM',
    what: `12025/psbbantu${inflection}`,
    when: '20030731',
    where: `http://ark.nlm.nih.gov/ark:/12025/psbbantu${inflection}`,
  });

  /** The session as §6 prints it: numbered every fifth line, C: and S: prefixes. */
  function session(inflection: '?' | '??'): string {
    const headers = thumpHeaders(200);
    const body = formatThump({ inflection, set: set(inflection), records: [record] });
    const lines = [
      'C: [opens session]',
      `C: GET http://ark.nlm.nih.gov/ark:/12025/psbbantu${inflection} HTTP/1.1`,
      'C:',
      'S: HTTP/1.1 200 OK',
      ...Object.entries(headers).map(([k, v]) => `S: ${k}: ${v}`),
      'S:',
      ...body
        .trimEnd()
        .split('\n')
        .map((l) => `S: ${l}`),
      'S: [closes session]',
    ];
    return lines.map((l, i) => (i === 0 || (i + 1) % 5 === 0 ? `${i + 1} ${l}` : l)).join('\n');
  }

  it('"?" answers with the record-set header and the brief erc: record', () => {
    expect(collapse(session('?'))).toBe(SPEC.brief);
    expect(
      formatThump({ inflection: '?', set: set('?'), records: [record] }),
    ).toBe(`|set: NLM | 12025/psbbantu? | 20030731
    | http://ark.nlm.nih.gov/ark:/12025/psbbantu?
here: 1 | 1 | 1

erc:
who: Lederberg, Joshua
what: Studies of Human Families for Genetic Linkage
when: 1974
where: http://profiles.nlm.nih.gov/BB/A/N/T/U/_/bbantu.pdf
`);
  });

  it('"??" adds the erc-support: segment of the commitment', () => {
    expect(collapse(session('??'))).toBe(SPEC.commitment);
    const body = formatThump({ inflection: '??', set: set('??'), records: [record] });
    const [header, answer] = parseAnvl(body);
    expect(header?.elements.map((e) => e.label)).toEqual(['|set', 'here']);
    const parsed = parseErc(answer ?? { elements: [] });
    expect(parsed.ok && parsed.value.segments.map((s) => s.label)).toEqual(['erc', 'erc-support']);
  });

  it('the THUMP-Status line is the THUMP version and a normal return status', () => {
    expect(thumpStatus()).toBe('0.1 200 OK');
  });
});
