// Batch download at scale: N bindings (default 100,000; BATCH_BENCH_N) owned by one user in a fresh SQLite
// store, downloaded as CSV+gzip and as ANVL+ZIP by the job worker. Prints the time, the file size and the
// process's peak resident memory before and after, to show the download streams in constant memory.
// Run: node --conditions=@pidgate/source --import tsx apps/gateway/bench/download.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@pidgate/store';
import { parseDownloadRequest } from '../src/batch/request.ts';
import { downloadServiceFor } from '../src/batch/service.ts';

const n = Number(process.env['BATCH_BENCH_N'] ?? 100_000);
const dir = mkdtempSync(join(tmpdir(), 'pidgate-download-bench-'));
const store = await openStore({ dataDir: dir });
const user = await store.createUser({ username: 'bench' });
if (!user.ok) throw new Error(user.error.message);
async function* items() {
  for (let i = 0; i < n; i++) {
    yield {
      key: `ark:/99999/fk4${i.toString(36).padStart(6, '0')}`,
      target: `https://example.org/object/${i}`,
      erc: { who: `Author ${i}`, what: `Title ${i}`, when: '2024' },
      owner: 'bench',
    };
  }
}
const imported = await store.importBindings(items(), { batchSize: 5000 });
if (!imported.ok) throw new Error(imported.error.message);
const service = downloadServiceFor({ store, dir: join(dir, 'downloads'), retentionSeconds: 3600 });
const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
for (const q of [
  'format=csv&column=_id&column=_target&column=erc.who&column=_mappedTitle',
  'format=anvl&compression=zip',
]) {
  const request = parseDownloadRequest(new URLSearchParams(q));
  if (typeof request === 'string') throw new Error(request);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const job = await service.request({ username: 'bench', scopes: null }, 'view', request);
  if (!job.ok) throw new Error(job.error.message);
  await service.idle();
  const ms = performance.now() - t0;
  clearInterval(timer);
  const done = await store.downloads.get(job.value.id);
  if (!done.ok) throw new Error(done.error.message);
  console.log(
    `${q}: ${done.value.count} identifiers in ${(ms / 1000).toFixed(2)} s (${Math.round(((done.value.count ?? 0) / ms) * 1000)}/s), file ${mib(done.value.size ?? 0)}, RSS ${mib(rssBefore)} → peak ${mib(peak)}`,
  );
}
service.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });
