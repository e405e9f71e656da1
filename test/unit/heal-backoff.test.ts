import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HEAL_BACKOFF,
  type HealAttempt,
  healDelay,
  healHistory,
  nextHeal,
} from '../../src/control/heal-backoff.js';

const s = { baseMs: 1000, maxMs: 8000, resetAfterMs: 60_000 };

describe('heal back-off', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => healDelay(n, s))).toEqual([1000, 2000, 4000, 8000, 8000, 8000, 8000]);
    expect(healDelay(1, DEFAULT_HEAL_BACKOFF)).toBe(10_000);
    expect(healDelay(30, DEFAULT_HEAL_BACKOFF)).toBe(300_000);
  });

  it('heals at once the first time, then each attempt waits out the last one’s delay', () => {
    const t0 = 1_000_000;
    expect(nextHeal(undefined, t0, s)).toEqual({ attempt: 1, notBefore: t0, delayMs: 1000 });
    // A crash loop: each attempt made as soon as allowed; the gaps grow, then hold at the cap.
    let last: HealAttempt | undefined;
    const times: number[] = [];
    let now = t0;
    for (let i = 0; i < 7; i++) {
      const next = nextHeal(last, now, s);
      now = Math.max(now, next.notBefore);
      times.push(now);
      last = { at: now, attempt: next.attempt, delayMs: next.delayMs };
      now += 10; // the service goes down again at once
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(last?.attempt).toBe(7);
  });

  it('an attempt asked for early is held until the delay has passed', () => {
    const last = { at: 5000, attempt: 3, delayMs: 4000 };
    expect(nextHeal(last, 6000, s)).toEqual({ attempt: 4, notBefore: 9000, delayMs: 8000 });
  });

  it('a service that stayed up long enough after its last heal starts over at attempt 1', () => {
    const last = { at: 5000, attempt: 5, delayMs: 8000 };
    expect(nextHeal(last, 5000 + 8000 + 60_000 - 1, s).attempt).toBe(6);
    expect(nextHeal(last, 5000 + 8000 + 60_000, s)).toEqual({ attempt: 1, notBefore: 73_000, delayMs: 1000 });
  });

  it('reads counts and the newest attempt per service from the recorded events, in any order', () => {
    const ev = (ms: number, data: unknown) => ({ occurredAt: new Date(ms), data });
    const h = healHistory([
      ev(3000, { service: 'side', attempt: 2, delayMs: 2000 }),
      ev(1000, { service: 'side', attempt: 1, delayMs: 1000 }),
      ev(2000, { service: 'log', attempt: 1, delayMs: 1000, error: 'port is already allocated' }),
      ev(4000, null),
      ev(5000, { service: 'side' }),
    ]);
    expect(h.get('side')).toEqual({ count: 2, last: { at: 3000, attempt: 2, delayMs: 2000 } });
    expect(h.get('log')).toEqual({ count: 1, last: { at: 2000, attempt: 1, delayMs: 1000 } });
    expect(h.size).toBe(2);
  });
});
