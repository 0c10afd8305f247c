// store/: opening the database the configuration names (SQLite in the data directory, or PostgreSQL).

export { databaseFile, instanceRoot, resolveDataDir } from './instance-root.ts';
export { dataDirectory, openConfiguredStore, openReadReplica } from './storage.ts';
