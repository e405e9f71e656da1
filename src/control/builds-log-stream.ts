/**
 * A build's log, live: the stored lines after a cursor, then each new batch
 * as the worker appends it, until the build ends. The record is the one
 * source: a reader is only woken (a NOTIFY on the build-logs channel, sent
 * with each appended batch and with the build's end, by whichever replica
 * runs the build) and reads the lines after the last one it gave, by number.
 * So a reader resumed from a cursor gets every line once, with no gap and no
 * repeat, whatever it missed while away. A lost notification costs at most
 * the poll's delay.
 */
import type { DatabaseHandle } from '../db/connect.js';
import { NotificationListener } from '../db/notifications.js';
import * as builds from '../db/repositories/build-repository.js';
import type { Logger } from '../logger.js';
import { type BuildLogLine, buildEnded, toBuild, toBuildLogLine } from './builds-model.js';

/** Lines read per query. */
const PAGE = 500;
/** How long a reader sleeps without a notification before it looks again (the fallback). */
const POLL_MS = 1000;

/** One listener per process; readers wait on it by build id. */
export class BuildLogFeed {
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
        builds.BUILD_LOGS_CHANNEL,
        {
          onNotification: (buildId) => this.#wake(buildId),
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

  #wake(buildId: string): void {
    const set = this.#waiters.get(buildId);
    if (!set) return;
    this.#waiters.delete(buildId);
    for (const w of set) w();
  }

  /** Resolves on the build's next notification, after `ms`, or when `signal` aborts. */
  #next(buildId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.#waiters.get(buildId) ?? new Set();
      this.#waiters.set(buildId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.#waiters.get(buildId) === set) this.#waiters.delete(buildId);
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
   * The lines of `buildId` (the caller checked it is the tenant's) after line
   * `afterSeq`, then live, ending once the build has ended and every line is
   * out. `signal` ends it early.
   */
  async *lines(buildId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<BuildLogLine> {
    await this.#listen();
    let after = afterSeq;
    while (!signal.aborted) {
      // Whether it had ended is read before the lines: a line written before the end is then always read.
      const row = await builds.findBuildsByIdsAnyTenant(this.database.db, [buildId]);
      const ended = row[0] ? buildEnded(toBuild(row[0])) : true;
      const woken = this.#next(buildId, POLL_MS, signal);
      for (;;) {
        const page = await builds.listLogLines(this.database.db, buildId, after, PAGE);
        for (const r of page) {
          if (signal.aborted) return;
          after = r.seq;
          yield toBuildLogLine(r);
        }
        if (page.length < PAGE) break;
      }
      if (ended) return;
      await woken;
    }
  }

  async stop(): Promise<void> {
    await this.#listener?.close();
    for (const id of [...this.#waiters.keys()]) this.#wake(id);
  }
}
