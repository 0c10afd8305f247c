/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { DownloadJob } from '@pidgate/store';
import { type Context, Hono } from 'hono';
import {
  type DownloadRequest,
  downloadService,
  JobParams,
  parseDownloadRequest,
  requesterOf,
  STATUSES,
} from '../batch/index.ts';
import type { AppDeps } from '../deps.ts';
import { publicBase } from '../http/index.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { ErrorSummary, type FieldError, field, TextField } from './forms.tsx';
import { consolePage, Time } from './shell.tsx';

type C = Context<ConsoleEnv>;

const DEFAULT_COLUMNS = '_id, _target, _status, erc.who, erc.what, erc.when, _created, _updated';

/**
 * Batch download at `/console/download` (docs/console.md, "Download"): a form with EZID's filters, format
 * and compression, which queues a download of the identifiers the user can see (`mayView`) through the
 * same engine and validation as EZID's `/download_request`; and the list of the user's downloads with
 * their status and, once ready, a link (`/console/download/<file>`, for the signed-in requester only).
 */
export function downloadPages(deps: AppDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const service = (c: C) => {
    const s = downloadService({ config: deps.config, store: c.get('store'), logger: deps.logger });
    if (!s) throw new Error('the console needs a store');
    return s;
  };

  // `notify` is offered only where the gateway can send mail (`mail.host`): a field that sends nothing would mislead.
  const mails = deps.config.mail.host !== null;
  const form = (
    c: C,
    jobs: readonly DownloadJob[],
    errors: readonly FieldError[],
    body: Body | null,
    requested: string | null,
    status: 200 | 400 = 200,
  ) => downloadForm(c, { jobs, errors, body, requested, mails }, status);

  app.get('/download', async (c) => form(c, await jobsOf(c), [], null, c.req.query('requested') ?? null));

  app.post('/download', async (c) => {
    const body = await c.req.parseBody({ all: true });
    const { pairs, errors } = formToParameters(body, mails);
    if (errors.length > 0) return form(c, await jobsOf(c), errors, body, null, 400);
    const request = parseDownloadRequest(pairs);
    if (typeof request === 'string') {
      return form(c, await jobsOf(c), [{ field: fieldOfReason(request), text: sentence(request) }], body, null, 400);
    }
    // What a `notify` mail links to: this console's download page (the file is served to its requester only).
    const downloadBase = new URL(`${c.get('base')}download/`, publicBase(c, deps.config)).href;
    const job = await service(c).request(requesterOf(c.get('principal')), 'view', request, downloadBase);
    if (!job.ok) throw new Error(`${job.error.code}: ${job.error.message}`);
    return c.redirect(`${c.get('base')}download?requested=${job.value.id}`, 303);
  });

  app.get('/download/:file', async (c) => {
    const ready = await service(c).readyFile(c.req.param('file'));
    const principal = c.get('principal');
    if (!ready || (ready.job.requester !== principal.username && principal.role !== 'admin')) {
      return consolePage(
        c,
        { title: 'No such download', current: 'download' },
        <p>
          This download is not ready, is not yours, or expired. <a href={`${c.get('base')}download`}>Your downloads</a>.
        </p>,
        404,
      );
    }
    return new Response(service(c).stream(ready.path), {
      headers: {
        'content-type': ready.job.fileName.endsWith('.zip') ? 'application/zip' : 'application/gzip',
        'content-length': String(ready.size),
        'content-disposition': `attachment; filename="${ready.job.fileName}"`,
        'cache-control': 'private, no-store',
      },
    });
  });

  return app;

  async function jobsOf(c: C): Promise<DownloadJob[]> {
    const listed = await c.get('store').downloads.list({ requester: c.get('principal').username, limit: 50 });
    if (!listed.ok) throw new Error(`${listed.error.code}: ${listed.error.message}`);
    return listed.value;
  }
}

type Body = Record<string, unknown>;

/** The form's fields as EZID's parameters (the same names), or the fields in error. */
function formToParameters(body: Body, mails: boolean): { pairs: [string, string][]; errors: FieldError[] } {
  const pairs: [string, string][] = [];
  const errors: FieldError[] = [];
  const all = (name: string): string[] => {
    const v = body[name];
    const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
    return list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());
  };
  const format = field(body, 'format');
  pairs.push(['format', format]);
  pairs.push(['compression', field(body, 'compression') || 'gzip']);
  if (format === 'csv') {
    for (const column of field(body, 'columns')
      .split(/[\s,]+/)
      .filter(Boolean))
      pairs.push(['column', column]);
  }
  if (field(body, 'convertTimestamps') === 'yes') pairs.push(['convertTimestamps', 'yes']);
  for (const s of all('status')) pairs.push(['status', s]);
  for (const o of field(body, 'owner')
    .split(/[\s,]+/)
    .filter(Boolean))
    pairs.push(['owner', o]);
  for (const g of field(body, 'ownergroup')
    .split(/[\s,]+/)
    .filter(Boolean))
    pairs.push(['ownergroup', g]);
  for (const p of all('profile')) pairs.push(['profile', p]);
  if (mails) {
    for (const address of field(body, 'notify')
      .split(/[\s,;]+/)
      .filter(Boolean))
      pairs.push(['notify', address]);
  }
  for (const name of ['permanence', 'exported'] as const) {
    const v = field(body, name);
    if (v !== '') pairs.push([name, v]);
  }
  for (const name of ['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore'] as const) {
    const v = field(body, name);
    if (v === '') continue;
    if (!/^\d{4}-\d\d-\d\d$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
      errors.push({ field: `download-${name}`, text: 'Enter a date as year-month-day, like 2024-01-31' });
    } else pairs.push([name, `${v}T00:00:00Z`]);
  }
  return { pairs, errors };
}

/** The form field an EZID reason is about. */
function fieldOfReason(reason: string): string {
  const m = /parameter '(\w+)'|parameter: (\w+)|format '(\w+)'/.exec(reason);
  const name = m?.[1] ?? m?.[2] ?? (m?.[3] ? 'columns' : 'format');
  const ids: Record<string, string> = {
    column: 'download-columns',
    columns: 'download-columns',
    owner: 'download-owner',
    ownergroup: 'download-ownergroup',
    notify: 'download-notify',
  };
  return ids[name] ?? `download-${name === 'status' ? 'status-public' : name === 'format' ? 'format-csv' : name}`;
}

const sentence = (reason: string): string => reason.charAt(0).toUpperCase() + reason.slice(1);

const SIZE = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KiB`;
  return `${SIZE.format(bytes / 1024 / 1024)} MiB`;
}

function describe(job: DownloadJob): string {
  const parsed = JobParams.safeParse(job.params);
  if (!parsed.success) return '';
  const r: DownloadRequest = parsed.data.request;
  const parts = [`${r.format.toUpperCase()}, ${r.compression}`];
  if (r.statuses.length > 0) parts.push(r.statuses.join(' or '));
  if (r.owners.length > 0) parts.push(`owner ${r.owners.join(', ')}`);
  if (r.ownergroups.length > 0) parts.push(`group ${r.ownergroups.join(', ')}`);
  if (r.permanence) parts.push(r.permanence === 'test' ? 'test identifiers' : 'real identifiers');
  if (r.notify.length > 0) parts.push(`mail to ${r.notify.join(', ')}`);
  return parts.join('; ');
}

interface FormState {
  readonly jobs: readonly DownloadJob[];
  readonly errors: readonly FieldError[];
  /** What was posted, to show again; null: the defaults. */
  readonly body: Body | null;
  /** The job just requested (the flash), or null. */
  readonly requested: string | null;
  /** Whether the gateway sends mail (the `notify` field). */
  readonly mails: boolean;
}

function downloadForm(c: C, { jobs, errors, body, requested, mails }: FormState, status: 200 | 400 = 200): Response {
  const base = c.get('base');
  const csrf = c.get('session').csrf;
  const value = (name: string, fallback = '') => (body ? field(body, name) : fallback);
  const checkedStatuses = body
    ? (Array.isArray(body['status']) ? body['status'] : [body['status']]).filter((s) => typeof s === 'string')
    : [];
  const format = value('format', 'csv');
  const error = (f: string) => errors.find((e) => e.field === f)?.text;
  const pending = jobs.some((j) => j.status === 'queued' || j.status === 'running');
  return consolePage(
    c,
    {
      title: 'Download identifiers',
      current: 'download',
      lede: 'A file of the identifiers you can see, with their metadata, in EZID’s download formats.',
      flash:
        requested !== null
          ? { kind: 'ok', text: 'Your download is being prepared; it appears in the list below when ready.' }
          : null,
    },
    <>
      <ErrorSummary errors={errors} />
      <form method="post" action={`${base}download`}>
        <CsrfField token={csrf} />
        <fieldset class="field">
          <legend>Format</legend>
          {(
            [
              ['csv', 'CSV (a spreadsheet: choose the columns below)'],
              ['anvl', 'ANVL (EZID’s text format, one record per identifier)'],
              ['xml', 'XML'],
            ] as const
          ).map(([v, label]) => (
            <div class="radio">
              <input type="radio" id={`download-format-${v}`} name="format" value={v} checked={format === v} />
              <label for={`download-format-${v}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <TextField
          id="download-columns"
          name="columns"
          label="Columns (CSV)"
          value={value('columns', DEFAULT_COLUMNS)}
          hint="Separated by commas: _id, any element (_target, _status, erc.who, dc.title …), or _mappedCreator, _mappedTitle, _mappedPublisher, _mappedDate, _mappedType."
          error={error('download-columns')}
        />
        <fieldset class="field">
          <legend>Compression</legend>
          {(
            [
              ['gzip', 'gzip (.gz)'],
              ['zip', 'ZIP (.zip)'],
            ] as const
          ).map(([v, label]) => (
            <div class="radio">
              <input
                type="radio"
                id={`download-compression-${v}`}
                name="compression"
                value={v}
                checked={value('compression', 'gzip') === v}
              />
              <label for={`download-compression-${v}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <fieldset class="field">
          <legend>Status (none ticked: any)</legend>
          {STATUSES.map((s) => (
            <div class="checkbox">
              <input
                type="checkbox"
                id={`download-status-${s}`}
                name="status"
                value={s}
                checked={checkedStatuses.includes(s)}
              />
              <label for={`download-status-${s}`}>{s}</label>
            </div>
          ))}
        </fieldset>
        <TextField
          id="download-owner"
          name="owner"
          label="Owners"
          value={value('owner', c.get('principal').username)}
          hint="Usernames, separated by commas. Empty, with no group: your own identifiers."
          error={error('download-owner')}
        />
        <TextField
          id="download-ownergroup"
          name="ownergroup"
          label="Owner groups"
          value={value('ownergroup')}
          hint="Group names, separated by commas: identifiers of these groups too."
          error={error('download-ownergroup')}
        />
        {(
          [
            ['createdAfter', 'Created on or after'],
            ['createdBefore', 'Created before'],
            ['updatedAfter', 'Updated on or after'],
            ['updatedBefore', 'Updated before'],
          ] as const
        ).map(([name, label]) => (
          <TextField
            id={`download-${name}`}
            name={name}
            label={label}
            type="date"
            value={value(name)}
            error={error(`download-${name}`)}
          />
        ))}
        <div class="field">
          <label for="download-permanence">Test or real identifiers</label>
          <select id="download-permanence" name="permanence">
            <option value="" selected={value('permanence') === ''}>
              Both
            </option>
            <option value="real" selected={value('permanence') === 'real'}>
              Real only
            </option>
            <option value="test" selected={value('permanence') === 'test'}>
              Test only (ark:/99999/fk4…)
            </option>
          </select>
        </div>
        <div class="field">
          <label for="download-exported">Exported (harvestable)</label>
          <select id="download-exported" name="exported">
            <option value="" selected={value('exported') === ''}>
              Either
            </option>
            <option value="yes" selected={value('exported') === 'yes'}>
              Yes
            </option>
            <option value="no" selected={value('exported') === 'no'}>
              No
            </option>
          </select>
        </div>
        {mails && (
          <TextField
            id="download-notify"
            name="notify"
            label="Email me when it is ready (optional)"
            value={value('notify')}
            hint="Up to 10 addresses, separated by commas: each gets a message with the link when the file is ready, or the reason it failed."
            error={error('download-notify')}
          />
        )}
        <div class="checkbox">
          <input
            type="checkbox"
            id="download-convertTimestamps"
            name="convertTimestamps"
            value="yes"
            checked={value('convertTimestamps', 'yes') === 'yes'}
          />
          <label for="download-convertTimestamps">Dates as 2024-01-31T12:00:00Z rather than Unix seconds</label>
        </div>
        <button type="submit">Request the download</button>
      </form>
      <section aria-labelledby="jobs-title">
        <h2 id="jobs-title">Your downloads</h2>
        {pending ? (
          <p>
            Some downloads are still being prepared. <a href={`${base}download`}>Reload this page</a> to see them when
            ready.
          </p>
        ) : null}
        {jobs.length === 0 ? (
          <p class="muted">None yet.</p>
        ) : (
          <div class="table-wrap">
            <table id="download-jobs">
              <caption class="visually-hidden">Your downloads, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Requested</th>
                  <th scope="col">What</th>
                  <th scope="col">Status</th>
                  <th scope="col">Identifiers</th>
                  <th scope="col">File</th>
                  <th scope="col">Kept until</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => (
                  <tr id={`job-${j.id}`}>
                    <td>
                      <Time iso={j.createdAt} />
                    </td>
                    <td>{describe(j)}</td>
                    <td>{j.status === 'failed' ? `failed: ${j.error ?? ''}` : j.status}</td>
                    <td>{j.count ?? ''}</td>
                    <td>
                      {j.status === 'ready' ? (
                        <a href={`${base}download/${j.fileName}`} download={j.fileName}>
                          {`${j.fileName} (${size(j.size)})`}
                        </a>
                      ) : (
                        ''
                      )}
                    </td>
                    <td>
                      <Time iso={j.expiresAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>,
    status,
  );
}
