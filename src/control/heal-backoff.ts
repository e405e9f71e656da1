/**
 * The back-off of the supervisor's heals of one service, as pure functions:
 * the first heal of a service that went down is at once, each further one
 * waits twice as long as the last (from `baseMs`, at most `maxMs`), and a
 * service that stayed up for `resetAfterMs` after its last heal starts over.
 *
 * The state is not kept in memory: every attempt is an event
 * (`service.heal_attempted`, its data a `HealEventData`), and the next one is
 * read back from those events, so the schedule holds across replicas and
 * across a restart of Wheelhouse, and `restarts` can count them.
 */
import type { HealAction } from '../providers/provider.js';

/** The event type of one heal attempt. */
export const HEAL_EVENT = 'service.heal_attempted';

/** How heals of one service back off. */
export interface HealBackoffSettings {
  /** The wait after the first attempt before a second. */
  baseMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
  /** A service that stayed up this long after its last attempt (plus that attempt's wait) starts over at attempt 1. */
  resetAfterMs: number;
}

/** As Kubernetes' CrashLoopBackOff: 10 s doubling to 5 min, forgotten after 10 min up. */
export const DEFAULT_HEAL_BACKOFF: HealBackoffSettings = {
  baseMs: 10_000,
  maxMs: 300_000,
  resetAfterMs: 600_000,
};

/** What a `service.heal_attempted` event records. */
export interface HealEventData {
  service: string;
  /** 1 for the first attempt of a streak. */
  attempt: number;
  /** How long the next attempt waits after this one. */
  delayMs: number;
  /** What the provider did; absent when the call failed. */
  action?: HealAction;
  /** Why the call failed (the provider's message). */
  error?: string;
}

/** One recorded attempt, as the schedule reads it. */
export interface HealAttempt {
  at: number;
  attempt: number;
  delayMs: number;
}

/** The next attempt: its number in the streak, the earliest time it may be made, and the wait after it. */
export interface NextHeal {
  attempt: number;
  notBefore: number;
  delayMs: number;
}

/** The wait after attempt `attempt` (1-based): base, doubling, capped. */
export function healDelay(attempt: number, s: HealBackoffSettings): number {
  return Math.min(s.baseMs * 2 ** Math.max(0, attempt - 1), s.maxMs);
}

/** The next heal of a service whose last attempt was `last` (none: the first, at once). */
export function nextHeal(last: HealAttempt | undefined, now: number, s: HealBackoffSettings): NextHeal {
  if (!last || now >= last.at + last.delayMs + s.resetAfterMs) {
    return { attempt: 1, notBefore: now, delayMs: healDelay(1, s) };
  }
  const attempt = last.attempt + 1;
  return { attempt, notBefore: last.at + last.delayMs, delayMs: healDelay(attempt, s) };
}

/** The attempts recorded for one service: how many, and the newest. */
export interface HealHistory {
  count: number;
  last: HealAttempt;
}

/**
 * Per service, the attempts among `rows` (events of type HEAL_EVENT, any
 * order): their count and the newest. Rows whose data is not a heal's are skipped.
 */
export function healHistory(rows: readonly { occurredAt: Date; data: unknown }[]): Map<string, HealHistory> {
  const out = new Map<string, HealHistory>();
  for (const row of rows) {
    const d = row.data as Partial<HealEventData> | null;
    if (!d || typeof d.service !== 'string' || typeof d.attempt !== 'number' || typeof d.delayMs !== 'number') continue;
    const at = row.occurredAt.getTime();
    const prior = out.get(d.service);
    const attempt = { at, attempt: d.attempt, delayMs: d.delayMs };
    out.set(d.service, {
      count: (prior?.count ?? 0) + 1,
      last: prior && prior.last.at > at ? prior.last : attempt,
    });
  }
  return out;
}
