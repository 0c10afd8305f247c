/**
 * ERC parsing throughput: `npm run bench -w @pidgate/erc`.
 * Prints MB/s for parseAnvl, parseErc and serializeErc over a corpus of realistic records.
 */
import { parseAnvl, parseErc, serializeErc } from '../src/index.ts';

const RECORD = `erc:
who:   Bullock, TH | Achimowicz, JZ | Duckrow, RB | Spencer, SS
       | Iragui-Madoz, VJ
what:  Bicoherence of intracranial EEG in sleep, wakefulness and
       seizures
when:  1997 12 00
where: http://cogprints.soton.ac.uk/%{
          documents/disk0/00/00/01/22/index.html %}
in:    EEG Clin Neurophysiol | 1997 12 00 | v103, i6, p661-678
IDcode: cog00000122
# ---- new segment ----
erc-about:
what/Subcategory: Bispectrum | Nonlinearity | Epilepsy
       | Cooperativity | Subdural | Hippocampus | Higher moment
# ---- new segment ----
erc-from:
who:   , NIH/NLM/NCBI
what:  (:unkn) pm9546494
when/Reviewed: 1998 04 18 021600
where: http://ark.nlm.nih.gov/12025/pm9546494?
`;

const COPIES = 4000;
const corpus = Array.from({ length: COPIES }, () => RECORD).join('\n');
const mb = Buffer.byteLength(corpus) / 1e6;

function bench(name: string, run: () => void, bytes = mb): void {
  run(); // warm up
  const rounds = 5;
  const t = performance.now();
  for (let i = 0; i < rounds; i++) run();
  const seconds = (performance.now() - t) / 1000;
  console.log(`${name.padEnd(28)} ${((bytes * rounds) / seconds).toFixed(1).padStart(8)} MB/s`);
}

console.log(`corpus: ${COPIES} ERC records, ${mb.toFixed(2)} MB`);
bench('parseAnvl (all records)', () => {
  parseAnvl(corpus);
});
const records = parseAnvl(corpus);
bench('parseErc (per record)', () => {
  for (const record of records) {
    const r = parseErc(record);
    if (!r.ok) throw new Error(r.error.code);
  }
});
bench('parseErc (text to ERC)', () => {
  for (const record of parseAnvl(corpus)) parseErc(record);
});
const ercs = records.map((r) => {
  const e = parseErc(r);
  if (!e.ok) throw new Error(e.error.code);
  return e.value;
});
bench('serializeErc', () => {
  for (const e of ercs) serializeErc(e);
});
