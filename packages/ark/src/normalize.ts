import { type Err, err, type PidError, profileOf, type SchemeOptions } from '@pidgate/core';
import type { ArkErrorCode } from './codes.ts';
import { isInert, PERCENT, PERIOD, SLASH } from './grammar.ts';
import type { ArkComponents } from './parse.ts';
import type { ArkSpans } from './scan.ts';

/*
 * The rules of §2.7 (source) and draft-42 (modern), each written once, here: `isNormalBody` says whether
 * they would change a Name and Qualifier, `normalizeBody` applies them. The scanner only validates.
 */

/** Step 1: the hex digit `c` lowercased (source) or uppercased (modern). */
function caseHex(c: number, upper: boolean): number {
  if (upper) return c >= 97 && c <= 102 ? c - 32 : c;
  return c >= 65 && c <= 70 ? c + 32 : c;
}

/** Step 1: are the two hex digits of the %-escape at `i` in the profile's case? */
function isEscapeCased(s: string, i: number, modern: boolean): boolean {
  const h1 = s.charCodeAt(i + 1);
  const h2 = s.charCodeAt(i + 2);
  return caseHex(h1, modern) === h1 && caseHex(h2, modern) === h2;
}

/** Step 3: the structural characters "/" and ".". */
function isStructural(c: number): boolean {
  return c === SLASH || c === PERIOD;
}

/**
 * Is the Name and Qualifier `s[from, to)` already normalized, so that `normalizeBody` would give it back
 * unchanged? One pass, nothing built: no hyphen or other inert character (step 2), every %-hex digit in the profile's case (step 1),
 * no structural character first, last or after another (step 3), and in `source` no structural character
 * after the first suffix (steps 3 and 4: a second suffix is sorted, a "/" after a "." moves a component).
 * A sufficient condition: `false` only sends the body through the full steps.
 */
export function isNormalBody(s: string, from: number, to: number, modern: boolean): boolean {
  let afterStructural = true;
  let suffix = false;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (isStructural(c)) {
      if (afterStructural || (suffix && !modern)) return false;
      suffix = suffix || c === PERIOD;
      afterStructural = true;
      continue;
    }
    afterStructural = false;
    if (c === PERCENT) {
      if (!isEscapeCased(s, i, modern)) return false;
      i += 2;
    } else if (isInert(c, modern)) {
      return false;
    }
  }
  return !afterStructural;
}

/** The Name and Qualifier being rebuilt by `normalizeBody`, one component at a time (one per call). */
interface Rebuilt {
  /** The components so far, each after the first preceded by its "/" (modern: or "."). */
  main: string;
  /** source: the first suffix (period component), moved to the end. */
  suffix: string | null;
  /** source: the further suffixes. */
  more: string[] | null;
  /** The first structural character of the run before the next component; 0 before the first. */
  sep: number;
}

/**
 * Step 3: one component, with the first character of the structural run before it. In `source`, a
 * component after a "." is a suffix and goes to the end (which moves a period-left/slash-right component).
 */
function addComponent(b: Rebuilt, component: string, modern: boolean): void {
  if (b.sep === 0) b.main = component;
  else if (b.sep === SLASH) b.main += '/' + component;
  else if (modern) b.main += '.' + component;
  else if (b.suffix === null) b.suffix = component;
  else if (b.more === null) b.more = [component];
  else b.more.push(component);
}

/** Step 4 (source): the components, then the suffixes sorted (ASCII order) without duplicates. */
function joinSuffixes(b: Rebuilt): string {
  const { suffix, more } = b;
  if (suffix === null) return b.main;
  if (more === null) return b.main + '.' + suffix;
  if (more.length === 1) return joinTwoSuffixes(b.main, suffix, more[0] as string);
  more.push(suffix);
  more.sort();
  let out = b.main;
  let last = '';
  for (let k = 0; k < more.length; k++) {
    const x = more[k] as string;
    if (k > 0 && x === last) continue;
    out += '.' + x;
    last = x;
  }
  return out;
}

/** Step 4 with two suffixes (the common case): in ASCII order, as `sort()` orders them, once if equal. */
function joinTwoSuffixes(main: string, x: string, y: string): string {
  if (x === y) return main + '.' + x;
  return x < y ? main + '.' + x + '.' + y : main + '.' + y + '.' + x;
}

/**
 * §2.7 steps 1-4 (the rules above) on the Name and Qualifier `s[from, to)` (already validated):
 * %-hex case fixed; every hyphen dropped (modern: U+2010..U+2015 and whitespace too, `isInert`); structural characters
 * fixed (initial and final runs removed, inner runs replaced by their first character).
 * In `source`, every suffix (period component) goes to the end, sorted, without duplicates,
 * which also moves each period-left/slash-right component to the end.
 * In `modern`, the components stay in order. Returns '' when nothing is left of the Name.
 */
export function normalizeBody(s: string, from: number, to: number, modern: boolean): string {
  const b: Rebuilt = { main: '', suffix: null, more: null, sep: 0 };
  let component = '';
  let run = from; // the first character not yet copied into `component`
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (isInert(c, modern) || isStructural(c)) {
      if (i > run) component += s.slice(run, i);
      run = i + 1;
      if (component === '' || !isStructural(c)) continue;
      addComponent(b, component, modern);
      component = '';
      b.sep = c;
    } else if (c === PERCENT) {
      if (!isEscapeCased(s, i, modern)) {
        component +=
          s.slice(run, i + 1) +
          String.fromCharCode(caseHex(s.charCodeAt(i + 1), modern), caseHex(s.charCodeAt(i + 2), modern));
        run = i + 3;
      }
      i += 2;
    }
  }
  if (to > run) component += s.slice(run, to);
  if (component !== '') addComponent(b, component, modern);
  return joinSuffixes(b);
}

/**
 * Is the label as written the normalized one, "ark:/" (source) or "ark:" (modern), in lower case,
 * directly before the NAAN (no NMAH after it)?
 */
function isNormalLabel(s: string, o: ArkSpans, modern: boolean): boolean {
  const l = o.labelStart;
  return (
    !o.labelHost &&
    o.labelEnd - l === (modern ? 4 : 5) &&
    s.charCodeAt(l) === 97 && // a
    s.charCodeAt(l + 1) === 114 && // r
    s.charCodeAt(l + 2) === 107 // k
  );
}

/**
 * The normalized ARK from a scanned input, `ark:/NAAN/...` (source) or `ark:naan/...` (modern), or ''
 * when nothing is left of the Name. When the label, the NAAN and the body are written normalized, the
 * input's own text from the label to the end of the body, with no new string built.
 */
export function normalizedForm(s: string, o: ArkSpans, modern: boolean): string {
  const body = isNormalBody(s, o.bodyStart, o.bodyEnd, modern)
    ? null
    : normalizeBody(s, o.bodyStart, o.bodyEnd, modern);
  if (body === '') return '';
  const label = modern ? 'ark:' : 'ark:/';
  if (o.naanInert || (modern && hasUpper(s, o.naanStart, o.naanEnd))) {
    return label + normalizeNaan(s, o.naanStart, o.naanEnd, modern) + '/' + (body ?? s.slice(o.bodyStart, o.bodyEnd));
  }
  // The NAAN is followed by its "/" and then the body: one slice of the input holds them.
  if (body !== null) return label + s.slice(o.naanStart, o.bodyStart) + body;
  if (isNormalLabel(s, o, modern)) return s.slice(o.labelStart, o.bodyEnd);
  return label + s.slice(o.naanStart, o.bodyEnd);
}

/** §2.4: the Name is required, and hyphens (removed in normalization) do not count. */
export function nameEmpty(o: ArkSpans): Err<PidError<ArkErrorCode>> {
  return err('name-empty', 'nothing is left of the Name once hyphens are removed', o.bodyStart);
}

/**
 * Is anything left of the Name and Qualifier `s[from, to)` once normalization drops the hyphens (steps 2)
 * and the initial and final structural characters (step 3)? `normalizeBody` gives '' exactly when not.
 */
export function hasNameLeft(s: string, from: number, to: number, modern: boolean): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!isInert(c, modern) && !isStructural(c)) return true;
  }
  return false;
}

/** The NAAN `s[from, to)` normalized: hyphens removed (step 2), and in `modern` lowercased (draft-42 step 4). */
export function normalizeNaan(s: string, from: number, to: number, modern: boolean): string {
  let naan = '';
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!isInert(c, modern)) naan += String.fromCharCode(modern && c >= 65 && c <= 90 ? c + 32 : c);
  }
  return naan;
}

function hasUpper(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/**
 * The equivalence key of a parsed ARK (§2.7 in `source`, `ark:/NAAN/...`; draft-42 in `modern`,
 * `ark:naan/...`): the NAAN and the Name and Qualifier through the rules above; the URL prefix, NMAH,
 * any inflection and (modern) any query dropped. The same string `arkScheme.parse` gives as `normalized`.
 * Linear in the parts' lengths.
 */
export function normalizeArk(c: ArkComponents, options?: SchemeOptions): string {
  const modern = profileOf(options) === 'modern';
  const body = c.name + c.qualifier;
  const label = modern ? 'ark:' : 'ark:/';
  return label + normalizeNaan(c.naan, 0, c.naan.length, modern) + '/' + normalizeBody(body, 0, body.length, modern);
}
