import { registry } from '@pidgate/schemes';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/helpers.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];
let app: App;

beforeAll(async () => {
  ({ app } = await testApp({}, { registry }));
});

describe('the research schemes (@pidgate/research) resolve by their definitions', () => {
  // each authority's own URL for the identifier (docs/specs/<scheme>.md)
  it.each([
    ['/Q42', 'https://www.wikidata.org/entity/Q42'],
    ['/wikidata:Q42', 'https://www.wikidata.org/entity/Q42'],
    ['/https://www.wikidata.org/wiki/Property:P31', 'https://www.wikidata.org/entity/P31'],
    ['/4079154-3', 'https://d-nb.info/gnd/4079154-3'],
    ['/gnd:95980479x', 'https://d-nb.info/gnd/95980479X'],
    ['/viaf:75121530', 'https://viaf.org/viaf/75121530'],
    ['/openalex:w2741809807', 'https://openalex.org/W2741809807'],
    ['/W2741809807', 'https://openalex.org/W2741809807'],
    ['/hal-01234567v2', 'https://hal.science/hal-01234567v2'],
    ['/ascl:1908.011', 'https://ascl.net/1908.011'],
    ['/CSTR:31253.11.sciencedb.j00001.00123', 'https://cstr.cn/31253.11.sciencedb.j00001.00123'],
    ['/RRID:AB_90755', 'https://scicrunch.org/resolver/RRID:AB_90755'],
  ])('%s -> %s', async (path, location) => {
    const res = await app.request(path);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });

  it('answers ?info for an LSID as an lsid, not a URN (404: an LSID names no resolver)', async () => {
    const res = await app.request('/urn:lsid:ubio.org:namebank:11815?info', {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ scheme: 'lsid', normalized: 'urn:lsid:ubio.org:namebank:11815' });
  });

  it('refuses a wrong check digit (400, its code) and a bare number several schemes read (400 ambiguous-scheme)', async () => {
    const json = { headers: { accept: 'application/json' } };
    const check = await app.request('/gnd:4079154-2', json);
    expect(check.status).toBe(400);
    expect(await check.json()).toMatchObject({ code: 'gnd-check' });
    const bare = await app.request('/12082125', json);
    expect(bare.status).toBe(400);
    const body = (await bare.json()) as { code: string; detail: string };
    expect(body.code).toBe('ambiguous-scheme');
    expect(body.detail).toContain('pmid (pmid:12082125)');
    expect(body.detail).toContain('viaf (https://viaf.org/viaf/12082125)');
    const page = await app.request('/P4310320990', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('ambiguous-scheme');
  });
});
