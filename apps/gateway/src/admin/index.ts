// admin/: the administration API of this institution's identifiers: bindings (one at a time and in bulk),
// shoulders and minting, store tokens and their bearer auth, and the line importer behind bulk loads.
export { type AuthEnv, requireToken, storeFailure, storeProblem, storeStatus, tokenCovers } from './auth.ts';
export { bindingRoutes } from './bindings.ts';
export { guardImports, type ImportPolicy, type ImportRefusals, naanOf, noRefusals } from './import-guard.ts';
export { bodyLines, type ImportTotals, importLines, type LineResult, OVERLONG_LINE } from './importer.ts';
export { declareShoulder, mint, type ShoulderRequest } from './minter.ts';
export { mintingRoutes } from './minting.ts';
export {
  actorOf,
  changeRefusal,
  createRefusal,
  ownedInput,
  type Refusal,
  shoulderGroup,
  viewRefusal,
} from './ownership.ts';
export { shoulderFallbackRoutes } from './shoulder-fallback.ts';
export { tokenRoutes } from './tokens.ts';
export {
  checkSubscriber,
  mayManageWebhook,
  newWebhookSecret,
  WebhookBody,
  webhookJson,
  webhookRoutes,
  webhooksOf,
} from './webhooks.ts';
