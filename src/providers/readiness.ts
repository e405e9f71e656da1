import { InstanceStates, type InstanceStatus, type ReadinessPolicy } from './provider.js';
import { CanceledError, NotReadyError } from './provider-errors.js';

/** Defaults used when a ReadinessPolicy leaves a field at zero (the seed's values). */
export const DEFAULT_READINESS_TIMEOUT_MS = 5 * 60 * 1000;
export const DEFAULT_READINESS_INTERVAL_MS = 5 * 1000;
/** Added to a status's recheckAt, so the read lands just after the moment (engine and host clocks round). */
const RECHECK_MARGIN_MS = 5;

/** Readiness outcomes, as readinessOutcome reports them. */
export const ReadinessOutcomes = {
  ready: 'ready',
  failed: 'failed',
  timeout: 'timeout',
  canceled: 'canceled',
} as const;
export type ReadinessOutcome = (typeof ReadinessOutcomes)[keyof typeof ReadinessOutcomes];

/** Reads the current status of the workload being waited on. */
export type StatusFunc = (signal: AbortSignal) => Promise<InstanceStatus>;

/**
 * Subscribes `wake` to whatever says the workload may have changed (a
 * provider's `subscribeChanges` filtered to the instance); returns the
 * unsubscribe function.
 */
export type ChangeWaker = (wake: () => void) => () => void;

/** What waitReady ended with: the last status read (may be undefined) and, unless ready, why not. */
export interface WaitResult {
  status: InstanceStatus | undefined;
  error: Error | undefined;
}

/** Fills a policy's zero fields with the defaults. */
export function effectivePolicy(policy: ReadinessPolicy | undefined): Required<ReadinessPolicy> {
  return {
    timeoutMs: policy?.timeoutMs && policy.timeoutMs > 0 ? policy.timeoutMs : DEFAULT_READINESS_TIMEOUT_MS,
    intervalMs: policy?.intervalMs && policy.intervalMs > 0 ? policy.intervalMs : DEFAULT_READINESS_INTERVAL_MS,
  };
}

/**
 * Polls `status` until it reports ready, reports `failed`, or the policy's
 * timeout passes. It polls once straight away. A status read that throws is
 * retried on the next tick (a platform often says "not found" for a moment
 * after accepting a request); the last such error is included if the wait
 * times out. Cancelling `signal` ends the wait with a CanceledError.
 *
 * With `changes`, a change signal ends the current pause at once, so the
 * wait follows the provider's own events (a container started, died, turned
 * healthy) and the interval is only the fallback; a signal that arrives
 * while status is being read makes the next pause end at once. A status
 * that names its `recheckAt` (a readiness floor ending, a health probe due)
 * shortens the pause to that moment, so no change waits for the interval.
 */
export async function waitReady(
  policy: ReadinessPolicy | undefined,
  status: StatusFunc,
  signal?: AbortSignal,
  changes?: ChangeWaker,
): Promise<WaitResult> {
  const { timeoutMs, intervalMs } = effectivePolicy(policy);
  const deadline = Date.now() + timeoutMs;
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const waker = new Waker();
  const unsubscribe = changes?.(() => waker.wake());
  let last: InstanceStatus | undefined;
  let lastError: unknown;
  try {
    for (;;) {
      if (signal?.aborted) return { status: last, error: new CanceledError() };
      let pause = intervalMs;
      try {
        const st = await status(inner.signal);
        last = st;
        lastError = undefined;
        if (st.recheckAt) pause = Math.min(pause, Math.max(0, st.recheckAt.getTime() - Date.now()) + RECHECK_MARGIN_MS);
        if (st.ready) return { status: st, error: undefined };
        if (st.state === InstanceStates.failed) {
          return { status: st, error: new NotReadyError(st.message ?? 'instance failed') };
        }
      } catch (err) {
        if (signal?.aborted) return { status: last, error: new CanceledError() };
        lastError = err;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return { status: last, error: timeoutError(timeoutMs, lastError) };
      const woke = await sleep(Math.min(pause, remaining), signal, waker);
      if (!woke) return { status: last, error: new CanceledError() };
      if (Date.now() >= deadline) {
        return { status: last, error: timeoutError(timeoutMs, lastError) };
      }
    }
  } finally {
    unsubscribe?.();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A wake-up that is remembered until the next pause takes it. */
class Waker {
  #pending = false;
  #resolve: (() => void) | undefined;

  wake(): void {
    if (this.#resolve) this.#resolve();
    else this.#pending = true;
  }

  /** True (and consumed) when a wake-up came while nobody was pausing. */
  take(): boolean {
    const was = this.#pending;
    this.#pending = false;
    return was;
  }

  /** Calls `resolve` on the next wake-up, until `clear`. */
  arm(resolve: () => void): void {
    this.#resolve = resolve;
  }

  clear(): void {
    this.#resolve = undefined;
  }
}

function timeoutError(timeoutMs: number, lastError: unknown): NotReadyError {
  const base = `not ready after ${Math.round(timeoutMs / 1000)}s`;
  if (lastError instanceof Error)
    return new NotReadyError(`${base} (last error: ${lastError.message})`, { cause: lastError });
  return new NotReadyError(base);
}

/**
 * Resolves true after `ms`, or false as soon as `signal` aborts. Built on the
 * global setTimeout rather than `node:timers/promises` on purpose: callers'
 * tests drive waitReady with vitest's fake clock, which replaces the global
 * timers but does not reach `node:timers/promises`.
 */
function sleep(ms: number, signal?: AbortSignal, waker?: Waker): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    if (waker?.take()) return resolve(true);
    const done = (woke: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      waker?.clear();
      resolve(woke);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    waker?.arm(() => done(true));
  });
}

/**
 * How a waitReady that returned `status` and `error` ended: ready, failed (the
 * provider reported `failed`), canceled (the caller cancelled) or timeout.
 */
export function readinessOutcome(status: InstanceStatus | undefined, error: Error | undefined): ReadinessOutcome {
  if (!error) return ReadinessOutcomes.ready;
  if (error instanceof CanceledError) return ReadinessOutcomes.canceled;
  if (status?.state === InstanceStates.failed) return ReadinessOutcomes.failed;
  return ReadinessOutcomes.timeout;
}
