// Writes the generated parts of docs/ that come from the gateway: the configuration reference, and the
// TypeScript types of /openapi.json that the typed-client test drives the API with.
import { writeFileSync } from 'node:fs';
import { configReference } from '../src/config/config-reference.ts';
import { CLIENT_TYPES_FILE, clientTypes, gatewayDocument } from '../src/testing/openapi-client.ts';

const target = new URL('../../../docs/configuration.md', import.meta.url);
writeFileSync(target, configReference());
console.log(`wrote ${target.pathname}`);
writeFileSync(CLIENT_TYPES_FILE, await clientTypes(await gatewayDocument()));
console.log(`wrote ${CLIENT_TYPES_FILE.pathname}`);
