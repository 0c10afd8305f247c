import { CORE_ERROR_CODES } from '@pidgate/core';
import { MAPTR_ERROR_CODES } from '@pidgate/discovery';
import { registry } from '@pidgate/schemes';
import { STORE_ERROR_CODES } from '@pidgate/store';
import { describe, expect, it } from 'vitest';
import { storeFailure, storeStatus } from './admin/index.ts';
import { unparseableProblem, unparseableStatus } from './http/index.ts';
import { maptrFailureStatus } from './resolution/index.ts';

// The statuses the gateway answers for each error code (docs/api.md, the admin routes' `responses`).

describe('store codes', () => {
  const expected: Record<string, number> = {
    'not-found': 404,
    'unknown-naan': 404,
    // A user or group named in a request that does not exist (accounts, issue 24).
    'unknown-user': 404,
    'unknown-group': 404,
    // A write refused by the ownership rule in its own transaction (docs/accounts.md).
    'not-owner': 403,
    'ownership-change': 403,
    tombstoned: 410,
    conflict: 409,
    'mint-exhausted': 409,
    'key-too-long': 414,
    'storage-error': 503,
    'store-closed': 503,
  };
  it.each([...STORE_ERROR_CODES])('%s', (code) => {
    expect(storeStatus(code)).toBe(expected[code] ?? 400);
  });

  it('a code the store does not list is what the caller sent: 400', () => {
    expect(storeStatus('not-a-store-code')).toBe(400);
  });

  it('the problem carries the status, its title and the code', () => {
    const p = storeFailure({ code: 'tombstoned', message: 'deleted', offset: null }, { identifier: 'ark:/99999/x' });
    expect(p).toMatchObject({ status: 410, title: 'Gone', code: 'tombstoned', identifier: 'ark:/99999/x' });
  });
});

describe('parse codes, when a path is resolved', () => {
  it.each([
    ['', 'empty-input', 400],
    [' ark:/12345/x', 'surrounding-whitespace', 400],
    ['nothing-known', 'unknown-scheme', 404],
    ['ark:/12345', 'naan-unterminated', 400],
    ['doi:10.1000', 'doi-separator', 400],
  ])('%j is %s: %i', (input, code, status) => {
    const r = registry.parse(input);
    expect(r.ok ? null : r.error.code).toBe(code);
    if (r.ok) return;
    const p = unparseableProblem(r.error, input);
    expect(p).toMatchObject({ status, code, identifier: input, offset: r.error.offset });
    expect(p.title).toBe(status === 404 ? 'Not Found' : 'Bad Request');
  });

  it('every dispatch code has a status; a scheme code is 400', () => {
    for (const code of CORE_ERROR_CODES) expect(unparseableStatus(code)).toBe(code === 'unknown-scheme' ? 404 : 400);
    expect(unparseableStatus('pct-encoded')).toBe(400);
  });
});

describe('Maptr codes', () => {
  it.each([...MAPTR_ERROR_CODES, 'maptr-error' as const])('%s', (code) => {
    const expected =
      code === 'maptr-nxdomain' || code === 'maptr-no-records' ? null : code === 'maptr-timeout' ? 504 : 502;
    expect(maptrFailureStatus(code)).toBe(expected);
  });
});
