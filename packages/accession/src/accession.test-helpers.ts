/** What every accession scheme's test file runs besides the contract: the error table and the spellings. */
import type { PidError, Result } from '@pidgate/core';
import { describe, expect, it } from 'vitest';
import type { AccessionComponents } from './engine.ts';

type Parse = (input: string) => Result<AccessionComponents, PidError<string>>;

/** One input per error code, and the code (and offset) each gives; every code has one. */
export function errorTable<Code extends string>(
  name: string,
  parse: Parse,
  codes: readonly Code[],
  examples: Record<Code, readonly [input: string, offset: number]>,
): void {
  describe(`${name} error codes`, () => {
    it.each(Object.entries(examples) as [Code, readonly [string, number]][])('%s: %j', (code, [input, offset]) => {
      const r = parse(input);
      expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
    });
    it('has an example for every code', () => {
      expect(Object.keys(examples).sort()).toEqual([...codes].sort());
    });
  });
}

/** Each spelling of one accession parses to it, with its form. */
export function spellings(parse: Parse, id: string, written: readonly [string, AccessionComponents['form']][]): void {
  it.each(written)(`%s is ${id} (%s)`, (input, form) => {
    const r = parse(input);
    expect(r.ok && [r.value.id, r.value.form]).toEqual([id, form]);
  });
}
