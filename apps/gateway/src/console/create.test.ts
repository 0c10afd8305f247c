import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

// Create, request by request, over a real SQLite store: alice (group library, shoulder ark:/99999/fk4, a
// demo shoulder) and bob (group archive, ark:/99999/fk5).
let t: ConsoleFixture;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await consoleFixture();
  alice = await t.signIn('alice');
  bob = await t.signIn('bob');
});
afterAll(() => t.close());

const location = (r: Response) => r.headers.get('location') ?? '';
const keyOf = (r: Response) =>
  decodeURIComponent(
    location(r)
      .replace(/^\/console\/id\//, '')
      .replace(/\?.*$/, ''),
  );

describe('the simple form', () => {
  it('offers only the shoulders the user may mint on, and marks demo identifiers', async () => {
    const page = await (await t.get('/console/create', alice)).text();
    expect(page).toContain('<option value="ark:/99999/fk4"');
    expect(page).not.toContain('<option value="ark:/99999/fk5"');
    expect(page).toContain('Demo identifiers:');
    expect(page).toContain('<label for="f-target">Target URL</label>');
  });

  it('mints on the shoulder, binds the target and ERC, owned by the user and the shoulder group; then the identifier page', async () => {
    const r = await t.post('/console/create', alice, {
      shoulder: 'ark:/99999/fk4',
      target: 'https://example.org/notes',
      'erc.who': 'Miller, Elizabeth',
      'erc.what': 'Field notes',
      'erc.when': '1932',
    });
    expect(r.status).toBe(303);
    expect(location(r)).toMatch(/^\/console\/id\/ark:\/99999\/fk4[0-9a-z]+\?created=1$/);
    const got = await t.store.getBinding(keyOf(r));
    expect(got.ok && got.value).toMatchObject({
      target: 'https://example.org/notes',
      erc: { who: 'Miller, Elizabeth', what: 'Field notes', when: '1932' },
      owner: 'alice',
      ownerGroup: 'library',
      identifierStatus: 'public',
    });
    const page = await (await t.get(location(r), alice)).text();
    expect(page).toContain(`Created ${keyOf(r)}.`);
  });

  it('shows each error beside its field with the values kept, and writes nothing', async () => {
    const before = await t.store.listBindings({ prefix: 'ark:/99999/fk4' });
    const r = await t.post('/console/create', alice, {
      shoulder: 'ark:/99999/fk4',
      target: 'example.org/x',
      'erc.who': 'Kept',
    });
    expect(r.status).toBe(400);
    const page = await r.text();
    expect(page).toContain('There is a problem');
    expect(page).toContain(
      '<a href="#f-target">Target must be a full web address starting with http:// or https://</a>',
    );
    expect(page).toMatch(/id="f-target-error"[^>]*>.*Target must be a full web address/s);
    expect(page).toMatch(/<input[^>]*id="f-target"[^>]*aria-describedby="[^"]*f-target-error/);
    expect(page).toContain('value="example.org/x"');
    expect(page).toContain('value="Kept"');
    const after = await t.store.listBindings({ prefix: 'ark:/99999/fk4' });
    expect(after.ok && after.value.items.length).toBe(before.ok && before.value.items.length);
  });

  it("refuses another group's shoulder", async () => {
    const r = await t.post('/console/create', alice, { shoulder: 'ark:/99999/fk5', target: 'https://example.org/' });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('Choose one of the shoulders listed');
  });
});

describe('the advanced form', () => {
  const datacite = {
    naming: 'mint',
    shoulder: 'ark:/99999/fk5',
    target: 'https://example.org/data',
    status: 'public',
    profile: 'datacite',
    'datacite.creator': 'Archive, The',
    'datacite.title': 'Survey data',
    'datacite.publisher': 'The Archive',
    'datacite.publicationyear': '14',
    'datacite.resourcetype': 'Dataset/Survey',
  };

  it('DataCite: a year that is not four digits is refused beside the field, values kept; fixed, it is created', async () => {
    const bad = await t.post('/console/create/advanced', bob, datacite);
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toMatch(/id="f-datacite-publicationyear-error"[^>]*>.*Publication year must be a four-digit year/s);
    expect(page).toContain('value="Survey data"');
    expect(page).toContain('value="14"');
    const good = await t.post('/console/create/advanced', bob, { ...datacite, 'datacite.publicationyear': '2014' });
    expect(good.status).toBe(303);
    const key = keyOf(good);
    expect(key.startsWith('ark:/99999/fk5')).toBe(true);
    const got = await t.store.getBinding(key);
    expect(got.ok && got.value.metadata).toEqual({
      _profile: 'datacite',
      'datacite.creator': 'Archive, The',
      'datacite.title': 'Survey data',
      'datacite.publisher': 'The Archive',
      'datacite.publicationyear': '2014',
      'datacite.resourcetype': 'Dataset/Survey',
    });
    // What the console wrote is what the EZID API reads.
    const ezid = await t.app.request(`http://localhost/ezid/id/${key}`);
    const anvl = await ezid.text();
    expect(anvl).toContain('_profile: datacite');
    expect(anvl).toContain('datacite.publicationyear: 2014');
    expect(anvl).toContain('datacite.resourcetype: Dataset/Survey');
  });

  it('a suffix of my choice, reserved, Dublin Core; the same again is refused as existing', async () => {
    const form = {
      naming: 'suffix',
      shoulder: 'ark:/99999/fk4',
      suffix: 'book1',
      target: 'https://example.org/book1',
      status: 'reserved',
      profile: 'dc',
      'dc.title': 'A book',
      'dc.date': '1999-12',
    };
    const r = await t.post('/console/create/advanced', alice, form);
    expect(r.status).toBe(303);
    expect(keyOf(r)).toBe('ark:/99999/fk4book1');
    const got = await t.store.getBinding('ark:/99999/fk4book1');
    expect(got.ok && got.value).toMatchObject({
      identifierStatus: 'reserved',
      metadata: { _profile: 'dc', 'dc.title': 'A book', 'dc.date': '1999-12' },
    });
    const again = await t.post('/console/create/advanced', alice, form);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('ark:/99999/fk4book1 already exists');
  });

  it('a whole identifier must be under one of my shoulders; unavailable keeps its reason', async () => {
    const outside = await t.post('/console/create/advanced', alice, {
      naming: 'identifier',
      identifier: 'ark:/99999/fk5mine',
      target: 'https://example.org/',
    });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toContain('must start with one of your shoulders (ark:/99999/fk4)');
    const inside = await t.post('/console/create/advanced', alice, {
      naming: 'identifier',
      identifier: 'ark:/99999/fk4gone',
      target: 'https://example.org/',
      status: 'unavailable',
      reason: 'withdrawn',
    });
    expect(inside.status).toBe(303);
    const got = await t.store.getBinding('ark:/99999/fk4gone');
    expect(got.ok && [got.value.identifierStatus, got.value.statusReason]).toEqual(['unavailable', 'withdrawn']);
  });

  it('a reason with a public status is refused beside the reason field', async () => {
    const r = await t.post('/console/create/advanced', alice, {
      naming: 'mint',
      shoulder: 'ark:/99999/fk4',
      target: 'https://example.org/',
      status: 'public',
      reason: 'oops',
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(/id="f-reason-error"/);
  });
});
