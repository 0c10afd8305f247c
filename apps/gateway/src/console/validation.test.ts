import { describe, expect, it } from 'vitest';
import { checkAdvancedCreate, checkEdit, checkSimpleCreate, formValues, statusChangeProblem } from './validation.ts';

const shoulders = ['ark:/99999/fk4', 'ark:/13030/c7'];

describe('checkSimpleCreate', () => {
  it('takes a listed shoulder, a target and who/what/when', () => {
    const r = checkSimpleCreate(
      { shoulder: 'ark:/99999/fk4', target: 'https://example.org/a', 'erc.who': 'Me', 'erc.when': '' },
      shoulders,
    );
    expect(r).toEqual({
      ok: true,
      value: { shoulder: 'ark:/99999/fk4', target: 'https://example.org/a', erc: { who: 'Me' } },
    });
  });

  it('refuses an unlisted shoulder and a target that is no web address, one message each', () => {
    const r = checkSimpleCreate({ shoulder: 'ark:/12345/x', target: 'ftp://example.org' }, shoulders);
    expect(r.ok ? [] : r.errors.map((e) => [e.field, e.code])).toEqual([
      ['shoulder', 'invalid-shoulder'],
      ['target', 'invalid-target'],
    ]);
  });

  it('says so when the user may mint nowhere', () => {
    const r = checkSimpleCreate({ shoulder: '', target: 'https://example.org' }, []);
    expect(r.ok ? '' : r.errors[0]?.code).toBe('no-shoulder');
  });
});

describe('checkAdvancedCreate', () => {
  const base = { naming: 'suffix', shoulder: 'ark:/99999/fk4', suffix: 'book1', target: 'https://example.org/' };

  it('a suffix after a shoulder, reserved, DataCite', () => {
    const r = checkAdvancedCreate(
      {
        ...base,
        status: 'reserved',
        profile: 'datacite',
        'datacite.creator': 'C',
        'datacite.title': 'T',
        'datacite.publisher': 'P',
        'datacite.publicationyear': '2020',
        'datacite.resourcetype': 'Text/Thesis',
      },
      shoulders,
    );
    expect(r.ok && r.value.naming).toEqual({ kind: 'suffix', shoulder: 'ark:/99999/fk4', suffix: 'book1' });
    expect(r.ok && r.value.status).toBe('reserved');
    expect(r.ok && r.value.meta.metadata['datacite.resourcetype']).toBe('Text/Thesis');
  });

  it('a reason only with unavailable', () => {
    const bad = checkAdvancedCreate({ ...base, status: 'public', reason: 'withdrawn' }, shoulders);
    expect(bad.ok ? [] : bad.errors.map((e) => e.field)).toEqual(['reason']);
    const good = checkAdvancedCreate({ ...base, status: 'unavailable', reason: 'withdrawn' }, shoulders);
    expect(good.ok && [good.value.status, good.value.reason]).toEqual(['unavailable', 'withdrawn']);
  });

  it('a suffix with a space, a missing whole identifier, an unknown profile', () => {
    expect(checkAdvancedCreate({ ...base, suffix: 'a b' }, shoulders)).toMatchObject({
      ok: false,
      errors: [{ field: 'suffix', code: 'invalid-suffix' }],
    });
    expect(checkAdvancedCreate({ naming: 'identifier', target: 'https://e.org' }, shoulders)).toMatchObject({
      ok: false,
      errors: [{ field: 'identifier', code: 'required' }],
    });
    expect(checkAdvancedCreate({ ...base, profile: 'crossref' }, shoulders)).toMatchObject({
      ok: false,
      errors: [{ field: 'profile', code: 'invalid-profile' }],
    });
  });

  it('collects a DataCite error together with the form errors', () => {
    const r = checkAdvancedCreate({ ...base, target: '', profile: 'datacite' }, shoulders);
    expect(r.ok ? [] : r.errors.map((e) => e.field)).toEqual([
      'target',
      'datacite.creator',
      'datacite.title',
      'datacite.publisher',
      'datacite.publicationyear',
      'datacite.resourcetype',
    ]);
  });
});

describe('checkEdit and the status rule', () => {
  it("EZID's transitions: never back to reserved", () => {
    expect(statusChangeProblem('reserved', 'public')).toBeNull();
    expect(statusChangeProblem('reserved', 'unavailable')).toBeNull();
    expect(statusChangeProblem('public', 'unavailable')).toBeNull();
    expect(statusChangeProblem('unavailable', 'public')).toBeNull();
    expect(statusChangeProblem('reserved', 'reserved')).toBeNull();
    expect(statusChangeProblem('public', 'reserved')).toMatch(/cannot go back to reserved/);
    expect(statusChangeProblem('unavailable', 'reserved')).toMatch(/cannot go back to reserved/);
  });

  it('needs the version the form was made from', () => {
    const ok = checkEdit({ version: '3', target: 'https://e.org/', status: 'public', profile: 'erc' }, 'public');
    expect(ok.ok && ok.value.version).toBe(3);
    const bad = checkEdit({ version: 'x', target: 'https://e.org/' }, 'public');
    expect(bad.ok ? [] : bad.errors.map((e) => e.code)).toEqual(['invalid-version']);
    const back = checkEdit({ version: '2', target: 'https://e.org/', status: 'reserved' }, 'public');
    expect(back.ok ? [] : back.errors.map((e) => e.code)).toEqual(['status-change']);
  });
});

it('formValues keeps the first text value of each field', () => {
  expect(formValues({ a: 'x', b: ['y', 'z'], c: new Blob(['f']) })).toEqual({ a: 'x', b: 'y' });
});
