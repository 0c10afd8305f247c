import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { STORE_ERROR_CODES, type StoreErrorCode } from './codes.ts';
import { openStore, SQLITE_FILENAME, tryOpenStore } from './open.ts';
import type { Store } from './store.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'pidgate-codes-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  vi.useRealTimers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const A = 'ark:/99999/fk4';
const TARGET = { target: 'https://example.org/object/1' };
const SHOULDER = { key: 'ark:/99999/b3', naan: '99999', template: 'b3.sd', seed: '0' };

/** A fresh SQLite store in its own directory, with NAAN 99999 and a shoulder of capacity 10. */
async function fresh(): Promise<{ store: Store; dataDir: string }> {
  const dataDir = tempDir();
  const store = await openStore({ dataDir });
  expect((await store.addNaan('99999')).ok).toBe(true);
  expect((await store.addShoulder(SHOULDER)).ok).toBe(true);
  return { store, dataDir };
}

/** A plain user acting (the principal a signed-in `bob` has). */
const BOB = { username: 'bob', role: 'user', groups: [], coOwnerOf: [], tokenId: null, scopes: null } as const;

type Failure = { readonly ok: boolean; readonly error?: { readonly code: string } };

/**
 * One real call per code, on a real SQLite store: every code the store lists is returned by something a
 * caller can do. Typed over every `StoreErrorCode`, so a code added to codes.ts does not compile until it
 * has a case here.
 */
const CASES: Readonly<Record<StoreErrorCode, (store: Store, dataDir: string) => Promise<Failure>>> = {
  'not-found': (s) => s.getBinding(`${A}none`),
  tombstoned: async (s) => {
    await s.putBinding(`${A}gone`, TARGET, 'cli');
    await s.deleteBinding(`${A}gone`, 'cli');
    return s.putBinding(`${A}gone`, TARGET, 'cli');
  },
  conflict: (s) => s.addNaan('99999'),
  'invalid-key': (s) => s.getBinding('ark:/99999/a b'),
  'key-too-long': (s) => s.putBinding(`ark:/99999/${'k'.repeat(2038)}`, TARGET, 'cli'),
  'invalid-binding': (s) => s.putBinding(`${A}mail`, { target: 'mailto:x@example.org' }, 'cli'),
  'ambiguous-target': (s) => s.putBinding(`${A}bs`, { target: 'https://example.org\\@evil.example/' }, 'cli'),
  'invalid-actor': (s) => s.putBinding(`${A}a`, TARGET, ''),
  'invalid-cursor': (s) => s.listBindings({ cursor: 'not a cursor' }),
  'invalid-limit': (s) => s.listBindings({ limit: 0 }),
  'invalid-search': (s) => s.searchBindings({ text: '***', visibility: { all: true } }),
  'invalid-count': (s) => s.reserveMint(SHOULDER.key, 0),
  'invalid-format': (s) => s.putPdiVersion('urn:pdi://ap.org.us/1997/11/27/12', 'ht ml', TARGET.target, 'cli'),
  'invalid-version': (s) => s.getPdi('urn:pdi://ap.org.us/1997/11/27/12', 'html', 0),
  'invalid-date': (s) => s.nextSerial('ap.org.us', '2023-02-29'),
  'invalid-series': (s) => s.nextSerial('', '1997-11-27'),
  'invalid-naan': (s) => s.addNaan('99-99'),
  'invalid-template': (s) => s.addShoulder({ ...SHOULDER, key: 'ark:/99999/y', template: 'x6.qeed' }),
  'invalid-seed': (s) => s.addShoulder({ ...SHOULDER, key: 'ark:/99999/y', seed: '' }),
  'invalid-fallback': (s) => s.fallbacks.set(SHOULDER.key, 'archive' as never, 'cli'),
  'unknown-naan': (s) => s.addShoulder({ ...SHOULDER, key: 'ark:/12345/x6', naan: '12345' }),
  'mint-exhausted': (s) => s.reserveMint(SHOULDER.key, 11),
  'invalid-token': (s) => s.verifyToken('x'),
  'token-revoked': async (s) => {
    const made = await s.createToken('t', ['ark:/99999']);
    if (!made.ok) return made;
    await s.revokeToken(made.value.id);
    return s.verifyToken(made.value.token);
  },
  'token-expired': async (s, dataDir) => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const made = await s.createToken('t', ['ark:/99999'], { expiresAt });
    if (!made.ok) return made;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(expiresAt) + 1000);
      const later = await openStore({ dataDir });
      const r = await later.verifyToken(made.value.token);
      await later.close();
      return r;
    } finally {
      vi.useRealTimers();
    }
  },
  'invalid-expiry': (s) => s.createToken('t', ['ark:/99999'], { expiresAt: 'yesterday' }),
  'invalid-session': (s) => s.verifySession('nope'),
  'invalid-ttl': async (s) => {
    const made = await s.createToken('t', ['ark:/99999']);
    return made.ok ? s.createSession(made.value.id, 0) : made;
  },
  'not-reserved': async (s) => {
    await s.putBinding(`${A}pub`, TARGET, 'cli');
    return s.deleteReserved(`${A}pub`, 'cli');
  },
  'not-owner': async (s) => {
    await s.putBinding(`${A}alices`, { ...TARGET, owner: 'alice' }, 'cli');
    return s.putBinding(`${A}alices`, TARGET, 'bob', { acting: { principal: BOB } });
  },
  'ownership-change': (s) =>
    s.putBinding(`${A}bobs`, { ...TARGET, owner: 'alice' }, 'bob', { acting: { principal: BOB } }),
  'invalid-token-name': (s) => s.createToken('', ['ark:/99999']),
  'invalid-scope': (s) => s.createToken('t', []),
  'invalid-url': () => tryOpenStore({ url: 'mysql://localhost/x' }),
  // The schema name is checked before any connection is tried (port 1 is never reached).
  'invalid-schema': () => tryOpenStore({ url: 'postgres://pidgate@127.0.0.1:1/x', schema: 'Bad-Schema' }),
  'schema-too-new': async (s, dataDir) => {
    await s.close();
    const db = new Database(join(dataDir, SQLITE_FILENAME));
    db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', 'x')").run();
    db.close();
    return tryOpenStore({ dataDir });
  },
  'import-source-error': (s) => {
    async function* source() {
      yield { key: `${A}i1`, ...TARGET };
      throw new Error('disk read failed');
    }
    return s.importBindings(source());
  },
  'invalid-username': (s) => s.createUser({ username: 'no spaces please' }),
  'invalid-group': (s) => s.createGroup('-leading-dash'),
  'invalid-password': (s) => s.createUser({ username: 'alice', password: 'short' }),
  'invalid-email': (s) => s.createUser({ username: 'alice', email: 'not an address' }),
  'invalid-display-name': (s) => s.createUser({ username: 'alice', displayName: '   ' }),
  'invalid-role': (s) => s.createUser({ username: 'alice', role: 'root' as 'admin' }),
  'unknown-user': (s) => s.getUser('nobody'),
  'unknown-group': (s) => s.createUser({ username: 'alice', groups: ['nogroup'] }),
  'invalid-credentials': async (s) => {
    await s.createUser({ username: 'alice', password: 'correct horse' });
    return s.verifyPassword('alice', 'wrong horse');
  },
  'user-disabled': async (s) => {
    await s.createUser({ username: 'alice', password: 'correct horse' });
    await s.updateUser('alice', { disabled: true });
    return s.verifyPassword('alice', 'correct horse');
  },
  'too-many-attempts': async (s) => {
    await s.createUser({ username: 'alice', password: 'correct horse' });
    for (let i = 0; i < 5; i++) await s.verifyPassword('alice', `wrong ${i}`);
    return s.verifyPassword('alice', 'correct horse');
  },
  'storage-error': (_s, dataDir) => {
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'not a directory');
    return tryOpenStore({ dataDir: join(file, 'below') });
  },
  'store-closed': async (s) => {
    await s.close();
    return s.getBinding(`${A}x`);
  },
};

describe('store error codes', () => {
  it.each(Object.entries(CASES))('%s is returned by a real call', async (code, run) => {
    const { store, dataDir } = await fresh();
    const r = await run(store, dataDir);
    expect(r.ok ? 'ok' : r.error?.code).toBe(code);
    await store.close();
  });

  it('are unique kebab-case strings, each with a case above', () => {
    expect(new Set(STORE_ERROR_CODES).size).toBe(STORE_ERROR_CODES.length);
    for (const code of STORE_ERROR_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(Object.keys(CASES).sort()).toEqual([...STORE_ERROR_CODES].sort());
  });
});
