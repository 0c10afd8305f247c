import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/helpers.ts';
import { ASSETS } from './assets.ts';

const { app } = await testApp();
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function page(path: string, headers: Record<string, string> = HTML) {
  const res = await app.request(path, { headers });
  return { res, html: await res.text() };
}

/** The stylesheet link every page carries: the one stylesheet, versioned by its hash. */
const stylesheet = `<link rel="stylesheet" href="/assets/pidgate.css?v=${ASSETS.get('pidgate.css')?.hash}"/>`;

describe('the home page', () => {
  it('browsers get the page; programs still get the JSON description', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('vary')).toBe('Accept');
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain(stylesheet);
    expect(html).toContain(`<script type="module" src="/assets/pidgate.js?v=${ASSETS.get('pidgate.js')?.hash}">`);
    const json = await app.request('/');
    expect(await json.json()).toMatchObject({
      service: 'pidgate',
      endpoints: { openapi: 'http://127.0.0.1:8080/openapi.json' },
    });
  });

  it('resolution works without JavaScript: a GET form to /lookup with a labelled field', async () => {
    const { html } = await page('/');
    expect(html).toMatch(/<form id="resolve-form" class="panel" action="\/lookup" method="get">/);
    expect(html).toContain('<label for="resolve-id">Identifier</label>');
    expect(html).toMatch(/<input type="text" id="resolve-id" name="id"/);
    expect(html).toMatch(/<div id="resolve-result" aria-live="polite"/);
    // the list normalizer needs the script: its button is off until the script turns it on
    expect(html).toMatch(/<button type="submit" id="normalize-run" disabled="">/);
    expect(html).toContain('<noscript>');
  });

  it('offers spreadsheets: CSV and TSV files, a column picker, and the settings of the piecewise upload', async () => {
    const { html } = await page('/');
    expect(html).toMatch(/<input type="file" id="normalize-file" accept="[^"]*\.csv,\.tsv[^"]*text\/csv/);
    expect(html).toMatch(/<fieldset id="csv-options" hidden="">/);
    expect(html).toContain('<label for="csv-column">Column with the identifiers</label>');
    expect(html).toMatch(/<progress id="normalize-progress"/);
    // the CSV reader is loaded only when a spreadsheet is chosen: named here, not a <script>
    expect(html).toContain(`data-papaparse="/assets/papaparse.min.js?v=${ASSETS.get('papaparse.min.js')?.hash}"`);
    expect(html).not.toContain('<script src="/assets/papaparse');
    expect(html).toContain('data-chunk-lines="10000"');
    expect(html).toContain('data-batch-limit="10000"');
    const { app: small } = await testApp({ batchLimit: 50 });
    expect(await (await small.request('/', { headers: HTML })).text()).toContain('data-batch-limit="50"');
  });

  it('serves Papa Parse as it comes in its npm package (its licence header kept)', () => {
    const body = ASSETS.get('papaparse.min.js')?.body ?? '';
    expect(body).toMatch(/^\/\* @license\nPapa Parse\nv5\./);
    expect(body).toContain('License: MIT');
  });
});

describe('GET /lookup (the resolve box without JavaScript)', () => {
  it('shows where an identifier leads and its record, without following it', async () => {
    const { res, html } = await page('/lookup?id=ark%3A%2F12025%2F654xz321%2Fs3%2Ff8.05v.tiff');
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(html).toContain('<h1>ark:/12025/654xz321/s3/f8.05v.tiff</h1>');
    expect(html).toContain(
      'to <a href="http://www.nlm.nih.gov/ark:/12025/654xz321/s3/f8.05v.tiff">http://www.nlm.nih.gov/ark:/12025/654xz321/s3/f8.05v.tiff</a>',
    );
    expect(html).toContain('US National Library of Medicine');
    expect(html).toContain('value="ark:/12025/654xz321/s3/f8.05v.tiff"');
    expect(html).toContain(stylesheet);
    expect(html).not.toContain('<script');
  });

  it.each([
    // [input, status, code, the marked character]
    ['ark:/12x25/abc', 400, 'naan-character', 'x'],
    ['urn:ex ample:x', 400, 'nid-character', ' '],
    ['hello', 404, 'unknown-scheme', 'h'],
  ])('%s: %i %s with the offending character marked', async (input, status, code, marked) => {
    const { res, html } = await page(`/lookup?id=${encodeURIComponent(input)}`);
    expect(res.status).toBe(status);
    expect(html).toContain(`(${code})`);
    expect(html).toContain(`<mark class="offending" title="character `);
    expect(html).toMatch(new RegExp(`<mark class="offending" title="character \\d+">${marked}</mark>`));
  });

  it('marks the end when something is missing there', async () => {
    const { html } = await page('/lookup?id=ark%3A%2F12025%2F');
    expect(html).toContain('(name-empty)');
    expect(html).toContain('<code>ark:/12025/<mark class="offending end"');
  });

  it('a typed inflection is not part of the identifier; JSON is the ?info record', async () => {
    const res = await app.request('/lookup?id=urn%3Anbn%3Ade%3Abvb%3A19-146642%3Finfo', {
      headers: { accept: 'application/json' },
    });
    const viaPath = await app.request('/urn:nbn:de:bvb:19-146642?info', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await viaPath.json());
  });

  it('JSON errors are problem documents; no id is the empty form for people, 400 for programs', async () => {
    const bad = await app.request('/lookup?id=ark%3A%2F12x25%2Fabc', { headers: { accept: 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('application/problem+json');
    expect(await bad.json()).toMatchObject({ code: 'naan-character', offset: 7 });
    const { res, html } = await page('/lookup');
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Look up an identifier</h1>');
    const json = await app.request('/lookup', { headers: { accept: 'application/json' } });
    expect(json.status).toBe(400);
    const refused = await app.request('/lookup?id=x', { headers: { accept: 'text/html;q=0, application/json;q=0' } });
    expect(refused.status).toBe(406);
  });

  it('escapes everything it shows', async () => {
    const { html } = await page(`/lookup?id=${encodeURIComponent('urn:example:"><script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('no string makes it answer 5xx, whatever the Accept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.constantFrom('text/html', 'application/json', '*/*'),
        fc.constantFrom('', 'ark:/12025/', 'urn:', 'urn:pwid:archive.org:'),
        async (s, accept, prefix) => {
          const res = await app.request(`/lookup?id=${encodeURIComponent(prefix + s)}`, { headers: { accept } });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
    for (const q of ['?id=%', '?id=%ZZ', '?profile=weird&id=x', '?id=a&id=b', `?id=${'a'.repeat(100_000)}`]) {
      expect((await app.request(`/lookup${q}`, { headers: HTML })).status).toBeLessThan(500);
    }
  });
});

describe('the ?info view shares the look', () => {
  it('uses the layout and the stylesheet, and no script', async () => {
    const { res, html } = await page('/ark:/12025/654xz321?info');
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>ark:/12025/654xz321?info</h1>');
    expect(html).toContain(stylesheet);
    expect(html).toContain('<header class="site">');
    expect(html).toContain('<h2 id="erc">Citation (erc)</h2>');
    expect(html).toContain('<h2 id="erc-support">Commitment (erc-support)</h2>');
    expect(html).toContain('<h2 id="components">Components</h2>');
    expect(html).not.toContain('<script');
  });

  it('? is the brief record: no commitment', async () => {
    const { html } = await page('/ark:/12025/654xz321?');
    expect(html).toContain('<h2 id="erc">');
    expect(html).not.toContain('erc-support');
  });
});

describe('GET /assets/{file}', () => {
  it.each([
    ['pidgate.css', 'text/css; charset=utf-8'],
    ['pidgate.js', 'text/javascript; charset=utf-8'],
    ['papaparse.min.js', 'text/javascript; charset=utf-8'],
    ['sheets.js', 'text/javascript; charset=utf-8'],
    ['jschardet.min.js', 'text/javascript; charset=utf-8'],
    ['exceljs.min.js', 'text/javascript; charset=utf-8'],
  ])('%s: typed, validated by ETag, cached for a year only under its version', async (name, type) => {
    const asset = ASSETS.get(name)!;
    const res = await app.request(`/assets/${name}?v=${asset.hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(asset.body);
    const unversioned = await app.request(`/assets/${name}`);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
    const again = await app.request(`/assets/${name}`, { headers: { 'if-none-match': `W/"x", "${asset.hash}"` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('anything else is a 404 problem', async () => {
    for (const path of ['/assets/nothing.css', '/assets/..%2Fpackage.json', '/assets/%00']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });
});

describe('a gateway below a path', () => {
  it('links the assets and forms below the configured base URL', async () => {
    const { app: below } = await testApp({ baseUrl: 'https://example.org/resolver/' });
    const html = await (await below.request('/', { headers: HTML })).text();
    expect(html).toContain('href="/resolver/assets/pidgate.css?v=');
    expect(html).toContain('action="/resolver/lookup"');
    expect(html).toContain('data-base="/resolver/"');
  });

  it('links the assets of the ?info page and of /lookup below the configured base URL', async () => {
    const { app: below } = await testApp({ baseUrl: 'https://example.org/resolver/' });
    for (const path of ['/ark:/12025/654xz321?info', '/ark:/12025/654xz321??', '/lookup?id=ark:/12025/654xz321']) {
      const html = await (await below.request(path, { headers: HTML })).text();
      expect(html, path).toContain('href="/resolver/assets/pidgate.css?v=');
      expect(html, path).toContain('<a class="brand" href="/resolver/">');
      expect(html, path).not.toMatch(/(?:href|src)="\/assets\//);
    }
  });
});
