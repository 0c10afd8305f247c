import { describe, expect, it } from 'vitest';
import { formatShutdownLoad, measureShutdown } from './shutdown-load.ts';

// Issue 27: SIGTERM under load loses nothing, in one process and in a cluster. Real `pidgate serve`
// processes on 127.0.0.1; keep-alive connections pipelining batches of requests, and fresh connections
// each sending one request 100 ms before the signal to the busy gateway. Every request written before the
// signal is answered, no connection is reset, and the server exits 0. No time budget but the test's.
describe('pidgate serve: SIGTERM under load', () => {
  it.each([1, 2])(
    'with %i worker(s): every request sent before SIGTERM is answered',
    async (workers) => {
      const result = await measureShutdown({
        workers,
        connections: 32,
        pipeline: 8,
        loadMs: 1000,
        late: 16,
        lateMs: 100,
      });
      console.log(formatShutdownLoad(result));
      expect(result.sent).toBeGreaterThan(32);
      expect(result.answered).toBe(result.sent);
      expect(result.lateAnswered).toBe(result.late);
      expect(result.resets).toBe(0);
      expect(result.exitCode).toBe(0);
    },
    180_000,
  );
});
