// Writes the scheme tables of the docs from the schemes' definitions: docs/schemes.md and the README's table.
import { readFileSync, writeFileSync } from 'node:fs';
import { schemesPage, withReadmeTable } from '../src/docs.ts';
import { schemes } from '../src/list.ts';

const page = new URL('../../../docs/schemes.md', import.meta.url);
writeFileSync(page, schemesPage(schemes));
console.log(`wrote ${page.pathname}`);
const readme = new URL('../../../README.md', import.meta.url);
writeFileSync(readme, withReadmeTable(readFileSync(readme, 'utf8'), schemes));
console.log(`wrote ${readme.pathname}`);
