/** One request, as logged. */
export interface RequestLog {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly scheme: string;
  readonly outcome: string;
}

export type LogSink = (line: string) => void;

/** The longest path written to the log; longer ones are cut (the full one can be megabytes). */
const MAX_PATH = 2048;

/** Buffered text is written once it reaches this many characters, without waiting for the end of the tick. */
const FLUSH_AT = 64 * 1024;

/** Loggers holding buffered lines: written out synchronously if the process exits before their tick ends. */
const pending = new Set<RequestLogger>();
let exitHook = false;
function flushAll(): void {
  for (const logger of pending) logger.flush();
}

/** A string that JSON.stringify would write as itself between quotes: printable ASCII, no `"` or `\`. */
function isPlainJson(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 34 || c === 92) return false;
  }
  return true;
}

/**
 * Writes one JSON line per request, or nothing. Lines are built by hand (no object is serialized) and
 * collected during one turn of the event loop, then written with one `write` (one system call instead of
 * one per request). Events (start, reload, shutdown) flush what is buffered first, so order is kept; the
 * buffer is also flushed at `process.exit`.
 */
export class RequestLogger {
  readonly #sink: LogSink | null;
  #buffer = '';
  #scheduled = false;
  /** The ISO time of the last line and the millisecond it was made for (one toISOString per millisecond). */
  #timeMs = -1;
  #time = '';
  /** The cluster worker's id, written in every line (`pidgate serve --workers N`); null in one process. */
  readonly #worker: number | null;
  /** `,"worker":N` or nothing: appended to every request line. */
  readonly #workerField: string;

  constructor(sink: LogSink | null, worker: number | null = null) {
    this.#sink = sink;
    this.#worker = worker;
    this.#workerField = worker === null ? '' : `,"worker":${worker}`;
  }

  get enabled(): boolean {
    return this.#sink !== null;
  }

  #now(): string {
    const ms = Date.now();
    if (ms !== this.#timeMs) {
      this.#timeMs = ms;
      this.#time = new Date(ms).toISOString();
    }
    return this.#time;
  }

  request(entry: RequestLog): void {
    if (this.#sink === null) return;
    const path = entry.path.length > MAX_PATH ? `${entry.path.slice(0, MAX_PATH)}…` : entry.path;
    // JSON.stringify escapes control characters, so a request cannot forge log lines.
    const quoted = isPlainJson(path) ? `"${path}"` : JSON.stringify(path);
    const method = isPlainJson(entry.method) ? `"${entry.method}"` : JSON.stringify(entry.method);
    this.#buffer += `{"time":"${this.#now()}","method":${method},"path":${quoted},"status":${entry.status},"ms":${entry.ms.toFixed(3)},"scheme":"${entry.scheme}","outcome":"${entry.outcome}"${this.#workerField}}\n`;
    if (this.#buffer.length >= FLUSH_AT) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      pending.add(this);
      if (!exitHook) {
        exitHook = true;
        process.once('exit', flushAll);
      }
      setImmediate(() => this.flush());
    }
  }

  /** Write what is buffered now. */
  flush(): void {
    this.#scheduled = false;
    pending.delete(this);
    if (this.#buffer === '' || this.#sink === null) return;
    const text = this.#buffer;
    this.#buffer = '';
    this.#sink(text);
  }

  /** A message that is not about one request (start, reload, shutdown). */
  event(event: string, fields: Record<string, unknown> = {}): void {
    if (this.#sink === null) return;
    this.flush();
    const worker = this.#worker === null ? {} : { worker: this.#worker };
    this.#sink(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields, ...worker })}\n`);
  }
}

/**
 * A logger writing to a stream (standard output by default), or a silent one for `off`; `worker` (a cluster
 * worker's id) is written in every line.
 */
export function createLogger(
  mode: 'json' | 'off',
  out: { write(s: string): unknown } = process.stdout,
  worker: number | null = null,
): RequestLogger {
  return new RequestLogger(mode === 'off' ? null : (line) => out.write(line), worker);
}
