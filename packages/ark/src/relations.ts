import type { Profile } from '@pidgate/core';
import { isAlpha, isDigit, isInert, SLASH } from './grammar.ts';
import { type ArkIdentifier, identifyArk } from './parse.ts';

/**
 * Relations inferred from the form of a normalized ARK alone (draft-kunze-ark-09 §2.5.1, §2.5.2).
 * Every function works on `ark.normalized`, so `ark:/12025/654-xz` and `http://x.org/ark:/12025/654xz`
 * relate alike. Lists are nearest first.
 */

/** Index of the Name in a normalized ARK: just after the NAAN's closing "/". */
function nameStart(normalized: string): number {
  return normalized.indexOf('/', 5) + 1;
}

/**
 * §2.5.1: the chain of containing objects, nearest first. Each internal "/" after the NAAN has a
 * containing object to its left: `ark:/12025/654/xz/321` gives `ark:/12025/654/xz`, `ark:/12025/654`.
 */
export function containers(ark: ArkIdentifier): string[] {
  const n = ark.normalized;
  const start = nameStart(n);
  const out: string[] = [];
  for (let i = n.lastIndexOf('/'); i >= start; i = n.lastIndexOf('/', i - 1)) out.push(n.slice(0, i));
  return out;
}

/** Index of the VariantPath in a normalized ARK (the first "." after the last "/"), or -1. */
function variantStart(n: string): number {
  return n.indexOf('.', n.lastIndexOf('/') + 1);
}

/**
 * §2.5.2: the base object, the ARK less its VariantPath (its suffixes): `ark:/12025/xz4/654.24`
 * gives `ark:/12025/xz4/654`. An ARK with no suffix is its own base object.
 */
export function baseObject(ark: ArkIdentifier): string {
  const n = ark.normalized;
  const dot = variantStart(n);
  return dot < 0 ? n : n.slice(0, dot);
}

/**
 * §2.5.2: the variants whose existence an ARK with suffixes implies, nearest first: the ARK less its
 * last suffix, then less its last two, down to the base object. `ark:/12025/654.20v.78g.f55` gives
 * `ark:/12025/654.20v.78g`, `ark:/12025/654.20v`, `ark:/12025/654`.
 */
export function variants(ark: ArkIdentifier): string[] {
  const n = ark.normalized;
  const dot = variantStart(n);
  const out: string[] = [];
  if (dot < 0) return out;
  for (let i = n.lastIndexOf('.'); i >= dot; i = n.lastIndexOf('.', i - 1)) out.push(n.slice(0, i));
  return out;
}

/** `b`'s normalized form in `profile` (re-parsed from its input when it was parsed in another). */
function normalizedIn(b: ArkIdentifier, profile: Profile): string | null {
  if (b.profile === profile) return b.normalized;
  const again = identifyArk(b.input, profile);
  return again.ok ? again.value.normalized : null;
}

/**
 * §2.5.1: is `a` contained in `b`, directly or through intermediate objects? Compared in `a`'s profile.
 * `ark:/12025/654/xz/321` is contained in `ark:/12025/654/xz` and in `ark:/12025/654`.
 */
export function isContainedIn(a: ArkIdentifier, b: ArkIdentifier): boolean {
  const bn = normalizedIn(b, a.profile);
  if (bn === null) return false;
  const an = a.normalized;
  return an.length > bn.length + 1 && an.charCodeAt(bn.length) === SLASH && an.startsWith(bn);
}

/**
 * §2.5.2: are `a` and `b` variants of each other? True when they share a base object and differ:
 * `ark:/12025/654.20v.78g.f55`, `ark:/12025/654.321xz`, `ark:/12025/654.44` and `ark:/12025/654`.
 */
export function isVariantOf(a: ArkIdentifier, b: ArkIdentifier): boolean {
  const bn = normalizedIn(b, a.profile);
  if (bn === null || bn === a.normalized) return false;
  const dot = variantStart(bn);
  return baseObject(a) === (dot < 0 ? bn : bn.slice(0, dot));
}

/**
 * draft-42 §2.4.1's primordinal shoulder of a Name (the first-digit convention): its letters up to and
 * including the first digit (`x6np1wh8k` gives `x6`), or that digit alone when the Name starts with one
 * ("a sequence of one or more betanumeric characters ending in a digit": `8np1wh8k` gives `8`). Hyphens
 * are skipped (§3.1, identity inert: `x-6np1wh8k` gives `x6`). Null when a character that is neither a
 * letter nor a hyphen comes before the first digit. Letters other than betanumerics are accepted, since
 * registered shoulders use them (`a1`, `ac3` in the NAAN registry).
 */
export function shoulder(name: string): string | null {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (isDigit(c)) return out + name[i];
    if (isAlpha(c)) out += name[i];
    else if (!isInert(c, true)) return null;
  }
  return null;
}
