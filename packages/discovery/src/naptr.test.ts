import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeNaptr, decodeNaptrAt, encodeNaptr, NAPTR_TYPE, type NaptrRdata } from './naptr.ts';
import { encodeQuery, readResponse } from './wire.ts';

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const cs = (s: string) => [s.length, ...ascii(s)];
const name = (...labels: string[]) => [...labels.flatMap(cs), 0];

// Wire images written by hand from RFC 3403 §4.1:
//   ORDER (16) | PREFERENCE (16) | FLAGS <character-string> | SERVICES <character-string>
//   | REGEXP <character-string> | REPLACEMENT <domain-name>
const WIRE: [string, number[], NaptrRdata][] = [
  [
    // RFC 3403 §6.2 (example.com): IN NAPTR 100 50 "a" "z3950+N2L+N2C" "" cidserver.example.com.
    'RFC 3403: 100 50 "a" "z3950+N2L+N2C" "" cidserver.example.com.',
    [0x00, 0x64, 0x00, 0x32, ...cs('a'), ...cs('z3950+N2L+N2C'), 0, ...name('cidserver', 'example', 'com')],
    {
      order: 100,
      preference: 50,
      flags: 'a',
      services: 'z3950+N2L+N2C',
      regexp: '',
      replacement: 'cidserver.example.com',
    },
  ],
  [
    // RFC 3403 §6.2 (cid.urn.arpa): IN NAPTR 100 10 "" "" "!^urn:cid:.+@([^\.]+\.)(.*)$!\2!i" .
    'RFC 3403: 100 10 "" "" "!^urn:cid:.+@([^\\.]+\\.)(.*)$!\\2!i" .',
    [0x00, 0x64, 0x00, 0x0a, 0, 0, ...cs('!^urn:cid:.+@([^\\.]+\\.)(.*)$!\\2!i'), 0],
    {
      order: 100,
      preference: 10,
      flags: '',
      services: '',
      regexp: '!^urn:cid:.+@([^\\.]+\\.)(.*)$!\\2!i',
      replacement: '',
    },
  ],
  [
    // draft-kunze-ark-09 §4.2: IN NAPTR 0 0 "h" "ark" "USLC" lhc.nlm.nih.gov:8080
    'Maptr: 0 0 "h" "ark" "USLC" lhc.nlm.nih.gov:8080',
    [0, 0, 0, 0, ...cs('h'), ...cs('ark'), ...cs('USLC'), ...name('lhc', 'nlm', 'nih', 'gov:8080')],
    { order: 0, preference: 0, flags: 'h', services: 'ark', regexp: 'USLC', replacement: 'lhc.nlm.nih.gov:8080' },
  ],
  [
    // draft-kunze-ark-09 §4.2: IN NAPTR 0 0 "" "ark" "" dlc.spct.org.
    'Maptr: 0 0 "" "ark" "" dlc.spct.org.',
    [0, 0, 0, 0, 0, ...cs('ark'), 0, ...name('dlc', 'spct', 'org')],
    { order: 0, preference: 0, flags: '', services: 'ark', regexp: '', replacement: 'dlc.spct.org' },
  ],
];

describe('NAPTR rdata', () => {
  it.each(WIRE)('decodes hand-written bytes: %s', (_, bytes, rdata) => {
    expect(decodeNaptr(Uint8Array.from(bytes))).toEqual({ ok: true, value: rdata });
  });

  it.each(WIRE)('encodes to the same bytes: %s', (_, bytes, rdata) => {
    const encoded = encodeNaptr(rdata);
    expect(encoded.ok && [...encoded.value]).toEqual(bytes);
  });

  it('writes "." and "" alike as the root, and drops a final dot', () => {
    const a = encodeNaptr({ order: 1, preference: 2, flags: 'S', services: 'x', regexp: '', replacement: '.' });
    const b = encodeNaptr({ order: 1, preference: 2, flags: 'S', services: 'x', regexp: '', replacement: '' });
    expect(a).toEqual(b);
    const c = encodeNaptr({
      order: 0,
      preference: 0,
      flags: '',
      services: 'ark',
      regexp: '',
      replacement: 'dlc.spct.org.',
    });
    expect(c.ok && [...c.value]).toEqual(WIRE[3]?.[1]);
  });

  it('round-trips any valid rdata', () => {
    const label = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-:_'),
      minLength: 1,
      maxLength: 20,
    });
    const rdata = fc.record({
      order: fc.integer({ min: 0, max: 0xffff }),
      preference: fc.integer({ min: 0, max: 0xffff }),
      flags: fc.string({ unit: fc.constantFrom(...'ASUPhs0129'), maxLength: 4 }),
      services: fc.string({ maxLength: 80 }),
      regexp: fc.string({ maxLength: 80 }),
      replacement: fc.array(label, { maxLength: 5 }).map((ls) => ls.join('.')),
    });
    fc.assert(
      fc.property(rdata, (r) => {
        const bytes = encodeNaptr(r);
        expect(bytes.ok).toBe(true);
        if (bytes.ok) expect(decodeNaptr(bytes.value)).toEqual({ ok: true, value: r });
      }),
    );
  });

  it.each([
    ['an order above 65535', { order: 65536 }, 'naptr-uint16'],
    ['a negative preference', { preference: -1 }, 'naptr-uint16'],
    ['a fractional order', { order: 1.5 }, 'naptr-uint16'],
    ['flags outside A-Z 0-9', { flags: 'h!' }, 'naptr-flags'],
    ['services of 256 octets', { services: 'x'.repeat(256) }, 'naptr-string-length'],
    ['a regexp of 129 two-octet characters', { regexp: 'é'.repeat(128) }, 'naptr-string-length'],
    ['an empty label', { replacement: 'a..b' }, 'naptr-name'],
    ['a label of 64 octets', { replacement: `${'a'.repeat(64)}.org` }, 'naptr-name'],
    ['a name of 256 octets', { replacement: Array(64).fill('abc').join('.') }, 'naptr-name'],
    ['a space in a label', { replacement: 'a b.org' }, 'naptr-name'],
  ])('refuses to encode %s', (_, over, code) => {
    const base: NaptrRdata = { order: 0, preference: 0, flags: 'h', services: 'ark', regexp: '', replacement: 'a.org' };
    const r = encodeNaptr({ ...base, ...over });
    expect(!r.ok && r.error.code).toBe(code);
  });

  const good = WIRE[2]?.[1] ?? [];
  it.each([
    ['no octets', [], 'naptr-truncated'],
    ['3 octets', [0, 0, 0], 'naptr-truncated'],
    ['no flags', [0, 0, 0, 0], 'naptr-truncated'],
    ['flags running past the end', [0, 0, 0, 0, 5, 104], 'naptr-truncated'],
    ['no replacement', [0, 0, 0, 0, 0, 0, 0], 'naptr-truncated'],
    ['an unterminated replacement', good.slice(0, -1), 'naptr-truncated'],
    ['octets after the replacement', [...good, 0], 'naptr-trailing'],
    ['bad flags', [0, 0, 0, 0, ...cs('h!'), 0, 0, 0], 'naptr-flags'],
    ['a reserved label length (0x40)', [0, 0, 0, 0, 0, 0, 0, 0x40, 0], 'naptr-name'],
    ['a pointer in standalone rdata', [0, 0, 0, 0, 0, 0, 0, 0xc0, 0], 'naptr-name'],
    ['a dot inside a label', [0, 0, 0, 0, 0, 0, 0, 3, ...ascii('a.b'), 0], 'naptr-name'],
  ])('refuses to decode %s', (_, bytes, code) => {
    const r = decodeNaptr(Uint8Array.from(bytes));
    expect(!r.ok && r.error.code).toBe(code);
  });

  it('follows a compression pointer to an earlier name of the message (RFC 3597 §4)', () => {
    const message = Uint8Array.from([...name('example', 'com'), 0, 10, 0, 20, 0, 0, 0, 3, ...ascii('www'), 0xc0, 0]);
    const start = 13;
    expect(decodeNaptrAt(message, start, message.length - start)).toEqual({
      ok: true,
      value: { order: 10, preference: 20, flags: '', services: '', regexp: '', replacement: 'www.example.com' },
    });
  });

  it('refuses a pointer that does not point backwards (no loops)', () => {
    const selfPointer = Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0xc0, 7]);
    expect(decodeNaptr(selfPointer).ok).toBe(false);
    const loop = Uint8Array.from([0xc0, 2, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0xc0, 2]);
    expect(decodeNaptrAt(loop, 4, 9).ok).toBe(false);
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), fc.nat(300), (bytes, start, length) => {
        expect(typeof decodeNaptr(bytes).ok).toBe('boolean');
        expect(typeof decodeNaptrAt(bytes, start, length).ok).toBe('boolean');
      }),
    );
  });
});

describe('NAPTR in DNS messages (readResponse, encodeQuery)', () => {
  /** A response written by dns-packet (which knows NAPTR on its own) with the given answers. */
  const response = (answers: dnsPacket.Answer[], extra: Partial<dnsPacket.Packet> = {}) =>
    dnsPacket.encode({
      type: 'response',
      id: 4660,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: [{ type: 'NAPTR', name: '12026.ark.arpa' }],
      answers,
      ...extra,
    });

  it('reads the NAPTR answers of a message dns-packet wrote, with their owner, TTL and rdata', () => {
    const records = WIRE.map(([, , r]) => r);
    const read = readResponse(
      response(records.map((data) => ({ type: 'NAPTR', name: '12026.ark.arpa', ttl: 60, data }) as dnsPacket.Answer)),
    );
    expect(read).toMatchObject({ id: 4660, rcode: 0, truncated: false });
    expect(read?.answers.map((a) => [a.name, a.type, a.ttl, a.naptr])).toEqual(
      records.map((r) => ['12026.ark.arpa', NAPTR_TYPE, 60, r]),
    );
  });

  it('reads a CNAME target, skips other types, and reads the rcode and the TC bit', () => {
    const read = readResponse(
      response(
        [
          { type: 'CNAME', name: '12026.ark.arpa', ttl: 5, data: 'alias.example' },
          { type: 'A', name: 'alias.example', ttl: 5, data: '192.0.2.1' },
        ],
        { flags: dnsPacket.TRUNCATED_RESPONSE | (3 as number) },
      ),
    );
    expect(read?.rcode).toBe(3);
    expect(read?.truncated).toBe(true);
    expect(read?.answers).toEqual([
      { name: '12026.ark.arpa', type: 5, ttl: 5, cname: 'alias.example' },
      { name: 'alias.example', type: 1, ttl: 5 },
    ]);
  });

  it('marks a malformed NAPTR and still reads the records after it', () => {
    const owner = name('a', 'ark', 'arpa');
    const rr = (rdata: number[]) => [
      ...owner,
      0,
      NAPTR_TYPE,
      0,
      1,
      0,
      0,
      0,
      60,
      rdata.length >> 8,
      rdata.length & 0xff,
      ...rdata,
    ];
    const bad = [0, 0, 0, 0, 9, 1, 2]; // the flags' length runs past the rdata
    const good1 = WIRE[2]?.[1] ?? [];
    const header = [0x12, 0x34, 0x84, 0, 0, 0, 0, 2, 0, 0, 0, 0]; // response, no question, 2 answers
    const read = readResponse(Buffer.from([...header, ...rr(bad), ...rr(good1)]));
    expect(read?.answers).toHaveLength(2);
    expect(read?.answers[0]?.naptrError?.code).toBe('naptr-truncated');
    expect(read?.answers[1]?.naptr).toEqual(WIRE[2]?.[2]);
  });

  it('is null for what is no readable response: a query, short, counts past the end, a record cut off', () => {
    const ok = response([{ type: 'NAPTR', name: '12026.ark.arpa', ttl: 1, data: WIRE[2]?.[2] } as dnsPacket.Answer]);
    expect(readResponse(ok)).not.toBeNull();
    expect(readResponse(encodeQuery(1, '12026.ark.arpa'))).toBeNull();
    expect(readResponse(ok.subarray(0, 11))).toBeNull();
    expect(readResponse(ok.subarray(0, ok.length - 1))).toBeNull();
    const lying = Buffer.from(ok);
    lying[7] = 200; // 200 answers
    expect(readResponse(lying)).toBeNull();
  });

  it('never throws on random bytes, after a valid header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const message = Buffer.from([0, 1, 0x84, 0, 0, 1, 0, 3, 0, 0, 0, 0, ...bytes]);
        const read = readResponse(message);
        if (read !== null) expect(read.answers).toHaveLength(3);
      }),
      { numRuns: 2000 },
    );
  });

  it('encodes a NAPTR query dns-packet reads back', () => {
    const q = dnsPacket.decode(encodeQuery(513, '12026.ark.arpa'));
    expect(q).toMatchObject({ id: 513, type: 'query', questions: [{ name: '12026.ark.arpa', type: 'NAPTR' }] });
  });
});
