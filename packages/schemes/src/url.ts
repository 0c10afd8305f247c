import type { DefinedScheme, Identifier } from '@pidgate/core';
// The resolver alone: the package's index loads the archive-registry file reader (zod), which normalize does not.
import { pwidReplayUrl } from '@pidgate/pwid/resolve';
import { urnResolverUrl } from '@pidgate/urn';
import type { AnyIdentifier } from './index.ts';
import { schemes } from './list.ts';

/**
 * The resolvable https URL of an identifier (idutils' `to_url`): what `pidgate normalize` writes in its
 * `url` column and field, and what the batch API's normalize records hold. A scheme's own resolver
 * (`resolver` in its definition: doi.org, hdl.handle.net, n2t.net for ARKs, orcid.org, arxiv.org, PubMed,
 * PMC, isni.org, ror.org…) where it names one; else, for the schemes whose URL is not one template:
 * - `urn`, `isbn`, `issn`: the URN namespace's resolver (`URN_NAMESPACE_RESOLVERS` of @pidgate/urn: the
 *   national libraries' NBN resolvers, the RFC Editor; Open Library for ISBNs and the ISSN Portal for ISSNs);
 * - `pwid`: the archive's replay URL (the built-in web-archive registry of @pidgate/pwid);
 * - `purl`: the PURL itself, on https.
 * Undefined where none is known: a PDI (no public resolver), a URN of a namespace without a known resolver,
 * a PWID of a restricted archive or of a registered item.
 */
export function urlOf(id: Identifier): string | undefined {
  return urlOfAny(id as AnyIdentifier);
}

function urlOfAny(id: AnyIdentifier): string | undefined {
  const special = SPECIAL[id.scheme];
  if (special !== undefined) return special(id);
  const scheme = BY_NAME.get(id.scheme);
  const path = scheme?.resolverId(id.components);
  if (scheme?.resolverTemplate === undefined || path === undefined) return undefined;
  // put in as it is: an identifier may hold "$&", which String.replace would read as a pattern
  const template = scheme.resolverTemplate;
  const at = template.indexOf('{id}');
  if (at < 0) return template;
  return template.slice(0, at) + encodePath(path, PERCENT_IS_TEXT.has(id.scheme)) + template.slice(at + 4);
}

const BY_NAME = new Map<string, DefinedScheme>(schemes.map((s) => [s.name, s as DefinedScheme]));

/** Schemes whose identifiers hold "%" as a character of their own (not an escape): written as %25. */
const PERCENT_IS_TEXT = new Set(['doi', 'handle']);

const SPECIAL: Partial<Record<AnyIdentifier['scheme'], (id: AnyIdentifier) => string | undefined>> = {
  urn: (id) => urnResolverUrl(id.normalized),
  isbn: (id) => urnResolverUrl(id.normalized),
  issn: (id) => urnResolverUrl(id.normalized),
  purl: (id) => (id.normalized.startsWith('https://') ? id.normalized : undefined),
  pwid: (id) => {
    if (id.scheme !== 'pwid') return undefined;
    // resolvePwid's replay URL, built alone (a list of PWIDs asks it for every line)
    const url = pwidReplayUrl(id.components);
    return url !== undefined && isHttpUrl(url) ? url : undefined;
  },
  pdi: () => undefined,
};

/** Does `url` start with `http://` or `https://` (any case)? */
function isHttpUrl(url: string): boolean {
  const head = url.slice(0, 8).toLowerCase();
  return head.startsWith('https://') || head.startsWith('http://');
}

/** The names of the schemes no URL is given for. */
export const SCHEMES_WITHOUT_URL: readonly string[] = ['pdi'];

/**
 * `path` with every character a URL path cannot hold as it is percent-encoded (UTF-8): all but RFC 3986's
 * unreserved and sub-delims, ":", "@" and "/"; "%" too when it is text (`percentIsText`), else kept.
 */
function encodePath(path: string, percentIsText: boolean): string {
  let plain = true;
  for (let i = 0; i < path.length && plain; i++) plain = isUrlChar(path.charCodeAt(i), percentIsText);
  if (plain) return path;
  let out = '';
  for (const ch of path) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && isUrlChar(c, percentIsText)) out += ch;
    else for (const b of UTF8.encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const UTF8 = new TextEncoder();

/** The ASCII characters a URL path holds as they are (RFC 3986 unreserved, sub-delims, ":", "@", "/"): 1. */
const URL_CHAR = (() => {
  const table = new Uint8Array(128);
  for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
    table[ch.charCodeAt(0)] = 1;
  return table;
})();

function isUrlChar(c: number, percentIsText: boolean): boolean {
  if (c === 0x25) return !percentIsText;
  // a table, not a string search: every character of every ARK, DOI and handle of a list is looked at here
  return c < 0x80 && URL_CHAR[c] === 1;
}
