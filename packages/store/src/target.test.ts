import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './open.ts';
import type { Store } from './store.ts';

// A target is stored as the WHATWG URL serialization (what is sent in Location); a text the WHATWG parser reads
// as another URL than other readers do is refused with `ambiguous-target`. On a real SQLite file, through every
// door that writes a target: putBinding, importBindings and putPdiVersion.

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pidgate-target-'));
  store = await openStore({ dataDir: dir });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const put = async (target: string) => {
  const r = await store.putBinding(`ark:/99999/fk4t${n++}`, { target }, 'cli');
  return r.ok
    ? { ok: true, stored: r.value.binding.target }
    : { ok: false, code: r.error.code, message: r.error.message };
};

describe('targets read two ways are refused with ambiguous-target', () => {
  // Each text, and the URL the WHATWG parser reads it as (not what other readers see).
  const ambiguous: [string, string][] = [
    ['https://example.org\\@evil.example/', 'backslash before @: WHATWG host example.org, others evil.example'],
    ['https://example.org\\evil.example/', 'backslash in the path read as /'],
    ['http:evil.example', 'no // after the scheme'],
    ['http:/evil.example/', 'one slash after the scheme'],
    ['http:///evil.example/', 'three slashes after the scheme'],
    ['https:\\\\evil.example', 'backslashes for //'],
    ['https://exa\nmple.org/', 'a raw LF in the host (WHATWG drops it)'],
    ['https://example.org/a\tb', 'a raw tab in the path'],
    ['https://example.org\r/', 'a raw CR'],
    ['https://example.org@evil.example/', 'a user name hides the host'],
    ['https://user:pass@example.org/', 'a user name and password'],
    ['https://ex%61mple.org/', 'a percent-escape in the host'],
  ];
  it.each(ambiguous)('%j (%s)', async (target) => {
    const r = await put(target);
    expect(r.ok).toBe(false);
    expect(r.code).toBe('ambiguous-target');
    expect(r.message).toMatch(/^target: is read two ways/);
  });

  it('the same refusal through an import and a PDI version', async () => {
    const imported = await store.importBindings([
      { key: 'ark:/99999/fk4imp1', target: 'https://example.org\\@evil.example/' },
      { key: 'ark:/99999/fk4imp2', target: 'https://example.org/fine' },
    ]);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value.failed).toBe(1);
    const bad = imported.value.failures.find((x) => x.key === 'ark:/99999/fk4imp1');
    expect(bad && !bad.ok ? bad.error.code : null).toBe('ambiguous-target');
    const pdi = await store.putPdiVersion('pdi:example.org/doc', 'pdf', 'http:evil.example', 'cli');
    expect(pdi.ok ? 'ok' : pdi.error.code).toBe('ambiguous-target');
  });

  it('what is not an http(s) URL stays invalid-binding', async () => {
    for (const target of ['mailto:x@example.org', 'not a url', '/relative', 'https://']) {
      expect(await put(target)).toMatchObject({ ok: false, code: 'invalid-binding' });
    }
  });
});

describe('a target is stored as its WHATWG serialization', () => {
  const same: [string, string][] = [
    ['https://example.org', 'https://example.org'],
    ['https://Example.org:443?q', 'https://example.org?q'],
    ['https://example.org/', 'https://example.org/'],
    ['HTTPS://Example.ORG:443/a/../b', 'https://example.org/b'],
    ['http://127.1:8080/x', 'http://127.0.0.1:8080/x'],
    ['https://bücher.example/ä b', 'https://xn--bcher-kva.example/%C3%A4%20b'],
    ['https://example.org/path?q=a\\b#f\\g', 'https://example.org/path?q=a\\b#f\\g'],
    ['https://example.org/%7Efine', 'https://example.org/%7Efine'],
  ];
  it.each(same)('%j is stored as %j', async (target, stored) => {
    expect(await put(target)).toEqual({ ok: true, stored });
  });
});
