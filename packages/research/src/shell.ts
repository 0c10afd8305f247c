/**
 * What the schemes of this package share: an identifier written after a label (`gnd:`), after a URL
 * prefix (`https://d-nb.info/gnd/`, also without `http(s)://`) or bare, running to the end of the string
 * (a URL may end in one "/"). Each scheme gives its own grammar for the identifier itself. Char-code
 * loops, linear in the input, no regular expression.
 */
import { err, httpSchemeLength, type PidError, type Result, wordAt } from '@pidgate/core';

/** How the identifier was written: after a URL prefix, after a label, or bare. */
export type Form = 'url' | 'label' | 'bare';

/** An identifier as written: the parts, not normalized. */
export interface IdComponents {
  readonly form: Form;
  /** The URL prefix or label as written (any case), or "" for a bare identifier. */
  readonly label: string;
  /** The identifier as written. */
  readonly id: string;
  /** A URL's trailing "/", or "". */
  readonly rest: string;
}

/** Where one scheme's identifiers are found. */
export interface Spellings {
  /** Labels, lower case, each ending in ":" or " " (`gnd:`, `istc `): compared in any case. */
  readonly labels: readonly string[];
  /** URL prefixes without `http(s)://`, lower case (`d-nb.info/gnd/`): compared in any case. */
  readonly urls: readonly string[];
  /** Does the whole string have the scheme's bare shape? (A cheap look; the grammar decides.) */
  readonly bare?: (s: string) => boolean;
}

/** The label at the start of `s`: its form and length, or null. A cheap look, no validation. */
export function prefixOf(s: string, spellings: Spellings): { form: Form; length: number } | null {
  const http = httpSchemeLength(s);
  for (const url of spellings.urls) if (wordAt(s, http, url)) return { form: 'url', length: http + url.length };
  if (http > 0) return null;
  for (const label of spellings.labels) if (wordAt(s, 0, label)) return { form: 'label', length: label.length };
  return spellings.bare?.(s) ? { form: 'bare', length: 0 } : null;
}

/** The rule an identifier's own grammar applies to `s` from `start` to `end`: the first error, or null. */
export type IdRule<Code extends string> = (s: string, start: number, end: number) => PidError<Code> | null;

/** The code the shell gives when no label, URL prefix or bare shape starts the string. */
export interface ShellCodes<Code extends string> {
  readonly label: Code;
  readonly labelMessage: string;
}

/**
 * Parse `input` as one scheme's identifier: its prefix (or bare shape), then the identifier up to the end
 * of the string (a URL: up to one trailing "/"), checked by `rule`. Never throws; linear.
 */
export function parseShell<Code extends string>(
  input: string,
  spellings: Spellings,
  codes: ShellCodes<Code>,
  rule: IdRule<Code>,
): Result<IdComponents, PidError<Code>> {
  const prefix = prefixOf(input, spellings);
  if (prefix === null) return err(codes.label, codes.labelMessage, 0);
  const start = prefix.length;
  let end = input.length;
  const slash = prefix.form === 'url' && end > start && input.charCodeAt(end - 1) === 47;
  if (slash) end--;
  const bad = rule(input, start, end);
  if (bad) return { ok: false, error: bad };
  return {
    ok: true,
    value: { form: prefix.form, label: input.slice(0, start), id: input.slice(start, end), rest: slash ? '/' : '' },
  };
}

/** Serialize the parts as written: parsing the result gives them back. */
export function formatShell(c: IdComponents): string {
  return `${c.label}${c.id}${c.rest}`;
}

/** An error at `offset`. */
export function fail<Code extends string>(code: Code, message: string, offset: number): PidError<Code> {
  return { code, message, offset };
}

/** Is `c` an ASCII digit? */
export const digit = (c: number): boolean => c >= 48 && c <= 57;
/** Is `c` an ASCII letter? */
export const letter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Is `c` a lower-case ASCII letter? */
export const lower = (c: number): boolean => c >= 97 && c <= 122;
/** Is `c` an upper-case ASCII letter? */
export const upper = (c: number): boolean => c >= 65 && c <= 90;

/** The first character from `start` to `end` that is not a digit, or -1. */
export function firstNonDigit(s: string, start: number, end: number): number {
  for (let i = start; i < end; i++) if (!digit(s.charCodeAt(i))) return i;
  return -1;
}
