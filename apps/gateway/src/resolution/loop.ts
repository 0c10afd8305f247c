import { type Profile, percentDecode } from '@pidgate/core';
import type { SchemesRegistry } from '@pidgate/schemes';
import type { Outcome } from './resolvers/types.ts';
import { canonicalHost, hostPort, isSelf, type SelfHost, selfHosts, urlHost } from './self-hosts.ts';

/** What `pointsBack` needs to know of the gateway. */
export interface SelfView {
  readonly registry: SchemesRegistry;
  readonly profile: Profile;
  /** The configured public base URL, if any. */
  readonly baseUrl: string | null;
  /** Every host the gateway answers for (`selfHosts`); left out, the `baseUrl`'s host only. */
  readonly hosts?: readonly SelfHost[];
}

const baseHosts = new Map<string, readonly SelfHost[]>();
/** The hosts of a view without its own list: the `baseUrl`'s (parsed once per base). */
function hostsOf(self: SelfView): readonly SelfHost[] {
  if (self.hosts) return self.hosts;
  const key = self.baseUrl ?? '';
  let hosts = baseHosts.get(key);
  if (hosts === undefined) {
    hosts = selfHosts({ baseUrl: self.baseUrl });
    baseHosts.set(key, hosts);
  }
  return hosts;
}

/** Host headers read (`hostPort`), by their text: a server sees a handful, and each is read once. */
const requestHosts = new Map<string, SelfHost | null>();
const MAX_REQUEST_HOSTS = 256;
function requestHostPort(text: string | null | undefined): SelfHost | null {
  if (!text) return null;
  let found = requestHosts.get(text);
  if (found === undefined) {
    found = hostPort(text);
    if (requestHosts.size >= MAX_REQUEST_HOSTS) requestHosts.clear();
    requestHosts.set(text, found);
  }
  return found;
}

/**
 * Would a redirect to `target` come back to this gateway as an identifier (a loop)? True when the target's
 * host is one the gateway answers for (`self.hosts`: the `baseUrl`'s host, the allowed hosts, the listen
 * addresses, loopback; or `requestHost`, the Host the request came with), compared as the WHATWG URL parser
 * reads it with IPv4-mapped IPv6 unmapped and a trailing dot removed (`self-hosts.ts`), and its path below
 * the gateway's base path names an identifier (or is percent-encoded one).
 */
export function pointsBack(target: string, self: SelfView, requestHost?: string | null): boolean {
  const host = urlHost(target);
  if (host === null) return false;
  const request = requestHostPort(requestHost);
  if (!isSelf(host, hostsOf(self)) && !(request && isSelf(host, [request]))) return false;
  const url = new URL(target);
  const base = self.baseUrl && URL.canParse(self.baseUrl) ? new URL(self.baseUrl) : null;
  const onBase = base !== null && canonicalHost(base.hostname) === host.host;
  const basePath = onBase ? base.pathname.replace(/\/?$/, '/') : '/';
  const path = url.pathname + url.search;
  return namesIdentifier(path, basePath, self);
}

/** Does `path` below `prefix` name an identifier (or percent-encode one)? */
function namesIdentifier(path: string, prefix: string, self: SelfView): boolean {
  if (!path.startsWith(prefix)) return false;
  const rest = path.slice(prefix.length);
  if (self.registry.parse(rest, self.profile).ok) return true;
  const once = percentDecode(rest);
  if (!once.ok) return false;
  const decoded = once.value;
  if (self.registry.parse(decoded, self.profile).ok) return true;
  const q = decoded.indexOf('?');
  return q > 0 && self.registry.parse(decoded.slice(0, q), self.profile).ok;
}

/** A redirect that would come back here as an identifier becomes a 404 (`target-loop`); others pass. */
export function refuseLoop(outcome: Outcome, self: SelfView, requestHost?: string | null): Outcome {
  if (outcome.kind !== 'redirect' || !pointsBack(outcome.target, self, requestHost)) return outcome;
  return {
    kind: 'not-found',
    how: outcome.how,
    code: 'target-loop',
    detail: `${outcome.how} points back at this gateway (${outcome.target}): not followed, so there is no loop`,
    trace: [...(outcome.trace ?? []), `refused: ${outcome.target} points back at this gateway`],
  };
}
