import type { MailConfig } from '../config/index.ts';

/**
 * Telling a batch download's `notify` addresses that the file is ready (EZID's API guide: "notify: an email
 * address to which an email will be sent when the download is ready"), by SMTP through `mail.*` with
 * nodemailer, loaded only when mail is configured. With no `mail.host` (the default) nothing is sent. A
 * failure to send is logged and never fails the job: the file is there either way, and its URL was the
 * answer to the request.
 */

/** What a notice says: the job's outcome and where the file is. */
export interface DownloadNotice {
  readonly to: readonly string[];
  readonly jobId: string;
  readonly status: 'ready' | 'failed';
  /** The file's URL (as the request's answer gave it); null when the request did not record one. */
  readonly url: string | null;
  /** How many identifiers the file holds (ready). */
  readonly count: number | null;
  /** When the file is removed (ISO 8601). */
  readonly expiresAt: string;
  /** Why the job failed (failed). */
  readonly error: string | null;
}

/** Sends a notice; never rejects (a failure is logged). */
export type Notifier = (notice: DownloadNotice) => Promise<void>;

/** How the notifier reports what happened (the gateway's event log). */
export type NoticeLog = (event: 'mail-sent' | 'mail-failed', fields: Record<string, unknown>) => void;

/** The message a notice becomes. */
export function noticeMessage(n: DownloadNotice): { subject: string; text: string } {
  if (n.status === 'failed') {
    return {
      subject: 'Your batch download failed',
      text: [
        `The batch download ${n.jobId} could not be made: ${n.error ?? 'unknown error'}.`,
        '',
        'Ask for it again; if it fails again, tell the administrators of this resolver.',
        '',
      ].join('\n'),
    };
  }
  return {
    subject: 'Your batch download is ready',
    text: [
      'The batch download you asked for is ready:',
      '',
      n.url ?? `(job ${n.jobId}: the address was given in the answer to your request)`,
      '',
      `It holds ${n.count ?? 0} identifier${n.count === 1 ? '' : 's'} and is kept until ${n.expiresAt}.`,
      '',
    ].join('\n'),
  };
}

/** The notifier `mail` configures, or null when mail is off (no `mail.host`). */
export function mailNotifier(mail: MailConfig, log: NoticeLog): Notifier | null {
  const { host, from } = mail;
  if (host === null || from === null) return null;
  let transport: Promise<import('nodemailer').Transporter> | null = null;
  const transporter = () => {
    transport ??= import('nodemailer').then((m) =>
      m.createTransport({
        host,
        port: mail.port,
        secure: mail.secure,
        ...(mail.user !== null && mail.password !== null ? { auth: { user: mail.user, pass: mail.password } } : {}),
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    );
    return transport;
  };
  return async (notice) => {
    if (notice.to.length === 0) return;
    const { subject, text } = noticeMessage(notice);
    try {
      const t = await transporter();
      const info = await t.sendMail({ from, to: [...notice.to], subject, text });
      log('mail-sent', { job: notice.jobId, to: notice.to.length, messageId: info.messageId });
    } catch (e) {
      log('mail-failed', { job: notice.jobId, message: e instanceof Error ? e.message : String(e) });
    }
  };
}
