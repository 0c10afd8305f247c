// console/: the staff console at /console/ (server-rendered pages for people: sign-in, the shell, CSRF,
// account, administration, and the feature pages mounted below). Mounted by app.ts.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { demoPolicy } from '../demo/index.ts';
import type { AppDeps } from '../deps.ts';
import { accountPages } from './account.tsx';
import { adminPages } from './admin.tsx';
import { createPages } from './create.tsx';
import { dashboardPages } from './dashboard.tsx';
import { downloadPages } from './download.tsx';
import type { ConsoleEnv } from './env.ts';
import { errorPage, notFoundPage } from './errors.tsx';
import { identifierPages } from './identifier.tsx';
import { linkPages } from './links.tsx';
import { managePages } from './manage.tsx';
import { checkForms, loadSession, prepare } from './middleware.ts';
import { demoBanner } from './parts.tsx';
import { signinPages } from './signin.tsx';
import { uploadPages } from './upload.tsx';
import { webhookPages } from './webhooks.tsx';

export { CSRF_FIELD, CsrfField } from './csrf.ts';
export type { ConsoleEnv, ConsoleSession } from './env.ts';
export { errorPage, forbiddenPage, notFoundPage } from './errors.tsx';
export { consolePage, type Flash, Shell, type ShellProps, Time } from './shell.tsx';

export interface ConsoleOptions {
  /** Seconds a session lasts (default 8 hours). */
  readonly sessionTtl?: number;
  /** The largest form or file the console accepts, in bytes (default 32 MiB: a bulk upload). */
  readonly bodyLimit?: number;
}

/**
 * The console, to mount with `app.route('/console/', consoleRoutes(deps))`. Every request goes through
 * `prepare` (base path, store, headers), the body limit, `loadSession` (a visitor without a session is sent
 * to sign in) and `checkForms` (THE CSRF check of every POST); then the pages, each a sub-app mounted with
 * one line; anything else is the 404 page.
 */
export function consoleRoutes(deps: AppDeps, options: ConsoleOptions = {}): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.onError((e, c) => {
    deps.logger.event('error', { path: c.req.path.slice(0, 2048), message: String((e as Error)?.message ?? e) });
    return errorPage(
      c,
      500,
      'internal-error',
      'The console failed to answer. Try again; if it goes on, tell an administrator.',
    );
  });
  app.use('*', prepare(deps));
  app.use(
    '*',
    bodyLimit({
      maxSize: options.bodyLimit ?? 32 * 1024 * 1024,
      onError: (c) => errorPage(c, 413, 'body-too-large', 'What you sent is larger than the console accepts.'),
    }),
  );
  app.use('*', loadSession(deps));
  app.use('*', checkForms(deps));
  app.use('*', demoBanner(demoPolicy(deps.registry, deps.config.profile, deps.config.demo)));

  app.route('/', signinPages(deps, options));
  app.route('/', accountPages(deps));
  app.route('/', adminPages(deps));
  // Feature pages: one line each (dashboard, create, identifier, manage, upload, download).
  app.route('/', managePages(deps));
  app.route('/', dashboardPages(deps));
  app.route('/', createPages(deps));
  app.route('/', identifierPages(deps));
  app.route('/', uploadPages(deps));
  app.route('/', downloadPages(deps));
  app.route('/', webhookPages(deps));
  app.route('/', linkPages(deps));

  app.all('*', notFoundPage);
  return app;
}
