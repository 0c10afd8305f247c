import type pg from 'pg';
import type { Group, Role, User } from './accounts.ts';
import type {
  AccountsBackend,
  FailureState,
  NewUserRow,
  StoredUser,
  UserFields,
  UserSessionRow,
} from './accounts-backend.ts';
import { isoTime, isoTimeOrNull, type ShoulderRow, toShoulder } from './rows.ts';

type Query = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
type Tx = <T>(fn: (q: Query) => Promise<T>) => Promise<T>;

const USER_COLUMNS = 'username, display_name, email, role, password_hash, disabled, created_at, updated_at';
const SHOULDER_COLUMNS = 'key, naan, template, seed, capacity, minted, created_at, group_name';

/**
 * The accounts tables in PostgreSQL (migration 5). A user is read with its groups and co-owners in one
 * statement (array subqueries).
 */
export class PostgresAccounts implements AccountsBackend {
  readonly #q: Query;
  readonly #tx: Tx;

  constructor(q: Query, tx: Tx) {
    this.#q = q;
    this.#tx = tx;
  }

  async #user(q: Query, username: string): Promise<StoredUser | null> {
    const { rows } = await q(
      `SELECT ${USER_COLUMNS},
         array(SELECT group_name FROM memberships m WHERE m.username = u.username ORDER BY group_name) AS groups,
         array(SELECT co_owner FROM co_owners c WHERE c.username = u.username ORDER BY co_owner) AS co_owners
       FROM users u WHERE username = $1`,
      [username],
    );
    const r = rows[0] as Record<string, unknown> | undefined;
    return r ? toUser(r) : null;
  }

  async #missing(q: Query, table: 'users' | 'user_groups', column: string, names: readonly string[]) {
    if (names.length === 0) return false;
    const { rows } = await q(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1::text[])`, [names]);
    return (rows[0] as { n: number }).n !== new Set(names).size;
  }

  insertUser(row: NewUserRow, now: string) {
    return this.#tx(async (q): Promise<StoredUser | 'conflict' | 'unknown-group'> => {
      if (await this.#missing(q, 'user_groups', 'name', row.groups)) return 'unknown-group';
      const inserted = await q(
        `INSERT INTO users (${USER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, false, $6, $6) ON CONFLICT DO NOTHING`,
        [row.username, row.displayName, row.email, row.role, row.passwordHash, now],
      );
      if (inserted.rowCount === 0) return 'conflict';
      await q('INSERT INTO memberships (username, group_name) SELECT $1, unnest($2::text[])', [
        row.username,
        row.groups,
      ]);
      return (await this.#user(q, row.username)) as StoredUser;
    });
  }

  async ensureUser(username: string, role: Role, now: string) {
    await this.#q(
      `INSERT INTO users (${USER_COLUMNS}) VALUES ($1, $1, NULL, $2, NULL, false, $3, $3) ON CONFLICT DO NOTHING`,
      [username, role, now],
    );
  }

  getUser(username: string) {
    return this.#user(this.#q, username);
  }

  async listUsers(): Promise<User[]> {
    const { rows } = await this.#q(
      `SELECT ${USER_COLUMNS},
         array(SELECT group_name FROM memberships m WHERE m.username = u.username ORDER BY group_name) AS groups,
         array(SELECT co_owner FROM co_owners c WHERE c.username = u.username ORDER BY co_owner) AS co_owners
       FROM users u ORDER BY username`,
    );
    return (rows as Record<string, unknown>[]).map((r) => {
      const { passwordHash: _, ...user } = toUser(r);
      return user;
    });
  }

  updateUser(username: string, f: UserFields, now: string) {
    return this.#tx(async (q): Promise<StoredUser | null | 'unknown-group' | 'unknown-user'> => {
      const current = await this.#user(q, username);
      if (!current) return null;
      if (f.groups && (await this.#missing(q, 'user_groups', 'name', f.groups))) return 'unknown-group';
      if (f.coOwners && (await this.#missing(q, 'users', 'username', f.coOwners))) return 'unknown-user';
      await q(
        'UPDATE users SET display_name = $1, email = $2, role = $3, disabled = $4, updated_at = $5 WHERE username = $6',
        [
          f.displayName ?? current.displayName,
          f.email === undefined ? current.email : f.email,
          f.role ?? current.role,
          f.disabled ?? current.disabled,
          now,
          username,
        ],
      );
      if (f.groups) {
        await q('DELETE FROM memberships WHERE username = $1', [username]);
        await q('INSERT INTO memberships (username, group_name) SELECT $1, unnest($2::text[])', [username, f.groups]);
      }
      if (f.coOwners) {
        await q('DELETE FROM co_owners WHERE username = $1', [username]);
        await q('INSERT INTO co_owners (username, co_owner) SELECT $1, unnest($2::text[])', [username, f.coOwners]);
      }
      return this.#user(q, username);
    });
  }

  async setPasswordHash(username: string, hash: string, now: string) {
    const r = await this.#q('UPDATE users SET password_hash = $1, updated_at = $2 WHERE username = $3', [
      hash,
      now,
      username,
    ]);
    return r.rowCount === 0 ? null : this.#user(this.#q, username);
  }

  async coOwnerOf(username: string) {
    const { rows } = await this.#q('SELECT username FROM co_owners WHERE co_owner = $1 ORDER BY username', [username]);
    return (rows as { username: string }[]).map((r) => r.username);
  }

  async insertGroup(name: string, description: string, now: string) {
    const { rows } = await this.#q(
      `INSERT INTO user_groups (name, description, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
       RETURNING name, description, created_at, ARRAY[]::text[] AS members`,
      [name, description, now],
    );
    return rows[0] ? toGroup(rows[0] as Record<string, unknown>) : null;
  }

  async listGroups(): Promise<Group[]> {
    const { rows } = await this.#q(
      `SELECT name, description, created_at,
         array(SELECT username FROM memberships m WHERE m.group_name = g.name ORDER BY username) AS members
       FROM user_groups g ORDER BY name`,
    );
    return (rows as Record<string, unknown>[]).map(toGroup);
  }

  setShoulderGroup(key: string, group: string | null) {
    return this.#tx(async (q) => {
      if (group !== null && (await this.#missing(q, 'user_groups', 'name', [group]))) return 'unknown-group' as const;
      // FOR UPDATE: waits for writes that read the shoulder's group FOR KEY SHARE (postgres.ts, shoulderGroups).
      await q('SELECT 1 FROM shoulders WHERE key = $1 FOR UPDATE', [key]);
      const { rows } = await q(`UPDATE shoulders SET group_name = $1 WHERE key = $2 RETURNING ${SHOULDER_COLUMNS}`, [
        group,
        key,
      ]);
      return rows[0] ? toShoulder(rows[0] as ShoulderRow) : null;
    });
  }

  async failureState(username: string): Promise<FailureState | null> {
    const { rows } = await this.#q('SELECT failures, last_at, locked_until FROM login_failures WHERE username = $1', [
      username,
    ]);
    const r = rows[0] as { failures: number; last_at: Date; locked_until: Date | null } | undefined;
    return r ? { failures: r.failures, lastAt: isoTime(r.last_at), lockedUntil: isoTimeOrNull(r.locked_until) } : null;
  }

  recordFailure(
    username: string,
    now: string,
    resetBefore: string,
    lockFor: (failures: number) => string | null,
  ): Promise<FailureState> {
    return this.#tx(async (q) => {
      await q('DELETE FROM login_failures WHERE last_at < $1 AND username <> $2', [resetBefore, username]);
      const { rows } = await q(
        `INSERT INTO login_failures (username, failures, last_at, locked_until) VALUES ($1, 1, $2, NULL)
         ON CONFLICT (username) DO UPDATE SET
           failures = CASE WHEN login_failures.last_at < $3 THEN 1 ELSE login_failures.failures + 1 END,
           last_at = excluded.last_at
         RETURNING failures`,
        [username, now, resetBefore],
      );
      const failures = (rows[0] as { failures: number }).failures;
      const lockedUntil = lockFor(failures);
      await q('UPDATE login_failures SET locked_until = $1 WHERE username = $2', [lockedUntil, username]);
      return { failures, lastAt: now, lockedUntil };
    });
  }

  async clearFailures(username: string) {
    await this.#q('DELETE FROM login_failures WHERE username = $1', [username]);
  }

  insertUserSession(row: UserSessionRow, now: string) {
    return this.#tx(async (q) => {
      await q('DELETE FROM user_sessions WHERE expires_at < $1', [now]);
      await q('INSERT INTO user_sessions (hash, username, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
        row.hash,
        row.username,
        row.csrf,
        row.createdAt,
        row.expiresAt,
      ]);
    });
  }

  async userSessionByHash(hash: string): Promise<UserSessionRow | null> {
    const { rows } = await this.#q(
      'SELECT hash, username, csrf, created_at, expires_at FROM user_sessions WHERE hash = $1',
      [hash],
    );
    const r = rows[0] as
      | { hash: string; username: string; csrf: string; created_at: Date; expires_at: Date }
      | undefined;
    return r
      ? {
          hash: r.hash,
          username: r.username,
          csrf: r.csrf,
          createdAt: isoTime(r.created_at),
          expiresAt: isoTime(r.expires_at),
        }
      : null;
  }

  async deleteUserSession(hash: string) {
    await this.#q('DELETE FROM user_sessions WHERE hash = $1', [hash]);
  }

  async deleteUserSessionsOf(username: string) {
    await this.#q('DELETE FROM user_sessions WHERE username = $1', [username]);
  }
}

function toUser(r: Record<string, unknown>): StoredUser {
  return {
    username: r['username'] as string,
    displayName: r['display_name'] as string,
    email: r['email'] as string | null,
    role: r['role'] as Role,
    groups: r['groups'] as string[],
    coOwners: r['co_owners'] as string[],
    disabled: r['disabled'] as boolean,
    hasPassword: r['password_hash'] !== null,
    createdAt: isoTime(r['created_at'] as Date),
    updatedAt: isoTime(r['updated_at'] as Date),
    passwordHash: r['password_hash'] as string | null,
  };
}

function toGroup(r: Record<string, unknown>): Group {
  return {
    name: r['name'] as string,
    description: r['description'] as string,
    createdAt: isoTime(r['created_at'] as Date),
    members: r['members'] as string[],
  };
}
