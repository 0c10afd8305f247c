import { err } from '@pidgate/core';
import { countSegments } from './segments.ts';
import { isLetterCode, lowerKeepingEscapes } from './text.ts';
import type { UrnNamespace } from './types.ts';

/**
 * `urn:lex:` (RFC 9676, the URN:LEX namespace for sources of law). The NSS is
 * `<jurisdiction>:<local name>`: the jurisdiction a code of letters (ISO 3166 country code or
 * an international body such as `eu`), optionally followed by `;`-separated jurisdiction units
 * (`it;lazio`); the local name `<authority>:<measure>:<details>` (`stato:legge:2003-09-21;456`).
 * Lexical form: lower case (URN:LEX names are built in lower case and compare case-insensitively).
 */
export const lexNamespace: UrnNamespace = {
  nid: 'lex',
  errorCodes: ['lex-jurisdiction', 'lex-syntax'],
  checks: 'jurisdiction code (letters, optional ";" units) then authority:measure:details',
  equivalence: 'case-insensitive (lower case)',
  normalize(nss) {
    let i = 0;
    while (i < nss.length && isLetterCode(nss.charCodeAt(i))) i++;
    if (i < 2) return err('lex-jurisdiction', 'a URN:LEX starts with a jurisdiction code of two or more letters', i);
    const colon = nss.indexOf(':', i);
    if (colon < 0) return err('lex-syntax', 'a URN:LEX is <jurisdiction>:<authority>:<measure>:<details>', nss.length);
    const c = nss.charCodeAt(i);
    if (c !== 58 && c !== 59 && c !== 45) {
      return err('lex-jurisdiction', 'the jurisdiction code is letters, then ";" units, then ":"', i);
    }
    const local = countSegments(nss, 'lex-syntax', 'URN:LEX local name', 3, colon + 1);
    if (!local.ok) return local;
    return { ok: true, value: lowerKeepingEscapes(nss) };
  },
};
