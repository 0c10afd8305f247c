/**
 * The text toolkit: character classes, percent-encoding, the line splitter and the ANVL reader that every
 * package uses (one definition each).
 */
export {
  type AnvlDialect,
  type AnvlElement,
  type AnvlErrorCode,
  type AnvlOptions,
  type AnvlProblem,
  type AnvlRecord,
  readAnvl,
  repeatedLabels,
  trimWith,
} from './anvl.ts';
export {
  hexValue,
  isAlpha,
  isAlphaNum,
  isDigit,
  isDigits,
  isHexCode,
  isPcharCode,
  isSubDelimCode,
  isUnreservedCode,
} from './chars.ts';
export { TEXT_ERROR_CODES, type TextErrorCode } from './codes.ts';
export {
  boundedCsvRecords,
  type CsvPiece,
  CsvRecordSplitter,
  type CsvRecordStats,
  type CsvRecordTooLong,
  csvTextWithMarkers,
} from './csv-records.ts';
export {
  decodeText,
  encodingOf,
  isLineTooLong,
  type LineBatch,
  type LineEnds,
  type LineItem,
  LineSplitter,
  type LineTooLong,
  type SplitOptions,
  type StreamLinesOptions,
  splitLines,
  streamLines,
  type TextEncoding,
} from './lines.ts';
export {
  decodeEscapesWhere,
  type EncodeOptions,
  findBadEscape,
  lowerEscapes,
  type PercentErrorCode,
  type PercentResult,
  percentDecode,
  percentEncode,
  upperEscapes,
} from './percent.ts';
export {
  COLUMN_HINTS,
  chooseColumn,
  DELIMITER_CANDIDATES,
  firstRowIsHeader,
  isColumnHint,
  neutralizeFormula,
  SAMPLE_ROWS,
  sniffDelimiter,
} from './sheet.ts';
