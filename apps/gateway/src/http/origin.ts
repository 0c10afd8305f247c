import type { Context } from 'hono';
import type { Config } from '../config/index.ts';
import { encodeUriText } from '../resolution/index.ts';

/** Wildcard listen addresses: the URL then names the loopback address. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** `host[:port]` of an absolute URL, lowercased (the default port dropped), or null. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The address and port the gateway listens on, as a URL origin: loopback when it listens on every interface. */
export function listenOrigin(c: Context, config: Config): string {
  const socket = (c.env as { incoming?: { socket?: { localPort?: number } } } | undefined)?.incoming?.socket;
  const port = socket?.localPort ?? config.port;
  const host = WILDCARDS.has(config.host)
    ? '127.0.0.1'
    : config.host.includes(':') && !config.host.startsWith('[')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

/**
 * The origin of every absolute URL the gateway writes (redirects of relative targets, the THUMP URL,
 * `/.well-known/ark`, the home page, the OpenAPI `servers`): the configured `baseUrl`; else the request's own
 * origin when its Host is one of `allowedHosts`; else the address the gateway listens on. A Host header that
 * is not trusted never appears in an answer.
 */
export function trustedOrigin(c: Context, config: Config): string {
  if (config.baseUrl) return config.baseUrl.replace(/\/+$/, '');
  const host = hostOf(c.req.url);
  if (host !== null && config.allowedHosts.some((h) => h.toLowerCase() === host)) return new URL(c.req.url).origin;
  return listenOrigin(c, config);
}

/**
 * This resolver's base URL, ending in `/`: the configured one; else the request's origin when its Host is one
 * of `allowedHosts`; else the address the gateway listens on (`origin.ts`). An unknown Host never appears.
 */
export function publicBase(c: Context, config: Config): string {
  if (config.baseUrl) return config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  return encodeUriText(`${trustedOrigin(c, config)}/`);
}

/** The path part of the public base URL (`https://example.org/resolver/` → `/resolver/`), or `/`. */
export function basePath(baseUrl: string | null | undefined): string {
  if (!baseUrl) return '/';
  try {
    const path = new URL(baseUrl).pathname;
    return path.endsWith('/') ? path : `${path}/`;
  } catch {
    return '/';
  }
}
