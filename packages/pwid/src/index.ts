export {
  PWID_ERROR_CODES,
  PWID_PARTS,
  type PwidErrorCode,
  type PwidPart,
  REPLAY_ERROR_CODES,
  RESOLUTION_ERROR_CODES,
  type ReplayErrorCode,
} from './codes.ts';
export {
  type CollectionEntry,
  type CollectionFailure,
  type CollectionSummary,
  type PwidCollection,
  parseCollection,
  resolveCollection,
  summarizeCollection,
} from './collection.ts';
export { comparePwid } from './compare.ts';
export { buildPwid, formatPwid, type PwidParts } from './format.ts';
export { normalizePwid } from './normalize.ts';
export { type PwidComponents, parsePwid } from './parse.ts';
export { type Archive, ArchiveRegistry, builtinArchives } from './registry.ts';
export { archiveSchema, loadArchiveRegistry, type RegistryFile, registryFileSchema } from './registry-file.ts';
export {
  isReplayHost,
  originalFromReplay,
  type PwidResolution,
  pwidAlternatives,
  pwidFromReplayUrl,
  type ReplayHosts,
  type ReplayOptions,
  replayHosts,
  resolvePwid,
} from './resolve.ts';
export { builtinReplayHosts, type PwidIdentifier, pwidScheme } from './scheme.ts';
export {
  type ArchivalTime,
  acceptDatetime,
  formatArchivalTime,
  LEAP_SECOND_DAYS,
  waybackTimestamp,
} from './time.ts';
