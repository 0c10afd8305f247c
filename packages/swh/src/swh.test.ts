import { readmeExamples, schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareSwh,
  formatSwh,
  normalizeSwh,
  parseSwh,
  SWH_ERROR_CODES,
  type SwhErrorCode,
  swhScheme,
} from './index.ts';

const CNT = 'swh:1:cnt:78e48f800c950530e36d3712d9e2e89673f23562';
const SNP = 'swh:1:snp:cd510e99a42139ed36f15a5774301c113c3e494b';
const REL = 'swh:1:rel:ae1f6af15f3e4110616801e235873e47fd7d1977';
/** idutils' fully qualified example, in the specification's canonical order (§6.4). */
const FULL = `${CNT};origin=https://github.com/python/cpython;visit=${SNP};anchor=${REL};path=/Programs/python.c;lines=12-16`;
/** The same qualifiers in another order (idutils' table). */
const SHUFFLED = `${CNT};anchor=${REL};visit=${SNP};path=/Programs/python.c;lines=12-16;origin=https://github.com/python/cpython`;

schemeContract(swhScheme, {
  // idutils' table, and the specification's examples (§6)
  valid: [
    'swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2',
    'swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505',
    'swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d',
    'swh:1:rel:22ece559cc7cc2364edc5e5593d63ae8bd229f9f',
    'swh:1:snp:c7c108084bc0bf3d81436bf980b46e98bd338453',
    'swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;origin=https://github.com/user/repo',
    FULL,
    SHUFFLED,
    'swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b;lines=9-15',
    'swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b;bytes=154-315',
    'swh:1:cnt:4d99d2d18326621ccdd70f5ea66c2e2ac236ad8b;origin=https://gitorious.org/ocamlp3l/ocamlp3l_cvs.git;visit=swh:1:snp:d7f1b9eb7ccb596c2622c4780febaa02549830f9;anchor=swh:1:rev:2db189928c94d62a3b4757b3eec68f0a4d4113f0;path=/Examples/SimpleFarm/simplefarm.ml',
    `${CNT};path=/a%3Bb/c%25d.txt`,
    `https://archive.softwareheritage.org/${CNT};lines=9`,
    `https://identifiers.org/${CNT}/`,
  ],
  invalid: [
    // idutils' test_swh: each is refused
    `${CNT};origin=https://github.com/python/cpython;visit=${SNP};anchor=${REL};path=Programs/python.c;lines=12-16`,
    `${CNT};origin=https://github.com/py%thon/cpython`,
    `${CNT};visit=https://github.com/python/cpython`,
    `${CNT};anchor=https://github.com/python/cpython`,
    `${CNT};lines=12--16`,
    `${CNT};lines=`,
    'swh:2:cnt:78e48f800c950530e36d3712d9e2e89673f23562',
    // and the specification's other rules
    'SWH:1:cnt:78e48f800c950530e36d3712d9e2e89673f23562',
    'swh:1:blob:78e48f800c950530e36d3712d9e2e89673f23562',
    'swh:1:cnt:78E48F800C950530E36D3712D9E2E89673F23562',
    'swh:1:cnt:78e48f800c950530e36d3712d9e2e89673f2356',
    `${CNT}x`,
    `${CNT};lines=1;bytes=2`,
    `${CNT};lines=1;lines=2`,
    `${CNT};lines=0`,
    `${CNT};color=red`,
    `${CNT};visit=${REL}`,
    `${CNT};anchor=${CNT}`,
    `${CNT};path=/a b`,
    `${CNT}/`,
    `https://archive.softwareheritage.org/${CNT}/x`,
  ],
  equivalent: [[FULL, SHUFFLED, `https://archive.softwareheritage.org/${SHUFFLED}`]],
  distinct: [
    [CNT, `${CNT};lines=9`],
    [`${CNT};lines=9`, `${CNT};bytes=9`],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'https://archive.softwareheritage.org/'),
      fc.constantFrom(CNT, 'swh:1:dir:', 'swh:2:cnt:', 'swh:1:cnt:78e4'),
      fc.array(
        fc.constantFrom(
          ';lines=1',
          ';lines=1-2',
          ';origin=https://x.org/y',
          `;visit=${SNP}`,
          ';path=/a',
          ';bytes=0',
          ';x',
          '%',
          ';',
          '/',
        ),
        {
          maxLength: 5,
        },
      ),
    )
    .map(([l, core, qs]) => l + core + qs.join('')),
});

describe('SWHIDs', () => {
  it('keeps the qualifiers as written, and sorts them into the canonical order to compare (§6.3, §6.4)', () => {
    const r = parseSwh(SHUFFLED);
    expect(r.ok && formatSwh(r.value)).toBe(SHUFFLED);
    expect(r.ok && normalizeSwh(r.value)).toBe(FULL);
    expect(compareSwh(SHUFFLED, FULL)).toEqual({ ok: true, value: true });
    expect(compareSwh(CNT, `${CNT};lines=9`)).toEqual({ ok: true, value: false });
  });

  it('resolves through archive.softwareheritage.org, qualifiers included', () => {
    const r = swhScheme.parse(`https://identifiers.org/${CNT};lines=9-15`);
    expect(r.ok && swhScheme.resolve(r.value.components)).toBe(
      `https://archive.softwareheritage.org/${CNT};lines=9-15`,
    );
  });

  it('claims swh: and the two resolvers only', () => {
    expect(swhScheme.recognize('https://archive.softwareheritage.org/browse/origin/')).toBe(false);
    expect(swhScheme.recognize('https://identifiers.org/uniprot:P12345')).toBe(false);
    expect(swhScheme.recognize('swhx:1')).toBe(false);
  });
});

const EXAMPLES: Record<SwhErrorCode, readonly [string, number]> = {
  'swh-label': ['https://archive.softwareheritage.org/', 0],
  'swh-case': ['SWH:1:cnt:78e48f800c950530e36d3712d9e2e89673f23562', 0],
  'swh-version': ['swh:2:cnt:78e48f800c950530e36d3712d9e2e89673f23562', 4],
  'swh-type': ['swh:1:blb:78e48f800c950530e36d3712d9e2e89673f23562', 6],
  'swh-hash': ['swh:1:cnt:78e48f800c950530e36d3712d9e2e89673f2356g', 49],
  'swh-qualifier': [`${CNT};color=red`, 51],
  'swh-qualifier-value': [`${CNT};lines=12--16`, 60],
  'swh-trailing': [`https://archive.softwareheritage.org/${CNT}/x`, 87],
};

describe('SWHID error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %j', (code, [input, offset]) => {
    const r = parseSwh(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...SWH_ERROR_CODES].sort());
  });
});

readmeExamples(new URL('../README.md', import.meta.url));
