export { HANDLE_ERROR_CODES, type HandleErrorCode } from './codes.ts';
export { compareHandle } from './compare.ts';
export { decodeOnce } from './decode.ts';
export { formatHandle } from './format.ts';
export {
  bareHostPrefix,
  foldAscii,
  httpHostPrefix,
  isSpaceOrControl,
  numericPrefixLength,
  pathEnd,
  proxyPrefix,
  spacesAt,
  wordAt,
} from './grammar.ts';
export { normalizeHandle } from './normalize.ts';
export {
  DOI_PROXY_HOSTS,
  HANDLE_PROXY_HOSTS,
  type HandleComponents,
  type HandleForm,
  handleLabel,
  numericHandleAt,
  parseHandle,
  readName,
  shortDoiLabel,
  splitHandle,
} from './parse.ts';
export { type HandleIdentifier, handleScheme } from './scheme.ts';
