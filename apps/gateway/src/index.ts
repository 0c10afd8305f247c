export { createApp } from './app.ts';
export {
  type Config,
  ConfigError,
  type ConfigInput,
  ConfigSchema,
  DEFAULT_NAAN_FILE,
  ENV_VARIABLES,
  loadConfig,
} from './config.ts';
export { type AppDeps, createDeps, type DepsOptions } from './deps.ts';
export { type RunningDns, startDns } from './dns.ts';
export type { GatewayEnv } from './env.ts';
export {
  ezidDownloadBlock,
  MIGRATION_FORMATS,
  type MigrationFormat,
  readMigration,
  type SourceRecord,
} from './ezid/migrate.ts';
export { bodyLines, type ImportTotals, importLines, type LineResult } from './importer.ts';
export { Metrics } from './metrics.ts';
export { declareShoulder, mint, type ShoulderRequest } from './minter.ts';
export { installNaanTable, NaanTableError, naanSource, ReloadableNaanTable } from './naan.ts';
export { type Problem, problem } from './problem.ts';
export { type Outcome, type Resolver, resolvers } from './resolvers/index.ts';
export { type RunningServer, type StartOptions, startServer } from './server.ts';
export { dataDirectory, openConfiguredStore } from './storage.ts';
