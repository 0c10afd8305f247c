export { PDI_ERROR_CODES, type PdiErrorCode } from './codes.ts';
export { comparePdi } from './compare.ts';
export type {
  PdiCitation,
  PdiComponents,
  PdiFragment,
  PdiPosition,
  PdiWildcardField,
} from './components.ts';
export { formatPdi } from './format.ts';
export { FORMAT_MEDIA_TYPES, mediaTypeOf } from './media-type.ts';
export { type CanonicalParts, canonicalParts, normalizePdi, resourceKey } from './normalize.ts';
export { MAX_CITATION_DEPTH, parsePdi } from './parse.ts';
export { dateRange, isQuery, matches, withVersion } from './query.ts';
export { type PdiIdentifier, pdiScheme } from './scheme.ts';
