/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { Principal } from '@pidgate/store';
import type { Context } from 'hono';
import type { Child, FC } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { assetUrl } from '../web/index.ts';
import { CsrfField } from './csrf.ts';
import type { ConsoleEnv } from './env.ts';

/** The console's sections, in the order of the navigation; `admin` is shown to administrators only. */
export const SECTIONS = [
  { id: 'dashboard', path: '', label: 'Dashboard' },
  { id: 'create', path: 'create', label: 'Create' },
  { id: 'manage', path: 'manage', label: 'Manage' },
  { id: 'upload', path: 'upload', label: 'Upload' },
  { id: 'download', path: 'download', label: 'Download' },
  { id: 'account', path: 'account', label: 'Account' },
  { id: 'admin', path: 'admin/', label: 'Administration' },
] as const;

export type Section = (typeof SECTIONS)[number]['id'];

/** A one-line message at the top of a page: what a form just did (`ok`), or why it did not (`error`). */
export interface Flash {
  readonly kind: 'ok' | 'error';
  readonly text: Child;
}

export interface ShellProps {
  /** The page title, also its only `<h1>`. */
  readonly title: string;
  /** Who is signed in; null on the sign-in and error pages of a visitor. */
  readonly principal: Principal | null;
  /** The session's CSRF token (the sign-out form carries it). */
  readonly csrf: string;
  /** The section the page belongs to (marked in the navigation with `aria-current`). */
  readonly current?: Section | null;
  readonly flash?: Flash | null;
  /** The console's root path as the browser sees it, ending in `/` (`/console/` by default). */
  readonly base?: string;
  /** A banner above the title (the demo-identifier notice). */
  readonly banner?: Child;
  /** A line under the title. */
  readonly lede?: Child;
  readonly children?: Child;
}

/** The gateway's root path for a console root path (`/x/console/` → `/x/`), where the stylesheet is. */
function siteBase(base: string): string {
  return base.replace(/console\/$/, '');
}

/**
 * The frame of every console page: the public pages' header, stylesheet and footer, the console's
 * navigation (Dashboard, Create, Manage, Upload, Download, Account, Administration for administrators, and
 * a sign-out button), a banner slot, one `<main>` with the title as its `<h1>`, and the flash message.
 */
export const Shell: FC<ShellProps> = ({
  title,
  principal,
  csrf,
  current = null,
  flash = null,
  base = '/console/',
  banner,
  lede,
  children,
}) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="same-origin" />
      <title>{`${title} · pidgate console`}</title>
      <link rel="stylesheet" href={assetUrl(siteBase(base), 'pidgate.css')} />
      <script type="module" src={assetUrl(siteBase(base), 'console.js')} />
    </head>
    <body class="console">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="site">
        <div class="bar">
          <a class="brand" href={base}>
            pidgate <span class="muted">console</span>
          </a>
          {principal ? (
            <nav aria-label="Console">
              <ul class="links">
                {SECTIONS.filter((s) => s.id !== 'admin' || principal.role === 'admin').map((s) => (
                  <li>
                    <a href={`${base}${s.path}`} aria-current={s.id === current ? 'page' : undefined}>
                      {s.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {principal ? (
            <form class="signout" method="post" action={`${base}signout`}>
              <CsrfField token={csrf} />
              <span class="who">
                Signed in as <b>{principal.username}</b>
                {principal.role === 'user' ? '' : ` (${principal.role})`}
              </span>{' '}
              <button type="submit" class="secondary">
                Sign out
              </button>
            </form>
          ) : null}
        </div>
      </header>
      {banner ? (
        <section class="banner" aria-label="Notice">
          {banner}
        </section>
      ) : null}
      <main id="main" tabindex={-1}>
        <h1>{title}</h1>
        {lede ? <p class="lede">{lede}</p> : null}
        {flash ? (
          <div class={`flash flash-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
            {flash.text}
          </div>
        ) : null}
        {children}
      </main>
      <footer>
        pidgate console. The public resolver is at <a href={siteBase(base)}>{siteBase(base)}</a>; this console's guide
        is docs/console.md.
      </footer>
    </body>
  </html>
);

export type ShellPageProps = Omit<ShellProps, 'principal' | 'csrf' | 'base' | 'children'>;

/**
 * Answer a console request with a page in the shell, the principal, CSRF token and base path taken from
 * the request (behind the session middleware): `return consolePage(c, { title: 'Create', current: 'create' }, body)`.
 */
export function consolePage(
  c: Context<ConsoleEnv>,
  props: ShellPageProps,
  body: Child,
  status: ContentfulStatusCode = 200,
): Response {
  const principal = c.get('principal') ?? null;
  const session = c.get('session');
  const html = (
    <Shell
      {...props}
      banner={props.banner ?? c.get('banner')}
      principal={principal}
      csrf={session?.csrf ?? ''}
      base={c.get('base') ?? '/console/'}
    >
      {body}
    </Shell>
  );
  c.header('cache-control', 'no-store');
  return c.html(`<!doctype html>${html.toString()}`, status);
}

/**
 * A timestamp as people read it: `<time>` with the ISO instant, shown as a date and time in UTC; the
 * console's script (when it runs) rewrites it in the reader's own locale and time zone.
 */
export const Time: FC<{ iso: string | null | undefined }> = ({ iso }) => {
  if (!iso) return <span class="muted">never</span>;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <span>{iso}</span>;
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(d);
  return (
    <time datetime={d.toISOString()} data-local="">
      {`${text} UTC`}
    </time>
  );
};
