export {
  ACCOUNT_NAME,
  type Group,
  MIN_PASSWORD_LENGTH,
  type Principal,
  ROLES,
  type Role,
  retryAtOf,
  type ThrottledError,
  type User,
  type UserInput,
  type UserPatch,
  type UserSession,
  type VerifiedUserSession,
} from './accounts.ts';
export { parseBindingInput } from './binding.ts';
export { type CacheOptions, type CacheStats, ResolutionReads, underlyingStore } from './cache.ts';
export { CHANGE_CHANNEL, type ChangeEvent, type ChangeFeed, type StoreChange } from './changes.ts';
export { STORE_ERROR_CODES, type StoreError, type StoreErrorCode, type StoreResult } from './codes.ts';
export { type Commitment, commitmentCovers, commitmentFor } from './commitments.ts';
export {
  DOWNLOAD_STATUSES,
  type DownloadFinish,
  type DownloadJob,
  type DownloadJobs,
  type DownloadStatus,
  type NewDownloadJob,
} from './downloads.ts';
export { FALLBACK_MODES, type FallbackMode, type ShoulderFallback, type ShoulderFallbacks } from './fallbacks.ts';
export { FREE_FAILURES, lockUntil } from './guarded-accounts.ts';
export {
  LINK_CLASSES,
  LINK_STATES,
  type LinkCheck,
  type LinkChecks,
  type LinkClass,
  type LinkHop,
  type LinkReportFilter,
  type LinkReportRow,
  type LinkResult,
  type LinkState,
  type LinkTally,
  type LinkTarget,
} from './links.ts';
export { MAX_METADATA_NAME_LENGTH, metadataNameProblem, metadataRecord } from './metadata-name.ts';
export { type OpenOptions, openStore, SQLITE_FILENAME, tryOpenStore } from './open.ts';
export {
  inScope,
  isAdministrator,
  mayChange,
  mayCreate,
  mayView,
  type OwnedBinding,
  ownerGroupFor,
  type Relation,
  refusal,
  relationOf,
  shoulderGroupOf,
} from './ownership.ts';
export {
  type IdentifierDayCount,
  isDay,
  MAX_COUNT_BATCH,
  type ResolutionCountBatch,
  type ResolutionCountQuery,
  type ResolutionCountRow,
  type ShoulderDayCount,
} from './resolution-counts.ts';
export {
  type BindingData,
  BindingInput,
  ErcRecord,
  IDENTIFIER_STATUSES,
  type IdentifierStatus,
  OtherMetadata,
  PERMANENCE_DESCRIPTIONS,
  PERMANENCE_LEVELS,
  type PermanenceLevel,
  REDIRECT_STATUSES,
  type RedirectStatus,
  TargetUrl,
} from './schema.ts';
export {
  parseSearchQuery,
  SEARCH_COUNT_CAP,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_OFFSET,
  SEARCH_SORTS,
  SearchQuery,
  type SearchQueryInput,
  type SearchResult,
  type SearchSort,
  SearchVisibility,
  searchWords,
} from './search.ts';
export { searchVisibilityOf } from './search-visibility.ts';
export {
  type BindingStats,
  EVERY_IDENTIFIER,
  type FindOptions,
  type MonthCount,
  type PrefixCount,
  type PurgeOutcome,
  type StatsOptions,
  type StatsScope,
} from './stats.ts';
export type {
  Actor,
  Binding,
  ChangeAction,
  CreatedToken,
  HistoryEntry,
  ImportItem,
  ImportItemResult,
  ImportOptions,
  ImportSummary,
  ListOptions,
  MigrationReport,
  Naan,
  Page,
  PdiListOptions,
  PdiPutOptions,
  PdiVersion,
  PutAction,
  PutOptions,
  PutOutcome,
  Reservation,
  Session,
  Shoulder,
  ShoulderInput,
  Store,
  TokenInfo,
  TokenOptions,
  VerifiedToken,
} from './store.ts';
export { MAX_TARGET_LENGTH, serializeTarget, type TargetRefusal, targetRefusal } from './target.ts';
export { type NoidTemplate, parseTemplate } from './template.ts';
export { ADMIN_SCOPE, hashToken, isAdmin, MAX_SESSION_TTL, scopeAllows } from './tokens.ts';
export {
  type ClaimedDelivery,
  checkWebhookUrl,
  type DeliveryInfo,
  type DeliveryOutcome,
  type LinkTransition,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
  type WebhookInput,
  type Webhooks,
} from './webhooks.ts';
