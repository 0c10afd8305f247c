import { randomBytes } from 'node:crypto';
import { err, ok } from '@pidgate/core';
import type { UserInput, UserPatch } from './accounts.ts';
import { type Acting, type PdiWrite, type WriteGuard, writeGuard } from './acting.ts';
import type { Backend } from './backend.ts';
import type { BatchEntry } from './batch.ts';
import { parseBindingInput } from './binding.ts';
import type { ChangeFeed } from './changes.ts';
import type { StoreResult } from './codes.ts';
import { checkCommitment } from './commitments.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type DownloadJobs, downloadJobs } from './downloads.ts';
import { exportPages } from './export.ts';
import { type ShoulderFallbacks, shoulderFallbacks } from './fallbacks.ts';
import { TOKEN } from './grammar.ts';
import { GuardedAccounts } from './guarded-accounts.ts';
import { runImport } from './import.ts';
import { type LinkChecks, linkChecks } from './links.ts';
import { checkNaan, checkNaanName, checkShoulder, MAX_RESERVATION } from './minter.ts';
import { checkErc, checkFormat, checkPdiList, checkSerial, checkVersion } from './pdi.ts';
import {
  checkBatch,
  type ResolutionCountBatch,
  type ResolutionCountQuery,
  type ResolutionCounts,
  resolutionCounts,
} from './resolution-counts.ts';
import { type HistoryRowDb, isoTime, type TokenRow, toHistory } from './rows.ts';
import { type ErcRecord, IDENTIFIER_STATUSES, MAX_OWNER_LENGTH, TargetUrl } from './schema.ts';
import { scopeAllows, scopeRanges } from './scope.ts';
import { parseSearchQuery, type SearchQueryInput } from './search.ts';
import {
  type FindOptions,
  prefixesProblem,
  readStats,
  recentChangesSql,
  type StatsOptions,
  type StatsScope,
  scopeProblem,
} from './stats.ts';
import type {
  Binding,
  DeleteOptions,
  ImportItem,
  ImportOptions,
  ListOptions,
  PdiListOptions,
  PdiPutOptions,
  PutOptions,
  Store,
  TokenOptions,
  VerifiedToken,
} from './store.ts';
import { targetRefusal } from './target.ts';
import {
  checkExpiry,
  checkScopes,
  checkTokenName,
  generateToken,
  generateTokenId,
  hashToken,
  MAX_SESSION_TTL,
  sameHash,
} from './tokens.ts';
import {
  checkActor,
  checkInstant,
  checkInt,
  checkKey,
  checkLimit,
  checkPrefix,
  findUnstorable,
  MAX_CANDIDATES,
  messageOf,
  prefixUpperBound,
} from './validate.ts';
import { type Webhooks, webhooks } from './webhooks.ts';

const now = (): string => new Date().toISOString();

/** A key to read: one longer than any stored key is not found (the same on both backends), not an error. */
function readKey(key: string): StoreResult<string> {
  const k = checkKey(key);
  return !k.ok && k.error.code === 'key-too-long' ? err('not-found', 'no key that long is stored') : k;
}

/**
 * The `Store` both backends share: it validates every argument, builds cursors and pages, and turns
 * any database failure into a `storage-error` result, so nothing a caller passes makes it throw.
 */
export class GuardedStore implements Store {
  #backend: Backend | null;
  #secret: Buffer | null = null;
  readonly backend: 'sqlite' | 'postgres';
  readonly downloads: DownloadJobs = downloadJobs((fn) => this.#run((b) => fn(b.downloadQuery)));
  readonly links: LinkChecks;
  readonly webhooks: Webhooks;
  readonly fallbacks: ShoulderFallbacks = shoulderFallbacks((fn) => this.#run((b) => fn(b.linkQuery)));
  readonly #counts: ResolutionCounts = resolutionCounts((fn) => this.#run((b) => fn(b.resolutionQuery)));
  readonly #accounts: GuardedAccounts;

  constructor(backend: Backend) {
    this.#backend = backend;
    this.backend = backend.name;
    this.links = linkChecks(
      backend.name,
      (fn) => this.#run((b) => fn(b.linkQuery)),
      (fn) => this.#run((b) => fn(b.linkBatch)),
    );
    this.webhooks = webhooks(backend.name, (fn) => this.#run((b) => fn(b.linkQuery)));
    this.#accounts = new GuardedAccounts((fn) => this.#run(fn));
  }

  async #run<T>(fn: (b: Backend) => Promise<StoreResult<T>>): Promise<StoreResult<T>> {
    const backend = this.#backend;
    if (!backend) return err('store-closed', 'the store is closed');
    try {
      return await fn(backend);
    } catch (e) {
      return err('storage-error', `the ${backend.name} database failed: ${messageOf(e)}`);
    }
  }

  migrate() {
    return this.#run((b) => b.migrate());
  }

  /** The backend's change feed (changes.ts), started on the first call; null once closed or when it cannot start. */
  changes(): ChangeFeed | null {
    try {
      return this.#backend?.changes?.() ?? null;
    } catch {
      return null;
    }
  }

  addResolutionCounts(batch: ResolutionCountBatch) {
    const checked = checkBatch(batch);
    if (!checked.ok) return Promise.resolve(checked);
    return this.#run(async (b) => ok(await b.addResolutionCounts(checked.value)));
  }

  resolutionCounts(query: ResolutionCountQuery) {
    return this.#counts.query(query);
  }

  pruneResolutionCounts(before: string) {
    return this.#counts.prune(before);
  }

  async close(): Promise<void> {
    const backend = this.#backend;
    this.#backend = null;
    if (backend) await backend.close().catch(() => undefined);
  }

  getBinding(key: string) {
    const k = readKey(key);
    if (!k.ok) return Promise.resolve(k);
    return this.#run(async (b) => {
      const binding = await b.getBinding(k.value);
      return binding ? ok(binding) : err('not-found', `${k.value} is not bound`);
    });
  }

  putBinding(key: string, input: unknown, actor: string, options?: PutOptions) {
    const k = checkKey(key);
    if (!k.ok) return Promise.resolve(k);
    const data = parseBindingInput(input);
    if (!data.ok) return Promise.resolve(data);
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    if (options?.ifVersion !== undefined) {
      const v = checkInt(options.ifVersion, 0, Number.MAX_SAFE_INTEGER, 'ifVersion', 'invalid-binding');
      if (!v.ok) return Promise.resolve(v);
    }
    const acting = options?.acting;
    if (acting !== undefined && !isActing(acting)) return Promise.resolve(notActing());
    return this.#run(async (b) => {
      const guard = acting ? writeGuard(acting, input) : undefined;
      const entry: BatchEntry = { key: k.value, data: data.value, options, ...(guard ? { guard } : {}) };
      const [outcome] = await b.writeBatch([entry], 'replace', a.value, now());
      if (!outcome) return err('storage-error', 'the batch gave no outcome');
      if (!outcome.ok) return outcome;
      const { action, binding } = outcome.value;
      return ok({ action: action === 'skipped' ? 'unchanged' : action, binding });
    });
  }

  deleteBinding(key: string, actor: string, options?: DeleteOptions) {
    const k = checkKey(key);
    if (!k.ok) return Promise.resolve(k);
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    const acting = options?.acting;
    if (acting !== undefined && !isActing(acting)) return Promise.resolve(notActing());
    return this.#run((b) => b.deleteBinding(k.value, a.value, now(), acting?.principal));
  }

  history(key: string) {
    const k = readKey(key);
    if (!k.ok) return Promise.resolve(k);
    return this.#run(async (b) => ok(await b.history(k.value)));
  }

  bindingStats(scope: StatsScope, options: StatsOptions) {
    const why = scopeProblem(scope) ?? prefixesProblem(options?.prefixes ?? []);
    if (why) return Promise.resolve(err('invalid-limit', why));
    const since = checkInstant(options.since, 'since');
    if (!since.ok) return Promise.resolve(since);
    const ranges = (options.prefixes ?? []).map((prefix) => ({
      prefix,
      lower: prefix,
      upper: prefixUpperBound(prefix),
    }));
    return this.#run(async (b) => ok(await readStats(b, scope, ranges, since.value ?? new Date(0).toISOString())));
  }

  recentChanges(scope: StatsScope, limit: number) {
    const why = scopeProblem(scope);
    if (why) return Promise.resolve(err('invalid-limit', why));
    const n = checkLimit(limit, 20, 200);
    if (!n.ok) return Promise.resolve(n);
    return this.#run(async (b) =>
      ok(
        (await b.readRows(recentChangesSql(b.name, scope, n.value))).map((r) =>
          toHistory(r as unknown as HistoryRowDb),
        ),
      ),
    );
  }

  findBindings(scope: StatsScope, options: FindOptions) {
    const why = scopeProblem(scope);
    if (why) return Promise.resolve(err('invalid-limit', why));
    const n = checkLimit(options?.limit, 100, 1000);
    if (!n.ok) return Promise.resolve(n);
    const before = checkInstant(options.createdBefore, 'createdBefore');
    if (!before.ok) return Promise.resolve(before);
    if (options.status !== undefined && !IDENTIFIER_STATUSES.includes(options.status)) {
      return Promise.resolve(err('invalid-limit', 'status is public, reserved or unavailable'));
    }
    const checked: FindOptions = {
      limit: n.value,
      ...(options.status !== undefined ? { status: options.status } : {}),
      ...(before.value !== undefined ? { createdBefore: before.value } : {}),
    };
    return this.#run(async (b) => ok(await b.findBindings(scope, checked)));
  }

  purgeCreatedBefore(
    prefixes: readonly string[],
    before: string,
    actor: string,
    options?: { readonly limit?: number },
  ) {
    const why = prefixesProblem(prefixes);
    if (why) return Promise.resolve(err('invalid-limit', why));
    const cutoff = checkInstant(before, 'before');
    if (!cutoff.ok) return Promise.resolve(cutoff);
    if (cutoff.value === undefined) return Promise.resolve(err('invalid-limit', 'before is an ISO 8601 instant'));
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    const n = checkLimit(options?.limit, 1000, 100_000);
    if (!n.ok) return Promise.resolve(n);
    const at = cutoff.value;
    return this.#run(async (b) => {
      const purged: string[] = [];
      for (const prefix of prefixes) {
        const left = n.value - purged.length;
        if (left <= 0) break;
        purged.push(
          ...(await b.purgeExpired({ lower: prefix, upper: prefixUpperBound(prefix) }, at, a.value, now(), left)),
        );
      }
      return ok({ purged, more: purged.length >= n.value });
    });
  }

  longestBound(candidates: readonly string[]) {
    if (!Array.isArray(candidates) || candidates.length > MAX_CANDIDATES) {
      return Promise.resolve(err('invalid-limit', `give at most ${MAX_CANDIDATES} candidates`));
    }
    const keys: string[] = [];
    for (const c of candidates) {
      const k = checkKey(c);
      // a candidate longer than any stored key is simply not bound
      if (!k.ok && k.error.code === 'key-too-long') continue;
      if (!k.ok) return Promise.resolve(k);
      keys.push(k.value);
    }
    return this.#run(async (b) => {
      const found = keys.length === 0 ? null : await b.longestBound(keys);
      return found ? ok(found) : err('not-found', 'no candidate is bound');
    });
  }

  listBindings(options?: ListOptions) {
    const prefix = checkPrefix(options?.prefix);
    if (!prefix.ok) return Promise.resolve(prefix);
    const limit = checkLimit(options?.limit);
    if (!limit.ok) return Promise.resolve(limit);
    const scopes = options?.scopes === undefined ? ok(null) : checkScopes(options.scopes);
    if (!scopes.ok) return Promise.resolve(scopes);
    const includeTombstoned = options?.includeTombstoned === true;
    const filter = JSON.stringify([prefix.value, includeTombstoned, scopes.value ? [...scopes.value].sort() : null]);
    return this.#run(async (b) => {
      const secret = await this.#cursorSecret(b);
      const after = decodeCursor(secret, options?.cursor, 'bindings', filter, ['string']);
      if (!after.ok) return after;
      const allowed = scopes.value;
      // With scopes, only the key ranges they cover are read: a page (and so its cursor) never holds a key
      // the token cannot read.
      const ranges = allowed
        ? scopeRanges(allowed, prefix.value)
        : [{ lower: prefix.value, upper: prefix.value === '' ? null : prefixUpperBound(prefix.value) }];
      const cursorKey = after.value ? (after.value[0] as string) : null;
      const rows: Binding[] = [];
      for (const range of ranges) {
        if (rows.length > limit.value) break;
        if (cursorKey !== null && range.upper !== null && cursorKey >= range.upper) continue;
        let from = cursorKey !== null && cursorKey >= range.lower ? cursorKey : null;
        for (;;) {
          const want = limit.value + 1 - rows.length;
          if (want <= 0) break;
          const got = await b.listBindings({
            lower: range.lower,
            after: from,
            upper: range.upper,
            includeTombstoned,
            limit: want,
          });
          for (const row of got) if (!allowed || scopeAllows(allowed, row.key)) rows.push(row);
          const last = got[got.length - 1];
          if (got.length < want || !last) break;
          from = last.key;
        }
      }
      return ok(page(rows, limit.value, (last) => encodeCursor(secret, 'bindings', filter, [last.key])));
    });
  }

  searchBindings(query: SearchQueryInput) {
    const q = parseSearchQuery(query);
    if (!q.ok) return Promise.resolve(q);
    return this.#run(async (b) => ok(await b.searchBindings(q.value)));
  }

  exportBindings(options?: {
    readonly pageSize?: number;
    readonly prefix?: string;
    readonly scopes?: readonly string[];
  }) {
    const size = checkLimit(options?.pageSize, 1000);
    if (!size.ok) return single(size);
    const prefix = checkPrefix(options?.prefix);
    if (!prefix.ok) return single(prefix);
    const scopes = options?.scopes;
    return exportPages((o) => this.listBindings(scopes ? { ...o, scopes } : o), size.value, prefix.value);
  }

  importBindings(items: Iterable<ImportItem> | AsyncIterable<ImportItem>, options?: ImportOptions) {
    const acting = options?.acting;
    if (acting !== undefined && !isActing(acting)) return Promise.resolve(notActing());
    return this.#run(async (b) => {
      // Each item's ownership (and its shoulder's group) is checked in its batch's transaction.
      const guardOf = (_key: string, raw: unknown): WriteGuard | undefined =>
        acting ? writeGuard(acting, raw) : undefined;
      return runImport(items, options, guardOf, async (entries, onExisting, actor) => {
        try {
          return ok(await b.writeBatch(entries, onExisting, actor, now()));
        } catch (e) {
          return err('storage-error', `the ${b.name} database failed: ${messageOf(e)}`);
        }
      });
    });
  }

  putPdiVersion(resourceKey: string, format: string, target: string, actor: string, options?: PdiPutOptions) {
    const k = checkKey(resourceKey);
    if (!k.ok) return Promise.resolve(k);
    const f = checkFormat(format);
    if (!f.ok) return Promise.resolve(f);
    const refused = typeof target === 'string' ? targetRefusal(target) : { kind: 'invalid', message: '' };
    const t =
      findUnstorable(target) === null && refused === null ? TargetUrl.safeParse(target) : { success: false as const };
    if (refused?.kind === 'ambiguous') return Promise.resolve(err('ambiguous-target', `target: ${refused.message}`));
    if (!t.success) return Promise.resolve(err('invalid-binding', 'target: an absolute http: or https: URL'));
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    const e = checkErc(options?.erc);
    if (!e.ok) return Promise.resolve(e);
    const owner = checkOwnerName(options?.owner, 'owner');
    if (!owner.ok) return Promise.resolve(owner);
    const ownerGroup = checkOwnerName(options?.ownerGroup, 'ownerGroup');
    if (!ownerGroup.ok) return Promise.resolve(ownerGroup);
    const acting = options?.acting;
    if (acting !== undefined && !isActing(acting)) return Promise.resolve(notActing());
    return this.#run(async (b) => {
      const owned: PdiWrite = {
        guard: acting ? writeGuard(acting, options) : null,
        owner: owner.value,
        ownerGroup: ownerGroup.value,
      };
      return b.putPdiVersion(k.value, f.value, t.data, e.value, a.value, now(), owned);
    });
  }

  getPdi(resourceKey: string, format?: string, version?: number) {
    const k = readKey(resourceKey);
    if (!k.ok) return Promise.resolve(k);
    const f = format === undefined ? ok(undefined) : checkFormat(format);
    if (!f.ok) return Promise.resolve(f);
    const v = checkVersion(version);
    if (!v.ok) return Promise.resolve(v);
    if (f.value === undefined && v.value !== undefined) {
      return Promise.resolve(err('invalid-version', 'a version needs a format'));
    }
    return this.#run(async (b) => {
      const found = await b.getPdi(k.value, f.value, v.value);
      return found ? ok(found) : err('not-found', `${k.value} has no such PDI binding`);
    });
  }

  /** The secret cursors are signed with: made once per store (the first instance to ask stores it). */
  async #cursorSecret(b: Backend): Promise<Buffer> {
    if (!this.#secret)
      this.#secret = Buffer.from(await b.secret('cursor', randomBytes(32).toString('base64url')), 'base64url');
    return this.#secret;
  }

  listPdi(options?: PdiListOptions) {
    const filter = checkPdiList(options);
    if (!filter.ok) return Promise.resolve(filter);
    const f = filter.value;
    return this.#run(async (b) => {
      const secret = await this.#cursorSecret(b);
      const after = decodeCursor(secret, options?.cursor, 'pdi', f.fingerprint, ['string', 'string', 'number']);
      if (!after.ok) return after;
      const rows = await b.listPdi({ ...f, limit: f.limit + 1 }, after.value as [string, string, number] | null);
      return ok(
        page(rows, f.limit, (l) => encodeCursor(secret, 'pdi', f.fingerprint, [l.resourceKey, l.format, l.version])),
      );
    });
  }

  nextSerial(series: string, date: string) {
    const name = checkSerial(series, date);
    if (!name.ok) return Promise.resolve(name);
    return this.#run(async (b) => ok(await b.nextSerial(name.value)));
  }

  addNaan(naan: string, name?: string) {
    const n = checkNaan(naan);
    if (!n.ok) return Promise.resolve(n);
    const label = checkNaanName(name);
    if (!label.ok) return Promise.resolve(label);
    return this.#run(async (b) => {
      const added = await b.addNaan(n.value, label.value, now());
      return added ? ok(added) : err('conflict', `NAAN ${n.value} is already served`);
    });
  }

  listNaans() {
    return this.#run(async (b) => ok(await b.listNaans()));
  }

  setCommitment(prefix: string, statement: ErcRecord | null, actor: string) {
    const c = checkCommitment(prefix, statement, actor);
    if (!c.ok) return Promise.resolve(c);
    return this.#run(async (b) => ok(await b.setCommitment(c.value.prefix, c.value.statement, c.value.actor, now())));
  }

  listCommitments() {
    return this.#run(async (b) => ok(await b.listCommitments()));
  }

  addShoulder(input: unknown) {
    const s = checkShoulder(input);
    if (!s.ok) return Promise.resolve(s);
    return this.#run((b) => b.addShoulder(s.value, now()));
  }

  getShoulder(key: string) {
    const k = checkKey(key, 'shoulder key');
    if (!k.ok) return Promise.resolve(k);
    return this.#run(async (b) => {
      const found = await b.getShoulder(k.value);
      return found ? ok(found) : err('not-found', `no shoulder ${k.value}`);
    });
  }

  listShoulders(naan?: string) {
    const n = naan === undefined ? ok(undefined) : checkNaan(naan);
    if (!n.ok) return Promise.resolve(n);
    return this.#run(async (b) => ok(await b.listShoulders(n.value)));
  }

  reserveMint(shoulderKey: string, n: number) {
    const k = checkKey(shoulderKey, 'shoulder key');
    if (!k.ok) return Promise.resolve(k);
    const count = checkInt(n, 1, MAX_RESERVATION, 'count', 'invalid-count');
    if (!count.ok) return Promise.resolve(count);
    return this.#run((b) => b.reserveMint(k.value, count.value));
  }

  createToken(name: string, scopes: readonly string[], options?: TokenOptions) {
    const label = checkTokenName(name);
    if (!label.ok) return Promise.resolve(label);
    const s = checkScopes(scopes);
    if (!s.ok) return Promise.resolve(s);
    const at = now();
    const expires = checkExpiry(options?.expiresAt ?? null, at);
    if (!expires.ok) return Promise.resolve(expires);
    return this.#run(async (b) => {
      const owner = await this.#accounts.tokenOwner(b, label.value, s.value, options?.owner);
      if (!owner.ok) return owner;
      const token = generateToken();
      const row: TokenRow = {
        id: generateTokenId(),
        name: label.value,
        hash: hashToken(token),
        scopes: s.value,
        created_at: at,
        revoked_at: null,
        expires_at: expires.value,
        owner: owner.value,
      };
      await b.insertToken(row);
      return ok({
        id: row.id,
        name: row.name,
        scopes: s.value,
        createdAt: at,
        revokedAt: null,
        expiresAt: expires.value,
        owner: owner.value,
        token,
      });
    });
  }

  listTokens() {
    return this.#run(async (b) => ok(await b.listTokens()));
  }

  revokeToken(id: string) {
    const k = checkKey(id, 'token id');
    if (!k.ok) return Promise.resolve(k);
    return this.#run(async (b) => {
      const info = await b.revokeToken(k.value, now());
      return info ? ok(info) : err('not-found', `no token ${k.value}`);
    });
  }

  verifyToken(presented: string) {
    const invalid = err('invalid-token', 'the bearer token is not valid');
    if (typeof presented !== 'string' || !TOKEN.test(presented)) return Promise.resolve(invalid);
    const hash = hashToken(presented);
    return this.#run(async (b) => {
      const row = await b.tokenByHash(hash);
      if (!row || !sameHash(row.hash, hash)) return invalid;
      return liveToken(row);
    });
  }

  deleteReserved(key: string, actor: string, options?: DeleteOptions) {
    const k = checkKey(key);
    if (!k.ok) return Promise.resolve(k);
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    const acting = options?.acting;
    if (acting !== undefined && !isActing(acting)) return Promise.resolve(notActing());
    return this.#run((b) => b.deleteReserved(k.value, a.value, now(), acting?.principal));
  }

  createSession(tokenId: string, ttlSeconds: number) {
    const k = checkKey(tokenId, 'token id');
    if (!k.ok) return Promise.resolve(k);
    const ttl = checkInt(ttlSeconds, 1, MAX_SESSION_TTL, 'session lifetime (seconds)', 'invalid-ttl');
    if (!ttl.ok) return Promise.resolve(ttl);
    return this.#run(async (b) => {
      const at = now();
      const id = generateToken();
      const expiresAt = new Date(Date.parse(at) + ttl.value * 1000).toISOString();
      await b.insertSession({ hash: hashToken(id), token_id: k.value, created_at: at, expires_at: expiresAt }, at);
      return ok({ id, tokenId: k.value, expiresAt });
    });
  }

  verifySession(id: string) {
    const invalid = err('invalid-session', 'the session is not valid (log in again)');
    if (typeof id !== 'string' || !TOKEN.test(id)) return Promise.resolve(invalid);
    const hash = hashToken(id);
    return this.#run(async (b) => {
      const found = await b.sessionByHash(hash);
      if (!found || !sameHash(found.session.hash, hash)) return invalid;
      if (Date.parse(isoTime(found.session.expires_at)) <= Date.now()) return invalid;
      return liveToken(found.token);
    });
  }

  deleteSession(id: string) {
    if (typeof id !== 'string' || !TOKEN.test(id)) return Promise.resolve(ok(undefined));
    const hash = hashToken(id);
    return this.#run(async (b) => {
      await b.deleteSession(hash);
      return ok(undefined);
    });
  }

  // Accounts: validated and run by `GuardedAccounts` (guarded-accounts.ts).
  createUser(input: UserInput) {
    return this.#accounts.createUser(input);
  }
  getUser(username: string) {
    return this.#accounts.getUser(username);
  }
  listUsers() {
    return this.#accounts.listUsers();
  }
  updateUser(username: string, patch: UserPatch) {
    return this.#accounts.updateUser(username, patch);
  }
  setPassword(username: string, password: string) {
    return this.#accounts.setPassword(username, password);
  }
  verifyPassword(username: string, password: string, now?: Date) {
    return this.#accounts.verifyPassword(username, password, now);
  }
  createGroup(name: string, description?: string) {
    return this.#accounts.createGroup(name, description);
  }
  listGroups() {
    return this.#accounts.listGroups();
  }
  setShoulderGroup(key: string, group: string | null) {
    return this.#accounts.setShoulderGroup(key, group);
  }
  principalOf(username: string) {
    return this.#accounts.principalOf(username);
  }
  principalOfToken(token: VerifiedToken) {
    return this.#accounts.principalOfToken(token);
  }
  createUserSession(username: string, ttlSeconds: number, now?: Date) {
    return this.#accounts.createUserSession(username, ttlSeconds, now);
  }
  verifyUserSession(id: string, now?: Date) {
    return this.#accounts.verifyUserSession(id, now);
  }
  deleteUserSession(id: string) {
    return this.#accounts.deleteUserSession(id);
  }
}

/** An `acting` option holds a principal (a caller's mistake is an error, never a silently unchecked write). */
function isActing(acting: unknown): acting is Acting {
  const p = (acting as { principal?: unknown } | null)?.principal as Record<string, unknown> | undefined;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p['username'] === 'string' &&
    typeof p['role'] === 'string' &&
    Array.isArray(p['groups']) &&
    Array.isArray(p['coOwnerOf'])
  );
}

const notActing = () => err('invalid-binding', 'acting: a principal (username, role, groups, coOwnerOf)');

/** An owner or owner group name given with a PDI version: a non-empty string of at most 200, or null. */
function checkOwnerName(v: unknown, what: string): StoreResult<string | null> {
  if (v === undefined || v === null) return ok(null);
  if (typeof v === 'string' && v.length > 0 && v.length <= MAX_OWNER_LENGTH && findUnstorable(v) === null) {
    return ok(v);
  }
  return err('invalid-binding', `${what}: a name of 1 to ${MAX_OWNER_LENGTH} characters, or null`);
}

/** A token row that is neither revoked nor expired, as a `VerifiedToken`. */
function liveToken(row: TokenRow) {
  if (row.revoked_at !== null) return err('token-revoked', 'the bearer token was revoked');
  if (row.expires_at !== null && Date.parse(isoTime(row.expires_at)) <= Date.now()) {
    return err('token-expired', `the bearer token expired at ${isoTime(row.expires_at)}`);
  }
  const scopes = typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as string[]) : (row.scopes as string[]);
  return ok({ id: row.id, name: row.name, scopes, owner: row.owner ?? row.name });
}

/** Cut the extra row fetched to learn whether there is a next page. */
function page<T>(rows: T[], limit: number, cursorOf: (last: T) => string) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

async function* single(r: StoreResult<Binding>): AsyncGenerator<StoreResult<Binding>> {
  yield r;
}
