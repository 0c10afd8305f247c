/** Error codes of the core itself (dispatch). Scheme packages list their own. */
export const CORE_ERROR_CODES = ['empty-input', 'surrounding-whitespace', 'unknown-scheme', 'input-too-long'] as const;
export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];
