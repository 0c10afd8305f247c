import { isDigit } from '@pidgate/core';
import { httpHostPrefix, proxyPrefix, spacesAt, wordAt } from '@pidgate/handle';

export { isDigit };

export const SLASH = 47; // "/"
export const DOT = 46; // "."
export const COLON = 58; // ":"

/** The DOI proxy hosts whose path is a DOI (DOI Handbook §3.8.3): doi.org and its older names. */
export const DOI_PROXY_HOSTS = ['doi.org', 'dx.doi.org', 'www.doi.org'] as const;
/** The Handle proxy, whose paths under `10.` are DOIs. */
export const HANDLE_PROXY_HOSTS = ['hdl.handle.net'] as const;

/** Does `s` hold the directory indicator `10.` and a digit at `i`? */
export function doiPrefixAt(s: string, i: number): boolean {
  return (
    s.charCodeAt(i) === 49 && s.charCodeAt(i + 1) === 48 && s.charCodeAt(i + 2) === DOT && isDigit(s.charCodeAt(i + 3))
  );
}

export { httpHostPrefix, proxyPrefix, spacesAt, wordAt };
