import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.ts';
import {
  configKeys,
  configReference,
  DESCRIPTIONS,
  ENV_DESCRIPTIONS,
  envKeyPaths,
  schemaKeys,
} from './config-reference.ts';

describe('configuration reference', () => {
  it('has a description for every key of ConfigSchema (add one to DESCRIPTIONS, or .describe() in the schema)', () => {
    const missing = configKeys()
      .filter((k) => k.description === null)
      .map((k) => k.path);
    expect(missing).toEqual([]);
  });

  it('describes no key the schema does not have', () => {
    const paths = new Set(configKeys().map((k) => k.path));
    expect(Object.keys(DESCRIPTIONS).filter((p) => !paths.has(p))).toEqual([]);
  });

  it('maps every environment variable to the keys it sets, or describes it', () => {
    const env = envKeyPaths();
    expect([...env.keys()]).toEqual([...ENV_VARIABLES]);
    const paths = new Set(configKeys().map((k) => k.path));
    for (const [name, set] of env) {
      if (set.length === 0) expect(ENV_DESCRIPTIONS[name], `${name} sets no key: describe it`).toBeTruthy();
      for (const p of set) expect(paths.has(p), `${name} sets ${p}`).toBe(true);
    }
    expect(Object.keys(ENV_DESCRIPTIONS).filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
  });

  it.each([
    ['PORT', ['port']],
    ['PIDGATE_BASE_URL', ['baseUrl']],
    ['PIDGATE_MAPTR_ENABLED', ['maptr.enabled']],
    ['PIDGATE_MAPTR_CACHE_TTL', ['maptr.cacheTtlSeconds']],
    ['PIDGATE_ADMIN_TOKEN', ['admin.token']],
    ['PIDGATE_DNS_TTL', ['dns.ttl']],
    ['PIDGATE_CONFIG', []],
  ])('finds what %s sets by probing loadConfig', (name, paths) => {
    expect(envKeyPaths().get(name)).toEqual(paths);
  });

  it('gives every dns.* key an environment variable; PIDGATE_DNS_TTL sets dns.ttl and is validated', () => {
    const env = envKeyPaths();
    const dnsKeys = configKeys()
      .map((k) => k.path)
      .filter((p) => p.startsWith('dns.'));
    const set = new Set([...env.values()].flat());
    expect(dnsKeys.filter((p) => !set.has(p))).toEqual([]);
    expect(loadConfig({ PIDGATE_DNS_TTL: '60' }).dns.ttl).toBe(60);
    expect(loadConfig({}).dns.ttl).toBe(300);
    expect(() => loadConfig({ PIDGATE_DNS_TTL: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ PIDGATE_DNS_TTL: 'soon' })).toThrow(/dns\.ttl/);
  });

  it('walks any schema: nested sections, lists of objects, wrappers, schema descriptions', () => {
    const schema = z
      .object({
        store: z
          .object({
            dataDir: z.string().min(1).default('data').describe('Where the SQLite file lives.'),
            databaseUrl: z.string().url().nullable().default(null),
            pool: z.object({ max: z.coerce.number().int().min(1).max(100).default(10) }).prefault({}),
          })
          .prefault({}),
        mode: z.enum(['a', 'b']).optional(),
        list: z.array(z.object({ name: z.string() })).default([]),
        flag: z.boolean().meta({ description: 'A flag.' }).default(false),
      })
      .strict();
    const { keys, sections } = schemaKeys(schema);
    expect(sections).toEqual(['store', 'store.pool']);
    expect(keys.map((k) => [k.path, k.type, k.hasDefault, k.defaultValue, k.description])).toEqual([
      ['store.dataDir', 'string', true, 'data', 'Where the SQLite file lives.'],
      ['store.databaseUrl', 'URL or null', true, null, null],
      ['store.pool.max', 'integer', true, 10, null],
      ['mode', '"a" | "b"', false, undefined, null],
      ['list', 'list of objects', true, [], null],
      ['list[].name', 'string', false, undefined, null],
      ['flag', 'boolean', true, false, 'A flag.'],
    ]);
    expect(keys.find((k) => k.path === 'store.pool.max')?.constraints).toEqual(['1 to 100']);
  });

  it('is what docs/configuration.md holds (run `npm run docs -w @pidgate/gateway` after changing config.ts)', () => {
    const onDisk = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(configReference());
  });
});
