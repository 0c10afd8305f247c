import { type DefinedScheme, defineScheme, type Identifier } from '@pidgate/core';
import { ORCID_ERROR_CODES, type OrcidErrorCode } from './codes.ts';
import { formatOrcid } from './format.ts';
import { looksBare, ORCID_HOSTS, ORCID_SANDBOX_HOSTS } from './grammar.ts';
import { normalizeOrcid } from './normalize.ts';
import { type OrcidComponents, orcidLabel, parseOrcid } from './parse.ts';

export type OrcidIdentifier = Identifier<OrcidComponents, 'orcid'>;

/**
 * The `standard` key of an ORCID iD: the ISNI it is (ORCID iDs are ISNIs from blocks reserved for ORCID,
 * ISO 27729), written as `@pidgate/isni` normalizes one, so that `isni:0000000218250097` and
 * `https://orcid.org/0000-0002-1825-0097` group together at the `standard` level (docs/specs/isni.md).
 */
export function isniKey(c: Pick<OrcidComponents, 'digits'>): string {
  return `https://isni.org/isni/${c.digits.toUpperCase()}`;
}

/** ORCID iDs: orcid.org URLs, `orcid:` and bare iDs (with or without hyphens), check character verified. */
export const orcidScheme: DefinedScheme<OrcidComponents, 'orcid', OrcidErrorCode> = defineScheme({
  name: 'orcid',
  priority: 11,
  errorCodes: ORCID_ERROR_CODES,
  recognize: (input: string) => orcidLabel(input) !== null,
  parse: (input: string) => parseOrcid(input),
  normalize: (c: OrcidComponents) => normalizeOrcid(c),
  format: (c: OrcidComponents) => formatOrcid(c),
  standardKey: (c: OrcidComponents) => isniKey(c),
  route: { labels: ['orcid:'], hosts: [...ORCID_HOSTS, ...ORCID_SANDBOX_HOSTS], bareDigits: looksBare },
  resolver: { template: 'https://orcid.org/{id}', id: (c) => normalizeOrcid(c).slice('https://orcid.org/'.length) },
  docs: {
    title: 'ORCID iD',
    specification: 'ISO 27729, ISO/IEC 7064 MOD 11-2',
    page: 'docs/specs/orcid.md',
    example: 'https://orcid.org/0000-0002-1825-0097',
  },
});
