// biome-ignore-all lint/suspicious/noTemplateCurlyInString: NAAN registry targets are ${content} templates.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import { type RunningServer, startServer } from './server.ts';
import { testConfig } from './testing/helpers.ts';
import { testStore } from './testing/store.ts';

// The gateway held to the resolvers people use today, over real sockets, with the deployed schemes
// (@pidgate/schemes), a real SQLite store and the NAAN registry snapshot shipped in apps/gateway/data.
// Each case names where its expected value comes from:
// - arklet: internetarchive/arklet, tests/ark/views_tests.py (and its `resolve_ark` view);
// - rslv: the arks.org / N2T resolver, CDLUC3/resolver tests/test_service.py and
//   tests/test_get_request_identifier.py, and its maintainers in CDLUC3/ezid issue 915;
// - EZID: "Suffix Passthrough Explained" (ezid.cdlib.org/learn/suffix_passthrough, n2t.net/e/suffix_passthrough.html);
// - ARK-09: draft-kunze-ark-09 §6 (THUMP) in shared/specs; ARK-41: draft-kunze-ark-41, abstract.

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A request whose target goes on the wire exactly as given (a bare trailing `?` included). */
function send(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The NAAN registry snapshot shipped in the repository, read here without the gateway's loader. */
const snapshot = JSON.parse(readFileSync(new URL('../data/naan_records.json', import.meta.url), 'utf8')) as {
  data: { what: string; who: { name: string; acronym: string }; target: { url: string; http_code: number } }[];
};
const nlm = snapshot.data.find((r) => r.what === '12025');
if (!nlm) throw new Error('NAAN 12025 is missing from the snapshot');

const json = { accept: 'application/json' };

describe('resolution as arklet, N2T and the ARK spec have it', () => {
  let s: RunningServer;
  let closeStore: () => Promise<void>;
  let port: number;
  beforeAll(async () => {
    const opened = await testStore('sqlite');
    closeStore = opened.close;
    const made = await opened.store.createToken('compat', ['ark:/99999']);
    if (!made.ok) throw new Error(made.error.message);
    const config = testConfig({ port: 0, host: '127.0.0.1' });
    s = await startServer({ config, deps: await createDeps(config, { store: opened.store }) });
    port = s.port;
    const auth = { authorization: `Bearer ${made.value.token}`, 'content-type': 'application/json' };
    const bind = async (id: string, target: string, erc: Record<string, string> = {}) => {
      const res = await send(port, `/api/v1/bindings/${id}`, auth, 'PUT', JSON.stringify({ target, erc }));
      expect(res.status, id).toBe(201);
    };
    // arklet's fixtures: a collection, an item below it, a version ARK, a run with a component, an item
    // whose name a hyphen may split; EZID's ancestor ARK; one ARK bound then deleted (a tombstone).
    await bind('ark:/99999/c5col5', 'https://example.com/collection', { who: 'NII', what: 'Scan collection' });
    await bind('ark:/99999/c5col5/k3n7q9wb2', 'https://example.com/item', { what: 'Item' });
    await bind('ark:/99999/c5col5/k3n7q9wb2/v2', 'https://example.com/item-v2');
    await bind('ark:/99999/c5run1', 'https://example.com/run.mzMLb');
    await bind('ark:/99999/c5run1/spectra', 'https://example.com/spectra');
    await bind('ark:/99999/c5k3n7q9wb2', 'https://example.com/item');
    await bind('ark:/99999/x98765', 'https://repo.example.org/x98765');
    await bind('ark:/99999/c5gone', 'https://example.com/gone', { who: 'NII', what: 'Withdrawn report' });
    const del = await send(port, '/api/v1/bindings/ark:/99999/c5gone', auth, 'DELETE');
    expect(del.status).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    await closeStore();
  });

  // [request target, expected status, expected Location, source]
  const redirects: [string, number, string, string][] = [
    // arklet test_http_resolve_redirects: `r.status_code == 302`, `r["Location"] == "https://repo.example/records/1"`.
    ['/ark:/99999/c5col5', 302, 'https://example.com/collection', 'arklet'],
    // arklet test_http_label_is_case_insensitive: `/ARK:/…` answers 302.
    ['/ARK:/99999/c5col5', 302, 'https://example.com/collection', 'arklet'],
    // ARK-41 abstract / shared/specs/README.md: `ark:` and `ark:/` are equivalent.
    ['/ark:99999/c5col5', 302, 'https://example.com/collection', 'ARK-41'],
    // arklet test_http_passthrough: `/entry/detector` → `https://repo.example/records/1/entry/detector`.
    ['/ark:/99999/c5col5/entry/detector', 302, 'https://example.com/collection/entry/detector', 'arklet'],
    // arklet test_version_suffix_uses_nearest_ancestor: "redirected to the item, with the suffix passed through".
    ['/ark:/99999/c5col5/k3n7q9wb2/v3', 302, 'https://example.com/item/v3', 'arklet'],
    // arklet test_unregistered_intermediate_level_falls_back: `https://example.com/collection/k3n7q9wb2/v2`.
    ['/ark:/99999/c5col5/k3n8q9wb2/v2', 302, 'https://example.com/collection/k3n8q9wb2/v2', 'arklet'],
    // arklet test_exact_match_is_preferred_over_prefix: "A registered version ARK resolves to its own url".
    ['/ark:/99999/c5col5/k3n7q9wb2/v2', 302, 'https://example.com/item-v2', 'arklet'],
    // arklet test_variant_falls_back_to_the_base_object: `https://example.com/run.mzMLb.mzml`.
    ['/ark:/99999/c5run1.mzml', 302, 'https://example.com/run.mzMLb.mzml', 'arklet'],
    // arklet test_variant_of_a_component_uses_the_component: `https://example.com/spectra.json`.
    ['/ark:/99999/c5run1/spectra.json', 302, 'https://example.com/spectra.json', 'arklet'],
    // arklet test_hyphenated_ark_resolves; ARK-09 §2.7 "all hyphens are removed".
    ['/ark:/99999/c5k3n7-q9wb2', 302, 'https://example.com/item', 'arklet'],
    // arklet test_hyphen_in_the_name_does_not_reach_the_target: `https://example.com/item/v2`.
    ['/ark:/99999/c5k3n7-q9wb2/v2', 302, 'https://example.com/item/v2', 'arklet'],
    // arklet test_hyphen_in_the_qualifier_is_preserved: a qualifier's hyphens reach the target intact.
    ['/ark:/99999/c5k3n7q9wb2/v-2', 302, 'https://example.com/item/v-2', 'arklet'],
    // arklet resolve_ark: the query string is appended to the target (`?` then the query).
    ['/ark:/99999/c5col5?format=pdf', 302, 'https://example.com/collection?format=pdf', 'arklet'],
    // EZID: "N2T scans backwards … stops at the first ancestor ARK that is registered … redirects the user's
    // browser to the ancestor's target URL, appending the suffix that it scanned."
    [
      '/ark:/99999/x98765/study92/location18/day96.xlsx',
      302,
      'https://repo.example.org/x98765/study92/location18/day96.xlsx',
      'EZID',
    ],
    // arklet resolve_ark: a NAAN it knows → `f"{naan_obj.url}/ark:/{ark_str}"`; here the registry record's
    // target template (302, `http://www.nlm.nih.gov/ark:/${content}`).
    ['/ark:/12025/654xz321', nlm.target.http_code, nlm.target.url.replace('${content}', '12025/654xz321'), 'arklet'],
    // ARK FAQ (wiki.lyrasis.org, "ARK Identifiers FAQ"): "this core ARK identifier, ark:/12148/btv1b8449691v/f29
    // appears inside two different URLs: http://ark.bnf.fr/ark:/12148/btv1b8449691v/f29 …".
    ['/ark:/12148/btv1b8449691v/f29', 302, 'http://ark.bnf.fr/ark:/12148/btv1b8449691v/f29', 'ARK FAQ'],
    // arklet resolve_ark: a NAAN it does not know → `f"{settings.ARK_FALLBACK_RESOLVER}/ark:/{ark_str}"`
    // (https://n2t.net); rslv: redirects answer 302.
    ['/ark:/54321/x', 302, 'https://n2t.net/ark:/54321/x', 'arklet'],
    // rslv test_get_request_identifier: a resolver URL in the path (`http://example.com/ark:/32345/foo`) is
    // the ARK; so is the same percent-encoded (`http%3A%2F%2Fexample.com%2Fark%3A%2F42345%2Ffoo`).
    ['/https://n2t.net/ark:/99999/c5col5', 302, 'https://example.com/collection', 'rslv'],
    ['/http%3A%2F%2Fexample.com%2Fark%3A%2F99999%2Fc5col5', 302, 'https://example.com/collection', 'rslv'],
    // Not an inflection: arklet answers `?json` with its JSON record; no ARK spec defines `?json`, so it is a
    // query and goes on to the target as N2T passes queries (docs/operating.md, "Differences").
    ['/ark:/99999/c5col5?json', 302, 'https://example.com/collection?json', 'pidgate'],
  ];

  it.each(redirects)('%s → %i %s (%s)', async (target, status, location) => {
    const res = await send(port, target);
    expect([res.status, res.headers['location']]).toEqual([status, location]);
  });

  it('ARK-09 §6: `?` is a text/plain ERC with THUMP-Status "0.1 200 OK", the set header, no erc-support', async () => {
    const res = await send(port, '/ark:/99999/c5col5?');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['thump-status']).toBe('0.1 200 OK');
    expect(res.body).toMatch(/^\|set: /);
    expect(res.body).toContain('here: 1 | 1 | 1');
    expect(res.body).toContain('erc:\nwho: NII\nwhat: Scan collection\n');
    expect(res.body).not.toContain('erc-support:');
  });

  it('ARK-09 §6: `??` adds the erc-support segment; ARK-41: `?info` has the record and the commitment', async () => {
    for (const inflection of ['??', '?info']) {
      const res = await send(port, `/ark:/99999/c5col5${inflection}`);
      expect(res.status, inflection).toBe(200);
      expect(res.body, inflection).toContain('erc:\nwho: NII');
      expect(res.body, inflection).toContain('erc-support:\n');
    }
  });

  it('ARK FAQ: "adding \'??\' on the end of the ARK should get you to its description" (`…/metadc107835/??`)', async () => {
    const res = await send(port, '/ark:/67531/metadc107835/??');
    expect(res.status).toBe(200);
    expect(res.headers['location']).toBeUndefined();
    expect(res.body).toContain('erc:\n');
    expect(res.body).toContain('erc-support:\n');
    const unt = snapshot.data.find((r) => r.what === '67531');
    expect(res.body).toContain(`where: ${unt?.target.url.replace('${content}', '67531/metadc107835/')}`);
  });

  it('rslv: `ark:99999/fkhhdd?info` is answered by the resolver itself (200), not forwarded', async () => {
    const res = await send(port, '/ark:99999/c5nothing?info', json);
    expect(res.status).toBe(200);
    expect(res.headers['location']).toBeUndefined();
    const body = JSON.parse(res.body) as { resolution: { status: number; target: string } };
    // …telling where the ARK resolves: the registry record of 99999 (`http://arks.org/ark:/${content}`).
    const test = snapshot.data.find((r) => r.what === '99999');
    expect(body.resolution).toMatchObject({
      status: 302,
      target: test?.target.url.replace('${content}', '99999/c5nothing'),
    });
  });

  it('arklet test_json_inflection_on_suffix_returns_metadata: an unbound sub-resource describes its ancestor', async () => {
    const res = await send(port, '/ark:/99999/c5col5/entry/instrument?info', json);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as {
      identifier: string;
      erc: Record<string, string>;
      resolution: { target: string };
      about: { binding: { boundAs: string } };
    };
    // "the record is about the ark that was requested", "it says whose metadata it is", "the values are
    // inherited from that ancestor", "url points at where the requested ark actually resolves".
    expect(body.identifier).toBe('ark:/99999/c5col5/entry/instrument');
    expect(body.about.binding.boundAs).toBe('ark:/99999/c5col5');
    expect(body.erc['what']).toBe('Scan collection');
    expect(body.resolution.target).toBe('https://example.com/collection/entry/instrument');
  });

  it('arklet test_inflection_uses_nearest_ancestor: the item answers, not the collection', async () => {
    const body = JSON.parse((await send(port, '/ark:/99999/c5col5/k3n7q9wb2/v9?info', json)).body) as {
      erc: Record<string, string>;
      about: { binding: { boundAs: string } };
    };
    expect(body.about.binding.boundAs).toBe('ark:/99999/c5col5/k3n7q9wb2');
    expect(body.erc['what']).toBe('Item');
  });

  it('arklet: `?info` of a tombstoned ARK answers 410 with its metadata (`status_code=410 if is_tombstoned`)', async () => {
    const text = await send(port, '/ark:/99999/c5gone?info');
    expect(text.status).toBe(410);
    expect(text.headers['thump-status']).toBe('0.1 410 Gone');
    expect(text.body).toContain('what: Withdrawn report');
    const data = await send(port, '/ark:/99999/c5gone?info', json);
    expect(data.status).toBe(410);
    expect((JSON.parse(data.body) as { erc: Record<string, string> }).erc['what']).toBe('Withdrawn report');
    // The plain request is 410 too (a problem document).
    expect((await send(port, '/ark:/99999/c5gone')).status).toBe(410);
  });

  it('browsers get the metadata as an HTML page, programs as JSON (content negotiation)', async () => {
    const page = await send(port, '/ark:/99999/c5col5?info', {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['vary']).toContain('Accept');
    expect(page.body).toContain('Scan collection');
    const data = await send(port, '/ark:/99999/c5col5?info', json);
    expect(data.headers['content-type']).toBe('application/json');
  });

  it('HEAD of an inflection answers the status and headers of GET, without a body', async () => {
    const res = await send(port, '/ark:/99999/c5col5?info', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('');
  });

  describe('a NAAN alone is described (rslv; CDLUC3/ezid#915: "ark:/nnnnn - returns info about the prefix")', () => {
    // rslv test_resolve_schemes: `("ark:/12345", {… "status": 200})`, `("ark:12345", {… "status": 200})`;
    // ezid#915: "equivalent to info/ark:/nnnnn and ark:/nnnnn?info".
    it.each(['/ark:/12025', '/ark:12025', '/ark:/12025/', '/ARK:/12025?info', '/ark:12025??', '/.info/ark:/12025'])(
      '%s: 200, the registry record of NAAN 12025',
      async (target) => {
        const res = await send(port, target, json);
        expect(res.status).toBe(200);
        expect(res.headers['location']).toBeUndefined();
        const body = JSON.parse(res.body) as {
          normalized: string;
          erc: Record<string, string>;
          support?: Record<string, string>;
          resolution: { target: string };
        };
        expect(body.normalized).toBe('ark:/12025');
        expect(body.erc['who']).toBe(nlm.who.name);
        // Where ARKs under the NAAN go: the record's template with nothing after the NAAN.
        expect(body.resolution.target).toBe(nlm.target.url.replace('${content}', '12025/'));
      },
    );

    it('in THUMP text by default: `?info` with the record and its commitment', async () => {
      const res = await send(port, '/ark:/12025');
      expect(res.status).toBe(200);
      expect(res.headers['thump-status']).toBe('0.1 200 OK');
      expect(res.body).toContain(`erc:\nwho: ${nlm.who.name}\n`);
      expect(res.body).toContain(`erc-support:\nwho: ${nlm.who.acronym}\n`);
    });

    it('a NAAN of the wrong shape is still a malformed ARK (400 with the parser code)', async () => {
      const res = await send(port, '/ark:/1234');
      expect(res.status).toBe(400);
      expect((JSON.parse(res.body) as { code: string }).code).toBe('naan-length');
    });
  });

  describe('`/.info/ID` is `/ID?info` (rslv: `@router.get("/.info/{identifier:path}")`)', () => {
    it.each([
      '/.info/ark:/99999/c5col5',
      '/.info/ark:99999/c5col5?info',
      '/.info/ark:/99999/c5col5??',
      '/.info/ark%3A%2F99999%2Fc5col5',
      '/.info/https://n2t.net/ark:/99999/c5col5',
    ])('%s', async (target) => {
      const res = await send(port, target, json);
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body) as { inflection: string; normalized: string; support?: object };
      expect(body).toMatchObject({ inflection: '?info', normalized: 'ark:/99999/c5col5' });
      expect(body.support).toBeTypeOf('object');
    });
  });

  describe('an inflection after a percent-encoded identifier (rslv test_get_request_identifier)', () => {
    // `http%3A%2F%2Fexample.com%2Fark%3A%2F52345%2Ffoo??` → "is_introspection": True.
    it.each([
      ['/http%3A%2F%2Fexample.com%2Fark%3A%2F99999%2Fc5col5??', '??'],
      ['/ark%3A%2F99999%2Fc5col5?info', '?info'],
      ['/ark%3A%2F99999%2Fc5col5?', '?'],
      ['/ark%3A%2F99999%2Fc5col5%3Finfo', '?info'],
    ])('%s is the %s inflection', async (target, inflection) => {
      const res = await send(port, target, json);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ inflection, normalized: 'ark:/99999/c5col5' });
    });
  });
});

describe('nothing resolves it: 404, for the ARK and for its metadata', () => {
  let s: RunningServer;
  beforeAll(async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1', fallback: { url: null } });
    s = await startServer({ config, deps: await createDeps(config) });
  });
  afterAll(() => s.close());

  it('arklet: `?info`/`?json` of an ARK nothing matches raise Http404; rslv: "No match was found" is 404', async () => {
    const plain = await send(s.port, '/ark:/54321/x');
    expect(plain.status).toBe(404);
    expect((JSON.parse(plain.body) as { code: string }).code).toBe('unknown-naan');
    const info = await send(s.port, '/ark:/54321/x?info', json);
    expect(info.status).toBe(404);
    expect(JSON.parse(info.body)).toMatchObject({ normalized: 'ark:/54321/x', resolution: { status: 404 } });
    const thump = await send(s.port, '/ark:/54321/x??');
    expect([thump.status, thump.headers['thump-status']]).toEqual([404, '0.1 404 Not Found']);
  });

  it('a NAAN nobody knows, alone: 404 with what is known (nothing)', async () => {
    const res = await send(s.port, '/ark:/54321', json);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ normalized: 'ark:/54321', resolution: { code: 'unknown-naan' } });
  });
});

describe('the modern profile (draft-kunze-ark-41/42)', () => {
  let s: RunningServer;
  beforeAll(async () => {
    const config = testConfig({ port: 0, host: '127.0.0.1', profile: 'modern' });
    s = await startServer({ config, deps: await createDeps(config) });
  });
  afterAll(() => s.close());

  // shared/specs/README.md: "`ark:NAAN/Name`; `ark:/` must still be accepted forever and is equivalent";
  // a betanumeric NAAN is "lowercased in normalization".
  it.each([
    ['/ark:12025', 'ark:12025'],
    ['/ark:/12025/', 'ark:12025'],
    ['/ARK:B1234?info', 'ark:b1234'],
  ])('%s describes the NAAN %s', async (target, normalized) => {
    const res = await send(s.port, target, json);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ inflection: '?info', normalized });
  });
});
