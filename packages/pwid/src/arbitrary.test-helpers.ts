import type { PidError, Profile, Result } from '@pidgate/core';
import fc from 'fast-check';
import { buildPwid } from './format.ts';
import { normalizePwid } from './normalize.ts';
import { parsePwid } from './parse.ts';

/** `parsePwid` then `normalizePwid`: the key of a string, or its parse error. */
export function pwidKey(s: string, profile: Profile = 'source'): Result<string, PidError> {
  const r = parsePwid(s, { profile });
  return r.ok ? { ok: true, value: normalizePwid(r.value, { profile }) } : r;
}

import { daysInMonth, isLeapSecond } from './time.ts';

/** Valid draft-07 archival times, at every granularity. */
export const archivalTimeArb = fc
  .record({
    year: fc.integer({ min: 1990, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 60 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: null }),
    granularity: fc.integer({ min: 0, max: 3 }),
  })
  .map((t) => {
    const day = Math.min(t.day, daysInMonth(t.year, t.month));
    const second = t.second === 60 && !isLeapSecond(t.year, t.month, day, t.hour, t.minute) ? 59 : t.second;
    const g = t.granularity;
    return {
      year: t.year,
      month: t.month,
      day,
      hour: g >= 1 ? t.hour : null,
      minute: g >= 1 ? t.minute : null,
      second: g >= 2 ? second : null,
      fraction: g >= 3 ? t.fraction : null,
    };
  });

const segment = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,8}$/);
/** http(s) URIs with ports, colons, queries, fragments, escapes and upper-case hosts. */
export const uriArb = fc
  .record({
    scheme: fc.constantFrom('http', 'https', 'HTTP'),
    host: fc.constantFrom('www.dr.dk', 'WWW.Example.COM', 'host', '127.0.0.1', '[::1]', 'x-y.org'),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null }),
    path: fc.array(fc.oneof(segment, fc.constantFrom('%2f', '%C3%A6', 'a:b')), { maxLength: 4 }),
    query: fc.option(fc.constantFrom('q=1', 'a=%20b&c', 'x?y'), { nil: null }),
    fragment: fc.option(fc.constantFrom('top', 'a(1)', 'b?c'), { nil: null }),
  })
  .map(
    (u) =>
      `${u.scheme}://${u.host}${u.port === null ? '' : `:${u.port}`}/${u.path.join('/')}` +
      `${u.query === null ? '' : `?${u.query}`}${u.fragment === null ? '' : `#${u.fragment}`}`,
  );

/** Valid PWIDs (source profile) in draft-07 form, with URI or registered items. */
export const pwidArb = fc
  .record({
    archiveId: fc.constantFrom('archive.org', 'Archive-It.org', 'netarkivet.dk', '~DKWA', 'arquivo.pt'),
    time: archivalTimeArb,
    precision: fc.constantFrom('part', 'page', 'SITE', 'subsite', 'collection', 'recording', 'snapshot', 'other'),
    uri: fc.option(uriArb, { nil: undefined }),
    registered: fc.stringMatching(/^[A-Za-z0-9._~-]{1,10}$/),
  })
  .map((p) =>
    buildPwid(
      p.uri === undefined
        ? { archiveId: p.archiveId, time: p.time, precision: p.precision, registeredItemId: p.registered }
        : { archiveId: p.archiveId, time: p.time, precision: p.precision, uri: p.uri },
    ),
  );
