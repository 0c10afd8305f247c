export { parseBindingInput } from './binding.ts';
export { STORE_ERROR_CODES, type StoreError, type StoreErrorCode, type StoreResult } from './codes.ts';
export { MAX_METADATA_NAME_LENGTH, metadataNameProblem, metadataRecord } from './metadata-name.ts';
export { type OpenOptions, openStore, SQLITE_FILENAME, tryOpenStore } from './open.ts';
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
export { type NoidTemplate, parseTemplate } from './template.ts';
export { ADMIN_SCOPE, hashToken, isAdmin, MAX_SESSION_TTL, scopeAllows } from './tokens.ts';
