/**
 * Reading a DNS query datagram safely (RFC 1035 §4.1, RFC 6891 §6), for the Maptr server.
 *
 * Everything is bounded before any decoder sees the datagram: the section counts against the datagram's
 * length (a question takes at least 5 octets, a resource record at least 11), label lengths (1..63, 255 octets
 * a name), compression pointers (each one must point before every octet of the name read so far, so a
 * name cannot loop), and the number of records a query may carry. Only then is it decoded, by dns-packet.
 * The work done for one datagram is linear in its length, which is at most `MAX_QUERY_OCTETS`.
 */
import dnsPacket from 'dns-packet';
import { decodeName, decodeNaptrAt, NAPTR_TYPE, type NaptrRdata } from './naptr.ts';

/** The DNS header (RFC 1035 §4.1.1). */
export const HEADER_OCTETS = 12;
/** Queries longer than this are dropped unread (a real query is under 300 octets, even with EDNS options). */
export const MAX_QUERY_OCTETS = 1232;
/** Records a query may carry besides its question (an OPT, a TSIG or a cookie option fit). */
export const MAX_QUERY_RECORDS = 4;
/** The UDP payload size this server answers with when the client sent EDNS (RFC 6891 §6.2.5; DNS flag day 2020). */
export const EDNS_UDP_SIZE = 1232;
/** Without EDNS a UDP answer is at most 512 octets (RFC 1035 §4.2.1). */
export const PLAIN_UDP_SIZE = 512;

const MIN_QUESTION = 5; // root name (1) + QTYPE (2) + QCLASS (2)
const MIN_RECORD = 11; // root name (1) + TYPE, CLASS (4) + TTL (4) + RDLENGTH (2)
const MAX_NAME = 255;
const MAX_LABEL = 63;
const TYPE_OPT = 41;

export const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

/** Why a datagram gets no answer at all. */
export type DropReason = 'short' | 'long' | 'response';

export interface QueryHeader {
  readonly id: number;
  readonly opcode: number;
  /** Recursion desired, copied to the answer (RFC 1035 §4.1.1). */
  readonly rd: boolean;
}

export interface Question {
  /** Lowercased, without a final dot. */
  readonly name: string;
  readonly type: number;
  readonly class: number;
  /** The question's octets as the client wrote them, echoed in the answer. */
  readonly wire: Uint8Array;
}

export type QueryCheck =
  | { readonly action: 'drop'; readonly reason: DropReason }
  /** Answer with this rcode and no question (FORMERR, NOTIMP). */
  | { readonly action: 'refuse'; readonly header: QueryHeader; readonly rcode: number; readonly why: string }
  | {
      readonly action: 'answer';
      readonly header: QueryHeader;
      readonly question: Question;
      /** The client's EDNS: its payload size and version, or null when it sent no OPT record. */
      readonly edns: { readonly udpSize: number; readonly version: number } | null;
    };

/**
 * Walk a <domain-name> at `at` (RFC 1035 §4.1.4) without building it: returns the offset after the name in
 * place (after its root octet or first pointer), or -1 when it is not a well-formed name. Each pointer must
 * point before the lowest offset read so far, so the walk ends; names are at most 255 octets.
 * `printable` also requires every label octet to be a visible ASCII character other than `.`.
 */
export function skipName(message: Uint8Array, at: number, printable = false): number {
  let i = at;
  let floor = at;
  let next = -1;
  let total = 1;
  for (;;) {
    if (i >= message.length) return -1;
    const len = message[i] as number;
    if (len === 0) return next === -1 ? i + 1 : next;
    if ((len & 0xc0) === 0xc0) {
      if (i + 1 >= message.length) return -1;
      const target = ((len & 0x3f) << 8) | (message[i + 1] as number);
      if (next === -1) next = i + 2;
      if (target < HEADER_OCTETS || target >= floor) return -1;
      floor = target;
      i = target;
      continue;
    }
    if (len > MAX_LABEL) return -1; // 0x40 and 0x80 are reserved label types
    total += len + 1;
    if (total > MAX_NAME || i + 1 + len > message.length) return -1;
    if (printable) {
      for (let k = i + 1; k <= i + len; k++) {
        const c = message[k] as number;
        if (c <= 0x20 || c >= 0x7f || c === 0x2e) return -1;
      }
    }
    i += 1 + len;
  }
}

function u16(message: Uint8Array, at: number): number {
  return ((message[at] as number) << 8) | (message[at + 1] as number);
}

/** Skip one resource record at `at`: the offset after it, or -1. */
function skipRecord(message: Uint8Array, at: number): number {
  const afterName = skipName(message, at);
  if (afterName === -1 || afterName + 10 > message.length) return -1;
  const end = afterName + 10 + u16(message, afterName + 8);
  return end > message.length ? -1 : end;
}

/** Read the header fields a refusal needs. Only called on 12 octets or more. */
function readHeader(message: Uint8Array): QueryHeader {
  return { id: u16(message, 0), opcode: ((message[2] as number) >> 3) & 0x0f, rd: ((message[2] as number) & 1) === 1 };
}

/**
 * Check a datagram received by the server and, when it is a query, decode it. Never throws; linear in the
 * datagram's length. Responses (QR=1), datagrams shorter than a header or longer than `MAX_QUERY_OCTETS`
 * are dropped; a header with anything else wrong gets FORMERR, another opcode than QUERY gets NOTIMP.
 */
export function checkQuery(message: Uint8Array): QueryCheck {
  if (message.length < HEADER_OCTETS) return { action: 'drop', reason: 'short' };
  if (message.length > MAX_QUERY_OCTETS) return { action: 'drop', reason: 'long' };
  if (((message[2] as number) & 0x80) !== 0) return { action: 'drop', reason: 'response' };
  const header = readHeader(message);
  const refuse = (rcode: number, why: string): QueryCheck => ({ action: 'refuse', header, rcode, why });
  if (header.opcode !== 0) return refuse(RCODE.NOTIMP, 'only standard queries (opcode 0) are served');
  const qd = u16(message, 4);
  const others = u16(message, 6) + u16(message, 8) + u16(message, 10);
  if (qd !== 1) return refuse(RCODE.FORMERR, 'a query holds one question');
  if (u16(message, 6) !== 0 || u16(message, 8) !== 0) return refuse(RCODE.FORMERR, 'a query holds no answers');
  if (others > MAX_QUERY_RECORDS) return refuse(RCODE.FORMERR, 'too many additional records');
  if (HEADER_OCTETS + qd * MIN_QUESTION + others * MIN_RECORD > message.length) {
    return refuse(RCODE.FORMERR, 'the section counts do not fit in the datagram');
  }
  const afterName = skipName(message, HEADER_OCTETS, true);
  if (afterName === -1 || afterName + 4 > message.length) return refuse(RCODE.FORMERR, 'the question is malformed');
  const questionEnd = afterName + 4;
  let at = questionEnd;
  for (let r = 0; r < others; r++) {
    at = skipRecord(message, at);
    if (at === -1) return refuse(RCODE.FORMERR, 'an additional record is malformed');
  }
  if (at !== message.length) return refuse(RCODE.FORMERR, 'octets follow the last record');
  // Bounded and well formed: now decode it with dns-packet.
  let decoded: dnsPacket.DecodedPacket;
  try {
    decoded = dnsPacket.decode(Buffer.from(message.buffer, message.byteOffset, message.length));
  } catch {
    return refuse(RCODE.FORMERR, 'the query cannot be decoded');
  }
  const q = decoded.questions?.[0];
  if (!q) return refuse(RCODE.FORMERR, 'the question is malformed');
  let edns: { udpSize: number; version: number } | null = null;
  for (const record of decoded.additionals ?? []) {
    if ((record as { type: string }).type !== 'OPT') continue;
    if (edns) return refuse(RCODE.FORMERR, 'a query holds one OPT record'); // RFC 6891 §6.1.1
    const opt = record as dnsPacket.OptAnswer & { version?: number };
    edns = { udpSize: opt.udpPayloadSize ?? PLAIN_UDP_SIZE, version: opt.version ?? 0 };
  }
  return {
    action: 'answer',
    header,
    question: {
      name: q.name.toLowerCase().replace(/\.$/, ''),
      type: u16(message, afterName),
      class: u16(message, afterName + 2),
      wire: message.subarray(HEADER_OCTETS, questionEnd),
    },
    edns,
  };
}

export interface AnswerRecord {
  readonly type: number;
  readonly ttl: number;
  readonly rdata: Uint8Array;
}

function u16Bytes(v: number): number[] {
  return [(v >> 8) & 0xff, v & 0xff];
}

function u32Bytes(v: number): number[] {
  return [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
}

/** The OPT pseudo-record of an answer (RFC 6891 §6.1.2): our payload size, an extended rcode, version 0. */
function optRecord(extendedRcode: number): number[] {
  return [0, ...u16Bytes(TYPE_OPT), ...u16Bytes(EDNS_UDP_SIZE), extendedRcode, 0, 0, 0, 0, 0];
}

export interface AnswerOptions {
  readonly header: QueryHeader;
  readonly rcode: number;
  /** The question's octets, echoed (absent in a refusal that could not read it). */
  readonly question?: Uint8Array;
  /** Records answering the question; their owner is the question's name (a pointer to offset 12). */
  readonly answers?: readonly AnswerRecord[];
  readonly edns?: { readonly udpSize: number; readonly version: number } | null;
  /** Leave the answers out and set TC, whatever they would fit in (a rate limiter's "slip"). */
  readonly truncate?: boolean;
  /** The largest answer allowed, in octets; default the UDP limit (TCP: 65535). */
  readonly maxSize?: number;
}

/**
 * Encode an authoritative answer. When the answers do not fit in the client's UDP size (512 octets, or its
 * EDNS size up to 1232) they are left out and TC is set (RFC 1035 §4.2.1, RFC 2181 §9). An EDNS version
 * other than 0 gets BADVERS (RFC 6891 §6.1.3).
 */
export function encodeAnswer(options: AnswerOptions): Buffer {
  const { header, question, edns } = options;
  const badVersion = edns !== null && edns !== undefined && edns.version !== 0;
  let answers = badVersion ? [] : (options.answers ?? []);
  const limit =
    options.maxSize ?? (edns ? Math.max(PLAIN_UDP_SIZE, Math.min(edns.udpSize, EDNS_UDP_SIZE)) : PLAIN_UDP_SIZE);
  const opt = edns ? optRecord(badVersion ? 1 : 0) : [];
  const encodeRecords = (records: readonly AnswerRecord[]) =>
    records.flatMap((r) => [
      0xc0,
      HEADER_OCTETS,
      ...u16Bytes(r.type),
      0,
      1,
      ...u32Bytes(r.ttl),
      ...u16Bytes(r.rdata.length),
      ...r.rdata,
    ]);
  let body = encodeRecords(answers);
  const size = HEADER_OCTETS + (question?.length ?? 0) + body.length + opt.length;
  const truncated = options.truncate === true || size > limit;
  if (truncated) {
    answers = [];
    body = [];
  }
  const flags1 = 0x80 | (header.opcode << 3) | 0x04 | (truncated ? 0x02 : 0) | (header.rd ? 1 : 0); // QR, AA
  const flags2 = badVersion ? 0 : options.rcode & 0x0f;
  const head = [
    ...u16Bytes(header.id),
    flags1,
    flags2,
    ...u16Bytes(question ? 1 : 0),
    ...u16Bytes(answers.length),
    0,
    0,
    ...u16Bytes(edns ? 1 : 0),
  ];
  return Buffer.concat([
    Buffer.from(head),
    question ? Buffer.from(question) : Buffer.alloc(0),
    Buffer.from(body),
    Buffer.from(opt),
  ]);
}

/** A NAPTR query (RFC 3403 §4) for `name`, recursion desired, as the Maptr client sends it. */
export function encodeQuery(id: number, name: string): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: 'NAPTR', class: 'IN', name }],
  });
}

const TYPE_CNAME = 5;

/** One record of the answer section: NAPTR rdata (or why it could not be read), a CNAME's target, or neither. */
export interface ResponseRecord {
  /** The owner name, without a final dot. */
  readonly name: string;
  readonly type: number;
  readonly ttl: number;
  readonly naptr?: NaptrRdata;
  readonly naptrError?: { readonly code: string; readonly message: string };
  /** A CNAME's target, without a final dot. */
  readonly cname?: string;
}

export interface Response {
  readonly id: number;
  readonly rcode: number;
  /** The TC bit: the answer did not fit (RFC 1035 §4.1.1). */
  readonly truncated: boolean;
  readonly answers: readonly ResponseRecord[];
}

/**
 * Read a DNS response datagram (RFC 1035 §4.1) for the Maptr client: the header, the questions skipped,
 * the answer section's records. NAPTR rdata that cannot be decoded is kept as `naptrError` and the records
 * after it are still read (RFC 3597 §4: receivers SHOULD decompress NAPTR, so pointers are followed).
 * Null when the datagram is not a readable response (too short, a query, a header or record that runs
 * past its end, a malformed owner name). Never throws; linear in the datagram's length.
 */
export function readResponse(message: Uint8Array): Response | null {
  if (message.length < HEADER_OCTETS || ((message[2] as number) & 0x80) === 0) return null;
  const questions = u16(message, 4);
  const answerCount = u16(message, 6);
  // every question takes at least 5 octets, every record 11: counts beyond that cannot be read
  if (HEADER_OCTETS + questions * MIN_QUESTION + answerCount * MIN_RECORD > message.length) return null;
  let at = HEADER_OCTETS;
  for (let q = 0; q < questions; q++) {
    const after = skipName(message, at);
    if (after === -1 || after + 4 > message.length) return null;
    at = after + 4;
  }
  const answers: ResponseRecord[] = [];
  for (let r = 0; r < answerCount; r++) {
    const owner = decodeName(message, at, message.length, true);
    if (!owner.ok || owner.value.next + 10 > message.length) return null;
    const head = owner.value.next;
    const type = u16(message, head);
    const ttl = ((u16(message, head + 4) << 16) >>> 0) + u16(message, head + 6);
    const length = u16(message, head + 8);
    const rdata = head + 10;
    if (rdata + length > message.length) return null;
    answers.push(answerRecord(message, owner.value.name, type, ttl, rdata, length));
    at = rdata + length;
  }
  return {
    id: u16(message, 0),
    rcode: (message[3] as number) & 0x0f,
    truncated: ((message[2] as number) & 0x02) !== 0,
    answers,
  };
}

function answerRecord(
  message: Uint8Array,
  name: string,
  type: number,
  ttl: number,
  rdata: number,
  length: number,
): ResponseRecord {
  if (type === NAPTR_TYPE) {
    const naptr = decodeNaptrAt(message, rdata, length);
    return naptr.ok
      ? { name, type, ttl, naptr: naptr.value }
      : { name, type, ttl, naptrError: { code: naptr.error.code, message: naptr.error.message } };
  }
  if (type === TYPE_CNAME) {
    const target = decodeName(message, rdata, rdata + length, true);
    if (target.ok && target.value.next === rdata + length) return { name, type, ttl, cname: target.value.name };
  }
  return { name, type, ttl };
}
