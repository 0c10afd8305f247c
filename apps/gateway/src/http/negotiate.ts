import { type Accept, parseAccept } from 'hono/utils/accept';

/** The media types a metadata answer (`?`, `??`, `?info`) comes in. */
export const METADATA_TYPES = ['text/plain', 'application/json', 'text/html'] as const;
export type MetadataType = (typeof METADATA_TYPES)[number];

/**
 * How specifically a media range of an Accept header matches `type`:
 * 3 exact, 2 `type/*`, 1 `*\/*`, 0 no match.
 */
function specificity(range: string, type: string): number {
  const r = range.toLowerCase();
  if (r === type) return 3;
  if (r === '*/*') return 1;
  return r.endsWith('/*') && type.startsWith(r.slice(0, -1)) ? 2 : 0;
}

/**
 * The offered type the ranges prefer (RFC 9110 §12.5.1): each offered type takes the q of the most
 * specific range that matches it; the highest q wins, then the more specific match, then the order
 * offered. Ranges that match nothing give the first offered type; null only when every offered type is
 * explicitly refused with q=0.
 */
function preferred<T extends string>(ranges: readonly Accept[], offered: readonly T[]): T | null {
  let best: T | null = null;
  let bestQ = 0;
  let bestSpecificity = 0;
  let refused = 0;
  for (const type of offered) {
    let q = -1;
    let spec = 0;
    for (const range of ranges) {
      const s = specificity(range.type, type);
      if (s > spec) {
        spec = s;
        q = range.q;
      }
    }
    if (spec > 0 && q === 0) refused++;
    if (q > bestQ || (q > 0 && q === bestQ && spec > bestSpecificity)) {
      best = type;
      bestQ = q;
      bestSpecificity = spec;
    }
  }
  if (best !== null) return best;
  return refused === offered.length ? null : (offered[0] as T);
}

/**
 * Content negotiation (RFC 9110 §12.5.1) among `offered`, by an Accept header. The header is parsed by
 * hono/accepts' parser (`hono/utils/accept`: quoted parameters, whitespace, a q that is no number counts
 * as 1); the choice is `preferred`'s, since hono/accepts' own matching gives `*\/*` no match, takes the
 * first range rather than the most specific one's q, and cannot answer "nothing acceptable" (406).
 * No Accept header, or one that matches nothing, gives the first offered type (THUMP's text/plain).
 */
export function negotiate<T extends string>(accept: string | undefined, offered: readonly T[]): T | null {
  if (!accept) return offered[0] as T;
  return preferred(parseAccept(accept), offered);
}

/** Does the client prefer an HTML page to a problem document (a browser), by its Accept header? */
export function prefersHtml(accept: string | undefined): boolean {
  return negotiate(accept, ['application/problem+json', 'application/json', 'text/html']) === 'text/html';
}

interface RouteLike {
  readonly method: string;
  readonly path: string;
}

/** A Hono route path (`/a/:x`, `/a/:x{.+}`, `/a/*`) as a whole-path regular expression. */
function routePattern(path: string): RegExp {
  let re = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] as string;
    if (ch === ':') {
      let j = i + 1;
      while (j < path.length && /[A-Za-z0-9_]/.test(path[j] as string)) j++;
      if (path[j] === '{') {
        const close = path.indexOf('}', j);
        re += `(?:${path.slice(j + 1, close)})`;
        i = close;
      } else {
        re += '[^/]+';
        i = j - 1;
      }
    } else if (ch === '*') re += '.*';
    else re += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * The methods the routes answer at `path` (HEAD wherever GET is), sorted; null when no route but the
 * identifier catch-all (`/*`) and middleware (`ALL`) matches it: such a path is an identifier.
 */
export function routeMethods(routes: readonly RouteLike[]): (path: string) => string[] | null {
  const table = routes
    .filter((r) => r.method !== 'ALL' && r.path !== '/*')
    .map((r) => ({ method: r.method, pattern: routePattern(r.path) }));
  return (path) => {
    const methods = new Set<string>();
    for (const r of table) if (r.pattern.test(path)) methods.add(r.method);
    if (methods.size === 0) return null;
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
