import { randomBytes } from 'node:crypto';
import { err, ok } from '@pidgate/core';
import {
  checkDescription,
  checkDisplayName,
  checkEmail,
  checkNameList,
  checkNameRef,
  checkNewName,
  checkPassword,
  checkRole,
  MAX_PASSWORD_LENGTH,
  type Principal,
  type Role,
  type ThrottledError,
  type User,
  type UserInput,
  type UserPatch,
} from './accounts.ts';
import type { StoredUser, UserFields } from './accounts-backend.ts';
import type { Backend } from './backend.ts';
import type { StoreResult } from './codes.ts';
import { TOKEN } from './grammar.ts';
import { checkPasswordHash, dummyHash, hashPassword } from './password.ts';
import type { VerifiedToken } from './store.ts';
import { ADMIN_SCOPE, generateToken, hashToken, MAX_SESSION_TTL, sameHash } from './tokens.ts';
import { checkInt, checkKey } from './validate.ts';

/** Wrong passwords a username may have before sign-ins are throttled. */
export const FREE_FAILURES = 5;
/** The first lock lasts a minute; each further wrong password doubles it, up to an hour. */
export const FIRST_LOCK_SECONDS = 60;
export const MAX_LOCK_SECONDS = 3600;
/** A username's count of wrong passwords starts again a day after the last one. */
export const FAILURE_MEMORY_SECONDS = 24 * 3600;

/** When the `failures`-th consecutive wrong password locks the username until (ISO 8601), or null. */
export function lockUntil(failures: number, now: Date): string | null {
  if (failures < FREE_FAILURES) return null;
  const seconds = Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 20));
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

type Run = <T>(fn: (b: Backend) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>;

const stripHash = ({ passwordHash: _, ...user }: StoredUser): User => user;

function clock(now: Date | undefined): Date {
  return now instanceof Date && !Number.isNaN(now.getTime()) ? now : new Date();
}

/** The accounts half of `GuardedStore`: validation, password hashing, throttling, sessions. */
export class GuardedAccounts {
  readonly #run: Run;

  constructor(run: Run) {
    this.#run = run;
  }

  async createUser(input: UserInput): Promise<StoreResult<User>> {
    if (input === null || typeof input !== 'object') return err('invalid-username', 'a user is an object');
    const name = checkNewName(input.username, 'username');
    if (!name.ok) return name;
    const display = checkDisplayName(input.displayName ?? name.value);
    if (!display.ok) return display;
    const email = checkEmail(input.email);
    if (!email.ok) return email;
    const role = checkRole(input.role ?? 'user');
    if (!role.ok) return role;
    const groups = checkNameList(input.groups ?? [], 'group name');
    if (!groups.ok) return groups;
    let hash: string | null = null;
    if (input.password !== undefined) {
      const p = checkPassword(input.password);
      if (!p.ok) return p;
      hash = await hashPassword(p.value);
    }
    return this.#run(async (b) => {
      const row = { username: name.value, displayName: display.value, email: email.value, role: role.value };
      const made = await b.accounts.insertUser({ ...row, passwordHash: hash, groups: groups.value }, now());
      if (made === 'conflict') return err('conflict', `user ${name.value} exists`);
      if (made === 'unknown-group') return err('unknown-group', `no group among ${groups.value.join(', ')}`);
      return ok(stripHash(made));
    });
  }

  getUser(username: string): Promise<StoreResult<User>> {
    const n = checkNameRef(username, 'username');
    if (!n.ok) return Promise.resolve(n);
    return this.#run(async (b) => {
      const user = await b.accounts.getUser(n.value);
      return user ? ok(stripHash(user)) : err('unknown-user', `no user ${n.value}`);
    });
  }

  listUsers(): Promise<StoreResult<User[]>> {
    return this.#run(async (b) => ok(await b.accounts.listUsers()));
  }

  updateUser(username: string, patch: UserPatch): Promise<StoreResult<User>> {
    const n = checkNameRef(username, 'username');
    if (!n.ok) return Promise.resolve(n);
    if (patch === null || typeof patch !== 'object')
      return Promise.resolve(err('invalid-username', 'a patch is an object'));
    const fields: { -readonly [K in keyof UserFields]: UserFields[K] } = {};
    if (patch.displayName !== undefined) {
      const d = checkDisplayName(patch.displayName);
      if (!d.ok) return Promise.resolve(d);
      fields.displayName = d.value;
    }
    if (patch.email !== undefined) {
      const e = checkEmail(patch.email);
      if (!e.ok) return Promise.resolve(e);
      fields.email = e.value;
    }
    if (patch.role !== undefined) {
      const r = checkRole(patch.role);
      if (!r.ok) return Promise.resolve(r);
      fields.role = r.value;
    }
    if (patch.disabled !== undefined) {
      if (typeof patch.disabled !== 'boolean')
        return Promise.resolve(err('invalid-username', 'disabled is true or false'));
      fields.disabled = patch.disabled;
    }
    if (patch.groups !== undefined) {
      const g = checkNameList(patch.groups, 'group name');
      if (!g.ok) return Promise.resolve(g);
      fields.groups = g.value;
    }
    if (patch.coOwners !== undefined) {
      const c = checkNameList(patch.coOwners, 'username');
      if (!c.ok) return Promise.resolve(c);
      if (c.value.includes(n.value)) {
        return Promise.resolve(err('invalid-username', 'a user cannot name itself a co-owner'));
      }
      fields.coOwners = c.value;
    }
    return this.#run(async (b) => {
      const updated = await b.accounts.updateUser(n.value, fields, now());
      if (updated === null) return err('unknown-user', `no user ${n.value}`);
      if (updated === 'unknown-group') return err('unknown-group', 'a group named does not exist');
      if (updated === 'unknown-user') return err('unknown-user', 'a co-owner named does not exist');
      // A disabled user is signed out everywhere (verifyUserSession refuses them anyway; this ends the rows).
      if (fields.disabled === true) await b.accounts.deleteUserSessionsOf(n.value);
      return ok(stripHash(updated));
    });
  }

  async setPassword(username: string, password: string): Promise<StoreResult<User>> {
    const n = checkNameRef(username, 'username');
    if (!n.ok) return n;
    const p = checkPassword(password);
    if (!p.ok) return p;
    const hash = await hashPassword(p.value);
    return this.#run(async (b) => {
      const user = await b.accounts.setPasswordHash(n.value, hash, now());
      if (!user) return err('unknown-user', `no user ${n.value}`);
      await b.accounts.clearFailures(n.value);
      // A new password ends every session of the user: whoever signed in with the old one is signed out
      // (the console's own change then starts a fresh session for the person who made it).
      await b.accounts.deleteUserSessionsOf(n.value);
      return ok(stripHash(user));
    });
  }

  async verifyPassword(username: string, password: string, at?: Date): Promise<StoreResult<User>> {
    const t = clock(at);
    const invalid = err('invalid-credentials', 'the username or password is wrong');
    const n = checkNameRef(username, 'username');
    if (!n.ok || typeof password !== 'string' || password.length > MAX_PASSWORD_LENGTH) return invalid;
    return this.#run(async (b) => {
      const state = await b.accounts.failureState(n.value);
      if (state?.lockedUntil && Date.parse(state.lockedUntil) > t.getTime())
        return throttled(n.value, state.lockedUntil);
      const user = await b.accounts.getUser(n.value);
      // An unknown user or one without a password costs the same scrypt as a wrong password.
      const matches = await checkPasswordHash(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || user.passwordHash === null || !matches) {
        const resetBefore = new Date(t.getTime() - FAILURE_MEMORY_SECONDS * 1000).toISOString();
        await b.accounts.recordFailure(n.value, t.toISOString(), resetBefore, (f) => lockUntil(f, t));
        return invalid;
      }
      if (state) await b.accounts.clearFailures(n.value);
      if (user.disabled) return err('user-disabled', `user ${n.value} is disabled`);
      return ok(stripHash(user));
    });
  }

  createGroup(name: string, description?: string) {
    const n = checkNewName(name, 'group name');
    if (!n.ok) return Promise.resolve(n);
    const d = checkDescription(description);
    if (!d.ok) return Promise.resolve(d);
    return this.#run(async (b) => {
      const g = await b.accounts.insertGroup(n.value, d.value, now());
      return g ? ok(g) : err('conflict', `group ${n.value} exists`);
    });
  }

  listGroups() {
    return this.#run(async (b) => ok(await b.accounts.listGroups()));
  }

  setShoulderGroup(key: string, group: string | null) {
    const k = checkKey(key, 'shoulder key');
    if (!k.ok) return Promise.resolve(k);
    const g = group === null ? ok(null) : checkNameRef(group, 'group name');
    if (!g.ok) return Promise.resolve(g);
    return this.#run(async (b) => {
      const s = await b.accounts.setShoulderGroup(k.value, g.value);
      if (s === 'unknown-group') return err('unknown-group', `no group ${g.value}`);
      return s ? ok(s) : err('not-found', `no shoulder ${k.value}`);
    });
  }

  principalOf(username: string): Promise<StoreResult<Principal>> {
    const n = checkNameRef(username, 'username');
    if (!n.ok) return Promise.resolve(n);
    return this.#run((b) => principal(b, n.value, null, null));
  }

  principalOfToken(token: VerifiedToken): Promise<StoreResult<Principal>> {
    const n = checkNameRef(token?.owner, 'username');
    if (!n.ok) return Promise.resolve(n);
    return this.#run((b) => principal(b, n.value, token.id, [...token.scopes]));
  }

  /** The owner of a new token: the one named (it must exist), else the user named after the token. */
  tokenOwner(
    b: Backend,
    name: string,
    scopes: readonly string[],
    owner: string | undefined,
  ): Promise<StoreResult<string>> {
    return (async () => {
      if (owner === undefined) {
        const role: Role = scopes.includes(ADMIN_SCOPE) ? 'admin' : 'user';
        await b.accounts.ensureUser(name, role, now());
        return ok(name);
      }
      const n = checkNameRef(owner, 'username');
      if (!n.ok) return n;
      return (await b.accounts.getUser(n.value)) ? ok(n.value) : err('unknown-user', `no user ${n.value}`);
    })();
  }

  createUserSession(username: string, ttlSeconds: number, at?: Date) {
    const n = checkNameRef(username, 'username');
    if (!n.ok) return Promise.resolve(n);
    const ttl = checkInt(ttlSeconds, 1, MAX_SESSION_TTL, 'session lifetime (seconds)', 'invalid-ttl');
    if (!ttl.ok) return Promise.resolve(ttl);
    const t = clock(at);
    return this.#run(async (b) => {
      const user = await b.accounts.getUser(n.value);
      if (!user) return err('unknown-user', `no user ${n.value}`);
      if (user.disabled) return err('user-disabled', `user ${n.value} is disabled`);
      const id = generateToken();
      const csrf = randomBytes(32).toString('base64url');
      const expiresAt = new Date(t.getTime() + ttl.value * 1000).toISOString();
      const row = { hash: hashToken(id), username: n.value, csrf, createdAt: t.toISOString(), expiresAt };
      await b.accounts.insertUserSession(row, t.toISOString());
      return ok({ id, username: n.value, csrf, expiresAt });
    });
  }

  verifyUserSession(id: string, at?: Date) {
    const invalid = err('invalid-session', 'the session is not valid (sign in again)');
    if (typeof id !== 'string' || !TOKEN.test(id)) return Promise.resolve(invalid);
    const hash = hashToken(id);
    const t = clock(at);
    return this.#run(async (b) => {
      const row = await b.accounts.userSessionByHash(hash);
      if (!row || !sameHash(row.hash, hash) || Date.parse(row.expiresAt) <= t.getTime()) return invalid;
      const p = await principal(b, row.username, null, null);
      if (!p.ok) return p.error.code === 'user-disabled' ? p : invalid;
      return ok({ principal: p.value, csrf: row.csrf, expiresAt: row.expiresAt });
    });
  }

  deleteUserSession(id: string) {
    if (typeof id !== 'string' || !TOKEN.test(id)) return Promise.resolve(ok(undefined));
    const hash = hashToken(id);
    return this.#run(async (b) => {
      await b.accounts.deleteUserSession(hash);
      return ok(undefined);
    });
  }
}

const now = (): string => new Date().toISOString();

async function principal(
  b: Backend,
  username: string,
  tokenId: string | null,
  scopes: string[] | null,
): Promise<StoreResult<Principal>> {
  const user = await b.accounts.getUser(username);
  if (!user) return err('unknown-user', `no user ${username}`);
  if (user.disabled) return err('user-disabled', `user ${username} is disabled`);
  const coOwnerOf = await b.accounts.coOwnerOf(username);
  return ok({ username, role: user.role, groups: user.groups, coOwnerOf, tokenId, scopes });
}

function throttled(username: string, retryAt: string) {
  const error: ThrottledError = {
    code: 'too-many-attempts',
    message: `too many wrong passwords for ${username}: try again after ${retryAt}`,
    offset: null,
    retryAt,
  };
  return { ok: false as const, error };
}
