import { type Profile, percentDecode } from '@pidgate/core';
import type { AnyResult, SchemesRegistry } from '@pidgate/schemes';

/** The THUMP inflections (ARK §6; `?info` from today's ARK spec), asked of any identifier. */
export type Inflection = '?' | '??' | '?info';

/** What the path of a resolution request asks for. */
export interface IdentifierRequest {
  /** The identifier exactly as written after the first `/`, without the inflection. */
  readonly identifier: string;
  readonly inflection: Inflection | null;
}

/** Split `/ID`, `/ID?`, `/ID??` and `/ID?info` into the identifier and its inflection. */
export function splitInflection(target: string): IdentifierRequest {
  const id = target.slice(1);
  if (id.endsWith('??')) return { identifier: id.slice(0, -2), inflection: '??' };
  if (id.endsWith('?info')) return { identifier: id.slice(0, -5), inflection: '?info' };
  if (id.endsWith('?')) return { identifier: id.slice(0, -1), inflection: '?' };
  return { identifier: id, inflection: null };
}

/** What a resolution request names once parsed: the identifier (as shown), its inflection and the parse. */
export interface ParsedRequest {
  readonly identifier: string;
  readonly inflection: Inflection | null;
  readonly parsed: AnyResult;
}

function decodeOnce(s: string): string | null {
  const decoded = percentDecode(s);
  return decoded.ok ? decoded.value : null;
}

/**
 * Parse the identifier of a request target (`/ID`, with an inflection or not):
 * - a path that names no identifier but holds `%`-escapes (`/ark%3A%2F12025%2F654xz321`, what
 *   `encodeURIComponent` and generated clients send) is percent-decoded once and read again;
 * - an ARK followed by a query (`ark:/12025/x?format=pdf`) is the ARK, with the query kept in its `input` so
 *   resolution passes it on as sent (in `source` a query is no part of the ARK; in `modern` it is parsed).
 * The one pipeline (`resolveTarget`, pipeline.ts) calls this, so every route reads a request the same way.
 */
export function parseRequest(registry: SchemesRegistry, target: string, profile: Profile): ParsedRequest {
  let { identifier, inflection } = splitInflection(target);
  let parsed = registry.parse(identifier, profile);
  if (!parsed.ok && parsed.error.code === 'unknown-scheme' && identifier.includes('%')) {
    const decoded = decodeOnce(identifier);
    if (decoded !== null && decoded !== identifier) {
      const again = splitInflection(`/${decoded}`);
      const reparsed = registry.parse(again.identifier, profile);
      if (reparsed.ok || inflection === null) {
        // The inflection is written after the encoded identifier (`/ark%3A%2F12025%2Fx?info`, what a client
        // that encodes the identifier and appends the inflection sends) or inside it (`…%2Fx%3Finfo`); the
        // one after it wins.
        identifier = again.identifier;
        inflection ??= again.inflection;
        parsed = reparsed;
      }
    }
  }
  const q = parsed.ok ? -1 : identifier.indexOf('?');
  if (q > 0) {
    const head = registry.parse(identifier.slice(0, q), profile);
    if (head.ok && head.value.scheme === 'ark') parsed = { ok: true, value: { ...head.value, input: identifier } };
  }
  return { identifier, inflection, parsed };
}
