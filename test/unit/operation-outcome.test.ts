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

  it('a deploy or restart that succeeds on a FAILED instance leaves it as observed: running and ready', () => {
    // What a failed first provision leaves: FAILED, its message, no release current, never started.
    const failed = instanceBefore({ state: 'failed', ready: false, currentReleaseId: null, startedAt: null });
    for (const kind of ['deploy', 'restart'] as const) {
      const out = decideOutcome(failed, {
        kind,
        params: { generation: 3 },
        releaseId: kind === 'deploy' ? 'rel-2' : null,
        succeeded: true,
        observed: { state: 'running', ready: true },
        ...(kind === 'restart' ? { createdReleaseId: 'rel-1' } : {}),
      });
      expect(out, kind).toMatchObject({ state: 'running', ready: true, started: true, observedGeneration: 3 });
      expect(out.message, kind).toBeUndefined();
      // The restart created the workload from the newest release: it is now the current one.
      expect(out.currentReleaseId, kind).toBe(kind === 'deploy' ? 'rel-2' : 'rel-1');
    }
    // With a release already current, a restart that created the workload does not replace it.
    const again = decideOutcome(instanceBefore({ state: 'failed', ready: false }), {
      kind: 'restart',
      params: {},
      releaseId: null,
      succeeded: true,
      observed: { state: 'running', ready: true },
      createdReleaseId: 'rel-1',
    });
    expect(again.currentReleaseId).toBeUndefined();
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

  it('an operation that failed only because the provider could not be reached keeps the last observed state', () => {
    // The row shows the transitional state the run recorded before it called the provider.
    const restarting = instanceBefore({ state: 'starting', ready: false });
    const end = {
      kind: 'restart',
      params: {},
      releaseId: null,
      succeeded: false,
      failureMessage: 'kubernetes: cannot reach https://k8s:6443',
      lastObserved: { state: 'running', ready: true },
    } as const;
    expect(decideOutcome(restarting, end)).toMatchObject({
      state: 'running',
      ready: true,
      message: 'kubernetes: cannot reach https://k8s:6443',
    });
    const { lastObserved: _, ...withoutIt } = end;
    expect(decideOutcome(restarting, withoutIt).state).toBe('failed');
    // A provision created nothing: it still fails.
    const prov = instanceBefore({ state: 'provisioning', ready: false, startedAt: null, currentReleaseId: null });
    expect(
      decideOutcome(prov, { ...end, kind: 'provision', lastObserved: { state: 'provisioning', ready: false } }).state,
    ).toBe('failed');
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

  it('restoring after a failed deploy that changed the set takes the release set back (added gone, removed back)', () => {
    const web = { ...spec('web', 'web:v3'), resources: { replicas: 4 } };
    const sidecar = { ...spec('sidecar', 'tool:1'), role: 'sidecar' as const };
    const worker = { ...spec('worker', 'tool:1'), role: 'sidecar' as const };
    const release = [
      { name: 'web', image: 'web:v2', env: {}, spec: spec('web', 'web:v2') },
      { name: 'sidecar', image: 'tool:1', env: {}, spec: sidecar },
    ];
    // The live replicas (a scale since the release) stay; only the set and image/env come from the release.
    expect(restoreCurrentRelease([web, worker], release)).toEqual([{ ...web, image: 'web:v2' }, sidecar]);
    // A release written before releases recorded whole specs: the set stays as it is.
    expect(restoreCurrentRelease([web, worker], [{ name: 'web', image: 'web:v2', env: {} }])).toEqual([
      { ...web, image: 'web:v2' },
      worker,
    ]);
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
