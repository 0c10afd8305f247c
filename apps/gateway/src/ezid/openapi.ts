import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { GatewayEnv } from '../http/index.ts';

/**
 * The EZID API (Version 2) in the OpenAPI document, under its own tag: its routes are plain Hono routes
 * (`app.all`, EZID's own method handling), so they are described here. Every body is ANVL, `text/plain;
 * charset=UTF-8`: the request's `name: value` lines (`%`-escaped: `%3A` is `:`, `%0A` a line break), the
 * answer's status line (`success: ark:/…` or `error: bad request - …`) then the metadata. HTML for a browser.
 */
export const EZID_TAG = {
  name: 'EZID API',
  description:
    "EZID's API (Version 2), for EZID clients (Samvera's ezid-client, EZID's client.py, scripts): ANVL text bodies, " +
    'HTTP Basic with a store token as the password (the user name is the token name), or the `sessionid` cookie of ' +
    '`GET /login`',
} as const;

const ANVL = 'text/plain; charset=UTF-8';
const anvlAnswer = (description: string) => ({
  description,
  content: {
    [ANVL]: {
      schema: {
        type: 'string' as const,
        description: 'ANVL: `success: …` or `error: …`, then `name: value` lines (EZID API guide)',
        example: 'success: ark:/99999/fk4abc\n_target: https://example.org/abc\n_status: public',
      },
    },
    'text/html': { schema: { type: 'string' as const } },
  },
});
const anvlBody = (required: boolean) => ({
  required,
  content: {
    [ANVL]: {
      schema: {
        type: 'string' as const,
        description:
          'ANVL: `name: value` lines (`_target`, `_status`, `_owner`, `_export`, `erc.*`, `dc.*`, `datacite.*`)',
        example: '_target: https://example.org/abc\nerc.who: Kunze, John',
      },
    },
  },
});

/** The answers every EZID operation may give (EZID's error lines, as its API guide lists them). */
const ERRORS = {
  400: anvlAnswer('`error: bad request - …` (an invalid identifier, metadata or option; a looping target)'),
  401: anvlAnswer('`error: unauthorized`: no or wrong credentials'),
  403: anvlAnswer('`error: forbidden`: the token may not change this identifier'),
  404: anvlAnswer('`error: not found`'),
  405: anvlAnswer('`error: method not allowed`'),
  503: anvlAnswer("`error: ...` the gateway's store failed"),
};
const BODY_ERRORS = { 413: anvlAnswer('`error: bad request - the request body is longer than …`') };
const security = [{ ezidBasic: [] }, { ezidSession: [] }, { bearer: [] }];

/** Describe the EZID routes of `base` (`/ezid`, or `''` at the root) in the app's document. */
export function describeEzid(app: OpenAPIHono<GatewayEnv>, base: string): void {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'ezidBasic', {
    type: 'http',
    scheme: 'basic',
    description: 'EZID: the user name is a store token name, the password the token',
  });
  registry.registerComponent('securitySchemes', 'ezidSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'sessionid',
    description: 'EZID: the session cookie of `GET /login`',
  });
  const tags = [EZID_TAG.name];
  const identifier = {
    name: 'identifier',
    in: 'path' as const,
    required: true,
    description: 'An ARK, as written or percent-encoded (`ark:/99999/fk4abc`, `ark%3A%2F99999%2Ffk4abc`)',
    schema: { type: 'string' as const },
  };
  const id = `${base}/id/{identifier}`;
  registry.registerPath({
    method: 'get',
    path: id,
    tags,
    operationId: 'ezidViewIdentifier',
    summary: 'EZID: view an identifier (its metadata as ANVL)',
    parameters: [identifier],
    security: [{}, ...security],
    responses: { 200: anvlAnswer('`success: <identifier>` and its metadata'), ...ERRORS },
  } as never);
  registry.registerPath({
    method: 'put',
    path: id,
    tags,
    operationId: 'ezidCreateIdentifier',
    summary: 'EZID: create an identifier (`?update_if_exists=yes`: or update it)',
    parameters: [
      identifier,
      { name: 'update_if_exists', in: 'query', required: false, schema: { type: 'string', enum: ['yes', 'no'] } },
    ],
    requestBody: anvlBody(false),
    security,
    responses: {
      200: anvlAnswer('`success: <identifier>`: updated (`update_if_exists=yes`)'),
      201: anvlAnswer('`success: <identifier>`: created'),
      ...ERRORS,
      ...BODY_ERRORS,
    },
  } as never);
  registry.registerPath({
    method: 'post',
    path: id,
    tags,
    operationId: 'ezidUpdateIdentifier',
    summary: 'EZID: update the metadata of an identifier',
    parameters: [identifier],
    requestBody: anvlBody(true),
    security,
    responses: { 200: anvlAnswer('`success: <identifier>`'), ...ERRORS, ...BODY_ERRORS },
  } as never);
  registry.registerPath({
    method: 'delete',
    path: id,
    tags,
    operationId: 'ezidDeleteIdentifier',
    summary: 'EZID: delete a reserved identifier',
    parameters: [identifier],
    security,
    responses: { 200: anvlAnswer('`success: <identifier>`'), ...ERRORS },
  } as never);
  registry.registerPath({
    method: 'post',
    path: `${base}/shoulder/{shoulder}`,
    tags,
    operationId: 'ezidMintIdentifier',
    summary: 'EZID: mint an identifier on a shoulder',
    parameters: [{ ...identifier, name: 'shoulder', description: 'A shoulder (`ark:/99999/fk4`)' }],
    requestBody: anvlBody(false),
    security,
    responses: { 201: anvlAnswer('`success: <identifier>`: minted'), ...ERRORS, ...BODY_ERRORS },
  } as never);
  for (const [path, operationId, summary] of [
    ['login', 'ezidLogin', 'EZID: open a session (the `sessionid` cookie)'],
    ['logout', 'ezidLogout', 'EZID: close the session'],
    ['status', 'ezidStatus', 'EZID: is the service up (`?subsystems=`)'],
    ['version', 'ezidVersion', 'EZID: the version, as text'],
  ] as const) {
    registry.registerPath({
      method: 'get',
      path: `${base}/${path}`,
      tags,
      operationId,
      summary,
      security: path === 'login' ? security : [],
      responses: { 200: anvlAnswer('`success: …`'), ...ERRORS },
    } as never);
  }
  registry.registerPath({
    method: 'post',
    path: `${base}/download_request`,
    tags,
    operationId: 'ezidDownloadRequest',
    summary:
      "EZID's batch download: form parameters (format, compression, column, filters) as EZID's API guide; answers `success: URL` where the file will appear",
    responses: { 200: anvlAnswer('`success: <URL of the file>`'), ...ERRORS },
  } as never);
  registry.registerPath({
    method: 'get',
    path: `${base}/download/{file}`,
    tags,
    operationId: 'ezidDownloadFile',
    summary:
      'A batch download file: 404 until it is ready, then the file (its random name is the credential, as at EZID)',
    security: [],
    request: { params: z.object({ file: z.string() }) },
    responses: {
      200: {
        description: 'the file (CSV, ANVL or XML; gzip or ZIP)',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      404: { description: 'not ready yet, expired, or no such file' },
    },
  } as never);
}
