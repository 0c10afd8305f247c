// biome-ignore-all lint/suspicious/noTemplateCurlyInString: URN delegation URLs are templates with ${urn}-style placeholders.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { DATA_DIR } from '../paths.ts';
import { MAIL_ENV_KEYS, MailConfig } from './mail.ts';

/** The whole public NAAN registry (its JSON export) shipped with the gateway: the default NAAN table. */
export const DEFAULT_NAAN_FILE = resolve(DATA_DIR, 'naan_records.json');

/** The name of the NAAN table `pidgate naan update` installs in the data directory (see naan.ts). */
export const ACTIVE_NAAN_FILE = 'naan-table';

/**
 * A check stated in words: `check(message)` builds the schema with `message` as its error, and `message` is
 * added to the schema's `rules` metadata, which the configuration reference lists (JSON Schema keeps a regex's
 * pattern, never its message nor a refinement).
 */
function rule<T extends z.ZodType>(message: string, check: (message: string) => T): T {
  const schema = check(message);
  const rules = schema.meta()?.['rules'];
  return schema.meta({ rules: [...(Array.isArray(rules) ? rules : []), message] });
}

const httpUrl = rule('must be an http or https URL', (m) =>
  z
    .string()
    .url()
    .refine((s) => /^https?:\/\//i.test(s), m),
);

const hostPort = rule('must be "host" or "host:port"', (m) =>
  z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, m),
);

/** A URN delegation: identifiers whose `NID[:NSS-prefix]` matches `prefix` go to `url`. */
const delegation = z.object({
  /** `nbn` (a whole NID) or `nbn:de` (a NID and the start of the NSS, up to a `:` or `-`). */
  prefix: rule('must be "NID" or "NID:NSS-prefix"', (m) =>
    z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,31}(:[^\s]*)?$/, m),
  ),
  /** A template: `${urn}` (the URN as written), `${nid}`, `${nss}`; the result must be http(s). */
  url: rule('must contain a placeholder such as ${urn}', (m) =>
    rule('must be an http or https URL template', (t) => z.string().regex(/^https?:\/\//i, t)).refine(
      (s) => s.includes('${'),
      m,
    ),
  ),
});

/** The whole configuration; every key has a default so `{}` is a working gateway. */
export const ConfigSchema = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(8080),
    host: z.string().min(1).default('0.0.0.0'),
    /** This resolver's public base URL (`https://resolver.example.org/`); by default the request's origin. */
    baseUrl: httpUrl.nullable().default(null),
    /**
     * When `baseUrl` is not set: the `Host` values (`host` or `host:port`) whose origin the gateway may write in
     * absolute URLs. Any other Host gets the address the gateway listens on.
     */
    allowedHosts: z
      .preprocess(
        (v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((h) => h.trim())
                .filter((h) => h !== '')
            : v,
        z
          .array(z.string())
          .refine((hosts) => hosts.every((h) => hostPort.safeParse(h).success), 'each is "host" or "host:port"'),
      )
      .default([])
      .describe(
        'When `baseUrl` is not set: the `Host` values (`host` or `host:port`) whose origin the gateway writes in absolute URLs (`/`, `/.well-known/ark`, THUMP answers, Location, OpenAPI `servers`). Any other Host gets the address the gateway listens on (`127.0.0.1` when it listens on every interface). A comma-separated list in the environment.',
      ),
    /** The profile identifiers are parsed with. */
    profile: z.enum(['source', 'modern']).default('source'),
    /** The largest JSON request body, in bytes (413 above). */
    bodyLimit: z.coerce
      .number()
      .int()
      .min(1)
      .default(1 << 20),
    /** The largest text/plain body streamed to /api/v1/normalize, in bytes; 0 means no limit. */
    streamLimit: z.coerce.number().int().min(0).default(0),
    /** The most identifiers in one JSON batch. */
    batchLimit: z.coerce.number().int().min(1).default(10_000),
    /** `json`: one JSON line per request on standard output; `off`: nothing. */
    log: z.enum(['json', 'off']).default('json'),
    naan: z
      .object({
        /**
         * A natab file or a NAAN registry (JSON export or ANVL); null: the table `pidgate naan update`
         * installed in the data directory, else the embedded registry snapshot.
         */
        file: z.string().min(1).nullable().default(null),
        /** Reload the table when its file is replaced (a file watch), with no restart and no signal. */
        watch: z.boolean().default(true),
      })
      .prefault({}),
    maptr: z
      .object({
        /** Off by default; on only with an explicit `server` and `suffix` (`ark.arpa` is not delegated). */
        enabled: z.boolean().default(false),
        /** The DNS server asked, `host:port`. */
        server: hostPort.nullable().default(null),
        suffix: z.string().min(1).nullable().default(null),
        timeoutMs: z.coerce.number().int().min(1).max(60_000).default(2000),
        maxDepth: z.coerce.number().int().min(1).max(32).default(8),
        /** How long an answer (found or not found) is cached. */
        cacheTtlSeconds: z.coerce.number().int().min(0).default(3600),
        cacheSize: z.coerce.number().int().min(0).default(10_000),
        /** The scheme of the URL built from a Name Mapping Authority Hostport. */
        urlScheme: z.enum(['http', 'https']).default('http'),
      })
      .prefault({})
      .superRefine((m, ctx) => {
        if (!m.enabled) return;
        for (const key of ['server', 'suffix'] as const) {
          if (m[key] === null) {
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message:
                key === 'server'
                  ? 'maptr.enabled needs an explicit DNS server (maptr.server, PIDGATE_MAPTR_SERVER: "host:port")'
                  : 'maptr.enabled needs an explicit suffix (maptr.suffix, PIDGATE_MAPTR_SUFFIX: e.g. "ark.arpa")',
            });
          }
        }
      }),
    /** A resolver asked last for ARKs the NAAN table does not know: the ARK is appended. null: none. */
    fallback: z.object({ url: httpUrl.nullable().default('https://n2t.net/') }).prefault({}),
    cors: z
      .object({
        /** Origins allowed to call the public read and batch APIs from a browser; `*` any, [] none. Never the admin API. */
        origins: z.array(z.string().min(1)).default(['*']),
      })
      .prefault({}),
    urn: z.object({ delegations: z.array(delegation).default([]) }).prefault({}),
    resolvers: z
      .object({
        file: z
          .string()
          .min(1)
          .nullable()
          .default(null)
          .describe(
            'An operator resolver table (JSON, the shape of the built-in `data/resolvers.json`: `{"urn": [{prefix, url, name?, note?}], "schemes": {NAME: {url, name?, note?}}}`) merged over the built-in one: an entry with the same URN prefix (any case) or scheme name replaces the built-in one, others are added. `null`: the built-in table only. In a configuration file, a relative path is relative to the file.',
          ),
      })
      .prefault({})
      .describe(
        'Where URN namespaces and other schemes resolve: the built-in table `data/resolvers.json` and an operator file.',
      ),
    pwid: z
      .object({
        /** A JSON archive registry added to the built-in one (same id: overridden; `"builtin": false` drops it). */
        archives: z.string().min(1).nullable().default(null),
      })
      .prefault({}),
    admin: z
      .object({
        /** Bearer token for POST /api/v1/admin/reload; without one the admin API is off. */
        token: rule('must be a bearer token: letters, digits and -._~+/ (then = padding)', (m) =>
          z
            .string()
            .min(16, 'must be at least 16 characters')
            // RFC 6750 §2.1 b64token: what an `Authorization: Bearer` header can carry.
            .regex(/^[A-Za-z0-9._~+/-]+=*$/, m),
        )
          .nullable()
          .default(null),
      })
      .prefault({}),
    store: z
      .object({
        enabled: z
          .boolean()
          .default(true)
          .describe(
            "Keep this institution's bindings, PDI versions, NAANs, shoulders and tokens in a database. `false`: no bindings, no admin API; identifiers resolve through discovery only.",
          ),
        dataDir: z
          .string()
          .min(1)
          .default('data')
          .describe(
            'The directory of the SQLite file `pidgate.sqlite` (created on start, WAL mode). `PIDGATE_DATA_DIR` is relative to the working directory, a configuration file\'s value to the file; the default `data` is in the instance root (see "The data directory"), whichever folder a command runs from. Not used with `store.url`.',
          ),
        url: rule('must be a postgres:// or postgresql:// URL', (m) => z.string().regex(/^postgres(ql)?:\/\//, m))
          .nullable()
          .default(null)
          .describe(
            'A `postgres://` URL: keep everything in PostgreSQL instead of SQLite, so several gateway instances behind a load balancer share one database. Migrations run at start.',
          ),
        readUrl: rule('must be a postgres:// or postgresql:// URL', (m) => z.string().regex(/^postgres(ql)?:\/\//, m))
          .nullable()
          .default(null)
          .describe(
            'A `postgres://` URL of a read replica (`DATABASE_READ_URL`): resolution reads bindings there (through the cache, `cache.*`); writes, and the reads of the admin API, the EZID API and the console, stay on `store.url`. Keys changed within `cache.replicaGraceMs` are read from the primary. Needs `store.url`.',
          ),
        synchronous: z
          .enum(['normal', 'full'])
          .default('normal')
          .describe(
            'SQLite durability: `normal` (every acknowledged write survives a crash or `kill -9` of the gateway, not a power loss) or `full` (fsync at every commit: survives power loss, slower writes).',
          ),
      })
      .prefault({}),
    cache: z
      .object({
        enabled: z
          .boolean()
          .default(true)
          .describe(
            "Keep the bindings resolution reads in memory, per instance (lru-cache), kept right by the store's change feed: LISTEN/NOTIFY on PostgreSQL (a change made through any instance is dropped from every instance's cache at its commit), the connection's own triggers on SQLite. While the feed is down nothing is served from memory. `false`: every resolution reads the database.",
          ),
        maxEntries: z.coerce
          .number()
          .int()
          .min(1)
          .max(100_000_000)
          .default(100_000)
          .describe('The most binding keys kept, bound or unbound (least recently used go first).'),
        positiveTtlMs: z.coerce
          .number()
          .int()
          .min(0)
          .max(86_400_000)
          .default(300_000)
          .describe(
            'How long a bound key (a binding or tombstone) is kept, in milliseconds, if no change drops it first.',
          ),
        negativeTtlMs: z.coerce
          .number()
          .int()
          .min(0)
          .max(3_600_000)
          .default(5000)
          .describe(
            'How long a key found unbound is kept, in milliseconds (0: never kept); a create drops it at once.',
          ),
        replicaGraceMs: z.coerce
          .number()
          .int()
          .min(0)
          .max(3_600_000)
          .default(10_000)
          .describe(
            "With `store.readUrl`: for how long after a change names a key (after a flush: any key) resolution reads it from the primary, not the replica. Set it above the replica's worst replay lag.",
          ),
      })
      .prefault({}),
    dns: z
      .object({
        host: z.string().min(1).default('0.0.0.0').describe('Address `pidgate dns` listens on (UDP).'),
        port: z.coerce
          .number()
          .int()
          .min(0)
          .max(65535)
          .default(5353)
          .describe('UDP port of `pidgate dns` (53 needs privileges; 0 picks a free one).'),
        suffix: z
          .string()
          .min(1)
          .default('ark.arpa')
          .describe('`pidgate dns` answers NAPTR queries for `NAAN.suffix` (ARK §4.2).'),
        nmah: hostPort
          .nullable()
          .default(null)
          .describe(
            'The Name Mapping Authority Hostport `pidgate dns` announces for the NAANs this institution serves; by default the host (and port) of `baseUrl`.',
          ),
        ttl: z.coerce
          .number()
          .int()
          .min(0)
          .max(604_800)
          .default(300)
          .describe('Time to live of the NAPTR answers, in seconds.'),
        rrl: z
          .object({
            enabled: z
              .boolean()
              .default(true)
              .describe(
                "Response rate limiting of UDP answers (as BIND's `rate-limit` and Knot's `mod-rrl`): keyed by the client's netblock and the response, so a flood spoofed with a resolver's address cannot silence it. Off: every query is answered.",
              ),
            responsesPerSecond: z.coerce
              .number()
              .int()
              .min(1)
              .max(1_000_000)
              .default(20)
              .describe(
                'Answers (and NODATA) per second for one name and type to one netblock over UDP; past it they are dropped, except every `dns.rrl.slip`-th, sent truncated. BIND `responses-per-second`.',
              ),
            nxdomainsPerSecond: z.coerce
              .number()
              .int()
              .min(1)
              .max(1_000_000)
              .nullable()
              .default(null)
              .describe(
                'NXDOMAIN answers per second to one netblock, whatever the name (random names share it); `null`: `dns.rrl.responsesPerSecond`. BIND `nxdomains-per-second`.',
              ),
            errorsPerSecond: z.coerce
              .number()
              .int()
              .min(1)
              .max(1_000_000)
              .nullable()
              .default(null)
              .describe(
                'Error answers (FORMERR, NOTIMP, BADVERS) per second to one netblock; `null`: `dns.rrl.responsesPerSecond`. BIND `errors-per-second`.',
              ),
            slip: z.coerce
              .number()
              .int()
              .min(0)
              .max(10)
              .default(2)
              .describe(
                'Of the rate-limited answers, every `slip`-th is sent truncated (TC=1, no records) so a genuine resolver retries over TCP, which is never limited; the others are dropped. 0 drops them all, 1 truncates them all. BIND `slip`.',
              ),
            window: z.coerce
              .number()
              .int()
              .min(1)
              .max(3600)
              .default(15)
              .describe(
                'Seconds a flood is remembered: once it stops, its answers resume within this many seconds. BIND `window`.',
              ),
            ipv4PrefixLength: z.coerce
              .number()
              .int()
              .min(0)
              .max(32)
              .default(24)
              .describe('IPv4 clients are accounted by this netblock (`/24`). BIND `ipv4-prefix-length`.'),
            ipv6PrefixLength: z.coerce
              .number()
              .int()
              .min(0)
              .max(128)
              .default(56)
              .describe('IPv6 clients are accounted by this netblock (`/56`). BIND `ipv6-prefix-length`.'),
          })
          .strict()
          .prefault({}),
      })
      // strict: the per-source budget this section had (perSourceRate, perSourceBurst) is refused, not ignored
      .strict()
      .prefault({}),
    ezid: z
      .object({
        enabled: z
          .boolean()
          .default(true)
          .describe(
            "Serve EZID's API (Version 2) so EZID clients (Samvera's ezid-client, EZID's client.py, scripts) mint and manage ARKs here; needs the store.",
          ),
        basePath: rule('must be "" or a path such as "/ezid" (no trailing slash)', (m) =>
          z.string().regex(/^(\/[A-Za-z0-9._~-]+)*$/, m),
        )
          .default('/ezid')
          .describe(
            'The path of the EZID base URL: `https://resolver.example.org/ezid` is then a drop-in EZID base URL (`""`: at the root, as ezid.cdlib.org).',
          ),
        sessionTtl: z.coerce
          .number()
          .int()
          .min(60)
          .max(31 * 24 * 3600)
          .default(86_400)
          .describe('Seconds a login session (`GET {basePath}/login`, the `sessionid` cookie) lasts.'),
      })
      .prefault({}),
    demo: z
      .object({
        shoulders: z
          .array(z.string().min(1).max(200))
          .max(100)
          .default(['ark:/99999/fk4', 'doi:10.5072/FK2'])
          .describe(
            'The test shoulders, as EZID has them (`ark:/99999/fk4`, `doi:10.5072/FK2`): identifiers under them are demo identifiers, marked as such in the console, and purged `demo.expiryDays` after they were created. `[]`: no demo identifiers.',
          ),
        expiryDays: z.coerce
          .number()
          .int()
          .min(1)
          .max(3650)
          .default(14)
          .describe('Days a demo identifier lives before it is purged (EZID: two weeks).'),
        sweepMinutes: z.coerce
          .number()
          .int()
          .min(0)
          .max(10_080)
          .default(60)
          .describe(
            'How often `pidgate serve` purges expired demo identifiers, in minutes (0: never; `pidgate demo-purge` does it once).',
          ),
      })
      .prefault({}),
    downloads: z
      .object({
        dir: z
          .string()
          .min(1)
          .nullable()
          .default(null)
          .describe(
            "Where batch download files are written (EZID `/download_request`, the console's Download page); by default `downloads/` in `store.dataDir`. Gateway instances sharing a PostgreSQL database must share this directory.",
          ),
        retention: z.coerce
          .number()
          .int()
          .min(60)
          .max(366 * 24 * 3600)
          .default(604_800)
          .describe('Seconds a batch download file is kept after it is requested (EZID keeps them one week).'),
      })
      .prefault({}),
    console: z
      .object({
        sessionTtl: z.coerce
          .number()
          .int()
          .min(1)
          .max(31 * 24 * 3600)
          .default(28_800)
          .describe(
            'Seconds a console session (`/console/`, the `pidgate_console` cookie) lasts from sign-in; then the user signs in again.',
          ),
      })
      .prefault({}),
    mail: MailConfig,
    links: z
      .object({
        enabled: z
          .boolean()
          .default(false)
          .describe(
            'Check the targets of public identifiers while `pidgate serve` runs ([links.md](links.md)). Off by default: the gateway sends nothing anywhere unasked. `pidgate links check --once` runs one pass whatever this says.',
          ),
        periodDays: z.coerce
          .number()
          .min(0.01)
          .max(366)
          .default(30)
          .describe(
            'Days between two checks of a target that answers (a round; EZID checks monthly). The work is spread over the period.',
          ),
        windowDays: z.coerce
          .number()
          .min(0)
          .max(366)
          .default(14)
          .describe(
            'Days a target must keep failing before it counts as broken (EZID: two weeks); its checks are spread over them.',
          ),
        failuresNeeded: z.coerce
          .number()
          .int()
          .min(1)
          .max(100)
          .default(3)
          .describe(
            'Failed checks in a row, the first and the last at least `windowDays` apart, that make a target broken.',
          ),
        perHost: z.coerce
          .number()
          .int()
          .min(1)
          .max(64)
          .default(2)
          .describe('Requests at a time to one host (`host:port`), per gateway instance.'),
        minDelayMs: z.coerce
          .number()
          .int()
          .min(0)
          .max(600_000)
          .default(1000)
          .describe('Milliseconds between the starts of two requests to one host.'),
        concurrency: z.coerce
          .number()
          .int()
          .min(1)
          .max(1024)
          .default(32)
          .describe('Targets checked at a time, all hosts together, per gateway instance.'),
        timeoutMs: z.coerce
          .number()
          .int()
          .min(100)
          .max(300_000)
          .default(15_000)
          .describe('Milliseconds one request may take, connection, headers and body read together.'),
        maxBytes: z.coerce
          .number()
          .int()
          .min(1024)
          .max(16 * 1024 * 1024)
          .default(262_144)
          .describe('Bytes of a body read at most (then the connection is closed; the answer still counts).'),
        maxRedirects: z.coerce
          .number()
          .int()
          .min(0)
          .max(50)
          .default(10)
          .describe('Redirects followed before a target counts as `too-many-redirects`.'),
        softNotFound: z
          .enum(['after-redirect', 'always', 'off'])
          .default('after-redirect')
          .describe(
            'When to read an HTML page that answered 200 for signs of a "not found" page (its title or first heading): only after a redirect (the usual soft 404), for every HTML answer (one more GET each), or never.',
          ),
        userAgent: z
          .string()
          .min(1)
          .max(300)
          .nullable()
          .default(null)
          .describe(
            'The `User-Agent` of the checks; by default `pidgate-link-checker (+baseUrl)`, which names this instance.',
          ),
        historyLength: z.coerce
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(20)
          .describe('Checks kept per target (the newest).'),
        batchSize: z.coerce
          .number()
          .int()
          .min(0)
          .max(10_000)
          .default(100)
          .describe(
            'Check results written in one transaction (and at the end of every pass); 0 writes each on its own. A crash loses at most the results not yet written (their targets are checked again when their leases run out).',
          ),
        allowPrivateAddresses: z
          .boolean()
          .default(false)
          .describe(
            'Let the checker and the webhook deliveries connect to loopback, private, link-local and other special addresses (checked after the name is resolved). Off by default (the SSRF guard): such a target is `blocked-address`, not a failure.',
          ),
        webhookAttempts: z.coerce
          .number()
          .int()
          .min(1)
          .max(50)
          .default(8)
          .describe(
            'Attempts of one webhook delivery before it is given up; the waits between them double from 30 s (at most 6 h).',
          ),
        webhookMaxEvents: z.coerce
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(100)
          .describe('Events in one webhook delivery at most (a subscription with more gets several deliveries).'),
      })
      .prefault({}),
    archives: z
      .object({
        fallback: z
          .array(
            z
              .object({
                archive: z
                  .string()
                  .min(1)
                  .max(200)
                  .describe(
                    "The archive's PWID archive-id in the registry (`archive.org`, `arquivo.pt`; `pwid.archives` adds more): the captures' PWIDs name it, and a CDX capture's replay URL is the registry's.",
                  ),
                timemap: z
                  .string()
                  .min(1)
                  .max(2000)
                  .nullable()
                  .default(null)
                  .describe(
                    "A Memento TimeMap URL template (RFC 7089, `application/link-format`); `{uri}` is the target as itself. `null` (and no `cdx`): the registry's TimeMap of the archive.",
                  ),
                cdx: z
                  .string()
                  .min(1)
                  .max(2000)
                  .nullable()
                  .default(null)
                  .describe(
                    'A CDX API URL template (JSON: a header row and rows, or one object a line); `{uri}` is the target percent-encoded as a query value. Asked instead of the TimeMap when given.',
                  ),
              })
              .strict(),
          )
          .max(20)
          .default([])
          .describe(
            'The web archives asked for the captures of a broken target ([links.md](links.md#web-archive-fallback)), in this order. Empty by default: no archive is asked anything unless listed here.',
          ),
        timeoutMs: z.coerce
          .number()
          .int()
          .min(100)
          .max(60_000)
          .default(5000)
          .describe('Milliseconds one archive may take to answer a lookup, body included.'),
        maxBytes: z.coerce
          .number()
          .int()
          .min(1024)
          .max(16 * 1024 * 1024)
          .default(1_048_576)
          .describe(
            "Bytes of an archive's answer read at most; a longer TimeMap is read up to here (its complete entries count).",
          ),
        maxCaptures: z.coerce
          .number()
          .int()
          .min(1)
          .max(50)
          .default(3)
          .describe('The latest captures kept from each archive.'),
        cacheTtlSeconds: z.coerce
          .number()
          .int()
          .min(0)
          .max(30 * 24 * 3600)
          .default(3600)
          .describe("Seconds a target's lookup (captures found, or none) is kept in memory; 0: not kept."),
        cacheSize: z.coerce
          .number()
          .int()
          .min(1)
          .max(1_000_000)
          .default(10_000)
          .describe('Targets whose lookups are kept in memory at most.'),
      })
      .prefault({})
      .describe(
        'The web-archive fallback of broken targets: which archives `?info` and the per-shoulder fallback ask for captures.',
      ),
    stats: z
      .object({
        enabled: z
          .boolean()
          .default(true)
          .describe(
            'Count resolutions per identifier, shoulder and day (UTC) in the store ([statistics.md](statistics.md), `GET /api/v1/reports/resolutions`). Counted in memory and written in one batch every `stats.flushSeconds`; nothing is sent anywhere. Without a store nothing is counted.',
          ),
        flushSeconds: z.coerce
          .number()
          .int()
          .min(1)
          .max(3600)
          .default(60)
          .describe(
            'Seconds between two writes of the counts (also written at shutdown). A crash loses at most this many seconds of counts.',
          ),
        retentionDays: z.coerce
          .number()
          .int()
          .min(0)
          .max(36_600)
          .default(400)
          .describe('Days of counts kept (pruned once a day, beside a flush); 0 keeps them forever.'),
        maxKeys: z.coerce
          .number()
          .int()
          .min(1)
          .max(1_000_000)
          .default(100_000)
          .describe(
            'Distinct identifiers counted in memory between two flushes; past it, resolutions of identifiers not yet counted are counted only in `pidgate_stats_dropped_total` until the next flush.',
          ),
      })
      .prefault({}),
    /** Milliseconds in-flight requests get to finish on SIGTERM before connections are closed. */
    shutdownGraceMs: z.coerce.number().int().min(0).default(10_000),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.store.readUrl !== null && c.store.url === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['store', 'readUrl'],
        message: 'a read replica (store.readUrl, DATABASE_READ_URL) needs the primary PostgreSQL database (store.url)',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;
export type Env = Readonly<Record<string, string | undefined>>;

/** A configuration that cannot be used: the message lists every problem, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Environment variable → configuration key path, and how to read the value. */
const ENV_KEYS: readonly [string, readonly string[], 'string' | 'boolean' | 'null-string'][] = [
  ['PORT', ['port'], 'string'],
  ['PIDGATE_HOST', ['host'], 'string'],
  ['PIDGATE_BASE_URL', ['baseUrl'], 'null-string'],
  ['PIDGATE_ALLOWED_HOSTS', ['allowedHosts'], 'string'],
  ['PIDGATE_PROFILE', ['profile'], 'string'],
  ['PIDGATE_BODY_LIMIT', ['bodyLimit'], 'string'],
  ['PIDGATE_STREAM_LIMIT', ['streamLimit'], 'string'],
  ['PIDGATE_BATCH_LIMIT', ['batchLimit'], 'string'],
  ['PIDGATE_LOG', ['log'], 'string'],
  ['PIDGATE_NAAN_FILE', ['naan', 'file'], 'null-string'],
  ['PIDGATE_NAAN_WATCH', ['naan', 'watch'], 'boolean'],
  ['PIDGATE_MAPTR_ENABLED', ['maptr', 'enabled'], 'boolean'],
  ['PIDGATE_MAPTR_SERVER', ['maptr', 'server'], 'null-string'],
  ['PIDGATE_MAPTR_SUFFIX', ['maptr', 'suffix'], 'null-string'],
  ['PIDGATE_MAPTR_TIMEOUT_MS', ['maptr', 'timeoutMs'], 'string'],
  ['PIDGATE_MAPTR_CACHE_TTL', ['maptr', 'cacheTtlSeconds'], 'string'],
  ['PIDGATE_FALLBACK_URL', ['fallback', 'url'], 'null-string'],
  ['PIDGATE_PWID_ARCHIVES', ['pwid', 'archives'], 'null-string'],
  ['PIDGATE_RESOLVERS_FILE', ['resolvers', 'file'], 'null-string'],
  ['PIDGATE_ADMIN_TOKEN', ['admin', 'token'], 'null-string'],
  ['PIDGATE_SHUTDOWN_GRACE_MS', ['shutdownGraceMs'], 'string'],
  ['PIDGATE_STORE_ENABLED', ['store', 'enabled'], 'boolean'],
  ['PIDGATE_DATA_DIR', ['store', 'dataDir'], 'string'],
  ['DATABASE_URL', ['store', 'url'], 'null-string'],
  ['DATABASE_READ_URL', ['store', 'readUrl'], 'null-string'],
  ['PIDGATE_CACHE_ENABLED', ['cache', 'enabled'], 'boolean'],
  ['PIDGATE_CACHE_MAX_ENTRIES', ['cache', 'maxEntries'], 'string'],
  ['PIDGATE_CACHE_POSITIVE_TTL_MS', ['cache', 'positiveTtlMs'], 'string'],
  ['PIDGATE_CACHE_NEGATIVE_TTL_MS', ['cache', 'negativeTtlMs'], 'string'],
  ['PIDGATE_CACHE_REPLICA_GRACE_MS', ['cache', 'replicaGraceMs'], 'string'],
  ['PIDGATE_SYNCHRONOUS', ['store', 'synchronous'], 'string'],
  ['PIDGATE_DNS_HOST', ['dns', 'host'], 'string'],
  ['PIDGATE_DNS_PORT', ['dns', 'port'], 'string'],
  ['PIDGATE_DNS_SUFFIX', ['dns', 'suffix'], 'string'],
  ['PIDGATE_DNS_NMAH', ['dns', 'nmah'], 'null-string'],
  ['PIDGATE_DNS_TTL', ['dns', 'ttl'], 'string'],
  ['PIDGATE_DNS_RRL_ENABLED', ['dns', 'rrl', 'enabled'], 'boolean'],
  ['PIDGATE_DNS_RRL_RESPONSES_PER_SECOND', ['dns', 'rrl', 'responsesPerSecond'], 'string'],
  ['PIDGATE_DNS_RRL_NXDOMAINS_PER_SECOND', ['dns', 'rrl', 'nxdomainsPerSecond'], 'null-string'],
  ['PIDGATE_DNS_RRL_ERRORS_PER_SECOND', ['dns', 'rrl', 'errorsPerSecond'], 'null-string'],
  ['PIDGATE_DNS_RRL_SLIP', ['dns', 'rrl', 'slip'], 'string'],
  ['PIDGATE_DNS_RRL_WINDOW', ['dns', 'rrl', 'window'], 'string'],
  ['PIDGATE_DNS_RRL_IPV4_PREFIX_LENGTH', ['dns', 'rrl', 'ipv4PrefixLength'], 'string'],
  ['PIDGATE_DNS_RRL_IPV6_PREFIX_LENGTH', ['dns', 'rrl', 'ipv6PrefixLength'], 'string'],
  ['PIDGATE_EZID_ENABLED', ['ezid', 'enabled'], 'boolean'],
  ['PIDGATE_EZID_BASE_PATH', ['ezid', 'basePath'], 'string'],
  ['PIDGATE_EZID_SESSION_TTL', ['ezid', 'sessionTtl'], 'string'],
  ['PIDGATE_DEMO_EXPIRY_DAYS', ['demo', 'expiryDays'], 'string'],
  ['PIDGATE_DEMO_SWEEP_MINUTES', ['demo', 'sweepMinutes'], 'string'],
  ['PIDGATE_DOWNLOADS_DIR', ['downloads', 'dir'], 'null-string'],
  ['PIDGATE_DOWNLOADS_RETENTION', ['downloads', 'retention'], 'string'],
  ['PIDGATE_CONSOLE_SESSION_TTL', ['console', 'sessionTtl'], 'string'],
  ...MAIL_ENV_KEYS,
  ['PIDGATE_LINKS_ENABLED', ['links', 'enabled'], 'boolean'],
  ['PIDGATE_LINKS_PERIOD_DAYS', ['links', 'periodDays'], 'string'],
  ['PIDGATE_LINKS_WINDOW_DAYS', ['links', 'windowDays'], 'string'],
  ['PIDGATE_STATS_ENABLED', ['stats', 'enabled'], 'boolean'],
  ['PIDGATE_STATS_FLUSH_SECONDS', ['stats', 'flushSeconds'], 'string'],
  ['PIDGATE_STATS_RETENTION_DAYS', ['stats', 'retentionDays'], 'string'],
];

/** The environment variables `loadConfig` reads (for the README and `pidgate serve --help`). */
export const ENV_VARIABLES: readonly string[] = ['PIDGATE_CONFIG', ...ENV_KEYS.map(([name]) => name)];

function envValue(raw: string, kind: 'string' | 'boolean' | 'null-string'): unknown {
  if (kind === 'boolean') {
    const v = raw.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    return raw;
  }
  if (kind === 'null-string' && raw === '') return null;
  return raw;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) node = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  }
  node[path[path.length - 1] as string] = value;
}

/** Render zod issues as `key.path: message` lines. */
export function formatIssues(error: z.ZodError, source: string): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    return `  ${path}: ${issue.message}`;
  });
  return `invalid configuration (${source}):\n${lines.join('\n')}`;
}

function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`cannot read configuration file ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`configuration file ${file} is not JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`configuration file ${file} must hold a JSON object`);
  }
  const base = dirname(resolve(file));
  const object = value as Record<string, unknown>;
  // Paths inside the file are relative to the file.
  for (const [section, key] of [
    ['naan', 'file'],
    ['pwid', 'archives'],
    ['store', 'dataDir'],
    ['resolvers', 'file'],
    ['downloads', 'dir'],
  ] as const) {
    const part = object[section];
    if (typeof part === 'object' && part !== null) {
      const v = (part as Record<string, unknown>)[key];
      if (typeof v === 'string' && v.length > 0) (part as Record<string, unknown>)[key] = resolve(base, v);
    }
  }
  return object;
}

/**
 * Build the configuration: defaults, then the JSON file (`file`, or `PIDGATE_CONFIG`), then environment
 * variables. Throws `ConfigError` with one readable line per problem. The caller passes the environment:
 * this module never reads `process.env` itself.
 */
export function loadConfig(env: Env = {}, file?: string | null, overrides: ConfigInput = {}): Config {
  const path = file ?? env['PIDGATE_CONFIG'] ?? null;
  const input: Record<string, unknown> = path ? readConfigFile(path) : {};
  for (const [name, keyPath, kind] of ENV_KEYS) {
    const raw = env[name];
    if (raw !== undefined) setPath(input, keyPath, envValue(raw, kind));
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) input[key] = value;
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(formatIssues(parsed.error, path ?? 'environment'));
  return parsed.data;
}
