/**
 * Invalid PWIDs generated from the draft-07 ABNF (`source`) and the IANA registration of 2022
 * (`modern`): each rule builds a valid PWID from the ABNF's parts, breaks one rule, and names that
 * rule's code (codes.ts) and offset. Test code only (not in the tarball): `@pidgate/pwid/testing`.
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
import type { PwidErrorCode, ReplayErrorCode } from '../codes.ts';

const UNRESERVED = `${ALPHA}${DIGITS}-._~`;
const LET_DIG = `${LOWER}${DIGITS}`;
/** Characters that are neither letter, digit, hyphen, ".", ":" nor "~" (so no other archive-id rule applies). */
const NOT_LDH = ['_', '!', '$', '&', '+', ',', ';', '=', '@', '*', ' ', '/', '%', '\u00e9'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Days of a month of the Gregorian calendar (ISO 8601), from the host's calendar, not the parser's. */
const monthDays = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** RFC 1034 §3.5 / RFC 1123 §2.1 label: let-dig [ *ldh let-dig ]. */
const domainLabel = fc
  .tuple(fc.constantFrom(...LET_DIG), charsOf(`${LET_DIG}-`, 0, 6), fc.constantFrom(...LET_DIG))
  .map(([a, mid, z]) => `${a}${mid}${z}`);
/** A top label: starts with a letter. */
const topLabel = charsOf(LOWER, 2, 6);
const domain = fc
  .tuple(fc.array(domainLabel, { minLength: 1, maxLength: 3 }), topLabel)
  .map(([labels, top]) => [...labels, top].join('.'));
const registeredId = charsOf(UNRESERVED, 1, 8).map((id) => `~${id}`);

const date = fc
  .tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.nat())
  .map(([y, m, d]) => ({ y, m, d: 1 + (d % monthDays(y, m)) }));
const dateText = date.map(({ y, m, d }) => `${y}-${pad(m, 2)}-${pad(d, 2)}`);
const hh = fc.integer({ min: 0, max: 23 }).map((h) => pad(h, 2));
const mm = fc.integer({ min: 0, max: 59 }).map((m) => pad(m, 2));
/** utc-time: hh ":" mm [":" ss ["." 1*9DIGIT]], seconds 00-59. */
const utcTime = fc
  .tuple(hh, mm, fc.option(fc.tuple(mm, fc.option(charsOf(DIGITS, 1, 9), { nil: null })), { nil: null }))
  .map(([h, m, s]) => `${h}:${m}${s === null ? '' : `:${s[0]}${s[1] === null ? '' : `.${s[1]}`}`}`);
const archivalTime = fc
  .tuple(dateText, fc.option(utcTime, { nil: null }))
  .map(([d, t]) => `${d}${t === null ? '' : `T${t}`}Z`);

const sourcePrecision = fc.oneof(
  fc.constantFrom('part', 'page', 'subsite', 'site', 'collection', 'recording', 'snapshot', 'PAGE'),
  charsOf(ALPHA, 1, 8),
);
const modernPrecision = fc.constantFrom('part', 'page', 'PART', 'Page');
const uriHost = fc.oneof(domain, fc.constantFrom('127.0.0.1', 'host'));
const uriPath = fc.array(charsOf(`${ALPHA}${DIGITS}-._~!$&'()*+,;=:@`, 0, 8), { maxLength: 3 }).map((s) => s.join('/'));
const uri = fc.tuple(fc.constantFrom('http', 'https', 'HTTP'), uriHost, uriPath).map(([s, h, p]) => `${s}://${h}/${p}`);

const sourceLabel = fc.constantFrom('urn:pwid:', 'URN:PWID:', 'Urn:Pwid:', 'pwid:');
const modernLabel = fc.constantFrom('urn:pwid:', 'URN:PWID:');

/** The parts of a valid PWID, each a string, in order. */
interface Parts {
  readonly label: string;
  readonly archive: string;
  readonly time: string;
  readonly precision: string;
  readonly item: string;
}
const sourceParts: fc.Arbitrary<Parts> = fc.record({
  label: sourceLabel,
  archive: fc.oneof({ weight: 3, arbitrary: domain }, { weight: 1, arbitrary: registeredId }),
  time: archivalTime,
  precision: sourcePrecision,
  item: fc.oneof({ weight: 3, arbitrary: uri }, { weight: 1, arbitrary: registeredId }),
});
const modernParts: fc.Arbitrary<Parts> = fc.record({
  label: modernLabel,
  archive: domain,
  time: archivalTime,
  precision: modernPrecision,
  item: uri,
});

/** A PWID with `broken` in place of one part (the others valid), the offset measured from that part. */
function breakPart<K extends keyof Parts>(
  parts: fc.Arbitrary<Parts>,
  key: K,
  broken: fc.Arbitrary<Violation>,
): fc.Arbitrary<Violation> {
  return fc.tuple(parts, broken).map(([p, b]) => {
    const all = { ...p, [key]: b.input };
    const before =
      key === 'label'
        ? ''
        : key === 'archive'
          ? p.label
          : key === 'time'
            ? `${p.label}${p.archive}:`
            : key === 'precision'
              ? `${p.label}${p.archive}:${p.time}:`
              : `${p.label}${p.archive}:${p.time}:${p.precision}:`;
    const input = `${all.label}${all.archive}:${all.time}:${all.precision}:${all.item}`;
    return { input, offset: b.offset === null ? null : before.length + b.offset };
  });
}

/** The PWID cut off just after `key` (its ":" and the rest missing). */
function cutAfter(parts: fc.Arbitrary<Parts>, key: 'archive' | 'time' | 'precision'): fc.Arbitrary<Violation> {
  return parts.map((p) => {
    const input =
      key === 'archive'
        ? `${p.label}${p.archive}`
        : key === 'time'
          ? `${p.label}${p.archive}:${p.time}`
          : `${p.label}${p.archive}:${p.time}:${p.precision}`;
    return { input, offset: input.length };
  });
}

const rule = invalidRule<PwidErrorCode>;

/** A time field broken in place: the date with one character replaced, and where its field starts. */
const brokenDate: fc.Arbitrary<Violation> = fc
  .tuple(dateText, fc.integer({ min: 0, max: 9 }), fc.constantFrom(...'abxT/_ '))
  .map(([d, k, c]) => {
    // utc-date = 4DIGIT "-" 2DIGIT "-" 2DIGIT: a year character is reported where it is, the
    // month's and the day's at the start of their field, the hyphens at the field they end.
    const field = k <= 4 ? k : k <= 7 ? 5 : 8;
    return { input: `${d.slice(0, k)}${c}${d.slice(k + 1)}Z`, offset: field };
  });

const SOURCE_RULES: InvalidRule<PwidErrorCode>[] = [
  rule(
    'archive-id = domain / "~" registered-archive-id: empty',
    'archive-id-empty',
    breakPart(sourceParts, 'archive', fc.constant(violation('', ''))),
  ),
  rule(
    'domain label = let-dig [*ldh let-dig]: another character',
    'archive-id-domain',
    breakPart(
      sourceParts,
      'archive',
      fc
        .tuple(charsOf(LET_DIG, 1, 5), fc.constantFrom(...NOT_LDH), charsOf(LET_DIG, 1, 5), topLabel)
        .map(([a, bad, b, top]) => violation(a, bad, `${b}.${top}`)),
    ),
  ),
  rule(
    'domain label: a hyphen at its start or end, or empty',
    'archive-id-domain',
    breakPart(
      sourceParts,
      'archive',
      fc
        .tuple(charsOf(LET_DIG, 1, 5), fc.constantFrom('-', 'end-', 'empty'), topLabel)
        .map(([a, how, top]) =>
          how === '-'
            ? violation('', '-', `${a}.${top}`)
            : how === 'end-'
              ? violation(a, '-', `.${top}`)
              : violation(`${a}.`, '', `.${top}`),
        ),
    ),
  ),
  rule(
    'domain: the last label starts with a letter',
    'archive-id-domain',
    breakPart(
      sourceParts,
      'archive',
      fc
        .tuple(domainLabel, fc.constantFrom(...DIGITS), charsOf(LOWER, 0, 4))
        .map(([a, d, b]) => violation(`${a}.`, d, b)),
    ),
  ),
  rule(
    'domain label: at most 63 characters',
    'archive-id-length',
    breakPart(
      sourceParts,
      'archive',
      fc.tuple(charsOf(LOWER, 64, 70), topLabel).map(([long, top]) => ({ input: `${long}.${top}`, offset: 63 })),
    ),
  ),
  rule(
    'registered-archive-id = 1*unreserved: empty or another character',
    'registered-archive-id',
    breakPart(
      sourceParts,
      'archive',
      fc
        .tuple(charsOf(UNRESERVED, 0, 5), fc.constantFrom('!', '$', '@', '/', '%', '*', ' '))
        .map(([a, bad]) => (a === '' ? violation('~', '') : violation(`~${a}`, bad))),
    ),
  ),
  rule('archive-id ":" archival-time: cut off', 'archive-id-unterminated', cutAfter(sourceParts, 'archive')),
  rule('utc-date = 4DIGIT "-" 2DIGIT "-" 2DIGIT', 'utc-date', breakPart(sourceParts, 'time', brokenDate)),
  rule(
    'utc-month = 01-12',
    'utc-month',
    breakPart(
      sourceParts,
      'time',
      fc
        .tuple(fc.integer({ min: 1990, max: 2030 }), fc.constantFrom(0, 13, 20, 99))
        .map(([y, m]) => ({ input: `${y}-${pad(m, 2)}-01Z`, offset: 5 })),
    ),
  ),
  rule(
    'utc-day = 01-28/29/30/31 by month and year',
    'utc-day',
    breakPart(
      sourceParts,
      'time',
      fc
        .tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.nat(60))
        .map(([y, m, extra]) => {
          const d = extra === 0 ? 0 : Math.min(99, monthDays(y, m) + extra);
          return { input: `${y}-${pad(m, 2)}-${pad(d, 2)}Z`, offset: 8 };
        }),
    ),
  ),
  rule(
    'utc-time = utc-hour ...: the hour is 2 digits',
    'utc-time',
    breakPart(
      sourceParts,
      'time',
      fc.tuple(dateText, fc.constantFrom('ab', 'x1', ':0', 'T0')).map(([d, h]) => violation(`${d}T`, h, ':00Z')),
    ),
  ),
  rule(
    'utc-hour = 00-23',
    'utc-hour',
    breakPart(
      sourceParts,
      'time',
      fc.tuple(dateText, fc.integer({ min: 24, max: 99 }), mm).map(([d, h, m]) => violation(`${d}T`, `${h}`, `:${m}Z`)),
    ),
  ),
  rule(
    'utc-minute = 00-59',
    'utc-minute',
    breakPart(
      sourceParts,
      'time',
      fc.tuple(dateText, hh, fc.integer({ min: 60, max: 99 })).map(([d, h, m]) => violation(`${d}T${h}:`, `${m}`, 'Z')),
    ),
  ),
  rule(
    'utc-time = utc-hour ":" utc-minute (draft-07): an hour alone',
    'utc-minute',
    breakPart(
      sourceParts,
      'time',
      fc.tuple(dateText, hh).map(([d, h]) => violation(`${d}T${h}`, '', 'Z')),
    ),
  ),
  rule(
    'utc-second = 00-59 (60 at a leap second)',
    'utc-second',
    breakPart(
      sourceParts,
      'time',
      fc
        .tuple(dateText, hh, mm, fc.integer({ min: 61, max: 99 }))
        .map(([d, h, m, s]) => violation(`${d}T${h}:${m}:`, `${s}`, 'Z')),
    ),
  ),
  rule(
    'utc-second 60 only at 23:59 of a leap-second day',
    'leap-second',
    breakPart(
      sourceParts,
      'time',
      fc
        .tuple(
          dateText,
          hh,
          fc.integer({ min: 0, max: 58 }).map((m) => pad(m, 2)),
        )
        .map(([d, h, m]) => violation(`${d}T${h}:${m}:`, '60', 'Z')),
    ),
  ),
  rule(
    'secfrac = "." 1*9DIGIT',
    'secfrac',
    breakPart(
      sourceParts,
      'time',
      fc
        .tuple(dateText, hh, mm, mm, fc.oneof(fc.constant(''), charsOf(DIGITS, 10, 12)))
        .map(([d, h, m, s, frac]) =>
          frac === ''
            ? violation(`${d}T${h}:${m}:${s}.`, '', 'Z')
            : violation(`${d}T${h}:${m}:${s}.${frac.slice(0, 9)}`, frac.slice(9), 'Z'),
        ),
    ),
  ),
  rule(
    'archival-time = utc-date ["T" utc-time] "Z": the "Z" missing',
    'time-zone',
    breakPart(
      sourceParts,
      'time',
      fc
        .tuple(dateText, fc.option(fc.tuple(hh, mm), { nil: null }), fc.constantFrom('', 'X', '+01', '-05'))
        .map(([d, t, tail]) => violation(`${d}${t === null ? '' : `T${t[0]}:${t[1]}`}`, tail)),
    ),
  ),
  rule('archival-time ":" precision-spec: cut off', 'archival-time-unterminated', cutAfter(sourceParts, 'time')),
  rule(
    'precision-spec: empty',
    'precision-spec-empty',
    breakPart(sourceParts, 'precision', fc.constant(violation('', ''))),
  ),
  rule(
    'precision-spec = ... / extension, extension = 1*ALPHA: another character',
    'precision-spec-character',
    breakPart(
      sourceParts,
      'precision',
      fc
        .tuple(charsOf(ALPHA, 0, 6), fc.constantFrom(...DIGITS, '-', '_', '.', '~', ' ', '%'), charsOf(ALPHA, 0, 4))
        .map(([a, bad, b]) => violation(a, bad, b)),
    ),
  ),
  rule(
    'precision-spec ":" archived-item-id: cut off',
    'precision-spec-unterminated',
    cutAfter(sourceParts, 'precision'),
  ),
  rule(
    'archived-item-id: empty',
    'archived-item-id-empty',
    breakPart(sourceParts, 'item', fc.constant(violation('', ''))),
  ),
  rule(
    'registered-item-id = 1*unreserved: empty or another character',
    'registered-item-id',
    breakPart(
      sourceParts,
      'item',
      fc
        .tuple(
          charsOf(UNRESERVED, 0, 5),
          fc.constantFrom('!', '$', '@', '/', '%', ':', ' ', '?'),
          charsOf(UNRESERVED, 0, 3),
        )
        .map(([a, bad, b]) => (a === '' && b === '' ? violation('~', '') : violation(`~${a}`, bad, b))),
    ),
  ),
  rule(
    'RFC 3986 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"',
    'uri-scheme',
    breakPart(
      sourceParts,
      'item',
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...DIGITS, '+', '.', '-'), uriHost)
          .map(([bad, h]) => violation('', bad, `http://${h}/`)),
        fc
          .tuple(charsOf(LOWER, 1, 4), fc.constantFrom('_', '!', '*', '/'), uriHost)
          .map(([a, bad, h]) => violation(a, bad, `tp://${h}/`)),
      ),
    ),
  ),
  rule(
    'RFC 3986 port = *DIGIT',
    'uri-port',
    breakPart(
      sourceParts,
      'item',
      fc
        .tuple(uriHost, charsOf(DIGITS, 0, 3), fc.constantFrom(...'abxZ_!'), uriPath)
        .map(([h, a, bad, p]) => violation(`http://${h}:${a}`, bad, `/${p}`)),
    ),
  ),
  rule(
    'RFC 3986 pct-encoded = "%" HEXDIG HEXDIG, in the path',
    'pct-encoded',
    breakPart(
      sourceParts,
      'item',
      fc.tuple(uri, badEscape, charsOf(LOWER, 0, 4)).map(([u, bad, b]) => violation(u, bad, b)),
    ),
  ),
  rule(
    'RFC 3986 path = *( pchar / "/" ): another character',
    'uri-character',
    breakPart(
      sourceParts,
      'item',
      fc
        .tuple(uri, fc.constantFrom(' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u00e9'), charsOf(LOWER, 0, 4))
        .map(([u, bad, b]) => violation(u, bad, b)),
    ),
  ),
];

const REPLAY_PREFIX = fc.constantFrom(
  'https://web.archive.org/web/',
  'http://web.archive.org/web/',
  'https://arquivo.pt/wayback/',
);

/** Replay URLs (read as the PWID they stand for): the Wayback pattern `<prefix><timestamp>/<uri>`. */
const REPLAY_RULES: InvalidRule<PwidErrorCode | ReplayErrorCode>[] = [
  {
    rule: 'RFC 3986 host = IP-literal / IPv4address / reg-name: an IP-literal that is none',
    code: 'uri-host',
    arbitrary: breakPart(
      sourceParts,
      'item',
      fc
        .tuple(fc.constantFrom('zz', '1:2:3', 'v', '::g', '1.2.3.4'), uriPath)
        .map(([literal, p]) => ({ input: `http://[${literal}]/${p}`, offset: null })),
    ),
  },
  {
    rule: 'a Wayback timestamp with a PWID form: 8, 10, 12 or 14 digits',
    code: 'replay-timestamp',
    arbitrary: fc
      .tuple(REPLAY_PREFIX, fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9, 11, 13), uri)
      .chain(([prefix, width, u]) =>
        fc
          .tuple(fc.integer({ min: 1996, max: 2030 }), charsOf(DIGITS, 10, 10))
          .map(([y, rest]) => ({ input: `${prefix}${`${y}${rest}`.slice(0, width)}/${u}`, offset: null })),
      ),
  },
  {
    rule: 'the archived URI of a replay URL names a host',
    code: 'replay-host',
    arbitrary: fc
      .tuple(REPLAY_PREFIX, date, fc.constantFrom('http', 'https'), uriPath)
      .map(([prefix, { y, m, d }, scheme, p]) => ({
        input: `${prefix}${y}${pad(m, 2)}${pad(d, 2)}/${scheme}:///${p}`,
        offset: null,
      })),
  },
];

const MODERN_RULES: InvalidRule<PwidErrorCode>[] = [
  rule(
    'IANA: pwid-urn = "urn:" pwid-NID ":" ..., the bare "pwid:"',
    'bare-pwid-label',
    breakPart(
      modernParts,
      'label',
      fc.constantFrom('pwid:', 'PWID:').map((l) => ({ input: l, offset: 0 })),
    ),
    { profile: 'modern' },
  ),
  rule(
    'IANA: archive-id = domain (no "~")',
    'registered-id-not-allowed',
    breakPart(
      modernParts,
      'archive',
      registeredId.map((id) => violation('', id)),
    ),
    { profile: 'modern' },
  ),
  rule(
    'IANA: archived-item-id = uri-string (no "~")',
    'registered-id-not-allowed',
    breakPart(
      modernParts,
      'item',
      registeredId.map((id) => violation('', id)),
    ),
    { profile: 'modern' },
  ),
  rule(
    'IANA: precision-spec = "part" / "page"',
    'precision-spec-value',
    breakPart(
      modernParts,
      'precision',
      fc
        .oneof(
          fc.constantFrom('site', 'subsite', 'collection', 'recording', 'snapshot'),
          charsOf(ALPHA, 1, 8).filter((p) => !['part', 'page'].includes(p.toLowerCase())),
        )
        .map((p) => violation('', p)),
    ),
    { profile: 'modern' },
  ),
  rule(
    'IANA: utc-time with ":" separators (not the 2017 form hhmmss)',
    'legacy-time-form',
    breakPart(
      modernParts,
      'time',
      fc.tuple(dateText, hh, mm, mm).map(([d, h, m, s]) => violation(`${d}T${h}`, '', `${m}${s}Z`)),
    ),
    { profile: 'modern' },
  ),
  rule(
    'IANA: "[", "]", "?", "#" of the URI are %-encoded',
    'uri-unencoded-character',
    breakPart(
      modernParts,
      'item',
      fc
        .tuple(uri, fc.constantFrom('?', '#', '[', ']'), charsOf(LOWER, 0, 4))
        .map(([u, bad, b]) => violation(u, bad, b)),
    ),
    { profile: 'modern' },
  ),
  rule(
    'IANA: the "%" of a URI escape is itself encoded ("%25")',
    'uri-unencoded-percent',
    breakPart(
      modernParts,
      'item',
      fc
        .tuple(uri, fc.constantFrom('%20', '%41', '%2f', '%C3%A6', '%7E'), charsOf(LOWER, 0, 4))
        .map(([u, esc, b]) => violation(u, esc, b)),
    ),
    { profile: 'modern' },
  ),
];

export const PWID_INVALID_RULES: readonly InvalidRule<PwidErrorCode | ReplayErrorCode>[] = [
  ...SOURCE_RULES,
  ...REPLAY_RULES,
  ...MODERN_RULES,
];
