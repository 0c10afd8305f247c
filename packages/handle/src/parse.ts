import { err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { HandleErrorCode } from './codes.ts';
import { decodeOnce } from './decode.ts';
import {
  DOT,
  isDigit,
  isSpaceOrControl,
  numericPrefixLength,
  pathEnd,
  proxyPrefix,
  SLASH,
  spacesAt,
  wordAt,
} from './grammar.ts';

/**
 * How a handle was written: `hdl:` (the print form, also `hdl: ` with spaces), `info:hdl/` (RFC 4452), an
 * hdl.handle.net URL (with or without `http(s)://`), or bare with a numeric naming authority (`2027/mdp.1`);
 * a handle on the DOI proxy (`https://doi.org/10/gf4gqc`, `doi.org/20.500.12345/1`: form `url`); a shortDOI
 * after the DOI print label (`doi:10/gf4gqc`: form `doi`).
 */
export type HandleForm = 'hdl' | 'info' | 'url' | 'bare' | 'doi';

/** A handle as written (RFC 3651 §2): the parts, not normalized. */
export interface HandleComponents {
  readonly form: HandleForm;
  /** The label as written: `hdl:`, `info:hdl/`, `https://hdl.handle.net/` (any case). */
  readonly label: string;
  /** The handle as written after the label, escapes and all: `20.500.12345/abc%20d`. */
  readonly written: string;
  /** A URI form's `?query` or `#fragment` as written (not part of the handle), or "". */
  readonly rest: string;
  /** The naming authority (prefix), percent-decoded in the URI forms. */
  readonly prefix: string;
  /** The local name (suffix), percent-decoded in the URI forms. */
  readonly suffix: string;
}

/** The resolver hosts whose path is a handle. */
export const HANDLE_PROXY_HOSTS = ['hdl.handle.net'] as const;

/**
 * The DOI proxy's hosts (DOI Handbook §3.8.3). doi.org is a Handle proxy: a path that is a handle of another
 * naming authority than a DOI's `10.NNNN` (a shortDOI `10/gf4gqc`, `20.500.12345/1`) is that handle. Only
 * numeric naming authorities are read there (`numericHandleAt`); anything else on these hosts is the DOI
 * scheme's (and its coded error).
 */
export const DOI_PROXY_HOSTS = ['doi.org', 'dx.doi.org', 'www.doi.org'] as const;

/**
 * Does a handle with a numeric naming authority that is no DOI prefix start at `i`: digits, optionally
 * divided by single "." (no segment empty), then "/" (`10/`, `20.500.12345/`, `2027/`), and not `10.` and a digit (a DOI)?
 */
export function numericHandleAt(s: string, i: number): boolean {
  if (
    s.charCodeAt(i) === 49 &&
    s.charCodeAt(i + 1) === 48 &&
    s.charCodeAt(i + 2) === DOT &&
    isDigit(s.charCodeAt(i + 3))
  )
    return false;
  let k = i;
  for (;;) {
    const from = k;
    while (isDigit(s.charCodeAt(k))) k++;
    if (k === from) return false;
    const c = s.charCodeAt(k);
    if (c === SLASH) return true;
    if (c !== DOT) return false;
    k++;
  }
}

/**
 * A shortDOI after the DOI print label: `doi:` (any case, then any spaces) and the shortDOI service's
 * naming authority `10/` (`doi:10/gf4gqc`, `DOI: 10/dvq`). The label's length, or 0.
 */
export function shortDoiLabel(s: string): number {
  if (!wordAt(s, 0, 'doi:')) return 0;
  const at = 4 + spacesAt(s, 4);
  return s.charCodeAt(at) === 49 && s.charCodeAt(at + 1) === 48 && s.charCodeAt(at + 2) === SLASH ? at : 0;
}

/** A DOI proxy URL (`https://doi.org/`, also without `http(s)://`) before a handle that is no DOI: its length, or 0. */
function doiProxyHandle(s: string): number {
  const url = proxyPrefix(s, DOI_PROXY_HOSTS);
  return url > 0 && numericHandleAt(s, url) ? url : 0;
}

/**
 * The label at the start of `s`: its form and length, or null. Cheap: looks at a few characters (a bare
 * handle's numeric naming authority at most).
 */
export function handleLabel(s: string): { form: HandleForm; length: number } | null {
  const c = s.charCodeAt(0) | 0x20;
  if (c === 104) {
    if (wordAt(s, 0, 'hdl:')) return { form: 'hdl', length: 4 + spacesAt(s, 4) };
    const url = proxyPrefix(s, HANDLE_PROXY_HOSTS) || doiProxyHandle(s);
    return url > 0 ? { form: 'url', length: url } : null;
  }
  if (c === 105 && wordAt(s, 0, 'info:hdl/')) return { form: 'info', length: 9 };
  if (c === 100) {
    const short = shortDoiLabel(s);
    if (short > 0) return { form: 'doi', length: short };
    const url = doiProxyHandle(s);
    return url > 0 ? { form: 'url', length: url } : null;
  }
  if (c === 119) {
    const url = doiProxyHandle(s);
    return url > 0 ? { form: 'url', length: url } : null;
  }
  return numericPrefixLength(s) > 0 ? { form: 'bare', length: 0 } : null;
}

/** Where a handle's name ends: URI forms stop at "?" or "#", the `hdl:` print form holds every character. */
export function nameEnd(s: string, start: number, uri: boolean): number {
  return uri ? pathEnd(s, start) : s.length;
}

/** Where an error at `i` of the name lies in the input: `offset + i`, or `fallback` for a decoded name. */
function errorAt(offset: number, fallback: number, i: number): number {
  return offset < 0 ? fallback : offset + i;
}

/**
 * Split a (decoded) handle at its first "/" into naming authority and local name and check both.
 * `offset` is where `name` starts in the input, or -1 when it was decoded (offsets are then the name's start).
 */
export function splitHandle(
  name: string,
  offset: number,
  nameStart: number,
): Result<{ prefix: string; suffix: string }, PidError<HandleErrorCode>> {
  let slash = -1;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === SLASH) {
      slash = i;
      break;
    }
    if (isSpaceOrControl(c))
      return err(
        'prefix-character',
        'a naming authority holds no white space or control characters',
        errorAt(offset, nameStart, i),
      );
  }
  if (slash < 0)
    return err(
      'handle-separator',
      'a handle is a naming authority, "/" and a local name',
      errorAt(offset, nameStart, name.length),
    );
  if (slash === 0)
    return err('prefix-empty', 'the naming authority before "/" is empty', errorAt(offset, nameStart, 0));
  let segmentStart = 0;
  for (let i = 0; i <= slash; i++) {
    if (i < slash && name.charCodeAt(i) !== DOT) continue;
    if (i === segmentStart) {
      return err(
        'prefix-segment',
        'the naming authority\'s segments are separated by one "." and none is empty',
        errorAt(offset, nameStart, i),
      );
    }
    segmentStart = i + 1;
  }
  if (slash === name.length - 1)
    return err('suffix-empty', 'the local name after "/" is empty', errorAt(offset, nameStart, slash + 1));
  for (let i = slash + 1; i < name.length; i++) {
    if (isSpaceOrControl(name.charCodeAt(i))) {
      return err(
        'suffix-character',
        'a local name holds no white space or control characters',
        errorAt(offset, nameStart, i),
      );
    }
  }
  return { ok: true, value: { prefix: name.slice(0, slash), suffix: name.slice(slash + 1) } };
}

/** The name between `start` and `end`, decoded once when `decode`; errors carry offsets into `s`. */
export function readName(
  s: string,
  start: number,
  end: number,
  decode: boolean,
): Result<{ name: string; exact: boolean }, PidError<HandleErrorCode>> {
  if (!decode) return { ok: true, value: { name: s.slice(start, end), exact: true } };
  const decoded = decodeOnce(s, start, end);
  if (typeof decoded !== 'string') return decoded;
  return { ok: true, value: { name: decoded, exact: decoded.length === end - start } };
}

/** Parse a handle in one of its spellings. Never throws; linear in the input's length. */
export function parseHandle(s: string, _options?: SchemeOptions): Result<HandleComponents, PidError<HandleErrorCode>> {
  const label = handleLabel(s);
  if (!label) {
    return err(
      'handle-label',
      'a handle starts "hdl:", "info:hdl/" or "https://hdl.handle.net/", or is NUMBER/local-name (2027/mdp.1)',
      0,
    );
  }
  const uri = label.form === 'info' || label.form === 'url';
  const start = label.length;
  const end = nameEnd(s, start, uri);
  if (end === start) return err('name-empty', 'no handle follows the label', start);
  const read = readName(s, start, end, uri);
  if (!read.ok) return read;
  const { name, exact } = read.value;
  const split = splitHandle(name, exact ? start : -1, start);
  if (!split.ok) return split;
  return {
    ok: true,
    value: {
      form: label.form,
      label: s.slice(0, start),
      written: s.slice(start, end),
      rest: s.slice(end),
      prefix: split.value.prefix,
      suffix: split.value.suffix,
    },
  };
}
