export {
  type AnvlElement,
  type AnvlRecord,
  foldElement,
  labelProblem,
  parseAnvl,
  type SerializeOptions,
  serializeAnvl,
} from './anvl.ts';
export {
  type BuildOptions,
  type ErcElementInput,
  type ErcObject,
  type ErcStoryObject,
  type ErcValueInput,
  ercFromObject,
  formatErcObject,
} from './build.ts';
export {
  ERC_ERROR_CODES,
  type ErcErrorCode,
  isMissingValueCode,
  MISSING_VALUE_CODES,
  MISSING_VALUE_MEANINGS,
  type MissingValueCode,
} from './codes.ts';
export {
  type Erc,
  type ErcElement,
  type ErcSegment,
  ercSegment,
  ercToAnvl,
  ercValues,
  isSegmentLabel,
  parseErc,
  QUARTET,
  type QuartetName,
  SEGMENT_STORIES,
  type SegmentLabel,
  type Story,
  serializeErc,
  splitLabel,
} from './erc.ts';
export { decodeErcEscapes, ERC_ESCAPES, encodeErcEscapes } from './escapes.ts';
export { normalizeTemper, parseTemper, type Temper, type TemperDate, type TemperItem } from './temper.ts';
export {
  formatThump,
  THUMP_CONTENT_TYPE,
  THUMP_VERSION,
  type ThumpHere,
  type ThumpInflection,
  type ThumpResponse,
  type ThumpSet,
  thumpHeaders,
  thumpRecord,
  thumpStatus,
} from './thump.ts';
export {
  type ErcValue,
  type ErcValueParts,
  formatErcValue,
  missingValue,
  naturalOrder,
  parseErcValue,
  splitValues,
} from './value.ts';
