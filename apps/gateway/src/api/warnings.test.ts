import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/helpers.ts';
import { NormalizeRecordSchema, NormalizeResponse } from './schemas.ts';

const { app } = await testApp();

// 978-0-395-36341-6 with U+2010 HYPHEN between its elements, as copied from a catalogue page
const DASHED = '978\u20100\u2010395\u201036341\u20106';
// 979-8 (United States) allocates no registrant range starting 00: 979-8-00000000-C is unallocated.
// Its check digit by ISO 2108 (weights 1 and 3, mod 10): 9 + 7·3 + 9 + 8·3 = 63, so C = 7.
const UNALLOCATED = '9798000000007';

type Rec = { input: string; ok: boolean; warnings?: { code: string; message: string }[] };
const codes = (r: Rec) => r.warnings?.map((w) => w.code);

describe('POST /api/v1/normalize shows warnings', () => {
  const identifiers = [DASHED, UNALLOCATED, '10.1000/182', 'urn:xyzzy:abc', 'nope'];
  const expected = [['isbn-unicode-separator'], ['isbn-unallocated-range'], undefined, ['nid-unregistered'], undefined];

  it('in JSON: each record with warnings has them (codes and messages), the others have no field', async () => {
    const res = await app.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifiers }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: Rec[] };
    expect(NormalizeResponse.safeParse(body).success).toBe(true);
    expect(body.results.map(codes)).toEqual(expected);
    expect(body.results[0]?.warnings?.[0]?.message).toContain('U+2010');
    expect(body.results[0]).toMatchObject({ ok: true, normalized: 'urn:isbn:9780395363416' });
    expect('warnings' in (body.results[2] as object)).toBe(false);
  });

  it('in NDJSON from a text/plain body, the same', async () => {
    const res = await app.request('/api/v1/normalize', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `${identifiers.join('\n')}\n`,
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
    for (const line of lines) expect(NormalizeRecordSchema.safeParse(line).success).toBe(true);
    expect(lines.map(codes)).toEqual(expected);
  });

  it('the OpenAPI document describes the field', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      components: { schemas: Record<string, unknown> };
    };
    const record = JSON.stringify(doc.components.schemas['NormalizeRecord']);
    expect(record).toContain('"warnings"');
    expect(doc.components.schemas['IdentifierWarning']).toMatchObject({
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    });
  });
});
