import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadCommands } from './commands/index.ts';
import { cliReference } from './reference.ts';

it('docs/cli.md is the CLI reference generated from the help texts (run `npm run docs` after changing them)', async () => {
  const onDisk = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
  expect(onDisk).toBe(cliReference(await loadCommands()));
});
