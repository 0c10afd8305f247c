export { PWID_ERROR_CODES, PWID_PARTS, type PwidErrorCode, type PwidPart, RESOLUTION_ERROR_CODES } from './codes.ts';
export {
  type CollectionEntry,
  type CollectionFailure,
  type CollectionSummary,
  type PwidCollection,
  parseCollection,
  resolveCollection,
  summarizeCollection,
} from './collection.ts';
export { buildPwid, formatPwid, type PwidParts } from './format.ts';
export { normalizePwid } from './normalize.ts';
export { type PwidComponents, parsePwid } from './parse.ts';
export {
  type Archive,
  ArchiveRegistry,
  archiveSchema,
  builtinArchives,
  loadArchiveRegistry,
  type RegistryFile,
  registryFileSchema,
} from './registry.ts';
export { type PwidResolution, pwidAlternatives, pwidFromReplayUrl, resolvePwid } from './resolve.ts';
export { type PwidIdentifier, pwidScheme } from './scheme.ts';
export {
  type ArchivalTime,
  acceptDatetime,
  formatArchivalTime,
  LEAP_SECOND_DAYS,
  waybackTimestamp,
} from './time.ts';
