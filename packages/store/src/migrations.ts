import { ACCOUNTS_MIGRATION_NAME, postgresAccountsMigration, sqliteAccountsMigration } from './accounts-migration.ts';
import { CHANGE_TRIGGERS_NAME, POSTGRES_CHANGE_TRIGGERS_SQL } from './change-triggers.ts';
import { DOWNLOAD_JOBS_SQL } from './downloads.ts';
import { SHOULDER_SETTINGS_SQL } from './fallbacks.ts';
import { POSTGRES_LINKS_SQL, SQLITE_LINKS_SQL } from './links.ts';
import {
  PDI_OWNER_MIGRATION_NAME,
  POSTGRES_PDI_OWNER_MIGRATION,
  SQLITE_PDI_OWNER_MIGRATION,
} from './pdi-owner-migration.ts';
import { POSTGRES_COUNTS_SQL, SQLITE_COUNTS_SQL } from './resolution-counts.ts';

/**
 * Versioned schema migrations, one list per dialect, applied in order and recorded in
 * `schema_migrations`. Never edit a released migration: add the next version.
 */
import { POSTGRES_SEARCH_COVERING_MIGRATION, POSTGRES_SEARCH_MIGRATION } from './search-postgres.ts';
import { SQLITE_SEARCH_COVERING_MIGRATION, SQLITE_SEARCH_MIGRATION } from './search-sqlite.ts';
import { POSTGRES_WEBHOOKS_SQL, SQLITE_WEBHOOKS_SQL, WEBHOOKS_MIGRATION_NAME } from './webhooks.ts';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'bindings, history, pdi, counters, naans, shoulders, tokens',
    sql: `
CREATE TABLE bindings (
  key TEXT PRIMARY KEY,
  target TEXT NOT NULL,
  status INTEGER NOT NULL,
  erc TEXT NOT NULL,
  support TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL,
  tombstoned INTEGER NOT NULL DEFAULT 0,
  deleted_at TEXT
) WITHOUT ROWID;
CREATE TABLE binding_history (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  before TEXT,
  after TEXT NOT NULL
);
CREATE INDEX binding_history_key ON binding_history (key, id);
CREATE TABLE pdi_versions (
  seq INTEGER PRIMARY KEY,
  resource_key TEXT NOT NULL,
  format TEXT NOT NULL,
  version INTEGER NOT NULL,
  target TEXT NOT NULL,
  erc TEXT NOT NULL,
  created_at TEXT NOT NULL,
  actor TEXT NOT NULL,
  UNIQUE (resource_key, format, version)
);
CREATE INDEX pdi_versions_created ON pdi_versions (created_at);
CREATE TABLE counters (
  scope TEXT NOT NULL,
  name TEXT NOT NULL,
  value INTEGER NOT NULL,
  PRIMARY KEY (scope, name)
) WITHOUT ROWID;
CREATE TABLE naans (
  naan TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE shoulders (
  key TEXT PRIMARY KEY,
  naan TEXT NOT NULL REFERENCES naans (naan),
  template TEXT NOT NULL,
  seed TEXT NOT NULL,
  capacity INTEGER,
  minted INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE tokens (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
`,
  },
  {
    version: 2,
    name: 'identifier status, owner and metadata; token expiry; sessions',
    sql: `
ALTER TABLE bindings ADD COLUMN identifier_status TEXT NOT NULL DEFAULT 'public';
ALTER TABLE bindings ADD COLUMN status_reason TEXT;
ALTER TABLE bindings ADD COLUMN owner TEXT;
ALTER TABLE bindings ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tokens ADD COLUMN expires_at TEXT;
CREATE TABLE sessions (
  hash TEXT PRIMARY KEY,
  token_id TEXT NOT NULL REFERENCES tokens (id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_expires ON sessions (expires_at);
`,
  },
  {
    version: 3,
    name: 'store secrets (the key that signs paging cursors)',
    sql: `
CREATE TABLE store_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 4,
    name: 'ARK keys independent of the profile (ark:/ label, lowercase %-escapes)',
    sql: arkKeyMigration(),
  },
  {
    version: 5,
    name: ACCOUNTS_MIGRATION_NAME,
    sql: sqliteAccountsMigration(),
  },
  {
    version: 6,
    name: 'commitment statements of NAANs and shoulders (what ?? shows)',
    sql: `
CREATE TABLE commitments (
  prefix TEXT PRIMARY KEY,
  statement TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  actor TEXT NOT NULL
) WITHOUT ROWID;
`,
  },
  {
    version: 7,
    name: 'Manage search: full-text index (FTS5) over the metadata, indexes on target, owner and dates',
    sql: SQLITE_SEARCH_MIGRATION,
  },
  {
    version: 8,
    name: 'batch download jobs',
    sql: DOWNLOAD_JOBS_SQL,
  },
  {
    version: 9,
    name: PDI_OWNER_MIGRATION_NAME,
    sql: SQLITE_PDI_OWNER_MIGRATION,
  },
  {
    version: 10,
    name: 'link checking: per-target state, check history, checker leases',
    sql: SQLITE_LINKS_SQL,
  },
  {
    version: 11,
    name: 'Manage search: covering indexes for counts (status, owner, group, dates, live keys)',
    sql: SQLITE_SEARCH_COVERING_MIGRATION,
  },
  {
    version: 12,
    name: 'usage statistics: resolutions per identifier and per shoulder per day',
    sql: SQLITE_COUNTS_SQL,
  },
  {
    version: 13,
    name: WEBHOOKS_MIGRATION_NAME,
    sql: SQLITE_WEBHOOKS_SQL,
  },
  {
    version: 14,
    name: "shoulder settings: each shoulder's web-archive fallback",
    sql: SHOULDER_SETTINGS_SQL,
  },
  {
    version: 15,
    name: CHANGE_TRIGGERS_NAME,
    // SQLite's change feed is its connection's own temporary triggers (sqlite-changes.ts): nothing to store.
    sql: 'SELECT 1;',
  },
];

/** Keys are `COLLATE "C"` so they sort by code point (bytes of UTF-8), as in SQLite. */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'bindings, history, pdi, counters, naans, shoulders, tokens',
    sql: `
CREATE TABLE bindings (
  key text COLLATE "C" PRIMARY KEY,
  target text NOT NULL,
  status smallint NOT NULL,
  erc jsonb NOT NULL,
  support jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  version bigint NOT NULL,
  tombstoned boolean NOT NULL DEFAULT false,
  deleted_at timestamptz
);
CREATE TABLE binding_history (
  id bigserial PRIMARY KEY,
  key text COLLATE "C" NOT NULL,
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb NOT NULL
);
CREATE INDEX binding_history_key ON binding_history (key, id);
CREATE TABLE pdi_versions (
  seq bigserial PRIMARY KEY,
  resource_key text COLLATE "C" NOT NULL,
  format text COLLATE "C" NOT NULL,
  version bigint NOT NULL,
  target text NOT NULL,
  erc jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  actor text NOT NULL,
  UNIQUE (resource_key, format, version)
);
CREATE INDEX pdi_versions_created ON pdi_versions (created_at);
CREATE TABLE counters (
  scope text COLLATE "C" NOT NULL,
  name text COLLATE "C" NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (scope, name)
);
CREATE TABLE naans (
  naan text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE shoulders (
  key text COLLATE "C" PRIMARY KEY,
  naan text COLLATE "C" NOT NULL REFERENCES naans (naan),
  template text NOT NULL,
  seed text NOT NULL,
  capacity bigint,
  minted bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);
CREATE TABLE tokens (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  hash text NOT NULL UNIQUE,
  scopes jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
`,
  },
  {
    version: 2,
    name: 'identifier status, owner and metadata; token expiry; sessions',
    sql: `
ALTER TABLE bindings ADD COLUMN identifier_status text NOT NULL DEFAULT 'public';
ALTER TABLE bindings ADD COLUMN status_reason text;
ALTER TABLE bindings ADD COLUMN owner text;
ALTER TABLE bindings ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}';
ALTER TABLE tokens ADD COLUMN expires_at timestamptz;
CREATE TABLE sessions (
  hash text COLLATE "C" PRIMARY KEY,
  token_id text COLLATE "C" NOT NULL REFERENCES tokens (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires_at);
`,
  },
  {
    version: 3,
    name: 'store secrets (the key that signs paging cursors)',
    sql: `
CREATE TABLE store_secrets (
  name text COLLATE "C" PRIMARY KEY,
  value text NOT NULL
);
`,
  },
  {
    version: 4,
    name: 'ARK keys independent of the profile (ark:/ label, lowercase %-escapes)',
    sql: arkKeyMigration(),
  },
  {
    version: 5,
    name: ACCOUNTS_MIGRATION_NAME,
    sql: postgresAccountsMigration(),
  },
  {
    version: 6,
    name: 'commitment statements of NAANs and shoulders (what ?? shows)',
    sql: `
CREATE TABLE commitments (
  prefix text COLLATE "C" PRIMARY KEY,
  statement jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  actor text NOT NULL
);
`,
  },
  {
    version: 7,
    name: 'Manage search: tsvector (simple) over the metadata with a GIN index, indexes on target, owner and dates',
    sql: POSTGRES_SEARCH_MIGRATION,
  },
  {
    version: 8,
    name: 'batch download jobs',
    sql: DOWNLOAD_JOBS_SQL,
  },
  {
    version: 9,
    name: PDI_OWNER_MIGRATION_NAME,
    sql: POSTGRES_PDI_OWNER_MIGRATION,
  },
  {
    version: 10,
    name: 'link checking: per-target state, check history, checker leases',
    sql: POSTGRES_LINKS_SQL,
  },
  {
    version: 11,
    name: 'Manage search: covering indexes for counts (status, owner, group, dates, live keys)',
    sql: POSTGRES_SEARCH_COVERING_MIGRATION,
  },
  {
    version: 12,
    name: 'usage statistics: resolutions per identifier and per shoulder per day',
    sql: POSTGRES_COUNTS_SQL,
  },
  {
    version: 13,
    name: WEBHOOKS_MIGRATION_NAME,
    sql: POSTGRES_WEBHOOKS_SQL,
  },
  {
    version: 14,
    name: "shoulder settings: each shoulder's web-archive fallback",
    sql: SHOULDER_SETTINGS_SQL,
  },
  {
    version: 15,
    name: CHANGE_TRIGGERS_NAME,
    sql: POSTGRES_CHANGE_TRIGGERS_SQL,
  },
];

/** The highest version (the lists may skip numbers while branches that add migrations are merged). */
export const LATEST_VERSION = Math.max(...SQLITE_MIGRATIONS.map((m) => m.version));

/**
 * One storage key per ARK whatever the profile (the gateway's `storageKey`): `ark:/` as the label and
 * `%`-escapes in lowercase hex. Keys written by the `modern` profile (`ark:12345/x%2F`) become
 * `ark:/12345/x%2f` in `bindings`, `binding_history` and `shoulders`. A key whose new form is already taken
 * (both spellings were bound while the profile changed) is left as it was. Plain SQL, the same for SQLite
 * and PostgreSQL: the label is one `substr`, the escapes a chain of `replace` over every escape with an
 * uppercase hex digit.
 */
function arkKeyMigration(): string {
  const hex = '0123456789ABCDEF';
  let lowered = 'key';
  for (const a of hex) {
    for (const b of hex) {
      const upper = `%${a}${b}`;
      const lower = upper.toLowerCase();
      if (upper !== lower) lowered = `replace(${lowered}, '${upper}', '${lower}')`;
    }
  }
  const labelled = `'ark:/' || substr(key, 5)`;
  const statements: string[] = [];
  for (const [table, unique] of [
    ['binding_history', 'bindings'],
    ['bindings', 'bindings'],
    ['shoulders', 'shoulders'],
  ] as const) {
    const free = (expr: string) =>
      `NOT EXISTS (SELECT 1 FROM ${unique} AS taken WHERE taken.key = ${expr.replaceAll('key', `${table}.key`)})`;
    statements.push(
      `UPDATE ${table} SET key = ${labelled} WHERE key LIKE 'ark:%' AND substr(key, 5, 1) <> '/' AND ${free(labelled)};`,
    );
    statements.push(
      `UPDATE ${table} SET key = ${lowered} WHERE key LIKE 'ark:/%' AND key <> ${lowered} AND ${free(lowered)};`,
    );
  }
  return statements.join('\n');
}
