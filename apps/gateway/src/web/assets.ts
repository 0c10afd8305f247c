import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** A static file the pages use, read once at start and served with a content hash as its version. */
export interface Asset {
  readonly name: string;
  readonly type: string;
  readonly body: string;
  /** The first 16 hex digits of the SHA-256 of the body: the `?v=` of its URL and its strong ETag. */
  readonly hash: string;
}

function load(name: string, type: string, file: string | URL = new URL(`./assets/${name}`, import.meta.url)): Asset {
  const body = readFileSync(file, 'utf8');
  return { name, type, body, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
}

/**
 * Papa Parse (MIT), the CSV reader of the page script: its browser build, served as it is from the
 * npm package (no bundler), loaded by the page only when a CSV or TSV file is chosen.
 */
const papaparse = createRequire(import.meta.url).resolve('papaparse/papaparse.min.js');

/**
 * jschardet (0BSD), the encoding detector the page asks about a file that is not UTF-8 (the CLI asks the
 * same library), and exceljs (MIT), the page's reader and writer of .xlsx workbooks: their browser builds
 * (IIFE, globals `jschardet` and `ExcelJS`; exceljs without its polyfills), served as they are, loaded
 * only when such a file is chosen. `sheets.js` is the page's module that uses them.
 */
// (jschardet's exports map names no dist file: found beside its CommonJS entry.)
const jschardet = new URL(
  '../dist/jschardet.min.js',
  pathToFileURL(createRequire(import.meta.url).resolve('jschardet')),
);
const exceljs = createRequire(import.meta.url).resolve('exceljs/dist/exceljs.bare.min.js');

/** Every static asset, by file name, served under `/assets/`. */
export const ASSETS: ReadonlyMap<string, Asset> = new Map(
  [
    load('pidgate.css', 'text/css; charset=utf-8'),
    load('pidgate.js', 'text/javascript; charset=utf-8'),
    load('sheet.js', 'text/javascript; charset=utf-8'),
    load('console.js', 'text/javascript; charset=utf-8'),
    load('papaparse.min.js', 'text/javascript; charset=utf-8', papaparse),
    load('sheets.js', 'text/javascript; charset=utf-8'),
    load('jschardet.min.js', 'text/javascript; charset=utf-8', jschardet),
    load('exceljs.min.js', 'text/javascript; charset=utf-8', exceljs),
  ].map((a) => [a.name, a]),
);

/** The URL of an asset below `base` (a path ending in `/`), versioned so that it can be cached for a year. */
export function assetUrl(
  base: string,
  name:
    | 'pidgate.css'
    | 'pidgate.js'
    | 'papaparse.min.js'
    | 'console.js'
    | 'sheets.js'
    | 'jschardet.min.js'
    | 'exceljs.min.js',
): string {
  const asset = ASSETS.get(name) as Asset;
  return `${base}assets/${name}?v=${asset.hash}`;
}
