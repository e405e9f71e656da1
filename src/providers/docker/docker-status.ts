/**
 * From inspected containers to InstanceStatus: one replica's state, the
 * worst-of aggregation across replicas and services, and endpoints.
 */
import type Dockerode from 'dockerode';
import type { Endpoint, InstanceState, InstanceStatus, ServiceStatus } from '../provider.js';
import { InstanceStates } from '../provider.js';
import type { ServiceRole } from '../service-spec.js';
import { ServiceRoles } from '../service-spec.js';
import { aggregateReplicas, instanceStatusOf, worstOfServices } from '../status-aggregation.js';
import type { ProbeResult } from './docker-health.js';
import { type LabelledServiceSpec, PUBLISH_ADDRESS } from './docker-spec.js';

/** What the provider learned about one container. */
export interface ReplicaObservation {
  containerId: string;
  replica: number;
  state: InstanceState;
  ready: boolean;
  restarts: number;
  message?: string;
  /** An INIT replica that exited 0. */
  completed?: boolean;
  /** Set while the replica waits out the readiness floor: when it ends (epoch ms). */
  floorEndsAt?: number;
}

/** Inputs beyond the inspect answer that decide a replica's state. */
export interface ObserveInput {
  role: ServiceRole;
  replica: number;
  /** Set when the container is running and has a health check: that check's result. */
  probe?: ProbeResult;
  hasHealthCheck: boolean;
  /** A running container without a health check is ready after running this long. */
  minReadyMs: number;
  now: number;
  /** Last log line, for the message of an exited or restarting container. */
  lastLogLine?: string;
}

/** The container's engine phase: what `State.Status` says, with restarting made explicit. */
export function phaseOf(info: Dockerode.ContainerInspectInfo): string {
  if (info.State.Restarting) return 'restarting';
  return info.State.Status;
}

/**
 * Restart policy of a long-running container scaled to zero: scaling to zero
 * sets it, so start, restart and status can tell that stop from any other,
 * and scaling up sets `unless-stopped` back.
 */
export const SCALED_TO_ZERO_POLICY = 'no';

/** True for a stopped long-running container that a scale to zero left behind. */
export function isScaledToZero(info: Dockerode.ContainerInspectInfo, role: ServiceRole): boolean {
  return (
    role !== ServiceRoles.init &&
    phaseOf(info) !== 'running' &&
    info.HostConfig?.RestartPolicy?.Name === SCALED_TO_ZERO_POLICY
  );
}

/**
 * The readiness floor of each service (see ObserveInput.minReadyMs). A
 * sidecar next to a main whose health check vouches for the workload counts
 * as ready once running, as a Kubernetes sidecar without a probe does: the
 * floor only guards workloads that nothing else vouches for (a main without
 * a check, or an instance with no check at all). A sidecar that dies later
 * is the supervisor's, which follows the engine's `die` events.
 */
export function readinessFloors(
  services: ReadonlyMap<string, readonly { listed: { role: ServiceRole; spec: LabelledServiceSpec | undefined } }[]>,
  minReadyMs: number,
): Map<string, number> {
  const vouched = [...services.values()].some(
    (replicas) => replicas[0]?.listed.role === ServiceRoles.main && replicas[0].listed.spec?.healthCheck,
  );
  const floors = new Map<string, number>();
  for (const [service, replicas] of services) {
    floors.set(service, vouched && replicas[0]?.listed.role === ServiceRoles.sidecar ? 0 : minReadyMs);
  }
  return floors;
}

/** Exit codes of a process ended by SIGKILL (128 + 9) or SIGTERM (128 + 15). */
const INTERRUPTED_EXIT_CODES = new Set([137, 143]);

/** Decides one replica's state from its inspect answer. */
export function observeReplica(info: Dockerode.ContainerInspectInfo, input: ObserveInput): ReplicaObservation {
  const base = { containerId: info.Id, replica: input.replica, restarts: info.RestartCount ?? 0 };
  const exitCode = info.State.ExitCode;
  const tail = input.lastLogLine ? `: ${input.lastLogLine}` : '';
  const phase = phaseOf(info);
  if (input.role === ServiceRoles.init) {
    if (phase === 'exited' && exitCode === 0) {
      // Done, not running: reported stopped and ready, and left out of the instance's worst-of.
      return { ...base, state: InstanceStates.stopped, ready: true, message: 'completed', completed: true };
    }
    // Stopped by a signal from outside (the engine stopping, a docker stop or kill), not by its own failure:
    // interrupted, so it may run again (a failed one is never retried: its owner must change something).
    if (phase === 'exited' && INTERRUPTED_EXIT_CODES.has(exitCode) && !info.State.OOMKilled) {
      return {
        ...base,
        state: InstanceStates.stopped,
        ready: false,
        message: `init interrupted (exit code ${exitCode})`,
      };
    }
    if (phase === 'exited' || phase === 'dead') {
      return {
        ...base,
        state: InstanceStates.failed,
        ready: false,
        message: `init exited with code ${exitCode}${tail}`,
      };
    }
    if (phase === 'created') return { ...base, state: InstanceStates.provisioning, ready: false, message: 'created' };
    return { ...base, state: InstanceStates.starting, ready: false, message: 'init running' };
  }
  switch (phase) {
    case 'running': {
      if (input.hasHealthCheck) {
        const ok = input.probe?.ok ?? false;
        return {
          ...base,
          state: ok ? InstanceStates.running : InstanceStates.starting,
          ready: ok,
          message: ok ? undefined : `health check failing: ${input.probe?.message ?? 'not probed'}`,
        };
      }
      const started = Date.parse(info.State.StartedAt);
      const up = Number.isNaN(started) ? Number.POSITIVE_INFINITY : input.now - started;
      if (up < input.minReadyMs)
        return {
          ...base,
          state: InstanceStates.starting,
          ready: false,
          message: 'starting',
          floorEndsAt: started + input.minReadyMs,
        };
      return { ...base, state: InstanceStates.running, ready: true };
    }
    case 'restarting':
      // The restart policy brings crashed services back; a container caught between attempts is crash-looping.
      return {
        ...base,
        state: InstanceStates.failed,
        ready: false,
        message: `restarting after exit code ${exitCode}${tail}`,
      };
    case 'created':
      return { ...base, state: InstanceStates.provisioning, ready: false, message: 'created, not started' };
    case 'paused':
      return { ...base, state: InstanceStates.stopped, ready: false, message: 'paused' };
    case 'exited':
      if (isScaledToZero(info, input.role))
        return { ...base, state: InstanceStates.stopped, ready: false, message: 'scaled to zero' };
      // With an unless-stopped restart policy only a requested stop leaves a service exited.
      return {
        ...base,
        state: InstanceStates.stopped,
        ready: false,
        message: `exited with code ${exitCode}${exitCode === 0 ? '' : tail}`,
      };
    case 'removing':
      return { ...base, state: InstanceStates.destroying, ready: false, message: 'being removed' };
    default:
      return { ...base, state: InstanceStates.failed, ready: false, message: `container is ${phase}${tail}` };
  }
}

/** A service's status from its replicas (sorted by replica index). */
export function aggregateService(replicas: ReplicaObservation[]): ServiceStatus {
  return aggregateReplicas(replicas, replicas[0]?.containerId);
}

/** The instance's status: worst-of across services, ready only when every service is. */
export function aggregateInstance(
  services: Record<string, ServiceStatus>,
  endpoints: Endpoint[],
  extra: { startedAt?: Date; metadata?: Record<string, string> },
): InstanceStatus {
  const status = instanceStatusOf(services, endpoints, worstOfServices(services));
  if (extra.startedAt) status.startedAt = extra.startedAt;
  if (extra.metadata) status.metadata = extra.metadata;
  return status;
}

/**
 * The published ports of a running container as endpoints: `http://` for TCP
 * (the services Wheelhouse runs are reached over HTTP), `udp://` for UDP.
 * Stopped containers publish nothing: their host ports are allocated on start.
 */
export function endpointsOf(info: Dockerode.ContainerInspectInfo, spec: LabelledServiceSpec): Endpoint[] {
  const out: Endpoint[] = [];
  const ports = info.NetworkSettings?.Ports ?? {};
  for (const p of spec.ports) {
    const bindings = ports[`${p.container}/${p.protocol}`] ?? [];
    const binding = bindings.find((b) => b.HostIp === PUBLISH_ADDRESS) ?? bindings[0];
    const hostPort = Number(binding?.HostPort);
    if (!binding || !Number.isInteger(hostPort) || hostPort <= 0) continue;
    out.push({
      serviceName: spec.name,
      url: `${p.protocol === 'tcp' ? 'http' : 'udp'}://127.0.0.1:${hostPort}`,
      port: hostPort,
      protocol: p.protocol,
      public: true,
    });
  }
  return out;
}
