/** The media types a metadata answer (`?`, `??`, `?info`) comes in. */
export const METADATA_TYPES = ['text/plain', 'application/json', 'text/html'] as const;
export type MetadataType = (typeof METADATA_TYPES)[number];

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
  readonly order: number;
}

function parseAccept(accept: string): Range[] {
  const ranges: Range[] = [];
  let order = 0;
  for (const part of accept.split(',')) {
    const [mediaRange = '', ...params] = part.split(';');
    const slash = mediaRange.indexOf('/');
    if (slash === -1) continue;
    const type = mediaRange.slice(0, slash).trim().toLowerCase();
    const subtype = mediaRange
      .slice(slash + 1)
      .trim()
      .toLowerCase();
    if (!type || !subtype) continue;
    let q = 1;
    for (const p of params) {
      const [k = '', v = ''] = p.split('=');
      if (k.trim().toLowerCase() === 'q') {
        const n = Number(v.trim());
        q = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0;
      }
    }
    ranges.push({ type, subtype, q, order: order++ });
  }
  return ranges;
}

/** How specifically a range matches a type: 3 exact, 2 `type/*`, 1 `*\/*`, 0 no match. */
function specificity(range: Range, type: string): number {
  const [t, s] = type.split('/') as [string, string];
  if (range.type === t && range.subtype === s) return 3;
  if (range.type === t && range.subtype === '*') return 2;
  if (range.type === '*' && range.subtype === '*') return 1;
  return 0;
}

/**
 * Content negotiation (RFC 9110 §12.5.1) among `offered`, in the order offered when q-values tie.
 * No Accept header, or one that matches nothing, gives the first offered type (THUMP's text/plain).
 * Returns null only when every offered type is explicitly refused with q=0.
 */
export function negotiate<T extends string>(accept: string | undefined, offered: readonly T[]): T | null {
  const first = offered[0] as T;
  if (!accept || accept.trim() === '') return first;
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return first;
  let best: T | null = null;
  let bestQ = 0;
  let bestSpecificity = 0;
  let refused = 0;
  for (const type of offered) {
    let q = -1;
    let spec = 0;
    for (const range of ranges) {
      const s = specificity(range, type);
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
  return refused === offered.length ? null : first;
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
