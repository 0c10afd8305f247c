/**
 * The NAAN registry as ANVL `naa:` records (draft-kunze-ark §7 ANVL; today's `naan_registry.txt`):
 *
 *   naa:
 *   who:    US National Library of Medicine (=) USNLM
 *   what:   12025
 *   when:   2001.03.08
 *   where:  http://www.nlm.nih.gov
 *   how:    NP | (:unkn) unknown | 2001 |
 *
 * `what` is a NAAN or `NAAN/shoulder`; `where` is the resolver base URL, optionally preceded by a status code
 * (`303 http://...`); the target template is derived from it by `whereToTarget`.
 */
import { err, ok, type PidError, type Result } from '@pidgate/core';
import { parseAnvl } from '@pidgate/erc';
import type { DiscoveryErrorCode } from './codes.ts';
import { isDigit, isHostName, splitWhitespace } from './grammar.ts';
import { checkTarget, collectRecords, type NaanRecord, type NaanRegistry, parseWhat } from './registry.ts';

/** The shape of a record from `@pidgate/erc`'s `parseAnvl`. */
export interface AnvlLikeRecord {
  readonly elements: readonly { readonly label: string; readonly value: string }[];
}

/** Legacy N2T substitution names and the template variables they stand for. */
const LEGACY_VARIABLES: readonly [string, string][] = [
  ['${content}', '${content}'],
  ['${value}', '${value}'],
  ['${suffix}', '${suffix}'],
  ['${pid}', '${pid}'],
  ['${arkpid}', '${pid}'],
  ['${arkid}', '${pid}'],
  ['${nlid}', '${value}'],
  ['${id}', '${content}'],
  ['$arkpid', '${pid}'],
  ['$arkid', '${pid}'],
  ['$nlid', '${value}'],
  ['$pid', '${pid}'],
  ['$id', '${content}'],
];

function substituteLegacy(url: string): { url: string; found: boolean } {
  let out = '';
  let found = false;
  let last = 0;
  for (let i = url.indexOf('$'); i !== -1; i = url.indexOf('$', i + 1)) {
    const hit = LEGACY_VARIABLES.find(([from]) => url.startsWith(from, i));
    if (!hit) continue;
    // the export writes `ark:$id` as `ark:/${content}` (the draft-09 form)
    const slash = hit[0] === '$id' && url.endsWith('ark:', i) ? '/' : '';
    out += url.slice(last, i) + slash + hit[1];
    last = i + hit[0].length;
    i = last - 1;
    found = true;
  }
  return { url: out + url.slice(last), found };
}

/**
 * Derive a target from an ANVL `where:` value, following the rules the registry's JSON export applies:
 * - an optional leading status code: `303 http://...` (default 302);
 * - no scheme: `https://` is put in front (`lib.ucdavis.edu`); an empty fragment (`#` at the end) is dropped;
 * - legacy variables become template variables: `$id` → `${content}` (`ark:$id` → `ark:/${content}`),
 *   `$arkid`/`$pid` → `${pid}`, `$nlid` → `${value}`;
 * - otherwise a URL ending in `?` or `=` gets `${pid}`; a path ending in `ark:` or `ark:/` gets `${content}`;
 *   any other URL gets `/ark:/${content}` appended to its path (before any query).
 */
export function whereToTarget(where: string): Result<{ url: string; httpCode: number }, PidError<DiscoveryErrorCode>> {
  const tokens = splitWhitespace(where);
  let httpCode = 302;
  let base = tokens[0] ?? '';
  if (tokens.length === 2) {
    const code = tokens[0] ?? '';
    if (
      code.length !== 3 ||
      !isDigit(code.charCodeAt(0)) ||
      !isDigit(code.charCodeAt(1)) ||
      !isDigit(code.charCodeAt(2))
    ) {
      return err('registry-where', `where ${JSON.stringify(where)} is "[status] URL"`, 0, 'where');
    }
    httpCode = Number(code);
    base = tokens[1] ?? '';
  } else if (tokens.length > 2 || base.length === 0) {
    return err('registry-where', `where ${JSON.stringify(where)} is "[status] URL"`, 0, 'where');
  }
  const schemeEnd = base.indexOf('://');
  if (schemeEnd === -1) {
    const slash = base.indexOf('/');
    const host = slash === -1 ? base : base.slice(0, slash);
    // a bare host name has a dot and a top-level label that is not all digits ("N/A", "302" are not hosts)
    const tld = host.slice(host.lastIndexOf('.') + 1);
    if (!isHostName(host) || !host.includes('.') || [...tld].every((c) => isDigit(c.charCodeAt(0)))) {
      return err('registry-where', `where ${JSON.stringify(where)} is not a URL`, 0, 'where');
    }
    base = `https://${base}`;
  }
  if (base.endsWith('#')) base = base.slice(0, -1); // an empty fragment says nothing
  const { url: substituted, found } = substituteLegacy(base);
  let url = substituted;
  if (!found) {
    const authorityStart = url.indexOf('://') + 3;
    let pathStart = authorityStart;
    while (pathStart < url.length && !'/?#'.includes(url.charAt(pathStart))) pathStart++;
    let queryStart = pathStart;
    while (queryStart < url.length && !'?#'.includes(url.charAt(queryStart))) queryStart++;
    const path = url.slice(pathStart, queryStart);
    const rest = url.slice(queryStart);
    if (rest.startsWith('?') && (url.endsWith('?') || url.endsWith('='))) url = `${url}\${pid}`;
    else if (path.endsWith('ark:') || path.endsWith('ark:/')) url = `${url.slice(0, queryStart)}\${content}${rest}`;
    else url = `${url.slice(0, pathStart)}${path.endsWith('/') ? path : `${path}/`}ark:/\${content}${rest}`;
  }
  const problem = checkTarget(url, httpCode);
  if (problem) return { ok: false, error: problem };
  return ok({ url, httpCode });
}

/** `who:` is `name`, `name (=) acronym` or `native name (=) name (=) acronym`. */
export function splitWho(who: string): { name: string | null; nameNative: string | null; acronym: string | null } {
  const parts = who.split(' (=) ').map((p) => p.trim());
  if (parts.length === 2) return { name: parts[0] || null, nameNative: null, acronym: parts[1] || null };
  if (parts.length === 3) return { nameNative: parts[0] || null, name: parts[1] || null, acronym: parts[2] || null };
  return { name: who.trim() || null, nameNative: null, acronym: null };
}

/** `when:` `yyyy.mm.dd` becomes the export's `yyyy-mm-ddT00:00:00+00:00`; anything else is kept as written. */
export function whenToIso(when: string): string {
  const w = when.trim();
  if (w.length === 10 && w.charAt(4) === '.' && w.charAt(7) === '.') {
    const digits = w.slice(0, 4) + w.slice(5, 7) + w.slice(8, 10);
    let allDigits = true;
    for (let i = 0; i < digits.length; i++) if (!isDigit(digits.charCodeAt(i))) allDigits = false;
    if (allDigits) return `${w.slice(0, 4)}-${w.slice(5, 7)}-${w.slice(8, 10)}T00:00:00+00:00`;
  }
  return w;
}

/** `how:` is `orgtype | policy | tenure | policy URL` (empty fields are null). */
export function splitHow(how: string): NonNullable<NaanRecord['policy']> {
  const [orgtype, policy, tenure, policyUrl] = how.split('|').map((p) => p.trim() || null);
  return { orgtype: orgtype ?? null, policy: policy ?? null, tenure: tenure ?? null, policyUrl: policyUrl ?? null };
}

function field(record: AnvlLikeRecord, label: string): string | null {
  const el = record.elements.find((e) => e.label.trim().toLowerCase() === label);
  return el ? el.value.trim() : null;
}

/** Is this the registry's `naa:` record (its first element labelled `naa`)? */
export function isNaaRecord(record: AnvlLikeRecord): boolean {
  const first = record.elements[0];
  return first !== undefined && first.label.trim().toLowerCase() === 'naa';
}

/** Convert one `naa:` record. Labels starting with "!" (private fields) and unknown labels are ignored. */
export function naanRecordFromAnvl(record: AnvlLikeRecord): Result<NaanRecord, PidError<DiscoveryErrorCode>> {
  const whatText = field(record, 'what');
  if (whatText === null) return err('registry-what', 'a naa: record has a what: element', null, 'what');
  const what = parseWhat(whatText);
  if (!what.ok) return what;
  const where = field(record, 'where');
  if (where === null) return err('registry-where', `naa: record ${whatText} has no where: element`, null, 'where');
  const target = whereToTarget(where);
  if (!target.ok) return target;
  const { naan, shoulder } = what.value;
  const who = field(record, 'who');
  const when = field(record, 'when');
  const how = field(record, 'how');
  return ok({
    what: shoulder === null ? naan : `${naan}/${shoulder}`,
    naan,
    shoulder,
    who: who === null ? { name: null, nameNative: null, acronym: null } : splitWho(who),
    where,
    target: target.value,
    when: when === null ? null : whenToIso(when),
    policy: how === null ? null : splitHow(how),
  });
}

/** Registry from already-parsed ANVL records: `naa:` records only, others skipped. */
export function naanRegistryFromAnvl(records: readonly AnvlLikeRecord[]): NaanRegistry {
  const naa = records.filter(isNaaRecord);
  const { records: good, rejected } = collectRecords(
    naa,
    (r) => naanRecordFromAnvl(r as AnvlLikeRecord),
    (r) => field(r as AnvlLikeRecord, 'what'),
  );
  return { metadata: null, records: good, rejected };
}

/** Read the ANVL registry text with `@pidgate/erc`'s `parseAnvl`. Never throws. */
export function parseNaanRegistryAnvl(text: string): Result<NaanRegistry, PidError<DiscoveryErrorCode>> {
  const records = parseAnvl(text);
  const registry = naanRegistryFromAnvl(records);
  if (registry.records.length === 0 && registry.rejected.length === 0) {
    return err('registry-shape', 'the ANVL NAAN registry holds no naa: records', null);
  }
  return ok(registry);
}
