/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import {
  basePath,
  describeProblemCode,
  type GatewayEnv,
  negotiate,
  problem,
  problemAnswer,
  problemJson,
  problemType,
} from '../http/index.ts';
import { renderPage } from './layout.tsx';

const DescribedCodeSchema = z
  .object({
    code: z.string(),
    type: z.string(),
    meaning: z.string(),
    action: z.string(),
    schemes: z.array(z.string()).optional(),
  })
  .openapi('ProblemCode');

/**
 * `GET /problems/{code}`: what a problem `type` names (http/problem-codes.ts, one table). A browser gets an
 * HTML page, a program `{ code, type, meaning, action }`; a code the gateway never gives, 404 `not-found`.
 */
export function problemRoutes(app: OpenAPIHono<GatewayEnv>, deps: AppDeps): void {
  const base = basePath(deps.config.baseUrl);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/problems/{code}',
      operationId: 'describeProblemCode',
      tags: ['Web pages'],
      summary: 'What a problem code means and what to do about it',
      description:
        'The page every problem document’s `type` names (`/problems/{code}`, under the base path of `baseUrl`): ' +
        'HTML for browsers, JSON for programs.',
      request: { params: z.object({ code: z.string().max(100) }) },
      responses: {
        200: {
          description: 'The code described',
          content: { 'text/html': { schema: z.string() }, 'application/json': { schema: DescribedCodeSchema } },
        },
        404: problemAnswer('The gateway gives no such code'),
        406: problemAnswer('Neither HTML nor JSON is acceptable'),
      },
    }),
    (c) => {
      c.set('scheme', 'web');
      const { code } = c.req.valid('param');
      c.header('vary', 'Accept');
      const type = negotiate(c.req.header('accept'), ['application/json', 'text/html'] as const);
      if (type === null) {
        return problemJson(c, problem(406, 'not-acceptable', 'this page comes as text/html or application/json'));
      }
      const described = describeProblemCode(code);
      if (described === null) {
        return problemJson(c, problem(404, 'not-found', `the gateway gives no problem code ${JSON.stringify(code)}`));
      }
      const body = { ...described, type: problemType(code, base) };
      if (type === 'application/json') return c.json(body, 200);
      return c.html(
        renderPage(
          { title: `Problem: ${code}`, base },
          <section>
            <p>
              Code <code class="error-code">{code}</code>
              {described.schemes ? <> (from {described.schemes.join(', ')})</> : null}
            </p>
            <h2>What it means</h2>
            <p>{described.meaning}</p>
            <h2>What to do</h2>
            <p>{described.action}</p>
            <p>
              <a href={base}>Resolve an identifier</a>.
            </p>
          </section>,
        ),
        200,
      );
    },
  );
}
