import type Database from 'better-sqlite3';
import type { Group, Role, User } from './accounts.ts';
import type {
  AccountsBackend,
  FailureState,
  NewUserRow,
  StoredUser,
  UserFields,
  UserSessionRow,
} from './accounts-backend.ts';
import { type ShoulderRow, toShoulder } from './rows.ts';

const USER_COLUMNS = 'username, display_name, email, role, password_hash, disabled, created_at, updated_at';

interface UserRowDb {
  username: string;
  display_name: string;
  email: string | null;
  role: string;
  password_hash: string | null;
  disabled: number;
  created_at: string;
  updated_at: string;
}

/** The accounts tables in SQLite (migration 5): one connection, writes in `BEGIN IMMEDIATE` transactions. */
export class SqliteAccounts implements AccountsBackend {
  readonly #db: Database.Database;
  readonly #write: <T>(fn: () => T) => T;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Database.Database, write: <T>(fn: () => T) => T) {
    this.#db = db;
    this.#write = write;
  }

  #stmt(sql: string): Database.Statement {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.#db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  #names(sql: string, arg: string): string[] {
    return (this.#stmt(sql).all(arg) as { n: string }[]).map((r) => r.n);
  }

  #user(username: string): StoredUser | null {
    const r = this.#stmt(`SELECT ${USER_COLUMNS} FROM users WHERE username = ?`).get(username) as UserRowDb | undefined;
    if (!r) return null;
    return {
      username: r.username,
      displayName: r.display_name,
      email: r.email,
      role: r.role as Role,
      groups: this.#names('SELECT group_name AS n FROM memberships WHERE username = ? ORDER BY group_name', username),
      coOwners: this.#names('SELECT co_owner AS n FROM co_owners WHERE username = ? ORDER BY co_owner', username),
      disabled: r.disabled === 1,
      hasPassword: r.password_hash !== null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      passwordHash: r.password_hash,
    };
  }

  #exists(table: 'users' | 'user_groups', column: string, names: readonly string[]): boolean {
    const sql = `SELECT 1 FROM ${table} WHERE ${column} = ?`;
    return names.every((n) => this.#stmt(sql).get(n) !== undefined);
  }

  async insertUser(row: NewUserRow, now: string) {
    return this.#write((): StoredUser | 'conflict' | 'unknown-group' => {
      if (!this.#exists('user_groups', 'name', row.groups)) return 'unknown-group';
      const inserted = this.#stmt(
        `INSERT INTO users (${USER_COLUMNS}) VALUES (?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT DO NOTHING`,
      ).run(row.username, row.displayName, row.email, row.role, row.passwordHash, now, now);
      if (inserted.changes === 0) return 'conflict';
      for (const g of row.groups) {
        this.#stmt('INSERT INTO memberships (username, group_name) VALUES (?, ?)').run(row.username, g);
      }
      return this.#user(row.username) as StoredUser;
    });
  }

  async ensureUser(username: string, role: Role, now: string) {
    this.#stmt(`INSERT INTO users (${USER_COLUMNS}) VALUES (?, ?, NULL, ?, NULL, 0, ?, ?) ON CONFLICT DO NOTHING`).run(
      username,
      username,
      role,
      now,
      now,
    );
  }

  async getUser(username: string) {
    return this.#user(username);
  }

  async listUsers(): Promise<User[]> {
    const names = (this.#stmt('SELECT username FROM users ORDER BY username').all() as { username: string }[]).map(
      (r) => r.username,
    );
    return names.map((n) => {
      const { passwordHash: _, ...user } = this.#user(n) as StoredUser;
      return user;
    });
  }

  async updateUser(username: string, f: UserFields, now: string) {
    return this.#write((): StoredUser | null | 'unknown-group' | 'unknown-user' => {
      const current = this.#user(username);
      if (!current) return null;
      if (f.groups && !this.#exists('user_groups', 'name', f.groups)) return 'unknown-group';
      if (f.coOwners && !this.#exists('users', 'username', f.coOwners)) return 'unknown-user';
      this.#stmt(
        'UPDATE users SET display_name = ?, email = ?, role = ?, disabled = ?, updated_at = ? WHERE username = ?',
      ).run(
        f.displayName ?? current.displayName,
        f.email === undefined ? current.email : f.email,
        f.role ?? current.role,
        (f.disabled ?? current.disabled) ? 1 : 0,
        now,
        username,
      );
      if (f.groups) {
        this.#stmt('DELETE FROM memberships WHERE username = ?').run(username);
        for (const g of f.groups) {
          this.#stmt('INSERT INTO memberships (username, group_name) VALUES (?, ?)').run(username, g);
        }
      }
      if (f.coOwners) {
        this.#stmt('DELETE FROM co_owners WHERE username = ?').run(username);
        for (const c of f.coOwners) {
          this.#stmt('INSERT INTO co_owners (username, co_owner) VALUES (?, ?)').run(username, c);
        }
      }
      return this.#user(username);
    });
  }

  async setPasswordHash(username: string, hash: string, now: string) {
    const r = this.#stmt('UPDATE users SET password_hash = ?, updated_at = ? WHERE username = ?').run(
      hash,
      now,
      username,
    );
    return r.changes === 0 ? null : this.#user(username);
  }

  async coOwnerOf(username: string) {
    return this.#names('SELECT username AS n FROM co_owners WHERE co_owner = ? ORDER BY username', username);
  }

  #group(r: { name: string; description: string; created_at: string }): Group {
    return {
      name: r.name,
      description: r.description,
      createdAt: r.created_at,
      members: this.#names('SELECT username AS n FROM memberships WHERE group_name = ? ORDER BY username', r.name),
    };
  }

  async insertGroup(name: string, description: string, now: string) {
    const row = this.#stmt(
      'INSERT INTO user_groups (name, description, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING name, description, created_at',
    ).get(name, description, now) as { name: string; description: string; created_at: string } | undefined;
    return row ? this.#group(row) : null;
  }

  async listGroups() {
    const rows = this.#stmt('SELECT name, description, created_at FROM user_groups ORDER BY name').all() as {
      name: string;
      description: string;
      created_at: string;
    }[];
    return rows.map((r) => this.#group(r));
  }

  async setShoulderGroup(key: string, group: string | null) {
    return this.#write(() => {
      if (group !== null && !this.#exists('user_groups', 'name', [group])) return 'unknown-group' as const;
      const row = this.#stmt(
        'UPDATE shoulders SET group_name = ? WHERE key = ? RETURNING key, naan, template, seed, capacity, minted, created_at, group_name',
      ).get(group, key) as ShoulderRow | undefined;
      return row ? toShoulder(row) : null;
    });
  }

  async failureState(username: string): Promise<FailureState | null> {
    const r = this.#stmt('SELECT failures, last_at, locked_until FROM login_failures WHERE username = ?').get(
      username,
    ) as { failures: number; last_at: string; locked_until: string | null } | undefined;
    return r ? { failures: r.failures, lastAt: r.last_at, lockedUntil: r.locked_until } : null;
  }

  async recordFailure(
    username: string,
    now: string,
    resetBefore: string,
    lockFor: (failures: number) => string | null,
  ): Promise<FailureState> {
    return this.#write(() => {
      // Rows of names nobody tried for a day go (so guessed names do not pile up).
      this.#stmt('DELETE FROM login_failures WHERE last_at < ? AND username <> ?').run(resetBefore, username);
      const { failures } = this.#stmt(
        `INSERT INTO login_failures (username, failures, last_at, locked_until) VALUES (?, 1, ?, NULL)
         ON CONFLICT (username) DO UPDATE SET
           failures = CASE WHEN login_failures.last_at < ? THEN 1 ELSE login_failures.failures + 1 END,
           last_at = excluded.last_at
         RETURNING failures`,
      ).get(username, now, resetBefore) as { failures: number };
      const lockedUntil = lockFor(failures);
      this.#stmt('UPDATE login_failures SET locked_until = ? WHERE username = ?').run(lockedUntil, username);
      return { failures, lastAt: now, lockedUntil };
    });
  }

  async clearFailures(username: string) {
    this.#stmt('DELETE FROM login_failures WHERE username = ?').run(username);
  }

  async insertUserSession(row: UserSessionRow, now: string) {
    this.#write(() => {
      this.#stmt('DELETE FROM user_sessions WHERE expires_at < ?').run(now);
      this.#stmt('INSERT INTO user_sessions (hash, username, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
        row.hash,
        row.username,
        row.csrf,
        row.createdAt,
        row.expiresAt,
      );
    });
  }

  async userSessionByHash(hash: string): Promise<UserSessionRow | null> {
    const r = this.#stmt('SELECT hash, username, csrf, created_at, expires_at FROM user_sessions WHERE hash = ?').get(
      hash,
    ) as { hash: string; username: string; csrf: string; created_at: string; expires_at: string } | undefined;
    return r
      ? { hash: r.hash, username: r.username, csrf: r.csrf, createdAt: r.created_at, expiresAt: r.expires_at }
      : null;
  }

  async deleteUserSession(hash: string) {
    this.#stmt('DELETE FROM user_sessions WHERE hash = ?').run(hash);
  }

  async deleteUserSessionsOf(username: string) {
    this.#stmt('DELETE FROM user_sessions WHERE username = ?').run(username);
  }
}
