// store/: opening the database the configuration names (SQLite in the data directory, or PostgreSQL).
export { dataDirectory, openConfiguredStore } from './storage.ts';
