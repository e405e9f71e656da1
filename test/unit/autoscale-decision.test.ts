import { describe, expect, it } from 'vitest';
import {
  type AutoscaleInput,
  type AutoscaleSituation,
  autoscaleStep,
  decideAutoscale,
  decideWake,
} from '../../src/control/autoscale-decision.js';
import type { AutoscalePolicy } from '../../src/providers/autoscaling.js';

const now = new Date('2026-12-01T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const policy = (p: Partial<AutoscalePolicy> = {}): AutoscalePolicy => ({
  minReplicas: 1,
  maxReplicas: 10,
  scaleUpStabilizationSeconds: 0,
  scaleDownStabilizationSeconds: 300,
  ...p,
});
const situation = (s: Partial<AutoscaleSituation> = {}): AutoscaleSituation => ({
  current: 2,
  policy: policy({ targetCpuPercent: 50 }),
  running: true,
  routed: true,
  operationOpen: false,
  canSample: true,
  provider: 'docker',
  ...s,
});
const input = (i: Partial<AutoscaleInput>): AutoscaleInput => ({
  current: 2,
  policy: policy({ targetCpuPercent: 50 }),
  history: [],
  now,
  ...i,
});

describe('the autoscaler, before it samples', () => {
  it('records why it does not sample an instance not meant to run, and waits out an open operation', () => {
    expect(autoscaleStep(situation({ running: false, operationOpen: true }))).toEqual({
      kind: 'note',
      message: 'not sampled: the instance is not meant to run',
    });
    expect(autoscaleStep(situation({ operationOpen: true }))).toEqual({ kind: 'wait' });
  });

  it('leaves a sleeping routed service to the waker, and wakes one that lost its last route', () => {
    const asleep = { current: 0, policy: policy({ minReplicas: 0, targetCpuPercent: 50 }) };
    expect(autoscaleStep(situation({ ...asleep, routed: true }))).toEqual({
      kind: 'note',
      message: 'scaled to zero: the next request through the edge wakes it',
    });
    expect(autoscaleStep(situation({ ...asleep, routed: false }))).toEqual({
      kind: 'wake',
      decision: {
        recommendation: 1,
        desired: 1,
        proposals: [],
        reason: '0 → 1 — the service has no route any more, so no request could wake it',
      },
    });
  });

  it('says which provider cannot sample', () => {
    expect(autoscaleStep(situation({ canSample: false, provider: 'edge-box' }))).toEqual({
      kind: 'note',
      message: 'provider "edge-box" cannot sample CPU',
    });
  });

  it('samples what the policy needs: CPU for a CPU target, the edge counter for a requests target or scale to zero', () => {
    expect(autoscaleStep(situation())).toEqual({ kind: 'sample', cpu: true, requests: false });
    expect(autoscaleStep(situation({ policy: policy({ targetRequestsPerSecond: 10 }) }))).toEqual({
      kind: 'sample',
      cpu: false,
      requests: true,
    });
    expect(autoscaleStep(situation({ policy: policy({ minReplicas: 0, targetCpuPercent: 50 }) }))).toEqual({
      kind: 'sample',
      cpu: true,
      requests: true,
    });
  });
});

describe('the autoscaler decision', () => {
  it('reads CPU in percent of the service cpuMillis, averaged over its replicas', () => {
    // 25 % and 35 % of one core on a 500-millicore service: 50 % and 70 %, 60 % on average.
    const v = decideAutoscale(input({ cpuMillis: 500, replicaCpuPercents: [25, 35] }));
    expect(v.cpuPercent).toBe(60);
    expect(v.decision.proposals).toEqual([{ name: 'cpu', replicas: 3 }]);
    expect(v.decision.desired).toBe(3);
    expect(v.recordRecommendation).toBe(true);
    // Without cpuMillis, one core.
    expect(decideAutoscale(input({ replicaCpuPercents: [25, 35] })).cpuPercent).toBe(30);
  });

  it('recommends nothing when no replica was sampled', () => {
    const v = decideAutoscale(input({ replicaCpuPercents: [] }));
    expect(v).toMatchObject({ cpuPercent: null, recordRecommendation: false });
    expect(v.decision).toMatchObject({ desired: 2, proposals: [] });
  });

  it('turns the edge counter into requests per second per replica against the target', () => {
    const v = decideAutoscale(
      input({
        policy: policy({ targetRequestsPerSecond: 10 }),
        requests: { total: 1600, at: now },
        previous: { requestsTotal: 1000, sampledAt: ago(30), idleSince: null },
        current: 2,
      }),
    );
    expect(v.requestsPerSecond).toBe(10);
    expect(v.requestsTotal).toBe(1600);
    expect(v.decision.desired).toBe(2);
    const busy = decideAutoscale(
      input({
        policy: policy({ targetRequestsPerSecond: 10 }),
        requests: { total: 2200, at: now },
        previous: { requestsTotal: 1000, sampledAt: ago(30), idleSince: null },
      }),
    );
    expect(busy.requestsPerSecond).toBe(20);
    expect(busy.decision.proposals).toEqual([{ name: 'requests', replicas: 4 }]);
  });

  it('has no rate on the first sample or after the counter went back, and keeps the last counter when none was read', () => {
    const rps = policy({ targetRequestsPerSecond: 10 });
    expect(decideAutoscale(input({ policy: rps, requests: { total: 5, at: now } }))).toMatchObject({
      requestsPerSecond: null,
      requestsTotal: 5,
      recordRecommendation: false,
    });
    const previous = { requestsTotal: 1000, sampledAt: ago(30), idleSince: null };
    expect(decideAutoscale(input({ policy: rps, requests: { total: 10, at: now }, previous }))).toMatchObject({
      requestsPerSecond: null,
      requestsTotal: 10,
    });
    expect(decideAutoscale(input({ policy: rps, previous }))).toMatchObject({
      requestsPerSecond: null,
      requestsTotal: 1000,
    });
  });

  it('scales an idle scale-to-zero service to zero once it has had no request for the whole scale-down window', () => {
    const zero = policy({ minReplicas: 0, scaleDownStabilizationSeconds: 300 });
    const flat = { total: 1000, at: now };
    // The first sample without a request: idle since the previous sample.
    const first = decideAutoscale(
      input({
        policy: zero,
        current: 1,
        requests: flat,
        previous: { requestsTotal: 1000, sampledAt: ago(15), idleSince: null },
      }),
    );
    expect(first.idleSince).toEqual(ago(15));
    expect(first.decision.desired).toBe(1);
    // Idle a little less than the window: still one replica (never zero from the metrics alone).
    const almost = decideAutoscale(
      input({
        policy: zero,
        current: 1,
        requests: flat,
        previous: { requestsTotal: 1000, sampledAt: ago(15), idleSince: ago(299) },
      }),
    );
    expect(almost.decision.desired).toBe(1);
    expect(almost.idleSince).toEqual(ago(299));
    const idle = decideAutoscale(
      input({
        policy: zero,
        current: 1,
        requests: flat,
        previous: { requestsTotal: 1000, sampledAt: ago(15), idleSince: ago(300) },
      }),
    );
    expect(idle.decision).toMatchObject({
      desired: 0,
      reason: '1 → 0 — no request for 300 s (scale-down window 300 s); the next request wakes it',
    });
    // A request since the last sample ends the idleness.
    const woke = decideAutoscale(
      input({
        policy: zero,
        current: 1,
        requests: { total: 1001, at: now },
        previous: { requestsTotal: 1000, sampledAt: ago(15), idleSince: ago(600) },
      }),
    );
    expect(woke.idleSince).toBeNull();
    expect(woke.decision.desired).toBe(1);
  });

  it('never scales a service that does not scale to zero to zero, however idle', () => {
    const v = decideAutoscale(
      input({
        policy: policy({ minReplicas: 1, targetRequestsPerSecond: 10, scaleDownStabilizationSeconds: 0 }),
        current: 1,
        requests: { total: 1000, at: now },
        previous: { requestsTotal: 1000, sampledAt: ago(15), idleSince: ago(3600) },
      }),
    );
    expect(v.idleSince).toBeNull();
    expect(v.decision.desired).toBe(1);
  });
});

describe('waking a sleeping service', () => {
  const asleep = { exists: true, policy: policy({ minReplicas: 0 }), running: true, current: 0, operationOpen: false };
  it('queues the 0 → 1 for a sleeping service with no operation open', () => {
    expect(decideWake(asleep)).toEqual({
      outcome: 'queue',
      decision: {
        recommendation: 1,
        desired: 1,
        proposals: [],
        reason: '0 → 1 — a request is waiting at the edge (the waker holds it until the replica is ready)',
      },
    });
  });

  it.each([
    [{ exists: false }, { outcome: 'refused', reason: 'no such instance' }],
    [{ policy: undefined }, { outcome: 'refused', reason: 'the service does not scale to zero' }],
    [{ policy: policy({ minReplicas: 1 }) }, { outcome: 'refused', reason: 'the service does not scale to zero' }],
    [{ running: false }, { outcome: 'refused', reason: 'the instance is not meant to run' }],
    [{ current: 1 }, { outcome: 'pending', reason: '1 replica(s) desired' }],
    [{ operationOpen: true }, { outcome: 'pending', reason: 'an operation is open' }],
    // A service stopped for a STOP backup is held for whatever its policy; not when the instance is stopped.
    [
      { policy: undefined, copying: true },
      { outcome: 'pending', reason: 'a backup or restore stopped it; it starts again when the copy ends' },
    ],
    [
      { running: false, copying: true },
      { outcome: 'refused', reason: 'the instance is not meant to run' },
    ],
  ])('answers %o with %o', (change, answer) => {
    expect(decideWake({ ...asleep, ...change })).toEqual(answer);
  });
});
