/**
 * Turns a burst of change signals into one reconcile per instance: signals
 * for one instance within the debounce window are coalesced, a signal that
 * arrives while that instance is being reconciled runs it once more after,
 * and never are two runs of one instance under way at once. A run may ask to
 * be repeated later (an operation was still open, a recovery waits out its
 * backoff); a signal in the meantime brings that forward.
 */

/** What the scheduler runs for an instance: resolves to a delay after which to run again, or undefined. */
export type ScheduledRun = (instanceId: string) => Promise<number | undefined>;

export interface ChangeSchedulerOptions {
  /** Signals for one instance closer together than this become one run. */
  debounceMs: number;
  run: ScheduledRun;
  /** Told about a run that threw; the instance is not retried for it (the poll still covers it). */
  onError: (err: unknown, instanceId: string) => void;
}

interface Pending {
  timer: NodeJS.Timeout;
  dueAt: number;
}

export class ChangeScheduler {
  readonly #o: ChangeSchedulerOptions;
  readonly #pending = new Map<string, Pending>();
  readonly #running = new Map<string, Promise<void>>();
  /** Instances signalled while running: they run again as soon as the current run ends. */
  readonly #dirty = new Set<string>();
  #stopped = false;

  constructor(options: ChangeSchedulerOptions) {
    this.#o = options;
  }

  /** Asks for a run of `instanceId` after `delayMs` (the debounce window by default), or sooner if already due. */
  notify(instanceId: string, delayMs = this.#o.debounceMs): void {
    if (this.#stopped) return;
    if (this.#running.has(instanceId)) {
      this.#dirty.add(instanceId);
      return;
    }
    const dueAt = Date.now() + delayMs;
    const pending = this.#pending.get(instanceId);
    if (pending) {
      if (pending.dueAt <= dueAt) return;
      clearTimeout(pending.timer);
    }
    const timer = setTimeout(() => this.#fire(instanceId), delayMs);
    timer.unref();
    this.#pending.set(instanceId, { timer, dueAt });
  }

  /** Instances with a run scheduled or under way (for tests and metrics). */
  get size(): number {
    return new Set([...this.#pending.keys(), ...this.#running.keys()]).size;
  }

  /** Cancels what is scheduled and waits for the runs under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const p of this.#pending.values()) clearTimeout(p.timer);
    this.#pending.clear();
    this.#dirty.clear();
    await Promise.allSettled([...this.#running.values()]);
  }

  #fire(instanceId: string): void {
    this.#pending.delete(instanceId);
    if (this.#stopped) return;
    const run = (async () => {
      let again: number | undefined;
      try {
        again = await this.#o.run(instanceId);
      } catch (err) {
        this.#o.onError(err, instanceId);
      }
      this.#running.delete(instanceId);
      if (this.#dirty.delete(instanceId)) this.notify(instanceId);
      else if (again !== undefined) this.notify(instanceId, again);
    })();
    this.#running.set(instanceId, run);
  }
}
