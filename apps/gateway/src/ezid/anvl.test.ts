import { expectLinear } from '@pidgate/core/testing';
import { describe, expect, it } from 'vitest';
import { ezidBody, formatEzidAnvl, parseEzidAnvl, percentDecode, xmlSafe } from './anvl.ts';

const parsed = (text: string) => {
  const r = parseEzidAnvl(text);
  if (!r.ok) throw new Error(r.error.message);
  return Object.fromEntries(r.value);
};
const failure = (text: string) => {
  const r = parseEzidAnvl(text);
  return r.ok ? 'ok' : r.error.message;
};

describe("EZID's ANVL (API guide, Request & response bodies)", () => {
  it('reads the guide\'s example: "who: Proust, Marcel / what: Remembrance of Things Past / when: 1922"', () => {
    expect(parsed('who: Proust, Marcel\nwhat: Remembrance of Things Past\nwhen: 1922')).toEqual({
      who: 'Proust, Marcel',
      what: 'Remembrance of Things Past',
      when: '1922',
    });
  });

  it('"# The following two elements are identical": a comment, and a continuation line', () => {
    expect(parsed('# The following two elements are identical:\nwho: Proust,\n  Marcel')).toEqual({
      who: 'Proust, Marcel',
    });
  });

  it('escapes as the guide\'s Python: re.sub("[%:\\r\\n]", …) in names, "%", CR and LF in values', () => {
    expect(formatEzidAnvl([['a:b%', 'x: 100%\r\ny']])).toBe('a%3Ab%25: x: 100%25%0D%0Ay\n');
    expect(parsed('a%3Ab%25: x%3A 100%25%0D%0Ay')).toEqual({ 'a:b%': 'x: 100%\r\ny' });
  });

  it('"erc: who: Proust, Marcel%0Awhat: Remembrance of Things Past" is one value', () => {
    expect(parsed('erc: who: Proust, Marcel%0Awhat: Remembrance of Things Past')).toEqual({
      erc: 'who: Proust, Marcel\nwhat: Remembrance of Things Past',
    });
  });

  it('takes CRLF, CR and LF line ends, trims names and values, and reads %XX runs as UTF-8', () => {
    expect(parsed('a : 1 \rb:2\r\nc:%C3%A9t%C3%A9')).toEqual({ a: '1', b: '2', c: 'été' });
  });

  it.each([
    ['no colon', 'no colon in line'],
    [': x', 'empty label'],
    ['a: 1\na: 2', 'repeated label'],
    [' x', 'no previous label for continuation line'],
    ['a: 1\n\n  x', 'no previous label for continuation line'],
    ['a: %4', 'percent-decode error'],
    ['a: %FF', 'percent-decode error'],
    ['a%: 1', 'percent-decode error'],
  ])("refuses %j with EZID's reason %j", (text, reason) => {
    expect(failure(text)).toBe(reason);
  });

  it('writes the status line, and the body EZID sends', () => {
    expect(ezidBody('success', 'ark:/99999/fk4test')).toBe('success: ark:/99999/fk4test');
    expect(ezidBody('success', 'x', [['_target', 'http://a/']])).toBe('success: x\n_target: http://a/\n');
    expect(ezidBody('error', 'bad request - a\nb')).toBe('error: bad request - a%0Ab');
  });

  it('drops what XML cannot carry, as EZID does', () => {
    expect(xmlSafe('a\u0000b\u0007c\td\ue000\uffff\ud800e\ud83d\ude00')).toBe('abc\td\ue000e\ud83d\ude00');
  });

  it('is linear: long runs of one character parse quickly', () => {
    for (const ch of ['%', ':', ' ', '#', 'a', '\n', '%41']) {
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear((n) => `x: ${ch.repeat(n)}`, parseEzidAnvl, { size: 1024, what: `parse ${ch}` });
      expectLinear((n) => ch.repeat(n), percentDecode, { size: 1024, what: `decode ${ch}` });
      expectLinear(
        (n) => ch.repeat(n),
        (s) => formatEzidAnvl([[s, s]]),
        { size: 512, what: `format ${ch}` },
      );
    }
  });
});
