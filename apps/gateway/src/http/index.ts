// http/: the HTTP edge. Problem documents, content negotiation, origins and hosts, the request target, the
// fast path, the identifier and service routes, an outcome rendered as a response (THUMP, JSON, redirects;
// HTML through `HtmlViews`), and the OpenAPI document. It imports the pipeline, never the pages or the APIs.

export { anvlLabel } from './anvl-label.ts';
export { type GatewayEnv, metricsLabel } from './env.ts';
export { assertFastPathSafe, createFastPath, fastPathAware, fastPathSafe, preparedFor } from './fast.ts';
export { identifierRoutes } from './identifier-routes.ts';
export { isJsonContentType, mediaTypeOf } from './media-type.ts';
export { negotiate, prefersHtml } from './negotiate.ts';
export { METHODS, type OpenApiDocument, openApiDocument, openapiRoutes, serverUrl, TAGS, VERSION } from './openapi.ts';
export {
  AssetParams,
  adminResponses,
  adminRoute,
  bodyResponses,
  jsonBody,
  LookupQuery,
  MetadataRecordSchema,
  problemAnswer,
  problemContent,
} from './openapi-schemas.ts';
export { basePath, publicBase } from './origin.ts';
export {
  PROBLEM_JSON,
  PROBLEM_PATH,
  type Problem,
  parseProblem,
  problem,
  problemJson,
  problemResponse,
  problemType,
  unparseableProblem,
  unparseableStatus,
  withProblemBase,
} from './problem.ts';
export { problemBase } from './problem-base.ts';
export {
  CODE_DESCRIPTIONS,
  CODE_TABLES,
  type CodeDescription,
  type DescribedCode,
  describedCodes,
  describeProblemCode,
} from './problem-codes.ts';
export { ProblemSchema } from './problem-schema.ts';
export { requestTarget } from './request-target.ts';
export { describeStatus, resolutionProblem } from './resolution-response.ts';
export { serviceRoutes } from './service-routes.ts';
export { oneLine } from './thump.ts';
export type { HtmlViews } from './views.ts';
