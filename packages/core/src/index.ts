export { bareHostPrefix, httpHostPrefix, httpSchemeLength, wordAt } from './chars.ts';
export { CORE_ERROR_CODES, type CoreErrorCode } from './codes.ts';
export {
  type DefinedScheme,
  defineScheme,
  type SchemeDefinition,
  type SchemeDocs,
  type SchemeGrammar,
  type SchemeResolver,
  type SchemeRoute,
} from './define.ts';
export {
  DEFAULT_EQUIVALENCE_LEVEL,
  EQUIVALENCE_LEVELS,
  type EquivalenceLevel,
  equivalenceKey,
  equivalent,
  type Group,
  Grouper,
  type GroupFailure,
  type GroupMember,
  isEquivalenceLevel,
} from './equivalence.ts';
export type { ErrorCodeOf, Identifier, IdentifierOf, PidWarning, Scheme, SchemeNameOf } from './identifier.ts';
export { istcCheck, mod11_2, mod97_10, weightedMod11 } from './iso7064.ts';
export { compareParsed, profileOf, type SchemeOptions } from './options.ts';
export { DEFAULT_PROFILE, isProfile, PROFILES, type Profile } from './profile.ts';
export { type NormalizeRecord, normalizeRecord } from './record.ts';
export { createRegistry, MAX_INPUT_LENGTH, Registry, type RegistryResult } from './registry.ts';
export { type Err, err, type Ok, ok, type PidError, PidgateError, type Result, shiftError, unwrap } from './result.ts';
export { isSurroundingSpace, surroundingSpace, trimSurroundingSpace } from './space.ts';
export * from './text/index.ts';
