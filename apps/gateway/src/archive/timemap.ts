/**
 * A Memento TimeMap (RFC 7089 §5) in `application/link-format` (RFC 6690): a list of links
 * `<uri>; rel="memento"; datetime="Tue, 20 Jan 2015 10:04:56 GMT", <uri>; rel="original", …`, one or more
 * a line. Read by one left-to-right scan: each character is looked at a bounded number of times, so the
 * time is linear in the length, and nothing throws. A link that cannot be read is skipped up to the next
 * `,` outside quotes; the scan goes on from there. (http-link-header, the well-kept Link header parser, was
 * measured instead: its whitespace trim is a regular expression that takes quadratic time on a long run of
 * spaces, 3 s for 40,000, and one bad link makes it throw the whole map away.)
 */

export interface LinkEntry {
  readonly uri: string;
  /** The relation types (`rel`, split at spaces, lowercase). */
  readonly rels: readonly string[];
  /** The other parameters, lowercase names; the first of each name counts. */
  readonly params: Readonly<Record<string, string>>;
}

export interface Memento {
  /** The memento's URL, resolved against the TimeMap's. */
  readonly url: string;
  readonly datetime: Date;
}

export interface TimeMap {
  readonly original: string | null;
  readonly mementos: readonly Memento[];
  /** Links that could not be read and were skipped. */
  readonly skipped: number;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** A parameter name or unquoted value ends at these (RFC 6690 ptoken has none of them). */
const endsToken = (c: number) => isSpace(c) || c === 0x3b /* ; */ || c === 0x2c /* , */ || c === 0x3d; /* = */

/** A cursor over the text; every method moves forward only, so the whole scan is linear. */
class Cursor {
  i = 0;
  skipped = 0;
  readonly n: number;
  constructor(readonly text: string) {
    this.n = text.length;
  }
  at(): number {
    return this.text.charCodeAt(this.i);
  }
  spaces(): void {
    while (this.i < this.n && isSpace(this.at())) this.i++;
  }
  /** Skip to just after the next `,` outside a quoted string (a link that cannot be read). */
  recover(): void {
    this.skipped++;
    let quoted = false;
    for (; this.i < this.n; this.i++) {
      const c = this.at();
      if (quoted) {
        if (c === 0x5c /* \ */) this.i++;
        else if (c === 0x22) quoted = false;
      } else if (c === 0x22) quoted = true;
      else if (c === 0x2c) {
        this.i++;
        return;
      }
    }
  }
  /** A quoted string from just after its `"`, escapes undone; null when it never closes. */
  quoted(): string | null {
    const parts: string[] = [];
    let from = this.i;
    for (; this.i < this.n; this.i++) {
      const q = this.at();
      if (q === 0x5c && this.i + 1 < this.n) {
        parts.push(this.text.slice(from, this.i));
        this.i++;
        from = this.i;
      } else if (q === 0x22) {
        parts.push(this.text.slice(from, this.i));
        this.i++;
        return parts.join('');
      }
    }
    return null;
  }
  /** One `name[=value]` after a `;`; null when it cannot be read. */
  param(): [string, string] | null {
    this.spaces();
    const nameStart = this.i;
    while (this.i < this.n && !endsToken(this.at()) && this.at() !== 0x22) this.i++;
    const name = this.text.slice(nameStart, this.i).toLowerCase();
    this.spaces();
    if (name === '') return null;
    if (this.i >= this.n || this.at() !== 0x3d /* = */) return [name, ''];
    this.i++;
    this.spaces();
    if (this.i < this.n && this.at() === 0x22) {
      this.i++;
      const value = this.quoted();
      return value === null ? null : [name, value];
    }
    const valueStart = this.i;
    while (this.i < this.n && !endsToken(this.at())) this.i++;
    return [name, this.text.slice(valueStart, this.i)];
  }
  /** The parameters after a link's `>`, up to its `,` or the end; null when they cannot be read. */
  params(): Record<string, string> | null {
    const params: Record<string, string> = {};
    for (;;) {
      this.spaces();
      if (this.i >= this.n) return params;
      const d = this.at();
      if (d === 0x2c) {
        this.i++;
        return params;
      }
      if (d !== 0x3b /* ; */) return null;
      this.i++;
      const p = this.param();
      if (p === null) return null;
      if (!(p[0] in params)) params[p[0]] = p[1];
    }
  }
}

/** The links of a link-format document, in order. */
export function parseLinkFormat(text: string): { links: LinkEntry[]; skipped: number } {
  const links: LinkEntry[] = [];
  const cur = new Cursor(text);
  while (cur.i < cur.n) {
    const c = cur.at();
    if (isSpace(c) || c === 0x2c) {
      cur.i++;
      continue;
    }
    if (c !== 0x3c /* < */) {
      cur.recover();
      continue;
    }
    const close = text.indexOf('>', cur.i + 1);
    // No `>` anywhere after: nothing more can be read.
    if (close < 0) {
      cur.skipped++;
      break;
    }
    const uri = text.slice(cur.i + 1, close).trim();
    cur.i = close + 1;
    const params = cur.params();
    if (params === null) {
      cur.recover();
      continue;
    }
    const rels = (params['rel'] ?? '')
      .toLowerCase()
      .split(/[ \t\r\n]+/)
      .filter(Boolean);
    links.push({ uri, rels, params });
  }
  return { links, skipped: cur.skipped };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** The IMF-fixdate of RFC 9110 §5.6.7 (`Sun, 06 Nov 1994 08:49:37 GMT`), which RFC 7089 asks for. */
const HTTP_DATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/** An HTTP date as a Date, or null when it is none (or no real date). */
export function parseHttpDate(value: string): Date | null {
  if (value.length > 40) return null;
  const m = HTTP_DATE.exec(value.trim());
  if (!m) return null;
  const [day, month, year, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]] as string[];
  const mon = MONTHS.indexOf((month as string).toLowerCase());
  if (mon < 0) return null;
  const t = Date.UTC(Number(year), mon, Number(day), Number(hour), Number(minute), Number(second));
  const d = new Date(t);
  // 31 Feb, 25:00: refused rather than rolled over.
  if (d.getUTCDate() !== Number(day) || d.getUTCHours() !== Number(hour) || d.getUTCMinutes() !== Number(minute)) {
    return null;
  }
  return Number(second) > 59 ? null : d;
}

/** An http(s) URL, resolved against `base`, or null. */
export function httpUrl(uri: string, base: string): string | null {
  try {
    const u = new URL(uri, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The mementos of a TimeMap read from `base` (every link whose `rel` has `memento` and a valid `datetime`). */
export function parseTimeMap(text: string, base: string): TimeMap {
  const { links, skipped } = parseLinkFormat(text);
  const mementos: Memento[] = [];
  let original: string | null = null;
  let bad = skipped;
  for (const link of links) {
    if (original === null && link.rels.includes('original')) original = httpUrl(link.uri, base);
    if (!link.rels.includes('memento')) continue;
    const url = httpUrl(link.uri, base);
    const datetime = parseHttpDate(link.params['datetime'] ?? '');
    if (url && datetime) mementos.push({ url, datetime });
    else bad++;
  }
  return { original, mementos, skipped: bad };
}
