import { networkInterfaces } from 'node:os';

/**
 * The names and addresses the gateway answers for, compared as the WHATWG URL parser reads them (`127.1`,
 * `2130706433`, `0x7f.0.0.1` are all `127.0.0.1`), with IPv4-mapped IPv6 addresses (`[::ffff:127.0.0.1]`)
 * read as their IPv4 address, a trailing dot removed (`pid.example.org.`) and case folded. Every loopback
 * spelling (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`, and `0.0.0.0`/`[::]`, which reach the local
 * host) is one name, `loopback`.
 */

/** A canonical host and the port it is reached on (null: any port). */
export interface SelfHost {
  readonly host: string;
  readonly port: number | null;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const MAPPED = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/;
const WILDCARDS = new Set(['0.0.0.0', '[::]']);
export const LOOPBACK = 'loopback';

/** An IPv4-mapped IPv6 address (`[::ffff:7f00:1]`, as WHATWG writes it) as its IPv4 address; others as given. */
function unmap(host: string): string {
  const m = MAPPED.exec(host);
  if (!m) return host;
  const hi = Number.parseInt(m[1] as string, 16);
  const lo = Number.parseInt(m[2] as string, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * A WHATWG hostname (`new URL(…).hostname`) as the gateway compares it: IPv4-mapped IPv6 unmapped, trailing
 * dots removed, lower case, and every loopback spelling `loopback`.
 */
export function canonicalHost(hostname: string): string {
  let host = unmap(hostname.toLowerCase());
  while (host.endsWith('.')) host = host.slice(0, -1);
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || WILDCARDS.has(host)) return LOOPBACK;
  const v4 = IPV4.exec(host);
  if (v4 && (v4[1] === '127' || host === '0.0.0.0')) return LOOPBACK;
  return host;
}

/** The canonical host and effective port of an absolute http(s) URL, or null. */
export function urlHost(url: string): SelfHost | null {
  // One parse (not URL.canParse, then new URL): this runs for every redirect the loop check sees.
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const port = u.port === '' ? (DEFAULT_PORTS[u.protocol] ?? null) : Number(u.port);
  return { host: canonicalHost(u.hostname), port };
}

/** A `host`, `host:port`, `[v6]` or `[v6]:port` (a Host header, an allowed host, a listen address) read canonically. */
export function hostPort(text: string | null | undefined): SelfHost | null {
  if (!text) return null;
  const bracketed = text.includes(':') && !text.startsWith('[') && text.indexOf(':') !== text.lastIndexOf(':');
  const authority = bracketed ? `[${text}]` : text;
  if (!URL.canParse(`http://${authority}/`)) return null;
  const u = new URL(`http://${authority}/`);
  // An explicit `:80` is dropped by the parser; a port-less text means any port.
  const explicit = /:\d+$/.test(authority);
  return { host: canonicalHost(u.hostname), port: explicit ? Number(u.port || 80) : null };
}

/** Every address of this machine's interfaces, canonical (for a gateway listening on every interface). */
function interfaceHosts(): string[] {
  const hosts: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      const h = hostPort(a.family === 'IPv6' ? `[${a.address.replace(/%.*$/, '')}]` : a.address);
      if (h) hosts.push(h.host);
    }
  }
  return hosts;
}

/** What the gateway is configured to answer as. */
export interface SelfConfig {
  readonly baseUrl: string | null;
  readonly allowedHosts?: readonly string[];
  /** The listen address (`0.0.0.0`, `::`: every interface) and port (0: any). */
  readonly listenHost?: string;
  readonly listenPort?: number;
}

/**
 * The hosts the gateway answers for: the `baseUrl`'s host (on any port unless it names one: a proxy in front
 * may listen on several), the allowed hosts (with their port when they name one), the listen address and port (every
 * interface address and loopback for a wildcard listen address).
 */
export function selfHosts(config: SelfConfig): SelfHost[] {
  const hosts: SelfHost[] = [];
  if (config.baseUrl) {
    const base = urlHost(config.baseUrl);
    const explicit = URL.canParse(config.baseUrl) && new URL(config.baseUrl).port !== '';
    if (base) hosts.push({ host: base.host, port: explicit ? base.port : null });
  }
  for (const a of config.allowedHosts ?? []) {
    const h = hostPort(a);
    if (h) hosts.push(h);
  }
  // A listen port of 0 is known only once listening: the request's Host (`pointsBack`) then says it.
  if (config.listenHost !== undefined && config.listenPort) {
    const port = config.listenPort;
    const listen = hostPort(config.listenHost === '' ? '0.0.0.0' : config.listenHost);
    if (listen) hosts.push({ host: listen.host, port });
    if (listen?.host === LOOPBACK) {
      const wildcard = ['0.0.0.0', '::', '[::]', ''].includes(config.listenHost);
      if (wildcard) for (const host of interfaceHosts()) hosts.push({ host, port });
    }
  }
  return hosts;
}

/** Is `target` (a canonical host and port) one of `hosts`? */
export function isSelf(target: SelfHost, hosts: readonly SelfHost[]): boolean {
  return hosts.some(
    (h) => h.host === target.host && (h.port === null || target.port === null || h.port === target.port),
  );
}
