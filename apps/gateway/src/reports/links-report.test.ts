import { ADMIN_SCOPE, type LinkClass, type LinkTarget, type Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp, TEST_DATABASE_URL } from '../testing/store.ts';

// GET /api/v1/reports/links and the link gauges on /metrics: the real app over a real SQLite file (and a
// real PostgreSQL schema with PIDGATE_TEST_DATABASE_URL), the targets' state written through the store's
// own link API (sync, claim, finish), as the checker writes it.
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** Fail `target` as the checker would: first failure `firstDays` ago, now `state`, last class `cls`. */
async function fail(
  store: Store,
  target: LinkTarget,
  cls: LinkClass,
  status: number | null,
  firstDays: number,
  state: 'failing' | 'broken',
) {
  const now = ago(0);
  const done = await store.links.finish(
    'test',
    {
      state,
      firstFailureAt: ago(firstDays),
      lastFailureAt: now,
      failures: 3,
      brokenAt: state === 'broken' ? now : null,
      dueAt: ago(-7),
      check: {
        target: target.target,
        at: now,
        class: cls,
        status,
        finalUrl: null,
        chain: [],
        durationMs: 5,
        detail: 'test',
      },
    },
    20,
  );
  if (!done.ok) throw new Error(done.error.message);
}

async function succeed(store: Store, target: LinkTarget) {
  const now = ago(0);
  const done = await store.links.finish(
    'test',
    {
      state: 'ok',
      firstFailureAt: null,
      lastFailureAt: null,
      failures: 0,
      brokenAt: null,
      dueAt: ago(-30),
      check: {
        target: target.target,
        at: now,
        class: 'ok',
        status: 200,
        finalUrl: target.target,
        chain: [],
        durationMs: 5,
        detail: 'HTTP 200',
      },
    },
    20,
  );
  if (!done.ok) throw new Error(done.error.message);
}

describe.each(backends)('GET /api/v1/reports/links on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let admin: string;
  let scoped: string;
  beforeAll(async () => {
    t = await storeApp(backend);
    admin = await t.token([ADMIN_SCOPE]);
    scoped = await t.token(['ark:/99999/b']);
    const at = ago(60);
    const item = (key: string, target: string, owner: string, extra: Record<string, unknown> = {}) => ({
      key,
      target,
      owner,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    const r = await t.store.importBindings([
      item('ark:/99999/a1', 'https://gone.example/', 'alice'),
      item('ark:/99999/b1', 'https://gone.example/', 'bob'),
      item('ark:/99999/b2', 'https://slow.example/a,b', 'bob'),
      item('ark:/99999/a2', 'https://fine.example/', 'alice'),
      item('ark:/99999/a3', 'https://later.example/p', 'alice'),
      item('ark:/99999/r1', 'https://reserved.example/', 'alice', { identifierStatus: 'reserved' }),
    ]);
    if (!r.ok) throw new Error(r.error.message);
    const synced = await t.store.links.sync(ago(1));
    expect(synced.ok && synced.value.added).toBe(4);
    const claimed = await t.store.links.claim('test', 10, ago(0), 600);
    if (!claimed.ok) throw new Error(claimed.error.message);
    const by = new Map(claimed.value.map((x) => [x.target, x]));
    await fail(t.store, by.get('https://gone.example/') as LinkTarget, 'client-error', 404, 20, 'broken');
    await fail(t.store, by.get('https://slow.example/a,b') as LinkTarget, 'timeout', null, 2, 'failing');
    await fail(t.store, by.get('https://later.example/p') as LinkTarget, 'server-error', 500, 5, 'failing');
    await succeed(t.store, by.get('https://fine.example/') as LinkTarget);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string, token: string | null, headers: Record<string, string> = {}) =>
    t.app.request(`/api/v1/reports/links${query}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  type Entry = {
    target: string;
    identifiers: string[];
    owners: string[];
    state: string;
    class: string;
    status: number | null;
  };
  const items = async (res: Response) => {
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: Entry[] }).items;
  };
  const targets = async (query: string, token = admin) => (await items(await get(query, token))).map((e) => e.target);

  it('needs a token: 401 unauthorized with a Bearer challenge', async () => {
    const res = await get('', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
  });

  it('lists every failing target as JSON by default, sorted by target, with its identifiers and owners', async () => {
    const res = await get('', admin);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { items: Entry[]; next: string | null };
    expect(body.next).toBeNull();
    expect(body.items.map((e) => [e.target, e.identifiers, e.owners, e.state, e.class, e.status])).toEqual([
      ['https://gone.example/', ['ark:/99999/a1', 'ark:/99999/b1'], ['alice', 'bob'], 'broken', 'client-error', 404],
      ['https://later.example/p', ['ark:/99999/a3'], ['alice'], 'failing', 'server-error', 500],
      ['https://slow.example/a,b', ['ark:/99999/b2'], ['bob'], 'failing', 'timeout', null],
    ]);
  });

  it('filters by owner, shoulder, class, broken, age and since', async () => {
    expect(await targets('?owner=bob')).toEqual(['https://gone.example/', 'https://slow.example/a,b']);
    expect(await targets('?shoulder=ark:/99999/a')).toEqual(['https://gone.example/', 'https://later.example/p']);
    expect(await targets('?class=timeout')).toEqual(['https://slow.example/a,b']);
    expect(await targets('?broken=true')).toEqual(['https://gone.example/']);
    expect(await targets('?broken=false')).toHaveLength(3);
    // failing for at least 4 days: the first failures were 20, 5 and 2 days ago
    expect(await targets('?age=4')).toEqual(['https://gone.example/', 'https://later.example/p']);
    expect(await targets('?age=10')).toEqual(['https://gone.example/']);
    expect(await targets(`?since=${encodeURIComponent(ago(3))}`)).toEqual([
      'https://gone.example/',
      'https://later.example/p',
    ]);
    expect(await targets('?owner=bob&class=client-error&broken=true')).toEqual(['https://gone.example/']);
    expect(await targets('?owner=nobody')).toEqual([]);
  });

  it('pages by limit and cursor (next, and a Link header), in target order', async () => {
    const first = await get('?limit=2', admin);
    const body = (await first.json()) as { items: Entry[]; next: string | null };
    expect(body.items.map((e) => e.target)).toEqual(['https://gone.example/', 'https://later.example/p']);
    expect(body.next).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.headers.get('link')).toBe(`<?limit=2&cursor=${body.next}>; rel="next"`);
    const second = await get(`?limit=2&cursor=${body.next}`, admin);
    const rest = (await second.json()) as { items: Entry[]; next: string | null };
    expect(rest.items.map((e) => e.target)).toEqual(['https://slow.example/a,b']);
    expect(rest.next).toBeNull();
    expect(second.headers.get('link')).toBeNull();
    const all = (await (await get('?limit=3', admin)).json()) as { next: string | null };
    expect(all.next).toBeNull();
    // the cursor pages CSV the same way
    const csv = await (await get(`?format=csv&limit=2&cursor=${body.next}`, admin)).text();
    expect(
      csv
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['"https://slow.example/a']);
  });

  it('answers CSV with a UTF-8 byte order mark for format=csv or Accept: text/csv, never zipped', async () => {
    for (const res of [
      await get('?format=csv&owner=bob', admin),
      await get('?owner=bob', admin, { accept: 'text/csv' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers.get('content-encoding')).toBeNull();
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'target,identifiers,owners,state,class,status,failures,first_failure,last_failure,last_checked,broken_since',
      );
      expect(lines[1]?.startsWith('https://gone.example/,ark:/99999/b1,bob,broken,client-error,404,3,')).toBe(true);
      // RFC 4180 quoting of a target with a comma
      expect(lines[2]?.startsWith('"https://slow.example/a,b",ark:/99999/b2,bob,failing,timeout,,3,')).toBe(true);
      expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    }
    // format wins over Accept
    const json = await get('?format=json', admin, { accept: 'text/csv' });
    expect(json.headers.get('content-type')).toContain('application/json');
  });

  it('shows a non-administrator token only the identifiers within its scopes', async () => {
    const entries = await items(await get('', scoped));
    expect(entries.map((e) => [e.target, e.identifiers])).toEqual([
      ['https://gone.example/', ['ark:/99999/b1']],
      ['https://slow.example/a,b', ['ark:/99999/b2']],
    ]);
  });

  it('refuses a bad query with 400 invalid-report-query, naming the parameter', async () => {
    for (const query of [
      '?class=nonsense',
      '?age=-1',
      '?age=ten',
      '?age=99999',
      '?since=yesterday',
      '?age=3&since=2026-01-01T00:00:00Z',
      '?broken=yes',
      '?format=xlsx',
      '?format=zip',
      '?limit=0',
      '?limit=10001',
      '?cursor=nonsense',
      '?cursor=a%2Fb',
      '?clas=timeout',
      `?shoulder=${'x'.repeat(5000)}`,
    ]) {
      const res = await get(query, admin);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const body = (await res.json()) as { code: string; issues: { path: string[] }[] };
      expect(body.code, query).toBe('invalid-report-query');
      expect(body.issues.length, query).toBeGreaterThan(0);
    }
  });

  it('shows the link gauges on /metrics, by state and by state and class', async () => {
    const res = await t.app.request('/metrics');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('# TYPE pidgate_link_targets gauge');
    expect(text).toContain('pidgate_link_targets{state="broken"} 1\n');
    expect(text).toContain('pidgate_link_targets{state="failing"} 2\n');
    expect(text).toContain('pidgate_link_targets{state="ok"} 1\n');
    expect(text).toContain('pidgate_link_targets{state="unchecked"} 0\n');
    expect(text).toContain('pidgate_link_targets_by_class{state="failing",class="timeout"} 1\n');
    expect(text).toContain('pidgate_link_targets_by_class{state="failing",class="server-error"} 1\n');
    expect(text).toContain('pidgate_link_targets_by_class{state="broken",class="client-error"} 1\n');
    expect(text).toContain('pidgate_link_targets_by_class{state="ok",class="ok"} 1\n');
    // the request metrics are still there
    expect(text).toContain('# TYPE pidgate_requests_total counter');
  });
});
