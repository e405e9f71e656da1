/**
 * Autoscaling on Kubernetes is the cluster's: an `autoscaling/v2`
 * HorizontalPodAutoscaler named like the instance's workload, with the
 * policy's bounds, its CPU target (a `ContainerResource` metric of the
 * autoscaled service's container: replicas apply to the instance's one pod)
 * and its stabilization windows as `behavior`. Wheelhouse creates, replaces
 * and deletes it, and reads its status back.
 */
import type { AutoscalingV2Api, V2HorizontalPodAutoscaler } from '@kubernetes/client-node';
import type { AutoscalePolicy, NativeAutoscaleStatus } from '../autoscaling.js';
import type { KubeCall } from './kubernetes-call.js';
import { isNotFound } from './kubernetes-errors.js';
import { Labels, MANAGED_BY, objectName, type Workload } from './kubernetes-objects.js';

/** The HPA object for one policy. Requests/s targets need the edge's metrics adapter: only CPU is passed on. */
export function hpaFor(
  instanceId: string,
  w: Workload,
  service: string,
  policy: AutoscalePolicy,
): V2HorizontalPodAutoscaler {
  const name = objectName(instanceId);
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: {
      name,
      labels: {
        [Labels.managedBy]: MANAGED_BY,
        [Labels.instance]: instanceId,
        ...(w.metadata?.labels?.[Labels.tenant] ? { [Labels.tenant]: w.metadata.labels[Labels.tenant] } : {}),
      },
      annotations: { 'wheelhouse.dev/autoscaled-service': service },
    },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: w.kind, name: w.metadata?.name ?? name },
      minReplicas: policy.minReplicas,
      maxReplicas: policy.maxReplicas,
      metrics:
        policy.targetCpuPercent != null
          ? [
              {
                type: 'ContainerResource',
                containerResource: {
                  name: 'cpu',
                  container: service,
                  target: { type: 'Utilization', averageUtilization: policy.targetCpuPercent },
                },
              },
            ]
          : [],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: policy.scaleUpStabilizationSeconds },
        scaleDown: { stabilizationWindowSeconds: policy.scaleDownStabilizationSeconds },
      },
    },
  };
}

/** Creates, replaces or deletes (policy null) the instance's HPA, and reads its status. */
export class KubeAutoscalers {
  constructor(
    readonly api: AutoscalingV2Api,
    readonly namespace: string,
  ) {}

  /** Makes the instance's HPA match `policy` for `service`; null deletes it (absent is fine). */
  async sync(
    call: KubeCall,
    instanceId: string,
    w: Workload,
    service: string,
    policy: AutoscalePolicy | null,
  ): Promise<void> {
    const name = objectName(instanceId);
    const namespace = this.namespace;
    if (!policy) return this.delete(call, instanceId);
    const body = hpaFor(instanceId, w, service, policy);
    let existing: V2HorizontalPodAutoscaler | undefined;
    try {
      existing = await this.api.readNamespacedHorizontalPodAutoscaler({ name, namespace }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!existing) {
      await this.api.createNamespacedHorizontalPodAutoscaler({ namespace, body }, call.opts());
      return;
    }
    body.metadata = { ...body.metadata, resourceVersion: existing.metadata?.resourceVersion };
    await this.api.replaceNamespacedHorizontalPodAutoscaler({ name, namespace, body }, call.opts());
  }

  /** Creates or replaces the HPA of the first service that has a policy; a deploy never removes one. */
  async syncFirst(
    call: KubeCall,
    instanceId: string,
    w: Workload,
    services: readonly { name: string; resources?: { autoscale?: AutoscalePolicy } }[],
  ): Promise<void> {
    const owner = services.find((s) => s.resources?.autoscale);
    if (owner?.resources?.autoscale) await this.sync(call, instanceId, w, owner.name, owner.resources.autoscale);
  }

  async delete(call: KubeCall, instanceId: string): Promise<void> {
    try {
      await this.api.deleteNamespacedHorizontalPodAutoscaler(
        { name: objectName(instanceId), namespace: this.namespace },
        call.opts(),
      );
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /** The HPA's status, or undefined when there is none. */
  async status(call: KubeCall, instanceId: string): Promise<NativeAutoscaleStatus | undefined> {
    let hpa: V2HorizontalPodAutoscaler;
    try {
      hpa = await this.api.readNamespacedHorizontalPodAutoscaler(
        { name: objectName(instanceId), namespace: this.namespace },
        call.opts(),
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    const st = hpa.status;
    const cpu = st?.currentMetrics?.find((m) => m.type === 'ContainerResource' || m.type === 'Resource');
    const utilisation =
      cpu?.containerResource?.current?.averageUtilization ?? cpu?.resource?.current?.averageUtilization;
    // The condition that says why it does not scale, if one does; else the last one.
    const conditions = st?.conditions ?? [];
    const telling = conditions.find((c) => c.status === 'False') ?? conditions.find((c) => c.type === 'ScalingLimited');
    return {
      currentReplicas: st?.currentReplicas ?? 0,
      desiredReplicas: st?.desiredReplicas ?? 0,
      ...(utilisation != null ? { cpuPercent: utilisation } : {}),
      ...(st?.lastScaleTime ? { lastScaleAt: new Date(st.lastScaleTime) } : {}),
      ...(telling?.message ? { message: `${telling.type}: ${telling.message}` } : {}),
    };
  }
}
