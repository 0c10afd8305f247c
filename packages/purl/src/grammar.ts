/** Hosts and character classes of PURLs; lookup tables, no regular expressions. */
import { httpHostPrefix, httpSchemeLength, isDigit, wordAt } from '@pidgate/core';

export { httpHostPrefix, httpSchemeLength, isDigit, wordAt };

/**
 * The hosts of PURL services: OCLC's original resolver (purl.oclc.org, purl.org and its www name, the
 * early purl.net and purl.com, names the same resolver answers to; idutils lists purl.com too), the US
 * Government Publishing Office's (purl.fdlp.gov, purl.access.gpo.gov), the OBO Foundry's
 * (purl.obolibrary.org) and Florida State University's (purl.lib.fsu.edu).
 */
export const PURL_HOSTS = [
  'purl.org',
  'www.purl.org',
  'purl.oclc.org',
  'purl.net',
  'purl.com',
  'purl.fdlp.gov',
  'purl.access.gpo.gov',
  'purl.obolibrary.org',
  'purl.lib.fsu.edu',
] as const;

/** Host names that are the same PURL service as another: `www.purl.org` is `purl.org`. */
export const PURL_HOST_ALIASES: Readonly<Record<string, string>> = { 'www.purl.org': 'purl.org' };

const PCHAR = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@") {
  PCHAR[ch.charCodeAt(0)] = 1;
}

/** RFC 3986 pchar, less pct-encoded. */
export function isPchar(c: number): boolean {
  return c < 128 && PCHAR[c] === 1;
}

/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export { isHexCode as isHex, isUnreservedCode as isUnreserved } from '@pidgate/core';
