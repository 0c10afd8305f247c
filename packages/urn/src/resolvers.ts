/**
 * Public URN resolvers whose URLs carry a URN: `https://nbn-resolving.org/urn:nbn:de:...`,
 * `http://urn.fi/URN:NBN:fi-...`, `https://urn.kb.se/resolve?urn=urn:nbn:se:...`. Such a URL is
 * read as the URN it carries (as an ARK behind an NMAH is read as the ARK).
 * Each entry is `host + path up to the URN`, compared case-insensitively; http and https both.
 */
export const URN_RESOLVER_PREFIXES: readonly string[] = [
  'nbn-resolving.org/',
  'nbn-resolving.de/',
  'www.nbn-resolving.org/',
  'www.nbn-resolving.de/',
  'nbn-resolving.de/urn/resolver.pl?urn=',
  'nbn-resolving.org/resolver?identifier=',
  'urn.fi/',
  'urn.kb.se/resolve?urn=',
  'urn.kb.se/',
  'resolver.obvsg.at/',
  'urn.nb.no/',
  'persistent-identifier.nl/',
  'persistent-identifier.nl/?identifier=',
  'nbn.depositolegale.it/',
  'resolver.nkp.cz/',
  'urn.nsk.hr/',
  'nbn.urn.hu/N2L?',
  'www.dlib.si/?URN=',
  'www.lexml.gov.br/urn/',
  'n2t.net/',
  'www.rfc-editor.org/rfc/',
];

/** Lower-case host → the lower-case paths (after the host) of its resolver URLs, longest first. */
const BY_HOST = new Map<string, string[]>();
for (const p of URN_RESOLVER_PREFIXES) {
  const slash = p.indexOf('/');
  const host = p.slice(0, slash).toLowerCase();
  const paths = BY_HOST.get(host) ?? [];
  paths.push(p.slice(slash).toLowerCase());
  paths.sort((x, y) => y.length - x.length);
  BY_HOST.set(host, paths);
}

/** Does `s` hold `lower` at `at`, ASCII letters compared without regard to case? */
function matchesAt(s: string, lower: string, at: number): boolean {
  if (at + lower.length > s.length) return false;
  for (let k = 0; k < lower.length; k++) {
    let c = s.charCodeAt(at + k);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Where the URN starts inside a resolver URL, and whether it is percent-encoded; null when the
 * string is not a known resolver URL carrying `urn:` (also `urn%3A`, percent-encoded in a query).
 * Cheap: the scheme compared in place, one Map lookup on the lower-cased host.
 */
export function findResolverPrefix(input: string): { prefixEnd: number; encoded: boolean } | null {
  const c = input.charCodeAt(0);
  if (c !== 104 && c !== 72) return null; // "h" / "H"
  const hostStart = matchesAt(input, 'https://', 0) ? 8 : matchesAt(input, 'http://', 0) ? 7 : -1;
  if (hostStart < 0) return null;
  const hostEnd = input.indexOf('/', hostStart);
  if (hostEnd < 0 || hostEnd - hostStart > 64) return null;
  const paths = BY_HOST.get(input.slice(hostStart, hostEnd).toLowerCase());
  if (paths === undefined) return null;
  for (const path of paths) {
    const end = hostEnd + path.length;
    if (!matchesAt(input, path, hostEnd)) continue;
    if (matchesAt(input, 'urn:', end)) return { prefixEnd: end, encoded: false };
    if (matchesAt(input, 'urn%3a', end)) return { prefixEnd: end, encoded: true };
  }
  return null;
}

/** The URN inside a resolver URL: `urn%3A` escapes of ":" decoded when the URN was percent-encoded. */
export function urnFromResolverUrl(input: string, at: { prefixEnd: number; encoded: boolean }): string {
  const rest = input.slice(at.prefixEnd);
  if (!at.encoded) return rest;
  let out = '';
  let from = 0;
  for (let i = 0; i + 2 < rest.length; i++) {
    if (rest.charCodeAt(i) === 37 && rest.charCodeAt(i + 1) === 51 && (rest[i + 2] === 'A' || rest[i + 2] === 'a')) {
      out += `${rest.slice(from, i)}:`;
      from = i + 3;
      i += 2;
    }
  }
  return out + rest.slice(from);
}
