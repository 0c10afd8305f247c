/** Every error code of the PMID and PMCID parsers. */
export const PMID_ERROR_CODES = [
  'pmid-label', // PMID:, a PubMed URL
  'pmid-number', // 1 to 8 digits, no leading zero
  'pmid-trailing', // after the number in a URL: "/", a query or a fragment only
] as const;
export type PmidErrorCode = (typeof PMID_ERROR_CODES)[number];

export const PMCID_ERROR_CODES = [
  'pmcid-label', // PMC…, PMCID:, a PubMed Central URL
  'pmcid-number', // "PMC" and 1 to 9 digits, no leading zero
  'pmcid-trailing', // after the number in a URL: "/", a query or a fragment only
] as const;
export type PmcidErrorCode = (typeof PMCID_ERROR_CODES)[number];
