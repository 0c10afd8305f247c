import { MAPTR_ERROR_CODES } from '@pidgate/discovery';
import { RESOLUTION_ERROR_CODES } from '@pidgate/pwid';
import { describe, expect, it } from 'vitest';
import { FAILED_CODES, GONE_CODES, isPwidResolutionCode, NOT_FOUND_CODES } from './codes.ts';

// Every code an outcome carries (the gateway README's resolution table and docs/operating.md name them); a code
// is never spelled with its prefix twice.

describe('outcome codes', () => {
  it('lists each code once, across the kinds', () => {
    const all = [...NOT_FOUND_CODES, ...GONE_CODES, ...FAILED_CODES, ...MAPTR_ERROR_CODES, ...RESOLUTION_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
  });

  it.each([...NOT_FOUND_CODES, ...GONE_CODES, ...FAILED_CODES, ...MAPTR_ERROR_CODES])(
    '%s is kebab-case, with no word doubled (maptr-maptr-error)',
    (code) => {
      expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const words = code.split('-');
      expect(words.some((w, i) => w === words[i + 1])).toBe(false);
    },
  );

  it.each([
    [
      'not-found',
      [
        'not-found',
        'not-bound',
        'unknown-naan',
        'suffix-refused',
        'target-loop',
        'no-resolver',
        'no-delegation',
        'pdi-not-bound',
        'target-broken',
      ],
    ],
    ['gone', ['tombstoned', 'unavailable']],
    ['failed', ['storage-error', 'bad-target', 'maptr-error']],
  ])('%s: the codes the gateway answers with', (_kind, codes) => {
    const lists: Record<string, readonly string[]> = {
      'not-found': NOT_FOUND_CODES,
      gone: GONE_CODES,
      failed: FAILED_CODES,
    };
    expect([...(lists[_kind] ?? [])]).toEqual(codes);
  });

  it("tells the PWID archive registry's codes from others", () => {
    for (const code of RESOLUTION_ERROR_CODES) expect(isPwidResolutionCode(code)).toBe(true);
    expect(isPwidResolutionCode('not-found')).toBe(false);
  });
});
