import type { PdiComponents } from './components.ts';
import { formatFragment } from './format.ts';
import { canonicalFragment, canonicalPosition } from './fragment.ts';
import { stripZeros } from './grammar.ts';
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

const number = (field: string, min: number) => (field === '*' ? field : stripZeros(field, min));

/** The canonical parts of one PDI: the pieces `normalizePdi` writes, for storage keys and comparisons. */
export function canonicalParts(c: PdiComponents): CanonicalParts {
  return {
    series: (c.series.length === 1
      ? `${c.series[0]}.${c.country}`
      : `${c.series.join('.')}.${c.country}`
    ).toLowerCase(),
    year: number(c.year, 4),
    month: number(c.month, 2),
    day: number(c.day, 2),
    uniqueId: c.uniqueId === '*' ? '*' : canonicalUniqueId(c.uniqueId),
    format: c.format === null || c.format === '*' ? c.format : canonicalFormat(c.format),
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
export function normalizePdi(c: PdiComponents): string {
  const out = `urn:pdi:${canonicalHead(c)}${canonicalSpecifier(c)}`;
  return c.fragment === null && c.citation === null ? out : out + canonicalTail(c);
}

/** `//series/yyyy/mm/dd/` of one PDI, normalized: the series lowercased, superfluous zeros stripped. */
export function canonicalHead(c: PdiComponents): string {
  const series = c.series.length === 1 ? `${c.series[0]}.${c.country}` : `${c.series.join('.')}.${c.country}`;
  return `//${series.toLowerCase()}/${number(c.year, 4)}/${number(c.month, 2)}/${number(c.day, 2)}/`;
}

/** `unique-id[.format[.version]]` of one PDI, normalized. */
export function canonicalSpecifier(c: PdiComponents): string {
  let out = c.uniqueId === '*' ? '*' : canonicalUniqueId(c.uniqueId);
  if (c.format !== null) {
    out += c.format === '*' ? '.*' : `.${canonicalFormat(c.format)}`;
    if (c.version !== null) out += `.${number(c.version, 1)}`;
  }
  return out;
}

/** The resource a binding belongs to: the normalized PDI without format, version, fragment or citation. */
export function resourceKey(c: PdiComponents): string {
  return `urn:pdi:${resource(canonicalParts(c), false)}`;
}
