import type pg from 'pg';
import { CHANGE_CHANNEL, type ChangeEvent, type ChangeFeed, Listeners, parseChangePayload } from './changes.ts';

export interface PgFeedOptions {
  /** The primary's URL (NOTIFY is not delivered on a read replica). */
  readonly url: string;
  /** The store's schema (default: the connection's `current_schema()`). */
  readonly schema?: string;
  /** How often the listening connection proves it is alive with a NOTIFY to itself (default 500 ms). */
  readonly heartbeatMs?: number;
  /** The first wait before reconnecting; doubled up to 5 s while it keeps failing (default 100 ms). */
  readonly reconnectMs?: number;
}

const MAX_RECONNECT_MS = 5000;

/**
 * The PostgreSQL change feed: one dedicated connection per instance that LISTENs on `pidgate_changes`
 * (migration 15's triggers NOTIFY there at every commit that touches bindings, NAANs or commitments).
 * `live` only while that connection listens and answers: it NOTIFYs a channel of its own every
 * `heartbeatMs`, and an error, the connection's end, or three beats in a row without an echo is `down` at once;
 * then it reconnects (with backoff), LISTENs again and says `up`. A listener that hears `down` must stop
 * trusting what it read before (see cache.ts).
 */
export class PgChangeFeed implements ChangeFeed {
  readonly #pg: typeof pg;
  readonly #options: PgFeedOptions;
  readonly #listeners = new Listeners();
  #client: pg.Client | null = null;
  #schema: string | null = null;
  #pid: number | null = null;
  #live = false;
  #closed = false;
  #wait: number;
  #beat: ReturnType<typeof setInterval> | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  /** Heartbeats sent since the last echo. */
  #unanswered = 0;
  #connecting: Promise<void> | null = null;

  constructor(pgModule: typeof pg, options: PgFeedOptions) {
    this.#pg = pgModule;
    this.#options = options;
    this.#wait = options.reconnectMs ?? 100;
    this.#connecting = this.#connect();
  }

  get live(): boolean {
    return this.#live;
  }

  /** The backend process id of the listening connection (tests end it with pg_terminate_backend). */
  get pid(): number | null {
    return this.#pid;
  }

  /** Resolves once the first attempt to listen has finished (listening or not). */
  ready(): Promise<void> {
    return this.#connecting ?? Promise.resolve();
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  poll(): void {}

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#beat) clearInterval(this.#beat);
    if (this.#retry) clearTimeout(this.#retry);
    this.#live = false;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const options = this.#options;
    const client = new this.#pg.Client({
      connectionString: options.url,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    client.on('error', (e) => this.#lost(client, e.message));
    client.on('end', () => this.#lost(client, 'the listening connection ended'));
    client.on('notification', (m) => this.#notified(client, m));
    this.#client = client;
    try {
      await client.connect();
      const { rows } = await client.query('SELECT current_schema() AS schema, pg_backend_pid() AS pid');
      const row = rows[0] as { schema: string; pid: number };
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      await client.query(`LISTEN pidgate_echo_${row.pid}`);
      if (this.#closed || this.#client !== client) {
        await client.end().catch(() => undefined);
        return;
      }
      this.#schema = options.schema ?? row.schema;
      this.#pid = row.pid;
      this.#wait = options.reconnectMs ?? 100;
      this.#unanswered = 0;
      this.#live = true;
      this.#startBeat(client);
      this.#listeners.emit({ kind: 'up' });
    } catch (e) {
      this.#lost(client, e instanceof Error ? e.message : String(e));
    } finally {
      this.#connecting = null;
    }
  }

  #startBeat(client: pg.Client): void {
    const every = this.#options.heartbeatMs ?? 500;
    if (this.#beat) clearInterval(this.#beat);
    this.#beat = setInterval(() => {
      if (this.#client !== client) return;
      // Counted in beats, not in time: a process starved of CPU beats late and reads the echo in between,
      // so only a connection that does not answer three beats in a row is down.
      if (this.#unanswered >= 3) {
        this.#lost(client, `no answer to ${this.#unanswered} heartbeats (${every} ms apart)`);
        return;
      }
      this.#unanswered++;
      client
        .query('SELECT pg_notify($1, $2)', [`pidgate_echo_${this.#pid}`, 'echo'])
        .catch((e: unknown) => this.#lost(client, e instanceof Error ? e.message : String(e)));
    }, every);
    this.#beat.unref();
  }

  #notified(client: pg.Client, m: pg.Notification): void {
    if (client !== this.#client || !this.#schema) return;
    if (m.channel !== CHANGE_CHANNEL) {
      this.#unanswered = 0;
      return;
    }
    const change = parseChangePayload(m.payload ?? '', this.#schema);
    if (change) this.#listeners.emit(change);
  }

  /** The connection failed: down at once (if it was up), then reconnect after the backoff. */
  #lost(client: pg.Client, reason: string): void {
    if (client !== this.#client) return;
    this.#client = null;
    this.#pid = null;
    if (this.#beat) clearInterval(this.#beat);
    this.#beat = null;
    const was = this.#live;
    this.#live = false;
    client.end().catch(() => undefined);
    // Before the first `up` nothing was trusted, so only a fall from live is news; every listener starts down.
    if (was) this.#listeners.emit({ kind: 'down', reason });
    if (this.#closed) return;
    const wait = this.#wait;
    this.#wait = Math.min(MAX_RECONNECT_MS, wait * 2);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.#closed) this.#connecting = this.#connect();
    }, wait);
    this.#retry.unref();
  }
}
