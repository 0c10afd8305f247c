import type { CoreErrorCode, ErrorCodeOf, IdentifierOf, PidError, Registry, Result, SchemeNameOf } from '@pidgate/core';
import { DispatchRegistry } from './dispatch.ts';
import { schemes } from './list.ts';

export { DispatchRegistry } from './dispatch.ts';
export { schemes } from './list.ts';
export { possibleSchemes, SCHEME_BIT } from './route.ts';

/** The type of any one registered scheme: the union of the schemes' own types. */
export type RegisteredScheme = (typeof schemes)[number];

/** The name of a registered scheme: `'pwid' | 'doi' | … | 'urn'`. */
export type SchemeName = SchemeNameOf<RegisteredScheme>;

/**
 * An identifier of any registered scheme, discriminated on `scheme`: after `id.scheme === 'ark'`,
 * `id.components` is an `ArkComponents`.
 */
export type AnyIdentifier = IdentifierOf<RegisteredScheme>;

/** Every error code `registry.parse` can return: the schemes' own and the core's dispatch codes. */
export type AnyErrorCode = ErrorCodeOf<RegisteredScheme> | CoreErrorCode;

/** What `registry.parse` returns. */
export type AnyResult = Result<AnyIdentifier, PidError<AnyErrorCode>>;

/** A registry of the registered schemes, or of some of them: `parse` gives an `AnyResult`. */
export type SchemesRegistry = Registry<RegisteredScheme>;

/** The registry the CLI and the gateway use (dispatching on the label or the URL host, see `route.ts`). */
export const registry: DispatchRegistry<RegisteredScheme> = new DispatchRegistry(schemes);
export { schemesInWords } from './docs.ts';
export { SCHEMES_WITHOUT_URL, urlOf } from './url.ts';
