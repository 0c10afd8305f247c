/**
 * The Manage search bench's corpus and its searches (shared by search.bench.ts, which times them, and
 * search-explain.ts, which shows each statement's plan): seeded, so every run loads and searches the same.
 */
import type { SearchQueryInput } from '../src/search.ts';
import type { ImportItem } from '../src/store.ts';

/** A seeded generator (mulberry32): the same data every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ber',
  'den',
  'gar',
  'hol',
  'lin',
  'mor',
  'sen',
  'tor',
];
/** A vocabulary of 5,000 made-up words; word i is drawn with weight 1/(i+1) (Zipf), as words of titles are. */
function vocabulary(size: number): string[] {
  const r = rng(7);
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(r() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}
export const WORDS = vocabulary(5000);
const HARMONIC = WORDS.reduce((s, _, i) => s + 1 / (i + 1), 0);
export const SURNAMES = vocabulary(5400)
  .slice(5000)
  .map((w) => w[0]!.toUpperCase() + w.slice(1));
const GIVEN = ['Anna', 'Ben', 'Chen', 'Dana', 'Emil', 'Fatima', 'Georg', 'Hana', 'Ines', 'Jon', 'Kofi', 'Lena'];
export const SHOULDERS = ['ark:/99999/fk4', 'ark:/99999/x6', 'ark:/12345/b2', 'ark:/13030/c8', 'ark:/67531/m5'];
export const OWNERS = Array.from({ length: 50 }, (_, i) => `user${String(i).padStart(2, '0')}`);
const DIGITS = '0123456789bcdfghjkmnpqrstvwxz';
const START = Date.parse('2015-01-01T00:00:00Z');
const SPAN = Date.parse('2025-01-01T00:00:00Z') - START;
/** One binding in 50,000 carries the rare word. */
export const RARE = 'quixotry';

/** Cumulative Zipf weights, searched by bisection (the generator is most of a direct load's time otherwise). */
const CUMULATIVE = WORDS.map(
  (
    (sum) => (_: string, i: number) =>
      (sum += 1 / (i + 1))
  )(0),
);
function zipfWord(r: () => number): string {
  const x = r() * HARMONIC;
  let lo = 0;
  let hi = WORDS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((CUMULATIVE[mid] as number) >= x) hi = mid;
    else lo = mid + 1;
  }
  return WORDS[lo]!;
}

export function* items(count: number): Generator<ImportItem> {
  const r = rng(42);
  for (let i = 0; i < count; i++) {
    let suffix = '';
    for (let j = 0; j < 7; j++) suffix += DIGITS[Math.floor(r() * 29)];
    const shoulder = SHOULDERS[Math.floor(r() * r() * SHOULDERS.length)]!;
    const title = Array.from({ length: 3 + Math.floor(r() * 6) }, () => zipfWord(r));
    if (i % 50_000 === 7) title.push(RARE);
    const creator = `${SURNAMES[Math.floor(r() * SURNAMES.length)]}, ${GIVEN[Math.floor(r() * GIVEN.length)]}`;
    const created = START + Math.floor(r() * SPAN);
    const updated = created + Math.floor(r() * r() * (START + SPAN - created));
    const year = new Date(created).getUTCFullYear();
    const s = r();
    const identifierStatus = s < 0.9 ? 'public' : s < 0.97 ? 'reserved' : 'unavailable';
    const kind = r();
    const metadata: Record<string, string> =
      kind < 0.3
        ? {
            _profile: 'dc',
            'dc.title': title.join(' '),
            'dc.creator': creator,
            'dc.publisher': 'Example University Library',
            'dc.type': 'Text',
          }
        : kind < 0.5
          ? {
              _profile: 'datacite',
              'datacite.title': title.join(' '),
              'datacite.creator': creator,
              'datacite.publisher': 'Example Data Repository',
              'datacite.publicationyear': String(year),
              'datacite.resourcetype': 'Dataset',
            }
          : {};
    yield {
      key: `${shoulder}${suffix}${i.toString(36)}`,
      target: `https://repository${i % 20}.example.org/objects/${year}/${i}`,
      erc: { who: creator, what: title.join(' '), when: String(year) },
      identifierStatus,
      ...(identifierStatus === 'unavailable' ? { statusReason: 'withdrawn by the depositor' } : {}),
      owner: OWNERS[Math.floor(r() * r() * OWNERS.length)]!,
      metadata,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
    };
  }
}

export type Kind = { readonly name: string; readonly query: (i: number) => SearchQueryInput };
const ADMIN = { all: true } as const;
const asUser = (i: number) => ({ owners: [OWNERS[i % OWNERS.length]!], groups: [] });
export const KINDS: Kind[] = [
  { name: 'default page (updated desc), a user', query: (i) => ({ visibility: asUser(i) }) },
  { name: 'full text, common word', query: (i) => ({ text: WORDS[i % 5]!, visibility: ADMIN }) },
  { name: 'full text, common word, a user', query: (i) => ({ text: WORDS[i % 5]!, visibility: asUser(i) }) },
  { name: 'full text, mid word', query: (i) => ({ text: WORDS[100 + (i % 50)]!, visibility: ADMIN }) },
  { name: 'full text, two words', query: (i) => ({ text: `${WORDS[i % 10]} ${WORDS[50 + i]}`, visibility: ADMIN }) },
  { name: 'full text, rare word', query: () => ({ text: RARE, visibility: ADMIN }) },
  { name: 'full text, creator surname', query: (i) => ({ text: SURNAMES[i * 7]!, visibility: ADMIN }) },
  { name: 'full text, prefix word*', query: (i) => ({ text: `${WORDS[200 + i]!.slice(0, 5)}*`, visibility: ADMIN }) },
  {
    name: 'identifier prefix, by key',
    query: (i) => ({ keyPrefix: `${SHOULDERS[i % 5]}${DIGITS[i % 29]}`, sort: 'key', order: 'asc', visibility: ADMIN }),
  },
  {
    name: 'target prefix',
    query: (i) => ({ target: `repository${i % 20}.example.org/objects/2019/`, visibility: ADMIN }),
  },
  {
    name: 'owner + status',
    query: (i) => ({ owner: OWNERS[i % 50]!, status: i % 2 ? 'reserved' : 'unavailable', visibility: ADMIN }),
  },
  {
    name: 'created in a month, by created',
    query: (i) => {
      const from = new Date(Date.UTC(2016 + (i % 8), i % 12, 1));
      const to = new Date(Date.UTC(2016 + (i % 8), (i % 12) + 1, 1));
      return { createdFrom: from.toISOString(), createdTo: to.toISOString(), sort: 'created', visibility: ADMIN };
    },
  },
  {
    name: 'updated since, by updated',
    query: (i) => ({ updatedFrom: `${2018 + (i % 6)}-06-01T00:00:00Z`, sort: 'updated', visibility: ADMIN }),
  },
  { name: 'status reserved, page 20', query: (i) => ({ status: 'reserved', offset: 950 + i, visibility: ADMIN }) },
];
