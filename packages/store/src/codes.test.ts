import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { STORE_ERROR_CODES } from './codes.ts';

it('lists every error code the store returns, each kebab-case, and none it never mentions', () => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const source = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'codes.ts')
    .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
    .join('\n');
  const used = new Set<string>();
  for (const m of source.matchAll(/err\(\s*'([a-z-]+)'/g)) used.add(m[1]!);
  for (const m of source.matchAll(/code: '([a-z-]+)'/g)) used.add(m[1]!);
  for (const code of used) expect(STORE_ERROR_CODES).toContain(code);
  for (const code of STORE_ERROR_CODES) {
    expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(source.includes(`'${code}'`), `${code} is listed but appears nowhere in the source`).toBe(true);
  }
});
