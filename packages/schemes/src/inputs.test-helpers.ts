/**
 * Strings of every scheme, as written in the wild, and generators that mutate them, for the dispatch
 * tests: a first look that leaves out a scheme it should have kept shows up on these.
 */
import { ARK_INVALID_RULES } from '@pidgate/ark/testing';
import { ARXIV_INVALID_RULES } from '@pidgate/arxiv/testing';
import type { InvalidRule } from '@pidgate/core/testing';
import { DOI_INVALID_RULES } from '@pidgate/doi/testing';
import { HANDLE_INVALID_RULES } from '@pidgate/handle/testing';
import { ISBN_INVALID_RULES, ISSN_INVALID_RULES } from '@pidgate/isbn/testing';
import { ORCID_INVALID_RULES } from '@pidgate/orcid/testing';
import { PDI_INVALID_RULES } from '@pidgate/pdi/testing';
import { PMCID_INVALID_RULES, PMID_INVALID_RULES } from '@pidgate/pubmed/testing';
import { PURL_INVALID_RULES } from '@pidgate/purl/testing';
import { replayHosts } from '@pidgate/pwid';
import { PWID_INVALID_RULES } from '@pidgate/pwid/testing';
import { URN_INVALID_RULES } from '@pidgate/urn/testing';
import fc from 'fast-check';

/** Labelled, bare and URL spellings of every scheme, and strings near them. */
export const SEEDS: readonly string[] = [
  'ark:/12025/654xz321',
  'ARK:12025/654xz321',
  'ark:sneezy.dopey.com/12025/654xz321',
  'https://n2t.net/ark:/13030/tf5p30086k',
  'https://example.org/rslv/ark:/99999/x',
  'ftp://example.org/ark:/99999/x',
  'a+b.c-9://example.org/p/ark:/99999/x',
  'urn://example.org/ark:/99999/x',
  'hdl://example.org/ark:/99999/x',
  'n2t.net/ark:67531/metadc107835?info', // draft-42 §5.2: a bare hostname before the label
  '12025.example.org:8080/ark:/12025/x',
  'doi.org/ark:/12025/x',
  'orcid.org/0000-0002-1825-0097',
  // @pidgate/research: GND, VIAF, Wikidata, OpenAlex, LSID, ISTC, HAL, ASCL, CSTR, RRID
  'http://d-nb.info/gnd/1055864695',
  'GND:4079154-3',
  '4079154-3',
  'd-nb.info/gnd/118540238',
  'https://viaf.org/viaf/75121530',
  'viaf:75121530',
  'Q42',
  'wd:Q42',
  'https://www.wikidata.org/wiki/Property:P31',
  'L7-F1',
  'P31',
  'W2741809807',
  'https://api.openalex.org/works/W2741809807',
  'openalex:a5023888391',
  'P4310320990',
  'urn:lsid:ubio.org:namebank:11815',
  'URN:LSID:ubio.org:namebank:11815:2',
  '0A9 2002 12B4A105 7',
  'ISTC 0A9-2002-12B4A105-7',
  'A02-2009-000004BE-A',
  'hal:inserm-13102590',
  'hal-01234567v2',
  'mem_13102590',
  'https://hal.science/tel-00123456',
  'ascl:1908.011',
  'https://ascl.net/1908.0113',
  'CSTR:31253.11.sciencedb.j00001.00123',
  'RRID:AB_90755',
  'https://scicrunch.org/resolver/RRID:SCR_001905',
  '12082125',
  '1055864695',
  // ROR and ISNI (defined with defineScheme(): their routing rules come from their definitions)
  'https://ror.org/05dxps055',
  'ror.org/02mhbdp94',
  'ROR:04fa4r544',
  'https://ror.org/ark:/12025/x',
  'ISNI 0000 0001 2103 2683',
  'isni:0000000080456315',
  'http://www.isni.org/isni/0000000121032683',
  'isni.org/isni/000000012146438X',
  '0000 0001 2103 2683',
  '1422-4586-3573-0476',
  '0000-0002-1825-0097',
  'www.orcid.org/0000-0002-1825-0097',
  'pubmed.ncbi.nlm.nih.gov/12082125',
  'pmc.ncbi.nlm.nih.gov/articles/PMC2631623',
  'europepmc.org/article/MED/12082125',
  'web.archive.org/web/20160122112029/http://www.dr.dk',
  'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
  'pwid:archive.org:2016-01-22Z:page:http://x',
  'https://web.archive.org/web/20160122112029/http://www.dr.dk',
  'https://web.archive.org/web/20160122112029id_/https://n2t.net/ark:/13030/x',
  'https://wayback.archive-it.org/1234/20160122112029/http://www.dr.dk',
  'https://archive.ph/20160122112029/http://www.dr.dk',
  'https://WEB.ARCHIVE.ORG/web/2016/http://x',
  'urn:pdi://oma.eop.gov.us/1999/01/05/9.text.1',
  'pdi://oma.eop.gov.us/1999/01/05/9.text.1',
  'urn:nbn:de:bvb:19-146642',
  'urn:isbn:0451450523',
  'doi:10.1000/182',
  'DOI: 10.1000/182',
  '10.1000/182',
  'https://doi.org/10.1000/182',
  'http://dx.doi.org/urn:doi:10.1000:182',
  'https://www.doi.org/doi:10.1000/182',
  'https://doi.org/10.1000/ark:/1/x',
  'info:doi/10.1000/182',
  'urn:doi:10.1000:182',
  'hdl:10.1000/182',
  'hdl:20.500.12345/1',
  'info:hdl/20.500.1/x',
  'info:hdl/10.1000/x',
  'https://hdl.handle.net/2027/mdp.1',
  'https://hdl.handle.net/10.1000/182',
  // proxy URLs without http(s)://, printed labels with spaces, bare numeric handles (idutils reads them)
  'doi.org/10.1000/182',
  'DX.DOI.ORG/10.1000/182',
  'www.doi.org/10.1000/182',
  'hdl.handle.net/2027/mdp.1',
  'hdl.handle.net/10.1000/182',
  'hdl: 10.1000/182',
  'hdl:  2027/mdp.1',
  'doi:  10.1000/182',
  '10013/epic.10033',
  '2027/mdp.39015004544496',
  '20.500.12345/1',
  '1..2/x',
  'http://purl.org/dc/terms/',
  'https://purl.obolibrary.org/obo/GO_0008150',
  'https://orcid.org/0000-0002-1825-0097',
  'https://www.orcid.org/0000-0002-1825-0097',
  'orcid:0000-0002-1825-0097',
  '0000-0002-1825-0097',
  '0000000218250097',
  'arXiv:1501.00001v2',
  '1501.00001',
  'hep-th/9901001',
  'math.GT/0309136',
  'https://arxiv.org/abs/1501.00001',
  'https://export.arxiv.org/pdf/hep-th/9901001v2',
  'https://arxiv.org/list/1501.00001',
  'PMID: 12345',
  'pmid:12345',
  'https://pubmed.ncbi.nlm.nih.gov/12345/',
  'https://www.ncbi.nlm.nih.gov/pubmed/12345',
  'PMC1234567',
  'PMCID: PMC1234567',
  'https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/',
  'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567',
  'https://europepmc.org/articles/PMC1234567',
  '978-0-395-36341-6',
  '9780395363416',
  '978-0395-36341-6',
  'ISBN 0-395-36341-1',
  'ISBN-10: 0-395-36341-1',
  'isbn13:9780395363416',
  'ISBN-9780395363416',
  'isbn9780395363416',
  'ISBN-12: 0-395-36341-1',
  'ISBN 13: 978-0-395-36341-6',
  '978-3-905673-82- 1',
  '9 7 8 0 3 9 5 3 6 3 4 1 6',
  'ISSN 0259-000X',
  'ISSN-L: 0259-000X',
  'issn:0259-000X',
  '0259-000X',
  'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
  'https://nbn-resolving.de/urn/resolver.pl?urn=urn%3Anbn%3Ade%3Abvb%3A19-146642',
  'http://urn.fi/URN:NBN:fi-fe2019',
  'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-1',
  'https://n2t.net/urn:example:1',
  // toLowerCase folds KELVIN SIGN to "k" (the URN and PWID recognizers lower hosts so) and grows "İ"
  'https://urn.\u212Ab.se/resolve?urn=urn:nbn:se:uu:diva-1',
  'https://wayba\u212Ack.archive-it.org/1234/20160122112029/http://www.dr.dk',
  'https://web.archive.org\u0130/web/2016/http://x',
  'http://hdl.handle.net',
  'https://',
  'http:/x/ark:/1/x',
  // ADS bibcodes, SWHIDs and the life-science accessions (@pidgate/ads, @pidgate/swh, @pidgate/accession)
  '2011ApJS..192...18K',
  'ads:2011ApJS..192...18K',
  '1992ApJ\u2026400L\u20261W',
  'https://ui.adsabs.harvard.edu/abs/2019A&A...622A..47A/abstract',
  'swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2',
  'swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;origin=https://github.com/user/repo;path=/a',
  'https://archive.softwareheritage.org/swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d',
  'GSE55396',
  'geo:GSM888',
  'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396',
  'SRR6437777',
  'insdc.sra:ERX123456',
  'https://www.ebi.ac.uk/ena/browser/view/ERR123456',
  'PRJNA224116',
  'bioproject:PRJEB12345',
  'https://www.ncbi.nlm.nih.gov/bioproject/PRJNA224116',
  'SAMN08289383',
  'SAMEA123456',
  'ENSG00000139618.15',
  'ENSMUST00000017290',
  'https://www.ensembl.org/id/ENSG00000139618',
  'P02833',
  'A0A022YWF9',
  'uniprot:Q9GYV0',
  'https://www.uniprot.org/uniprotkb/P12345',
  'NZ_JXSL01000036.1',
  'NM_206454',
  'refseq:NP_000483.3',
  'https://www.ncbi.nlm.nih.gov/protein/NP_000483.3',
  'GCF_000001405.38',
  'https://www.ncbi.nlm.nih.gov/datasets/genome/GCA_000002275.2/',
  'E-MTAB-424',
  'A-AFFY-17',
  'arrayexpress:E-MEXP-1712',
  'https://identifiers.org/uniprot:P12345',
  'not an identifier',
  'x',
];

/** The characters that end labels and hosts, change case or length when lowered, and start numbers. */
const PIVOTS = [':', '/', '.', '-', ' ', '?', '#', '%', '+', '1', '0', 'X', 'k', 'K', '\u212A', '\u0130', 'é'];

/** One edit: insert, replace or delete a character, or change the case of the string. */
const edit = fc.tuple(
  fc.constantFrom('insert', 'replace', 'delete', 'upper', 'lower'),
  fc.nat(80),
  fc.oneof(fc.constantFrom(...PIVOTS), fc.string({ minLength: 1, maxLength: 3 })),
);

function applyEdit(s: string, [op, at, x]: [string, number, string]): string {
  const i = at % (s.length + 1);
  if (op === 'insert') return s.slice(0, i) + x + s.slice(i);
  if (op === 'replace') return s.slice(0, i) + x + s.slice(i + 1);
  if (op === 'delete') return s.slice(0, i) + s.slice(i + 1);
  return op === 'upper' ? s.toUpperCase() : s.toLowerCase();
}

/** A seed or a scheme's generated near-valid string, with a few edits. */
export function mutated(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.array(edit, { maxLength: 3 }))
    .map(([s, edits]) => edits.reduce((t, e) => applyEdit(t, e as [string, number, string]), s));
}

const RULES: readonly InvalidRule[] = [
  ...ARK_INVALID_RULES,
  ...ARXIV_INVALID_RULES,
  ...DOI_INVALID_RULES,
  ...HANDLE_INVALID_RULES,
  ...ISBN_INVALID_RULES,
  ...ISSN_INVALID_RULES,
  ...ORCID_INVALID_RULES,
  ...PDI_INVALID_RULES,
  ...PMID_INVALID_RULES,
  ...PMCID_INVALID_RULES,
  ...PURL_INVALID_RULES,
  ...PWID_INVALID_RULES,
  ...URN_INVALID_RULES,
];

/** The schemes' own generators: strings one rule away from a valid identifier of each scheme. */
export const generated: fc.Arbitrary<string> = fc.oneof(...RULES.map((r) => r.arbitrary.map((v) => v.input)));

/** Replay URLs on every replay host of the built-in archives (any case), with any path. */
export const replayUrls: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('http://', 'https://', 'HTTPS://'), fc.constantFrom(...replayHosts().hosts), fc.string())
  .map(([scheme, host, rest]) => `${scheme}${host}/${rest}`);

/** Everything the dispatch tests try: arbitrary strings, seeds, generated strings, each maybe edited. */
export const dispatchInputs: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...SEEDS),
  mutated(fc.constantFrom(...SEEDS)),
  generated,
  mutated(generated),
  mutated(replayUrls),
);
