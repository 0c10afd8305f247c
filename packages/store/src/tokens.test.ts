import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, sameHash, scopeAllows } from './tokens.ts';

describe('scopeAllows', () => {
  it.each([
    // a NAAN scope covers everything under it at "/"
    [['ark:/99999'], 'ark:/99999', true],
    [['ark:/99999'], 'ark:/99999/x6np1wh8k', true],
    [['ark:/9999'], 'ark:/99999/x6np1wh8k', false],
    [['ark:/99999'], 'ark:/999991/x', false],
    // a shoulder scope covers the Names minted on it (modern ARK: letters up to the first digit)
    [['ark:/99999/x6'], 'ark:/99999/x6np1wh8k', true],
    [['ark:/99999/x6'], 'ark:/99999/x6np1wh8k/chap1.pdf', true],
    [['ark:/99999/x6'], 'ark:/99999/x7np1wh8k', false],
    [['ark:/99999/fk4'], 'ark:/99999/fk4abc', true],
    // a scope that is not a shoulder needs a boundary after it
    [['ark:/99999/abc'], 'ark:/99999/abcd', true], // a shoulder string covers the Names that start with it
    [['ark:/99999/abc'], 'ark:/99999/abc/d', true],
    [['ark:/99999/abc'], 'ark:/99999/abc.v2', true],
    [['ark:/99999/'], 'ark:/99999/anything', true],
    // PDI series
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.us/1997/11/27/12', true],
    [['urn:pdi://ap.org.us'], 'urn:pdi://ap.org.usa/1997/11/27/12', false],
    [['urn:pdi://ap.org.us/1997/11'], 'urn:pdi://ap.org.us/1997/11/27/12', true],
    [['urn:pdi://ap.org.us/1997/1'], 'urn:pdi://ap.org.us/1997/11/27/12', false],
    // several scopes, none, empty
    [['urn:example:a', 'ark:/99999/x6'], 'ark:/99999/x6b', true],
    [[], 'ark:/99999/x6b', false],
    [[''], 'ark:/99999/x6b', false],
  ])('%j covers %s: %s', (scopes, id, expected) => {
    expect(scopeAllows(scopes, id)).toBe(expected);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(a);
  });

  it('are stored as SHA-256; sameHash matches equal hashes only, never a malformed one', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sameHash(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameHash(hashToken('a'), hashToken('b'))).toBe(false);
    expect(sameHash(hashToken('a'), 'zz')).toBe(false);
  });
});
