import { describe, expect, it } from 'vitest';
import { registry } from './index.ts';

/**
 * The rows of idutils' own test table (inveniosoftware/idutils, tests/test_idutils.py) that it assigns to
 * ads, swh and the life-science accessions, with idutils' scheme name: each is detected as that scheme
 * through the whole registry (no other scheme claims it first) and parses. idutils' `arrayexpress_array`
 * and `arrayexpress_experiment` are one scheme here, `arrayexpress`.
 */
const IDUTILS_ROWS: readonly [string, string][] = [
  ['2011ApJS..192...18K', 'ads'],
  ['2016arXiv161002026S', 'ads'],
  ['ads:2011ApJS..192...18K', 'ads'],
  ['ads:2017zndo....495787v', 'ads'],
  ['1992ApJ\u2026400L\u20261W', 'ads'],
  ['SRX3529244', 'sra'],
  ['SRR6437777', 'sra'],
  ['PRJNA224116', 'bioproject'],
  ['SAMN08289383', 'biosample'],
  ['ENSG00000012048', 'ensembl'],
  ['ENSMUST00000017290', 'ensembl'],
  ['P02833', 'uniprot'],
  ['Q9GYV0', 'uniprot'],
  ['NZ_JXSL01000036.1', 'refseq'],
  ['NM_206454', 'refseq'],
  ['XM_002113800.1', 'refseq'],
  ['GCA_000002275.2', 'genome'],
  ['GCF_000001405.38', 'genome'],
  ['GPL9', 'geo'],
  ['GSM888', 'geo'],
  ['GSE55396', 'geo'],
  ['GDS1234', 'geo'],
  ['A-MEXP-1171', 'arrayexpress'],
  ['A-AFFY-17', 'arrayexpress'],
  ['E-MEXP-1712', 'arrayexpress'],
  ['E-MTAB-424', 'arrayexpress'],
  ['E-MTAB-4020', 'arrayexpress'],
  ['E-TABM-14', 'arrayexpress'],
  ['E-FLYC-6', 'arrayexpress'],
  ['swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2', 'swh'],
  ['swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505', 'swh'],
  ['swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d', 'swh'],
  ['swh:1:rel:22ece559cc7cc2364edc5e5593d63ae8bd229f9f', 'swh'],
  ['swh:1:snp:c7c108084bc0bf3d81436bf980b46e98bd338453', 'swh'],
  ['swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;origin=https://github.com/user/repo', 'swh'],
  [
    'swh:1:cnt:78e48f800c950530e36d3712d9e2e89673f23562;origin=https://github.com/python/cpython;visit=swh:1:snp:cd510e99a42139ed36f15a5774301c113c3e494b;anchor=swh:1:rel:ae1f6af15f3e4110616801e235873e47fd7d1977;path=/Programs/python.c;lines=12-16',
    'swh',
  ],
  [
    'swh:1:cnt:78e48f800c950530e36d3712d9e2e89673f23562;anchor=swh:1:rel:ae1f6af15f3e4110616801e235873e47fd7d1977;visit=swh:1:snp:cd510e99a42139ed36f15a5774301c113c3e494b;path=/Programs/python.c;lines=12-16;origin=https://github.com/python/cpython',
    'swh',
  ],
];

describe("idutils' ADS, SWHID and accession rows through the registry", () => {
  it.each(IDUTILS_ROWS)('%s is %s', (input, scheme) => {
    const r = registry.parse(input);
    expect(r.ok ? r.value.scheme : r.error.code).toBe(scheme);
  });

  it('leaves idutils\' "nonsense" strings of a..a unclaimed by these schemes', () => {
    for (let n = 0; n < 20; n++) expect(registry.detect('a'.repeat(n))?.name).toBeUndefined();
  });
});
