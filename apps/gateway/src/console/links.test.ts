import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_SEED as S, seedLinks } from './links-testing.ts';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

// The link checker's identifier issues in the console over a real SQLite store: the dashboard's list, the
// Link issues page (broken apart from failing, filters, CSV) and the identifier page's checks, each scoped
// to what the signed-in user may see.
let t: ConsoleFixture;
let alice: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await consoleFixture();
  await seedLinks(t.store);
  [alice, bob, admin] = [await t.signIn('alice'), await t.signIn('bob'), await t.signIn('admin')];
});
afterAll(() => t.close());

/** The text of the section under the heading that starts with `title`, up to the next h2. */
function section(page: string, id: string): string {
  const start = page.indexOf(`<h2 id="${id}">`);
  if (start < 0) return '';
  const end = page.indexOf('<h2', start + 4);
  return page.slice(start, end < 0 ? undefined : end);
}

describe('link issues in the console', () => {
  it("the dashboard lists the user's identifiers whose target failed, broken and failing told apart", async () => {
    const page = await (await t.get('/console/', alice)).text();
    expect(page).toContain(`Target broken (client-error, HTTP 410): ${S.aliceBroken.target}`);
    expect(page).toContain(`the redirects end at ${S.aliceBroken.final}`);
    expect(page).toContain(`Target failing (timeout), not broken yet: ${S.aliceFailing.target}`);
    // Through alice's group.
    expect(page).toContain(`Target failing (server-error, HTTP 500), not broken yet: ${S.groupFailing.target}`);
    expect(page).not.toContain(S.bobBroken.target);
    expect(page).not.toContain(S.aliceOk.target);
    expect(page).toContain('href="/console/links"');
    const b = await (await t.get('/console/', bob)).text();
    expect(b).toContain(`Target broken (dns): ${S.bobBroken.target}`);
    expect(b).not.toContain(S.aliceBroken.target);
  });

  it('the Link issues page: broken apart from failing, with class, failures, the final URL and identifiers', async () => {
    const r = await t.get('/console/links', alice);
    expect(r.status).toBe(200);
    const page = await r.text();
    const broken = section(page, 'broken');
    const failing = section(page, 'failing');
    expect(broken).toContain('Broken (1)');
    expect(broken).toContain(S.aliceBroken.target);
    expect(broken).toContain(`href="${S.aliceBroken.final}"`);
    expect(broken).toContain('(HTTP 410), 2 failures in a row');
    expect(broken).toContain(S.aliceBroken.key);
    expect(failing).toContain('Failing, not broken yet (2)');
    expect(failing).toContain(S.aliceFailing.target);
    expect(failing).toContain(S.groupFailing.key);
    expect(failing).not.toContain(S.aliceBroken.target);
    expect(page).not.toContain(S.bobBroken.target);
    const all = await (await t.get('/console/links', admin)).text();
    expect(section(all, 'broken')).toContain('Broken (2)');
    expect(section(all, 'broken')).toContain(S.bobBroken.key);
  });

  it('filters by class and broken only, and links the CSV with the same filters', async () => {
    const byClass = await (await t.get('/console/links?class=timeout', alice)).text();
    expect(byClass).toContain(S.aliceFailing.target);
    expect(byClass).not.toContain(S.aliceBroken.target);
    expect(byClass).not.toContain(S.groupFailing.target);
    expect(byClass).toContain('href="/console/links.csv?class=timeout"');
    expect(byClass).toContain('GET /api/v1/reports/links?format=csv&amp;class=timeout');
    const onlyBroken = await (await t.get('/console/links?broken=1', alice)).text();
    expect(onlyBroken).toContain(S.aliceBroken.target);
    expect(onlyBroken).not.toContain(S.aliceFailing.target);
    expect(onlyBroken).not.toContain('id="failing"');
    expect(onlyBroken).toContain('href="/console/links.csv?broken=true"');
  });

  it('the CSV: a byte order mark, the report columns, only what the user may see, filtered', async () => {
    const r = await t.get('/console/links.csv', alice);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="pidgate-links.csv"');
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'target,identifiers,owners,state,class,status,failures,first_failure,last_failure,last_checked,broken_since',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      S.aliceBroken.target,
      S.groupFailing.target,
      S.aliceFailing.target,
    ]);
    const broken = new TextDecoder().decode(await (await t.get('/console/links.csv?broken=1', bob)).arrayBuffer());
    const rows = broken.split('\r\n').filter(Boolean).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^${S.bobBroken.target},${S.bobBroken.key},bob,broken,dns,`));
  });

  it('a bad filter is a 400 page with a stable code, not a 5xx', async () => {
    for (const q of ['class=nonsense', 'broken=maybe', 'other=1']) {
      const r = await t.get(`/console/links?${q}`, alice);
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('bad-request');
      expect((await t.get(`/console/links.csv?${q}`, alice)).status).toBe(400);
    }
    expect((await t.get('/console/links')).status).toBe(303);
  });

  it("an identifier's page shows its target's checks: time, class, status and the redirect chain", async () => {
    const page = await (await t.get(`/console/id/${S.aliceBroken.key}`, alice)).text();
    const checks = section(page, 'link-checks');
    expect(checks).toContain('State: <strong>broken</strong>. The last 2 checks, newest first');
    expect(checks.indexOf('410')).toBeLessThan(checks.indexOf('404'));
    expect(checks).toContain(`HEAD <span class="target">${S.aliceBroken.target}</span> → 301`);
    expect(checks).toContain(`HEAD <span class="target">${S.aliceBroken.final}</span> → 410`);
    expect(checks).toContain('<code>client-error</code>');
    const fine = section(await (await t.get(`/console/id/${S.aliceOk.key}`, alice)).text(), 'link-checks');
    expect(fine).toContain('State: <strong>ok</strong>');
    // bob's identifier is public: alice may look at it (the ownership rule), checks included.
    const other = await t.get(`/console/id/${S.bobBroken.key}`, alice);
    expect(other.status).toBe(200);
  });
});
