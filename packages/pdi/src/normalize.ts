import type { SchemeOptions } from '@pidgate/core';
import type { PdiComponents } from './components.ts';
import { formatFragment } from './format.ts';
import { canonicalFragment, canonicalPosition } from './fragment.ts';
import { isWildcard, lowerCase, stripZeros } from './grammar.ts';
import type { PdiScan } from './scan.ts';
import { canonicalFormat, canonicalUniqueId } from './unique-id.ts';

/** The canonical parts of one PDI (not of the PDIs it cites): what equivalence compares. */
export interface CanonicalParts {
  /** Document series with its country code, lowercased: `oma.eop.gov.us`. */
  readonly series: string;
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly uniqueId: string;
  readonly format: string | null;
  readonly version: string | null;
}

/*
 * The rules of §3.6.4, one function per part; normalizePdi, canonicalParts and the normalized form
 * built while parsing (below) all write a part through its function, so each rule is written once.
 */

/** The document series, its components and its country code: lowercased. */
const canonicalSeries = lowerCase;
/** A number field (year, month, day, version): superfluous leading zeros stripped, keeping `min` digits; "*" kept. */
const number = (field: string, min: number): string => (isWildcard(field) ? field : stripZeros(field, min));
/** The unique id: see canonicalUniqueId; "*" kept. */
const uniqueIdOf = (uniqueId: string): string => (isWildcard(uniqueId) ? uniqueId : canonicalUniqueId(uniqueId));
/** The format token: see canonicalFormat; "*" kept. */
const formatOf = (format: string): string => (isWildcard(format) ? format : canonicalFormat(format));

/** The document series with its country code, as written: `oma.eop.gov.us`. */
function seriesText(c: PdiComponents): string {
  return c.series.length === 1 ? `${c.series[0]}.${c.country}` : `${c.series.join('.')}.${c.country}`;
}

/** The canonical parts of one PDI: the pieces `normalizePdi` writes, for storage keys and comparisons. */
export function canonicalParts(c: PdiComponents): CanonicalParts {
  return {
    series: canonicalSeries(seriesText(c)),
    year: number(c.year, 4),
    month: number(c.month, 2),
    day: number(c.day, 2),
    uniqueId: uniqueIdOf(c.uniqueId),
    format: c.format === null ? null : formatOf(c.format),
    version: c.version === null ? null : number(c.version, 1),
  };
}

/** `//series/yyyy/mm/dd/unique-id`, then `.format` and `.version` when `full`. */
function resource(p: CanonicalParts, full: boolean): string {
  let out = `//${p.series}/${p.year}/${p.month}/${p.day}/${p.uniqueId}`;
  if (full && p.format !== null) {
    out += `.${p.format}`;
    if (p.version !== null) out += `.${p.version}`;
  }
  return out;
}

/** The canonical fragment or citation (with its "#" or "@"), or "" when there is none. */
export function canonicalTail(c: PdiComponents): string {
  let out = '';
  for (let link: PdiComponents | null = c; link !== null; ) {
    if (link.fragment !== null) {
      const f = canonicalFragment(link.fragment, link.format as string);
      // A record that did not come from parsePdi may hold a fragment its format rejects: keep it as written.
      return `${out}#${f.ok ? f.value : formatFragment(link.fragment)}`;
    }
    if (link.citation === null) return out;
    const cited: PdiComponents = link.citation.pdi;
    out += `@${canonicalPosition(link.citation.originPosition)}=pdi:${resource(canonicalParts(cited), true)}`;
    link = cited;
  }
  return out;
}

/**
 * The equivalence key of §3.6.4: `urn:pdi:` and the lowercase document series, date fields and
 * numbers without superfluous zeros, the canonical unique id (case kept) and lowercase format, the
 * fragment with its scheme and defaults explicit, cited PDIs in the `pdi:` form. Wildcards stay.
 */
export function normalizePdi(c: PdiComponents, _options?: SchemeOptions): string {
  const out = `urn:pdi:${canonicalHead(c)}${canonicalSpecifier(c)}`;
  return c.fragment === null && c.citation === null ? out : out + canonicalTail(c);
}

/** `//series/yyyy/mm/dd/` of one PDI, normalized: the series lowercased, superfluous zeros stripped. */
function canonicalHead(c: PdiComponents): string {
  return headText(canonicalSeries(seriesText(c)), number(c.year, 4), number(c.month, 2), number(c.day, 2));
}

function headText(series: string, year: string, month: string, day: string): string {
  return `//${series}/${year}/${month}/${day}/`;
}

/** `unique-id[.format[.version]]` of one PDI, normalized. */
function canonicalSpecifier(c: PdiComponents): string {
  const format = c.format === null ? null : formatOf(c.format);
  return specifierText(uniqueIdOf(c.uniqueId), format, c.version === null ? null : number(c.version, 1));
}

function specifierText(uniqueId: string, format: string | null, version: string | null): string {
  if (format === null) return uniqueId;
  return version === null ? `${uniqueId}.${format}` : `${uniqueId}.${format}.${version}`;
}

/* The normalized form of a PDI built while parse.ts reads it (pdiScheme.parse): parse.ts calls these
 * as it finishes each part. A part already in its canonical form stays in the input and is not
 * copied, so an input that is already normal is its own normalized form; a part that is not is
 * written by the rules above. Each rule gives back the very string it was given when that is
 * already canonical, so the usual check is a comparison of references, and nothing is allocated. */

/** The label `pdiLabel` just read from `start` (to `st.i`) normalizes to `canonical`, a lowercase label. */
export function normalizeLabel(st: PdiScan, start: number, canonical: 'urn:pdi:' | 'pdi:'): void {
  if (st.labelLower && st.i - start === canonical.length) return;
  st.out += st.input.slice(st.from, start) + canonical;
  st.from = st.i;
}

/** The part `input[start, end)` normalizes to `canonical`: written so, unless the input already has it. */
export function normalizePart(st: PdiScan, start: number, end: number, canonical: string): void {
  const s = st.input;
  if (isWritten(s, start, end, canonical)) return;
  st.out += s.slice(st.from, start) + canonical;
  st.from = end;
}

/**
 * True when `number(field, min)` changes `field`: more than `min` characters, the first a "0" (so
 * never the wildcard). Read where the scan's findings decide whether a part is rewritten at all.
 */
function hasZeros(field: string, min: number): boolean {
  return field.length > min && field.charCodeAt(0) === 48;
}

/** True when `s[start, end)` is `text`. */
function isWritten(s: string, start: number, end: number, text: string): boolean {
  return end - start === text.length && s.startsWith(text, start);
}

/**
 * The resource identifier `c`, read from `start` (its "//") to `st.i`, its specifier from
 * `st.specifierStart`. What the scan saw spares the rules where they cannot change anything:
 * lowercasing a series without capitals, canonicalUniqueId on an id without escapes (it changes
 * escapes and encapsulated URLs, written with escapes), canonicalFormat on a lowercase token whose
 * escapes are of other characters than letters, digits and hyphens, with lowercase hex digits (it
 * decodes the first and lowercases the rest).
 */
export function normalizeResource(st: PdiScan, c: PdiComponents, start: number): void {
  const s = st.input;
  const specifier = st.specifierStart;
  if (!hasZeros(c.year, 4) && !hasZeros(c.month, 2) && !hasZeros(c.day, 2)) {
    // only the series to lowercase: the head as written lowercased in one piece ("/", digits, "*" stay)
    if (st.seriesCapital) {
      st.out += s.slice(st.from, start) + canonicalSeries(s.slice(start, specifier));
      st.from = specifier;
    }
  } else {
    // the series as written (no need to join its components): after "//", up to the year's "/"
    const seriesEnd = specifier - c.year.length - c.month.length - c.day.length - 4;
    const series = canonicalSeries(s.slice(start + 2, seriesEnd));
    st.out += s.slice(st.from, start) + headText(series, number(c.year, 4), number(c.month, 2), number(c.day, 2));
    st.from = specifier;
  }
  const uniqueId = st.uniqueIdEscape ? uniqueIdOf(c.uniqueId) : c.uniqueId;
  const format = c.format !== null && st.formatCapitalOrPlainEscape ? formatOf(c.format) : c.format;
  const version = c.version !== null && hasZeros(c.version, 1) ? number(c.version, 1) : c.version;
  if (uniqueId !== c.uniqueId || format !== c.format || version !== c.version) {
    st.out += s.slice(st.from, specifier) + specifierText(uniqueId, format, version);
    st.from = st.i;
  }
}

/** The normalized form, once the whole input is read. */
export function normalizedForm(st: PdiScan): string {
  return st.from === 0 ? st.input : st.out + st.input.slice(st.from);
}

/** The resource a binding belongs to: the normalized PDI without format, version, fragment or citation. */
export function resourceKey(c: PdiComponents): string {
  return `urn:pdi:${resource(canonicalParts(c), false)}`;
}
