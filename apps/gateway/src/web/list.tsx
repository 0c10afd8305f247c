/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { ListOutcome } from '../resolution/index.ts';
import { renderPage } from './layout.tsx';

export type { ListOutcome };

type ListItem = ListOutcome['items'][number];

/** A target as a link when it is an http(s) URL, else as text (never a `javascript:` or `data:` link). */
const Target: FC<{ target: string }> = ({ target }) =>
  /^https?:\/\//i.test(target) ? <a href={target}>{target}</a> : <span>{target}</span>;

/** One matching identifier: a link to it on this gateway, its target, when it was bound. */
const ListRow: FC<{ item: ListItem; base: string }> = ({ item, base }) => (
  <tr>
    <td>
      <a href={base + item.identifier}>{item.identifier}</a>
    </td>
    <td>
      <Target target={item.target} />
    </td>
    <td>{item.createdAt}</td>
  </tr>
);

/** The identifiers a query names, as a table; a note when more match than are listed. */
export const ListView: FC<{ outcome: ListOutcome; base: string }> = ({ outcome, base }) => (
  <>
    <table class="list">
      <thead>
        <tr>
          <th scope="col">identifier</th>
          <th scope="col">target</th>
          <th scope="col">bound</th>
        </tr>
      </thead>
      <tbody>
        {outcome.items.map((item) => (
          <ListRow item={item} base={base} />
        ))}
      </tbody>
    </table>
    {outcome.truncated ? <p class="note">More identifiers match than are listed here: narrow the query.</p> : null}
  </>
);

/**
 * The HTML answer to a query (a PDI with wildcards) in the site's layout: the query as the title, how many
 * identifiers match, each linked below `base` (the path of the gateway's root as the browser sees it).
 * Everything is escaped by JSX; no script.
 */
export function renderListPage(outcome: ListOutcome, query: string, base = '/'): string {
  return renderPage(
    { title: query, base, lede: `${outcome.items.length} matching identifiers.` },
    <ListView outcome={outcome} base={base} />,
  );
}
