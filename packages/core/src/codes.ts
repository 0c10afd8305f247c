/** Error codes of the core itself (dispatch). Scheme packages list their own. */
export const CORE_ERROR_CODES = [
  'empty-input',
  'surrounding-whitespace',
  'unknown-scheme',
  'input-too-long',
  // a bare form several schemes' grammars (and check digits) accept: `@pidgate/schemes`' dispatch names them
  'ambiguous-scheme',
] as const;
export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];
