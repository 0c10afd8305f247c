import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

// The identifier page over a real SQLite store: alice's identifiers seen by alice, bob and the admin.
let t: ConsoleFixture;
let alice: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
const PUB = 'ark:/99999/fk4pub';
const RES = 'ark:/99999/fk4res';
beforeAll(async () => {
  t = await consoleFixture();
  [alice, bob, admin] = [await t.signIn('alice'), await t.signIn('bob'), await t.signIn('admin')];
  for (const [key, status] of [
    [PUB, 'public'],
    [RES, 'reserved'],
  ] as const) {
    const r = await t.post('/console/create/advanced', alice, {
      naming: 'identifier',
      identifier: key,
      target: `https://example.org/${status}`,
      status,
      profile: 'erc',
      'erc.who': 'Alice',
    });
    if (r.status !== 303) throw new Error(`create ${key}: ${r.status}`);
  }
});
afterAll(() => t.close());

const version = async (key: string) => {
  const b = await t.store.getBinding(key);
  return b.ok ? b.value.version : -1;
};

describe('viewing', () => {
  it('shows target, status, owner, group, times, resolution links, the demo expiry and the history', async () => {
    const r = await t.get(`/console/id/${PUB}`, alice);
    expect(r.status).toBe(200);
    const page = await r.text();
    expect(page).toContain('<h1>ark:/99999/fk4pub</h1>');
    expect(page).toContain('https://example.org/public');
    expect(page).toMatch(/<th scope="row">Owner<\/th><td>alice<\/td>/);
    expect(page).toMatch(/<th scope="row">Group<\/th><td>library<\/td>/);
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z"/);
    // The public URL is the gateway's (its listening address: the test's Host is not an allowed one).
    expect(page).toContain('href="http://127.0.0.1:8080/ark:/99999/fk4pub"');
    expect(page).toContain('href="http://127.0.0.1:8080/ark:/99999/fk4pub?info"');
    expect(page).toContain('href="http://127.0.0.1:8080/ark:/99999/fk4pub??"');
    expect(page).toContain('Demo identifier:</strong> expires on');
    expect(page).toMatch(/Created<\/strong> by <b>alice<\/b>/);
    expect(page).toContain('action="/console/id/ark:/99999/fk4pub"');
  });

  it("another user: alice's reserved identifier does not exist (404), her public one has no edit form", async () => {
    expect((await t.get(`/console/id/${RES}`, bob)).status).toBe(404);
    const pub = await t.get(`/console/id/${PUB}`, bob);
    expect(pub.status).toBe(200);
    const page = await pub.text();
    expect(page).not.toContain('action="/console/id/ark:/99999/fk4pub"');
    expect(page).toContain('not yours to change');
  });

  it('an administrator sees and may edit both; an identifier nobody bound is 404; another spelling finds it', async () => {
    expect((await t.get(`/console/id/${RES}`, admin)).status).toBe(200);
    expect((await t.get('/console/id/ark:/99999/fk4nothing', alice)).status).toBe(404);
    expect((await t.get('/console/id/ark:99999/fk4pub', alice)).status).toBe(200);
  });
});

describe('editing', () => {
  it('saves a change made from the current version, and the history shows before → after', async () => {
    const v = await version(PUB);
    const r = await t.post(`/console/id/${PUB}`, alice, {
      version: String(v),
      target: 'https://example.org/moved',
      status: 'public',
      profile: 'erc',
      'erc.who': 'Alice',
      'erc.what': 'A title',
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/console/id/ark:/99999/fk4pub?saved=1');
    const page = await (await t.get('/console/id/ark:/99999/fk4pub?saved=1', alice)).text();
    expect(page).toContain('Your changes are saved.');
    expect(page).toMatch(
      /<th scope="row"><code>target<\/code><\/th><td>https:\/\/example.org\/public<\/td><td>https:\/\/example.org\/moved<\/td>/,
    );
    expect(page).toMatch(
      /<th scope="row"><code>erc.what<\/code><\/th><td><span class="muted">\(none\)<\/span><\/td><td>A title<\/td>/,
    );
    const h = await t.store.history(PUB);
    expect(h.ok && h.value.map((e) => [e.action, e.actor])).toEqual([
      ['create', 'alice'],
      ['update', 'alice'],
    ]);
  });

  it('a change made from an old version is a conflict: nothing saved, the user told, their values kept', async () => {
    const v = await version(PUB);
    const r = await t.post(`/console/id/${PUB}`, alice, {
      version: String(v - 1),
      target: 'https://example.org/stale',
      status: 'public',
      profile: 'erc',
    });
    expect(r.status).toBe(409);
    const page = await r.text();
    expect(page).toContain('Someone else changed this identifier while you were editing it');
    expect(page).toContain('value="https://example.org/stale"');
    expect(page).toContain(`name="version" value="${v}"`);
    const b = await t.store.getBinding(PUB);
    expect(b.ok && b.value.target).toBe('https://example.org/moved');
  });

  it('a public identifier cannot go back to reserved; the message is beside the status', async () => {
    const r = await t.post(`/console/id/${PUB}`, alice, {
      version: String(await version(PUB)),
      target: 'https://example.org/moved',
      status: 'reserved',
      profile: 'erc',
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(/id="f-status-error"[^>]*>.*cannot go back to reserved/s);
  });

  it("another user's edit: 403 for a public identifier, 404 for a reserved one", async () => {
    const fields = { version: '1', target: 'https://evil.example/bob', status: 'public', profile: 'erc' };
    expect((await t.post(`/console/id/${PUB}`, bob, fields)).status).toBe(403);
    expect((await t.post(`/console/id/${RES}`, bob, fields)).status).toBe(404);
    const b = await t.store.getBinding(RES);
    expect(b.ok && b.value.target).toBe('https://example.org/reserved');
  });

  it('switching profile replaces the old profile fields; DataCite errors are shown beside each field', async () => {
    const v = await version(RES);
    const bad = await t.post(`/console/id/${RES}`, alice, {
      version: String(v),
      target: 'https://example.org/reserved',
      status: 'reserved',
      profile: 'datacite',
      'datacite.title': 'T',
    });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    for (const f of ['creator', 'publisher', 'publicationyear', 'resourcetype']) {
      expect(page).toContain(`id="f-datacite-${f}-error"`);
    }
    const good = await t.post(`/console/id/${RES}`, alice, {
      version: String(v),
      target: 'https://example.org/reserved',
      status: 'public',
      profile: 'datacite',
      'datacite.creator': 'C',
      'datacite.title': 'T',
      'datacite.publisher': 'P',
      'datacite.publicationyear': '2020',
      'datacite.resourcetype': 'Text',
    });
    expect(good.status).toBe(303);
    const b = await t.store.getBinding(RES);
    expect(b.ok && b.value.erc).toEqual({});
    expect(b.ok && b.value.identifierStatus).toBe('public');
    expect(b.ok && b.value.metadata['_profile']).toBe('datacite');
  });
});
