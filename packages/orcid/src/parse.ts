import { err, type PidError, type Result } from '@pidgate/core';
import { mod11_2 } from './check.ts';
import type { OrcidErrorCode } from './codes.ts';
import { httpHostPrefix, isDigit, looksBare, ORCID_HOSTS, wordAt } from './grammar.ts';

export type OrcidForm = 'url' | 'orcid' | 'bare';

/** An ORCID iD as written: the parts, not normalized. */
export interface OrcidComponents {
  readonly form: OrcidForm;
  /** `https://orcid.org/`, `orcid:` (any case) or "" for a bare iD. */
  readonly label: string;
  /** The iD as written: `0000-0002-1825-0097` or `0000000218250097`. */
  readonly written: string;
  /** A URL's `?query` or `#fragment` (not part of the iD), or "". */
  readonly rest: string;
  /** The 16 characters of the iD, hyphens dropped, the check character as written. */
  readonly digits: string;
}

/** The label at the start of `s`: its form and length, or null. */
export function orcidLabel(s: string): { form: OrcidForm; length: number } | null {
  const c = s.charCodeAt(0) | 0x20;
  if (c === 104) {
    const n = httpHostPrefix(s, ORCID_HOSTS);
    return n > 0 ? { form: 'url', length: n } : null;
  }
  if (c === 111) return wordAt(s, 0, 'orcid:') ? { form: 'orcid', length: 6 } : null;
  return looksBare(s) ? { form: 'bare', length: 0 } : null;
}

/** Parse an ORCID iD in any of its spellings; the check character is verified. Never throws. */
export function parseOrcid(s: string): Result<OrcidComponents, PidError<OrcidErrorCode>> {
  const label = orcidLabel(s);
  if (!label)
    return err('orcid-label', 'an ORCID iD is written https://orcid.org/0000-0002-1825-0097, orcid:… or bare', 0);
  const start = label.length;
  let end = start;
  let digits = '';
  for (; end < s.length && digits.length < 16; end++) {
    const c = s.charCodeAt(end);
    const at = end - start;
    if (c === 45) {
      if (at !== 4 && at !== 9 && at !== 14)
        return err('orcid-hyphen', 'hyphens come only between groups of four', end);
      continue;
    }
    if (isDigit(c) || (digits.length === 15 && (c | 0x20) === 120)) {
      digits += s[end];
      continue;
    }
    if (c === 63 || c === 35 || c === 47) break;
    return err('orcid-character', 'an ORCID iD holds digits, and "X" only as its last character', end);
  }
  if (digits.length < 16)
    return err('orcid-length', 'an ORCID iD is 16 characters: 15 digits and a check character', end);
  const written = s.slice(start, end);
  if (written.length !== 16 && written.length !== 19) {
    return err('orcid-hyphen', 'write the iD as four groups of four, with a hyphen between each or none', start);
  }
  const rest = s.slice(end);
  if (rest.length > 0 && (label.form !== 'url' || !(rest.charCodeAt(0) === 63 || rest.charCodeAt(0) === 35))) {
    return err('orcid-trailing', 'nothing but a URL query or fragment may follow the iD', end);
  }
  const check = mod11_2(digits.slice(0, 15));
  if (digits[15]?.toUpperCase() !== check) {
    return err('orcid-check', `the check character should be ${check} (ISO 7064 MOD 11-2)`, end - 1);
  }
  return { ok: true, value: { form: label.form, label: s.slice(0, start), written, rest, digits } };
}
