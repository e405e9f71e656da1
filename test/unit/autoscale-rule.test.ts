import { describe, expect, it } from 'vitest';
import { requestsPerReplica } from '../../src/control/autoscale-decision.js';
import { decideReplicas, proposalOf } from '../../src/control/autoscale-rule.js';
import {
  checkAutoscale,
  requireRouteForScaleToZero,
  withAutoscaledReplicas,
} from '../../src/control/autoscale-validation.js';
import { Problems } from '../../src/control/spec-validation.js';

const now = new Date('2026-12-01T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const base = {
  current: 2,
  minReplicas: 1,
  maxReplicas: 10,
  history: [],
  now,
  scaleUpStabilizationSeconds: 0,
  scaleDownStabilizationSeconds: 300,
};
const cpu = (observed: number, target = 50) => ({ name: 'cpu', observed, target });

describe('the HPA rule', () => {
  it('proposes ceil(current × observed / target)', () => {
    expect(proposalOf(2, 100, 50)).toBe(4);
    expect(proposalOf(3, 60, 50)).toBe(4); // 3.6 → 4
    expect(proposalOf(4, 20, 50)).toBe(2); // 1.6 → 2
  });

  it('keeps the count within the 10 % tolerance, and moves just outside it', () => {
    expect(proposalOf(4, 55, 50)).toBe(4); // ratio 1.10
    expect(proposalOf(4, 45, 50)).toBe(4); // ratio 0.90
    expect(proposalOf(4, 55.5, 50)).toBe(5); // ratio 1.11
    expect(proposalOf(4, 44, 50)).toBe(4); // ratio 0.88: ceil(3.52)
    expect(proposalOf(10, 44, 50)).toBe(9); // ceil(8.8)
  });

  it('never leaves the bounds', () => {
    expect(decideReplicas({ ...base, current: 2, maxReplicas: 3, metrics: [cpu(500)] }).desired).toBe(3);
    expect(
      decideReplicas({ ...base, current: 2, minReplicas: 2, scaleDownStabilizationSeconds: 0, metrics: [cpu(1)] })
        .desired,
    ).toBe(2);
    // A count outside the bounds (the policy just changed) is brought in even without a sample.
    expect(decideReplicas({ ...base, current: 12, metrics: [] }).desired).toBe(10);
    expect(decideReplicas({ ...base, current: 1, minReplicas: 3, metrics: [] }).desired).toBe(3);
  });

  it('takes the largest proposal of several metrics', () => {
    const d = decideReplicas({
      ...base,
      current: 2,
      metrics: [cpu(30), { name: 'requests', observed: 30, target: 10 }],
      scaleDownStabilizationSeconds: 0,
    });
    expect(d.proposals).toEqual([
      { name: 'cpu', replicas: 2 },
      { name: 'requests', replicas: 6 },
    ]);
    expect(d.desired).toBe(6);
  });

  it('scales down only to the highest recommendation of the scale-down window', () => {
    const history = [
      { at: ago(200), replicas: 5 },
      { at: ago(100), replicas: 3 },
    ];
    const d = decideReplicas({ ...base, current: 5, metrics: [cpu(10)], history });
    expect(d.recommendation).toBe(1);
    expect(d.desired).toBe(5);
    // Once the high recommendation has left the window, it goes down to the next highest.
    const later = decideReplicas({
      ...base,
      current: 5,
      metrics: [cpu(10)],
      history,
      scaleDownStabilizationSeconds: 150,
    });
    expect(later.desired).toBe(3);
    // With no window, straight to the recommendation.
    expect(
      decideReplicas({ ...base, current: 5, metrics: [cpu(10)], history, scaleDownStabilizationSeconds: 0 }).desired,
    ).toBe(1);
  });

  it('scales up at once with no scale-up window, and only to the lowest recommendation of one', () => {
    const history = [{ at: ago(30), replicas: 2 }];
    expect(decideReplicas({ ...base, current: 2, metrics: [cpu(200)], history }).desired).toBe(8);
    const held = decideReplicas({ ...base, current: 2, metrics: [cpu(200)], history, scaleUpStabilizationSeconds: 60 });
    expect(held.desired).toBe(2);
    expect(held.reason).toMatch(/holding 2 \(recommended 8/);
    const history2 = [{ at: ago(30), replicas: 4 }];
    expect(
      decideReplicas({ ...base, current: 2, metrics: [cpu(200)], history: history2, scaleUpStabilizationSeconds: 60 })
        .desired,
    ).toBe(4);
  });

  it('does not flap: a short dip inside the window keeps the count', () => {
    let current = 4;
    const history: { at: Date; replicas: number }[] = [];
    const samples = [100, 100, 10, 100, 10, 100]; // observed CPU at 50 % target, every 15 s
    samples.forEach((observed, i) => {
      const at = new Date(now.getTime() + i * 15_000);
      const d = decideReplicas({ ...base, current, maxReplicas: 8, metrics: [cpu(observed)], history, now: at });
      history.push({ at, replicas: d.recommendation });
      expect(d.desired).toBeGreaterThanOrEqual(current); // never down within 300 s of a high recommendation
      current = d.desired;
    });
    expect(current).toBe(8);
  });
});

describe('an autoscaling policy', () => {
  const check = (a: Parameters<typeof checkAutoscale>[1]) => {
    const p = new Problems();
    const policy = checkAutoscale(p, a, ['input', 'resources', 'autoscale'], 50);
    return { policy, errors: p.list.map((e) => `${e.path.join('.')}: ${e.message}`) };
  };

  it('applies the default windows', () => {
    expect(check({ minReplicas: 1, maxReplicas: 3, targetCpuPercent: 50 })).toEqual({
      policy: {
        minReplicas: 1,
        maxReplicas: 3,
        targetCpuPercent: 50,
        scaleUpStabilizationSeconds: 0,
        scaleDownStabilizationSeconds: 300,
      },
      errors: [],
    });
  });

  it('names every bad field by its path', () => {
    expect(check({ minReplicas: 4, maxReplicas: 3, targetCpuPercent: 50 }).errors).toEqual([
      'input.resources.autoscale.minReplicas: must not be above maxReplicas (3)',
    ]);
    expect(check({ minReplicas: 1, maxReplicas: 51, targetCpuPercent: 50 }).errors).toEqual([
      'input.resources.autoscale.maxReplicas: must be at most 50, the replica cap',
    ]);
    expect(check({ minReplicas: 1, maxReplicas: 3 }).errors).toEqual([
      'input.resources.autoscale: needs a target: targetCpuPercent, targetRequestsPerSecond, or both',
    ]);
    expect(check({ minReplicas: 1, maxReplicas: 3, targetCpuPercent: 0, targetRequestsPerSecond: -1 }).errors).toEqual([
      'input.resources.autoscale.targetCpuPercent: must be an integer from 1 to 100',
      'input.resources.autoscale.targetRequestsPerSecond: must be above 0 and at most 1000000',
    ]);
    expect(
      check({
        minReplicas: 1,
        maxReplicas: 3,
        targetCpuPercent: 101,
        scaleUpStabilizationSeconds: -1,
        scaleDownStabilizationSeconds: -5,
      }).errors,
    ).toEqual([
      'input.resources.autoscale.targetCpuPercent: must be an integer from 1 to 100',
      'input.resources.autoscale.scaleUpStabilizationSeconds: must be an integer from 0 to 3600 seconds',
      'input.resources.autoscale.scaleDownStabilizationSeconds: must be an integer from 0 to 3600 seconds',
    ]);
  });

  it('refuses scale to zero for a service without a route, and accepts it for a routed one', () => {
    expect(check({ minReplicas: 0, maxReplicas: 3, targetCpuPercent: 50 }).errors).toEqual([
      'input.resources.autoscale.minReplicas: scale to zero (minReplicas 0) needs a route to the service: the edge holds its requests while a replica starts, and this service has none',
    ]);
    const p = new Problems();
    const policy = checkAutoscale(p, { minReplicas: 0, maxReplicas: 3, targetCpuPercent: 50 }, ['x'], 50, true);
    expect(p.list).toEqual([]);
    expect(policy.minReplicas).toBe(0);
    // A new scale-to-zero service starts with one replica; the waker wakes it once it has slept.
    expect(withAutoscaledReplicas({ autoscale: policy })).toMatchObject({ replicas: 1 });
    expect(withAutoscaledReplicas({ autoscale: policy }, 0)).toMatchObject({ replicas: 0 });
    const later = new Problems();
    requireRouteForScaleToZero(later, policy, false, ['input', 'resources', 'autoscale']);
    expect(later.list.map((e) => e.path.join('.'))).toEqual(['input.resources.autoscale.minReplicas']);
  });
});

describe('requests per second from the edge counters', () => {
  it('is the counter delta over the time between samples, per replica', () => {
    const prev = { requestsTotal: 1000, sampledAt: ago(10) };
    expect(requestsPerReplica(prev, 1600, now, 3)).toBe(20);
    expect(requestsPerReplica(undefined, 1600, now, 3)).toBeNull();
    // A re-created backend starts its counter again: no rate from that pair.
    expect(requestsPerReplica(prev, 10, now, 3)).toBeNull();
  });
});
