/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { renderPage } from '../web/index.ts';

/**
 * The HTML a browser gets from the EZID API (EZID answers an Accept header that prefers HTML with its UI):
 * the status line as the title, and the metadata elements as a table. Everything is escaped by JSX.
 */
export function ezidPage(
  status: 'success' | 'error',
  remainder: string,
  elements: readonly (readonly [string, string])[],
  base: string,
): string {
  const title = status === 'success' ? remainder : `Error: ${remainder}`;
  return renderPage(
    {
      title,
      base,
      lede: status === 'success' ? 'EZID-compatible API' : 'The EZID-compatible API refused this request.',
    },
    elements.length > 0 ? (
      <table class="record">
        <tbody>
          {elements.map(([name, value]) => (
            <tr>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : null,
  );
}
