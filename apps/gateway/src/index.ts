export {
  bodyLines,
  checkSubscriber,
  declareShoulder,
  guardImports,
  type ImportRefusals,
  type ImportTotals,
  importLines,
  type LineResult,
  mint,
  newWebhookSecret,
  noRefusals,
  OVERLONG_LINE,
  type ShoulderRequest,
  webhookJson,
} from './admin/index.ts';
export { createApp } from './app.ts';
export {
  type Config,
  ConfigError,
  type ConfigInput,
  ConfigSchema,
  DEFAULT_NAAN_FILE,
  ENV_VARIABLES,
  loadConfig,
} from './config/index.ts';
export { type DemoPolicy, demoCutoff, demoPolicy, purgeDemo } from './demo/index.ts';
export { type AppDeps, createDeps, type DepsOptions } from './deps.ts';
export { type RunningDns, startDns } from './dns/index.ts';
export {
  ezidDownloadBlock,
  formatMismatch,
  looksLike,
  MIGRATION_FORMATS,
  type MigrationFormat,
  readMigration,
  type SourceRecord,
} from './ezid/index.ts';
export { type GatewayEnv, type Problem, problem } from './http/index.ts';
export { formatReport, LinkChecker, REPORT_FORMATS, type ReportFormat, WebhookDeliverer } from './links/index.ts';
export { Metrics } from './observability/index.ts';
export {
  installNaanTable,
  NaanTableError,
  naanSource,
  type Outcome,
  ReloadableNaanTable,
  type Resolver,
  resolvers,
} from './resolution/index.ts';
export { type RunningServer, type StartOptions, startServer } from './server.ts';
export {
  databaseFile,
  dataDirectory,
  instanceRoot,
  openConfiguredStore,
  resolveDataDir,
} from './store/index.ts';
