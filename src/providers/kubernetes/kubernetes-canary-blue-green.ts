/**
 * Blue-green on Kubernetes: the new set's pods do not carry the instance
 * label, so the main Service `wh-<id>` keeps selecting the old set only; a
 * preview Service `wh-<id>-preview` selects the new set (a preview route's
 * Ingress rule points at it; without a route, it is the new set's address
 * inside the cluster). The switch is one write: the main Service's selector
 * becomes `next-of=<id>`. A Gateway canary (kubernetes-canary-gateway.ts)
 * opens the same preview Service: its HTTPRoute's weights point at it.
 */
import type { V1PodTemplateSpec } from '@kubernetes/client-node';
import { putService } from './kubernetes-apply.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { type KubeNextSet, NEXT_OF, type WrittenNextSet } from './kubernetes-next-set.js';
import { Labels, previewServiceName, servicePortsOf } from './kubernetes-objects.js';

/** Blue-green's preview and switch in one namespace. */
export class KubeBlueGreen {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly next: KubeNextSet,
  ) {}

  /** Puts the preview Service (selecting the new set only) and waits until the whole new set is ready. */
  async openPreview(call: KubeCall, id: string, written: WrittenNextSet): Promise<void> {
    await this.#putPreviewService(call, id, written.stable.metadata?.labels ?? {}, written.template);
    await this.next.waitReady(call, id, written.total);
  }

  /** Below 100 %, the main Service selects the old set only; at 100 %, the new one (the switch). */
  async setWeight(call: KubeCall, id: string, weight: number): Promise<void> {
    await this.next.select(call, id, weight >= 100 ? { [NEXT_OF]: id } : { [Labels.instance]: id });
  }

  async #putPreviewService(
    call: KubeCall,
    id: string,
    labels: Record<string, string>,
    template: V1PodTemplateSpec,
  ): Promise<void> {
    await putService(this.cluster, call, previewServiceName(id), {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: previewServiceName(id),
        namespace: this.cluster.namespace,
        labels: { ...labels, [NEXT_OF]: id },
      },
      spec: { type: 'ClusterIP', selector: { [NEXT_OF]: id }, ports: servicePortsOf(template) },
    });
  }
}
