/**
 * Start, stop and restart of an instance's workload. Stop is a scale to zero
 * that remembers the replicas in an annotation, so start can give them back;
 * restart is a new annotation on the pod template, which the controller rolls.
 */
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
