// biome-ignore-all lint/suspicious/noTemplateCurlyInString: resolver URLs are templates with ${id}-style placeholders.
import { registry } from '@pidgate/schemes';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFiles, testApp } from '../../testing/helpers.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];
let app: App;

beforeAll(async () => {
  ({ app } = await testApp({}, { registry }));
});

describe('schemes with no entry in the resolver table resolve by their definition', () => {
  // ror.org and isni.org write these URLs for these IDs (docs/specs/ror.md, docs/specs/isni.md)
  it.each([
    ['/ror:05dxps055', 'https://ror.org/05dxps055'],
    ['/https://ror.org/02MHBDP94', 'https://ror.org/02mhbdp94'],
    ['/isni:0000000121032683', 'https://isni.org/isni/0000000121032683'],
    ['/ISNI%200000%200000%208045%206315', 'https://isni.org/isni/0000000080456315'],
  ])('%s -> %s', async (path, location) => {
    const res = await app.request(path);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });

  it('?info names the definition as the source, and the table wins where it has an entry', async () => {
    const info = await app.request('/ror:05dxps055?info', { headers: { accept: 'application/json' } });
    const body = (await info.json()) as { extra?: { resolver?: { url?: string; source?: string } } };
    expect(JSON.stringify(body)).toContain('"source":"scheme-definition"');
    expect(JSON.stringify(body)).toContain('https://ror.org/{id}');
    const files = tempFiles({
      'resolvers.json': JSON.stringify({ urn: [], schemes: { ror: { url: 'https://ror.example.org/${id}' } } }),
    });
    const { app: own } = await testApp({ resolvers: { file: files['resolvers.json'] as string } }, { registry });
    const res = await own.request('/ror:05dxps055');
    expect(res.headers.get('location')).toBe('https://ror.example.org/05dxps055');
  });
});

describe('resolution of the schemes in the resolver table', () => {
  it.each([
    ['/doi:10.1000/182', 'https://doi.org/10.1000/182'],
    ['/10.1000/182', 'https://doi.org/10.1000/182'],
    ['/urn:doi:10.123:456', 'https://doi.org/10.123/456'],
    // the Handbook's example: "#" in a DOI is %23 in its URL, read once and encoded again
    ['/https://doi.org/10.1000/456%23789', 'https://doi.org/10.1000/456%23789'],
    ['/hdl:10.1000/182', 'https://doi.org/10.1000/182'],
    ['/hdl:20.500.12345/67', 'https://hdl.handle.net/20.500.12345/67'],
    ['/https://hdl.handle.net/2027/mdp.39015004544496', 'https://hdl.handle.net/2027/mdp.39015004544496'],
    ['/0000-0002-1825-0097', 'https://orcid.org/0000-0002-1825-0097'],
    ['/arXiv:hep-th/9901001v1', 'https://arxiv.org/abs/hep-th/9901001v1'],
    ['/math.GT/0309136', 'https://arxiv.org/abs/math/0309136'],
    ['/PMID:12345', 'https://pubmed.ncbi.nlm.nih.gov/12345/'],
    ['/PMC1234567', 'https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/'],
    ['/http://purl.org/dc/terms/', 'https://purl.org/dc/terms/'],
    // a bare ISBN or ISSN resolves where its urn:isbn: / urn:issn: does (the table's urn entries)
    ['/978-0-395-36341-6', 'https://openlibrary.org/isbn/9780395363416'],
    ['/ISBN:0-395-36341-1', 'https://openlibrary.org/isbn/0395363411'],
    ['/0259-000X', 'https://portal.issn.org/resource/ISSN/0259-000X'],
  ])('%s -> %s', async (path, location) => {
    const res = await app.request(path);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });

  it('answers ?info for a DOI with its components and the table entry', async () => {
    const res = await app.request('/doi:10.1000/182?info', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      scheme: 'doi',
      normalized: 'doi:10.1000/182',
      components: { prefix: '10.1000', suffix: '182' },
      resolution: { status: 302, how: 'resolver-table', target: 'https://doi.org/10.1000/182' },
      support: { who: 'DOI Foundation (doi.org)' },
    });
  });

  it.each(['/hdl:20.500.12345/67?', '/0000-0002-1825-0097??', '/PMC1234567?info'])('answers %s', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('erc:');
  });

  it('answers ?info for a bare ISBN as for its URN', async () => {
    const res = await app.request('/978-0-395-36341-6?info', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ scheme: 'isbn', normalized: 'urn:isbn:9780395363416' });
  });

  it('takes an operator resolver table over the built-in one', async () => {
    const files = tempFiles({
      'resolvers.json': JSON.stringify({
        urn: [],
        schemes: {
          doi: { url: 'https://resolver.example.org/doi/${id}', name: 'Our DOI proxy' },
          isbn: { url: 'https://catalogue.example.org/isbn/${id}' },
        },
      }),
    });
    const { app: own } = await testApp({ resolvers: { file: files['resolvers.json'] as string } }, { registry });
    expect((await own.request('/doi:10.1000/ABC')).headers.get('location')).toBe(
      'https://resolver.example.org/doi/10.1000/ABC',
    );
    expect((await own.request('/0-395-36341-1')).headers.get('location')).toBe(
      'https://catalogue.example.org/isbn/0395363411',
    );
  });

  it('is 400 for a malformed DOI and never 5xx', async () => {
    for (const path of ['/doi:10.1000/', '/10.abc/x', '/https://doi.org/10.1000/%zz', '/0000-0002-1825-0098']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
    }
  });
});

describe('web-archive replay URLs are PWIDs at the gateway too', () => {
  it('resolves a replay URL as its PWID, with an ARK inside it', async () => {
    const url = 'https://web.archive.org/web/20160122112029/https://n2t.net/ark:/13030/tf5p30086k';
    const res = await app.request(`/${url}?info`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      scheme: 'pwid',
      normalized: 'urn:pwid:archive.org:2016-01-22T11:20:29Z:page:https://n2t.net/ark:/13030/tf5p30086k',
    });
  });

  it('refuses a replay URL whose item has an empty host (400 replay-host)', async () => {
    const res = await app.request('/https://web.archive.org/web/20140101/https:///example.com', {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'replay-host' });
  });
});
