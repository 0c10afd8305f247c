export { ARK_ERROR_CODES, type ArkErrorCode, NOID_ERROR_CODES, type NoidErrorCode } from './codes.ts';
export { formatArk } from './format.ts';
export { NOID_ALPHABET, ncda, verifyNcda } from './ncda.ts';
export { capacity, type NoidTemplate, type NthOptions, nth, parseTemplate } from './noid.ts';
export { normalizeArk } from './normalize.ts';
export { type ArkComponents, type ArkIdentifier, type Inflection, parseArk } from './parse.ts';
export { baseObject, containers, isContainedIn, isVariantOf, shoulder, variants } from './relations.ts';
export { bareHostEnd } from './scan.ts';
export { arkScheme, recognizeArk } from './scheme.ts';
