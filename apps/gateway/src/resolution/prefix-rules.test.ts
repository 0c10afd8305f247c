import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../deps.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { OwnNaans } from './own-naans.ts';
import { resolveTarget } from './pipeline.ts';
import { PrefixRules, prefixRuleKey } from './prefix-rules.ts';

// Prefix rules over a real SQLite file: the longest rule wins whatever their number, a tombstoned rule
// still counts, and resolving reads the store once per request (the rules are kept in memory).

/** Every store method's calls, counted, the store otherwise untouched. */
function counting(store: Store): { store: Store; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

describe('prefix rules', () => {
  let dir: string;
  let store: Store;
  let rules: PrefixRules;
  /** 500 rules `ark:/99999/r{i}s` and nested ones, the nested chain under one of them. */
  const NESTED = ['ark:/99999/r7s', 'ark:/99999/r7sa', 'ark:/99999/r7sab', 'ark:/99999/r7sabcdef'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pidgate-rules-'));
    store = await openStore({ dataDir: dir });
    expect((await store.addNaan('99999')).ok).toBe(true);
    const put = async (ark: string, target: string) => {
      const r = await store.putBinding(prefixRuleKey(ark), { target }, 'test');
      expect(r.ok).toBe(true);
    };
    for (let i = 0; i < 500; i++) await put(`ark:/99999/r${i}s`, `https://rules.example.org/${i}/`);
    for (const ark of NESTED.slice(1)) await put(ark, `https://nested.example.org/${ark.slice(11)}/`);
    // A plain binding under the same NAAN, and a tombstoned rule.
    expect((await store.putBinding('ark:/99999/r7', { target: 'https://plain.example.org/r7' }, 'test')).ok).toBe(true);
    await put('ark:/99999/gone', 'https://gone.example.org/');
    expect((await store.deleteBinding(prefixRuleKey('ark:/99999/gone'), 'test')).ok).toBe(true);
    rules = new PrefixRules(store, new OwnNaans(store));
    await rules.refresh();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['ark:/99999/r7s', 'ark:/99999/r7s'],
    ['ark:/99999/r7sx', 'ark:/99999/r7s'],
    ['ark:/99999/r7sa', 'ark:/99999/r7sa'],
    ['ark:/99999/r7sabc', 'ark:/99999/r7sab'],
    ['ark:/99999/r7sabcdef/x.pdf', 'ark:/99999/r7sabcdef'],
    ['ark:/99999/r71s9', 'ark:/99999/r71s'],
    ['ark:/99999/r499s', 'ark:/99999/r499s'],
    ['ark:/99999/gone/x', 'ark:/99999/gone'],
  ])('%s is covered by the rule %s (the longest that it starts with)', (key, rule) => {
    expect(rules.match(key)?.key).toBe(prefixRuleKey(rule));
  });

  it.each(['ark:/99999/r7', 'ark:/99999/r', 'ark:/99999/r500s', 'ark:/99999/x', 'ark:/12025/r7s', 'ark:/99999', ''])(
    '%s is covered by no rule',
    (key) => {
      expect(rules.match(key)).toBeNull();
    },
  );

  it('the tombstoned rule is found as such (its requests answer 410)', () => {
    expect(rules.match('ark:/99999/gone1')?.tombstoned).toBe(true);
  });

  it('a rule on the NAAN itself covers everything under it, but a longer rule still wins', async () => {
    const d = mkdtempSync(join(tmpdir(), 'pidgate-rules-'));
    const s = await openStore({ dataDir: d });
    try {
      await s.addNaan('12345');
      await s.putBinding('ark:/12345/!', { target: 'https://all.example.org/' }, 'test');
      await s.putBinding('ark:/12345/!b', { target: 'https://b.example.org/' }, 'test');
      const r = new PrefixRules(s, new OwnNaans(s));
      await r.refresh();
      expect(r.match('ark:/12345/anything')?.key).toBe('ark:/12345/!');
      expect(r.match('ark:/12345/b2')?.key).toBe('ark:/12345/!b');
    } finally {
      await s.close();
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('a resolution asks the store one lookup, whatever the number of rules, and no listing', async () => {
    const { store: counted, calls } = counting(store);
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    const deps = await createDeps(config, { registry: allSchemes, store: counted });
    try {
      calls.clear();
      const paths = ['/ark:/99999/r7sabcx', '/ark:/99999/r7', '/ark:/99999/r250s1/page.pdf', '/ark:/99999/r7s-9'];
      for (const path of paths) {
        const r = await resolveTarget(deps, path, { loopCheck: { host: 'localhost' } });
        expect(r.kind === 'outcome' && r.outcome.kind).toBe('redirect');
      }
      expect(calls.get('longestBound')).toBe(paths.length);
      expect(calls.get('listBindings') ?? 0).toBe(0);
      expect([...calls.keys()].sort()).toEqual(['longestBound']);
    } finally {
      await deps.close();
    }
  });
});
