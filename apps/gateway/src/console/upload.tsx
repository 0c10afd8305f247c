/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import {
  applyUpload,
  downloadService,
  loadUpload,
  MAX_UPLOAD_ROWS,
  previewUpload,
  readUpload,
  resultCsv,
  resultPath,
  saveResult,
  saveUpload,
  type UploadContext,
  type UploadFormat,
} from '../batch/index.ts';
import type { AppDeps } from '../deps.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { ErrorSummary, type FieldError, field } from './forms.tsx';
import { consolePage } from './shell.tsx';

type C = Context<ConsoleEnv>;

/** The most errors the preview lists (all of them are in the result file). */
const SHOWN_ERRORS = 1000;

/**
 * Bulk upload at `/console/upload` (docs/console.md, "Upload"): a form that takes a CSV or an EZID ANVL
 * file (multipart, no JavaScript needed), a preview at `/console/upload/<id>` listing every row's errors
 * (row, field, message) before anything is written, a confirm button (a POST with the CSRF token) that
 * creates and updates the rows without errors, one transaction each, and the result page with the result
 * file (`row,identifier,action,message`) to download. The engine is batch/'s.
 */
export function uploadPages(deps: AppDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const ctx = (c: C): UploadContext => ({
    store: c.get('store'),
    registry: deps.registry,
    config: deps.config,
    self: deps.self,
  });
  const root = (c: C): string => {
    const service = downloadService({ config: deps.config, store: c.get('store'), logger: deps.logger });
    if (!service) throw new Error('the console needs a store');
    return service.dir;
  };

  app.get('/upload', (c) => uploadForm(c, []));

  app.post('/upload', async (c) => {
    const body = await c.req.parseBody({ all: true });
    const file = body['file'];
    const chosen = field(body, 'format');
    const format: UploadFormat | undefined = chosen === 'csv' || chosen === 'anvl' ? chosen : undefined;
    if (!(file instanceof File) || file.size === 0) {
      return uploadForm(c, [{ field: 'upload-file', text: 'Choose a CSV or ANVL file to upload' }], 400);
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(await file.arrayBuffer());
    const rows = readUpload(text, format);
    if (typeof rows === 'string') return uploadForm(c, [{ field: 'upload-file', text: `${file.name}: ${rows}` }], 400);
    const principal = c.get('principal');
    const preview = await previewUpload(
      ctx(c),
      principal,
      rows,
      format ?? (text.trimStart().startsWith('::') ? 'anvl' : 'csv'),
    );
    const id = await saveUpload(root(c), principal.username, file.name, preview);
    return c.redirect(`${c.get('base')}upload/${id}`, 303);
  });

  app.get('/upload/:id', async (c) => {
    const stored = await loadUpload(root(c), c.req.param('id'), c.get('principal').username);
    if (!stored) return gone(c);
    if (stored.summary) return c.redirect(`${c.get('base')}upload/${c.req.param('id')}/result`, 303);
    const { rows, errors } = stored.preview;
    const creates = rows.filter((r) => r.action === 'create').length;
    const updates = rows.filter((r) => r.action === 'update').length;
    const bad = rows.filter((r) => r.action === null).length;
    const csrf = c.get('session').csrf;
    return consolePage(
      c,
      {
        title: 'Check the upload',
        current: 'upload',
        lede: `${stored.fileName}: ${rows.length} rows read. Nothing is written yet.`,
      },
      <>
        <dl class="summary">
          <dt>New identifiers</dt>
          <dd id="count-create">{creates}</dd>
          <dt>Identifiers to update</dt>
          <dd id="count-update">{updates}</dd>
          <dt>Rows with errors (they will not be written)</dt>
          <dd id="count-errors">{bad}</dd>
        </dl>
        {errors.length > 0 ? (
          <section aria-labelledby="errors-title">
            <h2 id="errors-title">Rows with errors</h2>
            <p>
              Correct these rows and upload the file again, or go on: the rows without errors are written and these are
              listed as failed in the result file.
            </p>
            <div class="table-wrap">
              <table id="upload-errors">
                <caption class="visually-hidden">Errors by row</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Field</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {errors.slice(0, SHOWN_ERRORS).map((e) => (
                    <tr>
                      <td>{e.row}</td>
                      <td>
                        <code>{e.field}</code>
                      </td>
                      <td>{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {errors.length > SHOWN_ERRORS ? <p>{`… and ${errors.length - SHOWN_ERRORS} more.`}</p> : null}
          </section>
        ) : (
          <p>Every row can be written.</p>
        )}
        {creates + updates > 0 ? (
          <form method="post" action={`${c.get('base')}upload/${c.req.param('id')}/apply`}>
            <CsrfField token={csrf} />
            <button type="submit">{`Write ${creates + updates} identifiers`}</button>
          </form>
        ) : (
          <p>No row can be written.</p>
        )}
        <p>
          <a href={`${c.get('base')}upload`}>Upload another file</a>
        </p>
      </>,
    );
  });

  app.post('/upload/:id/apply', async (c) => {
    const id = c.req.param('id');
    const principal = c.get('principal');
    const stored = await loadUpload(root(c), id, principal.username);
    if (!stored) return gone(c);
    if (!stored.summary) {
      const results = await applyUpload(ctx(c), principal, stored.preview);
      await saveResult(root(c), id, stored, results, resultCsv(results));
    }
    return c.redirect(`${c.get('base')}upload/${id}/result`, 303);
  });

  app.get('/upload/:id/result', async (c) => {
    const id = c.req.param('id');
    const stored = await loadUpload(root(c), id, c.get('principal').username);
    if (!stored) return gone(c);
    if (!stored.summary) return c.redirect(`${c.get('base')}upload/${id}`, 303);
    const s = stored.summary;
    return consolePage(
      c,
      {
        title: 'Upload done',
        current: 'upload',
        lede: `${stored.fileName}, uploaded ${new Date(stored.createdAt).toUTCString()}.`,
        flash: {
          kind: s.failed > 0 ? 'error' : 'ok',
          text: `${s.created + s.updated + s.unchanged} rows written, ${s.failed} failed.`,
        },
      },
      <>
        <dl class="summary">
          <dt>Created</dt>
          <dd id="count-created">{s.created}</dd>
          <dt>Updated</dt>
          <dd id="count-updated">{s.updated}</dd>
          <dt>Unchanged</dt>
          <dd id="count-unchanged">{s.unchanged}</dd>
          <dt>Failed</dt>
          <dd id="count-failed">{s.failed}</dd>
        </dl>
        <p>
          <a id="result-file" href={`${c.get('base')}upload/${id}/result.csv`} download={`upload-${id}-result.csv`}>
            Download the result file (CSV: row, identifier, action, message)
          </a>
        </p>
        <p>
          <a href={`${c.get('base')}upload`}>Upload another file</a>
        </p>
      </>,
    );
  });

  app.get('/upload/:id/result.csv', async (c) => {
    const id = c.req.param('id');
    const stored = await loadUpload(root(c), id, c.get('principal').username);
    if (!stored?.summary) return gone(c);
    const stream = Readable.toWeb(createReadStream(resultPath(root(c), id))) as ReadableStream<Uint8Array>;
    return new Response(stream, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="upload-${id}-result.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  });

  return app;
}

function gone(c: C): Response {
  return consolePage(
    c,
    { title: 'No such upload', current: 'upload' },
    <p>
      This upload does not exist, is not yours, or expired. <a href={`${c.get('base')}upload`}>Upload a file</a>.
    </p>,
    404,
  );
}

function uploadForm(c: C, errors: readonly FieldError[], status: 200 | 400 = 200): Response {
  const error = errors.find((e) => e.field === 'upload-file')?.text;
  const csrf = c.get('session').csrf;
  return consolePage(
    c,
    {
      title: 'Upload identifiers',
      current: 'upload',
      lede: 'Create or update many identifiers from a CSV or an EZID ANVL file. You see what would change first.',
    },
    <>
      <ErrorSummary errors={errors} />
      <form method="post" action={`${c.get('base')}upload`} enctype="multipart/form-data">
        <CsrfField token={csrf} />
        <div class={`field${error ? ' field-error' : ''}`}>
          <label for="upload-file">File</label>
          <p class="hint" id="upload-file-hint">
            {`A CSV with a header row, or EZID ANVL records; up to ${MAX_UPLOAD_ROWS.toLocaleString('en')} rows.`}
          </p>
          {error ? (
            <p class="error-message" id="upload-file-error">
              <span class="visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
          <input
            type="file"
            id="upload-file"
            name="file"
            accept=".csv,.txt,.anvl,text/csv,text/plain"
            aria-describedby={error ? 'upload-file-hint upload-file-error' : 'upload-file-hint'}
            aria-invalid={error ? 'true' : undefined}
          />
        </div>
        <fieldset class="field">
          <legend>Format</legend>
          <div class="radio">
            <input type="radio" id="upload-format-auto" name="format" value="" checked />
            <label for="upload-format-auto">Tell from the file (ANVL when it starts with “::”)</label>
          </div>
          <div class="radio">
            <input type="radio" id="upload-format-csv" name="format" value="csv" />
            <label for="upload-format-csv">CSV</label>
          </div>
          <div class="radio">
            <input type="radio" id="upload-format-anvl" name="format" value="anvl" />
            <label for="upload-format-anvl">EZID ANVL</label>
          </div>
        </fieldset>
        <button type="submit">Check the file</button>
      </form>
      <section aria-labelledby="columns-title">
        <h2 id="columns-title">What the file holds</h2>
        <p>
          <b>CSV</b>: the first row names the columns. <code>identifier</code> (or <code>_id</code>) is the ARK;{' '}
          <code>_target</code> (or <code>target</code>) the URL it redirects to, needed for a new identifier;{' '}
          <code>_status</code> (or <code>status</code>) <code>public</code>, <code>reserved</code> or{' '}
          <code>unavailable | reason</code>; <code>who</code>, <code>what</code>, <code>when</code>, <code>where</code>{' '}
          (or <code>erc.who</code> …) the citation; any other EZID element (<code>dc.title</code>,{' '}
          <code>datacite.creator</code>, <code>_profile</code>, <code>_export</code>) as it is. An empty cell leaves the
          element as it is.
        </p>
        <p>
          The identifier is an <b>ARK</b>, or a <b>PDI</b> (<code>urn:pdi://ap.org.us/1997/11/27/12.html</code>, or the
          resource with a <code>format</code> column): a PDI row binds its next version, with <code>_target</code> and{' '}
          <code>who</code>, <code>what</code>, <code>when</code>, <code>where</code> only. Other schemes (DOIs, Handles,
          URNs) resolve by their own rules and are never bound here.
        </p>
        <p>
          <b>EZID ANVL</b>: records separated by blank lines, each starting with <code>:: identifier</code> and then one{' '}
          <code>name: value</code> line per element, as EZID's batch download writes them.
        </p>
        <p>
          You may create identifiers under the shoulders of your groups and change those you own, co-own or share
          through a group.
        </p>
      </section>
    </>,
    status,
  );
}
