export { URN_ERROR_CODES, URN_WARNING_CODES, type UrnErrorCode, type UrnWarningCode } from './codes.ts';
export { compareUrn } from './compare.ts';
export { formatUrn } from './format.ts';
export { URN_NAMESPACE_RESOLVERS, type UrnNamespaceResolver, urnResolverUrl } from './namespace-resolvers.ts';
export { dnbCheckDigit, NAMESPACE_MODULES, NAMESPACES } from './namespaces/index.ts';
export { isanCheckCharacter } from './namespaces/isan.ts';
export {
  type Isbn,
  isbn10CheckDigit,
  isbn10To13,
  isbn13CheckDigit,
  isbn13To10,
  parseIsbnNumber,
} from './namespaces/isbn.ts';
export { type Issn, issnCheckDigit, parseIssnNumber } from './namespaces/issn.ts';
export {
  allNamespaceRecords,
  FORMAL_NAMESPACES,
  INFORMAL_NAMESPACES,
  type NamespaceKind,
  type NamespaceRecord,
  namespaceRecord,
} from './namespaces/registry.ts';
export type { UrnNamespace } from './namespaces/types.ts';
export { normalizeUrn } from './normalize.ts';
export { parseUrn, parseUrnSyntax, type UrnComponents } from './parse.ts';
export { findResolverPrefix, URN_RESOLVER_PREFIXES, urnFromResolverUrl } from './resolvers.ts';
export { nidWarnings, type UrnIdentifier, type UrnRecord, urnScheme } from './scheme.ts';
