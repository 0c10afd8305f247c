// config/: the gateway's configuration (file, environment, defaults, validated by one zod schema) and its
// generated reference (docs/configuration.md).
export {
  ACTIVE_NAAN_FILE,
  type Config,
  ConfigError,
  type ConfigInput,
  ConfigSchema,
  DEFAULT_NAAN_FILE,
  ENV_VARIABLES,
  formatIssues,
  loadConfig,
} from './config.ts';
export type { MailConfig } from './mail.ts';
