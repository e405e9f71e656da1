import type { Logger } from '../logger.js';

/** What is in flight when the loop claims again: the claim must skip it. */
export interface InFlight {
  /** Ids of the items running here (an operation whose lease lapsed is still ours: never re-claimed by us). */
  readonly ids: readonly string[];
  /** Keys at their per-key bound (a webhook with `perKey` attempts in flight): nothing more of theirs now. */
  readonly busyKeys: readonly string[];
}

/**
 * One kind of claimed work, typed: how to claim the next piece (a leased row,
 * `FOR UPDATE SKIP LOCKED`; the statement stays in `db/repositories/`) and
 * how to run it. The loop owns everything else.
 */
export interface ClaimStage<T> {
  /** Claims the next piece of work due, skipping what `inFlight` names; undefined when none is. */
  claim(inFlight: InFlight): Promise<T | undefined>;
  /**
   * Runs one claimed piece. `signal` aborts when the loop is stopped with a
   * reason (the executor hands its operations back); the stage records its
   * own outcome, and what it throws is only logged.
   */
  run(item: T, signal: AbortSignal): Promise<void>;
  /** The piece's id while in flight. */
  idOf(item: T): string;
  /** The key the per-key bound counts by (a delivery's webhook); without it there is no per-key bound. */
  keyOf?(item: T): string;
  /** How long to wait when nothing was claimed (default: the poll interval); `inFlight` is how many run. */
  idleMs?(inFlight: number): Promise<number>;
}

export interface ClaimLoopOptions<T> {
  stage: ClaimStage<T>;
  /** Subscribes to the signal that says work may be due here (`onQueued`, `onDue`); returns the unsubscribe. */
  onWake(wake: () => void): () => void;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** What the warning says when claiming fails (once per outage). */
  claimFailed: string;
  /** Pieces in flight at once. */
  concurrency: number;
  /** Pieces in flight at once per `keyOf` key. Default: no bound but `concurrency`. */
  perKey?: number;
  /** How often to look for work the signal did not announce (other replicas', lapsed leases). */
  pollMs: number;
  /** The longest wait between claims while claiming fails. Default 5 s. */
  maxBackoffMs?: number;
}

/**
 * The one claim loop of the workers (operations, webhook deliveries): claims
 * a piece of work whenever there is room, runs it without waiting for it, and
 * claims again. It wakes on the stage's signal and on each piece that ends,
 * else every poll interval; a wake that arrives while it claims is kept, so
 * work queued just after a claim looked is not left for the poll. Room is
 * bounded overall and per key. While claiming fails (the database is away)
 * the wait doubles from the poll interval up to `maxBackoffMs`, and the
 * failure is logged once per outage, not once per attempt.
 *
 * Stopping ends claiming and waits for what is in flight; given a reason, it
 * first aborts the runs' signal with it, so the stage can tell a stop (hand
 * the work back) from a crash (let the lease lapse) by the reason.
 */
export class ClaimLoop<T> {
  readonly #o: ClaimLoopOptions<T> & { maxBackoffMs: number; perKey: number };
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #perKey = new Map<string, number>();
  #stopped = true;
  #loop: Promise<void> | undefined;
  #abort = new AbortController();
  #off: (() => void) | undefined;
  /** Ends the current sleep; while claiming (no sleep), the wake is kept in #woken. */
  #endSleep: (() => void) | undefined;
  #woken = false;

  constructor(options: ClaimLoopOptions<T>) {
    this.#o = { maxBackoffMs: 5_000, perKey: Number.POSITIVE_INFINITY, ...options };
  }

  /** True from start() until stop(). */
  get running(): boolean {
    return !this.#stopped;
  }

  /** Pieces in flight now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#abort = new AbortController();
    this.#off = this.#o.onWake(() => this.wake());
    this.#loop = this.#run();
  }

  /** Claims again now instead of at the next poll (work was queued, a lease handed back). */
  wake(): void {
    if (this.#endSleep) this.#endSleep();
    else this.#woken = true;
  }

  /**
   * Stops claiming and resolves once the loop and every piece in flight have
   * ended. With a reason, the runs' signal is aborted with it first (also for
   * a piece claimed while stopping); without one, they finish on their own.
   */
  async stop(reason?: unknown): Promise<void> {
    this.#stopped = true;
    this.#off?.();
    this.#off = undefined;
    this.wake();
    if (reason !== undefined) this.#abort.abort(reason);
    await this.#loop;
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  async #run(): Promise<void> {
    const { stage, logger, concurrency, pollMs } = this.#o;
    // Consecutive failed claims: the wait between attempts doubles while the database is away.
    let failures = 0;
    while (!this.#stopped) {
      let claimed = false;
      this.#woken = false;
      if (this.#inFlight.size < concurrency) {
        try {
          const item = await stage.claim({ ids: [...this.#inFlight.keys()], busyKeys: this.#busyKeys() });
          if (item !== undefined) {
            claimed = true;
            this.#begin(item);
          }
          failures = 0;
        } catch (err) {
          failures += 1;
          // Once per outage, not once per attempt.
          if (!this.#stopped && failures === 1) logger.warn({ err }, this.#o.claimFailed);
        }
      }
      if (!claimed && !this.#stopped)
        await this.#sleep(failures ? Math.min(pollMs * 2 ** failures, this.#o.maxBackoffMs) : await this.#idleMs());
    }
  }

  #busyKeys(): string[] {
    const busy: string[] = [];
    for (const [key, n] of this.#perKey) if (n >= this.#o.perKey) busy.push(key);
    return busy;
  }

  async #idleMs(): Promise<number> {
    return this.#o.stage.idleMs ? this.#o.stage.idleMs(this.#inFlight.size) : this.#o.pollMs;
  }

  #begin(item: T): void {
    const { stage, logger } = this.#o;
    const id = stage.idOf(item);
    const key = stage.keyOf?.(item);
    if (key !== undefined) this.#perKey.set(key, (this.#perKey.get(key) ?? 0) + 1);
    let run: Promise<void>;
    try {
      run = stage.run(item, this.#abort.signal);
    } catch (err) {
      run = Promise.reject(err);
    }
    const done = run
      .catch((err: unknown) => logger.error({ err, id }, 'a claimed piece of work failed outside its own handling'))
      .finally(() => {
        this.#inFlight.delete(id);
        if (key !== undefined) {
          const n = (this.#perKey.get(key) ?? 1) - 1;
          if (n <= 0) this.#perKey.delete(key);
          else this.#perKey.set(key, n);
        }
        // Room again: claim at once rather than at the next poll.
        this.wake();
      });
    this.#inFlight.set(id, done);
  }

  #sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#endSleep = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#endSleep = done;
    });
  }
}
