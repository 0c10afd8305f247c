export { bodyLines, type ImportTotals, importLines, type LineResult } from './admin/importer.ts';
export { declareShoulder, mint, type ShoulderRequest } from './admin/minter.ts';
export { createApp } from './app.ts';
export {
  type Config,
  ConfigError,
  type ConfigInput,
  ConfigSchema,
  DEFAULT_NAAN_FILE,
  ENV_VARIABLES,
  loadConfig,
} from './config/config.ts';
export { type AppDeps, createDeps, type DepsOptions } from './deps.ts';
export { type RunningDns, startDns } from './dns/dns.ts';
export {
  ezidDownloadBlock,
  MIGRATION_FORMATS,
  type MigrationFormat,
  readMigration,
  type SourceRecord,
} from './ezid/migrate.ts';
export type { GatewayEnv } from './http/env.ts';
export { type Problem, problem } from './http/problem.ts';
export { Metrics } from './observability/metrics.ts';
export { installNaanTable, NaanTableError, naanSource, ReloadableNaanTable } from './resolution/naan.ts';
export { resolvers } from './resolution/resolvers/index.ts';
export type { Outcome, Resolver } from './resolution/resolvers/types.ts';
export { type RunningServer, type StartOptions, startServer } from './server.ts';
export { dataDirectory, openConfiguredStore } from './store/storage.ts';
