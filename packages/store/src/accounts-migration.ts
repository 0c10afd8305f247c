/**
 * Migration 5: accounts, groups and ownership (docs/accounts.md).
 *
 * - `users` (password hashes with their scrypt parameters, `null` until a password is set), `user_groups`,
 *   `memberships`, `co_owners` (`username` named `co_owner` a co-owner of its identifiers).
 * - `bindings.owner_group`, `tokens.owner` (a username), `shoulders.group_name` (members may mint there).
 * - `user_sessions` (a password sign-in, with its CSRF secret) and `login_failures` (throttling).
 *
 * Existing tokens keep working: every distinct token name becomes a user of that name (no password, so it
 * signs in by token only), an administrator when any token of that name has the `pidgate:admin` scope, a
 * `user` otherwise; each token is owned by the user named after it. Bindings keep their `owner` (the token
 * name that created them, so the same user owns them now) and get no group.
 */
export const ACCOUNTS_MIGRATION_NAME = 'users, groups, co-owners, binding owner groups, token owners, user sessions';

export function sqliteAccountsMigration(): string {
  return `
CREATE TABLE users (
  username TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  email TEXT,
  role TEXT NOT NULL,
  password_hash TEXT,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE user_groups (
  name TEXT PRIMARY KEY,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE memberships (
  username TEXT NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  group_name TEXT NOT NULL REFERENCES user_groups (name) ON DELETE CASCADE,
  PRIMARY KEY (username, group_name)
) WITHOUT ROWID;
CREATE INDEX memberships_group ON memberships (group_name, username);
CREATE TABLE co_owners (
  username TEXT NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  co_owner TEXT NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  PRIMARY KEY (username, co_owner)
) WITHOUT ROWID;
CREATE INDEX co_owners_co_owner ON co_owners (co_owner, username);
ALTER TABLE bindings ADD COLUMN owner_group TEXT;
ALTER TABLE tokens ADD COLUMN owner TEXT REFERENCES users (username);
ALTER TABLE shoulders ADD COLUMN group_name TEXT REFERENCES user_groups (name);
CREATE TABLE user_sessions (
  hash TEXT PRIMARY KEY,
  username TEXT NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  csrf TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX user_sessions_expires ON user_sessions (expires_at);
CREATE TABLE login_failures (
  username TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_at TEXT NOT NULL,
  locked_until TEXT
) WITHOUT ROWID;
CREATE INDEX login_failures_last ON login_failures (last_at);
INSERT INTO users (username, display_name, email, role, password_hash, disabled, created_at, updated_at)
  SELECT name, name, NULL,
    CASE WHEN max(instr(scopes, '"pidgate:admin"') > 0) THEN 'admin' ELSE 'user' END,
    NULL, 0, min(created_at), min(created_at)
  FROM tokens GROUP BY name;
UPDATE tokens SET owner = name;
`;
}

export function postgresAccountsMigration(): string {
  return `
CREATE TABLE users (
  username text COLLATE "C" PRIMARY KEY,
  display_name text NOT NULL,
  email text,
  role text NOT NULL,
  password_hash text,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE user_groups (
  name text COLLATE "C" PRIMARY KEY,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE TABLE memberships (
  username text COLLATE "C" NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  group_name text COLLATE "C" NOT NULL REFERENCES user_groups (name) ON DELETE CASCADE,
  PRIMARY KEY (username, group_name)
);
CREATE INDEX memberships_group ON memberships (group_name, username);
CREATE TABLE co_owners (
  username text COLLATE "C" NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  co_owner text COLLATE "C" NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  PRIMARY KEY (username, co_owner)
);
CREATE INDEX co_owners_co_owner ON co_owners (co_owner, username);
ALTER TABLE bindings ADD COLUMN owner_group text;
ALTER TABLE tokens ADD COLUMN owner text COLLATE "C" REFERENCES users (username);
ALTER TABLE shoulders ADD COLUMN group_name text COLLATE "C" REFERENCES user_groups (name);
CREATE TABLE user_sessions (
  hash text COLLATE "C" PRIMARY KEY,
  username text COLLATE "C" NOT NULL REFERENCES users (username) ON DELETE CASCADE,
  csrf text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_sessions_expires ON user_sessions (expires_at);
CREATE TABLE login_failures (
  username text COLLATE "C" PRIMARY KEY,
  failures integer NOT NULL,
  last_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE INDEX login_failures_last ON login_failures (last_at);
INSERT INTO users (username, display_name, email, role, password_hash, disabled, created_at, updated_at)
  SELECT name, name, NULL,
    CASE WHEN bool_or(scopes ? 'pidgate:admin') THEN 'admin' ELSE 'user' END,
    NULL, false, min(created_at), min(created_at)
  FROM tokens GROUP BY name;
UPDATE tokens SET owner = name;
`;
}
