import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ClaimLoop, type ClaimLoopOptions, type InFlight } from '../../src/worker/claim-loop.js';

type LogFn = (...args: unknown[]) => void;

interface Item {
  id: string;
  key: string;
}

/** Connection refused, as node-postgres reports a database that is away. */
function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/**
 * A claim source standing in for the leased table: it hands out each queued
 * item once and honours what the loop asks it to skip, as the SQL does. Runs
 * are held open until the test releases them.
 */
function fakeSource() {
  const queue: Item[] = [];
  const running = new Set<string>();
  const runs = new Map<string, { release: () => void; signal: AbortSignal }>();
  const claims: { at: number; inFlight: InFlight }[] = [];
  let maxRunning = 0;
  let failing = 0;
  let holdClaim: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const src = {
    queue,
    runs,
    claims,
    maxRunning: () => maxRunning,
    running: () => [...running],
    maxPerKey: new Map<string, number>(),
    /** Every run's signal, kept after it ended. */
    signals: new Map<string, AbortSignal>(),
    add(...ids: string[]) {
      for (const id of ids) queue.push({ id, key: id.split('-')[0] ?? id });
    },
    /** The next `n` claims fail as if the database were away. */
    fail(n: number) {
      failing = n;
    },
    /** Claims wait for the promise after looking at the queue (a slow statement). */
    holdClaims(p: Promise<void> | undefined) {
      holdClaim = p;
    },
    signal: {
      fire: () => {
        for (const f of listeners) f();
      },
      listeners,
    },
    release(id: string) {
      const r = runs.get(id);
      if (!r) throw new Error(`${id} is not running`);
      r.release();
    },
    stage: {
      claim: async (inFlight: InFlight): Promise<Item | undefined> => {
        claims.push({ at: Date.now(), inFlight });
        if (failing > 0) {
          failing--;
          throw refused();
        }
        const i = queue.findIndex((it) => !inFlight.ids.includes(it.id) && !inFlight.busyKeys.includes(it.key));
        const item = i < 0 ? undefined : queue.splice(i, 1)[0];
        // What it found is decided above, as a statement's snapshot is: anything queued meanwhile is not seen.
        if (holdClaim) await holdClaim;
        return item;
      },
      run: async (item: Item, signal: AbortSignal): Promise<void> => {
        running.add(item.id);
        maxRunning = Math.max(maxRunning, running.size);
        const perKey = [...running].filter((id) => id.startsWith(`${item.key}-`)).length;
        src.maxPerKey.set(item.key, Math.max(src.maxPerKey.get(item.key) ?? 0, perKey));
        src.signals.set(item.id, signal);
        // Held until released, or until the loop aborts it (a stop with a reason).
        await new Promise<void>((release) => {
          runs.set(item.id, { release, signal });
          if (signal.aborted) release();
          else signal.addEventListener('abort', () => release(), { once: true });
        });
        running.delete(item.id);
        runs.delete(item.id);
      },
      idOf: (item: Item) => item.id,
      keyOf: (item: Item) => item.key,
    },
  };
  return src;
}

function loopOver(
  src: ReturnType<typeof fakeSource>,
  logger: { warn: LogFn; error: LogFn },
  options: Partial<ClaimLoopOptions<Item>> = {},
): ClaimLoop<Item> {
  return new ClaimLoop<Item>({
    stage: src.stage,
    onWake: (wake) => {
      src.signal.listeners.add(wake);
      return () => src.signal.listeners.delete(wake);
    },
    logger: logger as unknown as ClaimLoopOptions<Item>['logger'],
    claimFailed: 'claiming failed; retrying',
    concurrency: 3,
    pollMs: 1_000,
    ...options,
  });
}

describe('ClaimLoop', () => {
  let logger: { warn: Mock<LogFn>; error: Mock<LogFn> };
  let loop: ClaimLoop<Item> | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    logger = { warn: vi.fn<LogFn>(), error: vi.fn<LogFn>() };
  });
  afterEach(async () => {
    // Aborted runs end, so this stop returns; it also ends the loop's sleep without a timer.
    await loop?.stop(new Error('test over'));
    loop = undefined;
    vi.useRealTimers();
  });

  it('runs at most `concurrency` at once, and claims the next as soon as one ends, not at the next poll', async () => {
    const src = fakeSource();
    src.add('a-1', 'b-1', 'c-1', 'd-1', 'e-1', 'f-1');
    loop = loopOver(src, logger, { concurrency: 3, pollMs: 60_000 });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(src.running()).toEqual(['a-1', 'b-1', 'c-1']);
    expect(loop.inFlight).toBe(3);
    // Full: the loop waits out its poll instead of claiming.
    const claims = src.claims.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(src.running()).toEqual(['a-1', 'b-1', 'c-1']);
    expect(src.claims.length).toBe(claims);
    src.release('b-1');
    await vi.advanceTimersByTimeAsync(1);
    expect(src.running()).toEqual(['a-1', 'c-1', 'd-1']);
    src.release('a-1');
    src.release('c-1');
    src.release('d-1');
    await vi.advanceTimersByTimeAsync(1);
    expect(src.running()).toEqual(['e-1', 'f-1']);
    expect(src.maxRunning()).toBe(3);
    // Every claim the loop made named what it had in flight, so its own work is never claimed twice.
    const last = src.claims.at(-1)!;
    expect([...last.inFlight.ids].sort()).toEqual(['e-1', 'f-1']);
  });

  it('runs at most `perKey` of one key at once; the other keys keep their room', async () => {
    const src = fakeSource();
    src.add('a-1', 'a-2', 'a-3', 'a-4', 'b-1', 'b-2', 'b-3');
    loop = loopOver(src, logger, { concurrency: 10, perKey: 2, pollMs: 60_000 });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(src.running().sort()).toEqual(['a-1', 'a-2', 'b-1', 'b-2']);
    expect(src.claims.at(-1)!.inFlight.busyKeys.slice().sort()).toEqual(['a', 'b']);
    src.release('a-1');
    await vi.advanceTimersByTimeAsync(1);
    expect(src.running().sort()).toEqual(['a-2', 'a-3', 'b-1', 'b-2']);
    expect(src.maxPerKey.get('a')).toBe(2);
    expect(src.maxPerKey.get('b')).toBe(2);
  });

  it('claims on the signal without waiting for the poll, and keeps a signal that arrives while it claims', async () => {
    const src = fakeSource();
    loop = loopOver(src, logger, { pollMs: 60_000 });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(src.claims).toHaveLength(1);

    // Queued elsewhere, no signal: nothing happens until the poll.
    src.add('a-1');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(src.running()).toEqual([]);
    src.signal.fire();
    await vi.advanceTimersByTimeAsync(1);
    expect(src.running()).toEqual(['a-1']);

    // The signal fires while a claim is under way and has already looked: the loop claims again at once.
    let answer!: () => void;
    src.holdClaims(
      new Promise<void>((r) => {
        answer = r;
      }),
    );
    src.signal.fire();
    await vi.advanceTimersByTimeAsync(1);
    src.holdClaims(undefined);
    src.add('b-1');
    src.signal.fire();
    answer();
    await vi.advanceTimersByTimeAsync(1);
    // Lost, that signal would leave b-1 for the poll a minute away.
    expect(src.running()).toEqual(['a-1', 'b-1']);
  });

  it('backs off while claiming fails (doubling to the cap), logs once per outage, and claims again once the database answers', async () => {
    const src = fakeSource();
    src.add('a-1');
    src.fail(5);
    loop = loopOver(src, logger, { pollMs: 100, maxBackoffMs: 1_000 });
    const t0 = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(3_000);
    // Failed at 0, then waits of 200, 400, 800, 1000 (capped): the sixth claim succeeds.
    expect(src.claims.map((c) => c.at - t0)).toEqual([0, 200, 600, 1400, 2400]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(src.claims[5]!.at - t0).toBe(3400);
    expect(src.running()).toEqual(['a-1']);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[1]).toBe('claiming failed; retrying');
    // Back to the poll interval once the database answers.
    const n = src.claims.length;
    await vi.advanceTimersByTimeAsync(100);
    expect(src.claims.length).toBe(n + 1);

    // A second outage is logged again, once.
    src.fail(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('stop waits for the work in flight; without a reason it lets it finish, and claims nothing more', async () => {
    const src = fakeSource();
    src.add('a-1', 'b-1');
    loop = loopOver(src, logger, { pollMs: 100 });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    expect(src.runs.get('a-1')?.signal.aborted).toBe(false);
    const claims = src.claims.length;
    src.release('a-1');
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(false);
    src.release('b-1');
    await stopping;
    expect(stopped).toBe(true);
    src.add('c-1');
    src.signal.fire();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(src.claims.length).toBe(claims);
    expect(src.signal.listeners.size).toBe(0);
  });

  it('stop with a reason aborts the runs with it, also one claimed while stopping', async () => {
    const src = fakeSource();
    src.add('a-1');
    loop = loopOver(src, logger, { pollMs: 60_000 });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    // A claim under way when stop is called returns an item after it.
    let answer!: () => void;
    src.holdClaims(
      new Promise<void>((r) => {
        answer = r;
      }),
    );
    src.add('b-1');
    src.signal.fire();
    await vi.advanceTimersByTimeAsync(1);
    const reason = new Error('shutting down');
    const stopping = loop.stop(reason);
    answer();
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(src.signals.get('a-1')?.reason).toBe(reason);
    expect(src.signals.get('b-1')?.reason).toBe(reason);
    expect(loop.running).toBe(false);
  });

  it('a run that throws is logged and frees its room', async () => {
    const src = fakeSource();
    src.add('a-1', 'b-1');
    loop = new ClaimLoop<Item>({
      stage: {
        ...src.stage,
        run: async (item, signal) => {
          if (item.id === 'a-1') throw new Error('boom');
          await src.stage.run(item, signal);
        },
      },
      onWake: () => () => {},
      logger: logger as unknown as ClaimLoopOptions<Item>['logger'],
      claimFailed: 'claiming failed; retrying',
      concurrency: 1,
      pollMs: 60_000,
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(src.running()).toEqual(['b-1']);
  });
});
