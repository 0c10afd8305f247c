import { err, type Profile, type Result } from '@pidgate/core';
import { HYPHEN, isUnicodeHyphen, PERCENT, PERIOD, SLASH } from './grammar.ts';
import { type ArkSpans, newSpans, scanArk } from './scan.ts';

/** The hex digit `c` lowercased (source, §2.7 step 1) or uppercased (modern). */
function caseHex(c: number, upper: boolean): number {
  if (upper) return c >= 97 && c <= 102 ? c - 32 : c;
  return c >= 65 && c <= 70 ? c + 32 : c;
}

/**
 * §2.7 steps 1-4 on the Name and Qualifier `s[from, to)` (already validated):
 * %-hex case fixed; every hyphen dropped (modern: U+2010..U+2015 too); structural characters
 * fixed (initial and final runs removed, inner runs replaced by their first character).
 * In `source`, every suffix (period component) goes to the end, sorted, without duplicates,
 * which also moves each period-left/slash-right component to the end.
 * In `modern`, the components stay in order. Returns '' when nothing is left of the Name.
 */
export function normalizeBody(s: string, from: number, to: number, modern: boolean): string {
  let main = '';
  let suffix: string | null = null;
  let more: string[] | null = null;
  let tok = '';
  let sep = 0;
  let run = from;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === HYPHEN || (modern && isUnicodeHyphen(c))) {
      if (i > run) tok += s.slice(run, i);
      run = i + 1;
    } else if (c === SLASH || c === PERIOD) {
      if (i > run) tok += s.slice(run, i);
      run = i + 1;
      if (tok === '') continue;
      if (sep === 0) main = tok;
      else if (sep === SLASH) main += '/' + tok;
      else if (modern) main += '.' + tok;
      else if (suffix === null) suffix = tok;
      else if (more === null) more = [tok];
      else more.push(tok);
      tok = '';
      sep = c;
    } else if (c === PERCENT) {
      const h1 = s.charCodeAt(i + 1);
      const h2 = s.charCodeAt(i + 2);
      const m1 = caseHex(h1, modern);
      const m2 = caseHex(h2, modern);
      if (m1 !== h1 || m2 !== h2) {
        tok += s.slice(run, i + 1) + String.fromCharCode(m1, m2);
        run = i + 3;
      }
      i += 2;
    }
  }
  if (to > run) tok += s.slice(run, to);
  if (tok !== '') {
    if (sep === 0) main = tok;
    else if (sep === SLASH) main += '/' + tok;
    else if (modern) main += '.' + tok;
    else if (suffix === null) suffix = tok;
    else if (more === null) more = [tok];
    else more.push(tok);
  }
  if (suffix === null) return main;
  if (more === null) return main + '.' + suffix;
  more.push(suffix);
  more.sort();
  let last = '';
  for (let k = 0; k < more.length; k++) {
    const x = more[k] as string;
    if (k > 0 && x === last) continue;
    main += '.' + x;
    last = x;
  }
  return main;
}

/** The normalized ARK from a scanned input: `ark:/NAAN/...` (source) or `ark:naan/...` (modern). */
export function normalizeSpans(s: string, o: ArkSpans, modern: boolean): Result<string> {
  const body = o.clean ? s.slice(o.bodyStart, o.bodyEnd) : normalizeBody(s, o.bodyStart, o.bodyEnd, modern);
  if (body === '') return err('name-empty', 'nothing is left of the Name once hyphens are removed', o.bodyStart);
  let naan = s.slice(o.naanStart, o.naanEnd);
  if (!modern) return { ok: true, value: 'ark:/' + naan + '/' + body };
  if (hasUpper(s, o.naanStart, o.naanEnd)) naan = naan.toLowerCase();
  return { ok: true, value: 'ark:' + naan + '/' + body };
}

function hasUpper(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

const spans = newSpans();

/**
 * The normalized form of an ARK (§2.7 in `source`; draft-42 in `modern`), or the first error.
 * The NMAH, any inflection and (modern) any query are dropped. Never throws; linear time.
 */
export function normalizeArk(input: string, profile: Profile = 'source'): Result<string> {
  const modern = profile === 'modern';
  const e = scanArk(input, modern, spans);
  return e ?? normalizeSpans(input, spans, modern);
}
