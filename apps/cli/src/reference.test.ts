import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { cliReference } from './reference.ts';

it('docs/cli.md is the CLI reference generated from the help texts (run `npm run docs` after changing them)', () => {
  const onDisk = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
  expect(onDisk).toBe(cliReference());
});
