/**
 * Where the URNs of a namespace (or of part of one) resolve on the web: the public resolver each
 * namespace's registrant runs (the national libraries' NBN resolvers, the RFC Editor, doi.org) and, for
 * ISBNs and ISSNs, which no registration agency resolves, a public catalogue record. The gateway's
 * built-in resolver table (apps/gateway/data/resolvers.json) lists the same entries (a test holds them
 * together); this one is what `pidgate normalize`'s `url` column and the batch API's `url` field use.
 *
 * `prefix`: `NID` or `NID:NSS-prefix`, lower case; the longest match wins, an NSS prefix ending at ":"
 * or "-". `template` placeholders: `{urn}` (the normalized URN), `{nss}` (its NSS), `{rest}` (the NSS
 * after the prefix's NSS part and its separator: `2648` for `ietf:rfc` and `urn:ietf:rfc:2648`).
 */
export interface UrnNamespaceResolver {
  readonly prefix: string;
  readonly template: string;
}

export const URN_NAMESPACE_RESOLVERS: readonly UrnNamespaceResolver[] = [
  { prefix: 'nbn:de', template: 'https://nbn-resolving.org/{urn}' },
  { prefix: 'nbn:at', template: 'https://nbn-resolving.org/{urn}' },
  { prefix: 'nbn:ch', template: 'https://nbn-resolving.org/{urn}' },
  { prefix: 'nbn:fi', template: 'https://urn.fi/{urn}' },
  { prefix: 'nbn:se', template: 'https://urn.kb.se/resolve?urn={urn}' },
  { prefix: 'nbn:no', template: 'https://urn.nb.no/{urn}' },
  { prefix: 'nbn:nl', template: 'https://persistent-identifier.nl/{urn}' },
  { prefix: 'nbn:it', template: 'https://nbn.depositolegale.it/{urn}' },
  { prefix: 'nbn:hu', template: 'https://nbn.urn.hu/N2L?{urn}' },
  { prefix: 'nbn:cz', template: 'https://resolver.nkp.cz/{urn}' },
  { prefix: 'nbn:hr', template: 'https://urn.nsk.hr/{urn}' },
  { prefix: 'nbn:si', template: 'https://www.dlib.si/?URN={urn}' },
  { prefix: 'ietf:rfc', template: 'https://www.rfc-editor.org/rfc/rfc{rest}' },
  { prefix: 'ietf:bcp', template: 'https://www.rfc-editor.org/info/bcp{rest}' },
  { prefix: 'ietf:std', template: 'https://www.rfc-editor.org/info/std{rest}' },
  { prefix: 'ietf:fyi', template: 'https://www.rfc-editor.org/info/fyi{rest}' },
  { prefix: 'ietf:id', template: 'https://datatracker.ietf.org/doc/{rest}' },
  { prefix: 'doi', template: 'https://doi.org/{nss}' },
  { prefix: 'isbn', template: 'https://openlibrary.org/isbn/{nss}' },
  { prefix: 'issn', template: 'https://portal.issn.org/resource/ISSN/{nss}' },
  { prefix: 'lex:br', template: 'https://www.lexml.gov.br/urn/{urn}' },
];

/** A string of only the characters below (ABNF: RFC 3986 pchar and "/", "%" kept); linear, no backtracking. */
const URL_TEXT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/** Characters left as they are in a URL built here: RFC 3986 unreserved, sub-delims, ":", "@", "/", "%". */
function encodeForUrl(s: string): string {
  if (URL_TEXT.test(s)) return s;
  let out = '';
  for (const ch of s) {
    if (/^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]$/.test(ch)) out += ch;
    else for (const b of new TextEncoder().encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The resolver URL of a normalized URN (`urn:nbn:de:bvb:19-146642`), or undefined where no namespace
 * resolver is known.
 */
export function urnResolverUrl(urn: string): string | undefined {
  const lower = urn.toLowerCase();
  if (!lower.startsWith('urn:')) return undefined;
  const key = lower.slice(4);
  const colon = key.indexOf(':');
  if (colon < 0) return undefined;
  const candidates = BY_NID.get(key.slice(0, colon));
  if (candidates === undefined) return undefined;
  let best: UrnNamespaceResolver | undefined;
  for (const r of candidates) {
    if (best !== undefined && r.prefix.length <= best.prefix.length) continue;
    if (r.prefix.includes(':')) {
      if (!key.startsWith(r.prefix)) continue;
      const after = key.charCodeAt(r.prefix.length);
      if (key.length > r.prefix.length && after !== 58 && after !== 45) continue;
    }
    best = r;
  }
  if (best === undefined) return undefined;
  const nss = urn.slice(4 + colon + 1);
  const prefixNss = best.prefix.includes(':') ? best.prefix.slice(best.prefix.indexOf(':') + 1) : '';
  const rest = prefixNss === '' ? nss : nss.slice(Math.min(nss.length, prefixNss.length + 1));
  // Each placeholder's text is made only when the template holds it, and put in as it is (no `$&`-style
  // replacement patterns: an NSS may hold "$"). An encoded value holds no "{", so none makes a placeholder.
  let url = fill(best.template, '{urn}', urn);
  url = fill(url, '{nss}', nss);
  return fill(url, '{rest}', rest);
}

/** `template` with its first `placeholder` replaced by `value` made fit for a URL (`encodeForUrl`). */
function fill(template: string, placeholder: string, value: string): string {
  const at = template.indexOf(placeholder);
  if (at < 0) return template;
  return template.slice(0, at) + encodeForUrl(value) + template.slice(at + placeholder.length);
}

/** The resolvers of each NID (a prefix's part before its first ":"), in the table's order. */
const BY_NID: ReadonlyMap<string, readonly UrnNamespaceResolver[]> = (() => {
  const map = new Map<string, UrnNamespaceResolver[]>();
  for (const r of URN_NAMESPACE_RESOLVERS) {
    const nid = r.prefix.split(':')[0] as string;
    map.set(nid, [...(map.get(nid) ?? []), r]);
  }
  return map;
})();
