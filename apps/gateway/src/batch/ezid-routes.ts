import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps } from '../deps.ts';
import { ezidBody, ezidCredentials, ezidPage } from '../ezid/index.ts';
import { basePath, type GatewayEnv, negotiate, publicBase } from '../http/index.ts';
import { mayAskForGroup, mayAskForOwner, requesterOf } from './ownership.ts';
import { parseDownloadRequest } from './request.ts';
import { downloadService } from './setup.ts';

/**
 * EZID's batch download (API guide, "Batch download"), under `ezid.basePath`:
 *
 * - `POST /download_request`, a form body (`application/x-www-form-urlencoded`, or `multipart/form-data`
 *   as Django reads it too), authenticated like every EZID operation (Basic, bearer, or the `sessionid`
 *   cookie), answers `success: <URL>` (200) with the URL the file will appear at, or EZID's
 *   `error: bad request - <reason>` (400), `error: unauthorized` (401), `error: forbidden` (403, an
 *   `owner`/`ownergroup` the caller may not download).
 * - `GET`/`HEAD /download/<file>`: 404 until the file is ready, then the file (`application/gzip` or
 *   `application/zip`). The name holds 128 random bits and is the only credential, as at EZID, whose
 *   `batch-download.sh` (`curl -L -f -O`) and ezid-client (`Net::HTTP` HEAD then GET) fetch it without
 *   any.
 */
export function downloadRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const service = downloadService(deps);
  if (!service || !deps.store || !deps.config.ezid.enabled) return;
  const { config, store } = deps;
  const base = config.ezid.basePath;
  const webBase = basePath(config.baseUrl);

  const respond = (c: Context, status: number, line: 'success' | 'error', remainder: string): Response => {
    c.set('scheme', 'api');
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (status === 401) headers['www-authenticate'] = 'Basic realm="EZID"';
    if (negotiate(c.req.header('accept'), ['text/plain', 'text/html'] as const) === 'text/html') {
      headers['content-type'] = 'text/html; charset=UTF-8';
      return new Response(ezidPage(line, remainder, [], webBase), { status, headers });
    }
    headers['content-type'] = 'text/plain; charset=UTF-8';
    return new Response(ezidBody(line, remainder), { status, headers });
  };

  app.use(
    `${base}/download_request`,
    bodyLimit({
      maxSize: config.bodyLimit,
      onError: (c) =>
        respond(c, 413, 'error', `bad request - the request body is longer than ${config.bodyLimit} bytes`),
    }),
  );
  app.all(`${base}/download_request`, async (c) => {
    if (c.req.method !== 'POST') return respond(c, 405, 'error', 'method not allowed');
    const who = await ezidCredentials(c, store);
    if (who.kind === 'failed') return respond(c, 503, 'error', `service unavailable - ${who.message}`);
    if (who.kind === 'throttled') {
      return respond(c, 429, 'error', `too many requests - too many wrong passwords; try again after ${who.retryAt}`);
    }
    if (who.kind !== 'caller') return respond(c, 401, 'error', 'unauthorized');
    const pairs = await formPairs(c, config.bodyLimit);
    if (typeof pairs === 'string') return respond(c, 400, 'error', `bad request - ${pairs}`);
    const request = parseDownloadRequest(pairs);
    if (typeof request === 'string') return respond(c, 400, 'error', `bad request - ${request}`);
    const p = who.caller.principal;
    if (!request.owners.every((o) => mayAskForOwner(p, o)) || !request.ownergroups.every((g) => mayAskForGroup(p, g))) {
      return respond(c, 403, 'error', 'forbidden');
    }
    // The file's URL without its name: the answer below, and what a `notify` mail names.
    const downloadBase = `${publicBase(c, config)}${base.slice(1)}${base === '' ? '' : '/'}download/`;
    const job = await service.request(requesterOf(p), 'change', request, downloadBase);
    if (!job.ok) {
      const down = job.error.code === 'storage-error' || job.error.code === 'store-closed';
      return down
        ? respond(c, 503, 'error', `service unavailable - ${job.error.message}`)
        : respond(c, 400, 'error', `bad request - ${job.error.message}`);
    }
    return respond(c, 200, 'success', `${downloadBase}${job.value.fileName}`);
  });

  app.on(['GET', 'HEAD'], `${base}/download/:file`, async (c) => {
    c.set('scheme', 'api');
    const ready = await service.readyFile(c.req.param('file'));
    if (!ready) {
      return new Response('error: not found - the download is not ready, or it expired', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=UTF-8', 'cache-control': 'no-store' },
      });
    }
    const headers = {
      'content-type': ready.job.fileName.endsWith('.zip') ? 'application/zip' : 'application/gzip',
      'content-length': String(ready.size),
      'content-disposition': `attachment; filename="${ready.job.fileName}"`,
      'cache-control': 'private, no-store',
    };
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(service.stream(ready.path), { status: 200, headers });
  });
}

/**
 * The request's form parameters in order, or a reason. A body that is neither form encoding has no
 * parameters (Django's `request.POST` is then empty): the answer is EZID's missing `format`.
 */
async function formPairs(c: Context, limit: number): Promise<[string, string][] | string> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > limit) return `the request body is longer than ${limit} bytes`;
  if (type === 'application/x-www-form-urlencoded') {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > limit) return `the request body is longer than ${limit} bytes`;
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return [...new URLSearchParams(text)];
  }
  if (type === 'multipart/form-data') {
    try {
      const form = await c.req.formData();
      const out: [string, string][] = [];
      for (const [name, value] of form) if (typeof value === 'string') out.push([name, value]);
      return out;
    } catch {
      return 'the multipart body could not be read';
    }
  }
  return [];
}
