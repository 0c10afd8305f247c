import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type DownloadJob, type Principal, type Store, type StoreResult, underlyingStore } from '@pidgate/store';
import { Zip, ZipDeflate } from 'fflate';
import { z } from 'zod';
import { matches } from './filters.ts';
import { downloadElements, formatWriter } from './formats.ts';
import type { Notifier } from './notify.ts';
import { type DownloadRule, mayDownload, principalFor, Requester } from './ownership.ts';
import { DownloadRequest, extensionOf, innerSuffix } from './request.ts';
import { sweepUploads } from './uploads.ts';

/**
 * The batch download engine: a request becomes a job row (`store.downloads`), one worker per process
 * takes the jobs in order (a lease in the row, so after a crash or restart an unfinished job is taken
 * again, by this process or another sharing the database), streams the selected identifiers from
 * `store.exportBindings` through the format writer and gzip (node:zlib) or ZIP (fflate) into
 * `<dir>/<file>.part`, and renames it to `<dir>/<file>` when complete: the file is served only once its
 * job is `ready`. Memory stays constant whatever the number of identifiers. Expired jobs and their files
 * are removed at every run and once an hour.
 */

/** What a job row's `params` holds. */
export const JobParams = z.object({
  request: DownloadRequest,
  requester: Requester,
  rule: z.enum(['view', 'change']),
  /** The URL the file is served under, without its name (`https://…/ezid/download/`): named in a notice. */
  downloadBase: z.string().optional(),
});
export type JobParams = z.infer<typeof JobParams>;

export interface DownloadServiceOptions {
  readonly store: Store;
  /** Where the files go. */
  readonly dir: string;
  /** Seconds a job and its file are kept. */
  readonly retentionSeconds: number;
  /** Seconds a running job's lease lasts before another worker may take it over (default 300). */
  readonly leaseSeconds?: number;
  /** Tells a request's `notify` addresses when its job ends (notify.ts); none: nobody is told. */
  readonly notifier?: Notifier | null;
}

/** Text is handed to the compressor in pieces of about this many characters. */
const PIECE = 64 * 1024;
/** How often a long job renews its lease. */
const RENEW_MS = 60_000;
const SWEEP_MS = 3_600_000;

export class DownloadService {
  readonly #store: Store;
  readonly #dir: string;
  readonly #retention: number;
  readonly #lease: number;
  readonly #notifier: Notifier | null;
  #running: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: DownloadServiceOptions) {
    this.#store = options.store;
    this.#dir = options.dir;
    this.#retention = options.retentionSeconds;
    this.#lease = options.leaseSeconds ?? 300;
    this.#notifier = options.notifier ?? null;
  }

  get dir(): string {
    return this.#dir;
  }

  /** Seconds files are kept. */
  get retentionSeconds(): number {
    return this.#retention;
  }

  /** Take up the jobs left from before (a restart) and sweep expired files once an hour. */
  start(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.kick(), SWEEP_MS);
    this.#timer.unref();
    this.kick();
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Queue a download; the worker starts on it at once when idle. */
  async request(
    requester: Requester,
    rule: DownloadRule,
    request: DownloadRequest,
    downloadBase?: string,
  ): Promise<StoreResult<DownloadJob>> {
    const params: JobParams = { request, requester, rule, ...(downloadBase !== undefined ? { downloadBase } : {}) };
    const job = await this.#store.downloads.create({
      requester: requester.username,
      extension: extensionOf(request),
      params,
      retentionSeconds: this.#retention,
    });
    if (job.ok) this.kick();
    return job;
  }

  /** Run the worker unless it runs already (then it looks for jobs once more when done). */
  kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#work().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** Resolves once the worker is idle (tests). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** The path of a ready job's file, or null while it is not (or no longer) there. */
  async readyFile(fileName: string): Promise<{ job: DownloadJob; path: string; size: number } | null> {
    const id = /^([0-9a-f]{32})\.(?:(?:txt|csv|xml)\.gz|zip)$/.exec(fileName)?.[1];
    if (id === undefined) return null;
    const job = await this.#store.downloads.get(id);
    if (!job.ok || job.value.status !== 'ready' || job.value.fileName !== fileName) return null;
    const path = join(this.#dir, fileName);
    try {
      const s = await stat(path);
      return { job: job.value, path, size: s.size };
    } catch {
      return null;
    }
  }

  /** A ready file's bytes, streamed. */
  stream(path: string): ReadableStream<Uint8Array> {
    return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  }

  async #work(): Promise<void> {
    await this.#sweep();
    for (;;) {
      const claimed = await this.#store.downloads.claim(this.#lease);
      if (!claimed.ok || claimed.value === null) return;
      await this.#run(claimed.value);
    }
  }

  async #sweep(): Promise<void> {
    await sweepUploads(this.#dir, this.#retention);
    const expired = await this.#store.downloads.expire();
    if (!expired.ok) return;
    for (const job of expired.value) {
      await rm(join(this.#dir, job.fileName), { force: true }).catch(() => undefined);
      await rm(join(this.#dir, `${job.fileName}.part`), { force: true }).catch(() => undefined);
    }
  }

  async #run(job: DownloadJob): Promise<void> {
    const parsed = JobParams.safeParse(job.params);
    if (!parsed.success) {
      await this.#store.downloads.finish(job.id, { status: 'failed', error: 'the request could not be read' });
      return;
    }
    const { request, requester, rule } = parsed.data;
    const principal = await principalFor(this.#store, requester);
    if (!principal.ok) {
      await this.#store.downloads.finish(job.id, { status: 'failed', error: principal.error.message });
      return;
    }
    const final = join(this.#dir, job.fileName);
    const part = `${final}.part`;
    const counter = { n: 0 };
    try {
      await mkdir(this.#dir, { recursive: true });
      const text = this.#text(job.id, request, principal.value, rule, counter);
      // One pipeline for every stage, so that an error of the text (its store failing) rejects here and is
      // never an unhandled 'error' event of a piped stream.
      if (request.compression === 'gzip')
        await pipeline(Readable.from(encoded(text)), createGzip(), createWriteStream(part));
      else
        await pipeline(
          Readable.from(zipped(`${job.id}.${innerSuffix(request.format)}`, text)),
          createWriteStream(part),
        );
      await rename(part, final);
      const size = (await stat(final)).size;
      const finished = await this.#store.downloads.finish(job.id, { status: 'ready', count: counter.n, size });
      if (finished.ok) await this.#notify(job, parsed.data, 'ready', counter.n, null);
    } catch (e) {
      await rm(part, { force: true }).catch(() => undefined);
      const message = e instanceof Error ? e.message : String(e);
      const finished = await this.#store.downloads.finish(job.id, { status: 'failed', error: message });
      if (finished.ok) await this.#notify(job, parsed.data, 'failed', null, message);
    }
  }

  /** Tell the request's `notify` addresses (when mail is configured); a failure is the notifier's to log. */
  async #notify(
    job: DownloadJob,
    params: JobParams,
    status: 'ready' | 'failed',
    count: number | null,
    error: string | null,
  ): Promise<void> {
    if (!this.#notifier || params.request.notify.length === 0) return;
    await this.#notifier({
      to: params.request.notify,
      jobId: job.id,
      status,
      url: params.downloadBase === undefined ? null : `${params.downloadBase}${job.fileName}`,
      count,
      expiresAt: job.expiresAt,
      error,
    });
  }

  /** The file's text in pieces: header, one record per selected identifier, footer. */
  async *#text(
    id: string,
    request: DownloadRequest,
    requester: Principal,
    rule: DownloadRule,
    counter: { n: number },
  ): AsyncGenerator<string> {
    const writer = formatWriter(request);
    let piece = writer.header;
    let renewed = Date.now();
    const rows = this.#store.exportBindings(requester.scopes === null ? {} : { scopes: [...requester.scopes] });
    for await (const row of rows) {
      // The store closed under a running job (the gateway is stopping): stop writing; the job is not marked
      // ready (finish fails on a closed store), so its lease runs out and the next start writes it again.
      if (!row.ok && row.error.code === 'store-closed') return;
      if (!row.ok) throw new Error(`${row.error.code}: ${row.error.message}`);
      const b = row.value;
      if (!matches(request, requester, b) || !mayDownload(requester, rule, b)) continue;
      counter.n++;
      piece += writer.record(b, downloadElements(b, request.convertTimestamps));
      if (piece.length >= PIECE) {
        yield piece;
        piece = '';
        if (Date.now() - renewed > RENEW_MS) {
          renewed = Date.now();
          await this.#store.downloads.renew(id, this.#lease);
        }
      }
    }
    yield piece + writer.footer;
  }
}

async function* encoded(text: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const s of text) if (s.length > 0) yield Buffer.from(s, 'utf8');
}

/** One ZIP entry named `name` holding the text, deflated as it comes (fflate's streaming Zip). */
async function* zipped(name: string, text: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((e, data) => {
    if (e) failure = e;
    else out.push(data);
  });
  const entry = new ZipDeflate(name, { level: 6 });
  entry.mtime = new Date();
  zip.add(entry);
  for await (const s of text) {
    entry.push(Buffer.from(s, 'utf8'));
    if (failure) throw failure;
    yield* out.splice(0);
  }
  entry.push(new Uint8Array(0), true);
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

const services = new WeakMap<Store, DownloadService>();

/** The one service per store (the EZID route and the console share it, through the cache's wrapper or not). */
export function downloadServiceFor(options: DownloadServiceOptions): DownloadService {
  const store = underlyingStore(options.store);
  let s = services.get(store);
  if (!s) {
    s = new DownloadService(options);
    services.set(store, s);
  }
  return s;
}
