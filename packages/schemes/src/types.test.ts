/**
 * Type-level tests: `tsc --noEmit -p packages/schemes` (the package's `typecheck`) checks every
 * `expectTypeOf` and `@ts-expect-error` here; vitest runs the same file so the runtime answers agree.
 */
import type { ArkComponents, ArkErrorCode } from '@pidgate/ark';
import { CORE_ERROR_CODES, type CoreErrorCode, err, type PidError, type Result } from '@pidgate/core';
import type { DoiComponents } from '@pidgate/doi';
import type { IsbnComponents, IsbnErrorCode } from '@pidgate/isbn';
import type { PdiComponents, PdiErrorCode } from '@pidgate/pdi';
import type { PmcidErrorCode, PmidErrorCode } from '@pidgate/pubmed';
import type { PwidComponents, PwidErrorCode, pwidScheme, ReplayErrorCode } from '@pidgate/pwid';
import type { UrnErrorCode, UrnRecord } from '@pidgate/urn';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AnyErrorCode, type AnyIdentifier, registry, type SchemeName, schemes } from './index.ts';

describe('SchemeName', () => {
  it('is the literal union of the registered names, one scheme a name', () => {
    expectTypeOf<SchemeName>().toEqualTypeOf<(typeof schemes)[number]['name']>();
    expectTypeOf<'ark' | 'doi' | 'isbn' | 'issn' | 'pmid' | 'pmcid' | 'urn'>().toMatchTypeOf<SchemeName>();
    const names: SchemeName[] = schemes.map((s) => s.name);
    expect(new Set(names).size).toBe(schemes.length);
    expect(names).toEqual(expect.arrayContaining(['ark', 'doi', 'handle', 'isbn', 'issn', 'pmid', 'pmcid', 'urn']));
  });

  it('rejects a name no scheme has', () => {
    // @ts-expect-error: 'hdl' is not a scheme name (the Handle scheme is 'handle')
    const bad: SchemeName = 'hdl';
    expect(schemes.some((s) => s.name === bad)).toBe(false);
  });
});

describe('AnyIdentifier', () => {
  it('is what registry.parse returns', () => {
    expectTypeOf(registry.parse).returns.toEqualTypeOf<Result<AnyIdentifier, PidError<AnyErrorCode>>>();
  });

  it('narrows on scheme to the scheme components', () => {
    const r = registry.parse('ark:/12345/x54xz321/s3/f8.05v.tiff');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const id = r.value;
    expectTypeOf(id.scheme).toEqualTypeOf<SchemeName>();
    expect(id.scheme).toBe('ark');
    if (id.scheme === 'ark') {
      expectTypeOf(id.components).toEqualTypeOf<ArkComponents>();
      expect(id.components.naan).toBe('12345');
      expect(id.components.variantPath).toBe('.05v.tiff');
    }
    if (id.scheme === 'pwid') expectTypeOf(id.components).toEqualTypeOf<PwidComponents>();
    if (id.scheme === 'pdi') expectTypeOf(id.components).toEqualTypeOf<PdiComponents>();
    if (id.scheme === 'urn') expectTypeOf(id.components).toEqualTypeOf<UrnRecord>();
    if (id.scheme === 'doi') expectTypeOf(id.components).toEqualTypeOf<DoiComponents>();
    if (id.scheme === 'isbn') expectTypeOf(id.components).toEqualTypeOf<IsbnComponents>();
  });

  it('narrows in a switch, exhaustively', () => {
    const describeId = (id: AnyIdentifier): string => {
      switch (id.scheme) {
        case 'ark':
          return `NAAN ${id.components.naan}`;
        case 'doi':
          return `prefix ${id.components.prefix}`;
        default: {
          // narrowed: every other scheme (a list derived from the registered schemes, so adding one needs no edit here)
          const other: Exclude<SchemeName, 'ark' | 'doi'> = id.scheme;
          return other;
        }
      }
    };
    const doi = registry.parse('doi:10.1000/182');
    expect(doi.ok && describeId(doi.value)).toBe('prefix 10.1000');
  });

  it('does not let an ARK record pass for another scheme', () => {
    const r = registry.parse('ark:/12345/x');
    if (!r.ok || r.value.scheme !== 'urn') return;
    // @ts-expect-error: a URN's components have no `naan`
    expect(r.value.components.naan).toBeUndefined();
  });
});

describe('error codes', () => {
  it("are the union of the schemes' codes and the core's", () => {
    expectTypeOf<
      | ArkErrorCode
      | PwidErrorCode
      | ReplayErrorCode
      | PdiErrorCode
      | UrnErrorCode
      | IsbnErrorCode
      | PmidErrorCode
      | PmcidErrorCode
      | CoreErrorCode
    >().toMatchTypeOf<AnyErrorCode>();
    expectTypeOf<'not-a-listed-code'>().not.toMatchTypeOf<AnyErrorCode>();
    const r = registry.parse('');
    expect(r.ok ? null : r.error.code).toBe('empty-input');
    expect(CORE_ERROR_CODES).toContain(r.ok ? null : r.error.code);
  });

  it('narrow the error of a parse', () => {
    const r = registry.parse('ark:/12345');
    if (r.ok) throw new Error('expected an error');
    expectTypeOf(r.error.code).toEqualTypeOf<AnyErrorCode>();
    // @ts-expect-error: no scheme lists this code, so comparing with it is a compile error
    expect(r.error.code === 'not-a-listed-code').toBe(false);
  });

  it("a scheme's parse cannot return an unlisted code", () => {
    const parse: (typeof pwidScheme)['parse'] = (input) =>
      // @ts-expect-error: 'not-a-listed-code' is not a PWID error code
      err('not-a-listed-code', `no ${input}`, 0);
    expect(parse('x').ok).toBe(false);
    const listed: (typeof pwidScheme)['parse'] = () => err('pwid-label', 'a listed code compiles', 0);
    expect(listed('x').ok).toBe(false);
  });
});
