import { InstanceStates, type InstanceStatus, type ReadinessPolicy } from './provider.js';
import { CanceledError, NotReadyError } from './provider-errors.js';

/** Defaults used when a ReadinessPolicy leaves a field at zero (the seed's values). */
export const DEFAULT_READINESS_TIMEOUT_MS = 5 * 60 * 1000;
export const DEFAULT_READINESS_INTERVAL_MS = 5 * 1000;

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
 * Subscribes `wake` to changes of the workload being waited on (a provider's
 * watch or event stream) and returns the unsubscribe function.
 */
export type ChangeFeed = (wake: () => void) => () => void;

/**
 * The change feed of one instance from a provider that offers
 * `subscribeChanges` (the optional change-signal method, same name and shape
 * on every provider that has one), else undefined: the wait then only polls.
 */
export function changeFeedOf(provider: object, instanceId: string): ChangeFeed | undefined {
  const p = provider as {
    subscribeChanges?: (listener: (change: { instanceId: string; reason: string }) => void) => () => void;
  };
  if (typeof p.subscribeChanges !== 'function') return undefined;
  const subscribe = p.subscribeChanges.bind(provider);
  return (wake) =>
    subscribe((change) => {
      if (change.instanceId === instanceId) wake();
    });
}

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
 * With `changes`, a change of the workload ends the pause between two reads
 * at once (a change during a read makes the next read immediate), so the
 * interval is only the fallback for a change the feed missed.
 */
export async function waitReady(
  policy: ReadinessPolicy | undefined,
  status: StatusFunc,
  signal?: AbortSignal,
  changes?: ChangeFeed,
): Promise<WaitResult> {
  const { timeoutMs, intervalMs } = effectivePolicy(policy);
  const nudge = new Nudge();
  const unsubscribe = changes?.(() => nudge.wake());
  const deadline = Date.now() + timeoutMs;
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let last: InstanceStatus | undefined;
  let lastError: unknown;
  try {
    for (;;) {
      if (signal?.aborted) return { status: last, error: new CanceledError() };
      try {
        const st = await status(inner.signal);
        last = st;
        lastError = undefined;
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
      const woke = await nudge.sleep(Math.min(intervalMs, remaining), signal);
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
function sleep(ms: number, signal?: AbortSignal, onWake?: (wake: () => void) => void): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    onWake?.(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    });
  });
}

/** Cuts a sleep short on a change; a change while nobody sleeps makes the next sleep return at once. */
class Nudge {
  #pending = false;
  #wake: (() => void) | undefined;

  wake(): void {
    if (this.#wake) this.#wake();
    else this.#pending = true;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.#pending) {
      this.#pending = false;
      return !signal?.aborted;
    }
    try {
      return await sleep(ms, signal, (wake) => {
        this.#wake = wake;
      });
    } finally {
      this.#wake = undefined;
    }
  }
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
