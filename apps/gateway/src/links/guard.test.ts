import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import { blockedLiteral, guardedLookup, specialRange } from './guard.ts';

// The SSRF guard's address rule, over addresses from the registries of special-purpose addresses
// (RFC 6890 and its IPv4/IPv6 tables, RFC 1918, RFC 6598, RFC 4193, RFC 4291): the test's own table.
describe('the SSRF guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, range) => {
    expect(specialRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(specialRange(address)).toBeNull();
    },
  );

  it('checks IP literals of URLs, and leaves names to the lookup', () => {
    expect(blockedLiteral('127.0.0.1')?.message).toContain('loopback');
    expect(blockedLiteral('[::1]')?.message).toContain('loopback');
    expect(blockedLiteral('8.8.8.8')).toBeNull();
    expect(blockedLiteral('example.org')).toBeNull();
  });

  it('drops special addresses from a lookup, and fails when none is left', async () => {
    const fake = ((_h: string, _o: unknown, cb: (e: Error | null, a?: unknown) => void) =>
      cb(null, [
        { address: '10.0.0.5', family: 4 },
        { address: '93.184.215.14', family: 4 },
      ])) as unknown as LookupFunction;
    const only = ((_h: string, _o: unknown, cb: (e: Error | null, a?: unknown) => void) =>
      cb(null, [{ address: '169.254.169.254', family: 4 }])) as unknown as LookupFunction;
    const ask = (lookup: LookupFunction, all: boolean) =>
      new Promise<{ e: NodeJS.ErrnoException | null; a: unknown; f: unknown }>((resolve) =>
        (lookup as unknown as (h: string, o: object, cb: (...x: unknown[]) => void) => void)(
          'name.test',
          { all },
          (e, a, f) => resolve({ e: e as NodeJS.ErrnoException | null, a, f }),
        ),
      );
    expect(await ask(guardedLookup(fake), false)).toEqual({ e: null, a: '93.184.215.14', f: 4 });
    expect((await ask(guardedLookup(fake), true)).a).toEqual([{ address: '93.184.215.14', family: 4 }]);
    const refused = await ask(guardedLookup(only), false);
    expect(refused.e?.code).toBe('EPIDGATE_BLOCKED_ADDRESS');
    expect(refused.e?.message).toBe('name.test resolves to 169.254.169.254, a linkLocal address: not connected to');
  });
});
