import { describe, expect, it } from 'vitest';
import { Grouper } from './equivalence.ts';
import type { Identifier, Scheme } from './identifier.ts';
import { normalizeRecord } from './record.ts';
import { createRegistry, MAX_INPUT_LENGTH } from './registry.ts';
import { err, ok, PidgateError, unwrap } from './result.ts';

/** A toy scheme for dispatch tests: `t:` then lowercase letters; normalized is lowercased. */
function letterScheme(name: string, label: string, priority: number): Scheme<{ body: string }> {
  return {
    name,
    priority,
    errorCodes: ['bad-letter'],
    recognize: (s) => s.toLowerCase().startsWith(label),
    parse(input, profile = 'source') {
      const body = input.slice(label.length);
      const bad = body.search(/[^a-z]/i);
      if (bad !== -1) return err('bad-letter', 'letters only', label.length + bad);
      const value: Identifier<{ body: string }> = {
        scheme: name,
        input,
        profile,
        normalized: label + body.toLowerCase(),
        components: { body },
      };
      return ok(value);
    },
    format: (c) => label + c.body,
  };
}

const generic = letterScheme('generic', 'u:', 100);
const specific = letterScheme('specific', 'u:s', 10);
const registry = createRegistry([generic, specific]);

describe('Registry', () => {
  it('asks schemes in priority order, whatever the order given', () => {
    expect(registry.schemes.map((s) => s.name)).toEqual(['specific', 'generic']);
    expect(registry.detect('u:sabc')?.name).toBe('specific');
    expect(registry.detect('u:abc')?.name).toBe('generic');
    expect(registry.get('generic')).toBe(generic);
  });

  it.each([
    ['', 'empty-input', 0],
    ['x:abc', 'unknown-scheme', 0],
    [' u:abc', 'surrounding-whitespace', 0],
    ['u:abc \t', 'surrounding-whitespace', 5],
    ['\tu:abc', 'surrounding-whitespace', 0],
    // Pasted from a web page: a zero width space before, a no-break space after.
    ['\u200bu:abc', 'surrounding-whitespace', 0],
    ['u:abc\u00a0', 'surrounding-whitespace', 5],
    ['u:a1', 'bad-letter', 3],
  ])('%j fails with %s at %i', (input, code, offset) => {
    const r = registry.parse(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('refuses inputs over the length limit before any scheme sees them', () => {
    const r = registry.parse(`u:${'a'.repeat(MAX_INPUT_LENGTH)}`);
    expect(!r.ok && r.error.code).toBe('input-too-long');
  });

  it('normalizes and reports like the CLI', () => {
    expect(registry.normalize('U:ABC')).toEqual({ ok: true, value: 'u:abc' });
    expect(normalizeRecord(registry, 'U:ABC')).toEqual({
      input: 'U:ABC',
      ok: true,
      scheme: 'generic',
      normalized: 'u:abc',
    });
    expect(normalizeRecord(registry, 'nope')).toEqual({
      input: 'nope',
      ok: false,
      error: { code: 'unknown-scheme', message: 'not an identifier of a known scheme (generic, specific)', offset: 0 },
    });
  });

  it("carries an identifier's warnings into its record, and no field when there are none", () => {
    const warned: Scheme<{ body: string }> = {
      ...letterScheme('warned', 'w:', 50),
      parse(input, profile = 'source') {
        const value: Identifier<{ body: string }> = {
          scheme: 'warned',
          input,
          profile,
          normalized: input.toLowerCase(),
          components: { body: input.slice(2) },
          warnings: input.toLowerCase().endsWith('z') ? [{ code: 'ends-in-z', message: 'it ends in z' }] : [],
        };
        return ok(value);
      },
    };
    const withWarnings = createRegistry([warned]);
    expect(normalizeRecord(withWarnings, 'W:AZ')).toEqual({
      input: 'W:AZ',
      ok: true,
      scheme: 'warned',
      normalized: 'w:az',
      warnings: [{ code: 'ends-in-z', message: 'it ends in z' }],
    });
    expect(normalizeRecord(withWarnings, 'w:az', undefined, undefined, () => 'https://example.org/az')).toEqual({
      input: 'w:az',
      ok: true,
      scheme: 'warned',
      normalized: 'w:az',
      url: 'https://example.org/az',
      warnings: [{ code: 'ends-in-z', message: 'it ends in z' }],
    });
    // An empty list is no warning: no field.
    expect(Object.keys(normalizeRecord(withWarnings, 'w:ab'))).toEqual(['input', 'ok', 'scheme', 'normalized']);
  });

  it('unwrap throws a PidgateError carrying the code', () => {
    expect(unwrap(registry.parse('u:a')).normalized).toBe('u:a');
    expect(() => unwrap(registry.parse('u:1'))).toThrow(PidgateError);
  });
});

describe('Grouper', () => {
  it('groups by normalized string in order of first appearance, failures apart', () => {
    const grouper = new Grouper();
    ['U:B', 'u:a', 'bad', 'u:b', 'U:A', 'u:c'].forEach((input, i) => {
      grouper.add(i + 1, input, registry.normalize(input));
    });
    expect(grouper.groups).toEqual([
      {
        normalized: 'u:b',
        members: [
          { line: 1, input: 'U:B' },
          { line: 4, input: 'u:b' },
        ],
      },
      {
        normalized: 'u:a',
        members: [
          { line: 2, input: 'u:a' },
          { line: 5, input: 'U:A' },
        ],
      },
      { normalized: 'u:c', members: [{ line: 6, input: 'u:c' }] },
    ]);
    expect(grouper.failures.map((f) => [f.line, f.error.code])).toEqual([[3, 'unknown-scheme']]);
  });
});
