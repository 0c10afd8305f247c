import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';

/**
 * Local HTTP servers for the link checker's tests, on 127.0.0.1 only: each path answers one way a target
 * can (200, redirect chains, 404, 410, 429 with Retry-After, 503 flapping, slow and endless bodies, soft
 * 404 pages), and the server counts requests per path and connections open at once.
 */

export interface TargetServer {
  readonly port: number;
  /** `http://127.0.0.1:port` */
  readonly origin: string;
  /** Requests per path (method and path: `GET /ok`). */
  readonly hits: Map<string, number>;
  /** Requests per path, any method. */
  hitsOf(path: string): number;
  /** The most requests in progress at once. */
  readonly peak: { value: number };
  close(): Promise<void>;
}

const HTML_NOT_FOUND = '<!doctype html><html><head><title>Page Not Found</title></head><body>Sorry.</body></html>';
const HTML_404_HEADING = '<!doctype html><html><head><title>Example</title></head><body><h1>404</h1></body></html>';
const HTML_OK =
  '<!doctype html><html><head><title>A report on things</title></head><body><h1>Results</h1><p>Nothing was not found.</p></body></html>';

type Handler = (req: IncomingMessage, res: ServerResponse, server: { origin: string; count: number }) => void;

/** The paths every target server answers. */
const ROUTES: Record<string, Handler> = {
  '/ok': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('fine');
  },
  '/html-ok': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(HTML_OK);
  },
  '/404': (_req, res) => {
    res.writeHead(404);
    res.end();
  },
  '/410': (_req, res) => {
    res.writeHead(410);
    res.end();
  },
  '/500': (_req, res) => {
    res.writeHead(500);
    res.end();
  },
  '/429': (_req, res) => {
    res.writeHead(429, { 'retry-after': '120' });
    res.end();
  },
  '/503': (_req, res) => {
    res.writeHead(503);
    res.end();
  },
  // 503 on odd requests, 200 on even ones.
  '/flap': (_req, res, s) => {
    res.writeHead(s.count % 2 === 1 ? 503 : 200);
    res.end();
  },
  '/head-405': (req, res) => {
    res.writeHead(req.method === 'HEAD' ? 405 : 200, { 'content-type': 'text/plain' });
    res.end(req.method === 'HEAD' ? undefined : 'fine');
  },
  '/loop': (_req, res) => {
    res.writeHead(301, { location: '/loop' });
    res.end();
  },
  '/soft': (_req, res) => {
    res.writeHead(302, { location: '/not-found-page' });
    res.end();
  },
  '/not-found-page': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(HTML_NOT_FOUND);
  },
  '/heading-404': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(HTML_404_HEADING);
  },
  '/to-html-ok': (_req, res) => {
    res.writeHead(301, { location: '/html-ok' });
    res.end();
  },
  '/to-mailto': (_req, res) => {
    res.writeHead(302, { location: 'mailto:someone@example.org' });
    res.end();
  },
  // HEAD refused; GET gets headers, then nothing more: the body never ends.
  '/slow-body': (req, res) => {
    if (req.method === 'HEAD') {
      res.writeHead(405);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('a first chunk');
  },
  // No answer at all.
  '/slow-headers': () => undefined,
  // A body that never ends (until the client goes).
  '/endless': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const chunk = Buffer.alloc(16_384, 120);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  },
  // Holds the request 50 ms, then 200: long enough that requests at once overlap.
  '/hold': (_req, res) => {
    setTimeout(() => {
      res.writeHead(200);
      res.end();
    }, 50);
  },
};

function handle(req: IncomingMessage, res: ServerResponse, origin: string, hits: Map<string, number>) {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  const key = `${req.method} ${path}`;
  hits.set(key, (hits.get(key) ?? 0) + 1);
  let count = 0;
  for (const [k, v] of hits) if (k.endsWith(` ${path}`)) count += v;
  // /r/N: a chain of N redirects ending at /ok; /elsewhere/HOST: a redirect to /ok at another host name.
  const chain = /^\/r\/(\d+)$/.exec(path);
  if (chain) {
    const n = Number(chain[1]);
    res.writeHead(n === 0 ? 200 : 301, n === 0 ? {} : { location: `/r/${n - 1}` });
    res.end();
    return;
  }
  const elsewhere = /^\/elsewhere\/([a-z0-9.]+)$/.exec(path);
  if (elsewhere) {
    res.writeHead(301, { location: `http://${elsewhere[1]}:${new URL(origin).port}/ok` });
    res.end();
    return;
  }
  // /t/anything: 200 (the many targets of the politeness and lease tests).
  if (path.startsWith('/t/')) return ROUTES['/hold']?.(req, res, { origin, count });
  const route = ROUTES[path];
  if (route) route(req, res, { origin, count });
  else {
    res.writeHead(404);
    res.end();
  }
}

async function listen(server: Server, hits: Map<string, number>, peak: { value: number }): Promise<TargetServer> {
  let open = 0;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    open++;
    peak.value = Math.max(peak.value, open);
    res.once('close', () => open--);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    hitsOf: (path) => [...hits].reduce((n, [k, v]) => (k.endsWith(` ${path}`) ? n + v : n), 0),
    peak,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A plain HTTP target server on 127.0.0.1. */
export function startTargetServer(): Promise<TargetServer> {
  const hits = new Map<string, number>();
  const peak = { value: 0 };
  let origin = '';
  const server = createServer((req, res) => handle(req, res, origin, hits));
  return listen(server, hits, peak).then((s) => {
    origin = s.origin;
    return s;
  });
}

/** An HTTPS server whose certificate is self-signed (trusted by nobody): every check of it fails TLS. */
export async function startSelfSignedServer(): Promise<TargetServer> {
  const hits = new Map<string, number>();
  const server = createTlsServer(
    {
      key: readFileSync(new URL('./fixtures/self-signed.key', import.meta.url)),
      cert: readFileSync(new URL('./fixtures/self-signed.crt', import.meta.url)),
    },
    (req, res) => handle(req, res, '', hits),
  );
  const s = await listen(server as unknown as Server, hits, { value: 0 });
  return { ...s, origin: `https://127.0.0.1:${s.port}` };
}

/** A port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * A DNS lookup that never leaves the machine: the names given resolve to 127.0.0.1, every other name
 * (`*.invalid` among them) fails as an unknown name does.
 */
export function localLookup(names: readonly string[]): LookupFunction {
  const known = new Set(names);
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (!known.has(hostname)) {
      const e = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
      process.nextTick(() => callback(e));
      return;
    }
    if (options?.all) process.nextTick(() => callback(null, [{ address: '127.0.0.1', family: 4 }]));
    else process.nextTick(() => callback(null, '127.0.0.1', 4));
  }) as LookupFunction;
}
