/**
 * LSIDs (Life Science Identifiers, OMG "Life Sciences Identifiers Specification" 1.0, formal/04-12-01):
 * `urn:lsid:ubio.org:namebank:11815`. A URN in the `lsid` namespace: the authority (a DNS name), the
 * namespace, the object and an optional revision, separated by ":". `URN:LSID:` and the authority are
 * read in any case; the rest is kept as written. Asked before the generic URN rule: an LSID is read as
 * scheme `lsid`, not as a URN.
 */
import { compareParsed, type DefinedScheme, defineScheme, type PidError, type SchemeOptions } from '@pidgate/core';
import { digit, fail, formatShell, type IdComponents, letter, parseShell, prefixOf, type Spellings } from './shell.ts';

/** Every error code of the LSID parser. */
export const LSID_ERROR_CODES = [
  'lsid-label', // urn:lsid:
  'lsid-authority', // a DNS name: letters, digits, "-" and "."
  'lsid-parts', // authority:namespace:object, and an optional :revision
  'lsid-character', // URN characters only (RFC 8141 pchar, no ":" inside a part)
] as const;
export type LsidErrorCode = (typeof LSID_ERROR_CODES)[number];
export type LsidComponents = IdComponents;

export const LSID_SPELLINGS: Spellings = { labels: ['urn:lsid:'], urls: [] };

/** RFC 3986 pchar other than ":" and "%", which `partChar` treats: unreserved, sub-delims, "@". */
const OTHER = new Set([..."-._~!$&'()*+,;=@"].map((c) => c.charCodeAt(0)));
const partChar = (c: number): boolean => letter(c) || digit(c) || OTHER.has(c);
const hex = (c: number): boolean => digit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);

function idError(s: string, start: number, end: number): PidError<LsidErrorCode> | null {
  let part = 0;
  let from = start;
  for (let i = start; i <= end; i++) {
    const c = i < end ? s.charCodeAt(i) : 58;
    if (c === 58) {
      if (i === from) return fail('lsid-parts', 'an LSID part is never empty', i);
      if (++part > 4) return fail('lsid-parts', 'an LSID is authority:namespace:object[:revision]', i);
      from = i + 1;
      continue;
    }
    if (part === 0) {
      if (!(letter(c) || digit(c) || c === 45 || c === 46)) {
        return fail('lsid-authority', "an LSID's authority is a DNS name: letters, digits, '-' and '.'", i);
      }
    } else if (c === 37) {
      if (!(hex(s.charCodeAt(i + 1)) && hex(s.charCodeAt(i + 2))) || i + 2 >= end) {
        return fail('lsid-character', '"%" starts a percent-encoded byte: two hexadecimal digits', i);
      }
      i += 2;
    } else if (!partChar(c)) {
      return fail('lsid-character', 'an LSID part holds URN characters only (RFC 8141)', i);
    }
  }
  return part < 3 ? fail('lsid-parts', 'an LSID is authority:namespace:object[:revision]', end) : null;
}

/** Parse an LSID. Never throws; linear. */
export function parseLsid(input: string, _options?: SchemeOptions) {
  const message = 'an LSID is written urn:lsid:authority:namespace:object';
  return parseShell(input, LSID_SPELLINGS, { label: 'lsid-label' as const, labelMessage: message }, idError);
}

/** The canonical spelling and equivalence key: `urn:lsid:`, the authority in lower case, the rest as written. */
export function normalizeLsid(c: Pick<LsidComponents, 'id'>, _options?: SchemeOptions): string {
  const colon = c.id.indexOf(':');
  return `urn:lsid:${c.id.slice(0, colon).toLowerCase()}${c.id.slice(colon)}`;
}

export const formatLsid = (c: LsidComponents, _options?: SchemeOptions): string => formatShell(c);

export function compareLsid(a: string, b: string, options?: SchemeOptions) {
  return compareParsed(parseLsid, normalizeLsid, a, b, options);
}

/** LSIDs. Priority 24: before the URN rule (100), which would read `urn:lsid:` as a URN. No resolver: see docs/specs/lsid.md. */
export const lsidScheme: DefinedScheme<LsidComponents, 'lsid', LsidErrorCode> = defineScheme({
  name: 'lsid',
  priority: 24,
  errorCodes: LSID_ERROR_CODES,
  recognize: (input: string) => prefixOf(input, LSID_SPELLINGS) !== null,
  parse: parseLsid,
  normalize: normalizeLsid,
  format: formatLsid,
  route: { labels: ['urn:lsid:'] },
  docs: {
    title: 'LSID, Life Science Identifier',
    specification: 'OMG Life Sciences Identifiers Specification 1.0 (formal/04-12-01)',
    page: 'docs/specs/lsid.md',
    package: '@pidgate/research',
    example: 'urn:lsid:ubio.org:namebank:11815',
  },
});
