/**
 * Ensembl stable IDs: `ENS`, a species prefix (none for human, three or four letters: `MUS` mouse, `DAR`
 * zebrafish), a feature type (E exon, FM protein family, G gene, GT gene tree, P protein, R regulatory
 * feature, T transcript), eleven digits and an optional `.version` (ensembl.org, "Stable IDs" and
 * "Species prefixes"); Compara's family (FM) and gene-tree (GT) IDs have fourteen digits, as ensembl.org
 * shows them (`ENSGT00390000003602`).
 */
import {
  type AccessionIdentifier,
  type AccessionKind,
  accessionScheme,
  type Broken,
  digitsEnd,
  digitsRule,
  exactAt,
  isUpper,
} from './engine.ts';

/** Every error code of the Ensembl parser. */
export const ENSEMBL_ERROR_CODES = [
  'ensembl-label', // bare, ensembl:, or an ensembl.org /id/ URL
  'ensembl-prefix', // ENS, a species prefix and a feature type
  'ensembl-digits', // eleven digits
  'ensembl-version', // ".version": digits
  'ensembl-trailing', // after the ID in a URL: one "/" at most
] as const;
export type EnsemblErrorCode = (typeof ENSEMBL_ERROR_CODES)[number];
export type EnsemblIdentifier = AccessionIdentifier<'ensembl'>;

/** The feature types, two-letter ones first (a species prefix is tried before them). */
const TYPES = ['FM', 'GT', 'E', 'G', 'P', 'R', 'T'] as const;
/** The lengths of a species prefix: none (human), three or four letters. */
const SPECIES = [0, 3, 4] as const;
/** The longest run of letters after `ENS`: a four-letter species prefix and a two-letter feature type. */
const MAX_LETTERS = 6;

/** The end of the letters after `ENS` at `i` (upper case), or -1 when there are more than a prefix holds. */
function lettersEnd(s: string, i: number): number {
  let k = i;
  while (k < s.length && isUpper(s.charCodeAt(k))) {
    k++;
    if (k - i > MAX_LETTERS) return -1;
  }
  return k;
}

/**
 * The numbers of digits the letters from `i` to `end` allow, split into a species prefix and a feature
 * type: 11 (E, G, P, R, T), 14 (FM, GT: Compara's family and gene-tree IDs); none when they do not split.
 */
function digitCounts(s: string, i: number, end: number): { eleven: boolean; fourteen: boolean } {
  const n = end - i;
  const counts = { eleven: false, fourteen: false };
  for (const type of TYPES) {
    if (!exactAt(s, end - type.length, type)) continue;
    for (const species of SPECIES) {
      if (species + type.length !== n) continue;
      if (type.length === 2) counts.fourteen = true;
      else counts.eleven = true;
    }
  }
  return counts;
}

const ensembl = accessionScheme({
  name: 'ensembl',
  priority: 54,
  kinds: ['label', 'prefix', 'digits', 'version', 'trailing'],
  curies: ['ensembl:'],
  urls: ['www.ensembl.org/id/', 'ensembl.org/id/', 'identifiers.org/ensembl:'],
  written: 'ENSG00000139618, ensembl:ENSG00000139618 or https://www.ensembl.org/id/ENSG00000139618',
  shape: (s, i) => exactAt(s, i, 'ENS') && isUpper(s.charCodeAt(i + 3)),
  check(s, start, end): Broken<AccessionKind & ('prefix' | 'digits' | 'version')> | null {
    const letters = exactAt(s, start, 'ENS') ? lettersEnd(s, start + 3) : -1;
    const counts = letters < 0 ? null : digitCounts(s, start + 3, letters);
    if (counts === null || (!counts.eleven && !counts.fourteen)) {
      return {
        kind: 'prefix',
        message:
          'an Ensembl ID starts with ENS, a species prefix (none, three or four letters) and a feature type (E, FM, G, GT, P, R, T), in upper case',
        offset: start,
      };
    }
    const digits = digitsEnd(s, letters, end) - letters;
    const exact = counts.eleven && (digits === 11 || !counts.fourteen) ? 11 : 14;
    return digitsRule(s, letters as number, end, { min: exact, exact, version: 'optional', what: 'the feature type' });
  },
  // ensembl.org's /id/ resolves a stable ID to its current version: the version is not sent
  resolver: {
    template: 'https://www.ensembl.org/id/{id}',
    id: (c) => {
      const dot = c.id.indexOf('.');
      return dot < 0 ? c.id : c.id.slice(0, dot);
    },
  },
  docs: {
    title: 'Ensembl stable ID (genes, transcripts, proteins, exons, …)',
    specification:
      'Ensembl "Stable IDs" and "Species prefixes": ENS[species][E|FM|G|GT|P|R|T] and eleven digits (fourteen for FM, GT)',
    page: 'docs/specs/accession.md',
    example: 'ENSG00000139618',
  },
});

export const ensemblScheme = ensembl.scheme;
export const parseEnsembl = ensembl.parse;
export const normalizeEnsembl = ensembl.normalize;
export const formatEnsembl = ensembl.format;
export const compareEnsembl = ensembl.compare;
