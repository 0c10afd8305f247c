// `npm run bench:shutdown`: requests sent before SIGTERM / answered, for one `pidgate serve` process and
// for `--workers 2`, under load (issue 27). Real processes on 127.0.0.1, run from the sources (tsx).
// SHUTDOWN_DIST=1 runs the built apps/cli/dist instead (to measure a build, e.g. before a change).
// SHUTDOWN_CONNECTIONS, SHUTDOWN_PIPELINE, SHUTDOWN_LOAD_MS, SHUTDOWN_LATE change the load.
import { formatShutdownLoad, measureShutdown } from '../src/shutdown-load.ts';

const options = {
  connections: Number(process.env.SHUTDOWN_CONNECTIONS ?? 64),
  pipeline: Number(process.env.SHUTDOWN_PIPELINE ?? 8),
  loadMs: Number(process.env.SHUTDOWN_LOAD_MS ?? 2000),
  late: Number(process.env.SHUTDOWN_LATE ?? 16),
  lateMs: 100,
  fromSource: process.env.SHUTDOWN_DIST !== '1',
};
let lost = 0;
for (const workers of [1, 2]) {
  const result = await measureShutdown({ ...options, workers });
  console.log(formatShutdownLoad(result));
  lost += result.sent - result.answered;
}
process.exitCode = lost === 0 ? 0 : 1;
