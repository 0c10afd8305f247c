import type { BindingInput, Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

/**
 * The Manage page over real requests (app.request) and a real SQLite store with the console's people:
 * alice (group library), bob (group archive) and an administrator.
 */

const L = 'ark:/99999/fk4'; // library's shoulder (alice)
const R = 'ark:/99999/fk5'; // archive's shoulder (bob)

async function put(store: Store, key: string, input: BindingInput): Promise<void> {
  const r = await store.putBinding(key, input, 'cli');
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
}

/** The identifiers in the result table, in order. */
function rows(html: string): string[] {
  const table = /<table class="manage-results">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<td class="mono"><a href="[^"]*">([^<]+)<\/a>/g)].map((m) => m[1] as string);
}

/** The values of the row checkboxes (the rows this viewer may change). */
function selectable(html: string): string[] {
  return [...html.matchAll(/<input type="checkbox" name="key" value="([^"]+)"/g)].map((m) => m[1] as string);
}

describe('the Manage page', () => {
  let f: ConsoleFixture;
  let alice: SignedIn;
  let bob: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    f = await consoleFixture();
    const s = f.store;
    // alice's: 12 public, 1 reserved, 1 unavailable; bob's: 1 public, 1 reserved.
    for (let i = 0; i < 12; i++) {
      await put(s, `${L}a${String(i).padStart(2, '0')}`, {
        target: `https://library.example.org/items/${i}`,
        erc: {
          who: 'Library of Example',
          what: i % 2 === 0 ? `Herbarium sheet ${i}` : `Map of the coast ${i}`,
          when: '2020',
        },
        owner: 'alice',
        ownerGroup: 'library',
        createdAt: `2024-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
        updatedAt: `2024-02-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
      });
    }
    await put(s, `${L}secret`, {
      target: 'https://library.example.org/secret',
      erc: { what: 'Unpublished herbarium notes' },
      identifierStatus: 'reserved',
      owner: 'alice',
      ownerGroup: 'library',
    });
    await put(s, `${L}gone`, {
      target: 'https://library.example.org/gone',
      erc: { what: 'Withdrawn herbarium sheet' },
      identifierStatus: 'unavailable',
      statusReason: 'withdrawn',
      owner: 'alice',
      ownerGroup: 'library',
    });
    await put(s, `${R}b1`, {
      target: 'https://archive.example.org/b1',
      metadata: { 'dc.title': 'Herbarium letters', 'dc.creator': 'Archive' },
      owner: 'bob',
      ownerGroup: 'archive',
    });
    await put(s, `${R}hidden`, {
      target: 'https://archive.example.org/hidden',
      metadata: { 'dc.title': 'Herbarium drafts' },
      identifierStatus: 'reserved',
      owner: 'bob',
      ownerGroup: 'archive',
    });
    alice = await f.signIn('alice');
    bob = await f.signIn('bob');
    admin = await f.signIn('admin');
  }, 60_000);
  afterAll(() => f.close());

  it('needs a signed-in session', async () => {
    const res = await f.get('/console/manage');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/console\/signin/);
  });

  it('shows the search form and the newest changes first, with links, statuses and timestamps', async () => {
    const res = await f.get('/console/manage', alice);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<form method="get" action="/console/manage"');
    expect(html).toContain('15 identifiers match.');
    const found = rows(html);
    expect(found).toHaveLength(15);
    expect(found).toContain(`${L}secret`);
    expect(found).not.toContain(`${R}hidden`);
    expect(html).toContain(`href="/console/id/${L}a00"`);
    expect(html).toMatch(/<time datetime="2024-02-12T10:00:00.000Z"[^>]*>12 Feb 2024, 10:00 UTC<\/time>/);
    // The sort heading of the current sort says so; the other headings sort by themselves.
    expect(html).toContain('aria-sort="descending"');
    expect(html).toContain('href="/console/manage?sort=key&amp;order=asc"');
  });

  it('filters by words, identifier, target, owner, status and dates', async () => {
    const find = async (qs: string, who = alice) => {
      const res = await f.get(`/console/manage?${qs}`, who);
      expect(res.status, qs).toBe(200);
      return rows(await res.text());
    };
    expect(await find('q=herbarium&sort=key&order=asc')).toEqual([
      `${L}a00`,
      `${L}a02`,
      `${L}a04`,
      `${L}a06`,
      `${L}a08`,
      `${L}a10`,
      `${L}gone`,
      `${L}secret`,
      `${R}b1`,
    ]);
    expect(await find('q=HERBARIUM+sheet&sort=key&order=asc&per=25')).toEqual([
      `${L}a00`,
      `${L}a02`,
      `${L}a04`,
      `${L}a06`,
      `${L}a08`,
      `${L}a10`,
      `${L}gone`,
    ]);
    expect(await find('q=herb*+letters')).toEqual([`${R}b1`]);
    expect(await find(`id=${encodeURIComponent(`${L}a1`)}&sort=key&order=asc`)).toEqual([`${L}a10`, `${L}a11`]);
    expect(await find('target=library.example.org/items/1&sort=key&order=asc')).toEqual([
      `${L}a01`,
      `${L}a10`,
      `${L}a11`,
    ]);
    expect(await find('owner=bob')).toEqual([`${R}b1`]);
    expect(await find('status=unavailable')).toEqual([`${L}gone`]);
    expect(await find('group=library&status=reserved')).toEqual([`${L}secret`]);
    // Both ends of a date range count, in UTC.
    expect(await find('created_from=2024-01-03&created_to=2024-01-05&sort=created&order=asc')).toEqual([
      `${L}a02`,
      `${L}a03`,
      `${L}a04`,
    ]);
    expect(await find('updated_to=2024-02-02&sort=updated&order=asc')).toEqual([`${L}a00`, `${L}a01`]);
  });

  it('sorts by identifier, created and changed, both ways', async () => {
    const asc = rows(await (await f.get('/console/manage?sort=key&order=asc&per=25', admin)).text());
    expect(asc).toHaveLength(16);
    expect(asc).toEqual([...asc].sort());
    const desc = await (await f.get('/console/manage?sort=key&order=desc&per=25', admin)).text();
    expect(rows(desc)).toEqual([...asc].reverse());
    // 16 identifiers, 25 per page: one page, no pager.
    expect(desc).not.toContain('rel="next"');
    const created = rows(
      await (await f.get(`/console/manage?id=${encodeURIComponent(`${L}a`)}&sort=created&order=asc`, admin)).text(),
    );
    expect(created).toEqual(Array.from({ length: 12 }, (_, i) => `${L}a${String(i).padStart(2, '0')}`));
    const changed = rows(
      await (await f.get(`/console/manage?id=${encodeURIComponent(`${L}a`)}&sort=updated`, admin)).text(),
    );
    expect(changed).toEqual([...created].reverse());
  });

  it('pages through more results than one page holds', async () => {
    const s = f.store;
    for (let i = 0; i < 30; i++) {
      await put(s, `${R}p${String(i).padStart(2, '0')}`, {
        target: `https://archive.example.org/p/${i}`,
        erc: { what: `Postcard ${i}` },
        owner: 'bob',
        ownerGroup: 'archive',
      });
    }
    const p1 = await (await f.get('/console/manage?q=postcard&sort=key&order=asc&per=25', bob)).text();
    expect(p1).toContain('30 identifiers match.');
    expect(p1).toContain('Page 1 of 2');
    expect(rows(p1)).toHaveLength(25);
    const next = /href="([^"]+)" rel="next"/.exec(p1)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBe('/console/manage?q=postcard&sort=key&order=asc&page=2&per=25');
    const p2 = await (await f.get(next as string, bob)).text();
    expect(rows(p2)).toHaveLength(5);
    expect(p2).toContain('rel="prev"');
    expect(p2).not.toContain('rel="next"');
    expect(new Set([...rows(p1), ...rows(p2)]).size).toBe(30);
  });

  it("never shows a user another user's reserved identifiers, whatever the filters", async () => {
    for (const qs of [
      '',
      'status=reserved',
      'owner=alice',
      `id=${encodeURIComponent(L)}`,
      'q=unpublished',
      'group=library',
    ]) {
      const html = await (await f.get(`/console/manage?${qs}`, bob)).text();
      expect(rows(html), qs).not.toContain(`${L}secret`);
    }
    const html = await (await f.get('/console/manage?status=reserved&sort=key&order=asc', bob)).text();
    expect(rows(html)).toEqual([`${R}hidden`]);
    // The administrator sees both.
    const all = await (await f.get('/console/manage?status=reserved&sort=key&order=asc', admin)).text();
    expect(rows(all)).toEqual([`${L}secret`, `${R}hidden`]);
  });

  it('offers row boxes only for identifiers the user may change', async () => {
    const html = await (await f.get('/console/manage?q=herbarium&sort=key&order=asc', bob)).text();
    expect(rows(html)).toContain(`${L}a00`);
    expect(selectable(html)).toEqual([`${R}b1`, `${R}hidden`]);
    expect(html).toContain('name="csrf"');
  });

  it('answers a malformed search with the form, the error beside the field, and 400', async () => {
    for (const [qs, field, text] of [
      ['status=lost', 'manage-status', 'Choose public, reserved or unavailable'],
      ['created_from=2024-13-45', 'manage-created-from', 'is not a date'],
      ['per=7', 'manage-per', 'The page size is one of'],
      ['page=0', 'results', ''],
      ['q=%2A%2A%2A', 'manage-q', 'no letter or digit'],
      ['page=999', 'manage-q', 'no deeper than'],
      ['sort=owner', 'manage-sort', 'Sort by'],
    ] as const) {
      const res = await f.get(`/console/manage?${qs}`, alice);
      expect(res.status, qs).toBe(400);
      const html = await res.text();
      expect(html, qs).toContain('class="error-summary"');
      expect(html, qs).toContain(`href="#${field}"`);
      expect(html, qs).toContain(text);
      expect(rows(html), qs).toEqual([]);
    }
  });

  it('changes the status of the selected rows, checking each one and reporting per row', async () => {
    const s = f.store;
    await put(s, `${L}r1`, {
      target: 'https://library.example.org/r1',
      identifierStatus: 'reserved',
      owner: 'alice',
      ownerGroup: 'library',
    });
    await put(s, `${L}r2`, {
      target: 'https://library.example.org/r2',
      identifierStatus: 'reserved',
      owner: 'alice',
      ownerGroup: 'library',
    });
    const res = await f.post('/console/manage/status', alice, {
      key: [`${L}r1`, `${L}r2`, `${L}a01`, `${R}b1`, `${R}hidden`, `${L}nothing`],
      status: 'public',
      reason: '',
      back: '?q=herbarium',
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('3 of 6 done; 3 not changed');
    expect(html).toContain('href="/console/manage?q=herbarium"');
    const outcome = (key: string) =>
      new RegExp(`<a href="[^"]*">${key.replaceAll('/', '\\/')}</a></td><td>([\\s\\S]*?)</td>`).exec(html)?.[1] ?? '';
    expect(outcome(`${L}r1`)).toContain('Now public.');
    expect(outcome(`${L}a01`)).toContain('Unchanged: already public.');
    expect(outcome(`${R}b1`)).toContain('You may not change this identifier.');
    // bob's reserved identifier is not found for alice: she must not learn it exists.
    expect(outcome(`${R}hidden`)).toContain('Not found.');
    expect(outcome(`${L}nothing`)).toContain('Not found.');
    const r1 = await s.getBinding(`${L}r1`);
    expect(r1.ok && r1.value.identifierStatus).toBe('public');
    const b1 = await s.getBinding(`${R}b1`);
    expect(b1.ok && b1.value.identifierStatus).toBe('public');
    const history = await s.history(`${L}r1`);
    expect(history.ok && history.value.at(-1)?.actor).toBe('alice');

    // Unavailable with a reason, then never back to reserved.
    const gone = await f.post('/console/manage/status', alice, {
      key: [`${L}r1`],
      status: 'unavailable',
      reason: 'moved away',
    });
    expect(await gone.text()).toContain('Now unavailable (moved away).');
    const r1b = await s.getBinding(`${L}r1`);
    expect(r1b.ok && r1b.value.statusReason).toBe('moved away');
    const back = await f.post('/console/manage/status', alice, { key: [`${L}r1`], status: 'reserved', reason: '' });
    expect(await back.text()).toContain('cannot become reserved again');
  });

  it('refuses a bulk change without the CSRF token, without a selection, or with a bad status', async () => {
    const noCsrf = await f.post('/console/manage/status', alice, {
      csrf: null,
      key: [`${L}a02`],
      status: 'unavailable',
    });
    expect(noCsrf.status).toBe(403);
    const none = await f.post('/console/manage/status', alice, { status: 'public' });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Select at least one identifier.');
    const bad = await f.post('/console/manage/status', alice, { key: [`${L}a02`], status: 'lost' });
    expect(bad.status).toBe(400);
    const a02 = await f.store.getBinding(`${L}a02`);
    expect(a02.ok && a02.value.identifierStatus).toBe('public');
  });

  it('never lets a read-only user change anything', async () => {
    const made = await f.store.createUser({
      username: 'reader',
      password: 'reader-secret-password',
      displayName: 'Reader',
      email: null,
      role: 'readonly',
      groups: ['library'],
    });
    expect(made.ok).toBe(true);
    const reader = await f.signIn({ username: 'reader', password: 'reader-secret-password' });
    const html = await (await f.get('/console/manage', reader)).text();
    expect(rows(html).length).toBeGreaterThan(0);
    expect(selectable(html)).toEqual([]);
    expect(html).not.toContain('action="/console/manage/status"');
    const res = await f.post('/console/manage/status', reader, { key: [`${L}a03`], status: 'unavailable' });
    expect(await res.text()).toContain('You may not change this identifier.');
    const a03 = await f.store.getBinding(`${L}a03`);
    expect(a03.ok && a03.value.identifierStatus).toBe('public');
  });
});
