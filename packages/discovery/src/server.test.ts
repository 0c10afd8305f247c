import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maptrLookup } from './maptr.ts';
import { NAPTR_TYPE, type NaptrRdata } from './naptr.ts';
import { createMaptrServer, localAddresses, type MaptrServer, unanswerableSource } from './server.ts';

interface Answer {
  name: string;
  type: number;
  ttl: number;
  naptr?: NaptrRdata;
}
interface Response {
  header: { rcode: number; aa: number };
  answers: Answer[];
}

let server: MaptrServer;
let port: number;

/**
 * Ask the server over UDP; the answer is read by dns-packet (a decoder independent of the server's code):
 * the header bits from the datagram, the records with their NAPTR rdata.
 */
async function ask(name: string, type: string): Promise<Response> {
  const socket = createSocket('udp4');
  try {
    const got = new Promise<Buffer>((resolve) => socket.once('message', (m) => resolve(m)));
    const query = dnsPacket.encode({ type: 'query', id: 7, questions: [{ name, type: type as 'NAPTR' }] });
    socket.send(query, port, '127.0.0.1');
    const datagram = await got;
    const decoded = dnsPacket.decode(datagram);
    const answers = (decoded.answers ?? []).map((a) => {
      const record = a as { name: string; type: string; ttl: number; data: unknown };
      const naptr = record.type === 'NAPTR' ? { naptr: record.data as NaptrRdata } : {};
      return { name: record.name, type: record.type === 'NAPTR' ? NAPTR_TYPE : -1, ttl: record.ttl, ...naptr };
    });
    return { header: { rcode: (datagram[3] as number) & 0x0f, aa: ((datagram[2] as number) >> 2) & 1 }, answers };
  } finally {
    socket.close();
  }
}

beforeAll(async () => {
  const created = createMaptrServer({
    ttl: 120,
    naans: [
      { naan: '12026', nmahs: [{ hostport: 'lhc.nlm.nih.gov:8080', label: 'USLC' }, 'foobar.zaf.org'] },
      { naan: '12345', redirects: ['dlc.spct.org.'] },
    ],
    domains: [{ domain: 'dlc.spct.org', nmahs: ['ark.dlc.spct.org'] }],
  });
  if (!created.ok) throw new Error(created.error.message);
  server = created.value;
  ({ port } = await server.listen(0, '127.0.0.1'));
});

afterAll(async () => {
  await server.close();
});

describe('createMaptrServer', () => {
  it('serves §4.2 "h" records: service "ark", the label in regexp, the NMAH in replacement', async () => {
    const r = await ask('12026.ark.arpa', 'NAPTR');
    expect(r.header.rcode).toBe(0);
    expect(r.header.aa).toBe(1);
    expect(r.answers.map((a) => [a.name, a.type, a.ttl, a.naptr])).toEqual([
      [
        '12026.ark.arpa',
        NAPTR_TYPE,
        120,
        { order: 0, preference: 0, flags: 'h', services: 'ark', regexp: 'USLC', replacement: 'lhc.nlm.nih.gov:8080' },
      ],
      [
        '12026.ark.arpa',
        NAPTR_TYPE,
        120,
        { order: 0, preference: 0, flags: 'h', services: 'ark', regexp: '', replacement: 'foobar.zaf.org' },
      ],
    ]);
  });

  it('serves §4.2 redirect records: empty flags, the next domain in replacement', async () => {
    const r = await ask('12345.ark.arpa', 'NAPTR');
    expect(r.answers.map((a) => a.naptr)).toEqual([
      { order: 0, preference: 0, flags: '', services: 'ark', regexp: '', replacement: 'dlc.spct.org' },
    ]);
  });

  it('matches names case-insensitively and with a final dot', async () => {
    expect((await ask('12026.ARK.Arpa.', 'NAPTR')).answers).toHaveLength(2);
  });

  it('answers NXDOMAIN for unknown names', async () => {
    const r = await ask('99999.ark.arpa', 'NAPTR');
    expect(r.header.rcode).toBe(3);
    expect(r.answers).toEqual([]);
  });

  it('answers an empty NOERROR for another type of a known name, and NAPTR records for ANY', async () => {
    const a = await ask('12026.ark.arpa', 'A');
    expect([a.header.rcode, a.answers.length]).toEqual([0, 0]);
    const any = await ask('12026.ark.arpa', 'ANY');
    expect(any.answers).toHaveLength(2);
  });

  it('drops datagrams that are not DNS messages and keeps serving', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) =>
      socket.send(Buffer.from([0xff, 0x00, 0x01]), port, '127.0.0.1', () => resolve()),
    );
    socket.close();
    expect((await ask('12026.ark.arpa', 'NAPTR')).answers).toHaveLength(2);
  });

  it('serves what the Maptr client follows', async () => {
    const r = await maptrLookup('12345', { server: `127.0.0.1:${port}` });
    expect(r.ok && r.value.nmahs).toEqual(['ark.dlc.spct.org']);
  });

  it('replaces its records with update(), and keeps them when the update is invalid', async () => {
    const created = createMaptrServer({ naans: [{ naan: '13030', nmahs: ['old.example'] }] });
    if (!created.ok) throw new Error('server');
    const s = created.value;
    const { port: p } = await s.listen(0, '127.0.0.1');
    try {
      expect(
        s.update({
          naans: [
            { naan: '13030', nmahs: ['new.example'] },
            { naan: '13960', nmahs: ['ia.example'] },
          ],
        }).ok,
      ).toBe(true);
      const r = await maptrLookup('13030', { server: `127.0.0.1:${p}` });
      expect(r.ok && r.value.nmahs).toEqual(['new.example']);
      const bad = s.update({ naans: [{ naan: '13030', nmahs: ['not a host'] }] });
      expect(!bad.ok && bad.error.code).toBe('maptr-server-entry');
      expect(s.names().sort()).toEqual(['13030.ark.arpa', '13960.ark.arpa']);
    } finally {
      await s.close();
    }
  });

  it.each([
    ['a bad NAAN', { naans: [{ naan: '12-26', nmahs: ['a.example'] }] }],
    ['a bad NMAH', { naans: [{ naan: '12026', nmahs: ['a b'] }] }],
    ['a bad redirect', { naans: [{ naan: '12026', redirects: ['a..b'] }] }],
    ['a bad domain', { domains: [{ domain: '-x.example', nmahs: ['a.example'] }] }],
    [
      'a bad record',
      {
        naans: [
          {
            naan: '12026',
            records: [{ order: -1, preference: 0, flags: '', services: '', regexp: '', replacement: '' }],
          },
        ],
      },
    ],
    ['a bad suffix', { suffix: 'a b', naans: [] }],
  ])('refuses %s', (_, options) => {
    const r = createMaptrServer(options);
    expect(!r.ok && r.error.code).toBe('maptr-server-entry');
  });

  it('rejects listen() on a port already taken, without throwing', async () => {
    const created = createMaptrServer({});
    if (!created.ok) throw new Error('server');
    await expect(created.value.listen(port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
    await created.value.close();
  });
});

describe('unanswerableSource', () => {
  const self = { port: 5353, local: localAddresses('0.0.0.0') };
  it.each([
    [{ address: '192.0.2.1', port: 0 }, 'port-zero'],
    [{ address: '127.0.0.1', port: 5353 }, 'own-address'],
    [{ address: '127.0.0.9', port: 5353 }, 'own-address'],
    [{ address: '::ffff:127.0.0.1', port: 5353 }, 'own-address'],
    [{ address: '0.0.0.0', port: 5353 }, 'own-address'],
    [{ address: '127.0.0.1', port: 40000 }, null],
    [{ address: '192.0.2.1', port: 5353 }, null],
  ])('%o → %s', (peer, expected) => {
    expect(unanswerableSource(peer, self)).toBe(expected);
  });
});
