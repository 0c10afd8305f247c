import type { Group, Role, User } from './accounts.ts';
import type { Shoulder } from './store.ts';

/** A user as stored, with its password hash (never leaves the store). */
export type StoredUser = User & { readonly passwordHash: string | null };

export interface NewUserRow {
  readonly username: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly role: Role;
  readonly passwordHash: string | null;
  readonly groups: readonly string[];
}

export interface UserFields {
  readonly displayName?: string;
  readonly email?: string | null;
  readonly role?: Role;
  readonly disabled?: boolean;
  readonly groups?: readonly string[];
  readonly coOwners?: readonly string[];
}

export interface FailureState {
  readonly failures: number;
  readonly lastAt: string;
  readonly lockedUntil: string | null;
}

export interface UserSessionRow {
  readonly hash: string;
  readonly username: string;
  readonly csrf: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/**
 * The accounts half of a backend (`Backend.accounts`): plain SQL on validated arguments, in
 * `sqlite-accounts.ts` and `postgres-accounts.ts`. Methods may throw on database failure.
 */
export interface AccountsBackend {
  /** `conflict` when the username is taken, `unknown-group` when a group is missing. */
  insertUser(row: NewUserRow, now: string): Promise<StoredUser | 'conflict' | 'unknown-group'>;
  /** Insert the user named after a token when there is none (migration 5's rule). */
  ensureUser(username: string, role: Role, now: string): Promise<void>;
  getUser(username: string): Promise<StoredUser | null>;
  listUsers(): Promise<User[]>;
  /** null when no such user; `unknown-group`/`unknown-user` for a missing group or co-owner. */
  updateUser(
    username: string,
    fields: UserFields,
    now: string,
  ): Promise<StoredUser | null | 'unknown-group' | 'unknown-user'>;
  setPasswordHash(username: string, hash: string, now: string): Promise<StoredUser | null>;
  /** End every session of the user (a password change, a disabled user). */
  deleteUserSessionsOf(username: string): Promise<void>;
  /** Users who named `username` a co-owner. */
  coOwnerOf(username: string): Promise<string[]>;

  /** null when the name is taken. */
  insertGroup(name: string, description: string, now: string): Promise<Group | null>;
  listGroups(): Promise<Group[]>;
  /** null when no such shoulder; `unknown-group` when the group is missing. */
  setShoulderGroup(key: string, group: string | null): Promise<Shoulder | null | 'unknown-group'>;

  failureState(username: string): Promise<FailureState | null>;
  /**
   * Count one more wrong password for the username (starting again from 1 when the last was before
   * `resetBefore`), set the lock that count calls for (`lockFor(failures)` gives the instant or null),
   * and give the new state; atomically.
   */
  recordFailure(
    username: string,
    now: string,
    resetBefore: string,
    lockFor: (failures: number) => string | null,
  ): Promise<FailureState>;
  clearFailures(username: string): Promise<void>;

  /** Store a session and drop the sessions that expired before `now`. */
  insertUserSession(row: UserSessionRow, now: string): Promise<void>;
  userSessionByHash(hash: string): Promise<UserSessionRow | null>;
  deleteUserSession(hash: string): Promise<void>;
}
