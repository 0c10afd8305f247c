/**
 * Invalid PDIs generated from the grammar of draft-mallery-urn-pdi-00 (rule names as restored in the
 * specs README): each rule builds a valid PDI from the grammar's parts, breaks one rule, and names that
 * rule's code (codes.ts) and offset. Both profiles read the same draft. Test code only (not in the
 * tarball): `@pidgate/pdi/testing`.
 */
import {
  ALPHA,
  badEscape,
  charsOf,
  DIGITS,
  type InvalidRule,
  invalidRule,
  LOWER,
  type Violation,
  violation,
} from '@pidgate/core/testing';
import fc from 'fast-check';
import type { PdiErrorCode } from '../codes.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Days of a month of the Gregorian calendar (ISO 8601), from the host's calendar. */
const monthDays = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

// OTHER = "(" / ")" / "-" / ":" / ";" / "$" / "_" / "!" / "'"
const UNIQUE_ID_CHARS = `${ALPHA}${DIGITS}()-:;$_!'`;
/** Characters in no class of the grammar (neither alpha, digit, other nor reserved). */
const OUTSIDE = [' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '[', ']', '~', '&', '\u00e9'];

const label = fc.constantFrom('urn:pdi:', 'URN:PDI:', 'pdi:', 'PDI:');
/** COMPONENT = alpha-hyphen-digits (one or more). */
const component = charsOf(`${LOWER}${DIGITS}-`, 1, 8);
const country = charsOf(LOWER, 2, 2);
/** DOCUMENT-SERIES = component *( "." component ) "." iso-country */
const series = fc
  .tuple(fc.array(component, { minLength: 1, maxLength: 3 }), country)
  .map(([parts, cc]) => [...parts, cc].join('.'));
const date = fc
  .tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.nat())
  .map(([y, m, d]) => `${y}/${pad(m, 2)}/${pad(1 + (d % monthDays(y, m)), 2)}`);
const uniqueId = charsOf(UNIQUE_ID_CHARS, 1, 8);
const formatToken = fc.oneof(fc.constantFrom('text', 'html', 'gif', 'xml', 'mp3'), charsOf(LOWER, 1, 6));
const version = fc.integer({ min: 1, max: 999 }).map(String);
/** `.format` or `.format.version`, or nothing. */
const formatVersion = fc.oneof(
  fc.constant(''),
  formatToken.map((f) => `.${f}`),
  fc.tuple(formatToken, version).map(([f, v]) => `.${f}.${v}`),
);

/** `label//series/date/id.format.version#` + the broken fragment (its offset counted from after "#"). */
const withFragment = (format: fc.Arbitrary<string>, broken: fc.Arbitrary<Violation>) =>
  fc.tuple(label, series, date, uniqueId, format, version, broken).map(([l, s, d, id, f, v, b]) => {
    const before = `${l}//${s}/${d}/${id}.${f}.${v}#`;
    return { input: `${before}${b.input}`, offset: b.offset === null ? null : before.length + b.offset };
  });
const n = fc.integer({ min: 0, max: 999 });
/** `start,end` with start <= end. */
const interval = fc.tuple(n, n).map(([a, b]) => (a <= b ? `${a},${b}` : `${b},${a}`));
/** A position that is not a non-negative integer: letters, or a parenthesized list. */
const notInteger = fc.oneof(
  charsOf(LOWER, 1, 4),
  fc.tuple(n, n).map(([a, b]) => `(${a},${b})`),
);
/** `scheme=` + positions, where position `k` is `bad`: the offset is that position's. */
const atPosition = (scheme: string, positions: readonly string[], k: number, bad: string): Violation => {
  const head = positions.slice(0, k);
  return violation(
    `${scheme}=${head.map((p) => `${p},`).join('')}`,
    bad,
    positions
      .slice(k + 1)
      .map((p) => `,${p}`)
      .join(''),
  );
};
const TEXT = fc.constantFrom('text', 'csv', 'markdown');
const IMAGE = fc.constantFrom('gif', 'png', 'jpeg');
const AUDIO = fc.constantFrom('wav', 'basic', 'audio%2Bmpeg');
const VIDEO = fc.constantFrom('quicktime', 'video%2bmp4');

const rule = invalidRule<PdiErrorCode>;

/** `label//series/` + the broken date + `/id…`. */
const withDate = (broken: fc.Arbitrary<Violation>) =>
  fc.tuple(label, series, broken, uniqueId, formatVersion).map(([l, s, b, id, fv]) => {
    const before = `${l}//${s}/`;
    return { input: `${before}${b.input}/${id}${fv}`, offset: b.offset === null ? null : before.length + b.offset };
  });

/** `label//series/date/` + the broken specifier. */
const withSpecifier = (broken: fc.Arbitrary<Violation>) =>
  fc.tuple(label, series, date, broken).map(([l, s, d, b]) => {
    const before = `${l}//${s}/${d}/`;
    return { input: `${before}${b.input}`, offset: b.offset === null ? null : before.length + b.offset };
  });

export const PDI_INVALID_RULES: readonly InvalidRule<PdiErrorCode>[] = [
  rule(
    '§1.1 URN = "urn:" pdi ; PDI = "pdi" ":" nss, the label misspelt',
    'pdi-label',
    fc
      .tuple(fc.constantFrom('urn:pd:', 'pd:', 'urn:pdix:', 'pdi/'), series, date, uniqueId)
      .map(([l, s, d, id]) => ({ input: `${l}//${s}/${d}/${id}`, offset: 0 })),
    { recognized: false },
  ),
  rule(
    'RESOURCE-IDENTIFIER = "//" document-series ...: the "//" missing',
    'resource-identifier',
    fc
      .tuple(label, fc.constantFrom('', '/', '\\\\', '/\\'), series, date, uniqueId)
      .map(([l, slashes, s, d, id]) => violation(l, '', `${slashes}${s}/${d}/${id}`)),
  ),
  rule(
    'DOCUMENT-SERIES: empty',
    'document-series',
    fc.tuple(label, date, uniqueId).map(([l, d, id]) => violation(`${l}//`, '', `/${d}/${id}`)),
  ),
  rule(
    'DOCUMENT-SERIES = component *( "." component ) "." iso-country: no country',
    'document-series',
    fc.tuple(label, component, date, uniqueId).map(([l, c, d, id]) => violation(`${l}//${c}`, '', `/${d}/${id}`)),
  ),
  rule(
    'COMPONENT = alpha-hyphen-digits: another character',
    'component',
    fc
      .tuple(label, charsOf(LOWER, 0, 4), fc.constantFrom(...OUTSIDE, '_', '!', '(', ':', '%', '*', '@'), component)
      .chain(([l, a, bad, b]) =>
        fc.tuple(country, date).map(([cc, d]) => violation(`${l}//${a}`, bad, `${b}.${cc}/${d}/1`)),
      ),
  ),
  rule(
    'COMPONENT: one or more characters (an empty one between dots)',
    'component',
    fc.tuple(label, component, country, date).map(([l, c, cc, d]) => violation(`${l}//${c}.`, '', `.${cc}/${d}/1`)),
  ),
  rule(
    'ISO-COUNTRY: two letters (ISO 3166)',
    'iso-country',
    fc
      .tuple(label, component, fc.constantFrom('usa', 'u', 'u1', '12', 'gov'), date)
      .map(([l, c, cc, d]) => violation(`${l}//${c}.`, '', `${cc}/${d}/1`)),
  ),
  rule(
    'ISO-DATE = year "/" month "/" day "/" specifier: cut off after the series',
    'iso-date',
    fc.tuple(label, series).map(([l, s]) => violation(`${l}//${s}`, '')),
  ),
  rule(
    'YEAR = 4*digit / wildcard: another character',
    'year',
    withDate(
      fc
        .tuple(charsOf(DIGITS, 0, 3), fc.constantFrom(...'abxT-.', ...OUTSIDE), charsOf(DIGITS, 0, 3))
        .map(([a, bad, b]) => violation(a, bad, `${b}/01/01`)),
    ),
  ),
  rule(
    'YEAR = 4*digit: fewer than 4',
    'year',
    withDate(charsOf(DIGITS, 1, 3).map((y) => violation('', '', `${y}/01/01`))),
  ),
  rule(
    'MONTH = 2*digit: fewer than 2, or another character',
    'month',
    withDate(
      fc.oneof(
        fc.constantFrom(...'123456789').map((m) => violation('1997/', '', `${m}/01`)),
        fc
          .tuple(fc.constantFrom(...'01'), fc.constantFrom(...'abx-.', ...OUTSIDE))
          .map(([a, bad]) => violation(`1997/${a}`, bad, '/01')),
      ),
    ),
  ),
  rule(
    'DAY = 2*digit: fewer than 2',
    'day',
    withDate(fc.constantFrom(...'123456789').map((d) => violation('1997/01/', '', d))),
  ),
  rule(
    'WILDCARD = "*" stands alone for a whole field',
    'wildcard',
    withDate(
      fc.tuple(charsOf(DIGITS, 1, 3), charsOf(DIGITS, 0, 2)).map(([a, b]) => violation(`${a}`, '*', `${b}/01/01`)),
    ),
  ),
  rule(
    'ISO 8601: a month is 01 to 12',
    'calendar-month',
    withDate(
      fc
        .tuple(fc.integer({ min: 1990, max: 2030 }), fc.constantFrom(0, 13, 20, 99))
        .map(([y, m]) => violation(`${y}/`, '', `${pad(m, 2)}/01`)),
    ),
  ),
  rule(
    'ISO 8601: the day exists in that month',
    'calendar-day',
    withDate(
      fc
        .tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.nat(60))
        .map(([y, m, extra]) =>
          violation(`${y}/${pad(m, 2)}/`, '', pad(extra === 0 ? 0 : Math.min(99, monthDays(y, m) + extra), 2)),
        ),
    ),
  ),
  rule(
    'UNIQUE-ID: missing',
    'unique-id',
    fc.tuple(label, series, date, formatVersion).map(([l, s, d, fv]) => violation(`${l}//${s}/${d}/`, '', fv)),
  ),
  rule(
    'UNIQUE-ID = alpha / digit / other / "%" hex hex: another character',
    'unique-id',
    withSpecifier(
      fc
        .tuple(charsOf(UNIQUE_ID_CHARS, 0, 5), fc.constantFrom(...OUTSIDE), charsOf(UNIQUE_ID_CHARS, 0, 5))
        .map(([a, bad, b]) => violation(a, bad, b)),
    ),
  ),
  rule(
    '§1.2.5 reserved characters are %-encoded where they are not syntax',
    'reserved',
    withSpecifier(
      fc
        .tuple(charsOf(UNIQUE_ID_CHARS, 0, 5), fc.constantFrom(',', '/', '=', '?', '+'), charsOf(UNIQUE_ID_CHARS, 0, 5))
        .map(([a, bad, b]) => violation(a, bad, b)),
    ),
  ),
  rule(
    '"%" hex hex, in the unique id',
    'pct-encoded',
    withSpecifier(
      fc
        .tuple(charsOf(UNIQUE_ID_CHARS, 0, 5), badEscape, charsOf(UNIQUE_ID_CHARS, 0, 5))
        .map(([a, bad, b]) => violation(a, bad, b)),
    ),
  ),
  rule(
    '§2.5 FORMAT = media-type-token / wildcard: missing, or another character',
    'format',
    withSpecifier(
      fc.oneof(
        fc.tuple(uniqueId, fc.constantFrom('', '.1')).map(([id, tail]) => violation(`${id}.`, '', tail)),
        fc
          .tuple(uniqueId, charsOf(LOWER, 0, 4), fc.constantFrom('_', '!', '(', ':', ' ', '~'), charsOf(LOWER, 0, 3))
          .map(([id, a, bad, b]) => violation(`${id}.${a}`, bad, b)),
      ),
    ),
  ),
  rule(
    '§2.6 VERSION = digits / wildcard, a positive integer',
    'version',
    withSpecifier(
      fc.oneof(
        fc.tuple(uniqueId, formatToken).map(([id, f]) => violation(`${id}.${f}.`, '')),
        fc
          .tuple(uniqueId, formatToken, fc.constantFrom('0', '00', '000'))
          .map(([id, f, zeros]) => violation(`${id}.${f}.`, '', zeros)),
        fc
          .tuple(uniqueId, formatToken, charsOf(DIGITS, 0, 2), fc.constantFrom('a', '.', '-', '_', ' '))
          .map(([id, f, a, bad]) => violation(`${id}.${f}.1${a}`, bad)),
      ),
    ),
  ),
  rule(
    '§2.5 a fragment or citation needs a format',
    'format-required',
    fc
      .tuple(label, series, date, uniqueId, fc.constantFrom('#0,1', '#char=0,1', '@0=pdi://a.us/1997/01/01/1.text.1'))
      .map(([l, s, d, id, tail]) => violation(`${l}//${s}/${d}/${id}`, '', tail)),
  ),
  rule(
    '§2.6 a fragment or citation needs a version',
    'version-required',
    fc
      .tuple(label, series, date, uniqueId, fc.constantFrom('#0,1', '#char=0,1', '@0=pdi://a.us/1997/01/01/1.text.1'))
      .map(([l, s, d, id, tail]) => violation(`${l}//${s}/${d}/${id}.text`, '', tail)),
  ),
  rule(
    'a fragment names one fixed representation: no wildcard',
    'wildcard-fragment',
    fc
      .tuple(label, series, fc.integer({ min: 0, max: 3 }), fc.constantFrom('#0,1', '#char=0,1'))
      .map(([l, s, which, tail]) => {
        const fields = ['1997', '01', '01', 'x1'];
        fields[which] = '*';
        return violation(`${l}//${s}/${fields.slice(0, 3).join('/')}/${fields[3]}.text.1`, '', tail);
      }),
  ),
  rule(
    '§3.3 the fragment scheme may be omitted only where the media type has a default',
    'fragment-scheme-required',
    withFragment(
      fc.constantFrom('octet-stream'),
      interval.map((i) => violation('', '', i)),
    ),
  ),
  rule(
    '§3.4 a built-in fragment scheme is used with the media types it is defined for',
    'fragment-scheme-media-type',
    fc.oneof(
      withFragment(
        TEXT,
        fc.constantFrom('rect=(0,0),(1,1)', 'crop=sec,1,2', 'sec=1,2', 'elt=1,2').map((f) => violation('', '', f)),
      ),
      withFragment(
        IMAGE,
        fc.constantFrom('char=0,1', 'sec=1,2', 'name=a,b').map((f) => violation('', '', f)),
      ),
    ),
  ),
  rule(
    'FRAGMENT-SCHEME = "char" / ... / ext-fragment-scheme (alpha-hyphen) before "="',
    'fragment-scheme',
    withFragment(
      TEXT,
      interval.map((i) => violation('', '', `=${i}`)),
    ),
  ),
  rule(
    '§3.4.4 position schemes MUST NOT be intermixed',
    'position-scheme-mixed',
    withFragment(
      AUDIO,
      fc
        .tuple(n, fc.constantFrom('msec', 'sec', 'char'), n)
        .map(([a, other, b]) => violation(`sec=${a},${other}`, '=', `${b}`)),
    ),
  ),
  rule(
    'POSITION = item / "(" item *( "," item ) ")": another character',
    'position',
    withFragment(
      TEXT,
      fc
        .tuple(n, n, fc.constantFrom('"', '<', '{', '^', '|', '['))
        .map(([a, b, bad]) => violation(`char=${a},${b}`, bad)),
    ),
  ),
  rule(
    'each fragment scheme takes a fixed number of positions',
    'position-count',
    withFragment(
      TEXT,
      fc.oneof(
        n.map((a) => violation('char=', '', `${a}`)),
        fc.tuple(interval, n).map(([i, c]) => violation(`char=${i},`, '', `${c}`)),
      ),
    ),
  ),
  rule(
    '§3.4.1 start-char, end-char = digits',
    'char-position',
    withFragment(
      TEXT,
      fc.tuple(n, notInteger, fc.nat(1)).map(([a, bad, k]) => atPosition('char', [`${a}`, `${a}`], k, bad)),
    ),
  ),
  rule(
    '§3.4.2 element-position = digits',
    'element-position',
    withFragment(
      fc.constantFrom('html', 'xml'),
      fc.tuple(n, notInteger, fc.nat(1)).map(([a, bad, k]) => atPosition('elt', [`${a}`, `${a}`], k, bad)),
    ),
  ),
  rule(
    '§3.4.2 element-name = urn-chars (one item)',
    'element-name',
    withFragment(
      fc.constant('html'),
      fc
        .tuple(charsOf(LOWER, 1, 5), n, n, fc.nat(1))
        .map(([name, a, b, k]) => atPosition('name', [name, name], k, `(${a},${b})`)),
    ),
  ),
  rule(
    '§3.4.5 2-DIM-COORDINATE = "(" x-coordinate "," y-coordinate ")"',
    '2-dim-coordinate',
    withFragment(
      IMAGE,
      fc
        .tuple(
          n,
          n,
          fc.oneof(
            n.map(String),
            fc.tuple(n, n, n).map(([a, b, c]) => `(${a},${b},${c})`),
          ),
          fc.nat(1),
        )
        .map(([x, y, bad, k]) => atPosition('rect', [`(${x},${y})`, `(${x},${y})`], k, bad)),
    ),
  ),
  rule(
    '§3.4.5 frame = digits',
    'frame-number',
    withFragment(
      IMAGE,
      fc.tuple(n, n, notInteger).map(([x, y, bad]) => atPosition('rect', [`(${x},${y})`, `(${x},${y})`, ''], 2, bad)),
    ),
  ),
  rule(
    '§3.4.4 start-time, end-time = digits',
    'time',
    withFragment(
      AUDIO,
      fc
        .tuple(fc.constantFrom('sec', 'msec'), n, notInteger, fc.nat(1))
        .map(([unit, a, bad, k]) => atPosition(unit, [`${a}`, `${a}`], k, bad)),
    ),
  ),
  rule(
    '§3.4.4 a crop names its time-position-scheme: "msec" / "sec" / an extension',
    'time-position-scheme',
    withFragment(
      VIDEO,
      fc
        .tuple(fc.constantFrom('char', 'elt', 'rect', 'byte', '12', '(1,2)'), interval)
        .map(([bad, i]) => violation('crop=', bad, `,${i}`)),
    ),
  ),
  rule(
    'byte=start,end: digits',
    'byte-position',
    withFragment(
      fc.constantFrom('octet-stream', 'pdf', 'text'),
      fc.tuple(n, notInteger, fc.nat(1)).map(([a, bad, k]) => atPosition('byte', [`${a}`, `${a}`], k, bad)),
    ),
  ),
  rule(
    'EXT-POSITION = alphadigits, or a parenthesized list of them',
    'ext-position',
    withFragment(
      TEXT,
      fc
        .tuple(
          charsOf(LOWER, 2, 5).map((x) => `zz${x}`),
          charsOf(LOWER, 1, 3),
          fc.constantFrom('-', '_', ':', '$', '!'),
          charsOf(LOWER, 1, 3),
        )
        .map(([scheme, a, bad, b]) => violation(`${scheme}=`, `${a}${bad}${b}`)),
    ),
  ),
  rule(
    'an interval does not start after it ends',
    'interval-order',
    withFragment(
      TEXT,
      fc
        .tuple(fc.integer({ min: 1, max: 999 }), fc.nat(998))
        .map(([a, d]) => [a, Math.min(d, a - 1)] as const)
        .map(([a, b]) => violation(`char=${a},`, '', `${b}`)),
    ),
  ),
  rule(
    'CITATION-SPECIFIER = "@" origin-position "=" pdi: the "=" missing',
    'citation-specifier',
    fc
      .tuple(label, series, date, uniqueId, n)
      .map(([l, s, d, id, o]) => violation(`${l}//${s}/${d}/${id}.text.1@${o}`, '')),
  ),
  rule(
    'ORIGIN-POSITION = position: empty',
    'origin-position',
    fc
      .tuple(label, series, date, uniqueId)
      .map(([l, s, d, id]) => violation(`${l}//${s}/${d}/${id}.text.1@`, '', '=pdi://a.us/1997/01/01/1.text.1')),
  ),
  rule(
    'citations nest at most 32 deep',
    'citation-depth',
    fc.tuple(label, series, fc.integer({ min: 33, max: 40 })).map(([l, s, depth]) => {
      const cite = '@0=pdi://a.us/1997/01/01/1.text.1';
      const head = `${l}//${s}/1997/01/01/1.text.1`;
      return violation(head + cite.repeat(32), '', cite.repeat(depth - 32));
    }),
  ),
];
