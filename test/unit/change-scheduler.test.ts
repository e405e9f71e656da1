import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeOf } from '../../src/providers/docker/docker-events.js';
import { ChangeScheduler } from '../../src/worker/change-scheduler.js';

/** A run that records when it starts and ends, and can be held open by the test. */
function recorder() {
  const log: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const holds: Array<() => void> = [];
  let hold = false;
  let again: number | undefined;
  const run = async (id: string) => {
    running++;
    maxRunning = Math.max(maxRunning, running);
    log.push(`start ${id}`);
    if (hold) await new Promise<void>((r) => holds.push(r));
    running--;
    log.push(`end ${id}`);
    const a = again;
    again = undefined;
    return a;
  };
  return {
    run,
    log,
    maxRunning: () => maxRunning,
    holdNext: () => {
      hold = true;
    },
    release: () => {
      hold = false;
      for (const r of holds.splice(0)) r();
    },
    askAgainIn: (ms: number) => {
      again = ms;
    },
  };
}

describe('ChangeScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces signals for one instance within the debounce window into one run', async () => {
    const r = recorder();
    const s = new ChangeScheduler({ debounceMs: 250, run: r.run, onError: () => {} });
    s.notify('a');
    await vi.advanceTimersByTimeAsync(100);
    s.notify('a');
    s.notify('a');
    s.notify('b');
    await vi.advanceTimersByTimeAsync(149);
    expect(r.log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.log).toEqual(['start a', 'end a']);
    await vi.advanceTimersByTimeAsync(100);
    expect(r.log).toEqual(['start a', 'end a', 'start b', 'end b']);
    await s.stop();
  });

  it('never runs one instance twice at once: a signal during a run runs it once more after', async () => {
    const r = recorder();
    const s = new ChangeScheduler({ debounceMs: 10, run: r.run, onError: () => {} });
    r.holdNext();
    s.notify('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(r.log).toEqual(['start a']);
    s.notify('a');
    s.notify('a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(r.log).toEqual(['start a']);
    r.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(r.log).toEqual(['start a', 'end a', 'start a', 'end a']);
    expect(r.maxRunning()).toBe(1);
    await s.stop();
  });

  it('runs again after the delay a run asks for, and a signal meanwhile brings it forward', async () => {
    const r = recorder();
    const s = new ChangeScheduler({ debounceMs: 10, run: r.run, onError: () => {} });
    r.askAgainIn(5000);
    s.notify('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(r.log).toEqual(['start a', 'end a']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(r.log).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.log).toHaveLength(4);

    r.askAgainIn(60_000);
    s.notify('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(r.log).toHaveLength(6);
    s.notify('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(r.log).toHaveLength(8);
    await s.stop();
  });

  it('stops: nothing scheduled runs, signals after are ignored, a failing run is reported', async () => {
    const errors: string[] = [];
    const s = new ChangeScheduler({
      debounceMs: 10,
      run: async (id) => {
        throw new Error(`boom ${id}`);
      },
      onError: (err, id) => errors.push(`${id}: ${(err as Error).message}`),
    });
    s.notify('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toEqual(['a: boom a']);
    s.notify('b');
    await s.stop();
    s.notify('c');
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual(['a: boom a']);
    expect(s.size).toBe(0);
  });
});

describe('Docker engine event → change', () => {
  const attrs = { 'wheelhouse.managed': 'true', 'wheelhouse.instance': 'i-1', 'wheelhouse.service': 'web' };

  it('names the instance from the labels, with the action, service and exit code', () => {
    expect(
      changeOf({ Type: 'container', Action: 'die', Actor: { Attributes: { ...attrs, exitCode: '137' } } }),
    ).toEqual({
      instanceId: 'i-1',
      reason: 'die web (exit code 137)',
    });
    expect(changeOf({ Type: 'container', Action: 'health_status: unhealthy', Actor: { Attributes: attrs } })).toEqual({
      instanceId: 'i-1',
      reason: 'health_status: unhealthy web',
    });
  });

  it('ignores events of objects that are not our containers', () => {
    expect(changeOf({ Type: 'network', Action: 'destroy', Actor: { Attributes: attrs } })).toBeUndefined();
    expect(
      changeOf({ Type: 'container', Action: 'die', Actor: { Attributes: { 'wheelhouse.instance': 'i-1' } } }),
    ).toBe(undefined);
    expect(changeOf({ Type: 'container', Action: 'die', Actor: { Attributes: {} } })).toBeUndefined();
  });
});
