import { ADMIN_SCOPE } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareShoulder } from '../admin/index.ts';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// GET /api/v1/reports/resolutions: the real app over a real SQLite file (and a real PostgreSQL schema with
// PIDGATE_TEST_DATABASE_URL), the counts written through the store's own batch write, as the gateway's
// flush writes them.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const DAY = 86_400_000;
const day = (ago: number) => new Date(Date.now() - ago * DAY).toISOString().slice(0, 10);

describe.each(backends)('GET /api/v1/reports/resolutions on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let admin: string;
  let scoped: string;
  beforeAll(async () => {
    t = await storeApp(backend);
    admin = await t.token([ADMIN_SCOPE]);
    // A user's token (carol: no administrator) limited to one shoulder.
    const made = await t.store.createToken('carol', ['ark:/99999/b4']);
    if (!made.ok) throw new Error(made.error.message);
    scoped = made.value.token;
    for (const shoulder of ['ark:/99999/c4', 'ark:/99999/b4']) {
      const made = await declareShoulder(t.store, t.deps.registry, t.deps.config.profile, {
        shoulder,
        template: `${shoulder.slice(-2)}.reeddk`,
        naanName: 'Test',
      });
      if (!made.ok) throw new Error(made.error.message);
    }
    const at = '2026-01-01T00:00:00.000Z';
    const item = (key: string, owner: string, extra: Record<string, unknown> = {}) => ({
      key,
      target: 'https://example.org/',
      owner,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    const r = await t.store.importBindings([
      item('ark:/99999/c4x', 'alice'),
      item('ark:/99999/b4x', 'bob'),
      item('ark:/99999/b4y', 'bob'),
      item('ark:/99999/b4r', 'alice', { identifierStatus: 'reserved' }),
    ]);
    if (!r.ok) throw new Error(r.error.message);
    const added = await t.store.addResolutionCounts({
      identifiers: [
        { day: day(0), key: 'ark:/99999/c4x', count: 5 },
        { day: day(1), key: 'ark:/99999/c4x', count: 2 },
        { day: day(0), key: 'ark:/99999/b4x', count: 7 },
        { day: day(0), key: 'ark:/99999/b4y', count: 1 },
        { day: day(0), key: 'ark:/99999/b4r', count: 4 },
        { day: day(40), key: 'ark:/99999/b4x', count: 100 },
      ],
      shoulders: [
        { day: day(0), shoulder: 'ark:/99999/c4', count: 5 },
        { day: day(0), shoulder: 'ark:/99999/b4', count: 12 },
      ],
    });
    if (!added.ok) throw new Error(added.error.message);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string, token: string | null, headers: Record<string, string> = {}) =>
    t.app.request(`/api/v1/reports/resolutions${query}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  type Body = { items: { key: string; period: string; resolutions: number }[]; next: string | null };
  const rows = async (query: string, token = admin) => {
    const res = await get(query, token);
    expect(res.status).toBe(200);
    return ((await res.json()) as Body).items.map((i) => `${i.key} ${i.period} ${i.resolutions}`);
  };

  it('needs a token: 401 unauthorized', async () => {
    const res = await get('', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('counts per identifier and day over the last 30 days by default, as JSON', async () => {
    const res = await get('', admin);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Body & { by: string; group: string; from: string; to: string };
    expect([body.by, body.group, body.from, body.to]).toEqual(['identifier', 'day', day(29), day(0)]);
    expect(body.items.map((i) => `${i.key} ${i.period} ${i.resolutions}`)).toEqual([
      `ark:/99999/b4r ${day(0)} 4`,
      `ark:/99999/b4x ${day(0)} 7`,
      `ark:/99999/b4y ${day(0)} 1`,
      `ark:/99999/c4x ${day(1)} 2`,
      `ark:/99999/c4x ${day(0)} 5`,
    ]);
  });

  it('groups by month, widens the range, and counts per shoulder', async () => {
    const month = (ago: number) => day(ago).slice(0, 7);
    const byMonth = await rows(`?from=${day(45)}&group=month&identifier=ark:/99999/b4x`);
    // The day 40 days ago and today are in different months.
    expect(byMonth).toEqual([`ark:/99999/b4x ${month(40)} 100`, `ark:/99999/b4x ${month(0)} 7`]);
    expect(await rows('?by=shoulder')).toEqual([`ark:/99999/b4 ${day(0)} 12`, `ark:/99999/c4 ${day(0)} 5`]);
    expect(await rows('?by=shoulder&shoulder=ark:/99999/b4')).toEqual([`ark:/99999/b4 ${day(0)} 12`]);
  });

  it('filters identifiers by owner and shoulder', async () => {
    expect(await rows(`?owner=bob&from=${day(0)}`)).toEqual([
      `ark:/99999/b4x ${day(0)} 7`,
      `ark:/99999/b4y ${day(0)} 1`,
    ]);
    expect(await rows(`?shoulder=ark:/99999/c4`)).toEqual([`ark:/99999/c4x ${day(1)} 2`, `ark:/99999/c4x ${day(0)} 5`]);
    expect(await rows('?owner=nobody')).toEqual([]);
  });

  it("shows a scoped token only what it may view: its scope's identifiers (not another's reserved one) and shoulders", async () => {
    expect(await rows('', scoped)).toEqual([`ark:/99999/b4x ${day(0)} 7`, `ark:/99999/b4y ${day(0)} 1`]);
    expect(await rows('?by=shoulder', scoped)).toEqual([`ark:/99999/b4 ${day(0)} 12`]);
  });

  it('pages by limit and cursor (next and a Link header)', async () => {
    const first = await get('?limit=2', admin);
    const body = (await first.json()) as Body;
    expect(body.items.map((i) => i.key)).toEqual(['ark:/99999/b4r', 'ark:/99999/b4x']);
    expect(first.headers.get('link')).toBe(`<?limit=2&cursor=${body.next}>; rel="next"`);
    const second = (await (await get(`?limit=2&cursor=${body.next}`, admin)).json()) as Body;
    expect(second.items.map((i) => i.key)).toEqual(['ark:/99999/b4y', 'ark:/99999/c4x']);
    const third = (await (await get(`?limit=2&cursor=${second.next}`, admin)).json()) as Body;
    expect(third.items.map((i) => `${i.key} ${i.period}`)).toEqual([`ark:/99999/c4x ${day(0)}`]);
    expect(third.next).toBeNull();
  });

  it('answers CSV with a UTF-8 byte order mark for format=csv or Accept: text/csv', async () => {
    for (const res of [
      await get('?format=csv&owner=bob', admin),
      await get('?owner=bob', admin, { accept: 'text/csv' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
      expect(text).toBe(`identifier,day,resolutions\r\nark:/99999/b4x,${day(0)},7\r\nark:/99999/b4y,${day(0)},1\r\n`);
    }
  });

  it.each([
    ['?from=2026-02-30', 'from'],
    ['?from=yesterday', 'from'],
    [`?from=${day(0)}&to=${day(3)}`, 'from'],
    ['?from=2000-01-01&to=2026-01-01', 'from'],
    ['?by=shoulder&owner=bob', 'owner'],
    ['?by=shoulder&identifier=ark:/99999/c4x', 'identifier'],
    ['?by=everything', 'by'],
    ['?group=week', 'group'],
    ['?limit=0', 'limit'],
    ['?limit=10001', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['?colour=blue', ''],
  ])('refuses a bad query %s: 400 invalid-report-query', async (query, path) => {
    const res = await get(query, admin);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = (await res.json()) as { code: string; issues: { path: string[] }[] };
    expect(body.code).toBe('invalid-report-query');
    expect(body.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
