import { describe, expect, it } from 'vitest';
import { formatArk } from './format.ts';
import { ncda, verifyNcda } from './ncda.ts';
import { normalizeArk } from './normalize.ts';
import { parseArk } from './parse.ts';
import { baseObject, containers, isVariantOf, shoulder, variants } from './relations.ts';
import { bareHostEnd } from './scan.ts';
import { arkScheme } from './scheme.ts';

/*
 * Cases from other projects' test suites and documentation, and the examples of today's ARK spec
 * (draft-kunze-ark-42, arks-org/arkspec). Each expected value is the spec's (draft-kunze-ark-09 §2.7 for
 * `source`, draft-42 §3.2 for `modern`) or the other project's own where it agrees with the spec; where
 * a project departs from the spec, the test asserts the spec's answer and docs/specs/ark.md
 * ("Differences from other implementations") says so.
 */

type Profile = 'source' | 'modern';

const norm = (s: string, profile: Profile) => {
  const r = parseArk(s, { profile });
  return r.ok ? normalizeArk(r.value, { profile }) : `error: ${r.error.code}`;
};

const ark = (s: string, profile: Profile = 'modern') => {
  const r = arkScheme.parse(s, profile);
  if (!r.ok) throw new Error(`${s}: ${r.error.code}`);
  return r.value;
};

// draft-kunze-ark-42, every example ARK with its normalized form (§3.2) in `modern` (and `source`, draft-09).
describe('draft-kunze-ark-42 examples', () => {
  it.each([
    // §2.2: the new and the old label are equivalent
    ['ark:/12345/x6np1wh8k', 'ark:12345/x6np1wh8k', 'ark:/12345/x6np1wh8k'],
    ['ark:12345/x6np1wh8k', 'ark:12345/x6np1wh8k', 'ark:/12345/x6np1wh8k'],
    // §2.4.1 shoulders: the correct and the incorrect (a "/" after the shoulder) are both ARKs
    ['ark:12345/x6np1wh8k/c2/s4.pdf', 'ark:12345/x6np1wh8k/c2/s4.pdf', 'ark:/12345/x6np1wh8k/c2/s4.pdf'],
    ['ark:12345/x6/np1wh8k/c2/s4.pdf', 'ark:12345/x6/np1wh8k/c2/s4.pdf', 'ark:/12345/x6/np1wh8k/c2/s4.pdf'],
    // §2.5
    [
      'https://example.org/ark:12345/x6np1wh8k/c3/s5.v7.xsl',
      'ark:12345/x6np1wh8k/c3/s5.v7.xsl',
      'ark:/12345/x6np1wh8k/c3/s5.v7.xsl',
    ],
    // §2.5.1
    ['ark:12345/x54/xz/321', 'ark:12345/x54/xz/321', 'ark:/12345/x54/xz/321'],
    ['ark:12345/x54_xz_321', 'ark:12345/x54_xz_321', 'ark:/12345/x54_xz_321'],
    // §2.5.2: suffixes stay in order in draft-42; draft-09 §2.7 step 4 sorts them
    ['ark:12345/x54.24', 'ark:12345/x54.24', 'ark:/12345/x54.24'],
    ['ark:12345/x4z/x54.24', 'ark:12345/x4z/x54.24', 'ark:/12345/x4z/x54.24'],
    ['ark:12345/x54.v18.fr.odf', 'ark:12345/x54.v18.fr.odf', 'ark:/12345/x54.fr.odf.v18'],
    // §3.1: three equivalent ARKs (hyphens and the NMA are identity inert)
    ['ark:12345/x5-4-xz-321', 'ark:12345/x54xz321', 'ark:/12345/x54xz321'],
    ['https://sneezy.dopey.com/ark:12345/x54--xz32-1', 'ark:12345/x54xz321', 'ark:/12345/x54xz321'],
    ['ark:12345/x54xz321', 'ark:12345/x54xz321', 'ark:/12345/x54xz321'],
    // §3.1: "%7D" stands in for "}"; use "%ACT" instead of "%acT" (draft-09 preferred the lower case)
    ['ark:12345/x%7d', 'ark:12345/x%7D', 'ark:/12345/x%7d'],
    ['ark:12345/%acT', 'ark:12345/%ACT', 'ark:/12345/%acT'],
  ])('%s -> %s (source %s)', (input, modern, source) => {
    expect(norm(input, 'modern')).toBe(modern);
    expect(norm(input, 'source')).toBe(source);
  });

  it('§5.2: n2t.net/ark:67531/metadc107835?info, typed into a browser without a scheme, is an ?info request', () => {
    const a = ark('n2t.net/ark:67531/metadc107835?info');
    expect(a.normalized).toBe('ark:67531/metadc107835');
    expect(a.components).toMatchObject({ prefix: 'n2t.net/', nmah: 'n2t.net', label: 'ark:', inflection: '?info' });
    expect(formatArk(a.components)).toBe('n2t.net/ark:67531/metadc107835?info');
    expect(norm('n2t.net/ark:67531/metadc107835', 'source')).toBe('ark:/67531/metadc107835');
    // §5.2's THUMP session: the "where" of the record and of its support
    expect(norm('https://digital.library.unt.edu/ark:/67531/metadc107835', 'modern')).toBe('ark:67531/metadc107835');
  });

  it('bareHostEnd finds the "/" after a hostname written without a scheme', () => {
    expect(bareHostEnd('n2t.net/ark:67531/metadc107835?info')).toBe(7);
    expect(bareHostEnd('n2t.net:8080/x')).toBe(12);
    expect(bareHostEnd('12025.example.org/ark:/12025/x')).toBe(17);
    // RFC 1123 §2.1: a host name starts with a letter or digit, so "-example.org" is no host.
    for (const input of [
      'urn:foo/x',
      'example/x',
      '.example.org/x',
      '-a.org/x',
      'a..b/x',
      'a.b.',
      'a.b:/x',
      'https://a.b/x',
      '',
    ]) {
      expect(bareHostEnd(input), input).toBe(-1);
    }
  });

  it('a bare hostname before the label needs a "." and only hostname characters', () => {
    expect(norm('n2t.net:8080/some/path/ark:/12345/x', 'modern')).toBe('ark:12345/x');
    for (const input of [
      'urn:foo/ark:/12345/x',
      'example/ark:/12345/x',
      '.example.org/ark:/12345/x',
      'a..b/ark:/12345/x',
      '-12025.example.org:8080/ark:/12025/x',
    ]) {
      expect(norm(input, 'modern'), input).toBe('error: ark-label');
    }
  });

  it('§2.5: "/c3/s5" is a ComponentPath and ".v7.xsl" a VariantPath', () => {
    const a = ark('https://example.org/ark:12345/x6np1wh8k/c3/s5.v7.xsl');
    expect(a.components).toMatchObject({ name: 'x6np1wh8k', componentPath: '/c3/s5', variantPath: '.v7.xsl' });
  });

  it('§2.5.1: ark:12345/x54/xz/321 is contained in ark:12345/x54/xz, contained in ark:12345/x54', () => {
    expect(containers(ark('ark:12345/x54/xz/321'))).toEqual(['ark:12345/x54/xz', 'ark:12345/x54']);
    for (const s of ['ark:12345/x54_xz_321', 'ark:12345/x54_xz', 'ark:12345/x54xz321', 'ark:12345/x54xz']) {
      expect(containers(ark(s)), s).toEqual([]);
    }
  });

  it('§2.5.2: the variants an ARK with suffixes implies, and ARKs that are variants of each other', () => {
    expect(variants(ark('ark:12345/x54.v18.fr.odf'))).toEqual([
      'ark:12345/x54.v18.fr',
      'ark:12345/x54.v18',
      'ark:12345/x54',
    ]);
    expect(baseObject(ark('ark:12345/x4z/x54.24'))).toBe('ark:12345/x4z/x54');
    const [a, b, c] = ['ark:12345/x54.v18.fr.odf', 'ark:12345/x54.321xz', 'ark:12345/x54.44'].map((s) => ark(s));
    expect(a && b && c && [isVariantOf(a, b), isVariantOf(b, c), isVariantOf(c, a)]).toEqual([true, true, true]);
  });

  it('§2.4.1: the primordinal shoulder of ark:12345/x6np1wh8k is x6', () => {
    expect(shoulder(ark('ark:12345/x6np1wh8k').components.name)).toBe('x6');
  });

  it('§3.2 step 6: all hyphens are removed, the NAAN\'s too (draft-09 §2.6: "always ignored in ARKs")', () => {
    expect(norm('ark:123-45/x54-xz', 'modern')).toBe('ark:12345/x54xz');
    expect(norm('ark:/123-45/x54-xz', 'source')).toBe('ark:/12345/x54xz');
    expect(norm('ark:/1234-5678-9/x', 'source')).toBe('ark:/123456789/x');
    expect(norm('ark:B\u20105072/x', 'modern')).toBe('ark:b5072/x'); // a hyphen-like character, U+2010
    // a hyphen never counts toward the NAAN's length
    expect(norm('ark:/1234-/x', 'source')).toBe('error: naan-length');
    expect(norm('ark:/--/', 'modern')).toBe('error: naan-length');
    // the parts stay as written, so formatArk gives the input back
    const a = ark('http://n2t.net/ark:/130-30/xf93-gt2q?info', 'source');
    expect(a.components).toMatchObject({ naan: '130-30', name: 'xf93-gt2q', inflection: '?info' });
    expect(formatArk(a.components)).toBe('http://n2t.net/ark:/130-30/xf93-gt2q?info');
  });
});

// CDLUC3/ezid tests/resolve/test_resolver.py (IdentifierParser.parse): EZID's resolver normalizes by
// draft-kunze-ark-36 (the rules of the `modern` profile); the expected suffixes are EZID's.
describe('EZID resolver parsing (tests/resolve/test_resolver.py)', () => {
  it.each([
    ['ark:/99999/fk412345/foo', 'fk412345/foo', null],
    ['ark:/99999/fk412345/foo%efg%1abar', 'fk412345/foo%EFg%1Abar', null],
    ['ark:/99999/fk-4-1-2-3-4-5/f-o-o', 'fk412345/foo', null],
    ['ark:/99999/fk412345//foo', 'fk412345/foo', null],
    ['ark:/99999/fk412345///foo', 'fk412345/foo', null],
    ['ark:/99999/fk412345..foo', 'fk412345.foo', null],
    ['ark:/99999/fk412345.//foo', 'fk412345.foo', null],
    ['ark:/99999/fk412345.//foo?', 'fk412345.foo', '?'],
    ['ark:/99999/fk412345.//foo??', 'fk412345.foo', '??'],
    ['ark:/99999/fk412345.//foo?info', 'fk412345.foo', '?info'],
  ])('%s -> ark:99999/%s', (input, suffix, inflection) => {
    const a = ark(input);
    expect(a.normalized).toBe(`ark:99999/${suffix}`);
    expect(a.components.inflection).toBe(inflection);
    // draft-09 §2.7 step 1 lowercases the %-hex instead
    expect(norm(input, 'source')).toBe(`ark:/99999/${suffix.replace(/%[0-9A-F]{2}/g, (x) => x.toLowerCase())}`);
  });

  it('test_resolve: ark:88122/zq-fw-01-90_extra is ark:/88122/zqfw0190 with "_extra" after it', () => {
    expect(norm('ark:88122/zq-fw-01-90_extra', 'source')).toBe('ark:/88122/zqfw0190_extra');
    expect(norm('ark:88122/zq-fw-01-90_extra', 'modern')).toBe('ark:88122/zqfw0190_extra');
  });

  // EZID parses these into a NAAN with no Name (a NAAN lookup); an ARK's Name is required (draft-09 §2.4,
  // draft-42 §2.4 "it is also required"), and "99999/..." has no label: EZID raises "has no scheme".
  it.each([
    ['ark:/99999/', 'name-empty'],
    ['ark:/99999', 'naan-unterminated'],
    ['ark:', 'naan-length'],
    ['ark:/', 'naan-length'],
    ['99999/fk412345/foo', 'ark-label'],
  ])('%s is not an ARK: %s', (input, code) => {
    for (const profile of ['source', 'modern'] as const) expect(norm(input, profile)).toBe(`error: ${code}`);
  });
});

// CDLUC3/ezid tests/resolve/test_resolve.py (HTTP): each of these is an ARK EZID answers (302 or 200).
describe('EZID resolve requests (tests/resolve/test_resolve.py)', () => {
  it.each([
    ['ark:/99166/p3wp9v205', 'ark:/99166/p3wp9v205', null],
    ['ark:/99166/p3wp9v205?', 'ark:/99166/p3wp9v205', '?'],
    ['ark:/99166/p3wp9v205??', 'ark:/99166/p3wp9v205', '??'],
    ['ark:/99166/p3wp9v205?info', 'ark:/99166/p3wp9v205', '?info'],
    ['ark:/99166/p3wp9v205_extra', 'ark:/99166/p3wp9v205_extra', null],
    ['ark:/99166/p3wp9v205%20extra', 'ark:/99166/p3wp9v205%20extra', null],
  ])('%s', (input, source, inflection) => {
    const a = ark(input, 'source');
    expect([a.normalized, a.components.inflection]).toEqual([source, inflection]);
  });
});

// CDLUC3/ezid templates/doc/apidoc.2.rst (the EZID API guide) and tests/test_impl_util.py.
describe('EZID API guide and shadow ARKs', () => {
  it.each([
    ['ark:/99999/fk4cz3dh0', 'fk4'], // "success: ark:/99999/fk4cz3dh0"
    ['ark:/13030/c79cz3dh0', 'c7'], // minted on the shoulder ark:/13030/c7
    ['ark:/87278/s63x8hrv', 's6'],
  ])('%s is on the shoulder %s', (input, expected) => {
    expect(shoulder(ark(input, 'source').components.name)).toBe(expected);
  });

  it('suffix passthrough: ark:/99999/fk4/root/andmore is contained in ark:/99999/fk4/root', () => {
    expect(containers(ark('ark:/99999/fk4/root/andmore', 'source'))).toEqual(['ark:/99999/fk4/root', 'ark:/99999/fk4']);
  });

  // Shadow ARKs of DOIs carry a betanumeric NAAN (10.5070 -> b5070): an ARK only by draft-42's NAAN rule.
  it.each([
    ['ark:/b5070/lx2', 'ark:b5070/lx2'],
    ['ark:/c5779/z38', 'ark:c5779/z38'],
    ['ark:/d1986/s6.caida', 'ark:d1986/s6.caida'],
    ['ark:/b9999/test', 'ark:b9999/test'], // "success: doi:10.9999/TEST | ark:/b9999/test"
  ])('%s -> %s (modern); source: naan-character', (input, modern) => {
    expect(norm(input, 'modern')).toBe(modern);
    expect(norm(input, 'source')).toBe('error: naan-character');
  });
});

// CDLUC3/ezid impl/util.py validateArk departs from the spec in four ways; we follow the spec.
describe('where EZID validateArk departs from the spec', () => {
  it('never decodes a %-escape (EZID decodes %41 to "A"; §2.7 has no decoding step)', () => {
    expect(norm('ark:/13030/foo%41', 'source')).toBe('ark:/13030/foo%41');
    expect(norm('ark:/13030/foo%41', 'modern')).toBe('ark:13030/foo%41');
  });

  it('replaces "./" and "/." by their first character (EZID rejects them; §2.7 step 3)', () => {
    expect(norm('ark:/13030/a./b', 'source')).toBe('ark:/13030/a.b');
    expect(norm('ark:/13030/a/.b', 'modern')).toBe('ark:13030/a/b');
  });

  it('rejects characters outside the repertoire (EZID %-encodes them; §2.6 "%-encoding all other octets")', () => {
    expect(norm('ark:/13030/foo:bar', 'source')).toBe('error: name-character');
    expect(norm('ark:/13030/foo#bar', 'modern')).toBe('error: name-character');
    // "#" is a Name character of draft-09 (§2.6), kept as written (EZID writes %23)
    expect(norm('ark:/13030/foo#bar', 'source')).toBe('ark:/13030/foo#bar');
  });

  it('sorts suffixes in `source` only (EZID keeps them in order, as draft-42 does)', () => {
    expect(norm('ark:/13030/x.b.a', 'source')).toBe('ark:/13030/x.a.b');
    expect(norm('ark:/13030/x.b.a', 'modern')).toBe('ark:13030/x.b.a');
  });
});

// CDLUC3/N2T tests/test_parser.py (test_canonical): N2T's canonical forms, `ark:` and NAAN lowercased.
describe('N2T canonical forms (tests/test_parser.py)', () => {
  it.each([
    ['ark:/99999/foo-bar', 'ark:99999/foobar'],
    ['ark:12345/hyphen-target', 'ark:12345/hyphentarget'],
    ['ark:12346/no-hyphen-target', 'ark:12346/nohyphentarget'],
    ['ark://99999/wlter/foozle./', 'ark:99999/wlter/foozle'],
    ['ark://99999/foo-bar', 'ark:99999/foobar'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, 'modern')).toBe(expected);
  });

  // N2T answers these too (a NAAN lookup, the resolver's root, a ";" passed through); none is an ARK by
  // the spec: the Name is required (§2.4) and ";" is outside the repertoire (§3.1).
  it.each([
    ['ark:1234', 'naan-unterminated'], // N2T: ark:1234/
    ['ark:', 'naan-length'], // N2T: ark:
    ['ark://99999/foo-bar/asngr;qorv;onqwr', 'qualifier-character'], // N2T: ark:99999/foobar/asngr;qorv;onqwr
  ])('%s is refused: %s', (input, code) => {
    expect(norm(input, 'modern')).toBe(`error: ${code}`);
  });
});

// perma-id/w3id.org arkid/README.md: three request forms its redirects send to one N2T ARK.
describe('w3id.org arkid', () => {
  it('ark:/12148/bpt6k10733944 and ark:12148/bpt6k10733944 are one ARK; 12148/bpt6k10733944 has no label', () => {
    for (const profile of ['source', 'modern'] as const) {
      expect(norm('ark:/12148/bpt6k10733944', profile)).toBe(norm('ark:12148/bpt6k10733944', profile));
      expect(norm('12148/bpt6k10733944', profile)).toBe('error: ark-label');
    }
  });
});

// Real-world ARKs (BnF, Smithsonian, Internet Archive, UNT, FamilySearch) as other projects' detection
// tests list them.
describe('real-world ARKs', () => {
  it.each([
    ['https://gallica.bnf.fr/ark:/12148/btv1b8449691v/f29', 'ark:12148/btv1b8449691v/f29'],
    ['https://ark.bnf.fr/ark:12148/bpt6k5834013m', 'ark:12148/bpt6k5834013m'],
    ['ark:65665/381440f27-3f74-4eb9-ac11-b4d633a7da3d', 'ark:65665/381440f273f744eb9ac11b4d633a7da3d'],
    ['https://archive.org/details/ark:/13960/t5z64fc55', 'ark:13960/t5z64fc55'],
    ['https://digital.library.unt.edu/ark:/67531/metadc107835/', 'ark:67531/metadc107835'],
    ['https://n2t.net/ark:12148/btv1b8449691v/f29?info', 'ark:12148/btv1b8449691v/f29'],
    // a URL query after an ARK is dropped in `modern` (draft-42 §3.2 step 2)
    ['https://gallica.bnf.fr/ark:/12148/btv1b8449691v/f29.item?lang=FR&r=zola', 'ark:12148/btv1b8449691v/f29.item'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, 'modern')).toBe(expected);
  });

  it('a URL query is not an inflection in `source` (draft-09 §6 knows only "?" and "??")', () => {
    expect(norm('https://gallica.bnf.fr/ark:/12148/btv1b8449691v/f29.item?lang=FR', 'source')).toBe(
      'error: inflection',
    );
  });

  it("BnF (NAAN 12148) check characters cover the Name alone, not NAAN/Name as NOID's minters do", () => {
    for (const name of ['bpt6k5834013m', 'btv1b8449691v', 'cb166125510', 'cb32707911p']) {
      expect(verifyNcda(name), name).toBe(true);
      expect(verifyNcda(`12148/${name}`), name).toBe(false);
    }
    // CDL, Internet Archive and EZID ARKs cover NAAN/Name (the NOID documentation's 13030/xf93gt2q)
    for (const id of ['13030/tf5p30086k', '13960/t5z64fc55', '99999/fk4cz3dh0', '87278/s63x8hrv']) {
      expect(verifyNcda(id), id).toBe(true);
    }
  });

  it('acorn-lib NOID cases: 13030/xf93gt2 -> q, c8131/g3js3 -> v (a betanumeric NAAN)', () => {
    expect([ncda('13030/xf93gt2'), ncda('c8131/g3js3')]).toEqual(['q', 'v']);
  });

  it('arkpy (mjgiarlo) covers the label when the ARK is written with it; draft-42 §2.4.1 does not', () => {
    expect(verifyNcda('42409/kz45m762d')).toBe(true); // arkmint --bare
    expect(verifyNcda('42409/8k28cs25w')).toBe(false); // arkmint wrote ark:/42409/8k28cs25w
    expect(ncda('ark:/42409/8k28cs25')).toBe('w'); // the label was in arkpy's check zone
  });

  it('FamilySearch ARKs hold ":", outside both repertoires (docs/specs/ark.md: differences)', () => {
    for (const profile of ['source', 'modern'] as const) {
      expect(norm('ark:61903/1:1:K98H-2G2', profile)).toBe('error: name-character');
      expect(norm('ark:61903/1%3A1%3AK98H-2G2', profile)).toBe(
        profile === 'modern' ? 'ark:61903/1%3A1%3AK98H2G2' : 'ark:/61903/1%3a1%3aK98H2G2',
      );
    }
  });
});

// internetarchive/arklet ark/utils.py parse_ark and tests/ark/views_tests.py.
describe('arklet', () => {
  it('"ark:/" and "ark:" name the same ARK (parse_ark strips the "/")', () => {
    expect(norm('https://arklet.example/ark:/13960/t2abc', 'modern')).toBe(norm('ark:13960/t2abc', 'modern'));
    expect(norm('ark:13960/t2abc', 'source')).toBe('ark:/13960/t2abc');
  });

  it('its test NAAN "1" is an ARK NAAN only in `modern` (draft-09 §2.3: 5 or 9 digits)', () => {
    expect(norm('ark:/1/t212346', 'modern')).toBe('ark:1/t212346');
    expect(norm('ark:/1/t212346', 'source')).toBe('error: naan-length');
  });

  it('keeps the NAAN as written: 00001 is not 1 (arklet stores the NAAN as an integer)', () => {
    expect(ark('ark:/00001/x', 'source').components.naan).toBe('00001');
    expect(norm('ark:/00001/x', 'modern')).not.toBe(norm('ark:/1/x', 'modern'));
  });
});

// Inist-CNRS/node-inist-ark test/validator.js: INIST computes the NCDA over "NAAN/Name" with the
// alphabet in upper case. NOID's alphabet is lower case (other characters count 0), so the check
// character holds once the Name is lowercased.
describe('inist-ark', () => {
  it('ark:/67375/39D-L2DM2F95-7 normalizes with its case kept and its hyphens removed', () => {
    expect(norm('ark:/67375/39D-L2DM2F95-7', 'source')).toBe('ark:/67375/39DL2DM2F957');
  });

  it('its check character "7" is right over the lowercased Name, and "5" is wrong', () => {
    expect(verifyNcda('67375/39d-l2dm2f95-7')).toBe(true);
    expect(verifyNcda('67375/39d-l2dm2f95-5')).toBe(false);
    expect(verifyNcda('67375/39D-L2DM2F95-7')).toBe(false); // upper case is not NOID's alphabet
  });
});

// time-machine-project/ark-service tests/conformance.rs, a conformance table for draft-kunze-ark-43
// (whose §3.1 and §3.2 are draft-42's). Every case runs in `modern`, the profile of that spec.
describe('ark-service conformance table (draft-kunze-ark-43)', () => {
  const LONG_NAME = `ark:12345/x6${'bcdfghjkmnpqrstvwxz0123456789'.repeat(10)}`;

  it.each([
    ['http://example.org/rslvr/ark:12345/x6np1wh8k', 'ark:12345/x6np1wh8k'], // 2.1, step 1
    ['https://example.com/ark:12345/x6np1wh8k', 'ark:12345/x6np1wh8k'],
    ['https://n2t.net/ARK:/12345/x6np1wh8k', 'ark:12345/x6np1wh8k'], // steps 1 and 3
    ['ark:/12345/x6np1wh8k', 'ark:12345/x6np1wh8k'], // 2.2
    ['ARK:12345/x6np1wh8k', 'ark:12345/x6np1wh8k'],
    ['Ark:/12345/x6np1wh8k', 'ark:12345/x6np1wh8k'],
    ['ark:BCDFG/x6np1wh8k', 'ark:bcdfg/x6np1wh8k'], // step 4
    ['ark:12345/x5-4-xz-321', 'ark:12345/x54xz321'], // step 6
    ['https://sneezy.dopey.com/ark:12345/x54--xz32-1', 'ark:12345/x54xz321'],
    ['ark:12345/x6np\n1wh8k', 'ark:12345/x6np1wh8k'], // 3.1 transcription: whitespace removed
    ['ark:12345/x6np 1wh8k/\tpage2.pdf', 'ark:12345/x6np1wh8k/page2.pdf'],
    ['ark:12345/x6np\u20131wh8k', 'ark:12345/x6np1wh8k'], // U+2013 is a hyphen
    ['ark:12345/x6np1wh8k?info', 'ark:12345/x6np1wh8k'], // step 2
    ['ark:12345/x6np1wh8k/c3?u=ark:/99999/z', 'ark:12345/x6np1wh8k/c3'],
    ['ark:12345/x6np1wh8k??', 'ark:12345/x6np1wh8k'], // step 7
    ['ark:12345/x6np%2fwh8k', 'ark:12345/x6np%2Fwh8k'], // step 5
    ['ark:12345/x6%acT', 'ark:12345/x6%ACT'],
    ['ark:12345/x6np1wh8k//page2', 'ark:12345/x6np1wh8k/page2'], // step 8
    ['ark:12345/x6np1wh8k./', 'ark:12345/x6np1wh8k'],
    ['ark:12345/x6np1wh8k..', 'ark:12345/x6np1wh8k'],
    ['ark:12345/x6np1wh8k/c3/./s5', 'ark:12345/x6np1wh8k/c3/s5'],
    ['ark://12345/x6np1wh8k', 'ark:12345/x6np1wh8k'], // steps 3 and 8: the initial "/" goes
    ['ark:-/26341/b1np1wh8k', 'ark:26341/b1np1wh8k'], // hyphens go before structural characters
    ['ark:263-41/b1np1wh8k', 'ark:26341/b1np1wh8k'], // a hyphen in the NAAN
    ['ark:12345/X6NP1WH8K', 'ark:12345/X6NP1WH8K'], // 3.2-case: the Name keeps its case
    ['http://ark:8080/ark:26341/b1np1wh8k', 'ark:26341/b1np1wh8k'], // an NMA named "ark"
    ['n2t.net/ark:/12345/x6np1wh8k?redirect=https://example.org/', 'ark:12345/x6np1wh8k'],
  ])('%s -> %s', (input, expected) => {
    expect(norm(input, 'modern')).toBe(expected);
  });

  it('3.2-case: comparison is case-sensitive outside the label and NAAN', () => {
    expect(norm('ark:12345/x6np1wh8k', 'modern')).not.toBe(norm('ark:12345/X6NP1WH8K', 'modern'));
  });

  it.each([
    'ark:bcdfg/x6np1wh8k',
    'ark:12345/x6np1wh8f.pdf',
    'ark:12345/x6=~*+@_$',
    'ark:26341/b1550e8400-e29b-41d4-a716-446655440000',
    'ark:12345/x6np1wh8k?a=b,c',
    'ark:12345/x6np%7D',
    'ark:bcdfghjkmnpqrstv/x6np1wh8k', // a 16-octet NAAN (2.3-length)
    LONG_NAME, // more than 255 octets (3.1-length)
  ])('%s is valid', (input) => {
    expect(parseArk(input, { profile: 'modern' }).ok).toBe(true);
  });

  it.each([
    ['ark:ABCDE/x6np1wh8k', 'naan-character'], // "A" and "E" are not betanumeric
    ['ark:12a45/x6np1wh8k', 'naan-character'],
    ['ark:12345/x6np,1wh8k', 'name-character'],
    ['ark:12345/x6np:1wh8k', 'name-character'],
    ['ark:12345/x6np\u00f1', 'name-character'],
    ['ark:12345/x6np%zz', 'pct-encoded'],
    ['ark:12345/x6np%2', 'pct-encoded'],
    ['ark:26341/b1np1wh8k&x=1', 'name-character'],
    ['ark:26341/b1np1wh8k/..;/admin', 'qualifier-character'],
    ['ark:26341/b1np1wh8k\\..\\admin', 'name-character'],
    ['ark:', 'naan-length'], // MissingNaan
    ['ark:12345', 'naan-unterminated'], // MissingName
    ['ark:12345/', 'name-empty'],
    ['ark://x6np1wh8k', 'naan-unterminated'], // MissingName: "x6np1wh8k" is read as the NAAN
    ['x6np1wh8k', 'ark-label'],
    ['https://example.org/x6np1wh8k', 'ark-label'],
    ['https://example.org/search?q=/ark:12345/x6np1wh8k', 'ark-label'], // the label is in the query
  ])('%s is refused: %s', (input, code) => {
    expect(norm(input, 'modern')).toBe(`error: ${code}`);
  });

  it.each([
    ['ark:12345/x6np1wh8k/c2/s4.pdf', 'x6np1wh8k', 'x6', '/c2/s4.pdf'],
    ['ark:12345/x6/np1wh8k/c2/s4.pdf', 'x6', 'x6', '/np1wh8k/c2/s4.pdf'],
    ['ark:12345/8np1wh8k', '8np1wh8k', '8', ''],
    ['ark:12345/abc/x6', 'abc', null, '/x6'],
    ['ark:12345/bcd', 'bcd', null, ''],
    ['ark:12345/x-6np1wh8k', 'x-6np1wh8k', 'x6', ''],
    ['ark:26341/b1550e8400-e29b-41d4-a716-446655440000', 'b1550e8400-e29b-41d4-a716-446655440000', 'b1', ''],
    ['https://example.org/ark:12345/x6np1wh8k/c3/s5.v7.xsl', 'x6np1wh8k', 'x6', '/c3/s5.v7.xsl'],
    ['ark:12345/x54.v18.fr.odf', 'x54', 'x5', '.v18.fr.odf'],
    ['ark:12345/x6np1wh8f?next=/a', 'x6np1wh8f', 'x6', ''],
  ])('%s: Name %s, shoulder %s, Qualifier %s', (input, name, expectedShoulder, qualifier) => {
    const a = ark(input);
    expect([a.components.name, shoulder(a.components.name), a.components.qualifier]).toEqual([
      name,
      expectedShoulder,
      qualifier,
    ]);
  });

  it('the NCDA covers the normalized NAAN/Name: ark:13030/xf93-gt2 has the check character q', () => {
    for (const input of ['ark:13030/xf93gt2', 'ark:13030/xf93-gt2']) {
      expect(verifyNcda(`${ark(input).normalized.slice('ark:'.length)}q`), input).toBe(true);
    }
  });

  // Where ark-service normalizes what the spec's repertoire (§3.1) refuses, we refuse it.
  it.each([
    ['ark:12345/x6np1wh8k/ark:/z', 'qualifier-character'], // ark-service: ark:12345/x6np1wh8k/ark:/z
    ['ark:12345/x6%-2f', 'pct-encoded'], // ark-service: ark:12345/x6%2f
  ])('%s is refused: %s', (input, code) => {
    expect(norm(input, 'modern')).toBe(`error: ${code}`);
  });
});
