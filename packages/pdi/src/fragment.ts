import { type Err, err, type PidError, type Result } from '@pidgate/core';
import type { PdiErr, PdiErrorCode } from './codes.ts';
import type { PdiFragment, PdiPosition } from './components.ts';
import {
  CLASSES,
  compareDigits,
  EQUALS,
  HYPHEN,
  is,
  isAlpha,
  isDigits,
  isEscapeAt,
  isPositionChar,
  lower,
  normalizeEscapes,
  RESERVED,
  stripZeros,
} from './grammar.ts';
import { BUILT_IN_SCHEMES, fragmentSchemesOfFormat } from './media-type.ts';
import { newScan, type PdiScan } from './scan.ts';

/** The end of a run of position characters and %-escapes starting at `i`. */
function positionItem(s: string, i: number): number | PdiErr {
  const len = s.length;
  const classes = CLASSES; // read once: an imported binding is looked up again on every use
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    // isPositionChar: alpha / digit / other, less "(" and ")"
    if (c < 128 && ((classes[c] as number) & 7) !== 0 && c !== 40 && c !== 41) continue;
    if (c !== 37 /* "%" */) break;
    if (!isEscapeAt(s, i, len)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
    i += 2;
  }
  return i;
}

/**
 * POSITION at `st.i`: one item, or "(" item *( "," item ) ")" (a 2-dim coordinate, an ext-position
 * list). Leaves `st.i` after it. `code` names the rule that failed (`position`, `origin-position`).
 */
export function position(st: PdiScan, code: PdiErrorCode): PdiPosition | PdiErr {
  const s = st.input;
  const i = st.i;
  if (s.charCodeAt(i) !== 40 /* "(" */) {
    const end = positionItem(s, i);
    if (typeof end !== 'number') return end;
    if (end === i) return err(code, 'a position is missing here', i);
    st.i = end;
    return s.slice(i, end);
  }
  // The first two items are kept apart so that a coordinate allocates one array of its exact size.
  let first = '';
  let items: string[] | null = null;
  for (let j = i + 1, n = 0; ; n++) {
    const end = positionItem(s, j);
    if (typeof end !== 'number') return end;
    if (end === j) return err(code, 'an item of a parenthesized position is missing here', j);
    const item = s.slice(j, end);
    if (n === 0) first = item;
    else if (n === 1) items = [first, item];
    else (items as string[]).push(item);
    const c = s.charCodeAt(end);
    if (c === 41 /* ")" */) {
      st.i = end + 1;
      return items ?? [first];
    }
    if (c !== 44 /* "," */)
      return err(code, 'a parenthesized position is items separated by "," and closed by ")"', end);
    j = end + 1;
  }
}

function isAlphaHyphen(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isAlpha(c) && c !== HYPHEN) return false;
  }
  return true;
}

/** True when a scan returned an error rather than a position. */
export function isErr<T>(x: T | PdiErr): x is PdiErr {
  return (x as Err).ok === false;
}

/** FRAGMENT-SPECIFIER after its "#", from `start` to the end of `s`. Syntax only (checkFragment checks the rest). */
export function scanFragment(s: string, start: number): PdiFragment | PdiErr {
  return fragmentSpecifier(newScan(s, start, false));
}

/**
 * FRAGMENT-SPECIFIER after its "#", at `st.i`: [ fragment-scheme "=" ] position *( "," position ),
 * up to the end of the input. Syntax only.
 */
export function fragmentSpecifier(st: PdiScan): PdiFragment | PdiErr {
  const s = st.input;
  const scheme = fragmentScheme(st);
  if (scheme !== null && typeof scheme !== 'string') return scheme;
  // As in position: the usual two positions make one array of its exact size.
  let first: PdiPosition = '';
  let positions: PdiPosition[] | null = null;
  for (let n = 0; ; n++) {
    const p = position(st, 'position');
    if (typeof p !== 'string' && isErr(p)) return p;
    if (n === 0) first = p;
    else if (n === 1) positions = [first, p];
    else (positions as PdiPosition[]).push(p);
    const i = st.i;
    if (i === s.length) return { scheme, positions: positions ?? [first] };
    if (s.charCodeAt(i) === 44 /* "," */) {
      st.i = i + 1;
      continue;
    }
    return afterPosition(s, i, p);
  }
}

/** FRAGMENT-SCHEME "=" at `st.i`: the scheme as written (`st.i` after its "="), or null when there is none. */
function fragmentScheme(st: PdiScan): string | null | PdiErr {
  const s = st.input;
  const len = s.length;
  const i = st.i;
  let j = i;
  for (; j < len; j++) {
    const c = s.charCodeAt(j);
    if (((c | 32) < 97 || (c | 32) > 122) && c !== 45) break; // alpha / "-"
  }
  if (j === len || s.charCodeAt(j) !== 61 /* "=" */) return null;
  if (j === i) return err('fragment-scheme', 'a fragment scheme is letters and hyphens before "="', i);
  st.i = j + 1;
  return s.slice(i, j);
}

/** The error for the character at `i`, after the position `p`, that neither ends the fragment nor is ",". */
function afterPosition(s: string, i: number, p: PdiPosition): PdiErr {
  const c = s.charCodeAt(i);
  if (c === EQUALS && typeof p === 'string' && isAlphaHyphen(p)) {
    return err('position-scheme-mixed', 'a fragment has one position scheme: schemes are never mixed (§3.4.4)', i);
  }
  if (is(c, RESERVED)) {
    return err('reserved', `"${s[i]}" is reserved: %-encode it inside a position (§1.2.5)`, i);
  }
  return err('position', `character ${JSON.stringify(s[i])} cannot appear in a position`, i);
}

/** Where the fragment's text starts in the input (after "#"), or null when unknown. */
type At = number | null;

/** The offset of the k-th position of `f` written from `base`, or null (unknown, or past the last). */
function at(f: PdiFragment, base: At, k: number): number | null {
  if (base === null || k >= f.positions.length) return null;
  let o = base + (f.scheme === null ? 0 : f.scheme.length + 1);
  for (let j = 0; j < k; j++) o += positionText(f.positions[j] as PdiPosition).length + 1;
  return o;
}

function digitsAt(f: PdiFragment, k: number, code: PdiErrorCode, what: string, offs: At): string | PdiErr {
  const p = f.positions[k];
  if (typeof p === 'string' && isDigits(p)) return stripZeros(p);
  return err(code, `${what} is a non-negative integer`, at(f, offs, k));
}

/** The canonical coordinate at position k, or null when it is not "(" x "," y ")". */
function coordinateAt(f: PdiFragment, k: number): readonly string[] | null {
  const p = f.positions[k];
  if (typeof p === 'string' || p === undefined || p.length !== 2) return null;
  return isDigits(p[0] as string) && isDigits(p[1] as string) ? p : null;
}

/** The scheme takes `a` positions, or `b`. */
function count(f: PdiFragment, a: number, b: number, scheme: string, offs: At): PdiErr | null {
  const n = f.positions.length;
  if (n === a || n === b) return null;
  const k = Math.min(n, b);
  const takes = a === b ? `${a}` : `${a} or ${b}`;
  return err('position-count', `the ${scheme} scheme takes ${takes} positions`, at(f, offs, k) ?? at(f, offs, k - 1));
}

/** Positions k and k+1: `start,end`, both integers, start not after end. */
function interval(f: PdiFragment, k: number, code: PdiErrorCode, what: string, offs: At): string | PdiErr {
  const start = digitsAt(f, k, code, what, offs);
  if (typeof start !== 'string') return start;
  const end = digitsAt(f, k + 1, code, what, offs);
  if (typeof end !== 'string') return end;
  if (compareDigits(start, end) > 0)
    return err('interval-order', 'an interval starts before it ends', at(f, offs, k + 1));
  return `${start},${end}`;
}

/** Positions k and k+1: two corners, upper left then lower right (x1 <= x2 and y1 <= y2). */
function rectangle(f: PdiFragment, k: number, offs: At): string | PdiErr {
  const a = coordinateAt(f, k);
  const b = coordinateAt(f, k + 1);
  if (a === null || b === null) {
    return err(
      '2-dim-coordinate',
      'a coordinate is "(" x "," y ")", two non-negative integers',
      at(f, offs, a === null ? k : k + 1),
    );
  }
  const x1 = stripZeros(a[0] as string);
  const y1 = stripZeros(a[1] as string);
  const x2 = stripZeros(b[0] as string);
  const y2 = stripZeros(b[1] as string);
  if (compareDigits(x1, x2) > 0 || compareDigits(y1, y2) > 0) {
    return err('interval-order', 'the first corner is the upper left, the second the lower right', at(f, offs, k + 1));
  }
  return `(${x1},${y1}),(${x2},${y2})`;
}

/** §3.4.2 element-name: compared decoded and case-sensitive, so escapes of plain characters are decoded. */
function elementName(f: PdiFragment, k: number, offs: At): string | PdiErr {
  const p = f.positions[k];
  if (typeof p === 'string') return normalizeEscapes(p, isPositionChar);
  return err('element-name', 'an element name is one item, not a parenthesized list', at(f, offs, k));
}

function isAlphaDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!is(s.charCodeAt(i), 1 | 2)) return false;
  return s.length > 0;
}

/** `scheme=` and the canonical positions, or the error. */
function canonicalScheme(f: PdiFragment, scheme: string, offs: At): string | PdiErr {
  let bad: PdiErr | null;
  let body: string | PdiErr;
  switch (scheme) {
    case 'char': // §3.4.1 half-open [start, end)
      bad = count(f, 2, 2, scheme, offs);
      body = bad ?? interval(f, 0, 'char-position', 'a character position', offs);
      break;
    case 'elt': // §3.4.2 closed [start, end]
      bad = count(f, 2, 2, scheme, offs);
      body = bad ?? interval(f, 0, 'element-position', 'an element position', offs);
      break;
    case 'byte': // octets, end excluded
      bad = count(f, 2, 2, scheme, offs);
      body = bad ?? interval(f, 0, 'byte-position', 'a byte position', offs);
      break;
    case 'sec':
    case 'msec': // §3.4.4 [start, end)
      bad = count(f, 2, 2, scheme, offs);
      body = bad ?? interval(f, 0, 'time', 'a time', offs);
      break;
    case 'name': {
      bad = count(f, 2, 2, scheme, offs);
      if (bad) return bad;
      const start = elementName(f, 0, offs);
      if (typeof start !== 'string') return start;
      const end = elementName(f, 1, offs);
      body = typeof end !== 'string' ? end : `${start},${end}`;
      break;
    }
    case 'rect': {
      // §3.4.5 start-coordinate "," end-coordinate [ "," frame ], frame 0 when omitted
      bad = count(f, 2, 3, scheme, offs);
      if (bad) return bad;
      const box = rectangle(f, 0, offs);
      if (typeof box !== 'string') return box;
      const frame = f.positions.length === 3 ? digitsAt(f, 2, 'frame-number', 'a frame number', offs) : '0';
      body = typeof frame !== 'string' ? frame : `${box},${frame}`;
      break;
    }
    case 'crop': {
      // crop=time-scheme,start,end[,(x1,y1),(x2,y2)]
      bad = count(f, 3, 5, scheme, offs);
      if (bad) return bad;
      const unit = f.positions[0];
      if (typeof unit !== 'string' || !isAlphaHyphen(unit) || isOtherBuiltIn(lower(unit))) {
        return err(
          'time-position-scheme',
          'a crop starts with its time scheme: "sec", "msec" or an extension',
          at(f, offs, 0),
        );
      }
      const times = interval(f, 1, 'time', 'a time', offs);
      if (typeof times !== 'string') return times;
      if (f.positions.length === 3) body = `${lower(unit)},${times}`;
      else {
        const box = rectangle(f, 3, offs);
        body = typeof box !== 'string' ? box : `${lower(unit)},${times},${box}`;
      }
      break;
    }
    default: {
      // an extension scheme: ext-position = position-specifier / "(" position-specifier *( "," ... ) ")"
      for (let k = 0; k < f.positions.length; k++) {
        const p = f.positions[k] as PdiPosition;
        const ok = typeof p === 'string' ? isAlphaDigits(p) : p.every(isAlphaDigits);
        if (!ok)
          return err('ext-position', 'an extension position is letters and digits, or a list of them', at(f, offs, k));
      }
      body = f.positions.map(positionText).join(',');
    }
  }
  return typeof body === 'string' ? `${scheme}=${body}` : body;
}

function isOtherBuiltIn(unit: string): boolean {
  return BUILT_IN_SCHEMES.has(unit) && unit !== 'sec' && unit !== 'msec';
}

/** A position as written. */
export function positionText(p: PdiPosition): string {
  return typeof p === 'string' ? p : `(${p.join(',')})`;
}

/**
 * The canonical fragment (without "#") of a fragment on a resource of format `format`: the scheme
 * made explicit and lowercased, defaults made explicit (`rect` frame 0), integers without leading
 * zeros, element names with plain characters unescaped. Checks the scheme against the media type,
 * the number and kind of positions, and the order of intervals. `base` (where the fragment was
 * written, after "#") places errors.
 */
export function canonicalFragment(
  f: PdiFragment,
  format: string,
  base: number | null = null,
): Result<string, PidError<PdiErrorCode>> {
  const canonical = checkFragment(f, format, base);
  return typeof canonical === 'string' ? { ok: true, value: canonical } : canonical;
}

/** canonicalFragment, giving the string itself rather than a Result (parsing's hot path). */
export function checkFragment(f: PdiFragment, format: string, base: number | null): string | PdiErr {
  const schemes = fragmentSchemesOfFormat(format);
  const scheme = f.scheme === null ? schemes.default : lower(f.scheme);
  if (scheme === null) {
    return err(
      'fragment-scheme-required',
      `the format "${format}" has no default fragment scheme: name one, as in "#byte=0,10" (§3.3)`,
      base,
    );
  }
  // an omitted scheme is the default, always allowed; a written one is looked up in the allowed set first
  if (f.scheme !== null && schemes.allowed !== null && !schemes.allowed.has(scheme) && BUILT_IN_SCHEMES.has(scheme)) {
    return err('fragment-scheme-media-type', `the ${scheme} scheme is not defined for the format "${format}"`, base);
  }
  return canonicalScheme(f, scheme, base);
}

/** A citation's origin position: integers without leading zeros, items with plain characters unescaped. */
export function canonicalPosition(p: PdiPosition): string {
  return typeof p === 'string' ? canonicalItem(p) : `(${p.map(canonicalItem).join(',')})`;
}

function canonicalItem(x: string): string {
  return isDigits(x) ? stripZeros(x) : normalizeEscapes(x, isPositionChar);
}
