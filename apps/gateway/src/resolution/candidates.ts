import type { Identifier } from '@pidgate/core';

/** The most candidates asked of the store at once (the store's own limit is 512). */
const MAX_CANDIDATES = 512;

/**
 * The normalized ARK and its ancestors at a `/` or `.` boundary inside Name and Qualifier, longest first:
 * `ark:/12025/654/s3.pdf` → itself, `ark:/12025/654/s3`, `ark:/12025/654`. Never the bare NAAN.
 */
export function arkCandidates(normalized: string): string[] {
  const afterLabel = normalized.startsWith('ark:/') ? 5 : 4;
  const nameStart = normalized.indexOf('/', afterLabel) + 1;
  const out = [normalized];
  if (nameStart === 0) return out;
  for (let i = normalized.length - 1; i > nameStart && out.length < MAX_CANDIDATES; i--) {
    const c = normalized.charCodeAt(i);
    if (c === 47 || c === 46) {
      const candidate = normalized.slice(0, i);
      if (candidate !== out[out.length - 1]) out.push(candidate);
    }
  }
  return out;
}

/**
 * The keys a request for `id` may be bound under, longest first: the storage key and its ancestors, and in
 * `source` also the profile's own normalized form and its ancestors (a key written in an equivalent
 * `source` spelling, such as sorted suffixes).
 */
export function storageCandidates(id: Identifier, key: string): string[] {
  const own = arkCandidates(key);
  if (id.profile === 'modern' || id.normalized === key || !id.normalized.startsWith('ark:/')) return own;
  const seen = new Set(own);
  const more = arkCandidates(id.normalized).filter((k) => !seen.has(k));
  return [...own, ...more].sort((a, b) => b.length - a.length).slice(0, MAX_CANDIDATES);
}
