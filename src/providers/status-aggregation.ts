import { type InstanceState, InstanceStates, type ServiceStatus, worseState } from './provider.js';

/** One replica as any provider observed it. */
export interface ReplicaState {
  replica: number;
  state: InstanceState;
  ready: boolean;
  restarts: number;
  message?: string;
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
  return out;
}
