import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { ReloadableNaanTable } from '../resolution/index.ts';
import { rrlOptions, startDns } from './dns.ts';

const dir = mkdtempSync(join(tmpdir(), 'pidgate-dns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dns.rrl', () => {
  it('is on by default with BIND-like settings; environment variables set it; off is false', () => {
    expect(rrlOptions(loadConfig({}))).toEqual({
      responsesPerSecond: 20,
      slip: 2,
      window: 15,
      ipv4PrefixLength: 24,
      ipv6PrefixLength: 56,
    });
    const env = {
      PIDGATE_DNS_RRL_RESPONSES_PER_SECOND: '5',
      PIDGATE_DNS_RRL_NXDOMAINS_PER_SECOND: '3',
      PIDGATE_DNS_RRL_ERRORS_PER_SECOND: '1',
      PIDGATE_DNS_RRL_SLIP: '0',
      PIDGATE_DNS_RRL_WINDOW: '60',
      PIDGATE_DNS_RRL_IPV4_PREFIX_LENGTH: '32',
      PIDGATE_DNS_RRL_IPV6_PREFIX_LENGTH: '64',
    };
    expect(rrlOptions(loadConfig(env))).toEqual({
      responsesPerSecond: 5,
      nxdomainsPerSecond: 3,
      errorsPerSecond: 1,
      slip: 0,
      window: 60,
      ipv4PrefixLength: 32,
      ipv6PrefixLength: 64,
    });
    expect(rrlOptions(loadConfig({ PIDGATE_DNS_RRL_ENABLED: 'off' }))).toBe(false);
  });

  it.each([
    [{ PIDGATE_DNS_RRL_SLIP: '-1' }, /dns\.rrl\.slip/],
    [{ PIDGATE_DNS_RRL_IPV4_PREFIX_LENGTH: '33' }, /dns\.rrl\.ipv4PrefixLength/],
    [{ PIDGATE_DNS_RRL_RESPONSES_PER_SECOND: '0' }, /dns\.rrl\.responsesPerSecond/],
    [{ PIDGATE_DNS_RRL_WINDOW: 'long' }, /dns\.rrl\.window/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a configuration file that still sets the per-source budget RRL replaced', () => {
    const file = join(dir, 'old.json');
    writeFileSync(file, JSON.stringify({ dns: { perSourceRate: 200 } }));
    expect(() => loadConfig({}, file)).toThrow(/perSourceRate/);
  });
});

describe('startDns', () => {
  it('limits UDP answers per dns.rrl and answers the same query over TCP on the same port', async () => {
    const config = loadConfig({
      PIDGATE_DNS_HOST: '127.0.0.1',
      PIDGATE_DNS_PORT: '0',
      PIDGATE_DNS_RRL_RESPONSES_PER_SECOND: '1',
      PIDGATE_DNS_RRL_SLIP: '1',
    });
    const table = await ReloadableNaanTable.fromConfig(config, dir);
    const running = await startDns(config, null, table);
    try {
      const socket = createSocket('udp4');
      const got: Buffer[] = [];
      socket.on('message', (m) => got.push(m));
      // a NAPTR query for nothing.example, written out (RFC 1035 §4.1): header, QNAME, QTYPE 35, QCLASS IN
      const query = (id: number) =>
        Buffer.from([
          ...[id >> 8, id & 0xff, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0],
          ...[7, ...Buffer.from('nothing'), 7, ...Buffer.from('example'), 0],
          ...[0, 35, 0, 1],
        ]);
      for (const id of [1, 2, 3])
        await new Promise<void>((r) => socket.send(query(id), running.port, '127.0.0.1', () => r()));
      for (let w = 0; got.length < 3 && w < 5000; w += 5) await new Promise((r) => setTimeout(r, 5));
      socket.close();
      // one per second: the first answered, the next two slipped (TC=1)
      expect(got.map((m) => [m.readUInt16BE(0), ((m[2] as number) >> 1) & 1])).toEqual([
        [1, 0],
        [2, 1],
        [3, 1],
      ]);
      // over TCP, on the same port, the same query is answered in full (NXDOMAIN, TC=0)
      const overTcp = await new Promise<Buffer>((resolve, reject) => {
        const conn = connect({ port: running.port, host: '127.0.0.1' }, () => {
          const q = query(4);
          const frame = Buffer.alloc(2 + q.length);
          frame.writeUInt16BE(q.length, 0);
          q.copy(frame, 2);
          conn.write(frame);
        });
        let data = Buffer.alloc(0);
        conn.on('error', reject);
        conn.on('data', (chunk) => {
          data = Buffer.concat([data, chunk]);
          if (data.length >= 2 && data.length >= 2 + data.readUInt16BE(0)) {
            conn.end();
            resolve(data.subarray(2));
          }
        });
      });
      expect([overTcp.readUInt16BE(0), ((overTcp[2] as number) >> 1) & 1, (overTcp[3] as number) & 0x0f]).toEqual([
        4, 0, 3,
      ]);
    } finally {
      await running.close();
    }
  });
});
