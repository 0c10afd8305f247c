import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

// The dashboard over a real SQLite store: each user counts their own identifiers, the admin everyone's.
let t: ConsoleFixture;
let alice: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await consoleFixture();
  [alice, bob, admin] = [await t.signIn('alice'), await t.signIn('bob'), await t.signIn('admin')];
  const make = (who: SignedIn, shoulder: string, fields: Record<string, string> = {}) =>
    t.post('/console/create/advanced', who, { naming: 'mint', shoulder, target: 'https://example.org/', ...fields });
  for (let i = 0; i < 3; i++) await make(alice, 'ark:/99999/fk4');
  await make(alice, 'ark:/99999/fk4', { status: 'reserved' });
  await make(alice, 'ark:/99999/fk4', { status: 'unavailable', reason: 'withdrawn by the author' });
  await make(bob, 'ark:/99999/fk5');
  // An old reserved identifier of alice's, imported with its creation date.
  await t.store.importBindings([
    {
      key: 'ark:/99999/fk4old',
      target: 'https://example.org/old',
      identifierStatus: 'reserved',
      owner: 'alice',
      ownerGroup: 'library',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    },
  ]);
});
afterAll(() => t.close());

const row = (label: string, n: number) => new RegExp(`<th scope="row">${label}</th><td class="num">${n}</td>`);

describe('dashboard', () => {
  it("counts the user's own identifiers by status and shoulder", async () => {
    const r = await t.get('/console/', alice);
    expect(r.status).toBe(200);
    const page = await r.text();
    expect(page).toMatch(row('Public', 3));
    expect(page).toMatch(row('Reserved', 2));
    expect(page).toMatch(row('Unavailable', 1));
    expect(page).toMatch(row('All', 6));
    expect(page).toMatch(/<th scope="row"><code>ark:\/99999\/fk4<\/code> \(demo\)<\/th><td class="num">6<\/td>/);
  });

  it("another user does not count alice's; the administrator counts everyone's", async () => {
    const b = await (await t.get('/console/', bob)).text();
    expect(b).toMatch(row('All', 1));
    const a = await (await t.get('/console/', admin)).text();
    expect(a).toMatch(row('All', 7));
    expect(a).toMatch(/<th scope="row"><code>ark:\/99999\/fk5<\/code><\/th><td class="num">1<\/td>/);
  });

  it('a chart of the months with the same numbers as a table', async () => {
    const page = await (await t.get('/console/', alice)).text();
    expect(page).toContain('role="img"');
    expect(page).toContain('The numbers as a table');
    const now = new Date();
    const label = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][now.getUTCMonth()]} ${now.getUTCFullYear()}`;
    expect(page).toMatch(row(label, 5));
  });

  it('latest changes and identifier issues: unavailable with its reason, reserved for long, said honestly', async () => {
    const page = await (await t.get('/console/', alice)).text();
    expect(page).toContain('Latest changes');
    expect(page).toMatch(/<td>created<\/td><td>alice<\/td>/);
    expect(page).toContain('Unavailable: withdrawn by the author');
    expect(page).toContain('ark:/99999/fk4old');
    expect(page).toContain('Reserved for more than 30 days');
    expect(page).toContain('All link issues, with filters and a CSV download');
    const b = await (await t.get('/console/', bob)).text();
    expect(b).not.toContain('withdrawn by the author');
  });
});
