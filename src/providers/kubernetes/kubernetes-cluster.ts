/**
 * The provider's reads and small writes against the API server for one
 * namespace: find an instance's workload (whichever kind), list its pods,
 * patch or replace it, delete everything it owns. Every call takes the
 * KubeCall that bounds it and maps its errors.
 */
import type { AppsV1Api, CoreV1Api, V1Pod } from '@kubernetes/client-node';
import { ProviderErrorKinds } from '../provider-errors.js';
import type { KubeCall } from './kubernetes-call.js';
import { isConflict, isNotFound, statusCodeOf } from './kubernetes-errors.js';
import {
  headlessName,
  instanceSelector,
  Labels,
  MANAGED_BY,
  nextName,
  objectName,
  previewServiceName,
  type Workload,
} from './kubernetes-objects.js';

/** The API clients and the namespace every instance lives in. */
export class KubeCluster {
  constructor(
    readonly apps: AppsV1Api,
    readonly core: CoreV1Api,
    readonly namespace: string,
  ) {}

  /** Creates the namespace when it is missing; without rights to read namespaces, assumes it exists. */
  async ensureNamespace(call: KubeCall): Promise<void> {
    try {
      await this.core.readNamespace({ name: this.namespace }, call.opts());
    } catch (err) {
      // Without rights to read namespaces, assume an administrator created it.
      if (statusCodeOf(err) === 403) return;
      if (!isNotFound(err)) throw err;
      try {
        await this.core.createNamespace(
          { body: { metadata: { name: this.namespace, labels: { [Labels.managedBy]: MANAGED_BY } } } },
          call.opts(),
        );
      } catch (e) {
        if (!isConflict(e)) throw e;
      }
    }
  }

  /** The instance's workload, whichever kind it is; not_found when neither exists. */
  async readWorkload(call: KubeCall, instanceId: string): Promise<Workload> {
    const found = await this.findWorkload(call, instanceId);
    if (!found) throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} not found`);
    return found;
  }

  /** The instance's Deployment, else its StatefulSet, else undefined. */
  async findWorkload(call: KubeCall, instanceId: string): Promise<Workload | undefined> {
    const name = objectName(instanceId);
    const namespace = this.namespace;
    try {
      return { ...(await this.apps.readNamespacedDeployment({ name, namespace }, call.opts())), kind: 'Deployment' };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      return { ...(await this.apps.readNamespacedStatefulSet({ name, namespace }, call.opts())), kind: 'StatefulSet' };
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    return undefined;
  }

  /** Every pod labelled with the instance, of any template. */
  async pods(call: KubeCall, instanceId: string): Promise<V1Pod[]> {
    const list = await this.core.listNamespacedPod(
      { namespace: this.namespace, labelSelector: instanceSelector(instanceId) },
      call.opts(),
    );
    return list.items;
  }

  /** A merge patch of the workload (maps only: replicas and annotations). */
  async patch(call: KubeCall, w: Workload, body: object): Promise<void> {
    const name = w.metadata?.name ?? '';
    const namespace = this.namespace;
    if (w.kind === 'Deployment')
      await this.apps.patchNamespacedDeployment({ name, namespace, body }, call.opts('merge'));
    else await this.apps.patchNamespacedStatefulSet({ name, namespace, body }, call.opts('merge'));
  }

  /** Read, edit, replace; a 409 (someone wrote in between) re-reads and edits again. */
  async update(call: KubeCall, instanceId: string, edit: (w: Workload) => void | Promise<void>): Promise<Workload> {
    for (let attempt = 0; ; attempt++) {
      const w = await this.readWorkload(call, instanceId);
      await edit(w);
      const name = w.metadata?.name ?? '';
      const namespace = this.namespace;
      try {
        if (w.kind === 'Deployment') {
          const body = { ...w, kind: 'Deployment' };
          return {
            ...(await this.apps.replaceNamespacedDeployment({ name, namespace, body }, call.opts())),
            kind: 'Deployment',
          };
        }
        const body = { ...w, kind: 'StatefulSet' };
        return {
          ...(await this.apps.replaceNamespacedStatefulSet({ name, namespace, body }, call.opts())),
          kind: 'StatefulSet',
        };
      } catch (err) {
        if (!isConflict(err) || attempt >= 4) throw err;
      }
    }
  }

  /** Deletes one workload (its pods go with it); an absent one is fine. */
  async deleteWorkload(call: KubeCall, w: Workload): Promise<void> {
    const name = w.metadata?.name ?? '';
    const namespace = this.namespace;
    const body = { propagationPolicy: 'Background' };
    try {
      if (w.kind === 'Deployment') await this.apps.deleteNamespacedDeployment({ name, namespace, body }, call.opts());
      else await this.apps.deleteNamespacedStatefulSet({ name, namespace, body }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /** Deletes the workload, Services, Secret and ConfigMap of an instance (never its claims); absent ones are fine. */
  async deleteAll(call: KubeCall, instanceId: string): Promise<void> {
    const name = objectName(instanceId);
    const namespace = this.namespace;
    const body = { propagationPolicy: 'Background' };
    const deletions: Array<() => Promise<unknown>> = [
      () => this.apps.deleteNamespacedDeployment({ name, namespace, body }, call.opts()),
      () => this.apps.deleteNamespacedStatefulSet({ name, namespace, body }, call.opts()),
      // A canary's or blue-green rollout's second set and its preview Service (kubernetes-canary.ts).
      () => this.apps.deleteNamespacedDeployment({ name: nextName(instanceId), namespace, body }, call.opts()),
      () => this.core.deleteNamespacedService({ name: previewServiceName(instanceId), namespace }, call.opts()),
      () => this.core.deleteNamespacedService({ name, namespace }, call.opts()),
      () => this.core.deleteNamespacedService({ name: headlessName(instanceId), namespace }, call.opts()),
      () => this.core.deleteNamespacedSecret({ name, namespace }, call.opts()),
      () => this.core.deleteNamespacedConfigMap({ name, namespace }, call.opts()),
    ];
    for (const del of deletions) {
      try {
        await del();
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    }
  }

  /** Every instance this provider manages in the namespace, with its tenant. */
  async managedWorkloads(call: KubeCall): Promise<{ instanceId: string; tenantId: string }[]> {
    const labelSelector = `${Labels.managedBy}=${MANAGED_BY}`;
    const [deployments, statefulSets] = await Promise.all([
      this.apps.listNamespacedDeployment({ namespace: this.namespace, labelSelector }, call.opts()),
      this.apps.listNamespacedStatefulSet({ namespace: this.namespace, labelSelector }, call.opts()),
    ]);
    const out = new Map<string, string>();
    for (const item of [...deployments.items, ...statefulSets.items]) {
      const labels = item.metadata?.labels ?? {};
      const id = labels[Labels.instance];
      if (id) out.set(id, labels[Labels.tenant] ?? '');
    }
    return [...out].map(([instanceId, tenantId]) => ({ instanceId, tenantId }));
  }
}
