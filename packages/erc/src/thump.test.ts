import { PidgateError } from '@pidgate/core';
import { describe, expect, it } from 'vitest';
import { parseAnvl } from './anvl.ts';
import { ercFromObject } from './build.ts';
import { parseErc } from './erc.ts';
import { formatThump, thumpHeaders, thumpRecord, thumpStatus } from './thump.ts';

const set = { who: 'NLM', what: '12025/x?', when: '20030731', where: 'http://h/ark:/12025/x?' };

describe('thumpStatus', () => {
  it.each([
    [200, '0.1 200 OK'],
    [404, '0.1 404 Not Found'],
    [500, '0.1 500 Internal Server Error'],
  ])('%d -> %j', (code, status) => {
    expect(thumpStatus(code)).toBe(status);
  });
  it('takes a reason and a version', () => {
    expect(thumpStatus(299, { reason: 'Odd' })).toBe('0.1 299 Odd');
    expect(thumpStatus(200, { version: '0.6' })).toBe('0.6 200 OK');
  });
  it.each([299, 99, 600, 200.5])('refuses %d without a reason', (code) => {
    expect(() => thumpStatus(code)).toThrow(PidgateError);
  });
  it('gives the headers of §6', () => {
    expect(thumpHeaders()).toEqual({ 'Content-Type': 'text/plain', 'THUMP-Status': '0.1 200 OK' });
  });
});

describe('formatThump', () => {
  const full = parseErc(`erc:
who: A
what: B
when: 1999
where: C
in: J
erc-about:
what: topic
erc-support:
who: S
what: Permanent
when: 2001
where: P
`);
  if (!full.ok) throw new Error(full.error.code);

  it('"?" answers with the anchoring segment only; "??" adds erc-support', () => {
    expect(thumpRecord(full.value, '?').segments.map((s) => s.label)).toEqual(['erc']);
    expect(thumpRecord(full.value, '??').segments.map((s) => s.label)).toEqual(['erc', 'erc-support']);
  });

  it('answers "??" with (:unav) when the record has no commitment', () => {
    const body = formatThump({ inflection: '??', set, records: [{ who: 'A', what: 'B', when: '1', where: 'C' }] });
    expect(body.split('\n\n')[1]).toBe(
      'erc:\nwho: A\nwhat: B\nwhen: 1\nwhere: C\nerc-support:\nwho: (:unav)\nwhat: (:unav)\nwhen: (:unav)\nwhere: (:unav)\n',
    );
  });

  it('writes several records and a here: line that counts them', () => {
    const body = formatThump({
      inflection: '?',
      set,
      records: [full.value, full.value],
      here: { count: 2, start: 3, total: 9 },
    });
    const records = parseAnvl(body);
    expect(records).toHaveLength(3);
    expect(records[0]?.elements.map((e) => [e.label, e.value])).toEqual([
      ['|set', 'NLM | 12025/x? | 20030731 | http://h/ark:/12025/x?'],
      ['here', '2 | 3 | 9'],
    ]);
    for (const r of records.slice(1)) expect(parseErc(r).ok).toBe(true);
  });

  it('escapes a "|" in the set header', () => {
    const body = formatThump({ inflection: '?', set: { ...set, where: 'http://h/a|b' }, records: [] });
    expect(body).toBe('|set: NLM | 12025/x? | 20030731 | http://h/a%!b\nhere: 0 | 1 | 0\n');
  });

  it('refuses a stub record', () => {
    const stub = parseErc('in: x\n');
    if (!stub.ok) throw new Error(stub.error.code);
    expect(() => formatThump({ inflection: '?', set, records: [stub.value] })).toThrow(PidgateError);
    expect(() => thumpRecord(ercFromObject({}), '?')).not.toThrow();
  });
});
