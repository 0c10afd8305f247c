import { err, ok, type Result } from '@pidgate/core';
import type { Backend } from './backend.ts';
import type { BatchEntry } from './batch.ts';
import { parseBindingInput } from './binding.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { exportPages } from './export.ts';
import { TOKEN } from './grammar.ts';
import { runImport } from './import.ts';
import { checkNaan, checkNaanName, checkShoulder, MAX_RESERVATION } from './minter.ts';
import { checkErc, checkFormat, checkPdiList, checkSerial, checkVersion } from './pdi.ts';
import { TargetUrl } from './schema.ts';
import type {
  Binding,
  ImportItem,
  ImportOptions,
  ListOptions,
  PdiListOptions,
  PdiPutOptions,
  PutOptions,
  Store,
} from './store.ts';
import { checkScopes, checkTokenName, generateToken, generateTokenId, hashToken, sameHash } from './tokens.ts';
import {
  checkActor,
  checkInt,
  checkKey,
  checkLimit,
  checkPrefix,
  MAX_CANDIDATES,
  messageOf,
  prefixUpperBound,
} from './validate.ts';

const now = (): string => new Date().toISOString();

/**
 * The `Store` both backends share: it validates every argument, builds cursors and pages, and turns
 * any database failure into a `storage-error` result, so nothing a caller passes makes it throw.
 */
export class GuardedStore implements Store {
  #backend: Backend | null;
  readonly backend: 'sqlite' | 'postgres';

  constructor(backend: Backend) {
    this.#backend = backend;
    this.backend = backend.name;
  }

  async #run<T>(fn: (b: Backend) => Promise<Result<T>>): Promise<Result<T>> {
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

  async close(): Promise<void> {
    const backend = this.#backend;
    this.#backend = null;
    if (backend) await backend.close().catch(() => undefined);
  }

  getBinding(key: string) {
    const k = checkKey(key);
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
    const entry: BatchEntry = { key: k.value, data: data.value, options };
    return this.#run(async (b) => {
      const [outcome] = await b.writeBatch([entry], 'replace', a.value, now());
      if (!outcome) return err('storage-error', 'the batch gave no outcome');
      if (!outcome.ok) return outcome;
      const { action, binding } = outcome.value;
      return ok({ action: action === 'skipped' ? 'unchanged' : action, binding });
    });
  }

  deleteBinding(key: string, actor: string) {
    const k = checkKey(key);
    if (!k.ok) return Promise.resolve(k);
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    return this.#run((b) => b.deleteBinding(k.value, a.value, now()));
  }

  history(key: string) {
    const k = checkKey(key);
    if (!k.ok) return Promise.resolve(k);
    return this.#run(async (b) => ok(await b.history(k.value)));
  }

  longestBound(candidates: readonly string[]) {
    if (!Array.isArray(candidates) || candidates.length > MAX_CANDIDATES) {
      return Promise.resolve(err('invalid-limit', `give at most ${MAX_CANDIDATES} candidates`));
    }
    const keys: string[] = [];
    for (const c of candidates) {
      const k = checkKey(c);
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
    const includeTombstoned = options?.includeTombstoned === true;
    const filter = JSON.stringify([prefix.value, includeTombstoned]);
    const after = decodeCursor(options?.cursor, 'bindings', filter, ['string']);
    if (!after.ok) return Promise.resolve(after);
    return this.#run(async (b) => {
      const rows = await b.listBindings({
        lower: prefix.value,
        after: after.value ? (after.value[0] as string) : null,
        upper: prefix.value === '' ? null : prefixUpperBound(prefix.value),
        includeTombstoned,
        limit: limit.value + 1,
      });
      return ok(page(rows, limit.value, (last) => encodeCursor('bindings', filter, [last.key])));
    });
  }

  exportBindings(options?: { readonly pageSize?: number; readonly prefix?: string }) {
    const size = checkLimit(options?.pageSize, 1000);
    if (!size.ok) return single(size);
    const prefix = checkPrefix(options?.prefix);
    if (!prefix.ok) return single(prefix);
    return exportPages((o) => this.listBindings(o), size.value, prefix.value);
  }

  importBindings(items: Iterable<ImportItem> | AsyncIterable<ImportItem>, options?: ImportOptions) {
    return this.#run((b) =>
      runImport(items, options, async (entries, onExisting, actor) => {
        try {
          return ok(await b.writeBatch(entries, onExisting, actor, now()));
        } catch (e) {
          return err('storage-error', `the ${b.name} database failed: ${messageOf(e)}`);
        }
      }),
    );
  }

  putPdiVersion(resourceKey: string, format: string, target: string, actor: string, options?: PdiPutOptions) {
    const k = checkKey(resourceKey);
    if (!k.ok) return Promise.resolve(k);
    const f = checkFormat(format);
    if (!f.ok) return Promise.resolve(f);
    const t = TargetUrl.safeParse(target);
    if (!t.success) return Promise.resolve(err('invalid-binding', 'target: an absolute http: or https: URL'));
    const a = checkActor(actor);
    if (!a.ok) return Promise.resolve(a);
    const e = checkErc(options?.erc);
    if (!e.ok) return Promise.resolve(e);
    return this.#run(async (b) => ok(await b.putPdiVersion(k.value, f.value, t.data, e.value, a.value, now())));
  }

  getPdi(resourceKey: string, format?: string, version?: number) {
    const k = checkKey(resourceKey);
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

  listPdi(options?: PdiListOptions) {
    const filter = checkPdiList(options);
    if (!filter.ok) return Promise.resolve(filter);
    const after = decodeCursor(options?.cursor, 'pdi', filter.value.fingerprint, ['string', 'string', 'number']);
    if (!after.ok) return Promise.resolve(after);
    const f = filter.value;
    return this.#run(async (b) => {
      const rows = await b.listPdi({ ...f, limit: f.limit + 1 }, after.value as [string, string, number] | null);
      return ok(page(rows, f.limit, (l) => encodeCursor('pdi', f.fingerprint, [l.resourceKey, l.format, l.version])));
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

  createToken(name: string, scopes: readonly string[]) {
    const label = checkTokenName(name);
    if (!label.ok) return Promise.resolve(label);
    const s = checkScopes(scopes);
    if (!s.ok) return Promise.resolve(s);
    return this.#run(async (b) => {
      const token = generateToken();
      const row = {
        id: generateTokenId(),
        name: label.value,
        hash: hashToken(token),
        scopes: s.value,
        created_at: now(),
        revoked_at: null,
      };
      await b.insertToken(row);
      return ok({ id: row.id, name: row.name, scopes: s.value, createdAt: row.created_at, revokedAt: null, token });
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
      if (row.revoked_at !== null) return err('token-revoked', 'the bearer token was revoked');
      const scopes = typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as string[]) : (row.scopes as string[]);
      return ok({ id: row.id, name: row.name, scopes });
    });
  }
}

/** Cut the extra row fetched to learn whether there is a next page. */
function page<T>(rows: T[], limit: number, cursorOf: (last: T) => string) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

async function* single(r: Result<Binding>): AsyncGenerator<Result<Binding>> {
  yield r;
}
