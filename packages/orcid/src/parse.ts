import { type Err, err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import { inOrcidBlock } from './blocks.ts';
import { mod11_2 } from './check.ts';
import type { OrcidErrorCode } from './codes.ts';
import {
  bareHostPrefix,
  httpHostPrefix,
  isDigit,
  looksBare,
  ORCID_HOSTS,
  ORCID_SANDBOX_HOSTS,
  wordAt,
} from './grammar.ts';

/** `url` (orcid.org), `orcid:`, bare; `sandbox` (sandbox.orcid.org) is recognized only to be refused. */
export type OrcidForm = 'url' | 'orcid' | 'bare' | 'sandbox';

/** An ORCID iD as written: the parts, not normalized. */
export interface OrcidComponents {
  readonly form: OrcidForm;
  /**
   * `https://orcid.org/` (also without `https://`, as a browser's address bar shows it), `orcid:` (any
   * case, and one space after it) or "" for a bare iD.
   */
  readonly label: string;
  /** The iD as written: `0000-0002-1825-0097`, `0000000218250097` or `0000 0002 1825 0097`. */
  readonly written: string;
  /** A URL's trailing `/`, `?query` or `#fragment` (not part of the iD), or "". */
  readonly rest: string;
  /** The 16 characters of the iD, separators dropped, the check character as written. */
  readonly digits: string;
}

type OrcidErr = Err<PidError<OrcidErrorCode>>;

const HYPHEN = 45;
const SPACE = 32;

/** The label at the start of `s`: its form and length, or null. */
export function orcidLabel(s: string): { form: OrcidForm; length: number } | null {
  const c = s.charCodeAt(0) | 0x20;
  if (c === 104) {
    const n = httpHostPrefix(s, ORCID_HOSTS);
    if (n > 0) return { form: 'url', length: n };
    const sandbox = httpHostPrefix(s, ORCID_SANDBOX_HOSTS);
    return sandbox > 0 ? { form: 'sandbox', length: sandbox } : null;
  }
  if (c === 115) {
    const sandbox = bareHostPrefix(s, ORCID_SANDBOX_HOSTS);
    return sandbox > 0 ? { form: 'sandbox', length: sandbox } : null;
  }
  // "ORCID: 0000-…", as author notes write it: one space may follow the label
  if (c === 111 && wordAt(s, 0, 'orcid:')) return { form: 'orcid', length: s.charCodeAt(6) === SPACE ? 7 : 6 };
  if (c === 111 || c === 119) {
    // `orcid.org/0000-…`, `www.orcid.org/…`: the URL without its scheme
    const n = bareHostPrefix(s, ORCID_HOSTS);
    return n > 0 ? { form: 'url', length: n } : null;
  }
  return looksBare(s) ? { form: 'bare', length: 0 } : null;
}

/**
 * The iD from `start`: 15 digits and a check character (a digit or "X"), in four groups of four with one
 * separator between each — "-" throughout, or " " throughout (ISO 27729's display; not in a URL) — or
 * none. Its end and its 16 characters, or an error.
 */
function readId(s: string, start: number, url: boolean): { end: number; digits: string } | OrcidErr {
  let end = start;
  let count = 0;
  let separator = 0;
  for (; end < s.length && count < 16; end++) {
    const c = s.charCodeAt(end);
    if (c === HYPHEN || (c === SPACE && !url)) {
      const at = end - start;
      if (at !== 4 && at !== 9 && at !== 14) {
        return err('orcid-hyphen', 'hyphens (or spaces) come only between groups of four', end);
      }
      if (separator !== 0 && c !== separator) {
        return err('orcid-hyphen', 'separate the groups with hyphens throughout, or spaces throughout', end);
      }
      separator = c;
      continue;
    }
    if (isDigit(c) || (count === 15 && (c | 0x20) === 120)) {
      count++;
      continue;
    }
    if (c === 63 || c === 35 || c === 47) break;
    return err('orcid-character', 'an ORCID iD holds digits, and "X" only as its last character', end);
  }
  if (count < 16) {
    return err('orcid-length', 'an ORCID iD is 16 characters: 15 digits and a check character', end);
  }
  if (end - start === 16) return { end, digits: s.slice(start, end) };
  if (end - start !== 19) {
    return err('orcid-hyphen', 'write the iD as four groups of four, with a hyphen between each or none', start);
  }
  // separators stand at 4, 9 and 14
  const digits =
    s.slice(start, start + 4) +
    s.slice(start + 5, start + 9) +
    s.slice(start + 10, start + 14) +
    s.slice(start + 15, end);
  return { end, digits };
}

/** After the iD in a URL: one "/" (the same record page), then the end, a query or a fragment. */
function urlRest(s: string, end: number, form: OrcidForm): boolean {
  if (form !== 'url') return false;
  const k = s.charCodeAt(end) === 47 ? end + 1 : end;
  const c = s.charCodeAt(k);
  return k === s.length || c === 63 || c === 35;
}

/**
 * Parse an ORCID iD in any of its spellings; the check character is verified, and a bare iD must lie in a
 * block ISNI reserved for ORCID (`ORCID_BLOCKS`). Never throws.
 */
export function parseOrcid(s: string, _options?: SchemeOptions): Result<OrcidComponents, PidError<OrcidErrorCode>> {
  const label = orcidLabel(s);
  if (!label)
    return err('orcid-label', 'an ORCID iD is written https://orcid.org/0000-0002-1825-0097, orcid:… or bare', 0);
  const start = label.length;
  if (label.form === 'sandbox') {
    return err(
      'orcid-sandbox',
      "an iD of ORCID's sandbox (sandbox.orcid.org), a test registry: it names no one, and is not the orcid.org iD with the same digits",
      0,
    );
  }
  const id = readId(s, start, label.form === 'url');
  if ('ok' in id) return id;
  const { end, digits } = id;
  const rest = s.slice(end);
  if (rest.length > 0 && !urlRest(s, end, label.form)) {
    return err('orcid-trailing', 'nothing but "/", a URL query or fragment may follow the iD', end);
  }
  const check = mod11_2(digits.slice(0, 15));
  if (digits[15]?.toUpperCase() !== check) {
    return err('orcid-check', `the check character should be ${check} (ISO 7064 MOD 11-2)`, end - 1);
  }
  // a bare iD is an ORCID iD only in ORCID's blocks (elsewhere it is an ISNI); a label or an orcid.org URL
  // names ORCID itself, and is read whatever its number (ORCID's own example, 0000-0001-2345-6789)
  if (label.form === 'bare' && !inOrcidBlock(digits.slice(0, 15))) {
    return err(
      'orcid-range',
      'an ISNI, not an ORCID iD: ORCID iDs lie from 0000-0001-5000-0007 to 0000-0003-5000-0001 or from 0009-0000-0000-0000 to 0009-0010-0000-0000',
      start,
    );
  }
  const written = s.slice(start, end);
  return { ok: true, value: { form: label.form, label: s.slice(0, start), written, rest, digits } };
}
