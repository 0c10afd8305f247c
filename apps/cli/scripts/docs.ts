// Writes the generated parts of docs/: the CLI reference.
import { writeFileSync } from 'node:fs';
import { loadCommands } from '../src/commands/index.ts';
import { cliReference } from '../src/reference.ts';

const target = new URL('../../../docs/cli.md', import.meta.url);
writeFileSync(target, cliReference(await loadCommands()));
console.log(`wrote ${target.pathname}`);
