/**
 * Response rate limiting (RRL) for the Maptr server's UDP answers, as BIND's `rate-limit` and Knot's `mod-rrl`
 * do it. A UDP source address can be forged, so a limit keyed by the source address alone lets a flood spoofed
 * with a victim resolver's address silence that resolver. RRL limits *responses* instead, keyed by
 *
 *   (the client's netblock: IPv4 /24, IPv6 /56 by default; the response's identity)
 *
 * where the identity is the question's name and type for an answer or NODATA, "nxdomain" for every NXDOMAIN
 * (so random names share one account) and "error" for every FORMERR / NOTIMP / BADVERS. Each account is a
 * balance (BIND's model): credited `rate` a second and never above `rate`, debited one per response and never
 * below `-window × rate`; a response whose account is negative is limited. Of the limited responses, every
 * `slip`-th is sent truncated (TC=1, no answer records: the "slip"), the rest are dropped. A genuine resolver
 * that gets the slip retries over TCP, which is never limited (its source address is proven by the handshake),
 * so a spoofed flood only costs the victim a retry; the flood itself is not amplified (a slip is no larger
 * than the query). `slip` 0 never slips, 1 slips every limited response.
 */
import { isIPv4, isIPv6 } from 'node:net';

export interface RrlOptions {
  /** Answers and NODATA per second for one (netblock, name, type). BIND `responses-per-second`. Default 20. */
  readonly responsesPerSecond?: number;
  /** NXDOMAIN responses per second for one netblock. BIND `nxdomains-per-second`. Default: responsesPerSecond. */
  readonly nxdomainsPerSecond?: number;
  /** Error responses (FORMERR, NOTIMP, BADVERS) per second for one netblock. Default: responsesPerSecond. */
  readonly errorsPerSecond?: number;
  /** Every `slip`-th limited response is sent truncated, the others dropped; 0 drops all. Default 2. */
  readonly slip?: number;
  /** Seconds a flood is remembered: an account goes down to `-window × rate`. Default 15. */
  readonly window?: number;
  /** Default 24. */
  readonly ipv4PrefixLength?: number;
  /** Default 56. */
  readonly ipv6PrefixLength?: number;
  /** Accounts kept at once (the least recently used is forgotten past it). Default 100,000. */
  readonly maxEntries?: number;
}

/** What a response is, for RRL: its account is keyed by this. */
export type RrlResponse =
  | { readonly kind: 'answer'; readonly name: string; readonly type: number }
  | { readonly kind: 'nxdomain' }
  | { readonly kind: 'error' };

/** `send` the response, `slip` it (send it truncated: TC=1, no answers), or `drop` it. */
export type RrlDecision = 'send' | 'slip' | 'drop';

export interface ResponseRateLimiter {
  /** Account for one response to `address` at `now` (milliseconds, any monotonic clock). */
  decide(address: string, response: RrlResponse, now: number): RrlDecision;
  /** Accounts currently kept. */
  readonly size: () => number;
}

/** The first `bits` bits of a 16-bit group list, as hex (the rest zeroed away). */
function prefixOfGroups(groups: number[], bits: number): string {
  const out: string[] = [];
  for (let i = 0; i < groups.length && bits > 0; i++, bits -= 16) {
    const keep = Math.min(16, bits);
    out.push((((groups[i] as number) >> (16 - keep)) << (16 - keep)).toString(16));
  }
  return out.join(':');
}

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail expanded); null if not one. */
export function ipv6Groups(address: string): number[] | null {
  const a = address.replace(/%.*$/, ''); // a zone index is not part of the address
  if (!isIPv6(a)) return null;
  let text = a;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [b0, b1, b2, b3] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = tail === null ? [] : parse(tail);
  const zeros = tail === null ? 0 : 8 - left.length - right.length;
  return [...left, ...new Array<number>(zeros).fill(0), ...right];
}

/**
 * The netblock of `address`: IPv4 (and IPv4-mapped IPv6, `::ffff:a.b.c.d`) to `v4` bits, IPv6 to `v6` bits.
 * Anything else (never from a socket) is its own netblock.
 */
export function netblock(address: string, v4: number, v6: number): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ipv4 = mapped ? (mapped[1] as string) : address;
  if (isIPv4(ipv4)) {
    const value = ipv4.split('.').reduce((n, b) => n * 256 + Number(b), 0);
    const masked = v4 === 0 ? 0 : Number((BigInt(value) >> BigInt(32 - v4)) << BigInt(32 - v4));
    return `4/${masked}/${v4}`;
  }
  const groups = ipv6Groups(address);
  return groups ? `6/${prefixOfGroups(groups, v6)}/${v6}` : `?/${address}`;
}

interface Account {
  balance: number;
  at: number;
  limited: number;
}

/** Create a response rate limiter (see the module's comment). */
export function createResponseRateLimiter(options: RrlOptions = {}): ResponseRateLimiter {
  const responses = options.responsesPerSecond ?? 20;
  const rates = {
    answer: responses,
    nxdomain: options.nxdomainsPerSecond ?? responses,
    error: options.errorsPerSecond ?? responses,
  };
  const slip = options.slip ?? 2;
  const window = options.window ?? 15;
  const v4 = options.ipv4PrefixLength ?? 24;
  const v6 = options.ipv6PrefixLength ?? 56;
  const maxEntries = options.maxEntries ?? 100_000;
  const accounts = new Map<string, Account>();
  return {
    decide(address, response, now) {
      const block = netblock(address, v4, v6);
      const key =
        response.kind === 'answer'
          ? `${block} ${response.name.toLowerCase()} ${response.type}`
          : `${block} ${response.kind}`;
      const rate = rates[response.kind];
      let account = accounts.get(key);
      if (account) {
        accounts.delete(key); // re-inserted below: the Map's order is the order of last use
        account.balance = Math.min(rate, account.balance + ((now - account.at) / 1000) * rate);
        account.at = now;
      } else {
        if (accounts.size >= maxEntries) accounts.delete(accounts.keys().next().value as string);
        account = { balance: rate, at: now, limited: 0 };
      }
      accounts.set(key, account);
      account.balance = Math.max(-window * rate, account.balance - 1);
      if (account.balance >= 0) {
        account.limited = 0;
        return 'send';
      }
      account.limited++;
      return slip > 0 && account.limited % slip === 0 ? 'slip' : 'drop';
    },
    size: () => accounts.size,
  };
}
