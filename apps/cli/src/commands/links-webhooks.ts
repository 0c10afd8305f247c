import { checkSubscriber, newWebhookSecret, webhookJson } from '@pidgate/gateway';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@pidgate/store';
import { type Io, UsageError, write } from '../io.ts';
import { fail, withStore } from '../store.ts';

/**
 * `pidgate links webhooks list|add|remove`: the link webhooks of users and groups, on the database directly
 * (the operator's command; the admin API's `/api/v1/webhooks` is the same for token holders). One JSON line
 * per subscription; `add` prints the secret once.
 */

export interface WebhookOptions {
  readonly config: string | undefined;
  readonly url: string | undefined;
  readonly owner: string | undefined;
  readonly group: string | undefined;
  readonly secret: string | undefined;
  readonly events: string | undefined;
  readonly disabled: boolean | undefined;
}

export async function webhooksAction(args: readonly string[], options: WebhookOptions, io: Io): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list') {
    if (rest.length > 0) throw new UsageError('links webhooks list takes no arguments');
    return withStore(io, options.config, async (store) => {
      const filter =
        options.owner !== undefined || options.group !== undefined
          ? {
              owners: options.owner === undefined ? [] : [options.owner],
              groups: options.group === undefined ? [] : [options.group],
            }
          : undefined;
      const list = await store.webhooks.list(filter);
      if (!list.ok) fail(list.error);
      for (const w of list.value) await write(io.stdout, `${JSON.stringify(webhookJson(w))}\n`);
      return 0;
    });
  }
  if (action === 'add') {
    if (rest.length > 0)
      throw new UsageError('links webhooks add takes no arguments: give --url and --owner or --group');
    if (options.url === undefined) throw new UsageError('links webhooks add needs --url URL');
    if ((options.owner === undefined) === (options.group === undefined)) {
      throw new UsageError('links webhooks add needs --owner USER or --group GROUP (one of them)');
    }
    const events = (options.events ?? WEBHOOK_EVENTS.join(',')).split(',').map((e) => e.trim());
    const unknown = events.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown !== undefined || events.length === 0) {
      throw new UsageError(`--events must be ${WEBHOOK_EVENTS.join(', ')} or both, not ${options.events}`);
    }
    if (options.secret !== undefined && (options.secret.length < 16 || options.secret.length > 200)) {
      throw new UsageError('--secret must be 16 to 200 characters');
    }
    return withStore(io, options.config, async (store) => {
      const owner = options.owner ?? null;
      const group = options.group ?? null;
      const exists = await checkSubscriber(store, owner, group);
      if (!exists.ok) fail(exists.error);
      const secret = options.secret ?? newWebhookSecret();
      const made = await store.webhooks.create(
        {
          owner,
          group,
          url: options.url as string,
          secret,
          events: [...new Set(events)] as WebhookEvent[],
          enabled: options.disabled !== true,
          createdBy: 'cli',
        },
        new Date().toISOString(),
      );
      if (!made.ok) fail(made.error);
      await write(io.stdout, `${JSON.stringify({ ...webhookJson(made.value), secret })}\n`);
      return 0;
    });
  }
  if (action === 'remove') {
    const [id, ...more] = rest;
    if (id === undefined || more.length > 0) throw new UsageError('usage: pidgate links webhooks remove ID');
    return withStore(io, options.config, async (store) => {
      const removed = await store.webhooks.remove(id);
      if (!removed.ok) fail(removed.error);
      await write(io.stdout, `${JSON.stringify(webhookJson(removed.value))}\n`);
      return 0;
    });
  }
  throw new UsageError('usage: pidgate links webhooks list | add --url URL (--owner USER | --group GROUP) | remove ID');
}
