import { randomBytes } from 'node:crypto';
import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import type { LinkQuery } from './links.ts';
import { SEARCH_TARGET_INDEXED } from './search.ts';
import { checkInstant, checkInt } from './validate.ts';

/**
 * Link webhooks (issue 25): subscriptions of an owner (a user) or a group to the link checker's
 * `broken` and `recovered` events (`webhooks`), the events waiting to be sent (`webhook_events`), and the
 * deliveries that carry them (`webhook_deliveries`), durable so a restart loses none.
 *
 * The flow: the checker calls `enqueue` when a target turns broken or recovers: one event row per matching
 * subscription (the identifiers of that subscription's owner or group bound to the target). A deliverer
 * calls `batch` (each subscription's waiting events into one delivery, up to a bound), `claim` (leased:
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL, so gateways on one database send each delivery once) and
 * `settle` (delivered, or due again after a backoff, or given up). Timestamps are ISO 8601 text.
 */

export const WEBHOOK_EVENTS = ['broken', 'recovered'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Webhook {
  readonly id: string;
  /** The user whose identifiers it covers, or null (a group's). */
  readonly owner: string | null;
  /** The group whose identifiers it covers, or null (a user's). */
  readonly group: string | null;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly enabled: boolean;
  readonly createdAt: string;
  readonly createdBy: string | null;
}

/** A subscription as it is created: `secret` is kept to sign the deliveries and never given back. */
export interface WebhookInput {
  readonly owner: string | null;
  readonly group: string | null;
  readonly url: string;
  readonly secret: string;
  readonly events: readonly WebhookEvent[];
  readonly enabled?: boolean;
  readonly createdBy?: string | null;
}

/** One delivery taken by a deliverer: where to, the secret, and its events (JSON texts, in order). */
export interface ClaimedDelivery {
  readonly id: string;
  readonly webhook: string;
  readonly url: string;
  readonly secret: string;
  readonly enabled: boolean;
  readonly attempts: number;
  readonly createdAt: string;
  readonly events: readonly string[];
}

export type DeliveryOutcome =
  | { readonly delivered: true; readonly status: number }
  | {
      readonly delivered: false;
      readonly status: number | null;
      readonly error: string;
      /** When to try again; null: give up (`failed`). */
      readonly retryAt: string | null;
    };

export interface DeliveryInfo {
  readonly id: string;
  readonly webhook: string;
  readonly state: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly events: number;
  readonly dueAt: string;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

/** What a target's transition carries into each subscription's event (the identifiers are added per subscription). */
export interface LinkTransition {
  readonly event: WebhookEvent;
  readonly target: string;
  readonly class: string | null;
  readonly firstFailure: string | null;
  readonly lastFailure: string | null;
  readonly checkedAt: string;
}

/** `store.webhooks`. Nothing here throws. */
export interface Webhooks {
  create(input: WebhookInput, now: string): Promise<StoreResult<Webhook>>;
  get(id: string): Promise<StoreResult<Webhook>>;
  /** Every subscription, or those of these owners and groups (either list may be empty), oldest first. */
  list(filter?: {
    readonly owners?: readonly string[];
    readonly groups?: readonly string[];
  }): Promise<StoreResult<Webhook[]>>;
  /** Remove a subscription, its waiting events and its deliveries; `not-found` when there is none. */
  remove(id: string): Promise<StoreResult<Webhook>>;
  /**
   * A target turned broken or recovered: one event per enabled subscription asking for it whose owner or
   * group has a live public identifier bound to the target. The number of events written.
   */
  enqueue(transition: LinkTransition, now: string): Promise<StoreResult<number>>;
  /**
   * Gather waiting events into deliveries, one per subscription, at most `maxEvents` each (a subscription
   * with more gets several), leased to `holder`. The number of deliveries made.
   */
  batch(holder: string, now: string, maxEvents: number, leaseSeconds: number): Promise<StoreResult<number>>;
  /** Lease up to `limit` pending deliveries due at `now` (oldest due first), with their events. */
  claim(holder: string, limit: number, now: string, leaseSeconds: number): Promise<StoreResult<ClaimedDelivery[]>>;
  /** Record an attempt of a delivery leased to `holder`; `not-found` when the lease is lost. */
  settle(holder: string, id: string, outcome: DeliveryOutcome, now: string): Promise<StoreResult<void>>;
  /** A subscription's deliveries, newest first. */
  deliveries(webhook: string, limit?: number): Promise<StoreResult<DeliveryInfo[]>>;
}

const MAX_URL = 2048;
const MAX_NAME = 200;
const MAX_HOLDER = 200;
/** A live public identifier (`b` is bindings), as links.ts's report names them. */
const LIVE_PUBLIC = `b.identifier_status = 'public' AND NOT b.tombstoned`;
/** At most this many identifiers named in one event (a target shared by more lists the first ones). */
const MAX_EVENT_IDENTIFIERS = 1000;
const COLUMNS = 'id, owner, owner_group, url, events, enabled, created_at, created_by';

const isEvent = (e: unknown): e is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(e);

function toWebhook(r: Record<string, unknown>): Webhook {
  return {
    id: String(r['id']),
    owner: (r['owner'] ?? null) as string | null,
    group: (r['owner_group'] ?? null) as string | null,
    url: String(r['url']),
    events: String(r['events']).split(',').filter(isEvent),
    enabled: Number(r['enabled']) === 1,
    createdAt: String(r['created_at']),
    createdBy: (r['created_by'] ?? null) as string | null,
  };
}

function name(value: unknown, what: string, code: 'invalid-username' | 'invalid-group'): StoreResult<string> {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME && !/[\s\p{Cc}]/u.test(value)
    ? ok(value)
    : err(code, `the ${what} is 1 to ${MAX_NAME} characters without spaces`);
}

/** A webhook URL: http or https, at most 2048 characters, no user name or password in it. */
export function checkWebhookUrl(value: unknown): StoreResult<string> {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL) {
    return err('invalid-url', `a webhook URL is 1 to ${MAX_URL} characters`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return err('invalid-url', 'a webhook URL is an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return err('invalid-url', 'a webhook URL is an http or https URL');
  }
  if (url.username !== '' || url.password !== '') return err('invalid-url', 'a webhook URL holds no user or password');
  return ok(url.href);
}

function checkInput(input: WebhookInput): StoreResult<WebhookInput> {
  if ((input.owner === null) === (input.group === null)) {
    return err('invalid-binding', 'a webhook belongs to an owner or to a group: exactly one of them');
  }
  if (input.owner !== null) {
    const o = name(input.owner, 'owner', 'invalid-username');
    if (!o.ok) return o;
  }
  if (input.group !== null) {
    const g = name(input.group, 'group', 'invalid-group');
    if (!g.ok) return g;
  }
  const url = checkWebhookUrl(input.url);
  if (!url.ok) return url;
  if (typeof input.secret !== 'string' || input.secret.length < 16 || input.secret.length > 200) {
    return err('invalid-binding', 'a webhook secret is 16 to 200 characters');
  }
  if (!Array.isArray(input.events) || input.events.length === 0 || !input.events.every(isEvent)) {
    return err('invalid-binding', `a webhook's events are one or more of ${WEBHOOK_EVENTS.join(', ')}`);
  }
  return ok({ ...input, url: url.value });
}

function text(value: unknown, max: number, what: string): StoreResult<string> {
  return typeof value === 'string' && value.length > 0 && value.length <= max
    ? ok(value)
    : err('invalid-binding', `the ${what} is 1 to ${max} characters`);
}

function instant(value: unknown): StoreResult<string> {
  const t = checkInstant(value, 'time');
  if (!t.ok) return t;
  return t.value === undefined ? err('invalid-date', 'the time is required') : ok(t.value);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** What `newId('wh')` makes; anything else (a NUL, a slash, 10 kB) names no webhook and is never sent to SQL. */
const isWebhookId = (id: unknown): id is string => typeof id === 'string' && /^wh_[A-Za-z0-9_-]{1,64}$/.test(id);

/** `Webhooks` over a backend's query function, each call wrapped by the store's `run` (errors → results). */
export function webhooks(
  dialect: 'sqlite' | 'postgres',
  run: <T>(fn: (query: LinkQuery) => Promise<StoreResult<T>>) => Promise<StoreResult<T>>,
): Webhooks {
  const skipLocked = dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  // PostgreSQL indexes bindings' targets by their first characters only (search-postgres.ts): say so, so the
  // lookup of a target's identifiers uses that index; SQLite has an index on the whole target.
  const sameTarget =
    dialect === 'postgres'
      ? `(left(b.target, ${SEARCH_TARGET_INDEXED}) COLLATE "C") = (left($1, ${SEARCH_TARGET_INDEXED}) COLLATE "C") AND b.target = $1`
      : 'b.target = $1';
  return {
    create(input, now) {
      const checked = checkInput(input);
      if (!checked.ok) return Promise.resolve(checked);
      const at = instant(now);
      if (!at.ok) return Promise.resolve(at);
      const w = checked.value;
      const id = newId('wh');
      return run(async (q) => {
        const rows = await q(
          `INSERT INTO webhooks (id, owner, owner_group, url, secret, events, enabled, created_at, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
          [
            id,
            w.owner,
            w.group,
            w.url,
            w.secret,
            WEBHOOK_EVENTS.filter((e) => w.events.includes(e)).join(','),
            w.enabled === false ? 0 : 1,
            at.value,
            w.createdBy?.slice(0, MAX_NAME) ?? null,
          ],
        );
        return ok(toWebhook(rows[0] as Record<string, unknown>));
      });
    },
    get(id) {
      if (!isWebhookId(id)) return Promise.resolve(err('not-found', 'no such webhook'));
      return run(async (q) => {
        const rows = await q(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1`, [String(id).slice(0, MAX_NAME)]);
        return rows[0] ? ok(toWebhook(rows[0])) : err('not-found', 'no such webhook');
      });
    },
    list(filter) {
      return run(async (q) => {
        if (!filter) return ok((await q(`SELECT ${COLUMNS} FROM webhooks ORDER BY created_at, id`, [])).map(toWebhook));
        const owners = (filter.owners ?? []).slice(0, 1000).map(String);
        const groups = (filter.groups ?? []).slice(0, 1000).map(String);
        if (owners.length + groups.length === 0) return ok([]);
        const params = [...owners, ...groups];
        const ph = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i + 1}`).join(', ');
        const where = [
          owners.length > 0 ? `owner IN (${ph(0, owners.length)})` : null,
          groups.length > 0 ? `owner_group IN (${ph(owners.length, groups.length)})` : null,
        ].filter((x) => x !== null);
        const rows = await q(
          `SELECT ${COLUMNS} FROM webhooks WHERE ${where.join(' OR ')} ORDER BY created_at, id`,
          params,
        );
        return ok(rows.map(toWebhook));
      });
    },
    remove(id) {
      if (!isWebhookId(id)) return Promise.resolve(err('not-found', 'no such webhook'));
      return run(async (q) => {
        const rows = await q(`DELETE FROM webhooks WHERE id = $1 RETURNING ${COLUMNS}`, [
          String(id).slice(0, MAX_NAME),
        ]);
        if (!rows[0]) return err('not-found', 'no such webhook');
        await q('DELETE FROM webhook_events WHERE webhook = $1', [rows[0]['id']]);
        await q('DELETE FROM webhook_deliveries WHERE webhook = $1', [rows[0]['id']]);
        return ok(toWebhook(rows[0]));
      });
    },
    enqueue(transition, now) {
      const at = instant(now);
      if (!at.ok) return Promise.resolve(at);
      if (!isEvent(transition.event)) return Promise.resolve(err('invalid-binding', 'no such webhook event'));
      const target = text(transition.target, 8192, 'target');
      if (!target.ok) return Promise.resolve(target);
      return run(async (q) => {
        // The subscriptions that ask for this event, each with the identifiers of its owner or group bound
        // to the target (an identifier of a user in a group matches both the user's and the group's).
        const rows = await q(
          `SELECT w.id AS webhook, b.key AS key FROM webhooks w JOIN bindings b
             ON (b.owner = w.owner OR b.owner_group = w.owner_group)
           WHERE ${sameTarget} AND ${LIVE_PUBLIC} AND w.enabled = 1 AND (',' || w.events || ',') LIKE $2
           ORDER BY w.id, b.key`,
          [target.value, `%,${transition.event},%`],
        );
        const byHook = new Map<string, string[]>();
        for (const r of rows) {
          const keys = byHook.get(String(r['webhook'])) ?? [];
          if (keys.length < MAX_EVENT_IDENTIFIERS) keys.push(String(r['key']));
          byHook.set(String(r['webhook']), keys);
        }
        for (const [hook, identifiers] of byHook) {
          const payload = JSON.stringify({
            event: transition.event,
            identifiers,
            target: transition.target,
            class: transition.class,
            firstFailure: transition.firstFailure,
            lastFailure: transition.lastFailure,
            checkedAt: transition.checkedAt,
          });
          await q('INSERT INTO webhook_events (webhook, payload, created_at) VALUES ($1, $2, $3)', [
            hook,
            payload,
            at.value,
          ]);
        }
        return ok(byHook.size);
      });
    },
    batch(holder, now, maxEvents, leaseSeconds) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const at = instant(now);
      if (!at.ok) return Promise.resolve(at);
      const n = checkInt(maxEvents, 1, 10_000, 'events per delivery', 'invalid-limit');
      if (!n.ok) return Promise.resolve(n);
      const lease = checkInt(leaseSeconds, 1, 86_400, 'lease (seconds)', 'invalid-ttl');
      if (!lease.ok) return Promise.resolve(lease);
      const until = new Date(Date.parse(at.value) + lease.value * 1000).toISOString();
      return run(async (q) => {
        const hooks = await q(
          'SELECT DISTINCT webhook FROM webhook_events WHERE delivery IS NULL ORDER BY webhook LIMIT 1000',
          [],
        );
        let made = 0;
        for (const row of hooks) {
          const hook = String(row['webhook']);
          for (let round = 0; round < 100; round++) {
            // The delivery first, leased to this holder (no other deliverer takes it while it fills), then
            // the events into it: a crash between the two leaves an empty delivery, dropped when claimed.
            const id = newId('dlv');
            await q(
              `INSERT INTO webhook_deliveries (id, webhook, state, attempts, events, due_at, lease_holder, lease_until, created_at)
               VALUES ($1, $2, 'pending', 0, 0, $3, $4, $5, $3)`,
              [id, hook, at.value, h.value, until],
            );
            const taken = await q(
              `UPDATE webhook_events SET delivery = $1
               WHERE id IN (SELECT id FROM webhook_events WHERE webhook = $2 AND delivery IS NULL ORDER BY id LIMIT $3 ${skipLocked})
                 AND delivery IS NULL
               RETURNING id`,
              [id, hook, n.value],
            );
            if (taken.length === 0) {
              await q('DELETE FROM webhook_deliveries WHERE id = $1', [id]);
              break;
            }
            await q('UPDATE webhook_deliveries SET events = $2 WHERE id = $1', [id, taken.length]);
            made++;
            if (taken.length < n.value) break;
          }
        }
        return ok(made);
      });
    },
    claim(holder, limit, now, leaseSeconds) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const n = checkInt(limit, 1, 1000, 'limit', 'invalid-limit');
      if (!n.ok) return Promise.resolve(n);
      const lease = checkInt(leaseSeconds, 1, 86_400, 'lease (seconds)', 'invalid-ttl');
      if (!lease.ok) return Promise.resolve(lease);
      const at = instant(now);
      if (!at.ok) return Promise.resolve(at);
      const until = new Date(Date.parse(at.value) + lease.value * 1000).toISOString();
      const open = `(state = 'pending' AND due_at <= $1 AND (lease_until IS NULL OR lease_until < $1 OR lease_holder = $2))`;
      return run(async (q) => {
        const rows = await q(
          `UPDATE webhook_deliveries SET lease_holder = $2, lease_until = $3
           WHERE id IN (SELECT id FROM webhook_deliveries WHERE ${open} ORDER BY due_at, id LIMIT $4 ${skipLocked})
             AND ${open}
           RETURNING id, webhook, attempts, created_at, due_at`,
          [at.value, h.value, until, n.value],
        );
        rows.sort((a, b) => (String(a['due_at']) < String(b['due_at']) ? -1 : 1));
        const out: ClaimedDelivery[] = [];
        for (const r of rows) {
          const id = String(r['id']);
          const events = await q('SELECT payload FROM webhook_events WHERE delivery = $1 ORDER BY id', [id]);
          const hook = await q('SELECT url, secret, enabled FROM webhooks WHERE id = $1', [r['webhook']]);
          if (events.length === 0 || !hook[0]) {
            // Empty (a batch cut short) or its subscription removed: nothing to send.
            await q('DELETE FROM webhook_events WHERE delivery = $1', [id]);
            await q('DELETE FROM webhook_deliveries WHERE id = $1', [id]);
            continue;
          }
          out.push({
            id,
            webhook: String(r['webhook']),
            url: String(hook[0]['url']),
            secret: String(hook[0]['secret']),
            enabled: Number(hook[0]['enabled']) === 1,
            attempts: Number(r['attempts']),
            createdAt: String(r['created_at']),
            events: events.map((e) => String(e['payload'])),
          });
        }
        return ok(out);
      });
    },
    settle(holder, id, outcome, now) {
      const h = text(holder, MAX_HOLDER, 'holder');
      if (!h.ok) return Promise.resolve(h);
      const at = instant(now);
      if (!at.ok) return Promise.resolve(at);
      let retry: string | null = null;
      if (!outcome.delivered && outcome.retryAt !== null) {
        const r = instant(outcome.retryAt);
        if (!r.ok) return Promise.resolve(r);
        retry = r.value;
      }
      return run(async (q) => {
        const state = outcome.delivered ? 'delivered' : retry === null ? 'failed' : 'pending';
        const updated = await q(
          `UPDATE webhook_deliveries SET state = $3, attempts = attempts + 1, last_status = $4, last_error = $5,
             due_at = COALESCE($6, due_at), finished_at = $7, lease_holder = NULL, lease_until = NULL
           WHERE id = $1 AND lease_holder = $2 RETURNING id`,
          [
            String(id).slice(0, MAX_NAME),
            h.value,
            state,
            outcome.status,
            outcome.delivered ? null : outcome.error.slice(0, 500),
            retry,
            state === 'pending' ? null : at.value,
          ],
        );
        if (updated.length === 0)
          return err('not-found', `delivery ${String(id).slice(0, 40)} is not leased to ${h.value}`);
        // A delivery that is over keeps its row (the log of deliveries), not its events.
        if (state !== 'pending') await q('DELETE FROM webhook_events WHERE delivery = $1', [id]);
        return ok(undefined);
      });
    },
    deliveries(webhook, limit = 50) {
      const n = checkInt(limit, 1, 1000, 'limit', 'invalid-limit');
      if (!n.ok) return Promise.resolve(n);
      return run(async (q) => {
        const rows = await q(
          `SELECT id, webhook, state, attempts, events, due_at, last_status, last_error, created_at, finished_at
           FROM webhook_deliveries WHERE webhook = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
          [String(webhook).slice(0, MAX_NAME), n.value],
        );
        return ok(
          rows.map((r) => ({
            id: String(r['id']),
            webhook: String(r['webhook']),
            state: r['state'] as DeliveryInfo['state'],
            attempts: Number(r['attempts']),
            events: Number(r['events']),
            dueAt: String(r['due_at']),
            lastStatus: r['last_status'] === null || r['last_status'] === undefined ? null : Number(r['last_status']),
            lastError: (r['last_error'] ?? null) as string | null,
            createdAt: String(r['created_at']),
            finishedAt: (r['finished_at'] ?? null) as string | null,
          })),
        );
      });
    },
  };
}

/** Migration 13's tables: ISO 8601 text timestamps in both dialects. */
function webhooksSql(id: string): string {
  return `
CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  owner TEXT,
  owner_group TEXT,
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  events TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT
);
CREATE INDEX webhooks_owner ON webhooks (owner);
CREATE INDEX webhooks_group ON webhooks (owner_group);
CREATE TABLE webhook_events (
  id ${id},
  webhook TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL,
  delivery TEXT
);
CREATE INDEX webhook_events_waiting ON webhook_events (webhook, delivery, id);
CREATE INDEX webhook_events_delivery ON webhook_events (delivery, id);
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  events INTEGER NOT NULL,
  due_at TEXT NOT NULL,
  lease_holder TEXT,
  lease_until TEXT,
  last_status INTEGER,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, due_at);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook, created_at);
`;
}

export const WEBHOOKS_MIGRATION_NAME = 'link webhooks: subscriptions, waiting events, durable deliveries';
export const SQLITE_WEBHOOKS_SQL = webhooksSql('INTEGER PRIMARY KEY');
export const POSTGRES_WEBHOOKS_SQL = webhooksSql('bigserial PRIMARY KEY');
