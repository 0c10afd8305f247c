import { describe, expect, it } from 'vitest';
import { equivalenceKey, equivalent, Grouper, isEquivalenceLevel } from './equivalence.ts';
import type { Identifier } from './identifier.ts';

const id = (normalized: string, standardKey?: string): Identifier => ({
  scheme: 'test',
  input: normalized,
  profile: 'source',
  normalized,
  components: {},
  ...(standardKey === undefined ? {} : { standardKey }),
});

describe('equivalence levels', () => {
  const isbn10 = id('urn:isbn:0395363411', 'urn:isbn:9780395363416');
  const isbn13 = id('urn:isbn:9780395363416');

  it('lexical (the default) compares normalized', () => {
    expect(equivalent(isbn10, isbn13)).toBe(false);
    expect(equivalent(isbn10, isbn13, 'lexical')).toBe(false);
    expect(equivalenceKey(isbn10)).toBe('urn:isbn:0395363411');
  });

  it('standard compares the standard key, falling back to normalized', () => {
    expect(equivalent(isbn10, isbn13, 'standard')).toBe(true);
    expect(equivalenceKey(isbn13, 'standard')).toBe('urn:isbn:9780395363416');
  });

  it('names its levels', () => {
    expect(isEquivalenceLevel('lexical')).toBe(true);
    expect(isEquivalenceLevel('standard')).toBe(true);
    expect(isEquivalenceLevel('loose')).toBe(false);
  });

  it('a Grouper groups whatever keys it is fed', () => {
    const g = new Grouper();
    g.add(1, 'a', { ok: true, value: equivalenceKey(isbn10, 'standard') });
    g.add(2, 'b', { ok: true, value: equivalenceKey(isbn13, 'standard') });
    expect(g.groups).toHaveLength(1);
  });

  it("a Grouper keeps a member's warnings (code and message), and none where there are none", () => {
    const g = new Grouper();
    const warning = { code: 'isbn-unicode-separator', message: 'U+2010 read as "-"' };
    g.add(1, 'a', { ok: true, value: 'k' }, [{ ...warning, extra: 1 } as typeof warning]);
    g.add(2, 'b', { ok: true, value: 'k' }, []);
    g.add(3, 'c', { ok: true, value: 'k' });
    expect(g.groups).toEqual([
      {
        normalized: 'k',
        members: [
          { line: 1, input: 'a', warnings: [warning] },
          { line: 2, input: 'b' },
          { line: 3, input: 'c' },
        ],
      },
    ]);
    expect(Object.keys(g.groups[0]?.members[1] ?? {})).toEqual(['line', 'input']);
  });
});
