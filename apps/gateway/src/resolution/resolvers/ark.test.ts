import { registry } from '@pidgate/schemes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDeps, createDeps } from '../../deps.ts';
import { describeStatus } from '../../http/index.ts';
import { natab, tempFiles, testApp, testConfig } from '../../testing/helpers.ts';
import { arkResolver, naanOnly } from './ark.ts';
import type { Outcome } from './types.ts';

describe('naanOnly: a request for a NAAN alone (N2T: "ark:/nnnnn - returns info about the prefix")', () => {
  it.each([
    ['ark:/12345', { label: 'ark:/', naan: '12345' }],
    ['ark:12345', { label: 'ark:', naan: '12345' }],
    ['ark:/12345/', { label: 'ark:/', naan: '12345' }],
    ['ARK:12345/', { label: 'ARK:', naan: '12345' }],
    ['Ark:/b3z4k', { label: 'Ark:/', naan: 'b3z4k' }],
    ['ark:/120-25', { label: 'ark:/', naan: '120-25' }],
  ])('%s', (written, expected) => {
    expect(naanOnly(written)).toEqual(expected);
  });

  it.each([
    'ark:',
    'ark:/',
    'ark://',
    'ark://12345',
    'ark:/12345//',
    'ark:/12345/x',
    'ark:/12.45',
    'ark:/12%345',
    'ark:/12345?',
    'urn:12345',
    'https://n2t.net/ark:/12345',
    '',
  ])('%j is not one', (written) => {
    expect(naanOnly(written)).toBeNull();
  });

  it('reads a long input in one pass', () => {
    const long = `ark:/${'1'.repeat(1_000_000)}`;
    expect(naanOnly(long)?.naan.length).toBe(1_000_000);
    expect(naanOnly(`${long}.`)).toBeNull();
  });
});

describe('arkResolver.prefix', () => {
  let deps: AppDeps;
  beforeAll(async () => {
    deps = await createDeps(testConfig(), { registry });
  });
  afterAll(() => deps.close());

  it('describes a NAAN the parser accepts, with the normalized form the ARKs under it have', async () => {
    const found = arkResolver.prefix?.('ARK:/12025/', registry, 'source', deps);
    expect(found?.id).toMatchObject({ scheme: 'ark', input: 'ARK:/12025/', normalized: 'ark:/12025' });
    expect(found?.id.components).toMatchObject({ naan: '12025', name: '', qualifier: '' });
    // The shipped registry record of 12025: `http://www.nlm.nih.gov/ark:/${content}`, 302.
    expect(await found?.outcome).toMatchObject({
      kind: 'redirect',
      status: 302,
      target: 'http://www.nlm.nih.gov/ark:/12025/',
    });
  });

  it('hyphens in the NAAN are dropped, as in every ARK (ARK-09 §2.7: "all hyphens are removed")', () => {
    expect(arkResolver.prefix?.('ark:/120-25', registry, 'source', deps)?.id.normalized).toBe('ark:/12025');
  });

  it('in modern, a betanumeric NAAN, lowercased (shared/specs/README.md)', () => {
    expect(arkResolver.prefix?.('ark:B1234', registry, 'modern', deps)?.id.normalized).toBe('ark:b1234');
  });

  it.each([
    ['ark:/1234', 'source'],
    ['ark:/12-34', 'source'],
    ['ark:/b1234', 'source'],
    ['ark:/12345/x', 'source'],
  ] as const)('%s (%s) is no NAAN request', (written, profile) => {
    expect(arkResolver.prefix?.(written, registry, profile, deps)).toBeNull();
  });
});

describe('describeStatus: the status of a metadata answer', () => {
  const trace: string[] = [];
  it.each([
    [{ kind: 'redirect', target: 'https://example.org/', status: 302, how: 'binding', trace }, 200],
    [{ kind: 'list', how: 'pdi', items: [], truncated: false }, 200],
    [{ kind: 'restricted', how: 'pwid', explanation: 'x', accessUrl: null, archive: 'netarkivet.dk' }, 200],
    [{ kind: 'failed', status: 504, how: 'maptr', code: 'maptr-timeout', detail: 'x' }, 200],
    [{ kind: 'not-found', how: 'ark-discovery', code: 'unknown-naan', detail: 'x' }, 404],
    [{ kind: 'gone', how: 'bindings', code: 'tombstoned', detail: 'x', record: { erc: {}, support: null } }, 410],
  ] as [Outcome, number][])('%j → %i', (outcome, status) => {
    expect(describeStatus(outcome)).toBe(status);
  });
});

describe('a Maptr lookup that throws (one an embedder passes in)', () => {
  it('answers 502 maptr-error, the code spelled once, when no fallback follows', async () => {
    const files = tempFiles({ natab: natab({ 13030: ['ark.cdlib.example.org'] }) });
    const { app, deps } = await testApp(
      {
        naan: { file: files['natab'] as string },
        fallback: { url: null },
        maptr: { enabled: true, suffix: 'ark.arpa', server: '127.0.0.1:9', timeoutMs: 1000 },
      },
      {
        maptrLookup: () => {
          throw new Error('no resolver library');
        },
      },
    );
    const res = await app.request('/ark:/12026/x7');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'maptr-error', how: 'maptr' });
    await deps.close();
  });
});
