import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local web archives on 127.0.0.1 for the web-archive fallback's tests: a Memento TimeMap server and a CDX
 * server answering captures of any URI, and paths that answer garbage, slowly, endlessly, or 500. Counts
 * the requests it gets. Nothing leaves 127.0.0.1.
 */
export interface ArchiveServers {
  readonly base: string;
  /** Requests received, by path prefix (`/timemap/`, `/cdx`, …). */
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

/** Captures every URI has in these archives (oldest first, as TimeMaps list them). */
export const CAPTURE_TIMES = ['20190301101500', '20230115080000', '20240501100405'];

const httpDate = (ts: string) =>
  new Date(
    Date.UTC(
      +ts.slice(0, 4),
      +ts.slice(4, 6) - 1,
      +ts.slice(6, 8),
      +ts.slice(8, 10),
      +ts.slice(10, 12),
      +ts.slice(12, 14),
    ),
  ).toUTCString();

export async function archiveServers(): Promise<ArchiveServers> {
  const hits = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  const count = (k: string) => hits.set(k, (hits.get(k) ?? 0) + 1);
  let base = '';
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/timemap/none/') || (path.startsWith('/timemap/') && path.includes('nocapture'))) {
      count('/timemap/none/');
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no captures');
      return;
    }
    if (path.startsWith('/timemap/')) {
      count('/timemap/');
      const uri = path.slice('/timemap/'.length);
      const lines = [
        `<${uri}>; rel="original",`,
        `<${base}/timemap/${uri}>; rel="self"; type="application/link-format",`,
        ...CAPTURE_TIMES.map(
          (ts, i) =>
            `<${base}/web/${ts}/${uri}>; rel="${i === 0 ? 'first memento' : i === CAPTURE_TIMES.length - 1 ? 'last memento' : 'memento'}"; datetime="${httpDate(ts)}"${i === CAPTURE_TIMES.length - 1 ? '' : ','}`,
        ),
      ];
      res.writeHead(200, { 'content-type': 'application/link-format' }).end(lines.join('\n'));
      return;
    }
    if (path.startsWith('/cdx?')) {
      count('/cdx');
      const url = new URL(path, base).searchParams.get('url') ?? '';
      const rows = [
        ['urlkey', 'timestamp', 'original', 'mimetype', 'statuscode', 'digest', 'length'],
        ...CAPTURE_TIMES.map((ts) => ['key', ts, url, 'text/html', '200', 'D', '100']),
        // A capture of the error page the target became: not a fallback.
        ['key', '20250101000000', url, 'text/html', '404', 'E', '10'],
      ];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
      return;
    }
    if (path.startsWith('/garbage/')) {
      count('/garbage/');
      res.writeHead(200, { 'content-type': 'application/link-format' }).end('<<<>>> ;;; "unclosed \u0000 ,,, garbage');
      return;
    }
    if (path.startsWith('/slow/')) {
      count('/slow/');
      res.writeHead(200, { 'content-type': 'application/link-format' });
      res.write('<http://a/>; rel="memento"');
      return; // never ends
    }
    if (path.startsWith('/endless/')) {
      count('/endless/');
      res.writeHead(200, { 'content-type': 'application/link-format' });
      const chunk = `<${base}/web/20200101000000/x>; rel="memento"; datetime="${httpDate('20200101000000')}",\n`.repeat(
        100,
      );
      const pump = () => {
        while (res.write(chunk)) {
          /* fill the buffer */
        }
        res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
      return;
    }
    count('other');
    res.writeHead(500).end('boom');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** The registry file (`pwid.archives`) naming the local archive `tm.local.test`, whose TimeMaps `servers` answer. */
export function localArchiveRegistry(base: string) {
  return {
    archives: [
      {
        id: 'tm.local.test',
        name: 'Local test archive',
        replay: `${base}/web/{timestamp}{flags}/{uri}`,
        timemap: `${base}/timemap/{uri}`,
        rawMode: 'id_',
      },
    ],
  };
}
