import { z } from 'zod';

/**
 * `mail`: the SMTP server the gateway sends its few messages through (today: a batch download's `notify`
 * addresses are told when the file is ready). Off by default: with no `mail.host` nothing is ever sent.
 */
export const MailConfig = z
  .object({
    host: z
      .string()
      .min(1)
      .nullable()
      .default(null)
      .describe(
        "The SMTP server mail is sent through (a batch download's `notify` addresses are told when the file is ready). `null` (the default): no mail is ever sent, and `notify` is accepted but ignored.",
      ),
    port: z.coerce.number().int().min(1).max(65_535).default(587).describe("The SMTP server's port."),
    secure: z
      .boolean()
      .default(false)
      .describe(
        '`true`: TLS from the first byte (SMTPS, usually port 465); `false`: plain SMTP, upgraded with STARTTLS when the server offers it (port 587 or 25).',
      ),
    user: z.string().min(1).nullable().default(null).describe('The SMTP AUTH user name; `null`: no authentication.'),
    password: z
      .string()
      .min(1)
      .nullable()
      .default(null)
      .describe('The SMTP AUTH password (with `mail.user`); set it by the environment rather than in a file.'),
    from: z
      .string()
      .min(3)
      .max(320)
      .nullable()
      .default(null)
      .describe('The sender of every message (`pidgate <noreply@example.org>`); required when `mail.host` is set.'),
  })
  // Each problem is reported on the key that was set (a host without a sender, one half of the credentials).
  .superRefine((m, ctx) => {
    if (m.host !== null && m.from === null) {
      ctx.addIssue({ code: 'custom', path: ['host'], message: 'mail.host needs mail.from (the sender)' });
    }
    if (m.user !== null && m.password === null) {
      ctx.addIssue({ code: 'custom', path: ['user'], message: 'mail.user needs mail.password' });
    }
    if (m.password !== null && m.user === null) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'mail.password needs mail.user' });
    }
  })
  .prefault({});
export type MailConfig = z.infer<typeof MailConfig>;

/** The environment variables of `mail` (config.ts `ENV_KEYS` rows). */
export const MAIL_ENV_KEYS: [string, readonly string[], 'string' | 'boolean' | 'null-string'][] = [
  ['PIDGATE_MAIL_HOST', ['mail', 'host'], 'null-string'],
  ['PIDGATE_MAIL_PORT', ['mail', 'port'], 'string'],
  ['PIDGATE_MAIL_SECURE', ['mail', 'secure'], 'boolean'],
  ['PIDGATE_MAIL_USER', ['mail', 'user'], 'null-string'],
  ['PIDGATE_MAIL_PASSWORD', ['mail', 'password'], 'null-string'],
  ['PIDGATE_MAIL_FROM', ['mail', 'from'], 'null-string'],
];
