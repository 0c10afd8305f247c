import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATEST_VERSION } from '../migrations.ts';
import type { Binding, ImportItem, ImportItemResult, Store } from '../store.ts';
import { accountsContract } from './accounts-contract.ts';

/** What a backend's test file gives the contract suite. */
export interface ContractTarget {
  /** A new, empty, migrated store (its own database file or schema). */
  fresh(): Promise<Store>;
  /** A second store instance on the same database as `store` (another gateway instance). */
  sibling(store: Store): Promise<Store>;
}

const A = 'ark:/99999/fk4';
const target = (n: number | string) => `https://example.org/object/${n}`;

/** Compare by Unicode code point, which is the order both backends keep (bytes of UTF-8). */
const byCodePoint = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

function value<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function code(r: { ok: boolean; error?: { code: string } }): string {
  return r.ok ? 'ok' : r.error!.code;
}

/** The storage contract: every backend must pass all of it. */
export function storeContract(name: string, t: ContractTarget): void {
  describe(`store contract: ${name}`, () => {
    const opened: Store[] = [];
    const fresh = async () => {
      const s = await t.fresh();
      opened.push(s);
      return s;
    };
    const sibling = async (s: Store) => {
      const o = await t.sibling(s);
      opened.push(o);
      return o;
    };
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
    });

    describe('migrations', () => {
      it('are applied at open and recorded: migrate() again applies nothing', async () => {
        const s = await fresh();
        expect(value(await s.migrate())).toEqual({ applied: [], version: LATEST_VERSION });
        const o = await sibling(s);
        expect(value(await o.migrate())).toEqual({ applied: [], version: LATEST_VERSION });
      });
    });

    describe('bindings', () => {
      it('creates, reads, updates, leaves unchanged, and records history', async () => {
        const s = await fresh();
        const key = `${A}abc`;
        const created = value(
          await s.putBinding(key, { target: target(1), erc: { who: 'Kunze', what: 'ARK' } }, 'cli'),
        );
        expect(created.action).toBe('created');
        expect(created.binding).toMatchObject({ key, target: target(1), status: 302, version: 1, tombstoned: false });
        expect(value(await s.getBinding(key))).toEqual(created.binding);

        const support = { who: 'Example Library', what: 'Permanent: Stable Content', when: '2024', where: 'x' };
        const updated = value(await s.putBinding(key, { target: target(2), status: 301, support }, 'tok_1'));
        expect(updated.action).toBe('updated');
        expect(updated.binding).toMatchObject({ target: target(2), status: 301, version: 2, erc: {}, support });
        expect(updated.binding.createdAt).toBe(created.binding.createdAt);

        const same = value(await s.putBinding(key, { target: target(2), status: 301, support }, 'tok_2'));
        expect(same.action).toBe('unchanged');
        expect(same.binding.version).toBe(2);

        const h = value(await s.history(key));
        expect(h.map((e) => [e.action, e.actor, e.before?.version ?? null, e.after.version])).toEqual([
          ['create', 'cli', null, 1],
          ['update', 'tok_1', 1, 2],
        ]);
        expect(h[1]!.before).toEqual(created.binding);
        expect(h[1]!.after).toEqual(updated.binding);
        expect(value(await s.history(`${A}never`))).toEqual([]);
        expect(code(await s.getBinding(`${A}never`))).toBe('not-found');
      });

      it('keeps repeated ERC elements and unicode values', async () => {
        const s = await fresh();
        const erc = { who: ['Ada', 'Grace'], what: 'Überblick — 概要 😀', 'about-what': '' };
        value(await s.putBinding(`${A}u`, { target: target('u'), erc }, 'cli'));
        expect(value(await s.getBinding(`${A}u`)).erc).toEqual(erc);
      });

      it.each([
        [{ target: 'ftp://example.org/x' }],
        [{ target: '/relative' }],
        [{ target: 'https://' }],
        [{ target: 'javascript:alert(1)' }],
        [{ target: target(1), status: 200 }],
        [{ target: target(1), status: '302' }],
        [{ target: target(1), erc: { 'bad name': 'x' } }],
        [{ target: target(1), erc: { who: 5 } }],
        [{ target: target(1), support: 'x' }],
        [{ target: target(1), extra: true }],
        [{}],
        [null],
        ['https://example.org/'],
      ])('refuses the input %j with invalid-binding', async (input) => {
        const s = await fresh();
        expect(code(await s.putBinding(`${A}x`, input as never, 'cli'))).toBe('invalid-binding');
        expect(code(await s.getBinding(`${A}x`))).toBe('not-found');
      });

      it.each([
        ['empty', ''],
        ['a space', 'ark:/99999/a b'],
        ['NUL', 'ark:/99999/\u0000'],
        ['a newline', 'x\n'],
        ['a lone surrogate', '\ud800'],
        ['a number', 42],
      ])('refuses a key that is %s with invalid-key', async (_, key) => {
        const s = await fresh();
        expect(code(await s.putBinding(key as string, { target: target(1) }, 'cli'))).toBe('invalid-key');
        expect(code(await s.getBinding(key as string))).toBe('invalid-key');
      });

      it.each([
        ['2049 octets', `ark:/99999/${'k'.repeat(2038)}`],
        ['4097 characters', 'k'.repeat(4097)],
        ['700 three-octet characters', `ark:/99999/${'\u20ac'.repeat(700)}`],
        ['100,000 characters', 'k'.repeat(100_000)],
      ])('refuses to write a key of %s (key-too-long), and reads it as not bound', async (_, key) => {
        const s = await fresh();
        expect(code(await s.putBinding(key, { target: target(1) }, 'cli'))).toBe('key-too-long');
        expect(code(await s.getBinding(key))).toBe('not-found');
        expect(code(await s.history(key))).toBe('not-found');
        expect(code(await s.longestBound([key]))).toBe('not-found');
      });

      it('writes and reads a key of exactly 2048 octets on both backends', async () => {
        const s = await fresh();
        const key = `ark:/99999/${'k'.repeat(2048 - 11)}`;
        expect(value(await s.putBinding(key, { target: target(1) }, 'cli')).binding.key).toBe(key);
        expect(value(await s.longestBound([`${key}/more`, key])).key).toBe(key);
      });

      it.each([
        ['a NUL in the target', { target: 'https://x.org/a\u0000b' }],
        ['a NUL in an ERC value', { target: 'https://x.org/', erc: { who: 'a\u0000b' } }],
        ['a lone surrogate in an ERC value', { target: 'https://x.org/', erc: { what: '\ud800' } }],
      ])('refuses %s with invalid-binding, on both backends', async (_, input) => {
        const s = await fresh();
        expect(code(await s.putBinding(`${A}nul`, input, 'cli'))).toBe('invalid-binding');
        const results: ImportItemResult[] = [];
        const summary = value(
          await s.importBindings(
            [
              { key: `${A}n1`, target: target(1) },
              { key: `${A}n2`, ...input },
              { key: `${A}n3`, target: target(3) },
            ] as ImportItem[],
            { actor: 'cli', onResult: (r) => results.push(r) },
          ),
        );
        expect(summary).toMatchObject({ total: 3, created: 2, failed: 1 });
        expect(results.map((r) => r.ok)).toEqual([true, false, true]);
      });

      it('refuses an empty actor', async () => {
        const s = await fresh();
        expect(code(await s.putBinding(`${A}a`, { target: target(1) }, ''))).toBe('invalid-actor');
        expect(code(await s.deleteBinding(`${A}a`, ''))).toBe('invalid-actor');
      });

      it('honours ifAbsent and ifVersion with conflict', async () => {
        const s = await fresh();
        const key = `${A}c`;
        expect(code(await s.putBinding(key, { target: target(1) }, 'cli', { ifVersion: 1 }))).toBe('conflict');
        value(await s.putBinding(key, { target: target(1) }, 'cli', { ifAbsent: true }));
        expect(code(await s.putBinding(key, { target: target(2) }, 'cli', { ifAbsent: true }))).toBe('conflict');
        expect(code(await s.putBinding(key, { target: target(2) }, 'cli', { ifVersion: 2 }))).toBe('conflict');
        expect(value(await s.putBinding(key, { target: target(2) }, 'cli', { ifVersion: 1 })).binding.version).toBe(2);
        expect(value(await s.getBinding(key)).target).toBe(target(2));
      });
    });

    describe('tombstones', () => {
      it('deleting tombstones the key: lookups return it with its record; it is never bound again', async () => {
        const s = await fresh();
        const key = `${A}gone`;
        const erc = { who: 'W', what: 'gone', when: '2020', where: target(1) };
        value(await s.putBinding(key, { target: target(1), erc }, 'cli'));
        const tomb = value(await s.deleteBinding(key, 'tok_9'));
        expect(tomb).toMatchObject({ key, tombstoned: true, erc, version: 2 });
        expect(tomb.deletedAt).not.toBeNull();
        expect(value(await s.getBinding(key))).toEqual(tomb);
        expect(code(await s.putBinding(key, { target: target(2) }, 'cli'))).toBe('tombstoned');
        expect(code(await s.deleteBinding(key, 'cli'))).toBe('tombstoned');
        expect(code(await s.deleteBinding(`${A}never`, 'cli'))).toBe('not-found');
        const h = value(await s.history(key));
        expect(h.map((e) => `${e.action}:${e.actor}`)).toEqual(['create:cli', 'delete:tok_9']);
        expect(h[1]!.after).toEqual(tomb);
        // The other instance sees the tombstone too.
        const o = await sibling(s);
        expect(code(await o.putBinding(key, { target: target(3) }, 'cli'))).toBe('tombstoned');
      });
    });

    describe('longestBound', () => {
      it('finds the longest bound candidate in one call', async () => {
        const s = await fresh();
        value(await s.putBinding(`${A}abc`, { target: target('abc') }, 'cli'));
        value(await s.putBinding(`${A}abc/chap1`, { target: target('chap1') }, 'cli'));
        value(await s.putBinding(`${A}abc/chap1/p2.pdf`, { target: target('other') }, 'cli'));
        const candidates = [`${A}abc/chap1/p2`, `${A}abc/chap1`, `${A}abc`];
        expect(value(await s.longestBound(candidates)).key).toBe(`${A}abc/chap1`);
        expect(value(await s.longestBound([`${A}abc`, `${A}abc/chap9`])).key).toBe(`${A}abc`);
        expect(code(await s.longestBound([`${A}zzz`, `${A}zz`]))).toBe('not-found');
        expect(code(await s.longestBound([]))).toBe('not-found');
        expect(code(await s.longestBound(Array.from({ length: 513 }, (_, i) => `k${i}`)))).toBe('invalid-limit');
        expect(code(await s.longestBound(['ok', '']))).toBe('invalid-key');
      });

      it('returns a tombstoned ancestor rather than skipping it', async () => {
        const s = await fresh();
        value(await s.putBinding(`${A}p`, { target: target('p') }, 'cli'));
        value(await s.putBinding(`${A}p/q`, { target: target('q') }, 'cli'));
        value(await s.deleteBinding(`${A}p/q`, 'cli'));
        const found = value(await s.longestBound([`${A}p/q/r`, `${A}p/q`, `${A}p`]));
        expect(found).toMatchObject({ key: `${A}p/q`, tombstoned: true });
      });
    });

    describe('listing and export', () => {
      const keys = [
        'ark:/99999/b1',
        'ark:/99999/b1/x',
        'ark:/99999/b10',
        'ark:/99999/b2',
        'ark:/99999/bé',
        'ark:/99999/b\uff21',
        'ark:/99999/b\u{1f600}',
        'ark:/99999/b\u{10ffff}',
        'ark:/99998/zz',
        'ark:/999999/c',
        'urn:example:a',
      ];

      it('pages by prefix with an opaque keyset cursor, in code point order', async () => {
        const s = await fresh();
        for (const k of keys) value(await s.putBinding(k, { target: target(k.length) }, 'cli'));
        value(await s.deleteBinding('ark:/99999/b2', 'cli'));
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = value(await s.listBindings({ prefix: 'ark:/99999/', cursor, limit: 3 }));
          expect(page.items.length).toBeLessThanOrEqual(3);
          seen.push(...page.items.map((b) => b.key));
          cursor = page.next ?? undefined;
          pages++;
        } while (cursor !== undefined && pages < 10);
        const expected = keys.filter((k) => k.startsWith('ark:/99999/') && k !== 'ark:/99999/b2').sort(byCodePoint);
        expect(seen).toEqual(expected);
        expect(pages).toBe(3);

        const all = value(await s.listBindings({ prefix: 'ark:/99999/b', includeTombstoned: true, limit: 1000 }));
        expect(all.items.map((b) => b.key)).toContain('ark:/99999/b2');
        expect(all.next).toBeNull();
        const everything = value(await s.listBindings({}));
        expect(everything.items.map((b) => b.key)).toEqual(keys.filter((k) => k !== 'ark:/99999/b2').sort(byCodePoint));
      });

      it('refuses a cursor from another listing, a forged cursor and a bad limit', async () => {
        const s = await fresh();
        for (const k of keys) value(await s.putBinding(k, { target: target(1) }, 'cli'));
        const page = value(await s.listBindings({ prefix: 'ark:/99999/', limit: 2 }));
        expect(page.next).not.toBeNull();
        const next = page.next!;
        expect(code(await s.listBindings({ prefix: 'ark:/99998/', cursor: next }))).toBe('invalid-cursor');
        expect(code(await s.listBindings({ cursor: 'not a cursor' }))).toBe('invalid-cursor');
        expect(code(await s.listBindings({ cursor: Buffer.from('[1,2,3]').toString('base64url') }))).toBe(
          'invalid-cursor',
        );
        expect(code(await s.listBindings({ limit: 0 }))).toBe('invalid-limit');
        expect(code(await s.listBindings({ limit: 1001 }))).toBe('invalid-limit');
      });

      it('exports every binding and tombstone in key order, page by page', async () => {
        const s = await fresh();
        for (const k of keys) value(await s.putBinding(k, { target: target(1) }, 'cli'));
        value(await s.deleteBinding('urn:example:a', 'cli'));
        const out: Binding[] = [];
        for await (const r of s.exportBindings({ pageSize: 2 })) out.push(value(r));
        expect(out.map((b) => b.key)).toEqual([...keys].sort(byCodePoint));
        expect(out.find((b) => b.key === 'urn:example:a')?.tombstoned).toBe(true);
      });

      it('exports only the keys under a prefix, tombstones too, reading no page outside it', async () => {
        const s = await fresh();
        for (const k of keys) value(await s.putBinding(k, { target: target(1) }, 'cli'));
        value(await s.deleteBinding('ark:/99999/b1/x', 'cli'));
        const out: Binding[] = [];
        for await (const r of s.exportBindings({ prefix: 'ark:/99999/b1', pageSize: 1 })) out.push(value(r));
        expect(out.map((b) => [b.key, b.tombstoned])).toEqual([
          ['ark:/99999/b1', false],
          ['ark:/99999/b1/x', true],
          ['ark:/99999/b10', false],
        ]);
        const all: Binding[] = [];
        for await (const r of s.exportBindings({ prefix: 'ark:/99999/' })) all.push(value(r));
        expect(all.map((b) => b.key)).toEqual(keys.filter((k) => k.startsWith('ark:/99999/')).sort(byCodePoint));
        const none: Binding[] = [];
        for await (const r of s.exportBindings({ prefix: 'ark:/77777/' })) none.push(value(r));
        expect(none).toEqual([]);
        const bad: string[] = [];
        for await (const r of s.exportBindings({ prefix: 'ark:/99999/ b' }))
          bad.push(r.ok ? r.value.key : r.error.code);
        expect(bad).toEqual(['invalid-key']);
      });
    });

    describe('importBindings', () => {
      it('writes batch by batch and reports every item in order', async () => {
        const s = await fresh();
        value(await s.putBinding(`${A}dead`, { target: target(0) }, 'cli'));
        value(await s.deleteBinding(`${A}dead`, 'cli'));
        const items: ImportItem[] = [];
        for (let i = 0; i < 2500; i++) items.push({ key: `${A}i${i}`, target: target(i) });
        items[10] = { key: `${A}bad`, target: 'ftp://x' };
        items[20] = { key: '', target: target(1) };
        items[30] = { key: `${A}dead`, target: target(1) };
        items[40] = { key: `${A}i39`, target: target('again') };
        const results: ImportItemResult[] = [];
        const summary = value(
          await s.importBindings(items, { batchSize: 1000, actor: 'cli', onResult: (r) => results.push(r) }),
        );
        expect(summary).toMatchObject({ total: 2500, created: 2496, updated: 1, failed: 3, unchanged: 0 });
        expect(results.map((r) => r.index)).toEqual(items.map((_, i) => i));
        expect(summary.failures.map((f) => [f.index, f.ok ? '' : f.error.code])).toEqual([
          [10, 'invalid-binding'],
          [20, 'invalid-key'],
          [30, 'tombstoned'],
        ]);
        expect(value(await s.getBinding(`${A}i39`))).toMatchObject({ target: target('again'), version: 2 });
        expect(value(await s.history(`${A}i2499`))[0]).toMatchObject({ action: 'create', actor: 'cli' });

        const again = value(await s.importBindings(items.slice(0, 100), { batchSize: 7 }));
        // i39 goes back to its first target, then to "again" once more.
        expect(again).toMatchObject({ total: 100, unchanged: 95, failed: 3, updated: 2 });
        const skip = value(await s.importBindings([{ key: `${A}i1`, target: target('new') }], { onExisting: 'skip' }));
        expect(skip.skipped).toBe(1);
        const fail = value(await s.importBindings([{ key: `${A}i1`, target: target('new') }], { onExisting: 'fail' }));
        expect(fail.failures[0]).toMatchObject({ ok: false, error: { code: 'conflict' } });
        expect(value(await s.getBinding(`${A}i1`)).target).toBe(target(1));
      });

      it('takes an async iterable; a source that throws stops the import after committed batches', async () => {
        const s = await fresh();
        async function* source() {
          for (let i = 0; i < 25; i++) yield { key: `${A}s${i}`, target: target(i) };
          throw new Error('disk read failed');
        }
        const r = await s.importBindings(source(), { batchSize: 10 });
        expect(code(r)).toBe('import-source-error');
        expect(value(await s.listBindings({ prefix: `${A}s`, limit: 100 })).items).toHaveLength(25);
      });

      it('refuses bad options', async () => {
        const s = await fresh();
        expect(code(await s.importBindings([], { batchSize: 0 }))).toBe('invalid-limit');
        expect(code(await s.importBindings([], { actor: '' }))).toBe('invalid-actor');
        expect(value(await s.importBindings([]))).toMatchObject({ total: 0 });
      });
    });

    describe('PDI', () => {
      const R = 'urn:pdi://ap.org.us/1997/11/27/12';

      it('assigns versions 1, 2, 3 per resource and format; never changes one', async () => {
        const s = await fresh();
        const v1 = value(await s.putPdiVersion(R, 'html', target('h1'), 'cli', { erc: { what: 'v1' } }));
        expect(v1).toMatchObject({ resourceKey: R, format: 'html', version: 1, erc: { what: 'v1' }, actor: 'cli' });
        expect(value(await s.putPdiVersion(R, 'HTML', target('h2'), 'cli')).version).toBe(2);
        expect(value(await s.putPdiVersion(R, 'text', target('t1'), 'cli')).version).toBe(1);
        expect(value(await s.putPdiVersion(R, 'html', target('h3'), 'cli')).version).toBe(3);
        expect(value(await s.getPdi(R, 'html')).target).toBe(target('h3'));
        expect(value(await s.getPdi(R, 'html', 1))).toEqual(v1);
        expect(value(await s.getPdi(R)).target).toBe(target('h3'));
        expect(code(await s.getPdi(R, 'html', 4))).toBe('not-found');
        expect(code(await s.getPdi(R, 'pdf'))).toBe('not-found');
        expect(code(await s.getPdi(R, undefined, 1))).toBe('invalid-version');
        expect(code(await s.getPdi(R, 'html', 0))).toBe('invalid-version');
        expect(code(await s.putPdiVersion(R, 'ht ml', target(1), 'cli'))).toBe('invalid-format');
        expect(code(await s.putPdiVersion(R, 'html', 'mailto:x@y', 'cli'))).toBe('invalid-binding');
      });

      it('gives distinct versions to concurrent puts from two instances', async () => {
        const s = await fresh();
        const o = await sibling(s);
        const puts = Array.from({ length: 20 }, (_, i) => (i % 2 ? s : o).putPdiVersion(R, 'html', target(i), 'cli'));
        const versions = (await Promise.all(puts)).map((r) => value(r).version).sort((a, b) => a - b);
        expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      });

      it('lists by prefix, key range and time, paged', async () => {
        const s = await fresh();
        const days = ['1997/11/01', '1997/11/27', '1997/12/03', '1998/01/01'];
        for (const d of days) {
          for (const f of ['html', 'text'])
            value(await s.putPdiVersion(`urn:pdi://ap.org.us/${d}/1`, f, target(d), 'cli'));
        }
        value(await s.putPdiVersion('urn:pdi://bbc.co.uk/1997/11/02/1', 'html', target('bbc'), 'cli'));
        const nov = value(await s.listPdi({ prefix: 'urn:pdi://ap.org.us/1997/11/' }));
        expect(nov.items.map((p) => `${p.resourceKey}.${p.format}`)).toEqual([
          'urn:pdi://ap.org.us/1997/11/01/1.html',
          'urn:pdi://ap.org.us/1997/11/01/1.text',
          'urn:pdi://ap.org.us/1997/11/27/1.html',
          'urn:pdi://ap.org.us/1997/11/27/1.text',
        ]);
        const range = value(
          await s.listPdi({ from: 'urn:pdi://ap.org.us/1997/11/15/', to: 'urn:pdi://ap.org.us/1998/', limit: 1 }),
        );
        expect(range.items).toHaveLength(1);
        const rest = value(
          await s.listPdi({
            from: 'urn:pdi://ap.org.us/1997/11/15/',
            to: 'urn:pdi://ap.org.us/1998/',
            cursor: range.next!,
            limit: 10,
          }),
        );
        expect([...range.items, ...rest.items].map((p) => p.resourceKey)).toEqual([
          'urn:pdi://ap.org.us/1997/11/27/1',
          'urn:pdi://ap.org.us/1997/11/27/1',
          'urn:pdi://ap.org.us/1997/12/03/1',
          'urn:pdi://ap.org.us/1997/12/03/1',
        ]);
        expect(rest.next).toBeNull();
        expect(code(await s.listPdi({ prefix: 'urn:pdi://x', cursor: range.next! }))).toBe('invalid-cursor');
        const future = value(await s.listPdi({ createdFrom: '2999-01-01T00:00:00Z' }));
        expect(future.items).toEqual([]);
        expect(value(await s.listPdi({ createdTo: '2999-01-01' })).items).toHaveLength(9);
        expect(code(await s.listPdi({ createdFrom: 'yesterday' }))).toBe('invalid-date');
      });

      it('hands out daily serial numbers atomically, across instances', async () => {
        const s = await fresh();
        const o = await sibling(s);
        expect(value(await s.nextSerial('ap.org.us', '1997-11-27'))).toBe(1);
        expect(value(await o.nextSerial('AP.org.us', '1997-11-27'))).toBe(2);
        expect(value(await s.nextSerial('ap.org.us', '1997-11-28'))).toBe(1);
        const many = await Promise.all(
          Array.from({ length: 40 }, (_, i) => (i % 2 ? s : o).nextSerial('bbc.co.uk', '2024-02-29')),
        );
        expect(many.map((r) => value(r)).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
        expect(code(await s.nextSerial('ap.org.us', '2023-02-29'))).toBe('invalid-date');
        expect(code(await s.nextSerial('ap.org.us', '1997/11/27'))).toBe('invalid-date');
        expect(code(await s.nextSerial('', '1997-11-27'))).toBe('invalid-series');
      });
    });

    describe('NAANs, shoulders and minting', () => {
      it('registers NAANs and shoulders', async () => {
        const s = await fresh();
        expect(value(await s.addNaan('99999', 'Test'))).toMatchObject({ naan: '99999', name: 'Test' });
        expect(code(await s.addNaan('99999'))).toBe('conflict');
        expect(code(await s.addNaan('99-99'))).toBe('invalid-naan');
        value(await s.addNaan('b5072'));
        expect(value(await s.listNaans()).map((n) => n.naan)).toEqual(['99999', 'b5072']);
        const shoulder = { key: 'ark:/99999/x6', naan: '99999', template: 'x6.reeddk', seed: '1234' };
        expect(value(await s.addShoulder(shoulder))).toMatchObject({ ...shoulder, minted: 0, capacity: 84100 });
        expect(code(await s.addShoulder(shoulder))).toBe('conflict');
        expect(code(await s.addShoulder({ ...shoulder, key: 'ark:/12345/x6', naan: '12345' }))).toBe('unknown-naan');
        expect(code(await s.addShoulder({ ...shoulder, key: 'ark:/99999/y', template: 'x6.qeed' }))).toBe(
          'invalid-template',
        );
        expect(code(await s.addShoulder({ ...shoulder, key: 'ark:/99999/y', seed: '' }))).toBe('invalid-seed');
        value(await s.addShoulder({ key: 'ark:/99999/z1', naan: '99999', template: 'z1.zd', seed: 's' }));
        expect(value(await s.listShoulders('99999')).map((x) => [x.key, x.capacity])).toEqual([
          ['ark:/99999/x6', 84100],
          ['ark:/99999/z1', null],
        ]);
        expect(value(await s.listShoulders('b5072'))).toEqual([]);
        expect(value(await s.getShoulder('ark:/99999/x6')).template).toBe('x6.reeddk');
        expect(code(await s.getShoulder('ark:/99999/none'))).toBe('not-found');
      });

      it('reserves counter values, never the same twice, and stops at the capacity', async () => {
        const s = await fresh();
        value(await s.addNaan('99999'));
        value(await s.addShoulder({ key: 'ark:/99999/b3', naan: '99999', template: 'b3.sd', seed: '0' }));
        expect(value(await s.reserveMint('ark:/99999/b3', 7))).toEqual({ first: 0, count: 7 });
        expect(code(await s.reserveMint('ark:/99999/b3', 4))).toBe('mint-exhausted');
        expect(value(await s.reserveMint('ark:/99999/b3', 3))).toEqual({ first: 7, count: 3 });
        expect(code(await s.reserveMint('ark:/99999/b3', 1))).toBe('mint-exhausted');
        expect(value(await s.getShoulder('ark:/99999/b3')).minted).toBe(10);
        expect(code(await s.reserveMint('ark:/99999/none', 1))).toBe('not-found');
        expect(code(await s.reserveMint('ark:/99999/b3', 0))).toBe('invalid-count');
        expect(code(await s.reserveMint('ark:/99999/b3', 1.5))).toBe('invalid-count');
      });

      it('never hands out the same index to two instances reserving at once', async () => {
        const s = await fresh();
        const o = await sibling(s);
        value(await s.addNaan('99999'));
        value(await s.addShoulder({ key: 'ark:/99999/x6', naan: '99999', template: 'x6.zeedk', seed: '7' }));
        const calls = Array.from({ length: 60 }, (_, i) => (i % 2 ? s : o).reserveMint('ark:/99999/x6', (i % 5) + 1));
        const reservations = (await Promise.all(calls)).map((r) => value(r));
        const indices = reservations.flatMap((r) => Array.from({ length: r.count }, (_, i) => r.first + i));
        const total = reservations.reduce((n, r) => n + r.count, 0);
        expect(new Set(indices).size).toBe(indices.length);
        expect([...indices].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
      });
    });

    describe('tokens', () => {
      it('creates (secret shown once), verifies, lists without secrets, revokes', async () => {
        const s = await fresh();
        const created = value(await s.createToken('harvester', ['ark:/99999/x6', 'urn:pdi://ap.org.us']));
        expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(value(await s.verifyToken(created.token))).toEqual({
          id: created.id,
          name: 'harvester',
          scopes: ['ark:/99999/x6', 'urn:pdi://ap.org.us'],
          owner: 'harvester',
        });
        const o = await sibling(s);
        expect(value(await o.verifyToken(created.token)).id).toBe(created.id);
        const listed = value(await s.listTokens());
        expect(listed).toEqual([
          {
            id: created.id,
            name: 'harvester',
            scopes: created.scopes,
            createdAt: created.createdAt,
            revokedAt: null,
            expiresAt: null,
            owner: 'harvester',
          },
        ]);
        expect(JSON.stringify(listed)).not.toContain(created.token);
        const revoked = value(await s.revokeToken(created.id));
        expect(revoked.revokedAt).not.toBeNull();
        expect(value(await s.revokeToken(created.id)).revokedAt).toBe(revoked.revokedAt);
        expect(code(await o.verifyToken(created.token))).toBe('token-revoked');
        expect(code(await s.revokeToken('tok_none'))).toBe('not-found');
      });

      it.each(['', 'x', 'A'.repeat(43), `${'A'.repeat(42)}=`, 'A'.repeat(44)])(
        'refuses the presented token %j with invalid-token',
        async (presented) => {
          const s = await fresh();
          value(await s.createToken('t', ['ark:/99999']));
          expect(code(await s.verifyToken(presented))).toBe('invalid-token');
        },
      );

      it('refuses bad names and scopes', async () => {
        const s = await fresh();
        expect(code(await s.createToken('', ['ark:/99999']))).toBe('invalid-token-name');
        expect(code(await s.createToken('t', []))).toBe('invalid-scope');
        expect(code(await s.createToken('t', ['a b']))).toBe('invalid-scope');
      });
    });

    describe('token expiry and sessions', () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      it('keeps an expiry date; the token stops working after it', async () => {
        const s = await fresh();
        const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
        const created = value(await s.createToken('ingest', ['ark:/99999/fk4'], { expiresAt }));
        expect(created.expiresAt).toBe(expiresAt);
        expect(value(await s.listTokens())[0]?.expiresAt).toBe(expiresAt);
        expect(value(await s.verifyToken(created.token)).name).toBe('ingest');
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.parse(expiresAt) + 1000);
        const o = await sibling(s);
        expect(code(await o.verifyToken(created.token))).toBe('token-expired');
      });

      it.each(['yesterday', '2001-01-01T00:00:00Z', '2099-13-01', 42])('refuses the expiry %j', async (expiresAt) => {
        const s = await fresh();
        expect(code(await s.createToken('t', ['ark:/99999'], { expiresAt: expiresAt as string }))).toBe(
          'invalid-expiry',
        );
      });

      it('opens sessions any instance can verify, until logout, expiry or revocation', async () => {
        const s = await fresh();
        const t = value(await s.createToken('cataloguing', ['ark:/99999/fk4']));
        const session = value(await s.createSession(t.id, 3600));
        expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(session.id).not.toBe(t.token);
        const o = await sibling(s);
        expect(value(await o.verifySession(session.id))).toEqual({
          id: t.id,
          name: 'cataloguing',
          scopes: ['ark:/99999/fk4'],
          owner: 'cataloguing',
        });
        value(await o.deleteSession(session.id));
        expect(code(await s.verifySession(session.id))).toBe('invalid-session');
        value(await o.deleteSession(session.id));

        const short = value(await s.createSession(t.id, 60));
        const long = value(await s.createSession(t.id, 7200));
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 120_000);
        expect(code(await s.verifySession(short.id))).toBe('invalid-session');
        expect(value(await s.verifySession(long.id)).id).toBe(t.id);
        vi.useRealTimers();
        value(await s.revokeToken(t.id));
        expect(code(await o.verifySession(long.id))).toBe('token-revoked');
      });

      it('refuses bad session ids and lifetimes', async () => {
        const s = await fresh();
        const t = value(await s.createToken('t', ['ark:/99999']));
        expect(code(await s.verifySession('nope'))).toBe('invalid-session');
        expect(code(await s.verifySession(t.token))).toBe('invalid-session');
        expect(code(await s.createSession(t.id, 0))).toBe('invalid-ttl');
        expect(code(await s.createSession(t.id, 32 * 24 * 3600))).toBe('invalid-ttl');
      });
    });

    describe('identifier status, owner and metadata', () => {
      const key = `${A}status`;

      it('are stored, read back by another instance, change the binding and are in its history', async () => {
        const s = await fresh();
        const metadata = { 'dc.title': 'Remembrance of Things Past', _profile: 'dc', datacite: '<resource/>' };
        const created = value(
          await s.putBinding(
            key,
            { target: target(1), identifierStatus: 'reserved', owner: 'cataloguing', metadata },
            'tok_1',
          ),
        );
        expect(created.binding).toMatchObject({
          identifierStatus: 'reserved',
          statusReason: null,
          owner: 'cataloguing',
          metadata,
        });
        const o = await sibling(s);
        expect(value(await o.getBinding(key))).toEqual(created.binding);
        const fresh2 = value(await s.putBinding(key, { target: target(1), owner: 'cataloguing', metadata }, 'tok_1'));
        expect(fresh2.action).toBe('updated');
        expect(fresh2.binding.identifierStatus).toBe('public');
        const gone = value(
          await s.putBinding(
            key,
            {
              target: target(1),
              owner: 'cataloguing',
              metadata,
              identifierStatus: 'unavailable',
              statusReason: 'withdrawn by author',
            },
            'tok_1',
          ),
        );
        expect(gone.binding).toMatchObject({ identifierStatus: 'unavailable', statusReason: 'withdrawn by author' });
        expect(value(await o.longestBound([`${key}/x`, key]))).toEqual(gone.binding);
        const same = value(
          await s.putBinding(
            key,
            {
              target: target(1),
              owner: 'cataloguing',
              metadata: { ...metadata },
              identifierStatus: 'unavailable',
              statusReason: 'withdrawn by author',
            },
            'tok_1',
          ),
        );
        expect(same.action).toBe('unchanged');
        const h = value(await o.history(key));
        expect(h.map((e) => e.after.identifierStatus)).toEqual(['reserved', 'public', 'unavailable']);
        expect(h[2]?.before?.metadata).toEqual(metadata);
      });

      it('default to public, no owner, no metadata', async () => {
        const s = await fresh();
        const b = value(await s.putBinding(key, { target: target(1) }, 'cli')).binding;
        expect(b).toMatchObject({ identifierStatus: 'public', statusReason: null, owner: null, metadata: {} });
      });

      it.each([
        [{ identifierStatus: 'hidden' }],
        [{ statusReason: '' }],
        [{ owner: '' }],
        [{ metadata: { '': 'x' } }],
        [{ metadata: { 'dc.title': 3 } }],
        [{ createdAt: 'last tuesday' }],
      ])('refuse %j with invalid-binding', async (extra) => {
        const s = await fresh();
        expect(code(await s.putBinding(key, { target: target(1), ...(extra as object) }, 'cli'))).toBe(
          'invalid-binding',
        );
      });

      it('an import keeps the given timestamps and is idempotent', async () => {
        const s = await fresh();
        const item = {
          key,
          target: target(1),
          owner: 'apitest',
          erc: { who: 'Proust, Marcel' },
          createdAt: '2011-03-22T16:45:37.000Z',
          updatedAt: '2011-03-23T20:52:30Z',
        };
        const first = value(await s.importBindings([item]));
        expect(first.created).toBe(1);
        const b = value(await s.getBinding(key));
        expect(b.createdAt).toBe('2011-03-22T16:45:37.000Z');
        expect(b.updatedAt).toBe('2011-03-23T20:52:30.000Z');
        const again = value(await s.importBindings([item]));
        expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
        expect(value(await s.getBinding(key)).version).toBe(1);
      });

      it('deleteReserved removes a reserved identifier only; the key can be bound again', async () => {
        const s = await fresh();
        value(await s.putBinding(`${A}pub`, { target: target(1) }, 'cli'));
        expect(code(await s.deleteReserved(`${A}pub`, 'cli'))).toBe('not-reserved');
        expect(code(await s.deleteReserved(`${A}none`, 'cli'))).toBe('not-found');
        value(await s.putBinding(key, { target: target(1), identifierStatus: 'reserved' }, 'cli'));
        const deleted = value(await s.deleteReserved(key, 'tok_9'));
        expect(deleted.deletedAt).not.toBeNull();
        const o = await sibling(s);
        expect(code(await o.getBinding(key))).toBe('not-found');
        expect(value(await o.history(key)).map((e) => [e.action, e.actor])).toEqual([
          ['create', 'cli'],
          ['delete', 'tok_9'],
        ]);
        expect(value(await o.putBinding(key, { target: target(2) }, 'cli')).action).toBe('created');
      });
    });

    describe('robustness', () => {
      it('answers any string with a Result, never a throw', async () => {
        const s = await fresh();
        await fc.assert(
          fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), async (key, t) => {
            for (const r of [
              await s.getBinding(key),
              await s.putBinding(key, { target: t } as never, key),
              await s.deleteBinding(key, 'cli'),
              await s.longestBound([key]),
              await s.listBindings({ prefix: key, cursor: t || undefined }),
              await s.reserveMint(key, 1),
              await s.verifyToken(key),
              await s.getPdi(key, t),
              await s.nextSerial(key, t),
            ]) {
              expect(typeof r.ok).toBe('boolean');
            }
          }),
          { numRuns: 40 },
        );
      });

      it('answers store-closed after close', async () => {
        const s = await t.fresh();
        await s.close();
        await s.close();
        expect(code(await s.getBinding('ark:/99999/x'))).toBe('store-closed');
        expect(code(await s.migrate())).toBe('store-closed');
      });
    });
  });
  accountsContract(name, t);
}
