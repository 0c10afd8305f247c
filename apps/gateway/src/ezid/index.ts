// ezid/: the EZID-compatible API (its ANVL bodies, sessions, minting pool) and migration from EZID, N2T and
// arklet exports.

export { ezidBody, formatEzidAnvl, parseEzidAnvl } from './anvl.ts';
export { type Credentials, ezidCredentials } from './auth.ts';
export { applyElements, toElements } from './metadata.ts';
export {
  ezidDownloadBlock,
  MIGRATION_FORMATS,
  type MigrationFormat,
  readMigration,
  type SourceRecord,
} from './migrate.ts';
export { ezidPage } from './page.tsx';
export { ezidRoutes } from './routes.ts';
export { formatMismatch, type Looks, looksLike } from './sniff.ts';
