/** Every error code of the ORCID parser. */
export const ORCID_ERROR_CODES = [
  'orcid-label', // https://orcid.org/, orcid:, or a bare iD
  'orcid-length', // 16 characters: 15 digits and the check character (4 groups of 4 with hyphens)
  'orcid-character', // digits, and "X" only as the check character
  'orcid-hyphen', // hyphens (or spaces, not in a URL) only between the groups of four, one kind throughout
  'orcid-check', // ISO 7064 MOD 11-2 check character
  'orcid-range', // in a block of ISNI numbers reserved for ORCID (ORCID_BLOCKS)
  'orcid-trailing', // after the iD in a URL: only "?query" or "#fragment"
  'orcid-sandbox', // an iD of ORCID's sandbox (sandbox.orcid.org), a test registry: not a production iD
] as const;

export type OrcidErrorCode = (typeof ORCID_ERROR_CODES)[number];
