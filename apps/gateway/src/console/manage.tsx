/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import {
  type Binding,
  IDENTIFIER_STATUSES,
  type IdentifierStatus,
  mayChange,
  mayView,
  type Principal,
  SEARCH_COUNT_CAP,
  SEARCH_MAX_OFFSET,
  type SearchQueryInput,
  type SearchResult,
  type SearchSort,
  searchVisibilityOf,
} from '@pidgate/store';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { ErrorSummary, errorOf, type FieldError } from './forms.tsx';
import { consolePage, type Flash, Time } from './shell.tsx';

type C = Context<ConsoleEnv>;

/** Page sizes offered. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
/** The most rows one bulk change takes (a page's worth). */
export const MAX_BULK = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is longer than ${max} characters`)
    .transform((s) => (s === '' ? undefined : s))
    .optional();
const optionalDate = (what: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || (DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), {
      message: `${what} is not a date (year-month-day, e.g. 2024-05-31)`,
    })
    .transform((s) => (s === '' ? undefined : s))
    .optional();

/**
 * The Manage form as the query string carries it (every field optional, empty means "any"). Field names are
 * short because they are the page's URL: `q` words, `id` identifier prefix, `target` target prefix, `owner`,
 * `group`, `status`, `created_from`/`created_to`/`updated_from`/`updated_to` (dates, both ends inclusive,
 * UTC), `sort` (`key`, `created`, `updated`), `order` (`asc`, `desc`), `page` (from 1), `per` (page size).
 */
export const ManageParams = z.object({
  q: optionalText(1000, 'The words'),
  id: optionalText(2048, 'The identifier'),
  target: optionalText(496, 'The target'),
  owner: optionalText(200, 'The owner'),
  group: optionalText(200, 'The group'),
  status: z
    .union([z.literal(''), z.enum(IDENTIFIER_STATUSES)], { message: 'Choose public, reserved or unavailable' })
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
  created_from: optionalDate('"Created from"'),
  created_to: optionalDate('"Created to"'),
  updated_from: optionalDate('"Changed from"'),
  updated_to: optionalDate('"Changed to"'),
  sort: z.enum(['key', 'created', 'updated'], { message: 'Sort by identifier, created or updated' }).default('updated'),
  order: z.enum(['asc', 'desc'], { message: 'Order is asc or desc' }).default('desc'),
  page: z.coerce.number({ message: 'The page is a number' }).int('The page is a whole number').min(1).default(1),
  per: z.coerce
    .number({ message: 'The page size is a number' })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `The page size is one of ${PAGE_SIZES.join(', ')}`)
    .default(50),
});
export type ManageParams = z.output<typeof ManageParams>;

/** The form field each parameter is typed in (the error summary links to it). */
const FIELD_ID: Record<string, string> = {
  q: 'manage-q',
  id: 'manage-id',
  target: 'manage-target',
  owner: 'manage-owner',
  group: 'manage-group',
  status: 'manage-status',
  created_from: 'manage-created-from',
  created_to: 'manage-created-to',
  updated_from: 'manage-updated-from',
  updated_to: 'manage-updated-to',
  sort: 'manage-sort',
  order: 'manage-sort',
  page: 'results',
  per: 'manage-per',
};
/** The store's search fields, as the form's. */
const STORE_FIELD: Record<string, string> = {
  text: 'q',
  keyPrefix: 'id',
  target: 'target',
  owner: 'owner',
  ownerGroup: 'group',
  status: 'status',
  createdFrom: 'created_from',
  createdTo: 'created_to',
  updatedFrom: 'updated_from',
  updatedTo: 'updated_to',
  offset: 'page',
};

/** The raw query values, the first of each name, as strings. */
function rawParams(c: C): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(ManageParams.shape)) {
    const v = c.req.query(name);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** The day after a YYYY-MM-DD date, as the instant it starts (an inclusive "to" date). */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** The store search for the form's parameters, as `principal` may see. */
export function searchFor(p: ManageParams, principal: Principal): SearchQueryInput {
  const q: Record<string, unknown> = {
    sort: p.sort satisfies SearchSort,
    order: p.order,
    offset: (p.page - 1) * p.per,
    limit: p.per,
    visibility: searchVisibilityOf(principal),
  };
  if (p.q) q['text'] = p.q;
  if (p.id) q['keyPrefix'] = p.id;
  if (p.target) q['target'] = p.target;
  if (p.owner) q['owner'] = p.owner;
  if (p.group) q['ownerGroup'] = p.group;
  if (p.status) q['status'] = p.status;
  if (p.created_from) q['createdFrom'] = `${p.created_from}T00:00:00.000Z`;
  if (p.created_to) q['createdTo'] = dayAfter(p.created_to);
  if (p.updated_from) q['updatedFrom'] = `${p.updated_from}T00:00:00.000Z`;
  if (p.updated_to) q['updatedTo'] = dayAfter(p.updated_to);
  return q as SearchQueryInput;
}

/** The query string of a search (only what is set, defaults left out), with `change` applied. */
export function manageQuery(p: Partial<ManageParams>, change: Partial<ManageParams> = {}): string {
  const all = { ...p, ...change };
  const qs = new URLSearchParams();
  for (const name of Object.keys(ManageParams.shape) as (keyof ManageParams)[]) {
    const v = all[name];
    if (v === undefined || v === '') continue;
    if (name === 'sort' && v === 'updated') continue;
    if (name === 'order' && v === 'desc') continue;
    if (name === 'page' && v === 1) continue;
    if (name === 'per' && v === 50) continue;
    qs.set(name, String(v));
  }
  const s = qs.toString();
  return s === '' ? '' : `?${s}`;
}

/** The console's address of an identifier's page: the identifier as it is, `%`, `?` and `#` escaped. */
export function identifierHref(base: string, key: string): string {
  return `${base}id/${encodeURI(key).replaceAll('?', '%3F').replaceAll('#', '%23')}`;
}

const STATUS_LABEL: Record<IdentifierStatus, string> = {
  public: 'Public',
  reserved: 'Reserved',
  unavailable: 'Unavailable',
};

const SORT_LABEL: Record<SearchSort, string> = { key: 'Identifier', created: 'Created', updated: 'Changed' };

/** A column heading that sorts: a link that sorts by it (or turns the order round), with `aria-sort`. */
function SortHeader({ base, p, sort }: { base: string; p: ManageParams; sort: SearchSort }) {
  const current = p.sort === sort;
  const next = current ? (p.order === 'asc' ? 'desc' : 'asc') : sort === 'key' ? 'asc' : 'desc';
  const ariaSort = current ? (p.order === 'asc' ? 'ascending' : 'descending') : undefined;
  const arrow = current ? (p.order === 'asc' ? ' ▲' : ' ▼') : '';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <a href={`${base}manage${manageQuery(p, { sort, order: next, page: 1 })}`}>
        {SORT_LABEL[sort]}
        <span aria-hidden="true">{arrow}</span>
        <span class="visually-hidden">
          {current
            ? `, sorted ${p.order === 'asc' ? 'ascending' : 'descending'}; sort ${next === 'asc' ? 'ascending' : 'descending'}`
            : `; sort by ${SORT_LABEL[sort].toLowerCase()}`}
        </span>
      </a>
    </th>
  );
}

function SearchForm({
  base,
  raw,
  errors,
}: {
  base: string;
  raw: Record<string, string>;
  errors: readonly FieldError[];
}) {
  const text = (name: string, label: string, hint?: string, type = 'text') => {
    const id = FIELD_ID[name] as string;
    const error = errorOf(errors, id);
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div class={`field${error ? ' field-error' : ''}`}>
        <label for={id}>{label}</label>
        {hint ? (
          <p class="hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p class="error-message" id={`${id}-error`}>
            <span class="visually-hidden">Error: </span>
            {error}
          </p>
        ) : null}
        <input
          type={type}
          id={id}
          name={name}
          value={raw[name] ?? ''}
          aria-describedby={described}
          aria-invalid={error ? 'true' : undefined}
          spellcheck={false}
        />
      </div>
    );
  };
  const statusError = errorOf(errors, 'manage-status');
  return (
    <search>
      <form method="get" action={`${base}manage`} class="panel manage-search">
        {text(
          'q',
          'Words in the metadata',
          'Who, what, when, title, creator, …: every word must occur; end a word with * for a prefix.',
          'search',
        )}
        <div class="manage-grid">
          {text('id', 'Identifier starts with', 'For example ark:/99999/fk4')}
          {text('target', 'Target starts with', 'With or without https://')}
          {text('owner', 'Owner', 'A username')}
          {text('group', 'Group')}
          <div class={`field${statusError ? ' field-error' : ''}`}>
            <label for="manage-status">Status</label>
            {statusError ? (
              <p class="error-message" id="manage-status-error">
                <span class="visually-hidden">Error: </span>
                {statusError}
              </p>
            ) : null}
            <select id="manage-status" name="status" aria-describedby={statusError ? 'manage-status-error' : undefined}>
              <option value="">Any</option>
              {IDENTIFIER_STATUSES.map((s) => (
                <option value={s} selected={raw['status'] === s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          {text('created_from', 'Created from', undefined, 'date')}
          {text('created_to', 'Created to', undefined, 'date')}
          {text('updated_from', 'Changed from', undefined, 'date')}
          {text('updated_to', 'Changed to', undefined, 'date')}
          <div class="field">
            <label for="manage-sort">Sort by</label>
            <select id="manage-sort" name="sort">
              {(['updated', 'created', 'key'] as const).map((s) => (
                <option value={s} selected={(raw['sort'] ?? 'updated') === s}>
                  {SORT_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="manage-order">Order</label>
            <select id="manage-order" name="order">
              <option value="desc" selected={raw['order'] !== 'asc'}>
                Newest or last first
              </option>
              <option value="asc" selected={raw['order'] === 'asc'}>
                Oldest or first first
              </option>
            </select>
          </div>
          <div class="field">
            <label for="manage-per">Per page</label>
            <select id="manage-per" name="per">
              {PAGE_SIZES.map((n) => (
                <option value={String(n)} selected={(raw['per'] ?? '50') === String(n)}>
                  {String(n)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p class="hint">Dates are days in UTC; both ends count.</p>
        <button type="submit">Search</button> <a href={`${base}manage`}>Clear</a>
      </form>
    </search>
  );
}

function Pager({ base, p, result }: { base: string; p: ManageParams; result: SearchResult }) {
  const first = result.offset + 1;
  const last = result.offset + result.items.length;
  const hasNext =
    result.items.length === result.limit &&
    (!result.exact || last < result.total) &&
    result.offset + result.limit <= SEARCH_MAX_OFFSET;
  if (p.page === 1 && !hasNext) return null;
  return (
    <nav class="pager" aria-label="Result pages">
      <ul class="links">
        {p.page > 1 ? (
          <li>
            <a href={`${base}manage${manageQuery(p, { page: p.page - 1 })}`} rel="prev">
              Previous page
            </a>
          </li>
        ) : null}
        <li aria-current="page">
          Page {String(p.page)}
          {result.exact ? ` of ${Math.max(1, Math.ceil(result.total / p.per))}` : ''}
          {result.items.length > 0 ? ` (${first}–${last})` : ''}
        </li>
        {hasNext ? (
          <li>
            <a href={`${base}manage${manageQuery(p, { page: p.page + 1 })}`} rel="next">
              Next page
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function countText(result: SearchResult): string {
  if (!result.exact) return `More than ${SEARCH_COUNT_CAP.toLocaleString('en')} identifiers match.`;
  if (result.total === 0) return 'No identifier matches.';
  return result.total === 1 ? '1 identifier matches.' : `${result.total.toLocaleString('en')} identifiers match.`;
}

function Results({
  base,
  p,
  result,
  principal,
  csrf,
}: {
  base: string;
  p: ManageParams;
  result: SearchResult;
  principal: Principal;
  csrf: string;
}) {
  const canChange = principal.role !== 'readonly';
  const back = manageQuery(p);
  const table = (
    <div class="table-wrap">
      <table class="manage-results">
        <caption class="visually-hidden">Identifiers found, {SORT_LABEL[p.sort].toLowerCase()} order</caption>
        <thead>
          <tr>
            {canChange ? (
              <th scope="col">
                <span class="visually-hidden">Select</span>
              </th>
            ) : null}
            <SortHeader base={base} p={p} sort="key" />
            <th scope="col">Target</th>
            <th scope="col">Status</th>
            <th scope="col">Owner</th>
            <SortHeader base={base} p={p} sort="created" />
            <SortHeader base={base} p={p} sort="updated" />
          </tr>
        </thead>
        <tbody>
          {result.items.map((b: Binding, i) => (
            <tr>
              {canChange ? (
                <td>
                  {mayChange(principal, b) ? (
                    <input
                      type="checkbox"
                      name="key"
                      value={b.key}
                      id={`row-${i}`}
                      aria-label={`Select ${b.key}`}
                      class="row-select"
                    />
                  ) : null}
                </td>
              ) : null}
              <td class="mono">
                <a href={identifierHref(base, b.key)}>{b.key}</a>
              </td>
              <td class="manage-target">
                <span class="mono" title={b.target}>
                  {b.target}
                </span>
              </td>
              <td>
                <span class={`status status-${b.identifierStatus}`}>{STATUS_LABEL[b.identifierStatus]}</span>
              </td>
              <td>
                {b.owner ?? <span class="muted">none</span>}
                {b.ownerGroup ? <span class="muted"> ({b.ownerGroup})</span> : null}
              </td>
              <td>
                <Time iso={b.createdAt} />
              </td>
              <td>
                <Time iso={b.updatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section id="results" aria-labelledby="results-title" tabindex={-1}>
      <h2 id="results-title">Results</h2>
      <p role="status">{countText(result)}</p>
      {result.items.length === 0 ? null : canChange ? (
        <form method="post" action={`${base}manage/status`} class="manage-bulk">
          <CsrfField token={csrf} />
          <input type="hidden" name="back" value={back} />
          {table}
          <fieldset class="panel">
            <legend>Change the status of the selected identifiers</legend>
            <div class="manage-grid">
              <div class="field">
                <label for="bulk-status">New status</label>
                <select id="bulk-status" name="status">
                  {IDENTIFIER_STATUSES.map((s) => (
                    <option value={s}>{STATUS_LABEL[s]}</option>
                  ))}
                </select>
              </div>
              <div class="field">
                <label for="bulk-reason">Reason (unavailable only)</label>
                <input type="text" id="bulk-reason" name="reason" maxlength={1000} />
              </div>
            </div>
            <p class="hint">
              A reserved identifier may become public or unavailable; a public one unavailable and back; none becomes
              reserved again. Only identifiers you may change have a box to select.
            </p>
            <button type="submit">Change status</button>
          </fieldset>
        </form>
      ) : (
        table
      )}
      <Pager base={base} p={p} result={result} />
    </section>
  );
}

async function managePage(c: C): Promise<Response> {
  const store = c.get('store');
  const principal = c.get('principal');
  const base = c.get('base');
  const { csrf } = c.get('session');
  const raw = rawParams(c);
  const parsed = ManageParams.safeParse(raw);
  const show = (errors: FieldError[], result: SearchResult | null, p: ManageParams | null, status: 200 | 400) =>
    consolePage(
      c,
      {
        title: 'Manage identifiers',
        current: 'manage',
        lede: 'Find identifiers by their metadata, identifier, target, owner, status and dates; select rows to change their status.',
      },
      <>
        <ErrorSummary errors={errors} />
        <SearchForm base={base} raw={raw} errors={errors} />
        {result && p ? <Results base={base} p={p} result={result} principal={principal} csrf={csrf} /> : null}
      </>,
      status,
    );
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({
      field: FIELD_ID[String(i.path[0])] ?? 'manage-q',
      text: i.message,
    }));
    return show(errors, null, null, 400);
  }
  const p = parsed.data;
  if ((p.page - 1) * p.per > SEARCH_MAX_OFFSET) {
    return show(
      [
        {
          field: 'manage-q',
          text: `Results go no deeper than ${SEARCH_MAX_OFFSET.toLocaleString('en')}: narrow the search.`,
        },
      ],
      null,
      null,
      400,
    );
  }
  const found = await store.searchBindings(searchFor(p, principal));
  if (!found.ok) {
    if (found.error.code !== 'invalid-search') throw new Error(`searchBindings: ${found.error.message}`);
    const at = /^(\w+)(?:\.\w+)*: (.*)$/.exec(found.error.message);
    const name = at ? (STORE_FIELD[at[1] ?? ''] ?? 'q') : 'q';
    const label: Record<string, string> = { q: 'The words', id: 'The identifier', target: 'The target' };
    const text = at ? `${label[name] ?? 'The search'}: ${at[2]}` : found.error.message;
    return show([{ field: FIELD_ID[name] ?? 'manage-q', text }], null, null, 400);
  }
  return show([], found.value, p, 200);
}

/** What became of one row of a bulk change. */
export interface BulkOutcome {
  readonly key: string;
  readonly ok: boolean;
  readonly text: string;
}

/** Can an identifier go from one status to another (EZID's rule: never back to reserved)? */
export function statusChangeAllowed(from: IdentifierStatus, to: IdentifierStatus): boolean {
  return to !== 'reserved' || from === 'reserved';
}

const BulkForm = z.object({
  key: z.array(z.string().min(1).max(4096)).max(MAX_BULK, `At most ${MAX_BULK} identifiers at a time`),
  status: z.enum(IDENTIFIER_STATUSES, { message: 'Choose public, reserved or unavailable' }),
  reason: z.string().trim().max(1000, 'The reason is longer than 1000 characters'),
  back: z.string().max(8192).default(''),
});

async function changeOne(c: C, key: string, to: IdentifierStatus, reason: string | null): Promise<BulkOutcome> {
  const store = c.get('store');
  const principal = c.get('principal');
  const got = await store.getBinding(key);
  if (!got.ok) {
    if (got.error.code === 'not-found' || got.error.code === 'invalid-key')
      return { key, ok: false, text: 'Not found.' };
    throw new Error(`getBinding: ${got.error.message}`);
  }
  const b = got.value;
  if (b.tombstoned) return { key, ok: false, text: 'Deleted.' };
  if (!mayView(principal, b)) return { key, ok: false, text: 'Not found.' };
  if (!mayChange(principal, b)) return { key, ok: false, text: 'You may not change this identifier.' };
  if (!statusChangeAllowed(b.identifierStatus, to)) {
    return { key, ok: false, text: `A ${b.identifierStatus} identifier cannot become reserved again.` };
  }
  const statusReason = to === 'unavailable' ? reason : null;
  if (b.identifierStatus === to && b.statusReason === statusReason) {
    return { key, ok: true, text: `Unchanged: already ${to}.` };
  }
  const put = await store.putBinding(
    key,
    {
      target: b.target,
      status: b.status,
      erc: b.erc,
      support: b.support,
      identifierStatus: to,
      statusReason,
      owner: b.owner,
      ownerGroup: b.ownerGroup,
      metadata: b.metadata,
    },
    principal.username,
    { ifVersion: b.version, acting: { principal } },
  );
  if (!put.ok) {
    if (put.error.code === 'not-found') return { key, ok: false, text: 'Not found.' };
    if (put.error.code === 'not-owner') return { key, ok: false, text: 'You may not change this identifier.' };
    if (put.error.code === 'conflict') return { key, ok: false, text: 'Changed by someone else meanwhile: try again.' };
    if (put.error.code === 'invalid-binding') return { key, ok: false, text: put.error.message };
    throw new Error(`putBinding: ${put.error.message}`);
  }
  return { key, ok: true, text: `Now ${to}${statusReason ? ` (${statusReason})` : ''}.` };
}

async function bulkChange(c: C): Promise<Response> {
  const base = c.get('base');
  const body = await c.req.parseBody({ all: true });
  const keys = body['key'] === undefined ? [] : Array.isArray(body['key']) ? body['key'] : [body['key']];
  const parsed = BulkForm.safeParse({
    key: keys.filter((k): k is string => typeof k === 'string'),
    status: typeof body['status'] === 'string' ? body['status'] : '',
    reason: typeof body['reason'] === 'string' ? body['reason'] : '',
    back: typeof body['back'] === 'string' ? body['back'] : '',
  });
  const back = parsed.success && parsed.data.back.startsWith('?') ? parsed.data.back : '';
  const backLink = <a href={`${base}manage${back}`}>Back to the search</a>;
  const page = (flash: Flash, outcomes: readonly BulkOutcome[], status: 200 | 400) =>
    consolePage(
      c,
      { title: 'Change status', current: 'manage', flash },
      <>
        {outcomes.length > 0 ? (
          <div class="table-wrap">
            <table class="bulk-outcomes">
              <caption class="visually-hidden">What became of each identifier</caption>
              <thead>
                <tr>
                  <th scope="col">Identifier</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {outcomes.map((o) => (
                  <tr class={o.ok ? 'outcome-ok' : 'outcome-failed'}>
                    <td class="mono">
                      <a href={identifierHref(base, o.key)}>{o.key}</a>
                    </td>
                    <td>
                      {o.ok ? '' : <b>Not changed: </b>}
                      {o.text}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <p>{backLink}</p>
      </>,
      status,
    );
  if (!parsed.success) {
    return page({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'The form could not be read.' }, [], 400);
  }
  const { key: selected, status, reason } = parsed.data;
  if (selected.length === 0) return page({ kind: 'error', text: 'Select at least one identifier.' }, [], 400);
  const outcomes: BulkOutcome[] = [];
  for (const key of [...new Set(selected)])
    outcomes.push(await changeOne(c, key, status, reason === '' ? null : reason));
  const failed = outcomes.filter((o) => !o.ok).length;
  const flash: Flash =
    failed === 0
      ? { kind: 'ok', text: `${outcomes.length} of ${outcomes.length} done.` }
      : {
          kind: 'error',
          text: `${outcomes.length - failed} of ${outcomes.length} done; ${failed} not changed (see below).`,
        };
  return page(flash, outcomes, 200);
}

/** The Manage page: `GET /console/manage` (the search, working without JavaScript) and the bulk status change. */
export function managePages(_deps: AppDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.get('/manage', managePage);
  app.post('/manage/status', bulkChange);
  return app;
}
