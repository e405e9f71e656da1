import { describe, expect, it } from 'vitest';
import { driftOf, failedInits, isAtRest, isScaledToZero, missingServices } from '../../src/control/desired-state.js';
import type { StoredServiceSpec } from '../../src/control/model.js';
import type { ServiceStatus } from '../../src/providers/provider.js';

type Spec = Pick<StoredServiceSpec, 'name' | 'role' | 'resources'>;
const svc = (name: string, replicas: number | undefined, role: Spec['role'] = 'main'): Spec => ({
  name,
  role,
  resources: replicas === undefined ? {} : { replicas },
});
const up: ServiceStatus = { state: 'running', ready: true, restarts: 0 };
const starting: ServiceStatus = { state: 'starting', ready: false, restarts: 0 };
const stopped: ServiceStatus = { state: 'stopped', ready: false, restarts: 0, message: 'scaled to zero' };
const failed: ServiceStatus = { state: 'failed', ready: false, restarts: 3, message: 'restarting' };
const done: ServiceStatus = { state: 'stopped', ready: true, restarts: 0, message: 'completed', completed: true };
const killed: ServiceStatus = { state: 'stopped', ready: false, restarts: 0, message: 'exited with code 137' };
const initFailed: ServiceStatus = { state: 'failed', ready: false, restarts: 0, message: 'init exited with code 3' };

describe('desired state', () => {
  it('a long-running service at zero replicas is scaled to zero; an INIT service or an unset count is not', () => {
    expect(isScaledToZero(svc('web', 0))).toBe(true);
    expect(isScaledToZero(svc('web', 1))).toBe(false);
    expect(isScaledToZero(svc('web', undefined))).toBe(false);
    expect(isScaledToZero(svc('migrate', 0, 'init'))).toBe(false);
  });

  it('an instance is at rest when every non-INIT service is at zero, and only then', () => {
    expect(isAtRest([svc('web', 0)])).toBe(true);
    expect(isAtRest([svc('migrate', undefined, 'init'), svc('web', 0), svc('side', 0, 'sidecar')])).toBe(true);
    expect(isAtRest([svc('web', 0), svc('worker', 2)])).toBe(false);
    expect(isAtRest([svc('migrate', 0, 'init')])).toBe(false);
    expect(isAtRest([])).toBe(false);
  });

  it('an instance at rest observed stopped is settled, not recovered', () => {
    const specs = [svc('migrate', undefined, 'init'), svc('web', 0)];
    expect(
      driftOf('running', specs, {
        state: 'stopped',
        ready: false,
        services: { migrate: done, web: stopped },
        missing: false,
      }),
    ).toEqual({ action: 'none', settled: true });
    // The same rule when the provider gave no per-service detail.
    expect(driftOf('running', specs, { state: 'stopped', ready: false, missing: false })).toEqual({
      action: 'none',
      settled: true,
    });
  });

  it('the same observation on an instance that should run heals that service; without detail, a restart', () => {
    const specs = [svc('web', 1)];
    const seen = { state: 'stopped' as const, ready: false, services: { web: stopped }, missing: false };
    expect(driftOf('running', specs, seen)).toEqual({
      action: 'heal',
      services: ['web'],
      why: 'web stopped (scaled to zero)',
    });
    expect(driftOf('running', [svc('web', undefined)], { ...seen, services: undefined })).toMatchObject({
      action: 'restart',
    });
  });

  it('only the service that went down is healed: its siblings and a completed INIT are left as they are', () => {
    const specs = [
      svc('migrate', undefined, 'init'),
      svc('web', 1),
      svc('side', 1, 'sidecar'),
      svc('log', 1, 'sidecar'),
    ];
    expect(
      driftOf('running', specs, {
        state: 'failed',
        ready: false,
        services: { migrate: done, web: up, side: killed, log: failed },
        missing: false,
      }),
    ).toEqual({
      action: 'heal',
      services: ['side', 'log'],
      why: 'side stopped (exited with code 137); log failed (restarting)',
    });
  });

  it('a completed INIT is settled, not stopped; a failed one blocks recovery and is never retried', () => {
    const specs = [svc('migrate', undefined, 'init'), svc('web', 1)];
    expect(
      driftOf('running', specs, {
        state: 'running',
        ready: true,
        services: { migrate: done, web: up },
        missing: false,
      }),
    ).toEqual({ action: 'none', settled: true });
    // The main never started (its level waits for the init): missing, yet not re-provisioned forever.
    expect(
      driftOf('running', specs, { state: 'failed', ready: false, services: { migrate: initFailed }, missing: false }),
    ).toEqual({
      action: 'none',
      settled: false,
      blocked: 'init service migrate (init exited with code 3) failed; not retried automatically',
    });
    // Interrupted from outside (the engine stopped under it), not failed: re-provisioned, which runs it again.
    const interrupted: ServiceStatus = { state: 'stopped', ready: false, restarts: 0, message: 'init interrupted' };
    expect(
      driftOf('running', specs, { state: 'failed', ready: false, services: { migrate: interrupted }, missing: false }),
    ).toEqual({ action: 'provision', why: 'service(s) web missing from the provider' });
    expect(failedInits(specs, { migrate: initFailed, web: failed })).toEqual(['migrate (init exited with code 3)']);
    expect(failedInits(specs, { migrate: done, web: failed })).toEqual([]);
  });

  it('a service at zero that failed rather than stopped is still drift', () => {
    expect(
      driftOf('running', [svc('web', 0)], { state: 'failed', ready: false, services: { web: failed }, missing: false }),
    ).toMatchObject({ action: 'heal', services: ['web'] });
    expect(driftOf('running', [svc('web', 0)], { state: 'failed', ready: false, missing: false })).toMatchObject({
      action: 'restart',
    });
  });

  it('one service at rest does not hide another that went down, nor make a healthy instance drift', () => {
    const specs = [svc('web', 2), svc('batch', 0)];
    expect(
      driftOf('running', specs, {
        state: 'failed',
        ready: false,
        services: { web: failed, batch: stopped },
        missing: false,
      }),
    ).toEqual({ action: 'heal', services: ['web'], why: 'web failed (restarting)' });
    expect(
      driftOf('running', specs, {
        state: 'stopped',
        ready: false,
        services: { web: up, batch: stopped },
        missing: false,
      }),
    ).toEqual({ action: 'none', settled: true });
    expect(
      driftOf('running', specs, {
        state: 'stopped',
        ready: false,
        services: { web: starting, batch: stopped },
        missing: false,
      }),
    ).toEqual({ action: 'none', settled: false });
  });

  it('a service of any role that should run but went unreported is missing: provisioned again, whatever the aggregate', () => {
    expect(
      driftOf('running', [svc('web', 1), svc('batch', 0)], {
        state: 'failed',
        ready: false,
        services: { batch: stopped },
        missing: false,
      }),
    ).toEqual({ action: 'provision', why: 'service(s) web missing from the provider' });
    // A sidecar removed by hand while the main runs: the aggregate alone would say all is well.
    const specs = [svc('migrate', undefined, 'init'), svc('web', 1), svc('side', 1, 'sidecar')];
    expect(
      driftOf('running', specs, {
        state: 'running',
        ready: true,
        services: { migrate: done, web: up },
        missing: false,
      }),
    ).toEqual({ action: 'provision', why: 'service(s) side missing from the provider' });
    expect(missingServices(specs, { web: up, side: up })).toEqual(['migrate']);
    // At zero a service may be absent; without per-service detail nothing is called missing.
    expect(missingServices([svc('web', 1), svc('batch', 0)], { web: up })).toEqual([]);
    expect(missingServices(specs, undefined)).toEqual([]);
  });

  it('a service with fewer replicas than its spec is provisioned again; more, an unknown count or an INIT one is not', () => {
    const specs = [svc('migrate', undefined, 'init'), svc('web', 2), svc('side', undefined, 'sidecar')];
    const seen = (web: number | undefined, side?: number) => ({
      state: 'running' as const,
      ready: true,
      missing: false,
      services: {
        migrate: { ...done, replicas: 1 },
        web: web === undefined ? up : { ...up, replicas: web },
        side: side === undefined ? up : { ...up, replicas: side },
      },
    });
    expect(driftOf('running', specs, seen(1))).toEqual({ action: 'provision', why: 'web has 1 of 2 replicas' });
    expect(driftOf('running', specs, seen(2, 0))).toEqual({ action: 'provision', why: 'side has 0 of 1 replicas' });
    expect(driftOf('running', specs, seen(2, 1))).toEqual({ action: 'none', settled: true });
    expect(driftOf('running', specs, seen(3))).toEqual({ action: 'none', settled: true });
    expect(driftOf('running', specs, seen(undefined))).toEqual({ action: 'none', settled: true });
    // Scaled to zero: none is what was asked.
    expect(
      driftOf('running', [svc('web', 0), svc('api', 1)], {
        ...seen(0),
        services: { web: { ...stopped, replicas: 1 }, api: { ...up, replicas: 1 } },
      }),
    ).toEqual({ action: 'none', settled: true });
  });

  it('a workload gone from the provider is provisioned again, at rest or not', () => {
    expect(driftOf('running', [svc('web', 0)], { state: 'failed', ready: false, missing: true })).toMatchObject({
      action: 'provision',
    });
  });

  it('a healthy running instance is settled; a starting one is left alone', () => {
    const specs = [svc('web', 1)];
    expect(driftOf('running', specs, { state: 'running', ready: true, services: { web: up }, missing: false })).toEqual(
      { action: 'none', settled: true },
    );
    expect(
      driftOf('running', specs, { state: 'starting', ready: false, services: { web: starting }, missing: false }),
    ).toEqual({ action: 'none', settled: false });
  });

  it('an instance desired stopped is stopped when seen running or starting, left alone otherwise', () => {
    const specs = [svc('web', 1)];
    expect(driftOf('stopped', specs, { state: 'running', ready: true, missing: false })).toEqual({
      action: 'stop',
      why: 'observed running while desired stopped',
    });
    expect(driftOf('stopped', specs, { state: 'starting', ready: false, missing: false })).toMatchObject({
      action: 'stop',
    });
    expect(driftOf('stopped', specs, { state: 'stopped', ready: false, missing: false })).toEqual({
      action: 'none',
      settled: true,
    });
    expect(driftOf('stopped', specs, { state: 'failed', ready: false, missing: false })).toMatchObject({
      action: 'none',
    });
  });
});
