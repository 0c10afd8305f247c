import { describe, expect, it } from 'vitest';
import { createResponseRateLimiter, ipv6Groups, netblock, type RrlResponse } from './rrl.ts';

const A: RrlResponse = { kind: 'answer', name: '12026.ark.arpa', type: 35 };
const B: RrlResponse = { kind: 'answer', name: 'dlc.spct.org', type: 35 };

function run(
  limiter: ReturnType<typeof createResponseRateLimiter>,
  address: string,
  r: RrlResponse,
  n: number,
  at = 0,
) {
  return Array.from({ length: n }, () => limiter.decide(address, r, at));
}

describe('createResponseRateLimiter', () => {
  it('sends `rate` at once, then drops and slips alternately (slip 2)', () => {
    const l = createResponseRateLimiter({ responsesPerSecond: 3, slip: 2 });
    expect(run(l, '192.0.2.1', A, 9)).toEqual(['send', 'send', 'send', 'drop', 'slip', 'drop', 'slip', 'drop', 'slip']);
  });

  it('slip 1 truncates every limited response; slip 0 drops them all; slip 3 sends one in three', () => {
    expect(run(createResponseRateLimiter({ responsesPerSecond: 1, slip: 1 }), '192.0.2.1', A, 4)).toEqual([
      'send',
      'slip',
      'slip',
      'slip',
    ]);
    expect(run(createResponseRateLimiter({ responsesPerSecond: 1, slip: 0 }), '192.0.2.1', A, 4)).toEqual([
      'send',
      'drop',
      'drop',
      'drop',
    ]);
    expect(run(createResponseRateLimiter({ responsesPerSecond: 1, slip: 3 }), '192.0.2.1', A, 7)).toEqual([
      'send',
      'drop',
      'drop',
      'slip',
      'drop',
      'drop',
      'slip',
    ]);
  });

  it('keys by the /24 and the response: same /24 shares, another name or /24 has its own account', () => {
    const l = createResponseRateLimiter({ responsesPerSecond: 2, slip: 0 });
    expect(run(l, '192.0.2.1', A, 2)).toEqual(['send', 'send']);
    expect(l.decide('192.0.2.200', A, 0)).toBe('drop'); // same /24
    expect(l.decide('::ffff:192.0.2.7', A, 0)).toBe('drop'); // IPv4-mapped: the same /24
    expect(l.decide('192.0.2.1', B, 0)).toBe('send'); // another name
    expect(l.decide('192.0.2.1', { ...A, type: 255 }, 0)).toBe('send'); // another type
    expect(l.decide('192.0.2.1', { ...A, name: '12026.ARK.ARPA' }, 0)).toBe('drop'); // names are case-blind
    expect(l.decide('192.0.3.1', A, 0)).toBe('send'); // another /24
  });

  it('keys IPv6 by the /56', () => {
    const l = createResponseRateLimiter({ responsesPerSecond: 1, slip: 0 });
    expect(l.decide('2001:db8:0:aa00::1', A, 0)).toBe('send');
    expect(l.decide('2001:db8:0:aaff:ffff::9', A, 0)).toBe('drop'); // same /56
    expect(l.decide('2001:db8:0:ab00::1', A, 0)).toBe('send'); // next /56
  });

  it('puts every NXDOMAIN of a netblock in one account, and every error in another', () => {
    const l = createResponseRateLimiter({
      responsesPerSecond: 100,
      nxdomainsPerSecond: 2,
      errorsPerSecond: 1,
      slip: 0,
    });
    const nx: RrlResponse = { kind: 'nxdomain' };
    const error: RrlResponse = { kind: 'error' };
    expect(run(l, '192.0.2.1', nx, 3)).toEqual(['send', 'send', 'drop']);
    expect(run(l, '192.0.2.1', error, 2)).toEqual(['send', 'drop']);
    expect(l.decide('192.0.2.1', A, 0)).toBe('send');
  });

  it('refills at the rate, never above it, and remembers a flood for `window` seconds', () => {
    const l = createResponseRateLimiter({ responsesPerSecond: 2, slip: 0, window: 3 });
    run(l, '192.0.2.1', A, 100); // 2 sent; the account bottoms out at −3 × 2 = −6
    expect(l.decide('192.0.2.1', A, 2000)).toBe('drop'); // −6 + 4 − 1 = −3
    expect(l.decide('192.0.2.1', A, 3500)).toBe('drop'); // −3 + 3 − 1 = −1
    expect(l.decide('192.0.2.1', A, 5000)).toBe('send'); // −1 + 3 = 2 (the cap), − 1 = 1
    // after a long quiet the account holds one second's worth, no more
    expect(run(l, '192.0.2.1', A, 3, 100_000)).toEqual(['send', 'send', 'drop']);
  });
});

describe('netblock', () => {
  it.each([
    ['192.0.2.77', '4/3221225984/24'],
    ['::ffff:192.0.2.1', '4/3221225984/24'],
    ['2001:db8::1', '6/2001:db8:0:0/56'],
    ['2001:db8:0:12ff::1', '6/2001:db8:0:1200/56'],
  ])('%s → %s', (address, expected) => {
    expect(netblock(address, 24, 56)).toBe(expected);
  });

  it('expands IPv6 addresses', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(ipv6Groups('::ffff:192.0.2.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]);
    expect(ipv6Groups('192.0.2.1')).toBeNull();
  });
});
