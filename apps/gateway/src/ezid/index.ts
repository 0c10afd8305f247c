// ezid/: the EZID-compatible API (its ANVL bodies, sessions, minting pool) and migration from EZID, N2T and
// arklet exports.
export {
  ezidDownloadBlock,
  MIGRATION_FORMATS,
  type MigrationFormat,
  readMigration,
  type SourceRecord,
} from './migrate.ts';
export { ezidRoutes } from './routes.ts';
export { formatMismatch, type Looks, looksLike } from './sniff.ts';
