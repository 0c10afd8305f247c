// resolution/: the pure pipeline, with no HTTP types: a request target or identifier is parsed, its candidate
// keys are looked up (bindings, prefix rules, own NAANs), the scheme's resolver finds an outcome (NAAN table,
// Maptr, resolver table, URN delegations, PWID archives), and the loop check refuses targets that come back.

export { FAILED_CODES, GONE_CODES, NOT_FOUND_CODES } from './codes.ts';
export { Commitments } from './commitments.ts';
export { ShoulderFallbacks } from './fallback.ts';
export type {
  ArchiveAnswer,
  ArchiveFinder,
  Capture,
  CaptureReport,
  FallbackAnswer,
  FallbackModes,
  TargetHealth,
} from './fallback-types.ts';
export { pointsBack, type SelfView } from './loop.ts';
export { CachedMaptr, type MaptrLookup } from './maptr.ts';
export { describeRecord, type MetadataRecord, type ResolutionReport, resolutionReport } from './metadata.ts';
export { installNaanTable, NaanTableError, naanSource, ReloadableNaanTable, type ReloadReport } from './naan.ts';
export { OwnNaans } from './own-naans.ts';
export {
  type PipelineDeps,
  type Resolution,
  type ResolutionTally,
  resolveTarget,
  resolveTargetNow,
} from './pipeline.ts';
export { keyIdentifier, PrefixRules, prefixRuleKey } from './prefix-rules.ts';
export { loadResolverTable } from './resolver-table.ts';
export { maptrFailureStatus, naanOnly } from './resolvers/ark.ts';
export { resolvers } from './resolvers/index.ts';
export { type PdiSelector, pdiSelector, qualifiedPdi } from './resolvers/pdi.ts';
export type { ListOutcome, Outcome, Resolver, Resolvers, Story } from './resolvers/types.ts';
export { selfHosts } from './self-hosts.ts';
export { storageKey } from './storage-key.ts';
export { encodeUriText } from './url.ts';
