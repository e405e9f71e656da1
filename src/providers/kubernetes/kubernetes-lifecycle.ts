/**
 * Start, stop and restart of an instance's workload. Stop is a scale to zero
 * that remembers the replicas in an annotation, so start can give them back;
 * restart is a new annotation on the pod template, which the controller rolls.
 */
import type { HealResult } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeChanges } from './kubernetes-changes.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { Annotations } from './kubernetes-objects.js';
import { replicasBeforeStop, restartPatch } from './kubernetes-rollout.js';

/** Scales a stopped workload back to the replicas it had when stopped; a running one is left as it is. */
export async function startWorkload(cluster: KubeCluster, call: KubeCall, instanceId: string): Promise<void> {
  const w = await cluster.readWorkload(call, instanceId);
  if ((w.spec?.replicas ?? 1) > 0) return;
  await cluster.patch(call, w, { spec: { replicas: replicasBeforeStop(w) } });
}

/** Scales to zero (remembering the replicas) and waits, following the watches, until the pods are gone. */
export async function stopWorkload(
  cluster: KubeCluster,
  changes: KubeChanges,
  call: KubeCall,
  instanceId: string,
  timeoutMs: number,
): Promise<void> {
  const w = await cluster.readWorkload(call, instanceId);
  const replicas = w.spec?.replicas ?? 1;
  if (replicas > 0) {
    await cluster.patch(call, w, {
      metadata: { annotations: { [Annotations.replicas]: String(replicas) } },
      spec: { replicas: 0 },
    });
  }
  const deadline = Date.now() + timeoutMs;
  const waiter = changes.waiter(instanceId);
  try {
    while ((await cluster.pods(call, instanceId)).length > 0) {
      if (Date.now() >= deadline) {
        throw call.fail(ProviderErrorKinds.timeout, `pods of ${instanceId} still running after stop`);
      }
      await waiter.next(call.signal);
    }
  } finally {
    waiter.close();
  }
}

/** A rolling restart: a new restartedAt annotation on the pod template; a stopped workload is started too. */
export async function restartWorkload(cluster: KubeCluster, call: KubeCall, instanceId: string): Promise<void> {
  const w = await cluster.readWorkload(call, instanceId);
  await cluster.patch(call, w, restartPatch(w));
}

/**
 * The supervisor's heal of some services: on a cluster the kubelet restarts
 * a container that died (with its own CrashLoopBackOff) and the controller
 * replaces a pod that went, each alone, so nothing is done for them; only a
 * workload scaled to zero behind Wheelhouse's back is scaled up again (one
 * pod holds every service, so that is the Deployment's action, not a
 * service's). An instance of a source (manifests, Helm, Argo CD) is its
 * controllers' to heal.
 */
export async function healWorkload(
  cluster: KubeCluster,
  call: KubeCall,
  instanceId: string,
  services: readonly string[],
): Promise<HealResult> {
  const w = await cluster.findWorkload(call, instanceId);
  const stopped = w !== undefined && (w.spec?.replicas ?? 1) === 0;
  if (w && stopped) await cluster.patch(call, w, { spec: { replicas: replicasBeforeStop(w) } });
  const message = !w
    ? "its objects are their controllers' to heal"
    : stopped
      ? undefined
      : 'the cluster restarts its containers';
  return {
    services: Object.fromEntries(
      services.map((s) => [s, stopped ? { action: 'started' as const } : { action: 'left' as const, message }]),
    ),
  };
}
