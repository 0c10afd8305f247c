import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { hostname } from 'node:os';
import type { ClaimedDelivery, DeliveryOutcome, Store } from '@pidgate/store';
import type { LinkSettings } from './checker.ts';
import { BLOCKED_CODE, blockedLiteral, guardedLookup } from './guard.ts';

/**
 * Webhook deliveries (issue 25): the events the checker wrote when targets turned broken or recovered
 * (`store.webhooks.enqueue`) are gathered into one delivery per subscription per round (at most
 * `links.webhookMaxEvents` events each) and POSTed as JSON, signed with the subscription's secret:
 *
 *   X-Pidgate-Signature: sha256=<hex HMAC-SHA256(secret, `${X-Pidgate-Timestamp}.${raw body}`)>
 *
 * A delivery that fails (no 2xx, a timeout, a refused connection) is tried again after a doubling wait, up to
 * `links.webhookAttempts` attempts; its id and body stay the same (receivers deduplicate by
 * `X-Pidgate-Delivery`), its timestamp and signature are new each time. Deliveries live in the store, leased
 * to the deliverer that sends them (`FOR UPDATE SKIP LOCKED` on PostgreSQL): a restart loses none, and
 * gateways on one database send each once. Requests are bounded by `links.timeoutMs` and
 * `links.maxBytes` of answer read, and go through the SSRF guard (guard.ts) unless
 * `links.allowPrivateAddresses`. Nothing here runs on the checker's path: the deliverer has its own timer.
 */

export const SIGNATURE_HEADER = 'x-pidgate-signature';
export const TIMESTAMP_HEADER = 'x-pidgate-timestamp';
export const DELIVERY_HEADER = 'x-pidgate-delivery';
export const EVENT_HEADER = 'x-pidgate-event';

/** The first wait after a failed attempt; each later one doubles, up to `MAX_BACKOFF_MS`. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 6 * 3_600_000;
/** Deliveries sent at a time by one deliverer. */
const CONCURRENCY = 8;

/** The signature of a body sent at `timestamp` (Unix seconds): what a receiver recomputes. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The wait before attempt `attempts + 1` after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, Math.min(30, attempts - 1)));
}

/** The JSON body of a delivery: the same bytes on every attempt. */
export function deliveryBody(delivery: Pick<ClaimedDelivery, 'id' | 'events'>, instance: string | null): string {
  return `{"delivery":${JSON.stringify(delivery.id)},"instance":${JSON.stringify(instance)},"events":[${delivery.events.join(',')}]}`;
}

/** The events' names in a delivery, as `X-Pidgate-Event` gives them (`broken`, `recovered`, or both). */
function eventNames(events: readonly string[]): string {
  const names = new Set<string>();
  for (const e of events) {
    try {
      names.add(String((JSON.parse(e) as { event?: unknown }).event));
    } catch {
      // A stored event is JSON the store wrote; nothing else reaches here.
    }
  }
  return [...names].sort().join(',');
}

export interface DelivererOptions {
  readonly store: Store;
  readonly settings: LinkSettings;
  readonly baseUrl: string | null;
  readonly clock?: () => Date;
  readonly lookup?: LookupFunction;
  readonly holder?: string;
  readonly log?: (event: string, fields: Record<string, unknown>) => void;
  /** Milliseconds between two rounds (`start`; default 10 s). */
  readonly tickMs?: number;
}

export interface DeliveryRound {
  /** Deliveries made from waiting events this round. */
  readonly batched: number;
  readonly delivered: number;
  /** Attempts that failed and will be tried again. */
  readonly retrying: number;
  /** Deliveries given up (attempts used up, or the address refused). */
  readonly failed: number;
}

interface Sent {
  readonly status: number | null;
  readonly error: string | null;
  readonly blocked: boolean;
}

export class WebhookDeliverer {
  readonly #store: Store;
  readonly #settings: LinkSettings;
  readonly #baseUrl: string | null;
  readonly #clock: () => Date;
  readonly #lookup: LookupFunction | undefined;
  readonly #holder: string;
  readonly #log: (event: string, fields: Record<string, unknown>) => void;
  readonly #tickMs: number;
  readonly #leaseSeconds: number;
  readonly #abort = new AbortController();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<unknown> | null = null;
  #stopping = false;

  constructor(options: DelivererOptions) {
    this.#store = options.store;
    this.#settings = options.settings;
    this.#baseUrl = options.baseUrl;
    this.#clock = options.clock ?? (() => new Date());
    this.#lookup = options.lookup;
    this.#holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.#log = options.log ?? (() => undefined);
    this.#tickMs = options.tickMs ?? 10_000;
    // Long enough for every delivery of a claim to be sent, CONCURRENCY at a time.
    this.#leaseSeconds = Math.ceil((options.settings.timeoutMs * 4) / 1000) + 60;
  }

  /**
   * Gather waiting events into deliveries, then send every delivery that is due; again while a batch was
   * cut short (the store gathers for at most 1000 subscriptions at a time).
   */
  async round(): Promise<DeliveryRound> {
    let batched = 0;
    let delivered = 0;
    let retrying = 0;
    let failed = 0;
    const now = this.#clock().toISOString();
    for (let pass = 0; pass < 1000 && !this.#stopping; pass++) {
      const made = await this.#store.webhooks.batch(
        this.#holder,
        now,
        this.#settings.webhookMaxEvents,
        this.#leaseSeconds,
      );
      if (!made.ok) throw new Error(made.error.message);
      batched += made.value;
      while (!this.#stopping) {
        const claimed = await this.#store.webhooks.claim(this.#holder, CONCURRENCY, now, this.#leaseSeconds);
        if (!claimed.ok) throw new Error(claimed.error.message);
        if (claimed.value.length === 0) break;
        const outcomes = await Promise.all(claimed.value.map((d) => this.#attempt(d)));
        for (const o of outcomes) {
          if (o === 'delivered') delivered++;
          else if (o === 'retrying') retrying++;
          else if (o === 'failed') failed++;
        }
        if (claimed.value.length < CONCURRENCY) break;
      }
      if (made.value === 0) break;
    }
    return { batched, delivered, retrying, failed };
  }

  async #attempt(d: ClaimedDelivery): Promise<'delivered' | 'retrying' | 'failed' | 'stopped'> {
    let outcome: DeliveryOutcome;
    if (!d.enabled) {
      outcome = { delivered: false, status: null, error: 'the subscription is disabled', retryAt: null };
    } else {
      const sent = await this.#send(d);
      if (sent === null) return 'stopped';
      if (sent.status !== null && sent.status >= 200 && sent.status < 300) {
        outcome = { delivered: true, status: sent.status };
      } else {
        const attempts = d.attempts + 1;
        const giveUp = sent.blocked || attempts >= this.#settings.webhookAttempts;
        outcome = {
          delivered: false,
          status: sent.status,
          error: sent.error ?? `HTTP ${sent.status}`,
          retryAt: giveUp ? null : new Date(this.#clock().getTime() + backoffMs(attempts)).toISOString(),
        };
      }
    }
    const settled = await this.#store.webhooks.settle(this.#holder, d.id, outcome, this.#clock().toISOString());
    if (!settled.ok) this.#log('webhook-record-failed', { delivery: d.id, code: settled.error.code });
    const result = outcome.delivered ? 'delivered' : outcome.retryAt === null ? 'failed' : 'retrying';
    this.#log(`webhook-${result}`, {
      delivery: d.id,
      webhook: d.webhook,
      events: d.events.length,
      ...(outcome.delivered ? { status: outcome.status } : { status: outcome.status, error: outcome.error }),
    });
    return result;
  }

  /** One POST; null when the deliverer stopped while it was in flight. */
  #send(d: ClaimedDelivery): Promise<Sent | null> {
    const body = deliveryBody(d, this.#baseUrl);
    const timestamp = Math.floor(this.#clock().getTime() / 1000);
    const guard = !this.#settings.allowPrivateAddresses;
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(d.url);
      } catch {
        resolve({ status: null, error: 'the URL is not valid', blocked: true });
        return;
      }
      const literal = guard ? blockedLiteral(url.hostname) : null;
      if (literal) {
        resolve({ status: null, error: literal.message, blocked: true });
        return;
      }
      if (this.#abort.signal.aborted) {
        resolve(null);
        return;
      }
      let settled = false;
      const lookup = guard ? guardedLookup(this.#lookup) : this.#lookup;
      const finish = (sent: Sent | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.#abort.signal.removeEventListener('abort', onAbort);
        req.destroy();
        resolve(sent);
      };
      const onAbort = () => finish(null);
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': this.#baseUrl ? `pidgate-webhooks (+${this.#baseUrl})` : 'pidgate-webhooks',
            [EVENT_HEADER]: eventNames(d.events),
            [DELIVERY_HEADER]: d.id,
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signatureOf(d.secret, timestamp, body),
          },
          ...(lookup ? { lookup } : {}),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let read = 0;
          // The answer's body is read (at most maxBytes) and thrown away: only the status counts.
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= this.#settings.maxBytes) finish({ status, error: null, blocked: false });
          });
          res.on('end', () => finish({ status, error: null, blocked: false }));
          res.on('error', () => finish({ status, error: null, blocked: false }));
        },
      );
      req.on('error', (e: NodeJS.ErrnoException) =>
        finish({
          status: null,
          error: `${e.code ? `${e.code}: ` : ''}${e.message}`.slice(0, 500),
          blocked: e.code === BLOCKED_CODE,
        }),
      );
      const timer = setTimeout(
        () => finish({ status: null, error: `no answer within ${this.#settings.timeoutMs} ms`, blocked: false }),
        this.#settings.timeoutMs,
      );
      this.#abort.signal.addEventListener('abort', onAbort, { once: true });
      req.end(body);
    });
  }

  /** Run rounds every tick while the gateway runs. */
  start(): void {
    if (this.#timer || this.#stopping) return;
    const loop = () => {
      this.#timer = null;
      if (this.#stopping) return;
      this.#running = this.round()
        .then((r) => {
          if (r.batched + r.delivered + r.retrying + r.failed > 0) this.#log('webhooks-round', { ...r });
        })
        .catch((e: Error) => this.#log('webhooks-round-failed', { message: e.message }))
        .finally(() => {
          this.#running = null;
          if (!this.#stopping) {
            this.#timer = setTimeout(loop, this.#tickMs);
            this.#timer.unref();
          }
        });
    };
    this.#timer = setTimeout(loop, 0);
    this.#timer.unref();
  }

  /** Stop: no new round; a POST in flight is cut off (its delivery is sent again when its lease runs out). */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#abort.abort();
    await this.#running;
  }
}
