import { afterEach, describe, expect, it } from 'vitest';
import { retryAtOf } from '../accounts.ts';
import type { Store } from '../store.ts';
import type { ContractTarget } from './contract.ts';

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function code(r: { ok: boolean; error?: { code: string } }): string {
  return r.ok ? 'ok' : r.error!.code;
}

const PASSWORD = 'correct horse battery';
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/** The accounts part of the storage contract (migration 5): every backend must pass all of it. */
export function accountsContract(name: string, t: ContractTarget): void {
  describe(`accounts contract: ${name}`, () => {
    const opened: Store[] = [];
    const fresh = async () => {
      const s = await t.fresh();
      opened.push(s);
      return s;
    };
    const sibling = async (s: Store) => {
      const o = await t.sibling(s);
      opened.push(o);
      return o;
    };
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
    });

    describe('users and groups', () => {
      it('creates users in groups, reads and lists them without their password hash', async () => {
        const s = await fresh();
        const g = value(await s.createGroup('library', 'The library'));
        expect(g).toMatchObject({ name: 'library', description: 'The library', members: [] });
        const alice = value(
          await s.createUser({
            username: 'alice',
            displayName: 'Alice Archivist',
            email: 'alice@example.org',
            groups: ['library'],
            password: PASSWORD,
          }),
        );
        expect(alice).toMatchObject({
          username: 'alice',
          displayName: 'Alice Archivist',
          email: 'alice@example.org',
          role: 'user',
          groups: ['library'],
          coOwners: [],
          disabled: false,
          hasPassword: true,
        });
        const bob = value(await s.createUser({ username: 'bob', role: 'readonly' }));
        expect(bob).toMatchObject({
          displayName: 'bob',
          email: null,
          role: 'readonly',
          groups: [],
          hasPassword: false,
        });
        const o = await sibling(s);
        expect(value(await o.getUser('alice'))).toEqual(alice);
        const listed = value(await o.listUsers());
        expect(listed.map((u) => u.username)).toEqual(['alice', 'bob']);
        expect(JSON.stringify(listed)).not.toContain('scrypt');
        expect(JSON.stringify(listed)).not.toContain(PASSWORD);
        expect(value(await o.listGroups())).toEqual([{ ...g, members: ['alice'] }]);
      });

      it('refuses a taken name, a missing group and malformed input', async () => {
        const s = await fresh();
        value(await s.createUser({ username: 'alice' }));
        expect(code(await s.createUser({ username: 'alice' }))).toBe('conflict');
        expect(code(await s.createUser({ username: 'carol', groups: ['nope'] }))).toBe('unknown-group');
        expect(code(await s.getUser('carol'))).toBe('unknown-user');
        expect(code(await s.createUser({ username: 'a:b' }))).toBe('invalid-username');
        expect(code(await s.createUser({ username: 'x'.repeat(65) }))).toBe('invalid-username');
        expect(code(await s.createUser({ username: 'carol', password: 'seven77' }))).toBe('invalid-password');
        expect(code(await s.createUser({ username: 'carol', email: 'carol' }))).toBe('invalid-email');
        value(await s.createGroup('library'));
        expect(code(await s.createGroup('library'))).toBe('conflict');
        expect(code(await s.createGroup('a group'))).toBe('invalid-group');
      });

      it('updates profile, role, groups and co-owners; the principal follows', async () => {
        const s = await fresh();
        value(await s.createGroup('library'));
        value(await s.createGroup('museum'));
        value(await s.createUser({ username: 'alice', groups: ['library'] }));
        value(await s.createUser({ username: 'bob' }));
        const updated = value(
          await s.updateUser('alice', {
            displayName: 'Alice A.',
            email: 'a@example.org',
            groups: ['museum', 'library'],
            coOwners: ['bob'],
          }),
        );
        expect(updated).toMatchObject({ displayName: 'Alice A.', groups: ['library', 'museum'], coOwners: ['bob'] });
        const o = await sibling(s);
        expect(value(await o.principalOf('bob'))).toEqual({
          username: 'bob',
          role: 'user',
          groups: [],
          coOwnerOf: ['alice'],
          tokenId: null,
          scopes: null,
        });
        expect(value(await o.principalOf('alice'))).toMatchObject({ groups: ['library', 'museum'], coOwnerOf: [] });
        expect(value(await s.updateUser('alice', { email: null, coOwners: [] }))).toMatchObject({
          email: null,
          coOwners: [],
        });
        expect(value(await o.principalOf('bob')).coOwnerOf).toEqual([]);
        expect(code(await s.updateUser('alice', { coOwners: ['nobody'] }))).toBe('unknown-user');
        expect(code(await s.updateUser('alice', { coOwners: ['alice'] }))).toBe('invalid-username');
        expect(code(await s.updateUser('alice', { groups: ['nogroup'] }))).toBe('unknown-group');
        expect(code(await s.updateUser('alice', { role: 'root' as 'admin' }))).toBe('invalid-role');
        expect(code(await s.updateUser('nobody', { role: 'admin' }))).toBe('unknown-user');
        value(await s.updateUser('bob', { disabled: true, role: 'admin' }));
        expect(code(await o.principalOf('bob'))).toBe('user-disabled');
        expect(code(await o.principalOf('nobody'))).toBe('unknown-user');
      });

      it('assigns a shoulder to a group', async () => {
        const s = await fresh();
        value(await s.addNaan('99999'));
        value(await s.addShoulder({ key: 'ark:/99999/fk4', naan: '99999', template: 'fk4.reedk', seed: '1' }));
        value(await s.createGroup('library'));
        expect(value(await s.getShoulder('ark:/99999/fk4')).group).toBeNull();
        expect(value(await s.setShoulderGroup('ark:/99999/fk4', 'library')).group).toBe('library');
        const o = await sibling(s);
        expect(value(await o.listShoulders())[0]?.group).toBe('library');
        expect(code(await s.setShoulderGroup('ark:/99999/fk4', 'nogroup'))).toBe('unknown-group');
        expect(code(await s.setShoulderGroup('ark:/99999/none', 'library'))).toBe('not-found');
        expect(value(await s.setShoulderGroup('ark:/99999/fk4', null)).group).toBeNull();
      });
    });

    describe('passwords', () => {
      it('verifies the right password only, for a live user', async () => {
        const s = await fresh();
        value(await s.createUser({ username: 'alice', password: PASSWORD }));
        value(await s.createUser({ username: 'nopass' }));
        const o = await sibling(s);
        expect(value(await o.verifyPassword('alice', PASSWORD)).username).toBe('alice');
        expect(code(await o.verifyPassword('alice', `${PASSWORD}!`))).toBe('invalid-credentials');
        expect(code(await o.verifyPassword('nobody', PASSWORD))).toBe('invalid-credentials');
        expect(code(await o.verifyPassword('nopass', ''))).toBe('invalid-credentials');
        expect(code(await o.verifyPassword('', PASSWORD))).toBe('invalid-credentials');
        value(await s.setPassword('alice', 'a new passphrase'));
        expect(code(await o.verifyPassword('alice', PASSWORD))).toBe('invalid-credentials');
        expect(value(await o.verifyPassword('alice', 'a new passphrase')).username).toBe('alice');
        expect(code(await s.setPassword('nobody', 'a new passphrase'))).toBe('unknown-user');
        expect(code(await s.setPassword('alice', 'short'))).toBe('invalid-password');
        value(await s.updateUser('alice', { disabled: true }));
        expect(code(await o.verifyPassword('alice', 'a new passphrase'))).toBe('user-disabled');
      });

      it('throttles a username after five wrong passwords, doubling the lock, on a controllable clock', async () => {
        const s = await fresh();
        value(await s.createUser({ username: 'alice', password: PASSWORD }));
        value(await s.createUser({ username: 'bob', password: PASSWORD }));
        const t0 = new Date('2030-01-01T00:00:00Z');
        for (let i = 0; i < 5; i++)
          expect(code(await s.verifyPassword('alice', `guess ${i}`, t0))).toBe('invalid-credentials');
        // Locked for a minute: even the right password is refused, with the time to retry.
        const locked = await s.verifyPassword('alice', PASSWORD, at(t0, 30));
        expect(code(locked)).toBe('too-many-attempts');
        expect(locked.ok ? null : retryAtOf(locked.error)).toBe(at(t0, 60).toISOString());
        // Another instance sees the same lock; another user is not affected.
        const o = await sibling(s);
        expect(code(await o.verifyPassword('alice', PASSWORD, at(t0, 59)))).toBe('too-many-attempts');
        expect(value(await o.verifyPassword('bob', PASSWORD, at(t0, 30))).username).toBe('bob');
        // After the lock a wrong password locks again, for twice as long.
        expect(code(await s.verifyPassword('alice', 'guess 6', at(t0, 61)))).toBe('invalid-credentials');
        const again = await s.verifyPassword('alice', PASSWORD, at(t0, 62));
        expect(again.ok ? null : retryAtOf(again.error)).toBe(at(t0, 61 + 120).toISOString());
        // The right password after the lock signs in and forgets the failures.
        expect(value(await s.verifyPassword('alice', PASSWORD, at(t0, 182))).username).toBe('alice');
        for (let i = 0; i < 4; i++) await s.verifyPassword('alice', `guess ${i}`, at(t0, 200));
        expect(value(await s.verifyPassword('alice', PASSWORD, at(t0, 200))).username).toBe('alice');
      });

      it('throttles unknown usernames the same way (no way to tell them apart)', async () => {
        const s = await fresh();
        const t0 = new Date('2030-01-01T00:00:00Z');
        for (let i = 0; i < 5; i++) await s.verifyPassword('ghost', `guess ${i}`, t0);
        expect(code(await s.verifyPassword('ghost', 'guess', at(t0, 1)))).toBe('too-many-attempts');
        // A day after the last failure the count starts again.
        expect(code(await s.verifyPassword('ghost', 'guess', at(t0, 86_400 + 61)))).toBe('invalid-credentials');
        expect(code(await s.verifyPassword('ghost', 'guess', at(t0, 86_400 + 62)))).toBe('invalid-credentials');
      });
    });

    describe('user sessions', () => {
      it('opens a new random session at every sign-in, with a CSRF secret, until sign-out or expiry', async () => {
        const s = await fresh();
        value(await s.createGroup('library'));
        value(await s.createUser({ username: 'alice', groups: ['library'], role: 'admin' }));
        const t0 = new Date();
        const one = value(await s.createUserSession('alice', 3600, t0));
        const two = value(await s.createUserSession('alice', 3600, t0));
        expect(one.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(one.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(two.id).not.toBe(one.id);
        expect(two.csrf).not.toBe(one.csrf);
        expect(one.expiresAt).toBe(at(t0, 3600).toISOString());
        const o = await sibling(s);
        expect(value(await o.verifyUserSession(one.id, at(t0, 10)))).toEqual({
          principal: {
            username: 'alice',
            role: 'admin',
            groups: ['library'],
            coOwnerOf: [],
            tokenId: null,
            scopes: null,
          },
          csrf: one.csrf,
          expiresAt: one.expiresAt,
        });
        expect(code(await o.verifyUserSession(one.id, at(t0, 3600)))).toBe('invalid-session');
        value(await o.deleteUserSession(two.id));
        expect(code(await s.verifyUserSession(two.id, at(t0, 10)))).toBe('invalid-session');
        value(await o.deleteUserSession(two.id));
        expect(code(await s.verifyUserSession('not-a-session'))).toBe('invalid-session');
        expect(code(await s.createUserSession('nobody', 3600))).toBe('unknown-user');
        expect(code(await s.createUserSession('alice', 0))).toBe('invalid-ttl');
        const three = value(await s.createUserSession('alice', 3600));
        value(await s.updateUser('alice', { disabled: true }));
        expect(code(await s.verifyUserSession(three.id))).toBe('invalid-session');
        expect(code(await s.createUserSession('alice', 3600))).toBe('user-disabled');
      });

      it('ends every session of a user whose password changes, and of a user disabled; no one else’s', async () => {
        const s = await fresh();
        value(await s.createUser({ username: 'alice', password: PASSWORD }));
        value(await s.createUser({ username: 'bob', password: PASSWORD }));
        const alices = [
          value(await s.createUserSession('alice', 3600)),
          value(await s.createUserSession('alice', 3600)),
        ];
        const bobs = value(await s.createUserSession('bob', 3600));
        value(await s.setPassword('alice', 'a brand new passphrase'));
        const o = await sibling(s);
        for (const one of alices) expect(code(await o.verifyUserSession(one.id))).toBe('invalid-session');
        expect(value(await o.verifyUserSession(bobs.id)).principal.username).toBe('bob');
        // A session begun after the change lives; disabling ends it, and enabling again does not bring it back.
        const after = value(await s.createUserSession('alice', 3600));
        expect(value(await o.verifyUserSession(after.id)).principal.username).toBe('alice');
        value(await o.updateUser('alice', { disabled: true }));
        value(await o.updateUser('alice', { disabled: false }));
        expect(code(await s.verifyUserSession(after.id))).toBe('invalid-session');
        expect(value(await s.verifyUserSession(bobs.id)).principal.username).toBe('bob');
        // Other changes to a user leave their sessions alone.
        const kept = value(await s.createUserSession('alice', 3600));
        value(await s.updateUser('alice', { displayName: 'Alice A.', disabled: false }));
        expect(value(await s.verifyUserSession(kept.id)).principal.username).toBe('alice');
      });
    });

    describe('token owners', () => {
      it('ties a token to the user it acts for; its principal is narrowed by the scopes', async () => {
        const s = await fresh();
        value(await s.createGroup('library'));
        value(await s.createUser({ username: 'alice', groups: ['library'] }));
        const made = value(await s.createToken('alice laptop', ['ark:/99999/fk4'], { owner: 'alice' }));
        expect(made.owner).toBe('alice');
        const o = await sibling(s);
        const verified = value(await o.verifyToken(made.token));
        expect(verified.owner).toBe('alice');
        expect(value(await o.principalOfToken(verified))).toEqual({
          username: 'alice',
          role: 'user',
          groups: ['library'],
          coOwnerOf: [],
          tokenId: made.id,
          scopes: ['ark:/99999/fk4'],
        });
        expect(code(await s.createToken('t', ['ark:/99999'], { owner: 'nobody' }))).toBe('unknown-user');
        value(await s.updateUser('alice', { disabled: true }));
        expect(code(await o.principalOfToken(verified))).toBe('user-disabled');
      });

      it('gives a token made without an owner a user named after it (admin for pidgate:admin)', async () => {
        const s = await fresh();
        const ingest = value(await s.createToken('ingest', ['ark:/99999']));
        const root = value(await s.createToken('root', ['pidgate:admin']));
        expect([ingest.owner, root.owner]).toEqual(['ingest', 'root']);
        expect(value(await s.getUser('ingest'))).toMatchObject({ role: 'user', hasPassword: false });
        expect(value(await s.getUser('root'))).toMatchObject({ role: 'admin', hasPassword: false });
        // A second token of the same name is the same user's.
        value(await s.createToken('ingest', ['ark:/99999/x']));
        expect(value(await s.listUsers()).map((u) => u.username)).toEqual(['ingest', 'root']);
        // Tokens made in the same millisecond list in either order: compare the owners as a multiset.
        expect(
          value(await s.listTokens())
            .map((x) => x.owner)
            .sort(),
        ).toEqual(['ingest', 'ingest', 'root']);
      });
    });

    describe('owner groups of bindings', () => {
      it('keeps the owner group when a put leaves it out, and records it in the history', async () => {
        const s = await fresh();
        const key = 'ark:/99999/fk4og';
        const target = 'https://example.org/og';
        const made = value(await s.putBinding(key, { target, owner: 'alice', ownerGroup: 'library' }, 'alice'));
        expect(made.binding).toMatchObject({ owner: 'alice', ownerGroup: 'library' });
        const same = value(await s.putBinding(key, { target, owner: 'alice' }, 'alice'));
        expect(same.action).toBe('unchanged');
        const moved = value(await s.putBinding(key, { target, owner: 'alice', ownerGroup: 'museum' }, 'admin'));
        expect(moved).toMatchObject({ action: 'updated', binding: { ownerGroup: 'museum' } });
        const cleared = value(await s.putBinding(key, { target, owner: 'alice', ownerGroup: null }, 'admin'));
        expect(cleared.binding.ownerGroup).toBeNull();
        const o = await sibling(s);
        expect(value(await o.history(key)).map((h) => h.after.ownerGroup)).toEqual(['library', 'museum', null]);
        expect(value(await o.putBinding('ark:/99999/fk4none', { target }, 'cli')).binding.ownerGroup).toBeNull();
        expect(code(await s.putBinding(key, { target, ownerGroup: '' }, 'cli'))).toBe('invalid-binding');
      });
    });
  });
}
