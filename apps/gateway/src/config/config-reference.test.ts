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

  it('shows each check in the words of its error (the `rules` of config.ts), else what JSON Schema says', () => {
    const constraints = new Map(configKeys().map((k) => [k.path, k.constraints]));
    expect(constraints.get('maptr.server')).toEqual(['must be "host" or "host:port"']);
    expect(constraints.get('urn.delegations[].prefix')).toEqual(['not empty', 'must be "NID" or "NID:NSS-prefix"']);
    expect(constraints.get('urn.delegations[].url')).toEqual([
      'must be an http or https URL template',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the rule names the URL template's placeholder.
      'must contain a placeholder such as ${urn}',
    ]);
    // the safe-integer bounds of every integer are no constraint worth showing
    expect(constraints.get('bodyLimit')).toEqual(['≥ 1']);
    expect(constraints.get('dns.port')).toEqual(['0 to 65535']);
    const { keys } = schemaKeys(
      z.object({
        code: z.string().regex(/^[a-z]+$/),
        short: z.string().max(8).optional(),
        ratio: z.number().gt(0).lt(1).default(0.5),
        mode: z.literal('on'),
      }),
    );
    expect(keys.map((k) => [k.path, k.type, k.constraints])).toEqual([
      ['code', 'string', ['matches `^[a-z]+$`']],
      ['short', 'string', ['at most 8 characters']],
      ['ratio', 'number', ['0 to 1']],
      ['mode', '"on"', []],
    ]);
  });

  it('refuses an admin.token no bearer header can carry (RFC 6750 b64token)', () => {
    expect(loadConfig({ PIDGATE_ADMIN_TOKEN: 'abcdefghijklmnop+/_~.-0123==' }).admin.token).toBe(
      'abcdefghijklmnop+/_~.-0123==',
    );
    expect(() => loadConfig({ PIDGATE_ADMIN_TOKEN: 'sixteen chars with spaces' })).toThrow(
      /admin\.token: must be a bearer/,
    );
    expect(() => loadConfig({ PIDGATE_ADMIN_TOKEN: 'short' })).toThrow(/admin\.token: must be at least 16/);
  });

  it('is what docs/configuration.md holds (run `npm run docs -w @pidgate/gateway` after changing config.ts)', () => {
    const onDisk = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(configReference());
  });
});
