export { type ContractFixtures, schemeContract } from './contract.ts';
export { expectLinear, type GrowthOptions, growthRatio } from './growth.ts';
export {
  ALPHA,
  badEscape,
  charsOf,
  DIGITS,
  HEX,
  type InvalidCase,
  type InvalidRule,
  invalidInputs,
  invalidRule,
  LOWER,
  sampleInvalid,
  splitAt,
  truncatedEscape,
  UPPER,
  type Violation,
  violation,
} from './invalid.ts';
export { readmeExamples } from './readme.ts';
export { type SchemeShape, type ShapeFixtures, shapeContract } from './shape.ts';
export { SHEET_CASES } from './sheet-cases.ts';
