import {
  type Endpoint,
  type InstanceState,
  InstanceStates,
  type InstanceStatus,
  type ServiceStatus,
  worseState,
} from './provider.js';

/** One replica as any provider observed it. */
export interface ReplicaState {
  replica: number;
  state: InstanceState;
  ready: boolean;
  restarts: number;
  message?: string;
  /** An INIT replica that exited 0 (see ServiceStatus.completed). */
  completed?: boolean;
}

/**
 * A service's status from its replicas, worst-of as the seed aggregates: the
 * most severe state, ready only when every replica is, restarts summed, and
 * the message of the replica that decided the state.
 */
export function aggregateReplicas(replicas: readonly ReplicaState[], providerRef: string | undefined): ServiceStatus {
  let state: InstanceState = InstanceStates.running;
  let message: string | undefined;
  for (const r of replicas) {
    const next = worseState(state, r.state);
    if (next !== state || (message === undefined && r.state === next && r.message)) {
      message = r.message && replicas.length > 1 ? `replica ${r.replica}: ${r.message}` : r.message;
    }
    state = next;
  }
  const out: ServiceStatus = {
    state,
    ready: replicas.length > 0 && replicas.every((r) => r.ready),
    restarts: replicas.reduce((n, r) => n + r.restarts, 0),
    providerRef,
  };
  if (message && state !== InstanceStates.running) out.message = message;
  if (replicas.length > 0 && replicas.every((r) => r.completed)) out.completed = true;
  return out;
}

/** The instance-level worst-of: the most severe service state and the message of the service that decided it. */
export interface WorstOf {
  state: InstanceState;
  message: string | undefined;
}

/**
 * Worst-of across services, each message prefixed with its service's name. A
 * completed INIT service is done, not stopped: it does not lower the instance.
 */
export function worstOfServices(services: Record<string, ServiceStatus>): WorstOf {
  let state: InstanceState = InstanceStates.running;
  let message: string | undefined;
  for (const [name, s] of Object.entries(services)) {
    if (s.completed) continue;
    const next = worseState(state, s.state);
    if (next !== state || (message === undefined && s.state === next && s.message)) {
      message = s.message ? `${name}: ${s.message}` : undefined;
    }
    state = next;
  }
  return { state, message };
}

/**
 * The instance's status in `worst`'s state: ready only when running and every
 * service is, restarts summed, the message only when not running.
 */
export function instanceStatusOf(
  services: Record<string, ServiceStatus>,
  endpoints: Endpoint[],
  worst: WorstOf,
): InstanceStatus {
  const all = Object.values(services);
  const status: InstanceStatus = {
    state: worst.state,
    ready: worst.state === InstanceStates.running && all.length > 0 && all.every((s) => s.ready),
    restarts: all.reduce((n, s) => n + s.restarts, 0),
    endpoints,
    services,
  };
  if (worst.message && worst.state !== InstanceStates.running) status.message = worst.message;
  return status;
}
