import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { ConfigInput } from '../config/index.ts';
import { type AppDeps, createDeps } from '../deps.ts';
import { startServer } from '../server.ts';
import { allSchemes, testConfig } from '../testing/helpers.ts';
import { testStore } from '../testing/store.ts';
import { assertFastPathSafe, createFastPath, fastPathAware, fastPathSafe, wireHeaders } from './fast.ts';

// The fast path (fast.ts) answers identifier redirects in front of Hono. Here it is held to the Hono route
// over real sockets: two servers over the same services, one with the fast path and one without, get the
// same requests byte for byte, and must give the same status line, the same headers in the same order
// (the Date aside) and the same body, for generated identifiers of every scheme, bound and unbound,
// GET and HEAD, odd Host headers, with and without CORS.

interface Raw {
  readonly statusLine: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

/** Send `request` as written on a fresh connection and read the whole answer (`Connection: close` ends it). */
function exchange(port: number, request: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = (split === -1 ? text : text.slice(0, split)).split('\r\n');
      const headers = head.slice(1).map((line) => {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        // The Date differs from one second to the next: its place is compared, not its value.
        return [name, name === 'date' ? '(date)' : line.slice(colon + 1).trim()] as const;
      });
      resolve({ statusLine: head[0] ?? '', headers, body: split === -1 ? '' : text.slice(split + 4) });
    });
    // Written, not ended: a client that half-closes right away may get no answer at all (Node's HTTP server
    // ends such a connection; an answer still on its way is lost, from either path).
    socket.write(request);
  });
}

function request(method: string, target: string, headers: readonly (readonly [string, string])[]): string {
  return `${method} ${target} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}Connection: close\r\n\r\n`;
}

const BOUND = 40;
const name = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const suffix = fc.oneof(
  fc.constant(''),
  fc.constantFrom('/s3/f8.05v.tiff', '/page.pdf', '.pdf', '/a/b/c', '?format=pdf', '/%41b', '//x'),
);

/** Targets that resolve to redirects: ARKs through the NAAN table and the store, PWIDs, PDIs, URNs, and every other scheme. */
const redirecting = fc.oneof(
  // ARKs under a NAAN of the NAAN table, with qualifiers and odd spellings.
  fc
    .tuple(fc.constantFrom('ark:/12025/', 'ark:12025/', 'ARK:/12025/', 'ark:/13030/', 'ark:/67531/'), name, suffix)
    .map(([p, n, s]) => `/${p}${n}${s}`),
  // Bound ARKs (the store), with and without suffix passthrough; some unbound under the same NAAN.
  fc.tuple(fc.integer({ min: 0, max: BOUND + 5 }), suffix).map(([i, s]) => `/ark:/99999/fk4b${i.toString(36)}${s}`),
  // PWIDs (archive registry; Memento Link headers).
  fc
    .tuple(fc.constantFrom('archive.org', 'archive.today', 'webcitation.org', 'unknown.example'), name)
    .map(([a, n]) => `/urn:pwid:${a}:2016-01-22T11:20:29Z:page:http://www.dr.dk/${n}`),
  // PDIs: bound (the latest version: Content-Location), a given version, unbound.
  fc
    .tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom('', '.1', '.2', '.9'))
    .map(([i, v]) => `/urn:pdi://ap.org.us/1997/11/27/${i}.pdf${v}`),
  // URNs through the resolver table.
  fc
    .tuple(fc.constantFrom('urn:nbn:de:bvb:19-', 'urn:nbn:fi-fe', 'urn:nbn:zz-', 'URN:NBN:se:uu:diva-'), fc.nat(99999))
    .map(([p, n]) => `/${p}${n}`),
  fc.constantFrom('/urn:isbn:0-395-36341-1', '/urn:isbn:0395363412', '/urn:nope:x'),
  // The other schemes the gateway ships with (@pidgate/schemes' registry), through the resolver table.
  fc
    .tuple(
      fc.constantFrom(
        '/doi:10.1000/',
        '/10.1000/',
        '/urn:doi:10.123:',
        '/https://doi.org/10.1000/',
        '/hdl:20.500.12345/',
        '/https://hdl.handle.net/2027/',
        '/http://purl.org/dc/',
      ),
      name,
      suffix,
    )
    .map(([p, n, s]) => `${p}${n}${s}`),
  fc.constantFrom(
    '/0000-0002-1825-0097',
    '/https://orcid.org/0000-0002-1825-0097',
    '/arXiv:hep-th/9901001v1',
    '/math.GT/0309136',
    '/arXiv:2101.00001',
    '/PMID:12345',
    '/PMC1234567',
    '/978-0-395-36341-6',
    '/ISBN:0-395-36341-1',
    '/0259-000X',
    '/urn:issn:0259-000x',
  ),
);

/** Targets that do not: a loop, an unknown NAAN, inflections, percent-encoded and malformed identifiers. */
const other = fc.oneof(
  // A binding whose target points back at a Host some requests send: refused as a loop.
  fc.constant('/ark:/99999/fk4loop'),
  name.map((n) => `/ark:/00000/${n}`),
  fc
    .tuple(
      fc.constantFrom('/ark:/12025/x', '/ark:/99999/fk4b1', '/urn:pdi://ap.org.us/1997/11/27/1.pdf'),
      fc.constantFrom('?', '??', '?info', '???'),
    )
    .map(([t, i]) => t + i),
  fc.constantFrom(
    '/ark%3A%2F12025%2F654xz321',
    '/ark:/1',
    '/ark:/12025/',
    '/a:b',
    '/x:',
    '/ark:/12025/a%zz',
    '/ark:/12025/a\\b',
    '/doi:10.1000/',
    '/10.abc/x',
    '/https://doi.org/10.1000/%zz',
    '/0000-0002-1825-0098',
    '/hdl:20.500.12345/67?',
    '/0000-0002-1825-0097??',
    '/PMC1234567?info',
  ),
  fc.string({ unit: fc.constantFrom('a', ':', '/', '%', '?', '.', '-', '1') }).map((s) => `/${s}`),
);

const targets = fc.oneof({ weight: 3, arbitrary: redirecting }, { weight: 1, arbitrary: other });

/** Host headers, from the plain to the odd; `loop.example.org` is the host the loop binding points at. */
const hosts = (port: number) =>
  fc.oneof(
    fc.constantFrom(
      `127.0.0.1:${port}`,
      'localhost',
      'EXAMPLE.org',
      'example.org:80',
      'example.org:',
      '[::1]:8080',
      '[::1',
      'loop.example.org',
      'LOOP.example.org:80',
      'a_b.example',
      'xn--bcher-kva.example',
      'host:port',
      '1.2.3.4.5',
      'ex%41mple.org',
      '',
    ),
    fc.stringMatching(/^[a-z0-9.:[\]_-]{1,20}$/),
  );

/** `some` in one case out of `oneIn`, else undefined (the header is not sent). */
const sometimes = <T>(some: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: some });

function options(port: number) {
  return fc.record({
    method: fc.constantFrom('GET', 'HEAD'),
    target: targets,
    host: fc.oneof(
      { weight: 6, arbitrary: fc.constant('pidgate.example') },
      { weight: 3, arbitrary: hosts(port) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    accept: sometimes(fc.constantFrom('text/html', 'application/json', '*/*', 'text/plain;q=0'), 3),
    origin: sometimes(fc.constantFrom('https://elsewhere.example', 'https://app.example.org', 'null'), 6),
  });
}

async function pair(input: ConfigInput) {
  const opened = await testStore('sqlite');
  const made = await opened.store.createToken('t', ['ark:/99999', 'urn:pdi://ap.org.us']);
  if (!made.ok) throw new Error(made.error.message);
  // The public address is configured: otherwise each server writes its own into pages and THUMP records.
  const config = testConfig({ port: 0, host: '127.0.0.1', baseUrl: 'https://pidgate.example/', ...input });
  const deps: AppDeps = await createDeps(config, { registry: allSchemes, store: opened.store });
  const fast = await startServer({ config, deps });
  const hono = await startServer({ config, deps, fastPath: false });
  const put = async (id: string, target: string) => {
    const res = await fetch(`${hono.url}api/v1/bindings/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${made.value.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target, erc: { who: 'Example Library', what: id } }),
    });
    if (res.status >= 300) throw new Error(`${id}: ${res.status} ${await res.text()}`);
  };
  for (let i = 0; i < BOUND; i++)
    await put(`ark:/99999/fk4b${i.toString(36)}`, `https://repository.example.org/o/${i}`);
  await put('ark:/99999/fk4loop', 'http://loop.example.org/ark:/99999/fk4loop');
  for (let i = 0; i < 4; i++) await put(`urn:pdi://ap.org.us/1997/11/27/${i}.pdf`, `https://ap.example.org/${i}.pdf`);
  return {
    fast,
    hono,
    async close() {
      await fast.close();
      await hono.close();
      await deps.close();
      await opened.close();
    },
  };
}

const configurations: readonly (readonly [string, ConfigInput])[] = [
  ['CORS for any origin (the default)', {}],
  ['CORS for listed origins', { cors: { origins: ['https://app.example.org'] } }],
  ['no CORS', { cors: { origins: [] } }],
];

for (const [label, input] of configurations) {
  describe(`the fast path answers as the Hono route, over real sockets: ${label}`, () => {
    let servers: Awaited<ReturnType<typeof pair>>;
    beforeAll(async () => {
      servers = await pair(input);
    });
    afterAll(() => servers.close());

    it('same status line, headers in the same order, same body', async () => {
      let redirects = 0;
      await fc.assert(
        fc.asyncProperty(options(servers.fast.port), async (o) => {
          const headers: [string, string][] = [];
          if (o.host !== undefined) headers.push(['Host', o.host]);
          if (o.accept !== undefined) headers.push(['Accept', o.accept]);
          if (o.origin !== undefined) headers.push(['Origin', o.origin]);
          const raw = request(o.method, o.target, headers);
          const [viaFast, viaHono] = await Promise.all([
            exchange(servers.fast.port, raw),
            exchange(servers.hono.port, raw),
          ]);
          expect(viaFast).toEqual(viaHono);
          if (/^HTTP\/1\.1 30[12378] /.test(viaFast.statusLine)) redirects++;
        }),
        { numRuns: 400 },
      );
      // The property is about redirects above all: most generated requests must have been ones.
      expect(redirects).toBeGreaterThan(100);
    });

    it('a redirect goes out with the headers of the identifier route, in the order the listener writes them', async () => {
      const raw = request('GET', '/ark:/99999/fk4b1', [['Host', 'pidgate.example']]);
      const [viaFast, viaHono] = await Promise.all([
        exchange(servers.fast.port, raw),
        exchange(servers.hono.port, raw),
      ]);
      expect(viaFast).toEqual(viaHono);
      expect(viaFast.statusLine).toBe('HTTP/1.1 302 Found');
      const names = viaFast.headers.map(([n]) => n);
      const cors =
        label === 'no CORS'
          ? []
          : label === 'CORS for listed origins'
            ? ['access-control-expose-headers']
            : ['access-control-allow-origin', 'access-control-expose-headers'];
      const vary = label === 'CORS for listed origins' ? ['vary'] : [];
      expect(names).toEqual([...cors, 'location', ...vary, 'content-type', 'date', 'connection', 'transfer-encoding']);
      expect(viaFast.headers).toContainEqual(['location', 'https://repository.example.org/o/1']);
    });
  });
}

describe('the fast path refuses to start rather than be shadowed', () => {
  const handler = () => new Response('x');
  it('finds routes and middleware that could match an identifier path', () => {
    for (const path of ['/:id', '*', '/*', '/:scheme{.+}', '/{x}']) {
      expect(fastPathSafe([{ method: 'GET', path, handler }])).toBe(false);
      expect(() => assertFastPathSafe([{ method: 'GET', path, handler }])).toThrow(
        `the identifier fast path (apps/gateway/src/http/fast.ts) would answer requests for GET ${path} before that route`,
      );
    }
    for (const path of ['/', '/api/v1/parse', '/api/v1/bindings/:id{.+}', '/assets/:file']) {
      expect(fastPathSafe([{ method: 'GET', path, handler }])).toBe(true);
    }
    expect(fastPathSafe([{ method: 'ALL', path: '*', handler: fastPathAware(() => undefined) }])).toBe(true);
  });

  it('an app with a route in the way is refused; without the fast path the server starts and resolves', async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    const deps = await createDeps(config, { registry: allSchemes });
    const app = createApp(deps);
    expect(() => assertFastPathSafe(app.routes)).not.toThrow();
    // A route added ahead of the identifier route by a later change would take identifiers.
    app.get('/:anything', handler);
    expect(() => assertFastPathSafe(app.routes)).toThrow(/GET \/:anything before that route/);
    const off = await startServer({ config, deps, fastPath: false });
    const res = await fetch(`${off.url}ark:/12025/654xz321`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    await off.close();
    await deps.close();
  });
});

describe('wireHeaders', () => {
  it('orders by name, content-type last, and refuses what a Headers object would change', () => {
    expect(Object.entries(wireHeaders({ vary: 'Origin' }, { location: 'https://x.org/', link: '<a>' }) ?? {})).toEqual([
      ['link', '<a>'],
      ['location', 'https://x.org/'],
      ['vary', 'Origin'],
      ['content-type', 'text/plain; charset=UTF-8'],
    ]);
    expect(wireHeaders({}, { location: ' https://x.org/' })).toBeNull();
    expect(wireHeaders({}, { location: 'https://x.org/\r\nx: y' })).toBeNull();
    expect(wireHeaders({}, { location: 'https://x.org/\u0100' })).toBeNull();
  });
});

describe('the batched write', () => {
  it('an answer that fails to write fails alone: a 500 for it, the others go out, nothing escapes', async () => {
    const config = testConfig();
    const deps = await createDeps(config, { registry: allSchemes });
    const handedOn: string[] = [];
    const fast = createFastPath(deps, (req) => handedOn.push(req.url as string), {});
    const written: [string, number, Record<string, string>][] = [];
    /** A response whose `writeHead` throws for the status `failOn`. */
    const response = (name: string, failOn: number | null) => {
      const res = {
        headersSent: false,
        writeHead(status: number, headers: Record<string, string>) {
          if (status === failOn) throw new Error(`cannot write ${name}`);
          written.push([name, status, headers]);
          res.headersSent = true;
        },
        end() {},
        destroy() {
          written.push([name, -1, {}]);
        },
      };
      return res as unknown as ServerResponse;
    };
    const request = (url: string) =>
      ({ method: 'GET', url, headers: { host: 'pidgate.example' } }) as unknown as IncomingMessage;
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      expect(fast(request('/ark:/12025/a'), response('a', 302))).toBe(true);
      expect(fast(request('/ark:/12025/b'), response('b', null))).toBe(true);
      expect(fast(request('/ark:/12025/c?info'), response('c', null))).toBe(true);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect(written.map(([name, status]) => [name, status])).toEqual([
      ['a', 500],
      ['b', 302],
    ]);
    expect(written[1]?.[2]['location']).toBe('http://www.nlm.nih.gov/ark:/12025/b');
    // Not a redirect: handed on to the app with its resolution.
    expect(handedOn).toEqual(['/ark:/12025/c?info']);
    await deps.close();
  });
});

describe('the fast path logs and counts as the app does', () => {
  it('the same request log lines and request counters, for redirects it answers and requests it hands on', async () => {
    const run = async (fastPath: boolean) => {
      const lines: string[] = [];
      const config = testConfig({ port: 0, host: '127.0.0.1', baseUrl: 'https://pidgate.example/', log: 'json' });
      const deps = await createDeps(config, { registry: allSchemes, logOut: { write: (s: string) => lines.push(s) } });
      const server = await startServer({ config, deps, fastPath });
      for (const target of [
        '/ark:/12025/654xz321',
        '/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
        '/ark:/12025/654xz321?info',
        '/ark:/1234/x',
        '/urn:nbn:zz-1',
      ]) {
        await exchange(server.port, request('GET', target, [['Host', 'pidgate.example']]));
      }
      await server.close();
      deps.logger.flush();
      const requests = lines
        .join('')
        .split('\n')
        .filter((l) => l.includes('"method"'))
        .map((l) => {
          const { time: _time, ms: _ms, ...rest } = JSON.parse(l) as Record<string, unknown>;
          return rest;
        });
      const counters = deps.metrics
        .render()
        .split('\n')
        .filter(
          (l) => l.startsWith('pidgate_requests_total{') || l.startsWith('pidgate_request_duration_seconds_count'),
        );
      await deps.close();
      return { requests, counters };
    };
    const viaFast = await run(true);
    const viaHono = await run(false);
    expect(viaFast).toEqual(viaHono);
    expect(viaFast.requests[0]).toEqual({
      method: 'GET',
      path: '/ark:/12025/654xz321',
      status: 302,
      scheme: 'ark',
      outcome: 'redirect',
    });
    expect(viaFast.counters).toContain('pidgate_request_duration_seconds_count 5');
  });
});
