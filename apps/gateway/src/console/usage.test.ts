import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../config/index.ts';
import { type ConsoleFixture, consoleFixture, type SignedIn } from './testing.ts';
import { dayLabel, lastDays } from './usage.tsx';

// The console's resolution charts over a real SQLite store: a chart per shoulder the user can see on the
// dashboard, one for the identifier on its page, each with the same numbers as a table; 30 or 90 days.
const DAY = 86_400_000;
const day = (ago: number) => new Date(Date.now() - ago * DAY).toISOString().slice(0, 10);
const row = (d: string, n: number) => `<th scope="row">${dayLabel(d)}</th><td class="num">${n}</td>`;

let t: ConsoleFixture;
let alice: SignedIn;
let admin: SignedIn;
let minted: string;
beforeAll(async () => {
  t = await consoleFixture();
  [alice, admin] = [await t.signIn('alice'), await t.signIn('admin')];
  const made = await t.post('/console/create/advanced', alice, {
    naming: 'mint',
    shoulder: 'ark:/99999/fk4',
    target: 'https://example.org/',
  });
  minted = decodeURIComponent(new URL(made.headers.get('location') ?? '', 'http://x').pathname).replace(
    '/console/id/',
    '',
  );
  const added = await t.store.addResolutionCounts({
    identifiers: [
      { day: day(0), key: minted, count: 6 },
      { day: day(2), key: minted, count: 3 },
      { day: day(60), key: minted, count: 9 },
    ],
    shoulders: [
      { day: day(0), shoulder: 'ark:/99999/fk4', count: 11 },
      { day: day(60), shoulder: 'ark:/99999/fk4', count: 9 },
      { day: day(1), shoulder: 'ark:/99999/fk5', count: 4 },
    ],
  });
  if (!added.ok) throw new Error(added.error.message);
});
afterAll(() => t.close());

describe('resolution charts', () => {
  it('the dashboard charts each shoulder the user can see, the last 30 days by default, with a table', async () => {
    const page = await (await t.get('/console/', alice)).text();
    expect(page).toContain('<h2 id="resolutions">Resolutions</h2>');
    expect(page).toContain('<code>ark:/99999/fk4</code></h3>');
    expect(page).not.toContain('<code>ark:/99999/fk5</code></h3>');
    expect(page).toContain('role="img"');
    expect(page).toContain('ark:/99999/fk4: 11 resolutions in the last 30 days');
    expect(page).toContain(row(day(0), 11));
    expect(page).toContain(row(day(29), 0));
    expect(page).not.toContain(row(day(30), 0));
    expect(page).toContain('<a href="/console/?days=90#resolutions">last 90 days</a>');
  });

  it('90 days on ?days=90; the administrator sees every shoulder', async () => {
    const page = await (await t.get('/console/?days=90', admin)).text();
    expect(page).toContain('ark:/99999/fk4: 20 resolutions in the last 90 days');
    expect(page).toContain(row(day(60), 9));
    expect(page).toContain('<code>ark:/99999/fk5</code></h3>');
    expect(page).toContain('ark:/99999/fk5: 4 resolutions in the last 90 days');
    expect(page).toContain('<strong aria-current="true">last 90 days</strong>');
  });

  it("the identifier page charts the identifier's resolutions", async () => {
    const page = await (await t.get(`/console/id/${minted}`, alice)).text();
    expect(page).toContain(`${minted}: 9 resolutions in the last 30 days`);
    expect(page).toContain(row(day(2), 3));
    expect(lastDays(new Date(), 30)).toHaveLength(30);
    const wide = await (await t.get(`/console/id/${minted}?days=90`, alice)).text();
    expect(wide).toContain(`${minted}: 18 resolutions in the last 90 days`);
  });

  it('says so when statistics are off', async () => {
    const off = await consoleFixture({ stats: { enabled: false } } as ConfigInput);
    try {
      const who = await off.signIn('alice');
      const page = await (await off.get('/console/', who)).text();
      expect(page).toContain('Usage statistics are off on this gateway');
    } finally {
      await off.close();
    }
  });
});
