import type Database from 'better-sqlite3';
import { type ChangeEvent, type ChangeFeed, Listeners } from './changes.ts';

/**
 * The SQLite change feed. Its own connection's writes are heard from temporary triggers (kept by this
 * connection only, nothing in the file) that call back into the process for every row of `bindings`,
 * `naans` and `commitments` written, whatever the write path. A commit by another connection (another
 * `serve --workers` process, `pidgate import` beside a running gateway) is seen by `poll()`, which reads
 * `PRAGMA data_version` (it changes only for other connections' commits; read once per turn of the event
 * loop) and says `flush`. Always live.
 */
export class SqliteChangeFeed implements ChangeFeed {
  readonly live = true;
  readonly #listeners = new Listeners();
  readonly #version: Database.Statement;
  #seen: unknown;
  #polled = false;
  readonly #unpoll = (): void => {
    this.#polled = false;
  };

  constructor(db: Database.Database) {
    db.function('pidgate_changed', { deterministic: false }, (kind: unknown, key: unknown) => {
      if (kind === 'key' && typeof key === 'string') this.#listeners.emit({ kind: 'keys', keys: [key] });
      else if (kind === 'naans' || kind === 'commitments') this.#listeners.emit({ kind });
      return null;
    });
    const triggers: string[] = [];
    for (const [op, keys] of [
      ['INSERT', ['NEW']],
      ['UPDATE', ['OLD', 'NEW']],
      ['DELETE', ['OLD']],
    ] as const) {
      const calls = keys.map((k) => `SELECT pidgate_changed('key', ${k}.key);`).join(' ');
      triggers.push(
        `CREATE TEMP TRIGGER IF NOT EXISTS pidgate_bindings_${op.toLowerCase()} AFTER ${op} ON main.bindings BEGIN ${calls} END;`,
      );
      for (const table of ['naans', 'commitments']) {
        triggers.push(
          `CREATE TEMP TRIGGER IF NOT EXISTS pidgate_${table}_${op.toLowerCase()} AFTER ${op} ON main.${table} BEGIN SELECT pidgate_changed('${table}', NULL); END;`,
        );
      }
    }
    db.exec(triggers.join('\n'));
    this.#version = db.prepare('PRAGMA data_version').pluck();
    this.#seen = this.#version.get();
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  poll(): void {
    // Once per turn of the event loop: the lookups of one turn are concurrent with a commit made meanwhile.
    if (this.#polled) return;
    this.#polled = true;
    setImmediate(this.#unpoll);
    const now = this.#version.get();
    if (now !== this.#seen) {
      this.#seen = now;
      this.#listeners.emit({ kind: 'flush' });
    }
  }

  async close(): Promise<void> {}
}
