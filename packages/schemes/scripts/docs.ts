// Writes the scheme tables of the docs from the schemes' definitions: docs/schemes.md and the README's table.
import { readFileSync, writeFileSync } from 'node:fs';
import { packageDescriptions, schemesPage, withDescription, withReadmeTable } from '../src/docs.ts';
import { schemes } from '../src/list.ts';

const page = new URL('../../../docs/schemes.md', import.meta.url);
writeFileSync(page, schemesPage(schemes));
console.log(`wrote ${page.pathname}`);
const readme = new URL('../../../README.md', import.meta.url);
writeFileSync(readme, withReadmeTable(readFileSync(readme, 'utf8'), schemes));
console.log(`wrote ${readme.pathname}`);
for (const [path, description] of Object.entries(packageDescriptions(schemes))) {
  const file = new URL(`../../../${path}`, import.meta.url);
  writeFileSync(file, withDescription(readFileSync(file, 'utf8'), description));
  console.log(`wrote ${file.pathname}`);
}
