/**
 * Log plumbing over the pod log endpoint: a Writable the client pipes a
 * response into, which splits `timestamps=true` lines into LogEntries, and a
 * LogStream that merges the streams of every replica and aborts their HTTP
 * requests on close.
 *
 * The pod log endpoint does not separate stdout from stderr, so every entry is
 * reported as `stdout`.
 */
import { Writable } from 'node:stream';
import { parseTimestamped } from '../log-timestamps.js';
import type { LogEntry, LogStream } from '../provider.js';

/** Where one log source's lines come from. */
export interface LogSourceMeta {
  service: string;
  replica: number;
}

/**
 * The Writable one pod's log response is piped into. It also listens for
 * errors on that response: the client pipes it without an error listener, and
 * aborting the request makes it emit one, which would otherwise crash the
 * process.
 */
export class LogSink extends Writable {
  readonly #meta: LogSourceMeta;
  readonly #onEntry: (e: LogEntry) => void;
  #partial = '';
  #ended = false;
  readonly done: Promise<void>;

  constructor(meta: LogSourceMeta, onEntry: (e: LogEntry) => void) {
    super();
    this.#meta = meta;
    this.#onEntry = onEntry;
    let resolve: () => void = () => undefined;
    this.done = new Promise<void>((r) => {
      resolve = r;
    });
    const finish = () => {
      if (this.#ended) return;
      this.#ended = true;
      if (this.#partial) this.#emit(this.#partial);
      this.#partial = '';
      resolve();
    };
    this.on('pipe', (source: NodeJS.ReadableStream) => {
      source.on('error', () => {
        // An aborted request ends the stream; what was received stands.
        finish();
      });
      source.on('close', finish);
    });
    this.on('finish', finish);
    this.on('close', finish);
    this.on('error', finish);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    const text = this.#partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.#partial = parts.pop() ?? '';
    for (const line of parts) this.#emit(line);
    cb();
  }

  #emit(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (!line) return;
    const { timestamp, message } = parseTimestamped(line);
    this.#onEntry({
      timestamp: timestamp ?? new Date(),
      stream: 'stdout',
      service: this.#meta.service,
      replica: this.#meta.replica,
      message,
    });
  }
}

/**
 * A followed LogStream: entries arrive from every replica as the API server
 * sends them. close() (or breaking out of the iteration) aborts every request
 * and ends the iteration; the stream also ends when every source has ended.
 */
export class FollowLogStream implements LogStream {
  readonly #queue: LogEntry[] = [];
  readonly #controllers: AbortController[] = [];
  readonly #keep: ((e: LogEntry) => boolean) | undefined;
  #open = 0;
  #closed = false;
  readonly #onClose: Array<() => void> = [];
  #wake: (() => void) | undefined;

  constructor(keep?: (e: LogEntry) => boolean) {
    this.#keep = keep;
  }

  /** A sink for one more source; pass the controller of its request to `attach` once it is open. */
  sink(meta: LogSourceMeta): LogSink {
    const sink = new LogSink(meta, (e) => {
      if (this.#closed || (this.#keep && !this.#keep(e))) return;
      this.#queue.push(e);
      this.#notify();
    });
    this.#open++;
    void sink.done.then(() => {
      this.#open--;
      this.#notify();
    });
    return sink;
  }

  /** Keeps the stream open with no source (while waiting for new pods) until the returned release is called. */
  hold(): () => void {
    this.#open++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#open--;
      this.#notify();
    };
  }

  /** Runs `fn` once, when the stream is closed. */
  onClose(fn: () => void): void {
    if (this.#closed) fn();
    else this.#onClose.push(fn);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Registers the request behind a sink so close() can abort it. */
  attach(controller: AbortController): void {
    if (this.#closed) controller.abort();
    else this.#controllers.push(controller);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue.length = 0;
    for (const fn of this.#onClose.splice(0)) fn();
    for (const c of this.#controllers) c.abort();
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<LogEntry> {
    try {
      for (;;) {
        const next = this.#queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (this.#closed || this.#open === 0) return;
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
    } finally {
      await this.close();
    }
  }
}
