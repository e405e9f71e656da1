import type { LogEntry, LogStream } from './provider.js';

/** A LogStream over entries already in memory (the non-follow case). */
export class StaticLogStream implements LogStream {
  readonly #entries: LogEntry[];
  #closed = false;

  constructor(entries: LogEntry[]) {
    this.#entries = entries;
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<LogEntry> {
    for (const e of this.#entries) {
      if (this.#closed) return;
      yield e;
    }
  }
}
