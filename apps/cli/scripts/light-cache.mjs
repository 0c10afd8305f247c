// Writes dist/light.cjs.cache, V8's code cache for the start-up bundle (run by scripts/build.mjs, in a
// Node process of its own so that nothing else is compiled in it). It loads light.cjs as bin/pidgate.js
// does, runs what a short run runs (--version, --help, a normalize, compare and parse of a few
// identifiers of several schemes), then asks V8 for the code it compiled, the functions those runs
// called included.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { loadLight } = require('../bin/pidgate.js');
const file = fileURLToPath(new URL('../dist/light.cjs', import.meta.url));
const { exports: light, script } = loadLight(file, true);

const LINES = [
  'ark:/12345/x',
  'doi:10.1000/182',
  'https://doi.org/10.1000/182',
  'hdl:20.1000/100',
  '978-0-395-36341-6',
  'urn:nbn:de:101:1-201102033592',
  '0000-0002-1825-0097',
  'arXiv:2101.00001',
  'not an identifier',
];
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
const io = (input = '') => ({
  stdin: Readable.from([Buffer.from(input)]),
  stdout: sink(),
  stderr: sink(),
  env: {},
  cwd: process.cwd(),
});
await light.main(['--version'], io());
await light.main(['--help'], io());
await light.main(['normalize'], io(`${LINES.join('\n')}\n`));
await light.main(['compare', 'doi:10.1000/182', 'https://doi.org/10.1000/182'], io());
await light.main(['parse', 'ark:/12345/x'], io());
writeFileSync(`${file}.cache`, script.createCachedData());
