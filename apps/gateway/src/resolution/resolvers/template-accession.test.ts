import { registry } from '@pidgate/schemes';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/helpers.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];
let app: App;

beforeAll(async () => {
  ({ app } = await testApp({}, { registry }));
});

describe('ADS bibcodes, SWHIDs and life-science accessions resolve by their definitions', () => {
  // the authorities' own pages (docs/specs/ads.md, docs/specs/swh.md, docs/specs/accession.md)
  it.each([
    ['/2011ApJS..192...18K', 'https://ui.adsabs.harvard.edu/abs/2011ApJS..192...18K/abstract'],
    [
      '/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;lines=9-15',
      'https://archive.softwareheritage.org/swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;lines=9-15',
    ],
    ['/GSE55396', 'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396'],
    ['/geo:GSM888', 'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSM888'],
    ['/SRR6437777', 'https://www.ebi.ac.uk/ena/browser/view/SRR6437777'],
    ['/ENSG00000139618.15', 'https://www.ensembl.org/id/ENSG00000139618'],
    ['/uniprot:P02833', 'https://www.uniprot.org/uniprotkb/P02833'],
    ['/NP_000483.3', 'https://www.ncbi.nlm.nih.gov/protein/NP_000483.3'],
    ['/GCF_000001405.38', 'https://www.ncbi.nlm.nih.gov/datasets/genome/GCF_000001405.38/'],
    ['/E-MTAB-424', 'https://www.ebi.ac.uk/biostudies/arrayexpress/studies/E-MTAB-424'],
    ['/https://www.ebi.ac.uk/ena/data/view/PRJEB12345', 'https://www.ncbi.nlm.nih.gov/bioproject/PRJEB12345'],
  ])('%s -> %s', async (path, location) => {
    const res = await app.request(path);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get('location')).toBe(location);
  });

  it('refuses a malformed accession with its code, never 5xx', async () => {
    const res = await app.request('/geo:GSX1', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('geo-prefix');
  });
});
