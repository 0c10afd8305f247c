// biome-ignore-all lint/suspicious/noTemplateCurlyInString: URN delegation URLs are templates with ${urn}-style placeholders.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, ConfigSchema, ENV_VARIABLES, loadConfig } from './config.ts';

/**
 * The configuration reference (docs/configuration.md), built by walking the JSON Schema of `ConfigSchema`
 * (zod's `z.toJSONSchema`) and probing `loadConfig` with each of
 * `ENV_VARIABLES`, so a key or variable added to config.ts shows up here by itself. Only the prose lives in
 * this module: `DESCRIPTIONS`, keyed by path (a description given in the schema with `.describe()` or
 * `.meta({ description })` wins), and `ENV_DESCRIPTIONS` for variables that set no key. A test fails when
 * a key or a variable has neither. A check's own words come from the schema's `rules` metadata (config.ts
 * `rule`): JSON Schema keeps a regex's pattern, never its message nor a refinement.
 */

type JsonSchema = z.core.JSONSchema.JSONSchema;

/** One leaf of the configuration (or a list), as the reference shows it. */
export interface ConfigKey {
  /** Dotted path as in the JSON file; `[]` marks the fields of a list's elements (`urn.delegations[].url`). */
  readonly path: string;
  /** `string`, `integer`, `boolean`, `"a" \| "b"`, `URL`, `list of objects`, each maybe `or null`. */
  readonly type: string;
  /** What values are accepted beyond the type (ranges, lengths, patterns), from the schema's checks. */
  readonly constraints: readonly string[];
  /** Whether the key has a default (`defaultValue` is then the value; `null` is a default too). */
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  /** The environment variables that set this key. */
  readonly env: readonly string[];
  /** From the schema if it has one, else from `DESCRIPTIONS`; null when neither has one. */
  readonly description: string | null;
}

/** Descriptions of the configuration keys, by path. The schema's own `.describe()` wins over these. */
export const DESCRIPTIONS: Readonly<Record<string, string>> = {
  port: 'TCP port the gateway listens on; 0 picks a free one. `pidgate serve --port` overrides it.',
  host: 'Address the gateway listens on (`0.0.0.0`: every IPv4 interface). `pidgate serve --host` overrides it.',
  baseUrl:
    "This resolver's public base URL (`https://resolver.example.org/`), used by `/`, `/.well-known/ark` and the " +
    "plain-text (THUMP) metadata answers, Location headers and the OpenAPI `servers`. `null`: the request's " +
    'origin when its Host is in `allowedHosts`, else the address the gateway listens on (an unknown Host never ' +
    'appears in an answer). Set it behind a reverse proxy.',
  profile:
    'The profile identifiers are parsed with: `source` follows the source documents, `modern` the newest ' +
    'published rules. The batch API takes another one per request.',
  bodyLimit: 'The largest JSON request body under `/api/`, in bytes; a longer one gets 413 `body-too-large`.',
  streamLimit:
    'The largest `text/plain` body streamed to `POST /api/v1/normalize`, in bytes; 0 means no limit. ' +
    'A longer one gets 413 `body-too-large`.',
  batchLimit:
    'The most identifiers in one JSON batch (`/api/v1/normalize`, `/api/v1/compare`, `/api/v1/resolve`); ' +
    'more get 413 `batch-too-large`.',
  log:
    '`json`: one JSON line per request, and one per event (listening, reload, shutdown), on standard output; ' +
    '`off`: nothing.',
  'naan.file':
    'The NAAN table ARKs resolve with: a natab file, or the NAAN registry as its JSON export or in ANVL. ' +
    '`null`: the table `pidgate naan update` installed in the data directory (`<store.dataDir>/naan-table`), ' +
    'else the whole public NAAN registry shipped with the gateway (`data/naan_records.json`, 1,800 records). ' +
    'Read at start, and again when the file is replaced (`naan.watch`), on SIGHUP or `POST /api/v1/admin/reload`. ' +
    'In a configuration file, a relative path is relative to the file.',
  'naan.watch':
    'Reload the NAAN table by itself when its file is replaced (`pidgate naan update` renames a new file over ' +
    'it): no restart, no signal. A table that does not load keeps the old one. The directory watched (the ' +
    "data directory, or `naan.file`'s) must exist when the gateway starts; otherwise use SIGHUP or the reload API.",
  'maptr.enabled':
    'Ask DNS (Maptr: NAPTR records at `NAAN.<suffix>`) for ARKs whose NAAN the NAAN table does not have. ' +
    'Off by default (`ark.arpa` is not delegated): on only with an explicit `maptr.server` and `maptr.suffix`, ' +
    'and the configuration is refused when either is missing.',
  'maptr.server': 'The DNS server Maptr asks, `host` or `host:port`; required when Maptr is on.',
  'maptr.suffix':
    'The domain Maptr looks NAANs up under: the NAAN `12025` is asked as `12025.<suffix>` (e.g. `ark.arpa`); ' +
    'required when Maptr is on.',
  'maptr.timeoutMs':
    'How long one Maptr discovery may take, in milliseconds; after it the gateway answers 504 (or uses ' +
    '`fallback.url` when set).',
  'maptr.maxDepth': 'How many NAPTR redirections one Maptr discovery follows before giving up.',
  'maptr.cacheTtlSeconds':
    'How long a Maptr answer (found, or not found) is cached, in seconds; timeouts and server errors are ' +
    'never cached. 0: no cache.',
  'maptr.cacheSize': 'The most NAANs kept in the Maptr cache (the oldest entry goes first); 0: no cache.',
  'maptr.urlScheme':
    'The scheme of the URL built from a Name Mapping Authority Hostport found by Maptr: ' +
    '`<urlScheme>://NMAH/ark:/NAAN/...`.',
  'fallback.url':
    'The resolver asked for ARKs whose NAAN the NAAN table (and Maptr, when on) does not know: ' +
    '`ark:/NAAN/` and the rest of the request as sent are appended to it. N2T (`https://n2t.net/`) by ' +
    'default; it sends nothing itself (the client is redirected). `null` (`PIDGATE_FALLBACK_URL=`): none, ' +
    "so an unknown NAAN is 404 `unknown-naan`. Never used for the institution's own NAANs.",
  'cors.origins':
    'The origins a browser page may call the public read and batch APIs from (identifier resolution and ' +
    'metadata, `/api/v1/parse`, `normalize`, `compare`, `resolve`, `/healthz`, `/openapi.json`), preflight ' +
    'included: `["*"]` (the default) any, `[]` none. No route that accepts credentials ever answers CORS: ' +
    'the admin API (`/api/v1/bindings`, `mint`, `shoulders`, `tokens`, `admin`) and the EZID API (under ' +
    '`ezid.basePath`; at the root its `/id/`, `/login`, `/logout`, `/shoulder/`).',
  'urn.delegations':
    'Where URNs (`urn:NID:...`) are sent, before the resolver table (`resolvers.file`, built-in ' +
    '`data/resolvers.json`): a list of `{prefix, url}`; the longest matching prefix wins, and a URN any entry ' +
    'here matches goes there, whatever the table holds. A URN nothing matches is 404 `no-delegation`.',
  'urn.delegations[].prefix':
    '`NID` (a whole namespace: `nbn`) or `NID:NSS-prefix` (`nbn:de`), compared without regard to case; ' +
    'an NSS prefix matches only where the URN has a `:` or `-` (or its end) right after it.',
  'urn.delegations[].url':
    'A URL template: `${urn}` (the URN as written), `${nid}` and `${nss}` (as written), `${normalized}` (the ' +
    "namespace's normal form), `${key}` (its normalized NSS) and `${rest}` (the normalized NSS after the " +
    'matched prefix: `2648` for `ietf:rfc`) are replaced, percent-encoded where needed. The result must be ' +
    'an http(s) URL.',
  'pwid.archives':
    'A JSON archive registry file for PWID resolution, `{"archives": [...], "builtin": true}`: its archives ' +
    'are added to the built-in ones (same id: overridden); `"builtin": false` drops the built-in list. ' +
    '`null`: the built-in registry only. In a configuration file, a relative path is relative to the file.',
  'admin.token':
    'The bearer token of `POST /api/v1/admin/reload`; `null`: that endpoint is off (404 `admin-disabled`). ' +
    'It does not open the bindings API, which takes store tokens (`pidgate token create`).',
  shutdownGraceMs:
    'On SIGTERM or SIGINT, the milliseconds in-flight requests get to finish before the remaining ' +
    'connections are closed.',
};

/** Environment variables that set no configuration key. */
export const ENV_DESCRIPTIONS: Readonly<Record<string, string>> = {
  PIDGATE_CONFIG: 'The JSON configuration file to read, when `pidgate serve --config` is not given.',
};

/** Section introductions, by the path of an object in the schema. */
const SECTIONS: Readonly<Record<string, string>> = {
  naan: 'The NAAN table: the first place an ARK is looked up.',
  maptr: 'Maptr, ARK discovery over DNS (draft-kunze-ark-09 §4.2), asked when the NAAN table has no entry.',
  fallback: 'The resolver of last resort for ARKs.',
  cors: 'Cross-origin requests (CORS) from browser pages on other sites.',
  urn: 'Resolution of generic URNs.',
  pwid: 'Resolution of PWIDs.',
  admin:
    'The reload endpoint, `POST /api/v1/admin/reload`. The bindings API (`/api/v1/bindings`, `/api/v1/mint`, ' +
    '`/api/v1/shoulders`) takes the tokens of `pidgate token create` instead, kept in the store.',
  store:
    "The database of this institution's own identifiers: bindings and their history, tombstones, PDI versions " +
    'and serial numbers, NAANs, shoulders and minter counters, bearer tokens. SQLite by default (one file, ' +
    '`pidgate.sqlite`, in `store.dataDir`); PostgreSQL when `store.url` (`DATABASE_URL`) is set, so several ' +
    'instances share one database. Migrations run at start, and by `pidgate db migrate`. `pidgate serve`, ' +
    '`db`, `token`, `shoulder`, `mint`, `import` and `dns` all open the store this section names.\n\n' +
    '**The data directory.** `PIDGATE_DATA_DIR` (relative to the working directory), or `store.dataDir` in ' +
    'a configuration file (relative to the file), names it. Otherwise it is `data/` in the *instance root*, ' +
    'found from the working directory upwards: the nearest folder whose `package.json` declares `workspaces` ' +
    "(a checkout of this repository: `pidgate db migrate` run in `apps/cli` uses the root's `data/`); else the " +
    'nearest folder holding `data/pidgate.sqlite` (an installed instance); else the working directory. A ' +
    'command that creates the SQLite database says where on standard error ' +
    '(`pidgate: created the SQLite database …/data/pidgate.sqlite`).',
  cache:
    'The binding cache of resolution, one per gateway instance (per `serve --workers` process): bindings, ' +
    'tombstones and unbound keys that resolution read, kept in memory (lru-cache) and dropped when any instance ' +
    'changes them: on PostgreSQL through LISTEN/NOTIFY (triggers of migration 15, one listening connection per ' +
    "instance), on SQLite through the connection's own triggers and `PRAGMA data_version` for other processes. " +
    'When the listening connection is lost the cache is emptied and not used until it listens again. How it ' +
    'behaves with a read replica (`store.readUrl`): [scaling.md](scaling.md).',
  dns:
    'The Maptr DNS server, `pidgate dns` (not `pidgate serve`): NAPTR records (draft-kunze-ark-09 §4.2) for the ' +
    'NAANs this institution serves (declared with `pidgate shoulder add`), pointing at `dns.nmah`, and for every ' +
    'NAAN of the NAAN table, over UDP and TCP (the same port; RFC 7766 framing, pipelined queries, idle ' +
    'connections closed after 10 s, at most 16 at once from one address).',
  'dns.rrl':
    'Response rate limiting (RRL) of the UDP answers, as BIND (`rate-limit`) and Knot (`mod-rrl`) do it. A UDP ' +
    "source address can be forged, so a limit per source address would let a flood spoofed with a resolver's " +
    'address silence that resolver; RRL limits answers instead, in one account per (client netblock: IPv4 ' +
    '`/24`, IPv6 `/56`; response: the name and type for an answer or NODATA, one for every NXDOMAIN, one for ' +
    'every error). An account is credited its rate each second, holds at most one second of it, and goes down ' +
    'one per answer to at most `window` seconds of debt; while it is negative, answers are dropped, except ' +
    'every `slip`-th, sent truncated (TC=1, no records, no larger than the query) so a genuine resolver ' +
    'retries over TCP, which is never limited: its address is proven by the handshake. A spoofed flood thus ' +
    'costs the victim a retry over TCP, and is not amplified. The old per-source-address budget ' +
    '(`dns.perSourceRate`, `dns.perSourceBurst`) is gone for that reason; a configuration file that still ' +
    'sets it is refused.',
};

const REPOSITORY = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * The JSON Schema of a configuration schema. As the parsed configuration (`io: 'output'`): a key read
 * through a preprocess (`allowedHosts` takes a comma-separated string) keeps its type and default there.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

/** A sub-schema (`true`, the schema of anything, as `{}`). */
const sub = (s: z.core.JSONSchema._JSONSchema | undefined): JsonSchema => (typeof s === 'object' ? s : {});

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** A schema with `null` taken off (`anyOf: [X, {type: "null"}]`): X, whether null is allowed, its default. */
interface Unwrapped {
  readonly node: JsonSchema;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  readonly description: string | null;
}

function unwrap(node: JsonSchema): Unwrapped {
  const options = node.anyOf ?? [];
  const others = options.filter((o) => o.type !== 'null');
  const nullable = options.length === 2 && others.length === 1;
  const inner = nullable ? (others[0] as JsonSchema) : node;
  return {
    node: inner,
    nullable,
    hasDefault: 'default' in node,
    defaultValue: node.default,
    description: textOf(node.description) ?? textOf(inner.description),
  };
}

const literal = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v));

/** A bound as the reference shows it; none for the safe-integer limits every `z.int()` carries. */
function bound(node: JsonSchema, inclusive: 'minimum' | 'maximum', exclusive: string, signs: [string, string]) {
  const open = node[exclusive];
  if (typeof open === 'number') return `${signs[1]} ${open}`;
  const closed = node[inclusive];
  if (typeof closed !== 'number' || Math.abs(closed) === Number.MAX_SAFE_INTEGER) return null;
  return `${signs[0]} ${closed}`;
}

/** What a leaf accepts beyond its type: range, lengths, format, pattern, and the rules in words. */
function constraintsOf(node: JsonSchema): string[] {
  const constraints: string[] = [];
  const min = bound(node, 'minimum', 'exclusiveMinimum', ['≥', '>']);
  const max = bound(node, 'maximum', 'exclusiveMaximum', ['≤', '<']);
  if (min && max) constraints.push(`${min.slice(2)} to ${max.slice(2)}`);
  else if (min ?? max) constraints.push((min ?? max) as string);
  if (typeof node.minLength === 'number') {
    constraints.push(node.minLength > 1 ? `at least ${node.minLength} characters` : 'not empty');
  }
  if (typeof node.maxLength === 'number') constraints.push(`at most ${node.maxLength} characters`);
  if (node.format !== undefined && node.format !== 'uri') constraints.push(`format ${node.format}`);
  const rules = Array.isArray(node['rules']) ? node['rules'].filter((r): r is string => typeof r === 'string') : [];
  if (node.pattern !== undefined && rules.length === 0) constraints.push(`matches \`${node.pattern}\``);
  return [...constraints, ...rules];
}

/** The type name of a leaf: `string`, `integer`, `URL`, `"a" | "b"`, `object`, or the options' `or`. */
function typeOf(node: JsonSchema): string {
  if (node.enum) return node.enum.map(literal).join(' | ');
  if (node.const !== undefined) return literal(node.const);
  if (node.anyOf) return node.anyOf.map((o) => typeOf(unwrap(o).node)).join(' or ');
  if (node.format === 'uri') return 'URL';
  const type = Array.isArray(node.type) ? node.type.join(' or ') : node.type;
  return type ?? 'any';
}

/** Walk the schema: one entry per leaf (and per list), in the schema's order. */
function walk(node: JsonSchema, path: string, out: Omit<ConfigKey, 'env'>[], sections: string[]): void {
  const u = unwrap(node);
  if (u.node.type === 'object' && u.node.properties && !(path.length > 0 && u.nullable)) {
    if (path.length > 0) sections.push(path);
    for (const [key, child] of Object.entries(u.node.properties)) {
      walk(sub(child), path ? `${path}.${key}` : key, out, sections);
    }
    return;
  }
  const description = u.description ?? DESCRIPTIONS[path] ?? null;
  const base = { path, hasDefault: u.hasDefault, defaultValue: u.defaultValue, description };
  const orNull = (type: string) => (u.nullable ? `${type} or null` : type);
  if (u.node.type === 'array') {
    const element = unwrap(sub(Array.isArray(u.node.items) ? u.node.items[0] : u.node.items)).node;
    const isObject = element.type === 'object' && element.properties !== undefined;
    out.push({ ...base, type: orNull(isObject ? 'list of objects' : `list of ${typeOf(element)}`), constraints: [] });
    for (const [key, child] of Object.entries(isObject ? (element.properties ?? {}) : {})) {
      walk(sub(child), `${path}[].${key}`, out, sections);
    }
    return;
  }
  out.push({ ...base, type: orNull(typeOf(u.node)), constraints: constraintsOf(u.node) });
}

/** Every leaf of a configuration schema (without environment variables), and the paths of its sections. */
export function schemaKeys(schema: z.ZodType = ConfigSchema): {
  keys: Omit<ConfigKey, 'env'>[];
  sections: string[];
} {
  const keys: Omit<ConfigKey, 'env'>[] = [];
  const sections: string[] = [];
  walk(jsonSchemaOf(schema), '', keys, sections);
  return { keys, sections };
}

/** `{a: {b: 1}}` → `{"a.b": "1"}` (lists are leaves). */
function flatten(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  } else out.set(path, JSON.stringify(value));
  return out;
}

/** A value no key accepts unchanged and no default equals: it either changes a key or fails on one. */
const PROBE = '\u0001probe';

/** The key paths `loadConfig` sets from environment variable `name` set to `value`; null when it sets none. */
function pathsSetBy(name: string, value: string): { paths: string[]; config: unknown } | null {
  const baseline = flatten(loadConfig({}), '', new Map());
  try {
    const config = loadConfig({ [name]: value });
    const paths = [...flatten(config, '', new Map())].filter(([k, v]) => baseline.get(k) !== v).map(([k]) => k);
    return paths.length > 0 ? { paths, config } : null;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    // `invalid configuration (environment):` then one `  key.path: message` line per problem.
    const paths = e.message
      .split('\n')
      .slice(1)
      .map((line) => /^ {2}([^\s:]+): /.exec(line)?.[1])
      .filter((p): p is string => p !== undefined && p !== '(top');
    return paths.length > 0 ? { paths: [...new Set(paths)], config: null } : null;
  }
}

/** What each environment variable sets, found by probing `loadConfig`: variable → key paths ([] for none). */
export function envKeyPaths(): ReadonlyMap<string, readonly string[]> {
  return new Map(ENV_VARIABLES.map((name) => [name, pathsSetBy(name, PROBE)?.paths ?? []]));
}

/** How `loadConfig` reads a variable beyond the plain value, found by probing. */
function envNotes(name: string, path: string): string[] {
  const notes: string[] = [];
  const read = (value: string): string | undefined => {
    try {
      return flatten(loadConfig({ [name]: value }), '', new Map()).get(path);
    } catch (e) {
      if (e instanceof ConfigError) return undefined;
      throw e;
    }
  };
  if (read('') === 'null') notes.push('empty: `null`');
  const words = [
    ['1', '0'],
    ['true', 'false'],
    ['yes', 'no'],
    ['on', 'off'],
  ];
  if (words.every(([yes, no]) => read(yes as string) === 'true' && read(no as string) === 'false')) {
    notes.push(words.map((w) => w.join('/')).join(', '));
  }
  return notes;
}

/** Every configuration key with its type, default, environment variables and description. */
export function configKeys(): ConfigKey[] {
  return configTree().keys;
}

function configTree(): { keys: ConfigKey[]; sections: string[]; env: ReadonlyMap<string, readonly string[]> } {
  const { keys, sections } = schemaKeys();
  const env = envKeyPaths();
  const byPath = new Map<string, string[]>();
  for (const [name, paths] of env) for (const p of paths) byPath.set(p, [...(byPath.get(p) ?? []), name]);
  return { keys: keys.map((k) => ({ ...k, env: byPath.get(k.path) ?? [] })), sections, env };
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => (s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``);

/** A default as the reference shows it: JSON, with paths inside the repository made relative to it. */
function showDefault(key: ConfigKey): { text: string; long: string | null } {
  if (!key.hasDefault) return { text: 'required', long: null };
  let value = key.defaultValue;
  if (typeof value === 'string' && value.startsWith(REPOSITORY)) value = relative(REPOSITORY, value);
  const json = JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value) && json.length > 60) {
    const lines = value.map((v) => `  ${JSON.stringify(v)}`).join(',\n');
    return { text: `${value.length} entries, below`, long: `[\n${lines}\n]` };
  }
  return { text: code(json), long: null };
}

/**
 * The configuration reference in Markdown: docs/configuration.md. Run `npm run docs -w @pidgate/gateway`
 * after changing config.ts; a test fails while the file and this function disagree.
 */
export function configReference(): string {
  const { keys, sections, env } = configTree();
  // As input, only a strict object refuses other keys (as output, every object has exactly its own).
  const strict = jsonSchemaOf(ConfigSchema, 'input').additionalProperties === false;

  const out: string[] = [];
  out.push('# Configuration reference');
  out.push('');
  out.push(
    '<!-- Generated by `npm run docs -w @pidgate/gateway` from the zod schema in apps/gateway/src/config/config.ts ' +
      '(apps/gateway/src/config/config-reference.ts): do not edit by hand. -->',
  );
  out.push('');
  const required = keys.filter((k) => !k.hasDefault && !k.path.includes('[]'));
  out.push(
    '`pidgate serve` builds its configuration in this order, each step overriding the one before: the ' +
      'defaults below, a JSON file (`pidgate serve --config FILE`, or the file named by `PIDGATE_CONFIG`), ' +
      'the environment variables below, then the `--port` and `--host` options. ' +
      (required.length === 0
        ? 'Every key has a default, so no file is needed. '
        : `${required.map((k) => code(k.path)).join(', ')} must be given; every other key has a default. `) +
      'The whole configuration is checked at start: an invalid one stops `pidgate serve` with exit status 2 ' +
      'and one line per problem (`key.path: message`).',
  );
  out.push('');
  out.push(
    'In the file, a dotted key is a nested object: `maptr.timeoutMs` is `{"maptr": {"timeoutMs": 2000}}`. ' +
      (strict ? 'An unknown top-level key is an error.' : 'Unknown top-level keys are ignored.'),
  );

  const groups: [string, typeof keys][] = [['', keys.filter((k) => !sections.some((s) => k.path.startsWith(`${s}.`)))]];
  for (const s of sections) {
    groups.push([
      s,
      keys.filter(
        (k) =>
          k.path.startsWith(`${s}.`) &&
          !sections.some((t) => t !== s && t.startsWith(`${s}.`) && k.path.startsWith(`${t}.`)),
      ),
    ]);
  }
  const longDefaults: [string, string][] = [];
  for (const [section, list] of groups) {
    if (list.length === 0) continue;
    out.push('');
    out.push(section ? `## \`${section}\`` : '## Top-level keys');
    out.push('');
    const intro = section ? (SECTIONS[section] ?? null) : null;
    if (intro) {
      out.push(intro);
      out.push('');
    }
    out.push('| key | type | default | environment | description |');
    out.push('|---|---|---|---|---|');
    for (const k of list) {
      const shown = showDefault(k);
      if (shown.long) longDefaults.push([k.path, shown.long]);
      const type = [k.type, ...k.constraints].join('; ');
      const vars = k.env.map((name) => {
        const notes = envNotes(name, k.path);
        return notes.length > 0 ? `\`${name}\` (${notes.join('; ')})` : `\`${name}\``;
      });
      out.push(
        `| ${cell(code(k.path))} | ${cell(type)} | ${cell(shown.text)} | ${cell(vars.join(', ') || '—')} | ${cell(k.description ?? '(no description)')} |`,
      );
    }
  }
  for (const [path, long] of longDefaults) {
    out.push('');
    out.push(`The default \`${path}\`:`);
    out.push('');
    out.push('```json');
    out.push(long);
    out.push('```');
  }

  out.push('');
  out.push('## Environment variables');
  out.push('');
  out.push('| variable | sets |');
  out.push('|---|---|');
  for (const [name, paths] of env) {
    const what = paths.length > 0 ? paths.map(code).join(', ') : (ENV_DESCRIPTIONS[name] ?? '(no description)');
    out.push(`| \`${name}\` | ${cell(what)} |`);
  }
  return `${out.join('\n')}\n`;
}
