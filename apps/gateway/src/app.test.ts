import { writeFileSync } from 'node:fs';
import { normalizeRecord } from '@pidgate/core';
import { urlOf } from '@pidgate/schemes';
import { describe, expect, it } from 'vitest';
import { allSchemes, natab, tempFiles, testApp } from './testing/helpers.ts';

const { app, deps } = await testApp();

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const body = (await res.json()) as Record<string, unknown>;
  expect(body['status']).toBe(res.status);
  expect(typeof body['type']).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at /); // never a stack trace
  return body;
}

describe('GET /{identifier}: resolution', () => {
  it.each([
    // ARK §2 examples and the modern form; the embedded registry's NAAN 12025 template is http://www.nlm.nih.gov/ark:/${content}
    ['/ark:/12025/654xz321', 302, 'http://www.nlm.nih.gov/ark:/12025/654xz321'],
    ['/ark:/12025/654xz321/s3/f8.05v.tiff', 302, 'http://www.nlm.nih.gov/ark:/12025/654xz321/s3/f8.05v.tiff'],
    ['/ark:12025/x6np1wh8k/c2.pdf', 302, 'http://www.nlm.nih.gov/ark:/12025/x6np1wh8k/c2.pdf'],
    // a shoulder record (99166/w6) takes precedence over its NAAN, with its own http_code
    ['/ark:/99166/w6xyz', 303, 'http://socialarchive.iath.virginia.edu/ark:/99166/w6xyz'],
    ['/ark:/99166/x1', 302, 'http://arks.org/ark:/99166/x1'],
    ['/urn:nbn:de:bvb:19-146642', 302, 'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642'],
    ['/URN:NBN:fi-fe2019101132981', 302, 'https://urn.fi/URN:NBN:fi-fe2019101132981'],
    ['/urn:nbn:se:uu:diva-3475', 302, 'https://urn.kb.se/resolve?urn=urn:nbn:se:uu:diva-3475'],
    [
      '/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk',
      302,
      'https://web.archive.org/web/20160122112029/http://www.dr.dk',
    ],
  ])('%s → %i %s', async (path, status, location) => {
    const res = await app.request(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe(location);
  });

  it('carries the percent-encoding and the qualifier to the target exactly', async () => {
    const res = await app.request('/ark:/12025/654xz321/a%2Fb.pdf');
    expect(res.headers.get('location')).toBe('http://www.nlm.nih.gov/ark:/12025/654xz321/a%2Fb.pdf');
  });

  it('PWID: Memento links to the original, TimeGate and TimeMap (RFC 7089)', async () => {
    const res = await app.request('/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk');
    const link = res.headers.get('link') ?? '';
    expect(link).toContain('<http://www.dr.dk>; rel="original"');
    expect(link).toContain('<https://web.archive.org/web/http://www.dr.dk>; rel="timegate"');
    expect(link).toContain('<https://web.archive.org/web/timemap/link/http://www.dr.dk>; rel="timemap"');
  });

  it('PWID: a restricted archive explains and says where to apply', async () => {
    const res = await app.request('/urn:pwid:netarkivet.dk:2016-01-22T11:20:29Z:page:http://www.dr.dk');
    expect(res.status).toBe(403);
    const body = await problemOf(res);
    expect(body['code']).toBe('restricted-archive');
    expect(body['accessUrl']).toMatch(/^https:\/\//);
    expect(res.headers.get('link')).toContain('rel="help"');
  });

  it('PWID: an unknown archive is a 404 problem', async () => {
    const res = await app.request('/urn:pwid:archive.example.com:2016-01-22T11:20:29Z:page:http://www.dr.dk');
    expect(res.status).toBe(404);
    expect((await problemOf(res))['code']).toBe('unknown-archive');
  });

  it.each([
    ['/urn:example:a123', 'no-delegation'],
    ['/urn:nbn:zz-123', 'no-delegation'], // no resolver for the country (prefix boundaries: resolvers/urn.test.ts)
    ['/pdi://www.nyt.com.us/1997/01/01/123.html.1', 'pdi-not-bound'],
    ['/urn:pdi://www.nyt.com.us/1997/01/01/123.html.1', 'pdi-not-bound'],
    // An unknown NAAN goes to the fallback resolver by default; with it off, 404 unknown-naan (resolver.test.ts).
    ['/favicon.ico', 'unknown-scheme'],
  ])('%s → 404 %s', async (path, code) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect((await problemOf(res))['code']).toBe(code);
  });

  it('a malformed identifier is a 400 problem with the parser code and offset', async () => {
    const res = await app.request('/ark:/1234/x');
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body['code']).toBe('naan-length');
    expect(body['offset']).toBe(5);
  });

  it('other methods are 405 with Allow', async () => {
    const res = await app.request('/ark:/12025/x', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await app.request('/ark:/12025/654xz321', { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://www.nlm.nih.gov/ark:/12025/654xz321');
  });
});

describe('?, ?? and ?info', () => {
  it('`?` in text/plain is the THUMP answer of ARK §6', async () => {
    const res = await app.request('/ark:/12025/654xz321?');
    expect(res.status).toBe(200);
    expect(res.headers.get('thump-status')).toBe('0.1 200 OK');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('vary')).toBe('Accept');
    const text = await res.text();
    expect(text).toMatch(/^\|set: pidgate \| ark:\/12025\/654xz321\? \| \d{8}\n/);
    expect(text).toContain('here: 1 | 1 | 1\n\nerc:\nwho: US National Library of Medicine\n');
    expect(text).toContain('where: http://www.nlm.nih.gov/ark:/12025/654xz321\n');
    expect(text).not.toContain('erc-support:');
  });

  it('`??` adds the commitment (erc-support) from the NAAN record', async () => {
    const text = await (await app.request('/ark:/12025/654xz321??')).text();
    expect(text).toContain('erc-support:\nwho: USNLM\n');
    expect(text).toMatch(/\| ark:\/12025\/654xz321\?\? \|/);
  });

  it('`?info` in JSON: components, normalized form, target and how it was found', async () => {
    const res = await app.request('/ARK:/12025/654XZ321?info', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const record = (await res.json()) as Record<string, Record<string, unknown> & { trace?: unknown }>;
    expect(record).toMatchObject({
      identifier: 'ARK:/12025/654XZ321',
      inflection: '?info',
      scheme: 'ark',
      normalized: 'ark:/12025/654XZ321',
      components: { naan: '12025', name: '654XZ321' },
      resolution: { status: 302, how: 'naan-table' },
      support: { who: 'USNLM' },
    });
    expect(record['resolution']?.['trace']).toEqual(['naan-table: registry record 12025']);
  });

  it('`?info` in text/plain has the ERC and a pidgate record', async () => {
    const text = await (await app.request('/urn:nbn:de:bvb:19-146642?info')).text();
    expect(text).toContain('erc-support:');
    expect(text).toContain('scheme: urn');
    expect(text).toContain('resolution-how: urn-delegation');
    expect(text).toContain('component-nid: nbn');
  });

  // The status is what resolving found: 404 when nothing resolves it (the metadata is the body all the same).
  it.each([
    ['/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk?', 200],
    ['/pdi://www.nyt.com.us/1997/01/01/123.html.1??', 404],
    ['/urn:example:x?info', 404],
  ])('every scheme answers metadata: %s', async (path, status) => {
    const res = await app.request(path, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { erc: object }).erc).toBeTypeOf('object');
  });

  it('browsers get HTML, everything escaped', async () => {
    const res = await app.request('/urn:example:%3Cscript%3E?info', {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<h1>urn:example:%3Cscript%3E?info</h1>');
    expect(html).not.toContain('<script>');
  });

  it('an Accept that refuses every type is 406', async () => {
    const res = await app.request('/ark:/12025/x?', {
      headers: { accept: 'text/plain;q=0, application/json;q=0, text/html;q=0' },
    });
    expect(res.status).toBe(406);
  });
});

describe('batch API', () => {
  const ids = ['ark:/12025/654xz321', 'ARK:/12025/654xz321', 'urn:nbn:de:bvb:19-146642', 'ark:/1/x', ''];

  it('POST /api/v1/normalize answers exactly normalizeRecord per input', async () => {
    const res = await app.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: ids, profile: 'source' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      results: ids.map((id) => normalizeRecord(allSchemes, id, 'source', 'lexical', urlOf)),
    });
  });

  it('POST /api/v1/normalize gives each identifier its resolvable url, and the key at the level asked for', async () => {
    const ask = async (body: object) => {
      const res = await app.request('/api/v1/normalize', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { results: { normalized: string; url: string | null }[] }).results;
    };
    const identifiers = ['ark:/12025/654xz321', 'urn:nbn:de:bvb:19-146642', 'ISBN 0-395-36341-1', 'urn:example:a'];
    const lexical = await ask({ identifiers });
    expect(lexical.map((r) => r.url)).toEqual([
      'https://n2t.net/ark:12025/654xz321',
      'https://nbn-resolving.org/urn:nbn:de:bvb:19-146642',
      'https://openlibrary.org/isbn/0395363411',
      null,
    ]);
    expect(lexical[2]?.normalized).toBe('urn:isbn:0395363411');
    const standard = await ask({ identifiers, level: 'standard' });
    expect(standard[2]?.normalized).toBe('urn:isbn:9780395363416');
    const text = await app.request('/api/v1/normalize?level=standard', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'ISBN 0-395-36341-1\n',
    });
    expect(JSON.parse(await text.text()).normalized).toBe('urn:isbn:9780395363416');
    const bad = await app.request('/api/v1/normalize?level=fuzzy', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x\n',
    });
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'invalid-level']);
  });

  it('a text/plain body streams NDJSON back, one line per input line', async () => {
    const body = 'ark:/12025/654xz321\r\nurn:nbn:de:bvb:19-146642\n\nark:/1/x\nurn:example:last';
    const res = await app.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(res.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const inputs = ['ark:/12025/654xz321', 'urn:nbn:de:bvb:19-146642', '', 'ark:/1/x', 'urn:example:last'];
    expect(lines).toEqual(inputs.map((id) => normalizeRecord(allSchemes, id, undefined, 'lexical', urlOf)));
  });

  it('streams a body split mid-line and mid-character', async () => {
    const text = 'urn:example:ä1\nurn:example:b2\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.slice(i, i + 3));
        c.close();
      },
    });
    const res = await app.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).input);
    expect(lines).toEqual(['urn:example:ä1', 'urn:example:b2']);
  });

  it('POST /api/v1/compare groups by normalized form, with indexes', async () => {
    const res = await app.request('/api/v1/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        identifiers: ['ark:/12025/654xz321', 'ark:/12025/654-xz321', 'urn:example:a', 'ark:/1/x'],
      }),
    });
    const body = (await res.json()) as Record<string, Record<string, unknown> & { trace?: unknown }>;
    expect(body['equivalent']).toBe(false);
    expect(body['groups']).toEqual([
      { normalized: 'ark:/12025/654xz321', members: [0, 1] },
      { normalized: 'urn:example:a', members: [2] },
    ]);
    expect(body['errors']).toMatchObject([{ index: 3, input: 'ark:/1/x', error: { code: 'naan-length' } }]);
  });

  it('compare says equivalent when all are', async () => {
    const res = await app.request('/api/v1/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: ['urn:example:a123,z456', 'URN:EXAMPLE:a123,z456?+abc'] }),
    });
    expect(((await res.json()) as { equivalent: boolean }).equivalent).toBe(true);
  });

  it('GET /api/v1/parse answers the parsed record, or a 400 problem', async () => {
    const ok = await app.request(`/api/v1/parse?id=${encodeURIComponent('ark:12025/x6np1wh8k/c2.pdf')}&profile=modern`);
    expect(await ok.json()).toMatchObject({ scheme: 'ark', profile: 'modern', components: { naan: '12025' } });
    const bad = await app.request('/api/v1/parse?id=urn:x');
    expect(bad.status).toBe(400);
    expect((await problemOf(bad))['code']).toBeTypeOf('string');
  });

  it('POST /api/v1/resolve reports target, status and how, per identifier', async () => {
    const res = await app.request('/api/v1/resolve', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: ['ark:/12025/654xz321', 'urn:example:a', 'ark:/1/x'] }),
    });
    const { results } = (await res.json()) as { results: Record<string, unknown>[] };
    expect(results[0]).toMatchObject({
      ok: true,
      status: 302,
      how: 'naan-table',
      target: 'http://www.nlm.nih.gov/ark:/12025/654xz321',
    });
    expect(results[1]).toMatchObject({ ok: false, status: 404, code: 'no-delegation', target: null });
    expect(results[2]).toMatchObject({ ok: false, status: 400, error: { code: 'naan-length' } });
  });

  it.each([
    ['/api/v1/normalize', '{"identifiers": [1]}', 'application/json', 400],
    ['/api/v1/normalize', '{"identifiers": []}', 'application/json', 400],
    ['/api/v1/normalize', '{"identifiers": ["a"], "extra": 1}', 'application/json', 400],
    ['/api/v1/normalize', '{not json', 'application/json', 400],
    ['/api/v1/normalize', 'x=1', 'application/x-www-form-urlencoded', 415],
    ['/api/v1/compare', '{"identifiers": "ark:/12025/x"}', 'application/json', 400],
    ['/api/v1/resolve', 'null', 'application/json', 400],
  ])('%s with %s is a %i problem', async (path, body, type, status) => {
    const res = await app.request(path, { method: 'POST', headers: { 'content-type': type }, body });
    expect(res.status).toBe(status);
    await problemOf(res);
  });

  it('a body over the limit is 413', async () => {
    const { app: small } = await testApp({ bodyLimit: 100 });
    const res = await small.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: Array(20).fill('urn:example:abcdef') }),
    });
    expect(res.status).toBe(413);
    expect((await problemOf(res))['code']).toBe('body-too-large');
  });

  it('a batch over the limit is 413', async () => {
    const { app: small } = await testApp({ batchLimit: 2 });
    const res = await small.request('/api/v1/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers: ['urn:a:1', 'urn:a:2', 'urn:a:3'] }),
    });
    expect(res.status).toBe(413);
  });
});

describe('service endpoints', () => {
  it('/.well-known/ark answers the resolver base URL: an allowed Host, else the address it listens on', async () => {
    const { app: listed } = await testApp({ allowedHosts: ['resolver.example.org'] });
    const res = await listed.request('http://resolver.example.org/.well-known/ark');
    expect(await res.text()).toBe('http://resolver.example.org/\n');
    expect(res.headers.get('link')).toBe('<http://resolver.example.org/ark:>; rel="ark-resolver"');
    const unknown = await listed.request('http://evil.example.net/.well-known/ark');
    expect(await unknown.text()).toBe('http://127.0.0.1:8080/\n');
    const json = await app.request('/.well-known/ark', { headers: { accept: 'application/json' } });
    expect(await json.json()).toMatchObject({ resolver: 'http://127.0.0.1:8080/' });
  });

  it('/.well-known/ark uses the configured base URL', async () => {
    const { app: based } = await testApp({ baseUrl: 'https://ark.example.org' });
    expect(await (await based.request('/.well-known/ark')).text()).toBe('https://ark.example.org/\n');
  });

  it('/ describes the service; /healthz is ok', async () => {
    expect(await (await app.request('/')).json()).toMatchObject({
      service: 'pidgate',
      // in priority order (@pidgate/schemes): schemes told apart by a URL's host before ARK, DOI before
      // Handle, ROR (ror.org) before ARK, ISNI before ORCID (it declines ORCID's blocks), PWID, PDI and DOI before
      // the generic URN rule, ADS, SWHIDs and the life-science accessions (40-58), bare ISBNs and ISSNs after every
      // labelled scheme
      schemes: [
        'pwid',
        'doi',
        'handle',
        'purl',
        'ror',
        'ark',
        'isni',
        'orcid',
        'arxiv',
        'pmid',
        'pmcid',
        'gnd',
        'viaf',
        'wikidata',
        'openalex',
        'lsid',
        'istc',
        'hal',
        'ascl',
        'cstr',
        'rrid',
        'pdi',
        'ads',
        'swh',
        'geo',
        'sra',
        'bioproject',
        'biosample',
        'ensembl',
        'uniprot',
        'refseq',
        'genome',
        'arrayexpress',
        'isbn',
        'issn',
        'urn',
      ],
    });
    expect(await (await app.request('/healthz')).json()).toMatchObject({ status: 'ok' });
  });

  it('/metrics counts requests by scheme and outcome in Prometheus format', async () => {
    await app.request('/ark:/12025/654xz321');
    await app.request('/ark:/1/x');
    const text = await (await app.request('/metrics')).text();
    expect(text).toMatch(/pidgate_requests_total\{scheme="ark",outcome="redirect"\} \d+/);
    expect(text).toMatch(/pidgate_requests_total\{scheme="unknown",outcome="bad_request"\} \d+/);
    expect(text).toContain('# TYPE pidgate_request_duration_seconds histogram');
    expect(text).toMatch(/pidgate_request_duration_seconds_bucket\{le="\+Inf"\} \d+/);
  });

  it('unknown /api paths are problems, not 500', async () => {
    expect((await app.request('/api/v1/nothing', { method: 'POST' })).status).toBeLessThan(500);
  });
});

describe('admin reload', () => {
  it('POST /api/v1/admin/reload swaps the NAAN table; needs the bearer token', async () => {
    const files = tempFiles({ natab: natab({ 12345: ['one.example.org'] }) });
    const token = 'a-long-enough-admin-token';
    const { app: admin } = await testApp({ naan: { file: files['natab'] as string }, admin: { token } });
    expect((await admin.request('/ark:/12345/x')).headers.get('location')).toBe('http://one.example.org/ark:/12345/x');
    writeFileSync(files['natab'] as string, natab({ 12345: ['two.example.org'] }));
    const refused = await admin.request('/api/v1/admin/reload', {
      method: 'POST',
      headers: { authorization: 'Bearer wrong' },
    });
    expect(refused.status).toBe(401);
    const res = await admin.request('/api/v1/admin/reload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect((await admin.request('/ark:/12345/x')).headers.get('location')).toBe('http://two.example.org/ark:/12345/x');
    // a broken file keeps the table in use
    writeFileSync(files['natab'] as string, '{ not a table');
    const failed = await admin.request('/api/v1/admin/reload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(failed.status).toBe(503);
    expect((await admin.request('/ark:/12345/x')).headers.get('location')).toBe('http://two.example.org/ark:/12345/x');
  });

  it('without a token the admin API is off', async () => {
    expect((await app.request('/api/v1/admin/reload', { method: 'POST' })).status).toBe(404);
  });
});

describe('fallback resolver', () => {
  it('is asked last, with the identifier as written', async () => {
    const { app: withFallback } = await testApp({ fallback: { url: 'https://n2t.example.org/' } });
    const res = await withFallback.request('/ark:/54321/x/y');
    expect(res.headers.get('location')).toBe('https://n2t.example.org/ark:/54321/x/y');
    // On by default: N2T.
    expect(deps.config.fallback.url).toBe('https://n2t.net/');
  });
});
