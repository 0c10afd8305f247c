export { STORE_ERROR_CODES, type StoreErrorCode } from './codes.ts';
export { type OpenOptions, openStore, SQLITE_FILENAME, tryOpenStore } from './open.ts';
export {
  type BindingData,
  BindingInput,
  ErcRecord,
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
  Shoulder,
  ShoulderInput,
  Store,
  TokenInfo,
  VerifiedToken,
} from './store.ts';
export { type NoidTemplate, parseTemplate } from './template.ts';
export { hashToken, scopeAllows } from './tokens.ts';
