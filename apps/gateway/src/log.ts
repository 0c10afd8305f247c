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

/** Writes one JSON line per request, or nothing. */
export class RequestLogger {
  readonly #sink: LogSink | null;

  constructor(sink: LogSink | null) {
    this.#sink = sink;
  }

  get enabled(): boolean {
    return this.#sink !== null;
  }

  request(entry: RequestLog): void {
    if (this.#sink === null) return;
    const path = entry.path.length > MAX_PATH ? `${entry.path.slice(0, MAX_PATH)}…` : entry.path;
    // JSON.stringify escapes control characters, so a request cannot forge log lines.
    this.#sink(
      `{"time":"${new Date().toISOString()}","method":${JSON.stringify(entry.method)},"path":${JSON.stringify(path)},"status":${entry.status},"ms":${entry.ms.toFixed(3)},"scheme":"${entry.scheme}","outcome":"${entry.outcome}"}\n`,
    );
  }

  /** A message that is not about one request (start, reload, shutdown). */
  event(event: string, fields: Record<string, unknown> = {}): void {
    if (this.#sink === null) return;
    this.#sink(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
  }
}

/** A logger writing to a stream (standard output by default), or a silent one for `off`. */
export function createLogger(mode: 'json' | 'off', out: { write(s: string): unknown } = process.stdout): RequestLogger {
  return new RequestLogger(mode === 'off' ? null : (line) => out.write(line));
}
