/**
 * From a workload and its pods to InstanceStatus: one container's state in
 * one pod, the worst-of aggregation across replicas and services, and the
 * failures that decide Provision's start gate.
 */
import type { V1ContainerStatus, V1Pod } from '@kubernetes/client-node';
import {
  type Endpoint,
  type InstanceState,
  InstanceStates,
  type InstanceStatus,
  type ServiceStatus,
} from '../provider.js';
import { type ServiceRole, ServiceRoles } from '../service-spec.js';
import { aggregateReplicas, instanceStatusOf, worstOfServices } from '../status-aggregation.js';
import { Annotations, rolesOf, type Workload } from './kubernetes-objects.js';

/** Waiting reasons that mean the image cannot be pulled. */
export const IMAGE_FAILURES = new Set(['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'ErrImageNeverPull']);

/** Waiting reasons that mean the container cannot run as specified. */
const CONTAINER_FAILURES = new Set([
  'CrashLoopBackOff',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  ...IMAGE_FAILURES,
]);

/** A running container without a readiness probe counts as ready once it has run `minReadyMs`. */
export interface ReadyTiming {
  now: number;
  minReadyMs: number;
}

/** One container in one pod. */
export interface ContainerObservation {
  replica: number;
  state: InstanceState;
  ready: boolean;
  restarts: number;
  message?: string;
  /** An INIT container that exited 0. */
  completed?: boolean;
}

/** Pods of the workload's current template (not terminating), in replica order. */
export function currentPods(workload: Workload, pods: V1Pod[]): V1Pod[] {
  const hash = workload.spec?.template.metadata?.annotations?.[Annotations.templateHash];
  return orderPods(
    pods.filter((p) => !p.metadata?.deletionTimestamp && p.metadata?.annotations?.[Annotations.templateHash] === hash),
  );
}

/** Pods sorted by replica: a StatefulSet's by ordinal, a Deployment's by age then name. */
function orderPods(pods: V1Pod[]): V1Pod[] {
  return [...pods].sort((a, b) => {
    const oa = ordinalOf(a);
    const ob = ordinalOf(b);
    if (oa !== undefined && ob !== undefined && oa !== ob) return oa - ob;
    const ta = new Date(a.metadata?.creationTimestamp ?? 0).getTime();
    const tb = new Date(b.metadata?.creationTimestamp ?? 0).getTime();
    return ta - tb || (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? '');
  });
}

/** A StatefulSet pod's ordinal (the `-N` suffix its controller gives it). */
export function ordinalOf(pod: V1Pod): number | undefined {
  const owner = pod.metadata?.ownerReferences?.find((o) => o.kind === 'StatefulSet');
  const m = /-(\d+)$/.exec(pod.metadata?.name ?? '');
  return owner && m ? Number(m[1]) : undefined;
}

function exitText(cs: V1ContainerStatus): string | undefined {
  const t = cs.state?.terminated ?? cs.lastState?.terminated;
  if (!t) return undefined;
  const extra = t.message?.trim() ? `: ${t.message.trim()}` : t.reason && t.reason !== 'Error' ? ` (${t.reason})` : '';
  return `exited with code ${t.exitCode}${extra}`;
}

/** Decides one container's state in one pod. */
function observeContainer(
  pod: V1Pod,
  name: string,
  role: ServiceRole,
  replica: number,
  podReady: boolean,
  timing: ReadyTiming = { now: Date.now(), minReadyMs: 0 },
): ContainerObservation {
  const statuses = role === ServiceRoles.init ? pod.status?.initContainerStatuses : pod.status?.containerStatuses;
  const cs = statuses?.find((s) => s.name === name);
  const base = { replica, restarts: cs?.restartCount ?? 0 };
  if (!cs) {
    const scheduled = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
    if (scheduled?.status === 'False') {
      return {
        ...base,
        state: InstanceStates.provisioning,
        ready: false,
        message: `pod not scheduled: ${scheduled.message ?? scheduled.reason ?? 'pending'}`,
      };
    }
    return { ...base, state: InstanceStates.provisioning, ready: false, message: 'pending' };
  }
  const waiting = cs.state?.waiting;
  if (waiting?.reason && CONTAINER_FAILURES.has(waiting.reason)) {
    const exited = waiting.reason === 'CrashLoopBackOff' ? exitText(cs) : undefined;
    const detail = exited ?? waiting.message ?? '';
    return {
      ...base,
      state: InstanceStates.failed,
      ready: false,
      message: `${waiting.reason}${detail ? `: ${detail}` : ''}${IMAGE_FAILURES.has(waiting.reason) ? ` (image ${cs.image})` : ''}`,
    };
  }
  if (role === ServiceRoles.init) {
    const t = cs.state?.terminated;
    // Done, not running: reported stopped and ready, and left out of the instance's worst-of.
    if (t && t.exitCode === 0)
      return { ...base, state: InstanceStates.stopped, ready: true, message: 'completed', completed: true };
    if (t) return { ...base, state: InstanceStates.failed, ready: false, message: `init ${exitText(cs)}` };
    if (cs.state?.running) return { ...base, state: InstanceStates.starting, ready: false, message: 'init running' };
    return { ...base, state: InstanceStates.provisioning, ready: false, message: waiting?.reason ?? 'waiting' };
  }
  if (cs.state?.running) {
    const container = pod.spec?.containers.find((c) => c.name === name);
    const startedAt = cs.state.running.startedAt ? new Date(cs.state.running.startedAt).getTime() : Number.NaN;
    // Without a readiness probe a pod is Ready the moment its process starts, even one about to exit.
    if (!container?.readinessProbe && !Number.isNaN(startedAt) && timing.now - startedAt < timing.minReadyMs) {
      return { ...base, state: InstanceStates.starting, ready: false, message: 'starting' };
    }
    const ready = cs.ready && podReady;
    return ready
      ? { ...base, state: InstanceStates.running, ready: true }
      : { ...base, state: InstanceStates.starting, ready: false, message: 'readiness probe not passing' };
  }
  if (cs.state?.terminated) {
    const t = cs.state.terminated;
    // Pods restart their containers: a terminated one is between restarts; a clean exit is still not serving.
    return {
      ...base,
      state: t.exitCode === 0 ? InstanceStates.stopped : InstanceStates.failed,
      ready: false,
      message: exitText(cs),
    };
  }
  return {
    ...base,
    state: waiting?.reason === 'PodInitializing' ? InstanceStates.starting : InstanceStates.provisioning,
    ready: false,
    message: waiting?.reason ?? 'waiting',
  };
}

/** A service's status from its replicas. */
export function aggregateService(name: string, replicas: ContainerObservation[]): ServiceStatus {
  return aggregateReplicas(replicas, name);
}

/** The status of an instance from its workload and every pod it selects. */
export function instanceStatus(
  workload: Workload,
  pods: V1Pod[],
  endpoints: Endpoint[],
  timing: ReadyTiming = { now: Date.now(), minReadyMs: 0 },
): InstanceStatus {
  const roles = rolesOf(workload);
  const desired = workload.spec?.replicas ?? 1;
  const current = currentPods(workload, pods);
  const stale = pods.filter((p) => !current.includes(p));
  const spec = workload.spec?.template.spec;
  const names = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])].map((c) => c.name);
  const services: Record<string, ServiceStatus> = {};
  const metadata: Record<string, string> = { workload: `${workload.kind}/${workload.metadata?.name}` };

  if (desired === 0) {
    const state = pods.length > 0 ? InstanceStates.stopping : InstanceStates.stopped;
    for (const name of names) {
      services[name] = {
        state,
        ready: false,
        restarts: 0,
        providerRef: name,
        message: pods.length > 0 ? `${pods.length} pod(s) terminating` : 'scaled to zero',
      };
    }
    return {
      state,
      ready: false,
      restarts: 0,
      message: pods.length > 0 ? 'stopping' : 'stopped',
      endpoints,
      services,
      metadata,
    };
  }

  const generation = workload.metadata?.generation ?? 0;
  const observed = workload.status?.observedGeneration ?? 0;
  const settling = observed < generation;
  for (const name of names) {
    const role = roles[name] ?? ServiceRoles.sidecar;
    const observations = current.map((pod, i) => {
      const podReady = pod.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
      return observeContainer(pod, name, role, ordinalOf(pod) ?? i, role === ServiceRoles.init || podReady, timing);
    });
    const missing = desired - current.length;
    for (let i = 0; i < missing; i++) {
      observations.push({
        replica: current.length + i,
        state: InstanceStates.provisioning,
        ready: false,
        restarts: 0,
        message: `waiting for ${missing} of ${desired} pod(s)`,
      });
    }
    services[name] = aggregateService(name, observations);
  }

  let { state, message } = worstOfServices(services);
  const all = Object.values(services);
  // A rollout is done once the controller has seen the spec and no pod of an older template remains.
  const rolling = settling || (state === InstanceStates.running && stale.length > 0);
  if (rolling && state === InstanceStates.running) {
    state = InstanceStates.starting;
    message = settling
      ? 'waiting for the controller to observe the new spec'
      : `${stale.length} old pod(s) terminating`;
  }
  // The controller's own count must agree: a pod can look ready before the workload counts it.
  const readyReplicas = workload.status?.readyReplicas ?? 0;
  if (state === InstanceStates.running && all.every((s) => s.ready) && readyReplicas < desired) {
    state = InstanceStates.starting;
    message = `${readyReplicas} of ${desired} replica(s) ready`;
  }
  const status: InstanceStatus = { ...instanceStatusOf(services, endpoints, { state, message }), metadata };
  const started = current[0]?.status?.startTime;
  if (started && state === InstanceStates.running) status.startedAt = new Date(started);
  return status;
}
