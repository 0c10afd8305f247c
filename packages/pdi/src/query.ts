import { err, ok, type PidError, type Result } from '@pidgate/core';
import type { PdiErrorCode } from './codes.ts';
import type { PdiComponents, PdiWildcardField } from './components.ts';
import { daysInMonth, fieldValue } from './date.ts';
import { isDigits, stripZeros } from './grammar.ts';
import { canonicalParts, canonicalTail } from './normalize.ts';

/** True when the PDI holds a wildcard: it is a query for a set of PDIs (§1.2.1, §3.6). */
export function isQuery(pdi: PdiComponents): boolean {
  return pdi.wildcards.length > 0;
}

const same = (q: string, p: string) => q === '*' || q === p;

/** An omitted format or version asks for any (the generic resource); `*` asks for any one given. */
function optional(q: string | null, p: string | null): boolean {
  return q === null || (q === '*' ? p !== null : q === p);
}

/**
 * Does `pdi` belong to the set `query` names? Document series and unique id compare canonically
 * (equal, or `*`); year, month and day likewise; a format or version omitted from the query
 * matches any or none, `*` matches any present one. A query without a fragment or citation
 * matches the resource and its parts; with one, the canonical fragments or citations must be equal.
 */
export function matches(query: PdiComponents, pdi: PdiComponents): boolean {
  const q = canonicalParts(query);
  const p = canonicalParts(pdi);
  if (
    q.series !== p.series ||
    !same(q.year, p.year) ||
    !same(q.month, p.month) ||
    !same(q.day, p.day) ||
    !same(q.uniqueId, p.uniqueId) ||
    !optional(q.format, p.format) ||
    !optional(q.version, p.version)
  ) {
    return false;
  }
  if (query.fragment === null && query.citation === null) return true;
  return canonicalTail(query) === canonicalTail(pdi);
}

const iso = (year: number | string, month: number, day: number) =>
  `${typeof year === 'string' ? year : String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The dates a PDI's ISO date covers, as ISO 8601 dates, both inclusive: one day, a month, a year,
 * or the smallest interval holding every date a wildcard admits. A wildcard year spans 0000 to 9999.
 * With a wildcard year or month below a fixed day or month the matching dates are not contiguous:
 * the range covers them, and `matches` tells them apart.
 */
export function dateRange(query: PdiComponents): { from: string; to: string } {
  const year = query.year === '*' ? null : stripZeros(query.year, 4);
  const month = query.month === '*' ? null : fieldValue(query.month);
  const day = query.day === '*' ? null : fieldValue(query.day);
  const first = (y: number | string): string | null => {
    for (let m = month ?? 1; m <= (month ?? 12); m++) {
      if (day === null) return iso(y, m, 1);
      if (day <= daysInMonth(String(y).padStart(4, '0'), m)) return iso(y, m, day);
    }
    return null;
  };
  const last = (y: number | string): string | null => {
    for (let m = month ?? 12; m >= (month ?? 1); m--) {
      const most = daysInMonth(String(y).padStart(4, '0'), m);
      if (day === null) return iso(y, m, most);
      if (day <= most) return iso(y, m, day);
    }
    return null;
  };
  let from: string | null = null;
  let to: string | null = null;
  if (year !== null) {
    from = first(year);
    to = last(year);
  } else {
    // A fixed month and day exist in one of any four consecutive years (29 February in a leap year).
    for (let y = 0; from === null && y < 10000; y++) from = first(y);
    for (let y = 9999; to === null && y >= 0; y--) to = last(y);
  }
  // A record from parsePdi always names a date that exists; a hand-made impossible one covers nothing.
  return { from: from ?? '', to: to ?? '' };
}

/** The PDI with its version set (a positive integer, or `*`): the fully qualified PDI of a resolution (§3.6). */
export function withVersion(
  pdi: PdiComponents,
  version: number | string,
): Result<PdiComponents, PidError<PdiErrorCode>> {
  if (pdi.format === null) return err('format-required', 'a version needs a format (§2.6)', null);
  const v = typeof version === 'number' ? (Number.isSafeInteger(version) ? String(version) : '') : version;
  if (v !== '*' && !(isDigits(v) && stripZeros(v) !== '0')) {
    return err('version', 'a version is a positive integer, or "*" (§2.6)', null);
  }
  if (v === '*' && (pdi.fragment !== null || pdi.citation !== null)) {
    return err('wildcard-fragment', 'a fragment or a citation refers to one fixed representation: no wildcards', null);
  }
  const wildcards: PdiWildcardField[] = pdi.wildcards.filter((w) => w !== 'version');
  if (v === '*') wildcards.push('version');
  return ok({ ...pdi, version: v, wildcards });
}
