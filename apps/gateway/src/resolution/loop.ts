import { type Profile, percentDecode } from '@pidgate/core';
import type { SchemesRegistry } from '@pidgate/schemes';
import type { Outcome } from './resolvers/types.ts';
import { authorityEnd } from './url.ts';

/** What `pointsBack` needs to know of the gateway. */
export interface SelfView {
  readonly registry: SchemesRegistry;
  readonly profile: Profile;
  /** The configured public base URL, if any. */
  readonly baseUrl: string | null;
}

/** The host name of a `host[:port]` (`[v6]:port` too), lowercased; null for none. */
function hostName(host: string | null | undefined): string | null {
  if (!host) return null;
  const colon = host.lastIndexOf(':');
  const name = colon > host.lastIndexOf(']') ? host.slice(0, colon) : host;
  return name.length > 0 ? name.toLowerCase() : null;
}

const baseHosts = new Map<string, string>();
/** The `host[:port]` of a base URL (parsed once per base). */
function baseHost(baseUrl: string): string {
  let host = baseHosts.get(baseUrl);
  if (host === undefined) {
    host = URL.canParse(baseUrl) ? new URL(baseUrl).host : '';
    baseHosts.set(baseUrl, host);
  }
  return host;
}

/** `host[:port]` lowercased, without the scheme's default port. */
function hostOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  return new URL(url).host.toLowerCase();
}

/**
 * Would a redirect to `target` come back to this gateway as an identifier (a loop)? True when the target's
 * host is the gateway's (the `baseUrl`'s host, or `requestHost`, the Host the request came with) and its
 * path below the gateway's base path names an identifier (or is percent-encoded one).
 */
export function pointsBack(target: string, self: SelfView, requestHost?: string | null): boolean {
  // Most targets are elsewhere: a look at the authority's text first, the URL parser only when it may match.
  const end = authorityEnd(target);
  if (end !== -1) {
    const authority = target.slice(target.indexOf('//') + 2, end).toLowerCase();
    const request = hostName(requestHost);
    const base = self.baseUrl ? hostName(baseHost(self.baseUrl)) : null;
    if (!(request && authority.includes(request)) && !(base && authority.includes(base))) return false;
  }
  const host = hostOf(target);
  if (host === null) return false;
  const base = self.baseUrl ? new URL(self.baseUrl) : null;
  const hosts = [base?.host.toLowerCase(), requestHost?.toLowerCase()];
  if (!hosts.includes(host)) return false;
  const url = new URL(target);
  const basePath = base && base.host.toLowerCase() === host ? base.pathname.replace(/\/?$/, '/') : '/';
  const path = url.pathname + url.search;
  if (!path.startsWith(basePath)) return false;
  const rest = path.slice(basePath.length);
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
