// biome-ignore-all lint/suspicious/noTemplateCurlyInString: resolver URLs are templates with ${urn}-style placeholders.
import { readFileSync } from 'node:fs';
import { urnScheme } from '@pidgate/urn';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/index.ts';
import { tempFiles } from '../testing/helpers.ts';
import {
  BUILTIN_RESOLVERS_FILE,
  loadResolverTable,
  mergeResolverTables,
  ResolverTableSchema,
} from './resolver-table.ts';

describe('the built-in resolver table (data/resolvers.json)', () => {
  const raw = JSON.parse(readFileSync(new URL('../../data/resolvers.json', import.meta.url), 'utf8'));

  it('is valid, has exactly the keys urn and schemes, and no prefix twice', () => {
    expect(ResolverTableSchema.safeParse(raw).success).toBe(true);
    expect(Object.keys(raw).sort()).toEqual(['schemes', 'urn']);
    const prefixes = (raw.urn as { prefix: string }[]).map((e) => e.prefix.toLowerCase());
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it.each([
    'nbn:de',
    'nbn:at',
    'nbn:ch',
    'nbn:fi',
    'nbn:se',
    'nbn:no',
    'nbn:nl',
    'nbn:it',
    'nbn:hu',
    'nbn:cz',
    'ietf:rfc',
    'doi',
    'isbn',
    'issn',
  ])('has a resolver for %s', (prefix) => {
    expect((raw.urn as { prefix: string }[]).some((e) => e.prefix === prefix)).toBe(true);
  });

  it('has no resolver for uuid, oid or example', () => {
    for (const e of raw.urn as { prefix: string }[])
      expect(['uuid', 'oid', 'example']).not.toContain(e.prefix.split(':')[0]);
  });

  // The resolver URL forms the URN package reads back (issue 11): every NBN resolver of the table
  // that puts the URN at the end of its URL is read as the URN it carries.
  it.each(
    (raw.urn as { prefix: string; url: string }[]).filter(
      (e) => e.prefix.startsWith('nbn:') && e.url.endsWith('${urn}'),
    ),
  )('a URL of $url is read back as its URN', (entry) => {
    // A valid URN of the prefix (German, Austrian and Swiss ones carry the DNB check digit).
    const checked: Record<string, string> = {
      'nbn:de': 'urn:nbn:de:bvb:19-146642',
      'nbn:at': 'urn:nbn:at:at-ubi:1-16130',
      'nbn:ch': 'urn:nbn:ch:bel-9596',
    };
    const urn = checked[entry.prefix] ?? `urn:${entry.prefix}-123`;
    const url = entry.url.replace('${urn}', urn);
    const r = urnScheme.parse(url);
    expect(r.ok && r.value.normalized, url).toBe(urn);
  });
});

describe('loadResolverTable', () => {
  it('is the built-in table without an operator file', () => {
    const table = loadResolverTable(null);
    expect(table).toEqual(JSON.parse(readFileSync(BUILTIN_RESOLVERS_FILE, 'utf8')));
  });

  it("merges an operator's file: same prefix (any case) or scheme replaces, others are added", () => {
    const files = tempFiles({
      'resolvers.json': JSON.stringify({
        urn: [
          { prefix: 'ISBN', url: 'https://library.example.org/isbn/${key}', name: 'Our catalogue' },
          { prefix: 'nbn:ee', url: 'https://nbn.example.ee/${urn}' },
        ],
        schemes: { doi: { url: 'https://doi.example.org/${id}' } },
      }),
    });
    const table = loadResolverTable(files['resolvers.json'] as string);
    const isbn = table.urn.filter((e) => e.prefix.toLowerCase() === 'isbn');
    expect(isbn).toEqual([{ prefix: 'ISBN', url: 'https://library.example.org/isbn/${key}', name: 'Our catalogue' }]);
    expect(table.urn.some((e) => e.prefix === 'nbn:ee')).toBe(true);
    expect(table.urn.some((e) => e.prefix === 'nbn:de')).toBe(true);
    expect(table.schemes['doi']).toEqual({ url: 'https://doi.example.org/${id}' });
    const builtin = loadResolverTable(null);
    for (const name of Object.keys(builtin.schemes)) expect(table.schemes[name], name).toBeDefined();
  });

  it('merges scheme entries by name', () => {
    const merged = mergeResolverTables(
      { urn: [], schemes: { a: { url: 'https://a.example/${id}' }, b: { url: 'https://b.example/${id}' } } },
      { urn: [], schemes: { b: { url: 'https://b2.example/${id}' } } },
    );
    expect(merged.schemes).toEqual({ a: { url: 'https://a.example/${id}' }, b: { url: 'https://b2.example/${id}' } });
  });

  it.each([
    ['{"urn": [{"prefix": "x y", "url": "https://a/${urn}"}], "schemes": {}}', 'urn.0.prefix'],
    ['{"urn": [{"prefix": "isbn", "url": "ftp://a/${urn}"}], "schemes": {}}', 'urn.0.url'],
    ['{"urn": [{"prefix": "isbn", "url": "https://a/"}], "schemes": {}}', 'urn.0.url'],
    ['{"urn": []}', 'schemes'],
    ['not json', 'resolver table'],
  ])('refuses a bad file (%s) with a ConfigError naming %s', (text, where) => {
    const files = tempFiles({ 'bad.json': text });
    expect(() => loadResolverTable(files['bad.json'] as string)).toThrow(ConfigError);
    expect(() => loadResolverTable(files['bad.json'] as string)).toThrow(where);
  });

  it('is configured by resolvers.file and PIDGATE_RESOLVERS_FILE', () => {
    expect(loadConfig({}).resolvers.file).toBeNull();
    expect(loadConfig({ PIDGATE_RESOLVERS_FILE: '/etc/pidgate/resolvers.json' }).resolvers.file).toBe(
      '/etc/pidgate/resolvers.json',
    );
  });

  it('reads resolvers.file relative to the configuration file', () => {
    const files = tempFiles({ 'config.json': JSON.stringify({ resolvers: { file: 'mine.json' } }) });
    const config = loadConfig({}, files['config.json'] as string);
    expect(config.resolvers.file).toBe((files['config.json'] as string).replace(/config\.json$/, 'mine.json'));
  });
});
