import { formatReport, LinkChecker, REPORT_FORMATS, type ReportFormat, WebhookDeliverer } from '@pidgate/gateway';
import { LINK_CLASSES, type LinkClass } from '@pidgate/store';
import { type Command, parseCommandArgs } from '../command.ts';
import { UsageError, write } from '../io.ts';
import { configOption, fail, withStore } from '../store.ts';
import { webhooksAction } from './links-webhooks.ts';

export const linksCommand: Command = {
  name: 'links',
  summary: 'check the targets of public identifiers once, report the ones that fail, manage their webhooks',
  usage: `pidgate links check --once [--limit N] [--now INSTANT] [--config FILE]
pidgate links report [--format csv|json] [--broken] [--owner USER] [--prefix SHOULDER] [--class CLASS] [--bom] [--config FILE]
pidgate links webhooks list [--owner USER] [--group GROUP] [--config FILE]
pidgate links webhooks add --url URL (--owner USER | --group GROUP) [--secret SECRET] [--events broken,recovered] [--disabled] [--config FILE]
pidgate links webhooks remove ID [--config FILE]

check --once runs one pass of the link checker and exits: every target of a public identifier that
is due (never checked, or its next check has come) is checked once, with the links.* settings
(politeness per host, time and byte bounds, redirects; docs/links.md), whether or not links.enabled
lets \`pidgate serve\` check in the background. It prints one JSON line: targets added and dropped,
checked, and how many of each class. --limit checks at most N targets; --now takes that ISO 8601
instant as the time of the checks (the window rule reads it). On SQLite, a pass is skipped while a
running gateway's checker holds the lease ("leader": false). SIGINT stops the pass (a target cut
off is checked next time). After the pass, the webhook deliveries that are due are sent once
("webhooks" in the output: batched, delivered, retrying, failed).

report lists every target whose last check failed: the target, its identifiers and their owners,
state (failing, or broken: failed past the window), class, HTTP status, failures in a row, first and
last failure, last check, broken since. --broken lists only the broken ones; --owner, --prefix (a
shoulder, e.g. ark:/99999/fk4) and --class (${LINK_CLASSES.join(', ')}) narrow it.
CSV (the default; --bom starts it with a byte order mark, for Excel) or JSON.

webhooks manages the subscriptions of a user (--owner) or a group (--group) to the events "broken"
and "recovered" of their identifiers' targets: HMAC-signed JSON POSTs to --url (docs/links.md,
"Webhooks"). add prints the subscription with its secret, the only time it is shown (--secret gives
one, 16 to 200 characters; else one is made); list prints one JSON line per subscription (the secret
only as "secretSet"); remove drops one with its waiting deliveries.
Exit status 0, or 2 on a usage or database error.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      ...configOption,
      once: { type: 'boolean' },
      limit: { type: 'string' },
      now: { type: 'string' },
      format: { type: 'string', short: 'f' },
      broken: { type: 'boolean' },
      owner: { type: 'string' },
      prefix: { type: 'string' },
      class: { type: 'string' },
      bom: { type: 'boolean' },
      url: { type: 'string' },
      group: { type: 'string' },
      secret: { type: 'string' },
      events: { type: 'string' },
      disabled: { type: 'boolean' },
    });
    const [action, ...rest] = positionals;
    if (action === 'webhooks') {
      return webhooksAction(
        rest,
        {
          config: values.config,
          url: values.url,
          owner: values.owner,
          group: values.group,
          secret: values.secret,
          events: values.events,
          disabled: values.disabled,
        },
        io,
      );
    }
    if (rest.length > 0) throw new UsageError(`links ${action} takes no arguments, not ${JSON.stringify(rest[0])}`);
    if (action === 'check') {
      if (!values.once) {
        throw new UsageError(
          'links check runs one pass: give --once (`pidgate serve` checks continuously with links.enabled)',
        );
      }
      let limit: number | undefined;
      if (values.limit !== undefined) {
        limit = Number(values.limit);
        if (!/^\d{1,9}$/.test(values.limit) || limit < 1)
          throw new UsageError(`--limit must be a whole number from 1, not ${values.limit}`);
      }
      const now = values.now === undefined ? null : new Date(values.now);
      if (now !== null && Number.isNaN(now.getTime())) {
        throw new UsageError(`--now must be an ISO 8601 instant, not ${values.now}`);
      }
      return withStore(io, values.config, async (store, config) => {
        const checker = new LinkChecker({
          store,
          settings: config.links,
          baseUrl: config.baseUrl,
          ...(now ? { clock: () => now } : {}),
          log: (event, fields) => io.stderr.write(`${JSON.stringify({ event, ...fields })}\n`),
        });
        const stop = () => void checker.stop();
        process.once('SIGINT', stop);
        try {
          const report = await checker.pass(limit === undefined ? {} : { limit });
          // The webhooks of the targets that broke or recovered (and any delivery due), sent once.
          const webhooks = await new WebhookDeliverer({
            store,
            settings: config.links,
            baseUrl: config.baseUrl,
            ...(now ? { clock: () => now } : {}),
            log: (event, fields) => io.stderr.write(`${JSON.stringify({ event, ...fields })}\n`),
          }).round();
          await write(io.stdout, `${JSON.stringify({ ...report, webhooks })}\n`);
        } catch (e) {
          throw new UsageError(`the link check failed: ${(e as Error).message}`);
        } finally {
          process.off('SIGINT', stop);
        }
        return 0;
      });
    }
    if (action === 'report') {
      const format = (values.format ?? 'csv') as ReportFormat;
      if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
        throw new UsageError(`--format must be ${REPORT_FORMATS.join(' or ')}, not ${values.format}`);
      }
      if (values.class !== undefined && !(LINK_CLASSES as readonly string[]).includes(values.class)) {
        throw new UsageError(`--class must be one of ${LINK_CLASSES.join(', ')}, not ${values.class}`);
      }
      return withStore(io, values.config, async (store) => {
        const rows = await store.links.report({
          ...(values.broken ? { broken: true } : {}),
          ...(values.owner === undefined ? {} : { owner: values.owner }),
          ...(values.prefix === undefined ? {} : { prefix: values.prefix }),
          ...(values.class === undefined ? {} : { class: values.class as LinkClass }),
          limit: 100_000,
        });
        if (!rows.ok) fail(rows.error);
        await write(io.stdout, formatReport(rows.value, format, { bom: values.bom === true }));
        return 0;
      });
    }
    throw new UsageError(
      'usage: pidgate links check --once | links report [--format csv|json] [--broken] | links webhooks list|add|remove',
    );
  },
};
