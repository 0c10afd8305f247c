import { createSocket, type Socket } from 'node:dgram';
import { connect } from 'node:net';
import dnsPacket from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { createMaptrServer, type MaptrServer } from './server.ts';

/**
 * Response rate limiting over a real server on loopback, with a clock the test moves. The datagrams are read
 * by dns-packet and by the header's own bits (TC is octet 2, bit 1), not by the server's code.
 */

const ENTRIES = {
  naans: [{ naan: '12026', nmahs: ['lhc.nlm.nih.gov:8080', 'foobar.zaf.org'] }],
  domains: [{ domain: 'dlc.spct.org', nmahs: ['ark.dlc.spct.org'] }],
};

let now = 0;
let server: MaptrServer | null = null;
const sockets: Socket[] = [];

async function start(rrl: { responsesPerSecond: number; slip?: number; window?: number }) {
  now = 0;
  const created = createMaptrServer({ ...ENTRIES, rrl, clock: () => now });
  if (!created.ok) throw new Error(created.error.message);
  server = created.value;
  return (await server.listen(0, '127.0.0.1')).port;
}

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = null;
});

function query(id: number, name: string): Buffer {
  return dnsPacket.encode({ type: 'query', id, questions: [{ name, type: 'NAPTR' }] });
}

interface Got {
  id: number;
  tc: boolean;
  rcode: number;
  answers: number;
}

function read(datagram: Buffer): Got {
  const decoded = dnsPacket.decode(datagram);
  return {
    id: datagram.readUInt16BE(0),
    tc: ((datagram[2] as number) & 0x02) !== 0,
    rcode: (datagram[3] as number) & 0x0f,
    answers: decoded.answers?.length ?? 0,
  };
}

/** A UDP client bound to `address` (127.0.0.0/8 is all loopback on Linux), collecting what it receives. */
async function client(address: string) {
  const socket = createSocket('udp4');
  sockets.push(socket);
  const got: Got[] = [];
  socket.on('message', (m) => got.push(read(m)));
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  return {
    got,
    send: (message: Buffer, port: number) =>
      new Promise<void>((resolve) => socket.send(message, port, '127.0.0.1', () => resolve())),
  };
}

/** Wait until `done()` holds (checked every 5 ms), at most 5 s: far above the milliseconds it takes. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 5000; waited += 5) await new Promise((r) => setTimeout(r, 5));
}

/** Send `count` queries for `name`, ids from `first`, and wait until the server has read them all. */
async function flood(c: Awaited<ReturnType<typeof client>>, port: number, name: string, first: number, count: number) {
  const before = server?.stats().received ?? 0;
  for (let i = 0; i < count; i++) await c.send(query(first + i, name), port);
  await until(() => (server?.stats().received ?? 0) >= before + count);
}

/** One query over TCP (two-octet length framing, RFC 1035 §4.2.2), on a connection of its own. */
function askTcp(port: number, messages: Buffer[]): Promise<Got[]> {
  return new Promise((resolve, reject) => {
    const conn = connect({ port, host: '127.0.0.1' });
    const got: Got[] = [];
    let pending = Buffer.alloc(0);
    conn.on('error', reject);
    conn.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        got.push(read(pending.subarray(2, 2 + pending.readUInt16BE(0))));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
      if (got.length === messages.length) {
        conn.end();
        resolve(got);
      }
    });
    conn.on('connect', () => {
      // every query in one write: pipelined (RFC 7766 §6.2.1.1)
      conn.write(
        Buffer.concat(
          messages.map((m) => {
            const frame = Buffer.alloc(2 + m.length);
            frame.writeUInt16BE(m.length, 0);
            m.copy(frame, 2);
            return frame;
          }),
        ),
      );
    });
  });
}

describe('response rate limiting over UDP', () => {
  it('limits a flood of one query from one address: the rate in full, then every 2nd limited one slipped (TC=1)', async () => {
    const port = await start({ responsesPerSecond: 5, slip: 2 });
    const c = await client('127.0.0.1');
    await flood(c, port, '12026.ark.arpa', 1, 20);
    // 5 in full; of the 15 limited (ids 6..20) the 2nd, 4th, … (ids 7, 9, …, 19) slip and the 8 others drop
    await until(() => c.got.length >= 12);
    await new Promise((r) => setTimeout(r, 50)); // anything more the server sent has arrived by now
    const full = c.got.filter((g) => !g.tc);
    const slipped = c.got.filter((g) => g.tc);
    expect(full.map((g) => [g.id, g.rcode, g.answers])).toEqual([1, 2, 3, 4, 5].map((id) => [id, 0, 2]));
    expect(slipped.map((g) => [g.id, g.rcode, g.answers])).toEqual([7, 9, 11, 13, 15, 17, 19].map((id) => [id, 0, 0]));
    expect(c.got.length).toBe(12);
  });

  it('keeps one account per name: another name from the same /24 is answered; the same name is not', async () => {
    const port = await start({ responsesPerSecond: 5, slip: 2 });
    const flooder = await client('127.0.0.1');
    await flood(flooder, port, '12026.ark.arpa', 1, 20);
    const neighbour = await client('127.0.0.2'); // same /24
    await neighbour.send(query(100, 'dlc.spct.org'), port);
    await until(() => neighbour.got.length >= 1);
    expect(neighbour.got).toEqual([{ id: 100, tc: false, rcode: 0, answers: 1 }]);
    // the flooded name from the same /24 shares the flooder's account: limited (limited #16: slipped)
    await neighbour.send(query(101, '12026.ark.arpa'), port);
    await until(() => neighbour.got.length >= 2);
    expect(neighbour.got[1]).toEqual({ id: 101, tc: true, rcode: 0, answers: 0 });
    // from another /24 the same name has its own account
    const other = await client('127.0.1.1');
    await other.send(query(200, '12026.ark.arpa'), port);
    await until(() => other.got.length >= 1);
    expect(other.got).toEqual([{ id: 200, tc: false, rcode: 0, answers: 2 }]);
  });

  it('never limits TCP: during the flood every TCP query of the flooded name is answered in full', async () => {
    const port = await start({ responsesPerSecond: 5, slip: 2 });
    const c = await client('127.0.0.1');
    await flood(c, port, '12026.ark.arpa', 1, 20);
    const overTcp = await askTcp(
      port,
      Array.from({ length: 50 }, (_, i) => query(1000 + i, '12026.ark.arpa')),
    );
    expect(overTcp.map((g) => [g.id, g.tc, g.rcode, g.answers])).toEqual(
      Array.from({ length: 50 }, (_, i) => [1000 + i, false, 0, 2]),
    );
    // and UDP is still limited: one more is limited #16, a slip
    await c.send(query(21, '12026.ark.arpa'), port);
    await until(() => c.got.some((g) => g.id === 21));
    expect(c.got.find((g) => g.id === 21)).toEqual({ id: 21, tc: true, rcode: 0, answers: 0 });
  });

  it('refills the account as the clock advances: rate per second, after the debt of the flood', async () => {
    const port = await start({ responsesPerSecond: 5, slip: 1, window: 15 });
    const c = await client('127.0.0.1');
    await flood(c, port, '12026.ark.arpa', 1, 20); // 5 sent: the account is at 5 − 20 = −15
    await until(() => c.got.length >= 20); // slip 1: every limited response is slipped
    expect(c.got.filter((g) => g.tc).length).toBe(15);
    now = 2000; // +10: −5, still limited
    await c.send(query(30, '12026.ark.arpa'), port);
    await until(() => c.got.some((g) => g.id === 30));
    expect(c.got.find((g) => g.id === 30)?.tc).toBe(true);
    now = 4400; // −6 + 12 = +6, capped at 5: answered in full again
    await c.send(query(31, '12026.ark.arpa'), port);
    await until(() => c.got.some((g) => g.id === 31));
    expect(c.got.find((g) => g.id === 31)).toEqual({ id: 31, tc: false, rcode: 0, answers: 2 });
  });
});
