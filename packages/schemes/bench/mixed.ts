/**
 * Deterministic mixed identifier lists for throughput comparisons, the shape of the shared
 * `gen_mixed.py` (ARKs with and without URL prefixes, PWIDs, PDIs, URNs, about 5% junk) ported to
 * TypeScript with a seeded generator, and the same list with DOIs, Handles and ISBNs added.
 * The lists are not byte-identical to the Python script's (another random generator); their mix is.
 */

/** mulberry32: a small seeded generator, so a list depends only on its seed and length. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const int = (r: Rng, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

const BETA = '0123456789bcdfghjkmnpqrstvwxz';
const HOSTS = ['http://n2t.net/', 'https://ark.cdlib.org/', 'http://loc.gov/', 'https://example.org/rslv/'];
const ARCHIVES = ['archive.org', 'netarkivet.dk', 'arquivo.pt', 'webarchive.org.uk', 'vefsafn.is'];
const PRECISION = ['part', 'page', 'subsite', 'site', 'snapshot', 'PAGE', 'Part'];
const NIDS = ['nbn:de:bvb:19-', 'isbn:', 'issn:', 'uuid:', 'nbn:fi-fe', 'ietf:rfc:', 'example:'];

function name(r: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += BETA[Math.floor(r() * BETA.length)];
  return s;
}

function ark(r: Rng): string {
  const naan = pick(r, ['12025', '13030', '13960', '67531', '99999', '12148']);
  let s = name(r, int(r, 6, 12));
  if (r() < 0.3) s = `${s.slice(0, 3)}-${s.slice(3)}`;
  let q = '';
  if (r() < 0.3) q = `/${name(r, 2)}/${name(r, 3)}`;
  if (r() < 0.2) q += `.${pick(r, ['pdf', 'v2', 'tiff'])}.${pick(r, ['fr', 'a1'])}`;
  const label = pick(r, ['ark:/', 'ark:/', 'ark:', 'ARK:/']);
  const pre = r() < 0.3 ? pick(r, HOSTS) : '';
  return `${pre}${label}${naan}/${s}${q}`;
}

function pwid(r: Rng): string {
  let t = `${pad(int(r, 1996, 2024), 4)}-${pad(int(r, 1, 12), 2)}-${pad(int(r, 1, 28), 2)}`;
  const g = r();
  if (g < 0.7) t += `T${pad(int(r, 0, 23), 2)}:${pad(int(r, 0, 59), 2)}:${pad(int(r, 0, 59), 2)}`;
  else if (g < 0.85) t += `T${pad(int(r, 0, 23), 2)}:${pad(int(r, 0, 59), 2)}`;
  t += 'Z';
  const host = `www.${name(r, 6)}.${pick(r, ['dk', 'org', 'com'])}`;
  const path = Array.from({ length: int(r, 0, 3) }, () => name(r, 5)).join('/');
  const pre = pick(r, ['urn:pwid:', 'URN:PWID:', 'urn:pwid:']);
  return `${pre}${pick(r, ARCHIVES)}:${t}:${pick(r, PRECISION)}:http://${host}/${path}`;
}

const FRAGMENTS: Record<string, string> = {
  text: '#char=37,51',
  html: '#elt=3,9',
  gif: '#(5,10),(25,30)',
  au: '#sec=23,57',
  mpeg: '#crop=sec,23,51',
};

function pdi(r: Rng): string {
  const series = pick(r, ['oma.eop.gov.us', 'images.satellite.nasa.gov.us', 'audio.npr.org.us', 'lib.example.edu.dk']);
  const date = `${pad(int(r, 1994, 2024), 4)}/${pad(int(r, 1, 12), 2)}/${pad(int(r, 1, 28), 2)}`;
  const fmt = pick(r, ['text', 'html', 'gif', 'au', 'mpeg']);
  const frag = r() < 0.5 ? (FRAGMENTS[fmt] as string) : '';
  const pre = pick(r, ['urn:pdi:', 'pdi:', 'URN:PDI:']);
  return `${pre}//${series}/${date}/${int(r, 1, 500)}.${fmt}.${int(r, 1, 4)}${frag}`;
}

function urn(r: Rng): string {
  const nid = pick(r, NIDS);
  const fixed: Record<string, string> = {
    'uuid:': '6e8bc430-9c3a-11d9-9669-0800200c9a66',
    'isbn:': '0451450523',
    'issn:': '0167-6423',
  };
  return `${pick(r, ['urn:', 'URN:'])}${nid}${fixed[nid] ?? String(int(r, 10000, 999999))}`;
}

function junk(r: Rng): string {
  return pick(r, [
    '',
    'not an identifier',
    'ark:',
    'urn:',
    'ark:/12/',
    'urn:pwid:archive.org',
    'http://example.com/page',
    '10.1000/182',
    'urn:x:%zz',
  ]);
}

function doi(r: Rng): string {
  const prefix = pick(r, ['10.1000', '10.1038', '10.1016', '10.1371', '10.5281', '10.1002']);
  const suffix = pick(r, [
    () => `${pick(r, ['nature', 'j.cell', 'journal.pone'])}.${int(r, 1000, 9999999)}`,
    () => `zenodo.${int(r, 100000, 9999999)}`,
    () => `S${int(r, 1000, 9999)}-${int(r, 1000, 9999)}(${int(r, 10, 99)})${int(r, 10000, 99999)}-${int(r, 1, 9)}`,
    () => String(int(r, 1, 999)),
  ])();
  const label = pick(r, [
    'doi:',
    'DOI: ',
    '',
    'https://doi.org/',
    'http://dx.doi.org/',
    'info:doi/',
    'urn:doi:',
    'hdl:',
  ]);
  return `${label}${prefix}/${r() < 0.3 ? suffix.toUpperCase() : suffix}`;
}

function handle(r: Rng): string {
  const prefix = pick(r, ['20.500.12345', '2027', '1721.1', '11858', '20.500.11811']);
  const local = pick(r, [() => String(int(r, 1, 99999)), () => `mdp.${int(r, 39015000000000, 39015999999999)}`])();
  return `${pick(r, ['hdl:', 'https://hdl.handle.net/', 'http://hdl.handle.net/', 'info:hdl/'])}${prefix}/${local}`;
}

/** ISBN-13s (978/979), ISBN-10s and ISSNs with correct check digits, written in the usual ways. */
function isbn(r: Rng): string {
  if (r() < 0.25) {
    const d = Array.from({ length: 7 }, () => int(r, 0, 9));
    const sum = d.reduce((s, x, i) => s + x * (8 - i), 0);
    const c = (11 - (sum % 11)) % 11;
    const issn = `${d.slice(0, 4).join('')}-${d.slice(4).join('')}${c === 10 ? 'X' : c}`;
    return `${pick(r, ['ISSN ', 'ISSN: ', ''])}${issn}`;
  }
  if (r() < 0.4) {
    const d = Array.from({ length: 9 }, () => int(r, 0, 9));
    const sum = d.reduce((s, x, i) => s + x * (10 - i), 0);
    const c = (11 - (sum % 11)) % 11;
    const body = `${d[0]}-${d.slice(1, 4).join('')}-${d.slice(4, 9).join('')}-${c === 10 ? 'X' : c}`;
    return `${pick(r, ['ISBN ', 'ISBN-10: ', ''])}${r() < 0.5 ? body : body.replaceAll('-', '')}`;
  }
  const d = [9, 7, pick(r, [8, 9]), ...Array.from({ length: 9 }, () => int(r, 0, 9))];
  const sum = d.reduce((s, x, i) => s + x * (i % 2 === 0 ? 1 : 3), 0);
  const c = (10 - (sum % 10)) % 10;
  const body = `${d.slice(0, 3).join('')}-${d[3]}-${d.slice(4, 7).join('')}-${d.slice(7, 12).join('')}-${c}`;
  return `${pick(r, ['ISBN ', 'ISBN-13: ', ''])}${r() < 0.5 ? body : body.replaceAll('-', '')}`;
}

type Kind = (r: Rng) => string;
const weighted = (pairs: [Kind, number][]): Kind[] => pairs.flatMap(([k, n]) => Array<Kind>(n).fill(k));

/** The old list's mix: 40% ARK, 25% PWID, 10% PDI, 20% URN, 5% junk (as gen_mixed.py). */
export const OLD_MIX = weighted([
  [ark, 40],
  [pwid, 25],
  [pdi, 10],
  [urn, 20],
  [junk, 5],
]);

/** The same kinds, with DOIs (in all their spellings), Handles and ISBN/ISSNs added: a catalogue's list. */
export const NEW_MIX = weighted([
  [ark, 25],
  [pwid, 15],
  [pdi, 5],
  [urn, 12],
  [doi, 20],
  [handle, 10],
  [isbn, 8],
  [junk, 5],
]);

/** `n` lines of a mix, the same for the same seed. */
export function mixedList(n: number, mix: readonly Kind[] = OLD_MIX, seed = 20261121): string[] {
  const r = random(seed);
  return Array.from({ length: n }, () => pick(r, mix)(r));
}
