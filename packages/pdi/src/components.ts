/** The parts of a PDI as written (draft-mallery-urn-pdi-00 §1.2), not normalized. */

/** The fields that may hold the wildcard `*` (§1.2.1). */
export type PdiWildcardField = 'year' | 'month' | 'day' | 'uniqueId' | 'format' | 'version';

/** WILDCARD = "*" */
export const WILDCARD = '*';

/** A position: one item (`37`, `intro`), or a parenthesized list of items (`(5,10)`). */
export type PdiPosition = string | readonly string[];

/** FRAGMENT-SPECIFIER = "#" [ fragment-scheme "=" ] position *( "," position ) */
export interface PdiFragment {
  /** The fragment scheme as written, or null when omitted (the format's default scheme). */
  readonly scheme: string | null;
  readonly positions: readonly PdiPosition[];
}

/** CITATION-SPECIFIER = "@" origin-position "=" pdi */
export interface PdiCitation {
  /** Where, in the citing document, the cited PDI appears. */
  readonly originPosition: PdiPosition;
  /** The cited PDI, itself parsed in full (it may carry a fragment or cite further). */
  readonly pdi: PdiComponents;
}

export interface PdiComponents {
  /** `urn` for `urn:pdi:…`, `url` for the URL form `pdi:…` (§1.1; the label's case is not kept). */
  readonly form: 'urn' | 'url';
  /** The document-series components before the country code, left to right (`['oma', 'eop', 'gov']`). */
  readonly series: readonly string[];
  /** ISO-COUNTRY, the last component of the document series (`us`). */
  readonly country: string;
  /** YEAR, MONTH, DAY as written (`1997`, `09`, `01`), or `*`. */
  readonly year: string;
  readonly month: string;
  readonly day: string;
  /** UNIQUE-ID as written, %-escapes included, or `*`. */
  readonly uniqueId: string;
  /** FORMAT (a media-type token) as written, `*`, or null when omitted. */
  readonly format: string | null;
  /** VERSION as written, `*`, or null when omitted. */
  readonly version: string | null;
  readonly fragment: PdiFragment | null;
  readonly citation: PdiCitation | null;
  /** The fields of this PDI (not of a cited one) that are wildcards, in the order above. */
  readonly wildcards: readonly PdiWildcardField[];
}
