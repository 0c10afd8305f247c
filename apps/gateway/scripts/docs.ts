// Writes the generated parts of docs/ that come from the gateway: the configuration reference.
import { writeFileSync } from 'node:fs';
import { configReference } from '../src/config-reference.ts';

const target = new URL('../../../docs/configuration.md', import.meta.url);
writeFileSync(target, configReference());
console.log(`wrote ${target.pathname}`);
