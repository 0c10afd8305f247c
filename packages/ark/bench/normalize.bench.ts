// ARK normalization throughput, in-process on one core. Target: 2 million ARKs per second.
import { createRegistry } from '@pidgate/core';
import { measure, report } from '@pidgate/core/bench';
import { arkScheme, normalizeArk, parseArk } from '../src/index.ts';

/** `parseArk` then `normalizeArk`: the key from the record of parts. */
const keyOf = (s: string, profile: 'source' | 'modern'): boolean => {
  const r = parseArk(s, { profile });
  return r.ok && normalizeArk(r.value, { profile }) !== '';
};

// A mix of plain, NMAH-prefixed, hyphenated and qualified ARKs (and inflected ones).
const samples = [
  'ark:/12025/654xz321',
  'ark:/13030/tf5p30086k',
  'http://loc.gov/ark:/12025/654xz321',
  'https://n2t.net/ark:/13030/tqb3kh97gh8w',
  'ark:/12025/65-4-xz-321',
  'ark:sneezy.dopey.com/12025/654--xz32-1',
  'http://foobar.zaf.org/ark:/12025/654xz321/s3/f8.05v.tiff',
  'ark:/12025/654.20v.78g.f55',
  'ark:/12025/654.f55.78g.20v',
  'ark:/12025/xz4/654.24',
  'http://ark.nlm.nih.gov/ark:/12025/psbbantu??',
  'ARK:/67531/metapth346793/m1/1/?info',
  'ark:/12148/bpt6k5619759j/f1.item.zoom',
  'https://gallica.bnf.fr/ark:/12148/btv1b8449691v/f29.item',
  'ark:/99999/fk4-2345-6789',
  'ark:/12025/x%2Fy%7dZ',
];
const inputs = Array.from({ length: 160_000 }, (_, i) => samples[i % samples.length] as string);

for (const s of samples) if (!arkScheme.parse(s).ok) throw new Error(`sample does not parse: ${s}`);

/**
 * ARKs per second of this process's CPU time (user + system), best of 7 rounds: on a machine shared with
 * other work, wall-clock rates fall with the load while CPU-time rates show the cost on one core.
 */
function perCpuSecond(name: string, fn: (s: string) => unknown): void {
  let sink = 0;
  for (let r = 0; r < 3; r++) for (const s of inputs) sink ^= fn(s) ? 1 : 0;
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 7; r++) {
    const started = process.cpuUsage();
    for (const s of inputs) sink ^= fn(s) ? 1 : 0;
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  const rate = inputs.length / best;
  const verdict = rate >= 2_000_000 ? 'met' : 'NOT met';
  console.log(
    `${`${name}, per CPU second`.padEnd(48)} ${`${(rate / 1e6).toFixed(2)} M/s`.padStart(10)}  (target 2.00 M/s: ${verdict})${sink === 42 ? ' ' : ''}`,
  );
}

const registry = createRegistry([arkScheme]);
console.log(`ARK normalization, ${inputs.length} ARKs a round (${samples.length} shapes), best of 7 rounds`);
report(
  measure('arkScheme.parse (source, §2.7, one scan)', inputs, (s) => arkScheme.parse(s).ok),
  2_000_000,
);
report(
  measure('arkScheme.parse (modern)', inputs, (s) => arkScheme.parse(s, 'modern').ok),
  2_000_000,
);
report(measure('normalizeArk(parseArk(...)) (source)', inputs, (s) => keyOf(s, 'source')));
report(measure('registry.normalize (with dispatch)', inputs, (s) => registry.normalize(s).ok));
perCpuSecond('arkScheme.parse (source)', (s) => arkScheme.parse(s).ok);
perCpuSecond('arkScheme.parse (modern)', (s) => arkScheme.parse(s, 'modern').ok);
