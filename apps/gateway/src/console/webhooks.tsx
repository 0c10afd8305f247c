/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { checkWebhookUrl, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@pidgate/store';
import { type Context, Hono } from 'hono';
import { checkSubscriber, mayManageWebhook, newWebhookSecret, webhooksOf } from '../admin/index.ts';
import type { AppDeps } from '../deps.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';
import { ErrorSummary, errorOf, type FieldError, field, rawField, TextField } from './forms.tsx';
import { consolePage, type Flash, Time } from './shell.tsx';

/**
 * `/console/account/webhooks`: the link webhooks of the signed-in user and of their groups (all of them for
 * an administrator): the list, a form to add one (its secret shown once), a button to remove one. The same
 * rule as the admin API (`mayManageWebhook`); a read-only account sees the list and changes nothing.
 */

type C = Context<ConsoleEnv>;

const DONE: Record<string, string> = { removed: 'The webhook is removed.' };

const EVENT_LABELS: Record<WebhookEvent, string> = {
  broken: 'A target becomes broken (failed past the window)',
  recovered: 'A broken target answers again',
};

interface PageState {
  readonly errors?: readonly FieldError[];
  readonly values?: { readonly url?: string; readonly for?: string; readonly events?: readonly string[] };
  readonly flash?: Flash | null;
  readonly created?: { readonly url: string; readonly secret: string } | null;
}

const forLabel = (w: Pick<Webhook, 'owner' | 'group'>) => (w.group !== null ? `group ${w.group}` : `user ${w.owner}`);

async function webhooksPage(c: C, state: PageState, status: 200 | 400 | 403 = 200): Promise<Response> {
  const store = c.get('store');
  const principal = c.get('principal');
  const { csrf } = c.get('session');
  const base = c.get('base');
  const list = await webhooksOf(store, principal);
  if (!list.ok) throw new Error(`webhooks: ${list.error.message}`);
  const errors = state.errors ?? [];
  const v = state.values ?? {};
  const readonly = principal.role === 'readonly';
  const events = v.events ?? [...WEBHOOK_EVENTS];
  const choices = [`user:${principal.username}`, ...principal.groups.map((g) => `group:${g}`)];
  const chosen = v.for ?? choices[0];
  return consolePage(
    c,
    {
      title: 'Link webhooks',
      current: 'account',
      flash: state.flash ?? null,
      lede: (
        <>
          pidgate POSTs a signed JSON message to a webhook when a target of your identifiers (or your group’s) becomes
          broken or recovers. How to check the signature: the “Webhooks” section of docs/links.md.
        </>
      ),
    },
    <>
      <ErrorSummary errors={errors} />
      {state.created ? (
        <div class="panel secret" role="status">
          <h2>The new webhook’s secret</h2>
          <p>
            Copy it now: this is the only time it is shown. Your receiver checks each message’s{' '}
            <code>X-Pidgate-Signature</code> with it.
          </p>
          <p>
            <label for="new-secret">Secret for {state.created.url}</label>
            <input type="text" id="new-secret" readonly value={state.created.secret} class="mono" />
          </p>
        </div>
      ) : null}
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">{principal.role === 'admin' ? 'All webhooks' : 'Your webhooks and your groups’'}</h2>
        {list.value.length === 0 ? (
          <p class="muted">No webhooks yet.</p>
        ) : (
          <section class="table-wrap" tabindex={0} aria-label="Table of webhooks (scrolls sideways on a narrow screen)">
            <table>
              <caption class="visually-hidden">Link webhooks</caption>
              <thead>
                <tr>
                  <th scope="col">For</th>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">Created</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {list.value.map((w) => (
                  <tr>
                    <td>{forLabel(w)}</td>
                    <td class="mono">{w.url}</td>
                    <td>{w.events.join(', ')}</td>
                    <td>
                      <Time iso={w.createdAt} />
                    </td>
                    <td>
                      {w.enabled ? 'Enabled' : 'Disabled'}
                      {!readonly && mayManageWebhook(principal, w) ? (
                        <form method="post" action={`${base}account/webhooks/remove`} class="inline">
                          <CsrfField token={csrf} />
                          <input type="hidden" name="id" value={w.id} />
                          <button
                            type="submit"
                            class="secondary small"
                            aria-label={`Remove the webhook ${w.url} of ${forLabel(w)}`}
                          >
                            Remove
                          </button>
                        </form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
      <section aria-labelledby="add-title">
        <h2 id="add-title">Add a webhook</h2>
        {readonly ? (
          <p class="muted">A read-only account cannot add webhooks.</p>
        ) : (
          <form method="post" action={`${base}account/webhooks`} class="panel">
            <CsrfField token={csrf} />
            <TextField
              id="webhook-url"
              name="url"
              label="URL"
              type="url"
              value={v.url ?? ''}
              error={errorOf(errors, 'webhook-url')}
              hint="Where to POST: an https:// (or http://) address your receiver listens on."
            />
            <fieldset class="field" id="webhook-for">
              <legend>For the identifiers of</legend>
              {errorOf(errors, 'webhook-for') ? (
                <p class="error-message">
                  <span class="visually-hidden">Error: </span>
                  {errorOf(errors, 'webhook-for')}
                </p>
              ) : null}
              {choices.map((choice, i) => (
                <div class="radio">
                  <input type="radio" id={`webhook-for-${i}`} name="for" value={choice} checked={chosen === choice} />
                  <label for={`webhook-for-${i}`}>
                    {choice.startsWith('user:') ? 'You' : `Group ${choice.slice('group:'.length)}`}
                  </label>
                </div>
              ))}
            </fieldset>
            <fieldset class="field" id="webhook-events">
              <legend>When</legend>
              {errorOf(errors, 'webhook-events') ? (
                <p class="error-message">
                  <span class="visually-hidden">Error: </span>
                  {errorOf(errors, 'webhook-events')}
                </p>
              ) : null}
              {WEBHOOK_EVENTS.map((e) => (
                <div class="checkbox">
                  <input
                    type="checkbox"
                    id={`webhook-event-${e}`}
                    name="events"
                    value={e}
                    checked={events.includes(e)}
                  />
                  <label for={`webhook-event-${e}`}>{EVENT_LABELS[e]}</label>
                </div>
              ))}
            </fieldset>
            <TextField
              id="webhook-secret"
              name="secret"
              label="Secret"
              type="password"
              autocomplete="new-password"
              error={errorOf(errors, 'webhook-secret')}
              hint="Optional: 16 to 200 characters. Leave it empty and one is made for you (shown once)."
            />
            <button type="submit">Add webhook</button>
          </form>
        )}
      </section>
    </>,
    status,
  );
}

function eventsOf(body: Record<string, unknown>): string[] {
  const v = body['events'];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.filter((e): e is string => typeof e === 'string');
}

export function webhookPages(_deps: AppDeps) {
  const app = new Hono<ConsoleEnv>();

  app.get('/account/webhooks', (c) => {
    const done = c.req.query('done');
    const text = done ? DONE[done] : undefined;
    return webhooksPage(c, { flash: text ? { kind: 'ok', text } : null });
  });

  app.post('/account/webhooks', async (c) => {
    const body = await c.req.parseBody({ all: true });
    const principal = c.get('principal');
    const url = field(body, 'url');
    const target = field(body, 'for');
    const secret = rawField(body, 'secret');
    const events = eventsOf(body);
    const values = { url, for: target, events };
    if (principal.role === 'readonly') {
      return webhooksPage(c, { flash: { kind: 'error', text: 'A read-only account cannot add webhooks.' } }, 403);
    }
    const errors: FieldError[] = [];
    if (url === '') errors.push({ field: 'webhook-url', text: 'Enter the URL of your receiver' });
    else if (!checkWebhookUrl(url).ok) {
      errors.push({
        field: 'webhook-url',
        text: 'Enter an http:// or https:// URL, such as https://hooks.example.org/',
      });
    }
    const owner = target.startsWith('user:') ? target.slice(5) : null;
    const group = target.startsWith('group:') ? target.slice(6) : null;
    if ((owner === null && group === null) || !mayManageWebhook(principal, { owner, group })) {
      errors.push({ field: 'webhook-for', text: 'Choose yourself or one of your groups' });
    }
    const chosen = events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (chosen.length === 0) errors.push({ field: 'webhook-events', text: 'Tick at least one event' });
    if (secret !== '' && (secret.length < 16 || secret.length > 200)) {
      errors.push({ field: 'webhook-secret', text: 'Enter a secret of 16 to 200 characters, or leave it empty' });
    }
    if (errors.length > 0) return webhooksPage(c, { errors, values }, 400);
    const store = c.get('store');
    const exists = await checkSubscriber(store, owner, group);
    if (!exists.ok)
      return webhooksPage(c, { errors: [{ field: 'webhook-for', text: exists.error.message }], values }, 400);
    const key = secret === '' ? newWebhookSecret() : secret;
    const made = await store.webhooks.create(
      { owner, group, url, secret: key, events: chosen, createdBy: principal.username },
      new Date().toISOString(),
    );
    if (!made.ok) return webhooksPage(c, { errors: [{ field: 'webhook-url', text: made.error.message }], values }, 400);
    return webhooksPage(c, {
      created: { url: made.value.url, secret: key },
      flash: { kind: 'ok', text: 'The webhook is added. Copy its secret now: it is not shown again.' },
    });
  });

  app.post('/account/webhooks/remove', async (c) => {
    const body = await c.req.parseBody();
    const id = field(body, 'id');
    const store = c.get('store');
    const hook = await store.webhooks.get(id);
    if (!hook.ok || c.get('principal').role === 'readonly' || !mayManageWebhook(c.get('principal'), hook.value)) {
      return webhooksPage(c, { flash: { kind: 'error', text: 'You have no such webhook.' } }, 400);
    }
    const removed = await store.webhooks.remove(id);
    if (!removed.ok) return webhooksPage(c, { flash: { kind: 'error', text: removed.error.message } }, 400);
    return c.redirect(`${c.get('base')}account/webhooks?done=removed`, 303);
  });

  return app;
}
