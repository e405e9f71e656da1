/**
 * What an ended operation does to its instance: the rules the executor
 * applies when it records an outcome, as pure functions so they can be read
 * (and tested) without a provider or a database.
 */
import type { InstanceState, ServiceSnapshot } from '../providers/provider.js';
import type { OperationKind, OperationParams, StoredServiceSpec } from './model.js';

/** The instance as it stood when the operation ended. */
export interface InstanceBefore {
  state: InstanceState;
  ready: boolean;
  message: string | null;
  generation: number;
  currentReleaseId: string | null;
  startedAt: Date | null;
  services: StoredServiceSpec[];
}

/** What the executor knows about how the operation ended. */
export interface OperationEnd {
  kind: OperationKind;
  params: OperationParams;
  releaseId: string | null;
  succeeded: boolean;
  /** The failure message, shown on the instance after a failure. */
  failureMessage?: string | null;
  /** The provider's status read after the operation; undefined when it could not be read. */
  observed?: { state: InstanceState; ready: boolean } | undefined;
  /**
   * The instance as last observed before the operation, set when it failed
   * only because its provider could not be reached: the instance keeps that
   * state rather than turning FAILED.
   */
  lastObserved?: { state: InstanceState; ready: boolean } | undefined;
  /**
   * The snapshots of the instance's current release: needed after a failed
   * deploy or rollback (see `needsCurrentRelease`), to put its specs back.
   */
  currentReleaseSnapshots?: readonly ReleaseServiceView[];
  /**
   * Set when an operation that makes no release (a restart, a start) found no workload
   * and created it from this release: what now runs is that release.
   */
  createdReleaseId?: string;
}

/** The instance columns an ended operation changes; an absent field stays as it is. */
export interface InstanceOutcome {
  state: InstanceState;
  ready: boolean;
  /** Set to the generation the operation brought about (success only). */
  observedGeneration?: number;
  /** The release that is now running (a successful provision, deploy or rollback). */
  currentReleaseId?: string;
  /** The instance's message; undefined keeps the observed one. */
  message?: string | null;
  /** The desired specs, put back to the current release's after a failed deploy or rollback. */
  services?: StoredServiceSpec[];
  /** Deprovisioned: stamp destroyed_at and clear endpoints and live service status. */
  destroyed: boolean;
  /** The instance runs for the first time: stamp started_at. */
  started: boolean;
}

/** Kinds whose success makes their release the current one. */
export function producesRelease(kind: OperationKind): boolean {
  return kind === 'provision' || kind === 'deploy' || kind === 'rollback';
}

/** True when the outcome rules need the current release's snapshots (a failed deploy or rollback). */
export function needsCurrentRelease(kind: OperationKind, succeeded: boolean, currentReleaseId: string | null): boolean {
  return !succeeded && (kind === 'deploy' || kind === 'rollback') && currentReleaseId !== null;
}

/**
 * The desired specs after a failed deploy or rollback: the previous release
 * stays current, so each service takes back its image and env.
 */
export function restoreCurrentRelease(
  services: readonly StoredServiceSpec[],
  snapshots: readonly ReleaseServiceView[],
): StoredServiceSpec[] {
  const kept = services.map((s) => {
    const snap = snapshots.find((x) => x.name === s.name);
    return snap ? { ...s, image: snap.image, env: snap.env } : s;
  });
  // A release that records each service's spec says which services run too: one a failed deploy
  // added goes from the desired set, one it removed comes back (else the supervisor would chase them).
  if (snapshots.length === 0 || !snapshots.every((x) => x.spec)) return kept;
  const back = snapshots
    .filter((x) => !services.some((s) => s.name === x.name))
    .map((x) => ({ ...x.spec!, image: x.image, env: x.env }));
  return [...kept.filter((s) => snapshots.some((x) => x.name === s.name)), ...back];
}

/** What restoring a release reads of each of its services. */
export type ReleaseServiceView = Pick<ServiceSnapshot, 'name' | 'image' | 'env'> & { spec?: StoredServiceSpec };

/**
 * The instance after an operation ended. The observed status wins over the
 * stored one. A success records the generation and, for a release, makes it
 * current (so does a restart that created a missing workload, when no
 * release was); a deprovision destroys. A failure marks the instance FAILED when
 * nothing was observed (or a provision did not come up ready), shows the
 * failure message, and keeps the previous release's specs as the desired ones.
 * A provider that could not be reached is no verdict on the workload: the
 * instance keeps its last observed state (a provision still fails, as nothing
 * was created).
 */
export function decideOutcome(before: InstanceBefore, end: OperationEnd): InstanceOutcome {
  // A build or a job touches no workload: whatever its end, the instance stays as it was
  // (a build's deploy that follows says the rest; a job's end is the job's).
  if (end.kind === 'build' || end.kind === 'job' || end.kind === 'backup' || end.kind === 'restore')
    return { state: before.state, ready: before.ready, message: before.message, destroyed: false, started: false };
  let state = end.observed?.state ?? before.state;
  let ready = end.observed?.ready ?? before.ready;
  const out: Omit<InstanceOutcome, 'state' | 'ready' | 'started'> = { destroyed: false };
  if (end.succeeded) {
    out.observedGeneration = end.params.generation ?? before.generation;
    if (producesRelease(end.kind) && end.releaseId) out.currentReleaseId = end.releaseId;
    // A failed first provision left no current release; the restart that created the workload ran this one.
    else if (end.createdReleaseId && !before.currentReleaseId) out.currentReleaseId = end.createdReleaseId;
    if (end.kind === 'deprovision') {
      state = 'destroyed';
      ready = false;
      out.destroyed = true;
    }
    // A scale of one service reports on that service: the instance keeps its own message.
    if (end.kind === 'scale' && end.params.service) out.message = before.message;
  } else {
    if (end.kind === 'provision') state = end.observed?.state === 'running' && end.observed.ready ? state : 'failed';
    if (!end.observed && end.kind !== 'provision') {
      state = end.lastObserved?.state ?? 'failed';
      if (end.lastObserved) ready = end.lastObserved.ready;
    }
    out.message = end.failureMessage ?? null;
    if (needsCurrentRelease(end.kind, false, before.currentReleaseId)) {
      out.services = restoreCurrentRelease(before.services, end.currentReleaseSnapshots ?? []);
    }
  }
  return { ...out, state, ready, started: state === 'running' && !before.startedAt };
}
