import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { BlockCounts, BlockOptions } from './normalize-block.ts';

export interface Done {
  readonly out: Uint8Array;
  readonly counts: BlockCounts;
}

/** A block handed to a worker: `done` is set when its output is back (see `NormalizePool.poll`). */
export interface Job {
  done: Done | null;
}

interface Slot {
  readonly worker: Worker;
  readonly port: MessagePort;
  ready: boolean;
  /** The blocks sent to this worker and not yet back, oldest first (a worker answers in order). */
  readonly jobs: Job[];
}

/**
 * Blocks queued per worker. Two: the worker starts its next block the moment it sends one back,
 * without waiting for the main thread (busy with a block of its own) to hand it another.
 */
const QUEUE_DEPTH = 2;

/**
 * V8 heap limits of a worker. Blocks are small (a few hundred KiB in, about twice that out) and
 * nothing outlives one: a small young generation is collected often and cheaply, and keeps the
 * resident memory of `--jobs N` near N times one thread's, not N times a default heap's.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 };

/**
 * Worker threads that normalize blocks of lines. `tryRun` hands a block to a worker that has started
 * and has room in its queue, or returns null (the caller then normalizes it itself): a worker still
 * starting never holds up the output, and on a busy machine the main thread does what the workers
 * cannot. Results are read synchronously (`receiveMessageOnPort`), so a busy main thread still sees
 * a worker finish. The caller keeps the order by writing results in the order it ran them.
 */
export class NormalizePool {
  private readonly slots: Slot[] = [];
  private failure: Error | null = null;

  constructor(size: number, script: URL, options: BlockOptions) {
    for (let i = 0; i < size; i++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(script, {
        workerData: { options, port: port2 },
        transferList: [port2],
        resourceLimits: WORKER_LIMITS,
      });
      worker.on('error', (e) => {
        this.failure ??= e;
      });
      worker.unref();
      this.slots.push({ worker, port: port1, ready: false, jobs: [] });
    }
  }

  /** Collect what the workers have sent back. Throws when a worker failed. */
  poll(): void {
    if (this.failure) throw this.failure;
    for (const slot of this.slots) {
      for (let m = receiveMessageOnPort(slot.port); m; m = receiveMessageOnPort(slot.port)) {
        const message = m.message as Done | 'ready';
        if (message === 'ready') slot.ready = true;
        else {
          const job = slot.jobs.shift();
          if (job) job.done = message;
        }
      }
    }
  }

  /**
   * Hand `bytes` (whole lines) to the least busy started worker with room, or return null. The
   * worker gets its own copy, transferred: the block's memory is not shared with the reader's buffers.
   */
  tryRun(bytes: Uint8Array): Job | null {
    this.poll();
    let slot: Slot | null = null;
    for (const s of this.slots) {
      if (s.ready && s.jobs.length < QUEUE_DEPTH && (slot === null || s.jobs.length < slot.jobs.length)) slot = s;
    }
    if (!slot) return null;
    const job: Job = { done: null };
    slot.jobs.push(job);
    const copy = new Uint8Array(bytes);
    slot.worker.postMessage(copy, [copy.buffer]);
    return job;
  }

  /** Wait for a job's output. */
  async wait(job: Job): Promise<Done> {
    for (;;) {
      this.poll();
      if (job.done) return job.done;
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * The worker's script: dist/normalize-worker.js next to the compiled chunks. Running from the
 * TypeScript sources (tests, PIDGATE_SOURCE=1) there is none, and `--jobs` normalizes in the main thread.
 */
export function workerScript(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./normalize-worker.js', import.meta.url) : null;
}
