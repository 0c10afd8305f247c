export { DISCOVERY_ERROR_CODES, type DiscoveryErrorCode, MAPTR_ERROR_CODES, type MaptrErrorCode } from './codes.ts';
export {
  type MaptrAction,
  type MaptrError,
  type MaptrOptions,
  type MaptrOutcome,
  type MaptrRecord,
  type MaptrResult,
  type MaptrTraceStep,
  maptrLookup,
} from './maptr.ts';
export { decodeNaptr, decodeNaptrAt, encodeNaptr, NAPTR_TYPE, type NaptrRdata } from './naptr.ts';
export { formatNatab, type Natab, type NatabEntry, type NatabNmah, parseNatab } from './natab.ts';
export {
  type NaanRecord,
  type NaanRegistry,
  naanRecordJsonSchema,
  parseNaanRegistryJson,
  parseNaanRegistryJsonText,
  type RejectedRecord,
} from './registry.ts';
export { type AnvlLikeRecord, naanRegistryFromAnvl, parseNaanRegistryAnvl, whereToTarget } from './registry-anvl.ts';
export {
  createResponseRateLimiter,
  type ResponseRateLimiter,
  type RrlDecision,
  type RrlOptions,
  type RrlResponse,
} from './rrl.ts';
export {
  createMaptrServer,
  type MaptrDomainEntry,
  type MaptrNaanEntry,
  type MaptrNmah,
  type MaptrServer,
  type MaptrServerOptions,
  type MaptrServerStats,
  maptrEntriesFromNatab,
  unanswerableSource,
} from './server.ts';
export {
  detectNaanTableFormat,
  loadNaanTable,
  type NaanRule,
  NaanTable,
  type NaanTableFormat,
  type NaanTarget,
  parseNaanTable,
} from './table.ts';
export { TEMPLATE_VARIABLES, type TemplateValues, type TemplateVariable } from './template.ts';
export { checkQuery, encodeAnswer, type QueryCheck } from './wire.ts';
