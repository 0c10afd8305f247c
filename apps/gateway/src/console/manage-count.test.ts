import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';

/**
 * The Manage page's count is exact up to 1,000 and "more than 1,000" beyond (the database stops counting
 * there, so a broad search over a million bindings costs what a narrow one does): on a real SQLite file and,
 * when PIDGATE_TEST_DATABASE_URL is set, on real PostgreSQL.
 */

const L = 'ark:/99999/fk4';
const MANY = 1_003;

const backends: ('sqlite' | 'postgres')[] = ['sqlite'];
if (process.env['PIDGATE_TEST_DATABASE_URL']) backends.push('postgres');

for (const backend of backends) {
  describe(`the Manage page's count on ${backend}`, () => {
    let f: ConsoleFixture;
    let alice: SignedIn;

    beforeAll(async () => {
      f = await consoleFixture({}, { backend });
      const items = Array.from({ length: MANY }, (_, i) => ({
        key: `${L}m${String(i).padStart(4, '0')}`,
        target: `https://library.example.org/many/${i}`,
        erc: { what: `Lantern slide ${i}`, who: i < 7 ? 'Seven Photographers' : 'Library of Example' },
        owner: 'alice',
        ownerGroup: 'library',
      }));
      const r = await f.store.importBindings(items, { batchSize: 500 });
      if (!r.ok) throw new Error(r.error.message);
      alice = await f.signIn('alice');
    }, 120_000);
    afterAll(() => f.close());

    it(`says "more than 1,000" above 1,000 matches, with no page total, and still pages on`, async () => {
      for (const path of ['/console/manage?q=lantern', '/console/manage?id=ark%3A%2F99999%2Ffk4m', '/console/manage']) {
        const res = await f.get(path, alice);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html, path).toContain('More than 1,000 identifiers match.');
        expect(html, path).toMatch(/Page 1 \(1–50\)/);
        expect(html, path).not.toMatch(/Page 1 of/);
        expect(html, path).toContain('rel="next"');
      }
    });

    it('counts exactly at and under 1,000', async () => {
      const seven = await (await f.get('/console/manage?q=seven+photographers', alice)).text();
      expect(seven).toContain('7 identifiers match.');
      // 1,000 of them: m0000 … m0999 (m1000 … m1002 are outside the prefix m0).
      const thousand = await (
        await f.get('/console/manage?id=ark%3A%2F99999%2Ffk4m0&sort=key&order=asc', alice)
      ).text();
      expect(thousand).toContain('1,000 identifiers match.');
      expect(thousand).toContain('Page 1 of 20');
    });
  });
}
