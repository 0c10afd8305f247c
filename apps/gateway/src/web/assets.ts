import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A static file the pages use, read once at start and served with a content hash as its version. */
export interface Asset {
  readonly name: string;
  readonly type: string;
  readonly body: string;
  /** The first 16 hex digits of the SHA-256 of the body: the `?v=` of its URL and its strong ETag. */
  readonly hash: string;
}

function load(name: string, type: string): Asset {
  const body = readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
  return { name, type, body, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
}

/** Every static asset, by file name, served under `/assets/`. */
export const ASSETS: ReadonlyMap<string, Asset> = new Map(
  [load('pidgate.css', 'text/css; charset=utf-8'), load('pidgate.js', 'text/javascript; charset=utf-8')].map((a) => [
    a.name,
    a,
  ]),
);

/** The URL of an asset below `base` (a path ending in `/`), versioned so that it can be cached for a year. */
export function assetUrl(base: string, name: 'pidgate.css' | 'pidgate.js'): string {
  const asset = ASSETS.get(name) as Asset;
  return `${base}assets/${name}?v=${asset.hash}`;
}
