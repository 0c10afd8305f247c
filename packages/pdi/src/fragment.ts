import { type Err, err, type Result } from '@pidgate/core';
import type { PdiFragment, PdiPosition } from './components.ts';
import {
  COMMA,
  compareDigits,
  EQUALS,
  HYPHEN,
  is,
  isAlpha,
  isDigits,
  isEscapeAt,
  isPositionChar,
  LPAREN,
  normalizeEscapes,
  PERCENT,
  RESERVED,
  RPAREN,
  stripZeros,
} from './grammar.ts';
import { BUILT_IN_SCHEMES, fragmentSchemesOfFormat } from './media-type.ts';

/** The index just after the position `scanPosition` last returned (saves an object per position). */
let scanEnd = 0;

/** Where the position `scanPosition` last returned ends. */
export function scannedEnd(): number {
  return scanEnd;
}

/** The end of a run of position characters and %-escapes starting at `i`. */
function scanItem(s: string, i: number): number | Err {
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isPositionChar(c)) continue;
    if (c !== PERCENT) break;
    if (!isEscapeAt(s, i, s.length)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
    i += 2;
  }
  return i;
}

/** POSITION: one item, or "(" item *( "," item ) ")" (a 2-dim coordinate, an ext-position list). */
export function scanPosition(s: string, i: number, code: string): PdiPosition | Err {
  if (s.charCodeAt(i) !== LPAREN) {
    const end = scanItem(s, i);
    if (typeof end !== 'number') return end;
    if (end === i) return err(code, 'a position is missing here', i);
    scanEnd = end;
    return s.slice(i, end);
  }
  const items: string[] = [];
  for (let j = i + 1; ; ) {
    const end = scanItem(s, j);
    if (typeof end !== 'number') return end;
    if (end === j) return err(code, 'an item of a parenthesized position is missing here', j);
    items.push(s.slice(j, end));
    const c = s.charCodeAt(end);
    if (c === RPAREN) {
      scanEnd = end + 1;
      return items;
    }
    if (c !== COMMA) return err(code, 'a parenthesized position is items separated by "," and closed by ")"', end);
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
export function isErr(x: PdiPosition | PdiFragment | Err): x is Err {
  return (x as Err).ok === false;
}

/** FRAGMENT-SPECIFIER after its "#": [ fragment-scheme "=" ] position *( "," position ). Syntax only. */
export function scanFragment(s: string, start: number): PdiFragment | Err {
  let i = start;
  let scheme: string | null = null;
  let j = i;
  while (j < s.length && (isAlpha(s.charCodeAt(j)) || s.charCodeAt(j) === HYPHEN)) j++;
  if (s.charCodeAt(j) === EQUALS) {
    if (j === i) return err('fragment-scheme', 'a fragment scheme is letters and hyphens before "="', i);
    scheme = s.slice(i, j);
    i = j + 1;
  }
  const positions: PdiPosition[] = [];
  for (;;) {
    const p = scanPosition(s, i, 'position');
    if (isErr(p)) return p;
    positions.push(p);
    i = scanEnd;
    if (i === s.length) return { scheme, positions };
    const c = s.charCodeAt(i);
    if (c === COMMA) {
      i++;
      continue;
    }
    if (c === EQUALS && typeof p === 'string' && isAlphaHyphen(p)) {
      return err('position-scheme-mixed', 'a fragment has one position scheme: schemes are never mixed (§3.4.4)', i);
    }
    if (is(c, RESERVED)) {
      return err('reserved', `"${s[i]}" is reserved: %-encode it inside a position (§1.2.5)`, i);
    }
    return err('position', `character ${JSON.stringify(s[i])} cannot appear in a position`, i);
  }
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

function digitsAt(f: PdiFragment, k: number, code: string, what: string, offs: At): string | Err {
  const p = f.positions[k];
  if (typeof p === 'string' && isDigits(p)) return stripZeros(p);
  return err(code, `${what} is a non-negative integer`, at(f, offs, k));
}

function coordinateAt(f: PdiFragment, k: number, offs: At): readonly [string, string] | Err {
  const p = f.positions[k];
  if (
    typeof p !== 'string' &&
    p !== undefined &&
    p.length === 2 &&
    isDigits(p[0] as string) &&
    isDigits(p[1] as string)
  ) {
    return [stripZeros(p[0] as string), stripZeros(p[1] as string)];
  }
  return err('2-dim-coordinate', 'a coordinate is "(" x "," y ")", two non-negative integers', at(f, offs, k));
}

/** The scheme takes `a` positions, or `b`. */
function count(f: PdiFragment, a: number, b: number, scheme: string, offs: At): Err | null {
  const n = f.positions.length;
  if (n === a || n === b) return null;
  const k = Math.min(n, b);
  const takes = a === b ? `${a}` : `${a} or ${b}`;
  return err('position-count', `the ${scheme} scheme takes ${takes} positions`, at(f, offs, k) ?? at(f, offs, k - 1));
}

/** start "," end, both integers, start not after end. */
function interval(f: PdiFragment, scheme: string, code: string, what: string, offs: At): Result<string> {
  const bad = count(f, 2, 2, scheme, offs);
  if (bad) return bad;
  const start = digitsAt(f, 0, code, what, offs);
  if (typeof start !== 'string') return start;
  const end = digitsAt(f, 1, code, what, offs);
  if (typeof end !== 'string') return end;
  if (compareDigits(start, end) > 0) return err('interval-order', 'an interval starts before it ends', at(f, offs, 1));
  return { ok: true, value: `${scheme}=${start},${end}` };
}

/** Two corners, upper left then lower right: x1 <= x2 and y1 <= y2. */
function rectangle(f: PdiFragment, first: number, offs: At): Result<string> {
  const a = coordinateAt(f, first, offs);
  if ('ok' in a) return a;
  const b = coordinateAt(f, first + 1, offs);
  if ('ok' in b) return b;
  if (compareDigits(a[0], b[0]) > 0 || compareDigits(a[1], b[1]) > 0) {
    return err(
      'interval-order',
      'the first corner is the upper left, the second the lower right',
      at(f, offs, first + 1),
    );
  }
  return { ok: true, value: `(${a[0]},${a[1]}),(${b[0]},${b[1]})` };
}

/** §3.4.2 element-name: compared decoded and case-sensitive, so escapes of plain characters are decoded. */
function elementName(f: PdiFragment, k: number, offs: At): string | Err {
  const p = f.positions[k];
  if (typeof p === 'string') return normalizeEscapes(p, isPositionChar);
  return err('element-name', 'an element name is one item, not a parenthesized list', at(f, offs, k));
}

function isAlphaDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!is(s.charCodeAt(i), 1 | 2)) return false;
  return s.length > 0;
}

function canonicalScheme(f: PdiFragment, scheme: string, offs: At): Result<string> {
  switch (scheme) {
    case 'char': // §3.4.1 half-open [start, end)
      return interval(f, scheme, 'char-position', 'a character position', offs);
    case 'elt': // §3.4.2 closed [start, end]
      return interval(f, scheme, 'element-position', 'an element position', offs);
    case 'byte': // octets, end excluded
      return interval(f, scheme, 'byte-position', 'a byte position', offs);
    case 'sec':
    case 'msec': // §3.4.4 [start, end)
      return interval(f, scheme, 'time', 'a time', offs);
    case 'name': {
      const bad = count(f, 2, 2, scheme, offs);
      if (bad) return bad;
      const start = elementName(f, 0, offs);
      if (typeof start !== 'string') return start;
      const end = elementName(f, 1, offs);
      if (typeof end !== 'string') return end;
      return { ok: true, value: `name=${start},${end}` };
    }
    case 'rect': {
      // §3.4.5 start-coordinate "," end-coordinate [ "," frame ], frame 0 when omitted
      const bad = count(f, 2, 3, scheme, offs);
      if (bad) return bad;
      const box = rectangle(f, 0, offs);
      if (!box.ok) return box;
      const frame = f.positions.length === 3 ? digitsAt(f, 2, 'frame-number', 'a frame number', offs) : '0';
      if (typeof frame !== 'string') return frame;
      return { ok: true, value: `rect=${box.value},${frame}` };
    }
    case 'crop': {
      // crop=time-scheme,start,end[,(x1,y1),(x2,y2)]
      const bad = count(f, 3, 5, scheme, offs);
      if (bad) return bad;
      const unit = f.positions[0];
      if (typeof unit !== 'string' || !isAlphaHyphen(unit) || isOtherBuiltIn(unit.toLowerCase())) {
        return err(
          'time-position-scheme',
          'a crop starts with its time scheme: "sec", "msec" or an extension',
          at(f, offs, 0),
        );
      }
      const span: PdiFragment = { scheme: null, positions: f.positions.slice(1, 3) };
      const times = interval(span, unit.toLowerCase(), 'time', 'a time', at(f, offs, 1));
      if (!times.ok) return times;
      if (f.positions.length === 3) return { ok: true, value: `crop=${times.value.replace('=', ',')}` };
      const box = rectangle(f, 3, offs);
      if (!box.ok) return box;
      return { ok: true, value: `crop=${times.value.replace('=', ',')},${box.value}` };
    }
    default: {
      // an extension scheme: ext-position = position-specifier / "(" position-specifier *( "," ... ) ")"
      for (let k = 0; k < f.positions.length; k++) {
        const p = f.positions[k] as PdiPosition;
        const ok = typeof p === 'string' ? isAlphaDigits(p) : p.every(isAlphaDigits);
        if (!ok)
          return err('ext-position', 'an extension position is letters and digits, or a list of them', at(f, offs, k));
      }
      return { ok: true, value: `${scheme}=${f.positions.map(positionText).join(',')}` };
    }
  }
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
export function canonicalFragment(f: PdiFragment, format: string, base: number | null = null): Result<string> {
  const schemes = fragmentSchemesOfFormat(format);
  const scheme = f.scheme === null ? schemes.default : f.scheme.toLowerCase();
  if (scheme === null) {
    return err(
      'fragment-scheme-required',
      `the format "${format}" has no default fragment scheme: name one, as in "#byte=0,10" (§3.3)`,
      base,
    );
  }
  if (schemes.allowed !== null && BUILT_IN_SCHEMES.has(scheme) && !schemes.allowed.has(scheme)) {
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
