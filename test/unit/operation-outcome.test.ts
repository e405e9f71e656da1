import { describe, expect, it } from 'vitest';
import type { StoredServiceSpec } from '../../src/control/model.js';
import {
  decideOutcome,
  type InstanceBefore,
  needsCurrentRelease,
  restoreCurrentRelease,
} from '../../src/control/operation-outcome.js';

function spec(name: string, image: string, env: Record<string, string> = {}): StoredServiceSpec {
  return {
    name,
    image,
    role: 'main',
    dependsOn: [],
    resources: { replicas: 1 },
    env,
    ports: [],
    volumes: [],
    secrets: [],
    configFiles: [],
    annotations: {},
  };
}

function instanceBefore(over: Partial<InstanceBefore> = {}): InstanceBefore {
  return {
    state: 'running',
    ready: true,
    message: 'all good',
    generation: 3,
    currentReleaseId: 'rel-2',
    startedAt: new Date(0),
    services: [spec('web', 'web:v3', { MODE: 'new' })],
    ...over,
  };
}

describe('operation outcome', () => {
  it('a successful deploy makes its release current and records the generation it brought about', () => {
    const out = decideOutcome(instanceBefore(), {
      kind: 'deploy',
      params: { generation: 3 },
      releaseId: 'rel-3',
      succeeded: true,
      observed: { state: 'running', ready: true },
    });
    expect(out).toMatchObject({ state: 'running', ready: true, observedGeneration: 3, currentReleaseId: 'rel-3' });
    expect(out.services).toBeUndefined();
    expect(out.destroyed).toBe(false);
  });

  it('a successful scale or restart leaves the current release alone', () => {
    for (const kind of ['scale', 'restart', 'start', 'stop'] as const) {
      const out = decideOutcome(instanceBefore(), { kind, params: {}, releaseId: 'rel-9', succeeded: true });
      expect(out.currentReleaseId, kind).toBeUndefined();
      expect(out.observedGeneration, kind).toBe(3);
    }
  });

  it('a scale of one service keeps the instance message', () => {
    const out = decideOutcome(instanceBefore({ message: 'instance says' }), {
      kind: 'scale',
      params: { service: 'web' },
      releaseId: null,
      succeeded: true,
      observed: { state: 'running', ready: true },
    });
    expect(out.message).toBe('instance says');
  });

  it('a successful deprovision destroys the instance, not ready', () => {
    const out = decideOutcome(instanceBefore(), {
      kind: 'deprovision',
      params: {},
      releaseId: null,
      succeeded: true,
      observed: { state: 'running', ready: true },
    });
    expect(out).toMatchObject({ state: 'destroyed', ready: false, destroyed: true });
  });

  it('a failed deploy without an observed status marks the instance FAILED and shows the failure', () => {
    const out = decideOutcome(instanceBefore(), {
      kind: 'deploy',
      params: { generation: 4 },
      releaseId: 'rel-3',
      succeeded: false,
      failureMessage: 'image not found',
    });
    expect(out.state).toBe('failed');
    expect(out.message).toBe('image not found');
    expect(out.currentReleaseId).toBeUndefined();
    expect(out.observedGeneration).toBeUndefined();
  });

  it('a failed deploy with an observed status keeps that status (the old containers still run)', () => {
    const out = decideOutcome(instanceBefore(), {
      kind: 'deploy',
      params: {},
      releaseId: 'rel-3',
      succeeded: false,
      observed: { state: 'starting', ready: false },
    });
    expect(out).toMatchObject({ state: 'starting', ready: false });
  });

  it('a failed provision is FAILED unless the workload was observed running and ready', () => {
    const end = { kind: 'provision', params: {}, releaseId: 'rel-1', succeeded: false } as const;
    const prov = instanceBefore({ state: 'provisioning', ready: false, startedAt: null, currentReleaseId: null });
    expect(decideOutcome(prov, end).state).toBe('failed');
    expect(decideOutcome(prov, { ...end, observed: { state: 'running', ready: false } }).state).toBe('failed');
    expect(decideOutcome(prov, { ...end, observed: { state: 'running', ready: true } }).state).toBe('running');
  });

  it('a failed deploy or rollback puts the current release back as the desired specs', () => {
    expect(needsCurrentRelease('deploy', false, 'rel-2')).toBe(true);
    expect(needsCurrentRelease('rollback', false, 'rel-2')).toBe(true);
    expect(needsCurrentRelease('deploy', true, 'rel-2')).toBe(false);
    expect(needsCurrentRelease('deploy', false, null)).toBe(false);
    expect(needsCurrentRelease('scale', false, 'rel-2')).toBe(false);
    const out = decideOutcome(
      instanceBefore({ services: [spec('web', 'web:v3', { MODE: 'new' }), spec('side', 'side:v1')] }),
      {
        kind: 'deploy',
        params: {},
        releaseId: 'rel-3',
        succeeded: false,
        currentReleaseSnapshots: [{ name: 'web', image: 'web:v2', env: { MODE: 'old' } }],
      },
    );
    expect(out.services?.map((s) => [s.name, s.image, s.env])).toEqual([
      ['web', 'web:v2', { MODE: 'old' }],
      ['side', 'side:v1', {}],
    ]);
  });

  it('restoring keeps everything but image and env', () => {
    const current: StoredServiceSpec = { ...spec('web', 'web:v3'), ports: [{ container: 80, protocol: 'tcp' }] };
    const [restored] = restoreCurrentRelease([current], [{ name: 'web', image: 'web:v2', env: { A: '1' } }]);
    expect(restored).toEqual({ ...current, image: 'web:v2', env: { A: '1' } });
  });

  it('stamps the first start only', () => {
    const end = {
      kind: 'start',
      params: {},
      releaseId: null,
      succeeded: true,
      observed: { state: 'running', ready: true },
    } as const;
    expect(decideOutcome(instanceBefore({ state: 'stopped', startedAt: null }), end).started).toBe(true);
    expect(decideOutcome(instanceBefore({ state: 'stopped' }), end).started).toBe(false);
    expect(
      decideOutcome(instanceBefore({ state: 'stopped', startedAt: null }), {
        ...end,
        observed: { state: 'stopped', ready: false },
      }).started,
    ).toBe(false);
  });
});
