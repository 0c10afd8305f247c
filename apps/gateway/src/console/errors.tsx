/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ConsoleEnv } from './env.ts';
import { consolePage } from './shell.tsx';

/** The stable code of every error page the console shows (also in the page, as `code`). */
export const CONSOLE_ERROR_CODES = [
  'not-found', // no such page or thing
  'forbidden', // signed in, but not allowed (an administration page for a user who is not an administrator)
  'csrf-failed', // a form without the session's CSRF token, or with a wrong one
  'cross-site', // a form posted from another site (Origin / Sec-Fetch-Site)
  'body-too-large', // a form or file larger than the console accepts
  'bad-request', // a form the console cannot read
  'no-store', // the gateway runs without a store: there is nothing to sign in to
  'internal-error', // the console failed (a bug or the database): never for anything a user sends
] as const;
export type ConsoleErrorCode = (typeof CONSOLE_ERROR_CODES)[number];

const TITLES: Record<ConsoleErrorCode, string> = {
  'not-found': 'Page not found',
  forbidden: 'You cannot see this page',
  'csrf-failed': 'This form has expired',
  'cross-site': 'This form came from another site',
  'body-too-large': 'Too much to send',
  'bad-request': 'The form could not be read',
  'no-store': 'The console is not available',
  'internal-error': 'Something went wrong',
};

/**
 * An error as a page in the console's shell (never a JSON problem: people read these), with its status,
 * a sentence saying what happened and what to do, and the stable code.
 */
export function errorPage(
  c: Context<ConsoleEnv>,
  status: ContentfulStatusCode,
  code: ConsoleErrorCode,
  detail: Child,
): Response {
  const base = c.get('base') ?? '/console/';
  return consolePage(
    c,
    { title: TITLES[code] },
    <>
      <p class="problem-detail">{detail}</p>
      <p>
        Status {String(status)}, code <code class="error-code">{code}</code>.{' '}
        <a href={base}>Go to the console's start page</a>.
      </p>
    </>,
    status,
  );
}

export function notFoundPage(c: Context<ConsoleEnv>): Response {
  return errorPage(c, 404, 'not-found', 'There is no page at this address. Check the address, or use the navigation.');
}

export function forbiddenPage(c: Context<ConsoleEnv>, detail?: Child): Response {
  return errorPage(
    c,
    403,
    'forbidden',
    detail ?? 'This page is for administrators. Ask an administrator if you need something done here.',
  );
}
