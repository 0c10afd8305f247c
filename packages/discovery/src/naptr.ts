/**
 * The NAPTR resource record (RFC 3403 §4.1, type 35) rdata: encoded and decoded here, on its own or in
 * a whole DNS message (wire.ts reads answers with it). No DNS library's global type tables are touched.
 *
 *   ORDER (16 bits) | PREFERENCE (16 bits) | FLAGS <character-string> | SERVICES <character-string>
 *   | REGEXP <character-string> | REPLACEMENT <domain-name>
 *
 * A <character-string> is one length octet then that many octets (RFC 1035 §3.3). The replacement is
 * written uncompressed (RFC 3403 §4.1, RFC 3597 §4); on decoding, compression pointers are followed when
 * the whole message is at hand (RFC 3597 §4: receivers SHOULD decompress NAPTR).
 */
import { err, ok, type Result } from '@pidgate/core';
import { DOT, isAlpha, isDigit } from './grammar.ts';

export const NAPTR_TYPE = 35;

export interface NaptrRdata {
  readonly order: number;
  readonly preference: number;
  readonly flags: string;
  readonly services: string;
  readonly regexp: string;
  /** A domain name without its final dot; "" is the root (RFC 3403: "." means no replacement). */
  readonly replacement: string;
}

const MAX_NAME = 255;
const MAX_LABEL = 63;

/** Flags are characters from A-Z and 0-9 (RFC 3403 §4.1; case is not significant; Maptr adds `h`). */
function checkFlags(flags: string, offset: number): Result<null> {
  for (let i = 0; i < flags.length; i++) {
    const c = flags.charCodeAt(i);
    if (!isAlpha(c) && !isDigit(c)) return err('naptr-flags', 'flags are characters from A-Z and 0-9', offset + i);
  }
  return ok(null);
}

function isLabelOctet(c: number): boolean {
  return c > 32 && c < 127 && c !== DOT;
}

/** The labels of a domain name ("" and "." are the root). */
function nameLabels(name: string): Result<string[]> {
  const s = name.endsWith('.') ? name.slice(0, -1) : name;
  if (s.length === 0) return ok([]);
  const labels = s.split('.');
  let total = 1;
  for (const label of labels) {
    if (label.length === 0 || label.length > MAX_LABEL) {
      return err('naptr-name', `a label of ${JSON.stringify(name)} is 1 to 63 octets`, null, 'replacement');
    }
    for (let i = 0; i < label.length; i++) {
      if (!isLabelOctet(label.charCodeAt(i))) {
        return err(
          'naptr-name',
          `${JSON.stringify(name)} holds a character not written in a label`,
          null,
          'replacement',
        );
      }
    }
    total += label.length + 1;
  }
  if (total > MAX_NAME)
    return err('naptr-name', `${JSON.stringify(name)} is longer than 255 octets`, null, 'replacement');
  return ok(labels);
}

function characterString(value: string, part: string): Result<Buffer> {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) return err('naptr-string-length', `the ${part} is longer than 255 octets`, null, part);
  return ok(Buffer.concat([Buffer.from([bytes.length]), bytes]));
}

/** Encode NAPTR rdata to its wire form. Never throws. */
export function encodeNaptr(rdata: NaptrRdata): Result<Buffer> {
  for (const part of ['order', 'preference'] as const) {
    const v = rdata[part];
    if (!Number.isInteger(v) || v < 0 || v > 0xffff) {
      return err('naptr-uint16', `${part} is an unsigned 16-bit integer`, null, part);
    }
  }
  const flagsOk = checkFlags(rdata.flags, 0);
  if (!flagsOk.ok) return err('naptr-flags', flagsOk.error.message, flagsOk.error.offset, 'flags');
  const out: Buffer[] = [
    Buffer.from([rdata.order >> 8, rdata.order & 0xff, rdata.preference >> 8, rdata.preference & 0xff]),
  ];
  for (const part of ['flags', 'services', 'regexp'] as const) {
    const cs = characterString(rdata[part], part);
    if (!cs.ok) return cs;
    out.push(cs.value);
  }
  const labels = nameLabels(rdata.replacement);
  if (!labels.ok) return labels;
  for (const label of labels.value) out.push(Buffer.from([label.length]), Buffer.from(label, 'latin1'));
  out.push(Buffer.from([0]));
  return ok(Buffer.concat(out));
}

/**
 * Decode NAPTR rdata found at `start` (octets) in `message`, `length` octets long. Compression pointers in
 * the replacement are followed within `message`. Never throws; linear in the message's length.
 */
export function decodeNaptrAt(message: Uint8Array, start: number, length: number, pointers = true): Result<NaptrRdata> {
  const end = start + length;
  if (end > message.length) return err('naptr-truncated', 'the rdata runs past the end of the message', message.length);
  let i = start;
  const u16 = (): number | null => {
    if (i + 2 > end) return null;
    const v = ((message[i] ?? 0) << 8) | (message[i + 1] ?? 0);
    i += 2;
    return v;
  };
  const order = u16();
  const preference = u16();
  if (order === null || preference === null)
    return err('naptr-truncated', 'the rdata ends inside ORDER or PREFERENCE', i);
  const strings: string[] = [];
  for (const part of ['flags', 'services', 'regexp']) {
    if (i >= end) return err('naptr-truncated', `the rdata ends before the ${part}`, i, part);
    const len = message[i] ?? 0;
    if (i + 1 + len > end) return err('naptr-truncated', `the ${part} runs past the end of the rdata`, i, part);
    strings.push(Buffer.from(message.subarray(i + 1, i + 1 + len)).toString('utf8'));
    i += 1 + len;
  }
  const [flags = '', services = '', regexp = ''] = strings;
  const flagsOk = checkFlags(flags, start + 5);
  if (!flagsOk.ok) return flagsOk;
  const name = decodeName(message, i, end, pointers);
  if (!name.ok) return name;
  if (name.value.next !== end)
    return err('naptr-trailing', 'octets follow the replacement in the rdata', name.value.next);
  return ok({ order, preference, flags, services, regexp, replacement: name.value.name });
}

/** Decode standalone NAPTR rdata: without the message around it, a compression pointer is an error. Never throws. */
export function decodeNaptr(rdata: Uint8Array): Result<NaptrRdata> {
  return decodeNaptrAt(rdata, 0, rdata.length, false);
}

/**
 * A <domain-name> at `at`: labels until the root, following pointers (RFC 1035 §4.1.4) into `message`
 * (when `pointers`), each pointing backwards. `next` is where the name ends in place (after the root
 * octet or the first pointer), at most `end`. Never throws; errors are `naptr-name`/`naptr-truncated`.
 */
export function decodeName(
  message: Uint8Array,
  at: number,
  end: number,
  pointers: boolean,
): Result<{ name: string; next: number }> {
  const labels: string[] = [];
  let i = at;
  let limit = end; // inside the rdata until the first pointer, then the whole message
  let next = -1;
  let total = 1;
  let jumps = 0;
  for (;;) {
    if (i >= limit) return err('naptr-truncated', 'the replacement runs past the end of the rdata', i, 'replacement');
    const len = message[i] ?? 0;
    if (len === 0) {
      if (next === -1) next = i + 1;
      break;
    }
    if ((len & 0xc0) === 0xc0) {
      if (!pointers) return err('naptr-name', 'a compression pointer needs the whole message', i, 'replacement');
      if (i + 1 >= limit) return err('naptr-truncated', 'a compression pointer is cut short', i, 'replacement');
      const target = ((len & 0x3f) << 8) | (message[i + 1] ?? 0);
      if (next === -1) next = i + 2;
      // a pointer points backwards, to a name earlier in the message: this bounds the jumps
      if (target >= i || ++jumps > 127)
        return err('naptr-name', 'a compression pointer does not point backwards', i, 'replacement');
      i = target;
      limit = message.length;
      continue;
    }
    if ((len & 0xc0) !== 0)
      return err('naptr-name', `label length octet 0x${len.toString(16)} is reserved`, i, 'replacement');
    if (i + 1 + len > limit) return err('naptr-truncated', 'a label runs past the end of the rdata', i, 'replacement');
    total += len + 1;
    if (total > MAX_NAME) return err('naptr-name', 'the replacement is longer than 255 octets', i, 'replacement');
    for (let k = i + 1; k <= i + len; k++) {
      if (!isLabelOctet(message[k] ?? 0)) {
        return err('naptr-name', 'the replacement holds an octet not written in a label', k, 'replacement');
      }
    }
    labels.push(Buffer.from(message.subarray(i + 1, i + 1 + len)).toString('latin1'));
    i += 1 + len;
  }
  return ok({ name: labels.join('.'), next });
}
