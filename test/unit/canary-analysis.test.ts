/**
 * The pure parts of a canary: the server weights that give a set its share
 * under weighted round robin, each analysis interval's verdict from two
 * readings of the edge's counters, the inputs' checks by field path, and the
 * weights the edge renders.
 */
import { describe, expect, it } from 'vitest';
import { checkStrategyInputs, refuseUnmeasuredLatency } from '../../src/control/rollout-inputs.js';
import { judge } from '../../src/control/rollout-verdict.js';
import { Problems } from '../../src/control/spec-validation.js';
import { renderEdgeConfig } from '../../src/providers/docker/docker-edge-config.js';
import { measuresLatency, splitWeights } from '../../src/providers/progressive.js';

const SETTINGS = { maxErrorRate: 0.05, maxP99Ms: null, intervalSeconds: 10, minRequests: 20, failureLimit: 1 };

/** The new set's share of requests under weighted round robin. */
function share(weight: number, fresh: number, stable: number): number {
  const w = splitWeights(weight, fresh, stable);
  return (w.fresh * fresh) / (w.fresh * fresh + w.stable * stable);
}

describe('splitWeights', () => {
  it.each([
    [25, 1, 1],
    [25, 2, 2],
    [10, 1, 3],
    [50, 3, 1],
    [99, 2, 5],
    [1, 5, 5],
  ])('%i %% over %i new and %i stable replicas gives that share (within 1 point)', (weight, fresh, stable) => {
    expect(Math.abs(share(weight, fresh, stable) - weight / 100)).toBeLessThanOrEqual(0.01);
    const w = splitWeights(weight, fresh, stable);
    // HAProxy takes 0–256.
    expect(Math.max(w.fresh, w.stable)).toBeLessThanOrEqual(256);
  });

  it('0 and 100 give one set everything', () => {
    expect(splitWeights(0, 2, 2)).toEqual({ fresh: 0, stable: 1 });
    expect(splitWeights(100, 2, 2)).toEqual({ fresh: 1, stable: 0 });
  });
});

describe('judge', () => {
  const at = new Date('2026-12-02T04:00:00Z');
  it('fails an interval whose 5xx share is above the limit, counting only what happened in it', () => {
    const r = judge({ requests: 1000, responses5xx: 0 }, { requests: 1100, responses5xx: 20, at }, SETTINGS);
    expect(r.failed).toBe(true);
    expect(r.run).toMatchObject({ requests: 100, errorRate: 0.2, passed: false });
    expect(r.run.message).toMatch(/20\/100 5xx/);
  });

  it('passes one within it', () => {
    const r = judge({ requests: 0, responses5xx: 0 }, { requests: 100, responses5xx: 5, at }, SETTINGS);
    expect(r).toMatchObject({ failed: false, run: { passed: true, errorRate: 0.05 } });
  });

  it('calls an interval with fewer than minRequests inconclusive: neither passed nor failed', () => {
    const r = judge({ requests: 10, responses5xx: 0 }, { requests: 29, responses5xx: 19, at }, SETTINGS);
    expect(r.failed).toBe(false);
    expect(r.run.passed).toBe(false);
    expect(r.run.message).toMatch(/inconclusive/);
  });

  it('takes counters that went down (the edge reloaded) as a new start', () => {
    const r = judge({ requests: 500, responses5xx: 0 }, { requests: 40, responses5xx: 40, at }, SETTINGS);
    expect(r.run.requests).toBe(40);
    expect(r.failed).toBe(true);
  });

  it('fails an interval whose p99 is above maxP99Ms, naming both', () => {
    const r = judge(
      { requests: 0, responses5xx: 0 },
      { requests: 100, responses5xx: 0, p99Ms: 412.4, at },
      { ...SETTINGS, maxP99Ms: 200 },
    );
    expect(r.failed).toBe(true);
    expect(r.run).toMatchObject({ passed: false, p99Ms: 412.4, errorRate: 0 });
    // The failed check comes first: the message becomes the abort reason.
    expect(r.run.message).toMatch(/^p99 412 ms above maxP99Ms 200 ms; 0\/100 5xx/);
  });

  it('passes one whose p99 is within maxP99Ms, and records it', () => {
    const r = judge(
      { requests: 0, responses5xx: 0 },
      { requests: 100, responses5xx: 0, p99Ms: 200, at },
      { ...SETTINGS, maxP99Ms: 200 },
    );
    expect(r).toMatchObject({ failed: false, run: { passed: true, p99Ms: 200 } });
    expect(r.run.message).toMatch(/p99 200 ms within 200 ms/);
  });

  it('records a measured p99 without judging it when there is no maxP99Ms', () => {
    const r = judge({ requests: 0, responses5xx: 0 }, { requests: 100, responses5xx: 0, p99Ms: 9000, at }, SETTINGS);
    expect(r).toMatchObject({ failed: false, run: { passed: true, p99Ms: 9000 } });
    // Not judged, so not in the verdict's words.
    expect(r.run.message).toBe('0/100 5xx (0.0%), within 5.0%');
    // Nothing measured: null, as before.
    expect(judge({ requests: 0, responses5xx: 0 }, { requests: 100, responses5xx: 0, at }, SETTINGS).run.p99Ms).toBe(
      null,
    );
  });

  it('still calls an interval below minRequests inconclusive, however slow, and keeps its p99', () => {
    const r = judge(
      { requests: 0, responses5xx: 0 },
      { requests: 3, responses5xx: 0, p99Ms: 5000, at },
      { ...SETTINGS, maxP99Ms: 200 },
    );
    expect(r).toMatchObject({ failed: false, run: { passed: false, p99Ms: 5000 } });
    expect(r.run.message).toMatch(/inconclusive/);
  });

  it('calls an interval inconclusive when maxP99Ms is set but no response time was measured (the edge reloaded)', () => {
    const r = judge(
      { requests: 0, responses5xx: 0 },
      { requests: 100, responses5xx: 0, at },
      { ...SETTINGS, maxP99Ms: 200 },
    );
    expect(r).toMatchObject({ failed: false, run: { passed: false, p99Ms: null } });
    expect(r.run.message).toMatch(/inconclusive: no response time/);
  });

  it('fails at once on a replica that stopped or restarted, whatever the counters', () => {
    const r = judge(
      { requests: 0, responses5xx: 0 },
      { requests: 0, responses5xx: 0, at, problem: 'restarted' },
      SETTINGS,
    );
    expect(r).toMatchObject({ failed: true, run: { passed: false, message: 'restarted' } });
  });
});

describe('checkStrategyInputs', () => {
  const paths = (strategy: 'canary' | 'rolling' | 'blue_green', canary?: object, blueGreen?: object) => {
    const p = new Problems();
    checkStrategyInputs(p, strategy, canary as never, blueGreen as never);
    return p.list.map((e) => e.path.join('.'));
  };
  it('names each wrong field', () => {
    expect(paths('canary')).toEqual(['input.canary']);
    expect(paths('rolling', { steps: [{ weight: 10 }] })).toEqual(['input.canary']);
    expect(paths('rolling', undefined, {})).toEqual(['input.blueGreen']);
    expect(paths('canary', { steps: [] })).toEqual(['input.canary.steps']);
    expect(
      paths('canary', {
        steps: [{ weight: 0 }, { weight: 50, pauseSeconds: -1 }],
        analysis: { maxErrorRate: 2, intervalSeconds: 0, failureLimit: 0, maxP99Ms: 0 },
      }),
    ).toEqual([
      'input.canary.steps.0.weight',
      'input.canary.steps.1.pauseSeconds',
      'input.canary.analysis.maxErrorRate',
      'input.canary.analysis.maxP99Ms',
      'input.canary.analysis.intervalSeconds',
      'input.canary.analysis.failureLimit',
    ]);
    expect(paths('canary', { steps: [{ weight: 10, pauseSeconds: 30 }, { weight: 50 }] })).toEqual([]);
    expect(paths('canary', { steps: [{ weight: 10 }], analysis: { maxP99Ms: 250 } })).toEqual([]);
  });

  it('refuses maxP99Ms, by field, only where the canary engine does not measure response times', () => {
    const refused = (measured: boolean, canary?: object, blueGreen?: object) => {
      const p = new Problems();
      refuseUnmeasuredLatency(p, measured, canary as never, blueGreen as never);
      return p.list.map((e) => `${e.path.join('.')}: ${e.message}`);
    };
    const canary = { steps: [{ weight: 10 }], analysis: { maxP99Ms: 200 } };
    const blueGreen = { analysis: { maxP99Ms: 200 } };
    expect(refused(true, canary)).toEqual([]);
    expect(refused(true, undefined, blueGreen)).toEqual([]);
    expect(refused(false, canary)).toEqual([
      "input.canary.analysis.maxP99Ms: this provider's canary analysis does not measure response times: leave maxP99Ms out",
    ]);
    expect(refused(false, undefined, blueGreen)).toEqual([
      "input.blueGreen.analysis.maxP99Ms: this provider's canary analysis does not measure response times: leave maxP99Ms out",
    ]);
    // Without the limit there is nothing to refuse.
    expect(refused(false, { steps: [{ weight: 10 }], analysis: { maxErrorRate: 0.1 } })).toEqual([]);
  });
});

describe('measuresLatency', () => {
  it('is true only for a canary engine that says so', () => {
    const engine = { startCanary: () => undefined, setCanaryWeight: () => undefined };
    expect(measuresLatency({ engines: { canary: { ...engine, measuresLatency: true } } } as never)).toBe(true);
    expect(measuresLatency({ engines: { canary: engine } } as never)).toBe(false);
    // The flag on the provider itself, or on another engine, is not the canary engine's.
    expect(measuresLatency({ measuresLatency: true, engines: {} } as never)).toBe(false);
    expect(measuresLatency({ engines: { traffic: { measuresLatency: true } } } as never)).toBe(false);
  });
});

describe('renderEdgeConfig', () => {
  it('renders a server weight when one is set, HAProxy’s default otherwise', () => {
    const text = renderEdgeConfig({
      adminSocket: '/tmp/a.sock',
      bindHost: '127.0.0.1',
      httpPort: 8080,
      httpsPort: 8443,
      crtList: undefined,
      routes: [{ host: 'a.localhost', pathPrefix: '/', backend: 'b_x_web_8080', tls: false, redirectHttp: false }],
      backends: [
        {
          name: 'b_x_web_8080',
          servers: [
            { name: 'c000000000001', address: '10.0.0.2', port: 8080, weight: 64 },
            { name: 'c000000000002', address: '10.0.0.3', port: 8080 },
          ],
        },
      ],
      checkIntervalMs: 500,
    });
    expect(text).toMatch(/server c000000000001 10\.0\.0\.2:8080 weight 64 check/);
    expect(text).toMatch(/server c000000000002 10\.0\.0\.3:8080 check/);
  });
});
