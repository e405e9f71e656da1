/**
 * The start gate of Provision: it returns once every current pod is past
 * image pulls and init services (the moment Docker's provision returns:
 * every container started), and fails early on what will never get there.
 */
import type { V1Pod } from '@kubernetes/client-node';
import { ProviderErrorKinds } from '../provider-errors.js';
import { redact } from '../redact.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { type LogSource, readLog } from './kubernetes-log-reader.js';
import { findContainer, type Workload } from './kubernetes-objects.js';
import { currentPods, IMAGE_FAILURES, ordinalOf } from './kubernetes-status.js';

/** How long the gate waits, and how it waits before looking again. */
export interface StartGateTiming {
  startTimeoutMs: number;
  /** Resolves when the pods may have changed (a watch event, or the fallback poll interval). */
  pause(): Promise<void>;
}

/**
 * Waits until every current pod is past image pulls and init services: a
 * missing image removes everything and fails with `image_not_found`; an init
 * that exits non-zero fails with `workload_failed` (its last log lines in the
 * message, secrets masked) and leaves the objects for status to report.
 */
export async function awaitStart(
  cluster: KubeCluster,
  logs: LogSource,
  call: KubeCall,
  instanceId: string,
  workload: Workload,
  timing: StartGateTiming,
): Promise<void> {
  const desired = workload.spec?.replicas ?? 1;
  if (desired === 0) return;
  const spec = workload.spec?.template.spec;
  const deadline = Date.now() + timing.startTimeoutMs;
  for (;;) {
    const pods = currentPods(workload, await cluster.pods(call, instanceId));
    let started = pods.length >= desired;
    for (const [i, pod] of pods.entries()) {
      const inits = pod.status?.initContainerStatuses ?? [];
      const mains = pod.status?.containerStatuses ?? [];
      for (const cs of [...inits, ...mains]) {
        const reason = cs.state?.waiting?.reason;
        if (reason && IMAGE_FAILURES.has(reason)) {
          const image = findContainer(workload, cs.name)?.image ?? cs.image;
          await cluster.deleteAll(call, instanceId);
          throw call.fail(
            ProviderErrorKinds.imageNotFound,
            `image ${image} of service ${cs.name} cannot be pulled (${reason}${cs.state?.waiting?.message ? `: ${cs.state.waiting.message}` : ''})`,
          );
        }
      }
      for (const cs of inits) {
        const t = cs.state?.terminated ?? (cs.state?.waiting ? cs.lastState?.terminated : undefined);
        if (t && t.exitCode !== 0) {
          const lines = await lastLines(logs, call, pod, cs.name, ordinalOf(pod) ?? i, !cs.state?.terminated);
          throw call.fail(
            ProviderErrorKinds.workloadFailed,
            `init service ${cs.name} exited with code ${t.exitCode}${lines ? `: ${lines}` : ''}`,
          );
        }
      }
      const initsDone =
        inits.length >= (spec?.initContainers?.length ?? 0) &&
        inits.every((cs) => cs.state?.terminated?.exitCode === 0);
      const mainsStarted =
        mains.length >= (spec?.containers.length ?? 0) &&
        mains.every((cs) => !cs.state?.waiting || cs.state.waiting.reason === 'CrashLoopBackOff');
      if (!initsDone || !mainsStarted) started = false;
    }
    if (started) return;
    if (Date.now() >= deadline) {
      throw call.fail(
        ProviderErrorKinds.timeout,
        `pods of ${instanceId} did not start within ${Math.round(timing.startTimeoutMs / 1000)}s`,
      );
    }
    await timing.pause();
  }
}

/** The last few log lines of a container, joined (secrets masked by the call's error mapping). */
async function lastLines(
  logs: LogSource,
  call: KubeCall,
  pod: V1Pod,
  container: string,
  replica: number,
  previous: boolean,
): Promise<string> {
  try {
    let entries = await readLog(logs, call, pod, container, replica, { tailLines: 5, timestamps: true, previous });
    if (entries.length === 0 && previous) {
      entries = await readLog(logs, call, pod, container, replica, { tailLines: 5, timestamps: true });
    }
    return redact(entries.map((e) => e.message).join(' | '), call.secrets);
  } catch {
    return '';
  }
}
