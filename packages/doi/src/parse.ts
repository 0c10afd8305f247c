import { type Err, err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import { decodeOnce, isSpaceOrControl, numericHandleAt, pathEnd, shortDoiLabel } from '@pidgate/handle';
import type { DoiErrorCode } from './codes.ts';
import {
  COLON,
  DOI_PROXY_HOSTS,
  DOT,
  doiPrefixAt,
  HANDLE_PROXY_HOSTS,
  isDigit,
  proxyPrefix,
  SLASH,
  spacesAt,
  wordAt,
} from './grammar.ts';

/**
 * How a DOI was written: `doi:` (the Handbook's print form, also `DOI: `), a bare `10.…`, `info:doi/`
 * (RFC 4452), `urn:doi:`, a doi.org URL, or one of the Handle spellings (`hdl:`, `info:hdl/`,
 * hdl.handle.net) of a handle in the `10.` directory.
 */
export type DoiForm = 'doi' | 'bare' | 'info' | 'urn' | 'url' | 'hdl' | 'hdl-info' | 'hdl-url';

/** A DOI as written: the parts, not normalized. */
export interface DoiComponents {
  readonly form: DoiForm;
  /** The label as written, `""` for a bare DOI: `doi:`, `DOI: `, `https://doi.org/`, `urn:doi:`… */
  readonly label: string;
  /** The DOI as written after the label, escapes and all. */
  readonly written: string;
  /** A URI form's `?query` or `#fragment` as written (not part of the DOI), or "". */
  readonly rest: string;
  /** The prefix: the directory indicator `10` and the registrant code, `10.1000`. */
  readonly prefix: string;
  /** The suffix, percent-decoded in the URI forms. */
  readonly suffix: string;
}

interface Label {
  readonly form: DoiForm;
  readonly length: number;
  /** A URI spelling: percent-escapes are decoded once and "?" / "#" end the DOI. */
  readonly uri: boolean;
  /** `urn:doi:10.123:456`: a ":" may stand for the "/" after the prefix (DOI Handbook, URL encoding note). */
  readonly colon: boolean;
}

const label = (form: DoiForm, length: number, uri: boolean, colon = false): Label => ({ form, length, uri, colon });

// The labels of fixed length, made once: recognizing them allocates nothing.
const BARE = label('bare', 0, false);
const DOI = label('doi', 4, false);
const DOI_SPACE = label('doi', 5, false);
const INFO = label('info', 9, true);
const HDL_INFO = label('hdl-info', 9, true);
const URN = label('urn', 8, true, true);
const HDL = label('hdl', 4, false);

/**
 * `doi:` and the spaces after it: `DOI: 10.1000/182` as reference lists print it. A shortDOI after it
 * (`doi:10/gf4gqc`) is no DOI name but a handle of the shortDOI service's naming authority `10`: null,
 * the Handle scheme's.
 */
function doiPrint(s: string): Label | null {
  if (shortDoiLabel(s) > 0) return null;
  const spaces = spacesAt(s, 4);
  if (spaces === 0) return DOI;
  return spaces === 1 ? DOI_SPACE : label('doi', 4 + spaces, false);
}

/**
 * After a doi.org host: `urn:doi:` or `doi:` may come before the DOI, as the proxy reads them. A handle of
 * another numeric naming authority (a shortDOI `10/gf4gqc`, `20.500.12345/1`), which the proxy resolves as
 * the Handle System does, is no DOI: null, the Handle scheme's.
 */
function afterProxy(s: string, i: number): Label | null {
  if (wordAt(s, i, 'urn:doi:')) return label('url', i + 8, true, true);
  if (wordAt(s, i, 'doi:')) return label('url', i + 4, true);
  if (numericHandleAt(s, i)) return null;
  return label('url', i, true);
}

/** `hdl:` (and spaces) before a handle of the `10.` directory. */
function hdlPrint(s: string): Label | null {
  const at = 4 + spacesAt(s, 4);
  if (!doiPrefixAt(s, at)) return null;
  return at === 4 ? HDL : label('hdl', at, false);
}

/**
 * A DOI proxy URL (`https://doi.org/…`, also without `http(s)://`: `doi.org/…`, `dx.doi.org/…`), or a Handle
 * proxy URL of a `10.` handle (`https://hdl.handle.net/10.…`, `hdl.handle.net/10.…`).
 */
function proxyAt(s: string): Label | null {
  const proxy = proxyPrefix(s, DOI_PROXY_HOSTS);
  if (proxy > 0) return afterProxy(s, proxy);
  const hdl = proxyPrefix(s, HANDLE_PROXY_HOSTS);
  return hdl > 0 && doiPrefixAt(s, hdl) ? label('hdl-url', hdl, true) : null;
}

/** The label at the start of `s`, or null. Cheap: looks at the first few characters only. */
export function doiLabel(s: string): Label | null {
  switch (s.charCodeAt(0) | 0x20) {
    case 0x31: // "1" (| 0x20 keeps digits)
      return s.charCodeAt(0) === 49 && s.charCodeAt(1) === 48 && s.charCodeAt(2) === DOT ? BARE : null;
    case 100: // d
      if (wordAt(s, 0, 'doi:')) return doiPrint(s);
      return proxyAt(s);
    case 105: // i
      if (wordAt(s, 0, 'info:doi/')) return INFO;
      return wordAt(s, 0, 'info:hdl/') && doiPrefixAt(s, 9) ? HDL_INFO : null;
    case 117: // u
      return wordAt(s, 0, 'urn:doi:') ? URN : null;
    case 104: // h
      if (wordAt(s, 0, 'hdl:')) return hdlPrint(s);
      return proxyAt(s);
    case 119: // w: www.doi.org/
      return proxyAt(s);
    default:
      return null;
  }
}

/** Where an error at `i` of the name lies in the input: `offset + i`, or `fallback` for a decoded name. */
function errorAt(offset: number, fallback: number, i: number): number {
  return offset < 0 ? fallback : offset + i;
}

/**
 * Check a (decoded) DOI name: `10.` registrant-code ("/" | ":" when allowed) suffix, and give the index of
 * the separator after the prefix. `offset` is where the name starts in the input, or -1 when escapes were
 * decoded (errors then point at `fallback`).
 */
export function splitDoi(
  name: string,
  offset: number,
  fallback: number,
  colon: boolean,
): number | Err<PidError<DoiErrorCode>> {
  if (!(name.charCodeAt(0) === 49 && name.charCodeAt(1) === 48 && name.charCodeAt(2) === DOT)) {
    return err('directory-indicator', 'a DOI starts with the directory indicator "10."', errorAt(offset, fallback, 0));
  }
  let i = 3;
  let segment = 3;
  for (; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (isDigit(c)) continue;
    if (c === DOT) {
      if (i === segment) break;
      segment = i + 1;
      continue;
    }
    break;
  }
  const stop = name.charCodeAt(i);
  if (i === segment || (i < name.length && stop !== SLASH && !(colon && stop === COLON))) {
    return err(
      'registrant-code',
      'the registrant code after "10." is digits, optionally divided by single "." (10.1000, 10.1000.10)',
      errorAt(offset, fallback, i),
    );
  }
  if (i === name.length)
    return err('doi-separator', 'a DOI is a prefix, "/" and a suffix', errorAt(offset, fallback, i));
  if (i === name.length - 1)
    return err('suffix-empty', 'the suffix after the prefix is empty', errorAt(offset, fallback, i + 1));
  for (let k = i + 1; k < name.length; k++) {
    if (isSpaceOrControl(name.charCodeAt(k))) {
      return err(
        'suffix-character',
        'a DOI suffix holds no white space or control characters',
        errorAt(offset, fallback, k),
      );
    }
  }
  return i;
}

/** Parse a DOI in any of its spellings. Never throws; linear in the input's length. */
export function parseDoi(s: string, _options?: SchemeOptions): Result<DoiComponents, PidError<DoiErrorCode>> {
  const l = doiLabel(s);
  if (!l) {
    return err(
      'doi-label',
      'a DOI is written "doi:10.…", "10.…", "https://doi.org/10.…", "info:doi/10.…", "urn:doi:10.…" or "hdl:10.…"',
      0,
    );
  }
  const start = l.length;
  const end = l.uri ? pathEnd(s, start) : s.length;
  if (end === start) return err('name-empty', 'no DOI follows the label', start);
  let name = s.slice(start, end);
  let exact = true;
  if (l.uri) {
    const decoded = decodeOnce(s, start, end);
    if (typeof decoded !== 'string') return decoded;
    exact = decoded.length === name.length;
    name = decoded;
  }
  const separator = splitDoi(name, exact ? start : -1, start, l.colon);
  if (typeof separator !== 'number') return separator;
  return {
    ok: true,
    value: {
      form: l.form,
      label: s.slice(0, start),
      written: s.slice(start, end),
      rest: s.slice(end),
      prefix: name.slice(0, separator),
      suffix: name.slice(separator + 1),
    },
  };
}
