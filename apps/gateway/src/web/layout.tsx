/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { schemes, schemesInWords } from '@pidgate/schemes';
import type { Child, FC } from 'hono/jsx';
import { assetUrl } from './assets.ts';

export interface LayoutProps {
  /** The page title, also its only `<h1>`. */
  readonly title: string;
  /** The path of the gateway's root as the browser sees it, ending in `/` (`/` unless mounted below a path). */
  readonly base?: string;
  /** Load the page script (`/assets/pidgate.js`): only the home page needs it. */
  readonly script?: boolean;
  /** A line under the title. */
  readonly lede?: Child;
  readonly children?: Child;
}

/**
 * The frame of every HTML page the gateway serves: header with the navigation, one `<main>` with the
 * title as its `<h1>`, footer, and the one stylesheet. Pages render with `renderPage`.
 */
/** What pidgate reads, in words, from the list of schemes. */
const SCHEMES_READ = schemesInWords(schemes);

export const Layout: FC<LayoutProps> = ({ title, base = '/', script = false, lede, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title === 'pidgate' ? title : `${title} · pidgate`}</title>
      <link rel="stylesheet" href={assetUrl(base, 'pidgate.css')} />
      {script ? <script type="module" src={assetUrl(base, 'pidgate.js')} /> : null}
    </head>
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="site">
        <div class="bar">
          <a class="brand" href={base}>
            pidgate
          </a>
          <nav aria-label="Site">
            <ul class="links">
              <li>
                <a href={`${base}#resolve`}>Resolve</a>
              </li>
              <li>
                <a href={`${base}#normalize`}>Normalize a list</a>
              </li>
              <li>
                <a href={`${base}docs/api`}>API reference</a>
              </li>
              <li>
                <a href={`${base}openapi.json`}>openapi.json</a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabindex={-1}>
        <h1>{title}</h1>
        {lede ? <p class="lede">{lede}</p> : null}
        {children}
      </main>
      <footer>
        pidgate reads {SCHEMES_READ} identifiers, and resolves and describes them. Append <code>?</code>,{' '}
        <code>??</code> or <code>?info</code> to an identifier for its metadata.
      </footer>
    </body>
  </html>
);

/** A whole HTML document (doctype included) for `props` around `children`; everything in it escaped by JSX. */
export function renderPage(props: LayoutProps, children?: Child): string {
  return `<!doctype html>${(<Layout {...props}>{children}</Layout>).toString()}`;
}

/**
 * `input` with the character at `offset` marked (a parser error's offset, in UTF-16 code units as
 * JavaScript counts them). An offset at the end of the input marks the end: something is missing there.
 */
export const Highlighted: FC<{ input: string; offset: number | null | undefined }> = ({ input, offset }) => {
  if (offset === null || offset === undefined || offset < 0 || offset > input.length) {
    return <code>{input}</code>;
  }
  if (offset === input.length) {
    return (
      <code>
        {input}
        <mark class="offending end" title="something is missing at the end">
          ␣<span class="visually-hidden"> (end of input)</span>
        </mark>
      </code>
    );
  }
  // Keep a surrogate pair together.
  const code = input.charCodeAt(offset);
  const width = code >= 0xd800 && code <= 0xdbff && offset + 1 < input.length ? 2 : 1;
  const ch = input.slice(offset, offset + width);
  return (
    <code>
      {input.slice(0, offset)}
      <mark class="offending" title={`character ${offset + 1}`}>
        {ch}
      </mark>
      {input.slice(offset + width)}
    </code>
  );
};
