import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of the link checker and the webhook deliveries: no connection to a loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, reserved or otherwise special address, unless the
 * configuration allows it (`links.allowPrivateAddresses`). The address is checked where the connection is
 * made, after the name is resolved (a lookup function node:http calls), so a public name that resolves to
 * 127.0.0.1, or one that changes its answer between a check and the connection, is refused too; an IP
 * literal in the URL (which node:http connects to without a lookup) is checked before the request.
 */

/** The error code of a refused address: `failureClass` makes it the class `blocked-address`. */
export const BLOCKED_CODE = 'EPIDGATE_BLOCKED_ADDRESS';

export class BlockedAddress extends Error {
  readonly code = BLOCKED_CODE;
  constructor(
    readonly address: string,
    readonly range: string,
    host?: string,
  ) {
    super(`${host && host !== address ? `${host} resolves to ` : ''}${address}, a ${range} address: not connected to`);
  }
}

/** The range of a special address (`loopback`, `private`, …), or null for an ordinary public one. */
export function specialRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'unreadable';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Refuse an IP literal host that is special (null when it is fine or not a literal). */
export function blockedLiteral(hostname: string): BlockedAddress | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return null;
  const range = specialRange(bare);
  return range === null ? null : new BlockedAddress(bare, range);
}

type Callback = (err: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;

/**
 * A lookup function that resolves with `inner` (default the system's) and refuses special addresses:
 * with `all`, the special ones are dropped and the lookup fails when none is left.
 */
export function guardedLookup(inner?: LookupFunction): LookupFunction {
  const resolve = (inner ?? dnsLookup) as unknown as (host: string, options: object, cb: Callback) => void;
  return ((hostname: string, options: { all?: boolean } | number | Callback, callback?: Callback) => {
    const cb = (typeof options === 'function' ? options : callback) as Callback;
    const opts = typeof options === 'object' && options !== null ? options : {};
    resolve(hostname, { ...opts, all: true }, (e, addresses) => {
      if (e) return cb(e);
      const list = (addresses ?? []) as { address: string; family: number }[];
      const allowed = list.filter((a) => specialRange(a.address) === null);
      if (allowed.length === 0) {
        const first = list[0];
        const refused = first
          ? new BlockedAddress(first.address, specialRange(first.address) ?? 'special', hostname)
          : new BlockedAddress(hostname, 'unknown', hostname);
        return cb(refused);
      }
      if (opts.all) return cb(null, allowed);
      const one = allowed[0] as { address: string; family: number };
      cb(null, one.address, one.family);
    });
  }) as unknown as LookupFunction;
}
