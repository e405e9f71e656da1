import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceState, InstanceStatus } from '../../src/providers/provider.js';
import { CanceledError, NotReadyError } from '../../src/providers/provider-errors.js';
import {
  DEFAULT_READINESS_INTERVAL_MS,
  DEFAULT_READINESS_TIMEOUT_MS,
  effectivePolicy,
  ReadinessOutcomes,
  readinessOutcome,
  type StatusFunc,
  waitReady,
} from '../../src/providers/readiness.js';

/** A status as a provider would report it. */
function status(state: InstanceState, ready = false, message?: string): InstanceStatus {
  return { state, ready, restarts: 0, endpoints: [], services: {}, ...(message ? { message } : {}) };
}

/** A fake StatusFunc answering from a script, one step per call; the last step repeats. */
function scripted(steps: Array<InstanceStatus | Error>): StatusFunc & { calls: number; signals: AbortSignal[] } {
  const fn = Object.assign(
    async (signal: AbortSignal) => {
      fn.signals.push(signal);
      const step = steps[Math.min(fn.calls, steps.length - 1)]!;
      fn.calls++;
      if (step instanceof Error) throw step;
      return step;
    },
    { calls: 0, signals: [] as AbortSignal[] },
  );
  return fn;
}

/** Resolves once every queued microtask (and promise chain) has run, without moving fake time. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

describe('effectivePolicy', () => {
  it('uses the seed defaults (5 min / 5 s) when a field is zero or absent', () => {
    expect(DEFAULT_READINESS_TIMEOUT_MS).toBe(5 * 60 * 1000);
    expect(DEFAULT_READINESS_INTERVAL_MS).toBe(5 * 1000);
    expect(effectivePolicy(undefined)).toEqual({ timeoutMs: 300_000, intervalMs: 5_000 });
    expect(effectivePolicy({})).toEqual({ timeoutMs: 300_000, intervalMs: 5_000 });
    expect(effectivePolicy({ timeoutMs: 0, intervalMs: 0 })).toEqual({ timeoutMs: 300_000, intervalMs: 5_000 });
    expect(effectivePolicy({ timeoutMs: -1, intervalMs: -1 })).toEqual({ timeoutMs: 300_000, intervalMs: 5_000 });
  });

  it('keeps positive values', () => {
    expect(effectivePolicy({ timeoutMs: 1234, intervalMs: 56 })).toEqual({ timeoutMs: 1234, intervalMs: 56 });
    expect(effectivePolicy({ timeoutMs: 1234 })).toEqual({ timeoutMs: 1234, intervalMs: 5_000 });
    expect(effectivePolicy({ intervalMs: 56 })).toEqual({ timeoutMs: 300_000, intervalMs: 56 });
  });
});

describe('waitReady', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls once straight away, without waiting an interval', async () => {
    const fn = scripted([status('running', true)]);
    const done = waitReady({ timeoutMs: 60_000, intervalMs: 10_000 }, fn);
    await settle();
    expect(fn.calls).toBe(1);
    const r = await done;
    expect(r.error).toBeUndefined();
    expect(r.status?.ready).toBe(true);
    expect(readinessOutcome(r.status, r.error)).toBe('ready');
  });

  it('polls again every interval until ready', async () => {
    const fn = scripted([status('starting'), status('starting'), status('running', true)]);
    let result: Awaited<ReturnType<typeof waitReady>> | undefined;
    void waitReady({ timeoutMs: 60_000, intervalMs: 1_000 }, fn).then((r) => {
      result = r;
    });
    await settle();
    expect(fn.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fn.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn.calls).toBe(2);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fn.calls).toBe(3);
    expect(result?.error).toBeUndefined();
    expect(result?.status?.state).toBe('running');
  });

  it('retries a failing status read on the next tick and ends ready when it recovers', async () => {
    const fn = scripted([new Error('no such container'), status('running', true)]);
    let result: Awaited<ReturnType<typeof waitReady>> | undefined;
    void waitReady({ timeoutMs: 60_000, intervalMs: 2_000 }, fn).then((r) => {
      result = r;
    });
    await settle();
    expect(fn.calls).toBe(1);
    expect(result).toBeUndefined(); // an error is not the end of the wait
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fn.calls).toBe(2);
    expect(result?.error).toBeUndefined();
    expect(readinessOutcome(result?.status, result?.error)).toBe('ready');
  });

  it('ends at once with NotReadyError when the provider reports failed', async () => {
    const fn = scripted([status('starting'), status('failed', false, 'init exited 1')]);
    const done = waitReady({ timeoutMs: 60_000, intervalMs: 1_000 }, fn);
    await vi.advanceTimersByTimeAsync(1_000);
    const r = await done;
    expect(fn.calls).toBe(2);
    expect(r.error).toBeInstanceOf(NotReadyError);
    expect(r.error?.message).toContain('init exited 1');
    expect(r.status?.state).toBe('failed');
    expect(readinessOutcome(r.status, r.error)).toBe('failed');
  });

  it('times out after the policy timeout, naming the last status read error', async () => {
    const fn = scripted([new Error('first error'), new Error('connection refused')]);
    let result: Awaited<ReturnType<typeof waitReady>> | undefined;
    void waitReady({ timeoutMs: 10_000, intervalMs: 3_000 }, fn).then((r) => {
      result = r;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBeDefined();
    expect(result?.error).toBeInstanceOf(NotReadyError);
    expect(result?.error?.message).toContain('connection refused');
    expect(result?.error?.message).not.toContain('first error');
    expect(result?.status).toBeUndefined();
    expect(readinessOutcome(result?.status, result?.error)).toBe('timeout');
    // polls at 0, 3, 6, 9 s; the deadline at 10 s ends it without another read
    expect(fn.calls).toBe(4);
  });

  it('times out with the last status when reads succeed but never become ready', async () => {
    const fn = scripted([status('starting', false, 'pulling')]);
    const done = waitReady({ timeoutMs: 5_000, intervalMs: 1_000 }, fn);
    await vi.advanceTimersByTimeAsync(5_000);
    const r = await done;
    expect(r.error).toBeInstanceOf(NotReadyError);
    expect(r.error?.message).not.toContain('last error');
    expect(r.status?.state).toBe('starting');
    expect(readinessOutcome(r.status, r.error)).toBe('timeout');
  });

  it('forgets an earlier read error once a read succeeds', async () => {
    const fn = scripted([new Error('transient'), status('starting')]);
    const done = waitReady({ timeoutMs: 3_000, intervalMs: 1_000 }, fn);
    await vi.advanceTimersByTimeAsync(3_000);
    const r = await done;
    expect(r.error?.message).not.toContain('transient');
    expect(readinessOutcome(r.status, r.error)).toBe('timeout');
  });

  it('uses the default interval and timeout when the policy is zero', async () => {
    const fn = scripted([status('starting')]);
    let result: Awaited<ReturnType<typeof waitReady>> | undefined;
    void waitReady({ timeoutMs: 0, intervalMs: 0 }, fn).then((r) => {
      result = r;
    });
    await settle();
    expect(fn.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(DEFAULT_READINESS_INTERVAL_MS - 1);
    expect(fn.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(DEFAULT_READINESS_TIMEOUT_MS - DEFAULT_READINESS_INTERVAL_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result?.error).toBeInstanceOf(NotReadyError);
    expect(result?.error?.message).toContain('300s');
    expect(fn.calls).toBe(DEFAULT_READINESS_TIMEOUT_MS / DEFAULT_READINESS_INTERVAL_MS);
  });

  it('uses the defaults when no policy is given at all', async () => {
    const fn = scripted([status('starting')]);
    const done = waitReady(undefined, fn);
    await vi.advanceTimersByTimeAsync(DEFAULT_READINESS_TIMEOUT_MS);
    const r = await done;
    expect(readinessOutcome(r.status, r.error)).toBe('timeout');
    expect(fn.calls).toBe(60);
  });

  it('ends promptly with CanceledError when the signal aborts during the wait between polls', async () => {
    const fn = scripted([status('starting')]);
    const ac = new AbortController();
    let result: Awaited<ReturnType<typeof waitReady>> | undefined;
    void waitReady({ timeoutMs: 60_000, intervalMs: 30_000 }, fn, ac.signal).then((r) => {
      result = r;
    });
    await settle();
    expect(fn.calls).toBe(1);
    ac.abort();
    await settle(); // no fake time passes: the sleep must not be waited out
    expect(result?.error).toBeInstanceOf(CanceledError);
    expect(result?.status?.state).toBe('starting');
    expect(readinessOutcome(result?.status, result?.error)).toBe('canceled');
    expect(fn.calls).toBe(1);
    expect(vi.getTimerCount()).toBe(0); // the interval timer was cleared
  });

  it('returns canceled without polling when the signal is already aborted', async () => {
    const fn = scripted([status('running', true)]);
    const ac = new AbortController();
    ac.abort();
    const r = await waitReady({ timeoutMs: 60_000, intervalMs: 1_000 }, fn, ac.signal);
    expect(fn.calls).toBe(0);
    expect(r.error).toBeInstanceOf(CanceledError);
    expect(readinessOutcome(r.status, r.error)).toBe('canceled');
  });

  it('passes a signal to the status read that aborts with the caller, and reports canceled', async () => {
    const ac = new AbortController();
    let seen: AbortSignal | undefined;
    const hanging: StatusFunc = (signal) => {
      seen = signal;
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('request aborted')), { once: true });
      });
    };
    const done = waitReady({ timeoutMs: 60_000, intervalMs: 1_000 }, hanging, ac.signal);
    await settle();
    expect(seen?.aborted).toBe(false);
    ac.abort();
    const r = await done;
    expect(seen?.aborted).toBe(true);
    expect(r.error).toBeInstanceOf(CanceledError);
    expect(readinessOutcome(r.status, r.error)).toBe('canceled');
  });

  it('does not leave a listener on the caller signal once done', async () => {
    const ac = new AbortController();
    const add = vi.spyOn(ac.signal, 'addEventListener');
    const remove = vi.spyOn(ac.signal, 'removeEventListener');
    const fn = scripted([status('starting'), status('running', true)]);
    const done = waitReady({ timeoutMs: 60_000, intervalMs: 1_000 }, fn, ac.signal);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(remove.mock.calls.length).toBe(add.mock.calls.length);
  });

  it('reads status again at once on a change signal, the interval staying the fallback', async () => {
    const fn = scripted([status('starting'), status('starting'), status('running', true)]);
    const listeners = new Set<() => void>();
    const changes = (wake: () => void) => {
      listeners.add(wake);
      return () => listeners.delete(wake);
    };
    let result: Awaited<ReturnType<typeof waitReady>> | undefined;
    void waitReady({ timeoutMs: 60_000, intervalMs: 10_000 }, fn, undefined, changes).then((r) => {
      result = r;
    });
    await settle();
    expect(fn.calls).toBe(1);
    expect(listeners.size).toBe(1);
    // A change a tenth of an interval in: read then, not at the interval.
    await vi.advanceTimersByTimeAsync(1_000);
    for (const wake of listeners) wake();
    await settle();
    expect(fn.calls).toBe(2);
    // No change: the next read waits the whole interval.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fn.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn.calls).toBe(3);
    expect(result?.status?.ready).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('remembers a change signalled while status is being read, so the next pause ends at once', async () => {
    let wakeNow: (() => void) | undefined;
    let calls = 0;
    const fn: StatusFunc = async () => {
      calls++;
      // The signal lands during the read of the first status.
      if (calls === 1) wakeNow?.();
      return calls >= 2 ? status('running', true) : status('starting');
    };
    const done = waitReady({ timeoutMs: 60_000, intervalMs: 10_000 }, fn, undefined, (wake) => {
      wakeNow = wake;
      return () => {
        wakeNow = undefined;
      };
    });
    await settle();
    expect(calls).toBe(2);
    expect((await done).status?.ready).toBe(true);
  });
});

describe('readinessOutcome', () => {
  it('is ready when there is no error', () => {
    expect(readinessOutcome(status('running', true), undefined)).toBe(ReadinessOutcomes.ready);
    expect(readinessOutcome(undefined, undefined)).toBe('ready');
  });

  it('is canceled for a CanceledError, whatever the status', () => {
    expect(readinessOutcome(undefined, new CanceledError())).toBe('canceled');
    expect(readinessOutcome(status('failed'), new CanceledError())).toBe('canceled');
  });

  it('is failed when the provider reported failed', () => {
    expect(readinessOutcome(status('failed'), new NotReadyError('boom'))).toBe('failed');
  });

  it('is timeout for any other error', () => {
    expect(readinessOutcome(status('starting'), new NotReadyError('not ready after 5s'))).toBe('timeout');
    expect(readinessOutcome(undefined, new NotReadyError('x'))).toBe('timeout');
    expect(readinessOutcome(status('running', false), new Error('other'))).toBe('timeout');
  });

  it('has the seed strings', () => {
    expect(ReadinessOutcomes).toEqual({ ready: 'ready', failed: 'failed', timeout: 'timeout', canceled: 'canceled' });
  });
});
