#!/usr/bin/env node
// The pidgate command. It runs the TypeScript source directly (through tsx), so a fresh
// clone works after `npm install` with no build step.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
register('./source-conditions.js', import.meta.url);
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
