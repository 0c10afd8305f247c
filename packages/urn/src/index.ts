export { URN_ERROR_CODES, type UrnErrorCode } from './codes.ts';
export { formatUrn } from './format.ts';
export { normalizeUrn } from './normalize.ts';
export { parseUrn, type UrnComponents } from './parse.ts';
export { type UrnIdentifier, urnScheme } from './scheme.ts';
