import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageDescriptions, schemesInWords, schemesPage, withDescription, withReadmeTable } from './docs.ts';
import { schemes } from './list.ts';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('the scheme tables of the docs', () => {
  it('docs/schemes.md is what the definitions give (run `npm run docs -w @pidgate/schemes`)', () => {
    expect(read('docs/schemes.md')).toBe(schemesPage(schemes));
  });

  it("the README's table is what the definitions give (run `npm run docs -w @pidgate/schemes`)", () => {
    const readme = read('README.md');
    expect(readme).toBe(withReadmeTable(readme, schemes));
  });

  it.each(schemes.map((s) => [s.name, s] as const))('%s: its example parses, its spec page exists', (_, scheme) => {
    const r = scheme.parse(scheme.docs.example);
    expect(r.ok, scheme.docs.example).toBe(true);
    expect(existsSync(new URL(scheme.docs.page, root)), scheme.docs.page).toBe(true);
  });

  it('lists every scheme, one row each', () => {
    const page = schemesPage(schemes);
    for (const s of schemes) expect(page).toContain(`| \`${s.name}\` | ${s.priority} |`);
  });

  it.each(Object.entries(packageDescriptions(schemes)))(
    '%s: its description names what is read now (run `npm run docs -w @pidgate/schemes`)',
    (path, description) => {
      const text = read(path);
      expect(JSON.parse(text).description).toBe(description);
      expect(withDescription(text, description)).toBe(text);
    },
  );

  it('names every scheme in words, from its title', () => {
    expect(schemesInWords(schemes.filter((s) => ['ark', 'doi', 'orcid'].includes(s.name)))).toBe(
      'ARK, DOI and ORCID iD',
    );
  });
});
