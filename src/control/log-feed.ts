/**
 * An operation's log (a build's, a job's), live: the stored lines after a
 * cursor, then each new batch as the worker appends it, until its owner (the
 * build, the job) ends. The record is the one source: a reader is only woken
 * (a NOTIFY on the log-lines channel, sent with each appended batch and with
 * the owner's end, by whichever replica runs it) and reads the lines after the last one it gave, by number.
 * So a reader resumed from a cursor gets every line once, with no gap and no
 * repeat, whatever it missed while away. A lost notification costs at most
 * the poll's delay.
 */
import type { DatabaseHandle } from '../db/connect.js';
import { NotificationListener } from '../db/notifications.js';
import * as logLines from '../db/repositories/log-line-repository.js';
import type { Logger } from '../logger.js';
import { type BuildLogLine, toBuildLogLine } from './builds-model.js';

/** Lines read per query. */
const PAGE = 500;
/** How long a reader sleeps without a notification before it looks again (the fallback). */
const POLL_MS = 1000;

/** One listener per process; readers wait on it by operation id. */
export class LogFeed {
  readonly #waiters = new Map<string, Set<() => void>>();
  #listener: NotificationListener | undefined;
  #starting: Promise<void> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger?: Logger,
  ) {}

  /** Starts listening on first use. */
  #listen(): Promise<void> {
    this.#starting ??= (async () => {
      this.#listener = new NotificationListener(
        this.database,
        logLines.LOG_LINES_CHANNEL,
        {
          onNotification: (operationId) => this.#wake(operationId),
          // Whatever was told while nobody listened: every reader looks again.
          onListening: () => {
            for (const id of this.#waiters.keys()) this.#wake(id);
          },
        },
        { logger: this.logger },
      );
      await this.#listener.start();
    })();
    return this.#starting;
  }

  #wake(operationId: string): void {
    const set = this.#waiters.get(operationId);
    if (!set) return;
    this.#waiters.delete(operationId);
    for (const w of set) w();
  }

  /** Resolves on the operation's next notification, after `ms`, or when `signal` aborts. */
  #next(operationId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.#waiters.get(operationId) ?? new Set();
      this.#waiters.set(operationId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.#waiters.get(operationId) === set) this.#waiters.delete(operationId);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      set.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * The lines of `operationId`'s log (the caller checked it is the tenant's)
   * after line `afterSeq`, then live, ending once `ended()` says its owner
   * (the build, the job) has ended and every line is out. `signal` ends it early.
   */
  async *lines(
    operationId: string,
    afterSeq: number,
    ended: () => Promise<boolean>,
    signal: AbortSignal,
  ): AsyncGenerator<BuildLogLine> {
    await this.#listen();
    let after = afterSeq;
    while (!signal.aborted) {
      // Whether it had ended is read before the lines: a line written before the end is then always read.
      const done = await ended();
      const woken = this.#next(operationId, POLL_MS, signal);
      for (;;) {
        const page = await logLines.listLogLines(this.database.db, operationId, after, PAGE);
        for (const r of page) {
          if (signal.aborted) return;
          after = r.seq;
          yield toBuildLogLine(r);
        }
        if (page.length < PAGE) break;
      }
      if (done) return;
      await woken;
    }
  }

  /** One page of `operationId`'s lines after `afterSeq` (the caller checked it is the tenant's). */
  async page(operationId: string, afterSeq: number, limit: number): Promise<BuildLogLine[]> {
    return (await logLines.listLogLines(this.database.db, operationId, afterSeq, limit)).map(toBuildLogLine);
  }

  async stop(): Promise<void> {
    await this.#listener?.close();
    for (const id of [...this.#waiters.keys()]) this.#wake(id);
  }
}
