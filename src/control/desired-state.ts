/**
 * Whether an observed instance has drifted from what its owner asked for: the
 * rule the supervisor applies before it queues a recovery, as pure functions so
 * it can be read (and tested) without a provider or a database.
 *
 * Scaling a service to zero replicas is a stop of that service on every
 * provider (one stopped container kept on Docker, no pods on Kubernetes), and
 * the desired spec records it as `resources.replicas: 0`. A service desired at
 * zero and observed stopped is therefore where it should be, not drift; an
 * instance all of whose long-running services are desired at zero is at rest,
 * and recovering it would start what its owner scaled down, forever.
 */
import type { InstanceState, ServiceStatus } from '../providers/provider.js';
import type { DesiredState, StoredServiceSpec } from './model.js';

/** True for a long-running service its owner scaled to zero (INIT services run once and are never scaled). */
export function isScaledToZero(spec: Pick<StoredServiceSpec, 'role' | 'resources'>): boolean {
  return spec.role !== 'init' && spec.resources.replicas === 0;
}

/**
 * True when every non-INIT service of the instance is desired at zero replicas:
 * the instance is meant to run nothing, so seeing it stopped is no failure.
 */
export function isAtRest(services: readonly Pick<StoredServiceSpec, 'role' | 'resources'>[]): boolean {
  const longRunning = services.filter((s) => s.role !== 'init');
  return longRunning.length > 0 && longRunning.every(isScaledToZero);
}

/** What the supervisor saw of an instance. */
export interface ObservedInstance {
  state: InstanceState;
  ready: boolean;
  /** Per-service status, keyed by service name; absent or empty when the provider gave none. */
  services?: Record<string, ServiceStatus> | undefined;
  /** The provider no longer holds the workload at all. */
  missing: boolean;
}

/** What the supervisor should do about one observation. */
export type Drift =
  /**
   * Nothing to recover; `settled` when the instance is where it should be (its
   * backoff resets); `blocked` says why recovering would not help (an INIT
   * service failed: the instance's own problem, reported, not retried).
   */
  | { action: 'none'; settled: boolean; blocked?: string }
  /** Queue this recovery operation, for the reason given. */
  | { action: 'provision' | 'restart' | 'stop'; why: string }
  /** Bring back these services, and only these (`Provider.heal`), for the reason given. */
  | { action: 'heal'; services: string[]; why: string };

/**
 * The services the spec has that the provider reported nothing for (a
 * container removed by hand): drift as much as a dead one. Services desired
 * at zero may be absent; without any per-service detail nothing is missing.
 */
export function missingServices(
  specs: readonly Pick<StoredServiceSpec, 'name' | 'role' | 'resources'>[],
  services: Record<string, ServiceStatus> | undefined,
): string[] {
  if (!services || Object.keys(services).length === 0) return [];
  return specs.filter((s) => !isScaledToZero(s) && !(s.name in services)).map((s) => s.name);
}

const down = (state: InstanceState) => state === 'failed' || state === 'stopped';

/**
 * The INIT services observed failed (one that exited non-zero), with why:
 * running it again would fail the same way until its owner changes something,
 * so the supervisor reports it and leaves the instance alone.
 */
export function failedInits(
  specs: readonly Pick<StoredServiceSpec, 'name' | 'role'>[],
  services: Record<string, ServiceStatus> | undefined,
): string[] {
  return specs.flatMap((spec) => {
    const s = services?.[spec.name];
    return spec.role === 'init' && s?.state === 'failed' ? [`${spec.name}${s.message ? ` (${s.message})` : ''}`] : [];
  });
}

/**
 * Compares an observation with the desired state and spec. A running instance
 * whose workload is gone, or one of whose services is gone or short of
 * replicas, is re-provisioned (what runs is kept); a long-running service
 * found failed or stopped is healed alone, except one desired at zero and
 * observed stopped; a completed INIT service is done, and a failed one is the
 * instance's problem (reported, never retried by the supervisor). A stopped
 * instance found running or starting is stopped.
 */
export function driftOf(
  desired: DesiredState,
  specs: readonly Pick<StoredServiceSpec, 'name' | 'role' | 'resources'>[],
  observed: ObservedInstance,
): Drift {
  const { state } = observed;
  if (desired === 'stopped') {
    return state === 'running' || state === 'starting'
      ? { action: 'stop', why: `observed ${state} while desired stopped` }
      : { action: 'none', settled: state === 'stopped' };
  }
  if (desired !== 'running') return { action: 'none', settled: false };
  if (observed.missing) return { action: 'provision', why: 'observed failed while desired running' };

  const atZero = new Set(specs.filter(isScaledToZero).map((s) => s.name));
  const services = Object.entries(observed.services ?? {});
  // A service desired at zero and seen stopped is at rest: it neither fails the instance nor keeps it unready.
  const resting = (name: string, s: ServiceStatus) => atZero.has(name) && s.state === 'stopped';
  const active = services.filter(([name, s]) => !resting(name, s));

  if (services.length === 0) {
    // No per-service detail: only the aggregate speaks, and an instance meant to run nothing may be stopped.
    if (state === 'stopped' && isAtRest(specs)) return { action: 'none', settled: true };
    if (down(state)) return { action: 'restart', why: `observed ${state} while desired running` };
    return { action: 'none', settled: state === 'running' && observed.ready };
  }
  // A failed INIT fails the same way each time it runs: its owner must change something first.
  const inits = failedInits(specs, observed.services);
  if (inits.length > 0) {
    return {
      action: 'none',
      settled: false,
      blocked: `init service ${inits.join(', ')} failed; not retried automatically`,
    };
  }
  // A service of any role whose every object is gone cannot be restarted, only created again.
  const absent = missingServices(specs, observed.services);
  if (absent.length > 0)
    return { action: 'provision', why: `service(s) ${absent.join(', ')} missing from the provider` };
  // A replica removed by hand (its siblings serve on): created again, the rest kept as they are.
  const short = specs.flatMap((spec) => {
    const seen = observed.services?.[spec.name]?.replicas;
    const want = spec.resources.replicas ?? 1;
    return spec.role !== 'init' && seen !== undefined && seen < want
      ? [`${spec.name} has ${seen} of ${want} replicas`]
      : [];
  });
  if (short.length > 0) return { action: 'provision', why: short.join('; ') };
  // Only what is down is brought back: its siblings keep their containers, pods and ports.
  const roles = new Map(specs.map((s) => [s.name, s.role]));
  const sick = active.filter(([name, s]) => roles.get(name) !== 'init' && !s.completed && down(s.state));
  if (sick.length > 0) {
    const names = sick.map(([name]) => name);
    return {
      action: 'heal',
      services: names,
      why: sick.map(([name, s]) => `${name} ${s.state}${s.message ? ` (${s.message})` : ''}`).join('; '),
    };
  }
  const settled = active.every(([, s]) => (s.state === 'running' || s.completed === true) && s.ready);
  return { action: 'none', settled };
}
