/**
 * Token scopes are identifier prefixes, parsed and compared component by component (never as raw string
 * prefixes, so `urn:pdi://ap.org.us` cannot cover `urn:pdi://ap.org.us.evil.de/…`):
 *
 * - ARK: `ark:/NAAN` (the whole NAAN) or `ark:/NAAN/SHOULDER` (every Name that starts with the shoulder string,
 *   as minted Names do: `ark:/99999/x6` covers `ark:/99999/x6np1wh8k`). The NAAN compares case-insensitively,
 *   hyphens in the shoulder are dropped as ARK normalization drops them from Names.
 * - PDI: `urn:pdi://SERIES` (the whole document series: the series names compare equal, not as prefixes) and
 *   optionally `/YYYY[/MM[/DD[/ID]]]`, whole path components.
 * - Any other URN: `urn:NID` or `urn:NID:NSS…`, whole components between `:` and `/`.
 * - Any other scheme: `scheme:rest`, whole components between `/`.
 *
 * A stored key is parsed the same way; a key that does not parse is covered by no scope.
 */
import { err, isDigit as isAsciiDigit, isAlpha as isAsciiLetter, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { NAAN } from './grammar.ts';
import { checkKey } from './validate.ts';

/** The mark of a prefix rule's stored key (`ark:/NAAN/!NAME`, see the gateway's `resolution/prefix-rules.ts`). */
const PREFIX_RULE_MARK = '!';

export type ParsedScope =
  | { readonly kind: 'ark'; readonly naan: string; readonly shoulder: string }
  | { readonly kind: 'pdi'; readonly series: string; readonly path: readonly string[] }
  | { readonly kind: 'urn'; readonly nid: string; readonly nss: string; readonly parts: readonly string[] }
  | { readonly kind: 'other'; readonly scheme: string; readonly parts: readonly string[] };

const COLON = 58;

/** Split at any of `separators`, dropping one final empty part (`a/b/` is `a`, `b`). */
function components(s: string, separators: string): string[] {
  if (s === '') return [];
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i === s.length || separators.includes(s[i] as string)) {
      parts.push(s.slice(from, i));
      from = i + 1;
    }
  }
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * A PDI document series (draft-mallery-urn-pdi-00 §2.2): dot-separated components of letters, digits and
 * hyphens, at least two, the last a two-letter ISO 3166 country code. Lower-cased.
 */
export function checkSeries(series: string): StoreResult<string> {
  const parts = series.split('.');
  if (parts.length < 2) return err('invalid-series', 'a document series ends with "." and a two-letter country code');
  for (const part of parts) {
    if (part.length === 0 || part.length > 63)
      return err('invalid-series', 'a document-series component is 1 to 63 characters');
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      if (!isAsciiLetter(c) && !isAsciiDigit(c) && c !== 45) {
        return err('invalid-series', 'a document-series component is letters, digits or hyphens');
      }
    }
  }
  const country = parts[parts.length - 1] as string;
  if (country.length !== 2 || !isAsciiLetter(country.charCodeAt(0)) || !isAsciiLetter(country.charCodeAt(1))) {
    return err('invalid-series', 'a document series ends with a two-letter ISO 3166 country code');
  }
  return ok(series.toLowerCase());
}

/** Parse a scope or a stored key into its components. Never throws; linear in the length. */
export function parseScope(scope: string): StoreResult<ParsedScope> {
  const lower = scope.slice(0, 10).toLowerCase();
  if (lower.startsWith('ark:')) {
    const rest = scope.slice(scope.charCodeAt(4) === 47 ? 5 : 4);
    const slash = rest.indexOf('/');
    const naan = (slash === -1 ? rest : rest.slice(0, slash)).toLowerCase();
    if (!NAAN.test(naan))
      return err('invalid-scope', `an ARK scope starts with ark:/NAAN, not ${JSON.stringify(scope)}`);
    let shoulder = slash === -1 ? '' : rest.slice(slash + 1).replaceAll('-', '');
    // A prefix rule is stored as `ark:/NAAN/!NAME` (the gateway's marked key): it is NAME's, for scopes.
    if (shoulder.startsWith(PREFIX_RULE_MARK)) shoulder = shoulder.slice(1);
    return ok({ kind: 'ark', naan, shoulder });
  }
  if (lower.startsWith('urn:pdi://')) {
    const rest = scope.slice(10);
    const slash = rest.indexOf('/');
    const series = checkSeries(slash === -1 ? rest : rest.slice(0, slash));
    if (!series.ok) return err('invalid-scope', `${series.error.message}: ${JSON.stringify(scope)}`);
    const path = components(slash === -1 ? '' : rest.slice(slash + 1), '/');
    if (path.includes(''))
      return err('invalid-scope', `a PDI scope has no empty path component: ${JSON.stringify(scope)}`);
    return ok({ kind: 'pdi', series: series.value, path });
  }
  const colon = scope.indexOf(':');
  if (colon <= 0)
    return err('invalid-scope', `a scope is an identifier prefix such as ark:/99999, not ${JSON.stringify(scope)}`);
  for (let i = 0; i < colon; i++) {
    const c = scope.charCodeAt(i);
    if (!isAsciiLetter(c) && !(i > 0 && (isAsciiDigit(c) || c === 43 || c === 45 || c === 46))) {
      return err('invalid-scope', `a scope starts with a scheme name: ${JSON.stringify(scope)}`);
    }
  }
  if (lower.startsWith('urn:')) {
    const rest = scope.slice(4);
    const at = rest.indexOf(':');
    const nid = (at === -1 ? rest : rest.slice(0, at)).toLowerCase();
    if (nid === '' || nid.includes('/'))
      return err('invalid-scope', `a URN scope is urn:NID[:NSS], not ${JSON.stringify(scope)}`);
    let nss = at === -1 ? '' : rest.slice(at + 1);
    if (nss.endsWith(':') || nss.endsWith('/')) nss = nss.slice(0, -1);
    return ok({ kind: 'urn', nid, nss, parts: components(nss, ':/') });
  }
  if (scope.charCodeAt(colon + 1) === COLON) return err('invalid-scope', `${JSON.stringify(scope)} is not a prefix`);
  return ok({
    kind: 'other',
    scheme: scope.slice(0, colon).toLowerCase(),
    parts: components(scope.slice(colon + 1), '/'),
  });
}

function startsWithParts(key: readonly string[], scope: readonly string[]): boolean {
  if (scope.length > key.length) return false;
  for (let i = 0; i < scope.length; i++) if (key[i] !== scope[i]) return false;
  return true;
}

/** Does the parsed scope cover the parsed key? */
export function covers(scope: ParsedScope, key: ParsedScope): boolean {
  switch (scope.kind) {
    case 'ark':
      return key.kind === 'ark' && key.naan === scope.naan && key.shoulder.startsWith(scope.shoulder);
    case 'pdi':
      return key.kind === 'pdi' && key.series === scope.series && startsWithParts(key.path, scope.path);
    case 'urn':
      return key.kind === 'urn' && key.nid === scope.nid && startsWithParts(key.parts, scope.parts);
    case 'other':
      return key.kind === 'other' && key.scheme === scope.scheme && startsWithParts(key.parts, scope.parts);
  }
}

/**
 * Does one of the scopes cover the identifier (a normalized key, or a prefix such as a PDI series or an
 * ARK shoulder)? The one scope check every path goes through.
 */
export function scopeAllows(scopes: readonly string[], identifier: string): boolean {
  const key = parseScope(identifier);
  if (!key.ok) return false;
  for (const scope of scopes) {
    const parsed = parseScope(scope);
    if (parsed.ok && covers(parsed.value, key.value)) return true;
  }
  return false;
}

/** A scope as a token stores it: a valid key that parses as an identifier prefix. */
export function checkScope(scope: unknown): StoreResult<string> {
  const key = checkKey(scope, 'scope', 'invalid-scope');
  if (!key.ok) return key;
  const parsed = parseScope(key.value);
  return parsed.ok ? key : parsed;
}

/** A key range: keys >= `lower` and < `upper` (no upper bound when null). */
export interface KeyRange {
  readonly lower: string;
  readonly upper: string | null;
}

/** The first string after every string that starts with `prefix` (code point order), or null. */
function after(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    if (last < 0x10ffff) return points.join('') + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  return null;
}

/** The key ranges a parsed scope's keys lie in: the scope's own key, and what follows its next separator. */
function rangesOf(scope: ParsedScope): KeyRange[] {
  const exactAnd = (key: string, separators: string[]): KeyRange[] => [
    { lower: key, upper: `${key}\u0001` }, // keys hold no control characters (nor can PostgreSQL text hold NUL)
    ...separators.map((sep) => ({ lower: `${key}${sep}`, upper: after(`${key}${sep}`) })),
  ];
  switch (scope.kind) {
    case 'ark': {
      if (scope.shoulder === '') return exactAnd(`ark:/${scope.naan}`, ['/']);
      const own = `ark:/${scope.naan}/${scope.shoulder}`;
      const rules = `ark:/${scope.naan}/${PREFIX_RULE_MARK}${scope.shoulder}`;
      return [
        { lower: own, upper: after(own) },
        { lower: rules, upper: after(rules) },
      ];
    }
    case 'pdi':
      return exactAnd(['urn:pdi://' + scope.series, ...scope.path].join('/'), ['/']);
    case 'urn':
      // the components are split at ":" and "/": a key below the scope continues with either
      return scope.nss === ''
        ? exactAnd(`urn:${scope.nid}`, [':'])
        : exactAnd(`urn:${scope.nid}:${scope.nss}`, [':', '/']);
    case 'other':
      return exactAnd([`${scope.scheme}:${scope.parts[0] ?? ''}`, ...scope.parts.slice(1)].join('/'), ['/']);
  }
}

/**
 * The key ranges a listing under `prefix` reads for a token with `scopes`: each scope's ranges, cut to the
 * prefix, sorted and merged. Every key in them is covered by a scope (`covers`), and every covered key under
 * the prefix is in them.
 */
export function scopeRanges(scopes: readonly string[], prefix: string): KeyRange[] {
  const wanted: KeyRange = { lower: prefix, upper: prefix === '' ? null : after(prefix) };
  const ranges: KeyRange[] = [];
  for (const scope of scopes) {
    const parsed = parseScope(scope);
    if (!parsed.ok) continue;
    for (const r of rangesOf(parsed.value)) {
      const lower = r.lower > wanted.lower ? r.lower : wanted.lower;
      const upper =
        r.upper === null ? wanted.upper : wanted.upper === null || r.upper < wanted.upper ? r.upper : wanted.upper;
      if (upper === null || lower < upper) ranges.push({ lower, upper });
    }
  }
  ranges.sort((a, b) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : 0));
  const merged: KeyRange[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && (last.upper === null || r.lower <= last.upper)) {
      const upper = last.upper === null || r.upper === null ? null : r.upper > last.upper ? r.upper : last.upper;
      merged[merged.length - 1] = { lower: last.lower, upper };
    } else merged.push(r);
  }
  return merged;
}
