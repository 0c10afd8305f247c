import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkQuery, EDNS_UDP_SIZE, encodeAnswer, MAX_QUERY_OCTETS, skipName } from './wire.ts';

const header = (counts: [number, number, number, number], flags = 0x0100): number[] => [
  0x12,
  0x34,
  flags >> 8,
  flags & 0xff,
  ...counts.flatMap((c) => [c >> 8, c & 0xff]),
];
const query = (name: string, type = 'NAPTR', extra: Partial<dnsPacket.Packet> = {}) =>
  dnsPacket.encode({
    type: 'query',
    id: 7,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ name, type: type as 'NAPTR' }],
    ...extra,
  });

describe('checkQuery (RFC 1035 §4.1, bounded before decoding)', () => {
  it('reads a NAPTR query: id, RD, the question lowercased, its octets', () => {
    const c = checkQuery(query('12026.ARK.arpa'));
    expect(c.action).toBe('answer');
    if (c.action !== 'answer') return;
    expect(c.header).toEqual({ id: 7, opcode: 0, rd: true });
    expect(c.question).toMatchObject({ name: '12026.ark.arpa', type: 35, class: 1 });
    expect(Buffer.from(c.question.wire).toString('hex')).toBe(`0531323032360341524b046172706100${'0023'}0001`);
    expect(c.edns).toBeNull();
  });

  it('reads the EDNS payload size and version of an OPT record (RFC 6891 §6.1.2)', () => {
    const c = checkQuery(
      query('a.ark.arpa', 'NAPTR', {
        additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 4096 } as dnsPacket.Answer],
      }),
    );
    expect(c.action === 'answer' && c.edns).toEqual({ udpSize: 4096, version: 0 });
  });

  it.each([
    ['nothing', [], 'short'],
    ['11 octets', header([1, 0, 0, 0]).slice(0, 11), 'short'],
    ['a response (QR=1)', [...header([1, 0, 0, 0], 0x8400), 0, 0, 35, 0, 1], 'response'],
    ['more than the largest query', new Array(MAX_QUERY_OCTETS + 1).fill(0), 'long'],
  ])('drops %s', (_, bytes, reason) => {
    expect(checkQuery(Uint8Array.from(bytes as number[]))).toEqual({ action: 'drop', reason });
  });

  it.each([
    ['the 12-byte header with four 65535 counts', header([65535, 65535, 65535, 65535]), 1],
    ['no question', header([0, 0, 0, 0]), 1],
    ['two questions', [...header([2, 0, 0, 0]), 0, 0, 35, 0, 1, 0, 0, 35, 0, 1], 1],
    ['an answer in a query', [...header([1, 1, 0, 0]), 0, 0, 35, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0], 1],
    ['additional counts that cannot fit', [...header([1, 0, 0, 3]), 0, 0, 35, 0, 1], 1],
    ['too many additional records', [...header([1, 0, 0, 5]), 0, 0, 35, 0, 1, ...new Array(55).fill(0)], 1],
    ['a truncated question', [...header([1, 0, 0, 0]), 3, 0x61, 0x62], 1],
    ['a label of 64 octets', [...header([1, 0, 0, 0]), 64, ...new Array(64).fill(0x61), 0, 0, 35, 0, 1], 1],
    ['a pointer to itself', [...header([1, 0, 0, 0]), 0xc0, 12, 0, 35, 0, 1], 1],
    ['a pointer forwards', [...header([1, 0, 0, 0]), 0xc0, 20, 0, 35, 0, 1, 0, 0], 1],
    ['a space in a label', [...header([1, 0, 0, 0]), 3, 0x61, 0x20, 0x62, 0, 0, 35, 0, 1], 1],
    ['a dot in a label', [...header([1, 0, 0, 0]), 3, 0x61, 0x2e, 0x62, 0, 0, 35, 0, 1], 1],
    ['trailing octets', [...header([1, 0, 0, 0]), 0, 0, 35, 0, 1, 9], 1],
    ['an rdata past the end', [...header([1, 0, 0, 1]), 0, 0, 35, 0, 1, 0, 0, 41, 16, 0, 0, 0, 0, 0, 0, 9], 1],
    ['an inverse query (opcode 1)', [...header([1, 0, 0, 0], 0x0800), 0, 0, 35, 0, 1], 4],
  ])('refuses %s with rcode %i', (_, bytes, rcode) => {
    const c = checkQuery(Uint8Array.from(bytes as number[]));
    expect(c.action === 'refuse' && c.rcode).toBe(rcode);
  });

  it('follows backward compression pointers, and refuses a pointer loop', () => {
    // "a" at 12, then a name "b" + pointer to 12 in the additional record's owner name
    const loop = [...header([1, 0, 0, 0]), 1, 0x61, 0xc0, 12, 0, 35, 0, 1];
    expect(checkQuery(Uint8Array.from(loop)).action).toBe('refuse');
    const msg = Uint8Array.from([...header([1, 0, 0, 0]), 1, 0x61, 0, 0, 35, 0, 1, 1, 0x62, 0xc0, 12]);
    expect(skipName(msg, 19)).toBe(23);
  });

  it('never throws and answers in linear time on any datagram (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1300 }), (bytes) => {
        const c = checkQuery(bytes);
        expect(['drop', 'refuse', 'answer']).toContain(c.action);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('encodeAnswer', () => {
  const decoded = (b: Buffer) => dnsPacket.decode(b);
  const naptr = Buffer.from('0000000001680361726b0455534c43036c686303636f6d00', 'hex'); // 0 0 "h" "ark" "USLC" lhc.com

  it('writes an authoritative answer dns-packet reads: id, RD, the question, the records under a pointer', () => {
    const c = checkQuery(query('12026.ark.arpa'));
    if (c.action !== 'answer') throw new Error('query');
    const out = decoded(
      encodeAnswer({
        header: c.header,
        rcode: 0,
        question: c.question.wire,
        answers: [{ type: 35, ttl: 60, rdata: naptr }],
      }),
    );
    expect(out).toMatchObject({
      id: 7,
      type: 'response',
      flag_aa: true,
      flag_rd: true,
      flag_tc: false,
      rcode: 'NOERROR',
    });
    expect(out.questions).toEqual([{ name: '12026.ark.arpa', type: 'NAPTR', class: 'IN' }]);
    expect(out.answers?.[0]).toMatchObject({
      name: '12026.ark.arpa',
      type: 'NAPTR',
      ttl: 60,
      data: { order: 0, preference: 0, flags: 'h', services: 'ark', regexp: 'USLC', replacement: 'lhc.com' },
    });
  });

  it('sets TC and leaves the answers out past 512 octets without EDNS, fits them with EDNS', () => {
    const c = checkQuery(query('12026.ark.arpa'));
    if (c.action !== 'answer') throw new Error('query');
    const answers = new Array(30).fill({ type: 35, ttl: 60, rdata: naptr });
    const plain = decoded(encodeAnswer({ header: c.header, rcode: 0, question: c.question.wire, answers }));
    expect([plain.flag_tc, plain.answers?.length]).toEqual([true, 0]);
    const edns = encodeAnswer({
      header: c.header,
      rcode: 0,
      question: c.question.wire,
      answers,
      edns: { udpSize: 4096, version: 0 },
    });
    expect(edns.length).toBeLessThanOrEqual(EDNS_UDP_SIZE);
    const e = decoded(edns);
    expect([e.flag_tc, e.answers?.length]).toEqual([false, 30]);
    expect(e.additionals?.[0]).toMatchObject({ type: 'OPT', udpPayloadSize: EDNS_UDP_SIZE });
  });

  it('answers an EDNS version other than 0 with BADVERS (RFC 6891 §6.1.3)', () => {
    const b = encodeAnswer({ header: { id: 1, opcode: 0, rd: false }, rcode: 0, edns: { udpSize: 512, version: 1 } });
    const out = decoded(b) as dnsPacket.DecodedPacket & { additionals: { extendedRcode?: number; ttl?: number }[] };
    expect(b[3]).toBe(0);
    expect(b.readUInt8(b.length - 6)).toBe(1); // the OPT TTL's first octet: extended rcode 1, BADVERS = 16
    expect(out.answers).toEqual([]);
  });
});
