/**
 * The pure parts of a canary: the server weights that give a set its share
 * under weighted round robin, each analysis interval's verdict from two
 * readings of the edge's counters, the inputs' checks by field path, and the
 * weights the edge renders.
 */
import { describe, expect, it } from 'vitest';
import { checkStrategyInputs } from '../../src/control/rollout-inputs.js';
import { Problems } from '../../src/control/spec-validation.js';
import { renderEdgeConfig } from '../../src/providers/docker/docker-edge-config.js';
import { splitWeights } from '../../src/providers/progressive.js';
import { judge } from '../../src/worker/canary-rollout.js';

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
        analysis: { maxErrorRate: 2, intervalSeconds: 0, failureLimit: 0, maxP99Ms: 100 },
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
