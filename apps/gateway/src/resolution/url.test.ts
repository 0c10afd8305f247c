// biome-ignore-all lint/suspicious/noTemplateCurlyInString: URL templates hold ${name} placeholders.
import { expectLinear } from '@pidgate/core/testing';
import { NaanTable, parseNaanRegistryJson } from '@pidgate/discovery';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passthroughTail, rawPrefixEnd } from './raw-prefix.ts';
import { appendToTarget, fillTemplate, safeHttpUrl } from './url.ts';

/** scheme, userinfo, host and port: what a redirect's origin is made of (read with the WHATWG parser). */
function origin(url: string): string {
  const u = new URL(url);
  return `${u.protocol}|${u.username}|${u.password}|${u.hostname}|${u.port}`;
}

const hostname = fc.constantFrom('example.org', 'repo.example.org', 'a.b.example', '127.0.0.1', '[::1]');
const targets = fc
  .tuple(
    fc.constantFrom('http', 'https', 'HTTPS'),
    fc.constantFrom('', 'user@', 'user:pw@'),
    hostname,
    fc.constantFrom('', ':8080', ':443'),
    fc.constantFrom('', '/', '/abc', '/a/b/', '/x?y=1', '?q=', '#f', '/p.'),
  )
  .map(([scheme, userinfo, host, port, rest]) => `${scheme}://${userinfo}${host}${port}${rest}`);

/** Suffixes an attacker would send: hosts, userinfo, ports, backslashes, dot runs, encoded and raw. */
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom('.', '@', ':', '/', '\\', '?', '#', '%40', '%2F', 'evil.com', '8080', 'a', '-', '[', ']', '..'),
      {
        maxLength: 12,
      },
    )
    .map((parts) => parts.join('')),
);

describe('origin-safe redirects: appending never changes scheme, userinfo, host or port', () => {
  it('the issue example: a suffix with @ after a target without a path', () => {
    const joined = appendToTarget('https://example.org', '.a@evil.com');
    expect(joined).toBe('https://example.org/.a@evil.com');
    expect(new URL(joined as string).host).toBe('example.org');
    expect(appendToTarget('https://example.org', '.attacker.net')).toBe('https://example.org/.attacker.net');
    expect(appendToTarget('https://example.org/abc', '/s3.pdf')).toBe('https://example.org/abc/s3.pdf');
    expect(appendToTarget('https://example.org/abc', '?q=1')).toBe('https://example.org/abc?q=1');
  });

  it('bindings and prefix rules: target + any suffix keeps the target origin (or is refused)', () => {
    fc.assert(
      fc.property(targets, hostile, (target, suffix) => {
        const joined = appendToTarget(target, suffix);
        if (joined === null) return;
        expect(origin(joined)).toBe(origin(target));
      }),
      { numRuns: 5000 },
    );
  });

  it('passthrough tails cut from requests keep the origin too', () => {
    fc.assert(
      fc.property(targets, fc.constantFrom('fk4abc', 'xt2', 'x6'), hostile, (target, key, rest) => {
        const tail = passthroughTail(`${key}${rest}`, `ark:/99999/${key}`, `ark:/99999/${key}`);
        const joined = appendToTarget(target, tail);
        if (joined !== null) expect(origin(joined)).toBe(origin(target));
      }),
      { numRuns: 3000 },
    );
  });

  it('URN delegation templates: a filled value never moves the template origin', () => {
    const templates = fc.constantFrom(
      'https://nbn-resolving.org/${urn}',
      'https://urn.kb.se/resolve?urn=${urn}',
      'https://example.org${urn}',
      'https://example.org:8443${nss}',
      'http://user@example.org/${nid}/${nss}',
    );
    fc.assert(
      fc.property(templates, hostile, hostile, (template, a, b) => {
        const filled = fillTemplate(template, { urn: a, nid: b, nss: a + b });
        const safe = safeHttpUrl(filled);
        if (safe === null) return;
        expect(origin(safe)).toBe(origin(template.replace(/\$\{[a-z]+\}/g, '')));
      }),
      { numRuns: 5000 },
    );
  });

  it('NAAN-table templates (the registry variables) filled through fillTemplate keep their origin', () => {
    const templates = fc.constantFrom(
      'http://www.nlm.nih.gov/ark:/${content}',
      'https://data.ng.ac.uk/${value}',
      'https://R74n.com/id/?${pid}',
      'https://vocab.example.ch/brunner${suffix}',
      'https://example.org${content}',
    );
    fc.assert(
      fc.property(templates, hostile, (template, rest) => {
        const content = `12345/${rest}`;
        const values = { content, value: rest, pid: `ark:/${content}`, suffix: rest };
        const safe = safeHttpUrl(fillTemplate(template, values));
        if (safe === null) return;
        expect(origin(safe)).toBe(origin(template.replace(/\$\{[a-z]+\}/g, '')));
      }),
      { numRuns: 5000 },
    );
  });

  it('through a real NaanTable lookup as the ARK resolver does it', () => {
    const registry = parseNaanRegistryJson({
      data: [
        {
          what: '12345',
          where: 'https://example.org',
          target: { url: 'https://example.org${content}', http_code: 302 },
        },
      ],
    });
    if (!registry.ok) throw new Error(registry.error.message);
    const table = NaanTable.fromRegistry(registry.value);
    fc.assert(
      fc.property(hostile, (rest) => {
        const hit = table.rule('12345', rest);
        if (!hit) return;
        const safe = safeHttpUrl(fillTemplate(hit.template, hit.values));
        if (safe !== null) expect(new URL(safe).host).toBe('example.org');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('raw passthrough: the part of the request after the bound key, as sent', () => {
  it.each([
    ['fk4abc/para4.txt.1.bak', 'fk4abc', '/para4.txt.1.bak'],
    ['fk4-abc/chap-1', 'fk4abc', '/chap-1'],
    ['fk4abc?x=1', 'fk4abc', '?x=1'],
    ['fk4%2fa/b', 'fk4%2Fa', '/b'],
    ['/fk4abc/b', 'fk4abc', '/b'],
  ])('%s after key %s → %s', (raw, keyRest, tail) => {
    const end = rawPrefixEnd(raw, keyRest);
    expect(raw.slice(end)).toBe(tail);
  });

  it('a key the request does not spell in order is -1 (the caller falls back to the normalized rest)', () => {
    expect(rawPrefixEnd('x.b.a', 'x.a.b')).toBe(-1);
    expect(passthroughTail('x.b.a/c', 'ark:/1/x.a.b', 'ark:/1/x.a.b/c')).toBe('/c');
  });

  it('is linear: a long run is read once', () => {
    const long = (n: number) => `${'-'.repeat(n)}a`;
    expect(rawPrefixEnd(long(200_000), 'a')).toBe(200_001);
    // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
    expectLinear(long, (s) => rawPrefixEnd(s, 'a'), { size: 1024 });
  });
});
