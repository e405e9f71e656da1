/**
 * The replica-ratio canary (Argo Rollouts' basic canary, no traffic router):
 * the new set's pods carry the instance label, so the main Service selects
 * both sets and each set's share is its share of the ready pods. A step
 * scales the new set up first, waits for it, then scales the old set down;
 * the old set's replicas before the canary are kept in an annotation on
 * `wh-<id>`. It needs no Ingress: a service without a route (ClusterIP only)
 * is split as well as a routed one.
 */
import type { CanarySet } from '../progressive.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { type KubeNextSet, NEXT_OF } from './kubernetes-next-set.js';
import { Labels, type Workload } from './kubernetes-objects.js';

/** On `wh-<id>` while a replica-ratio canary has scaled it down: its replicas before the canary. */
export const REPLICAS_BEFORE_CANARY = 'wheelhouse.dev/replicas-before-canary';

/** New-set pods for `weight` % of `total` replicas (at least one while the weight is above 0). */
export function canaryReplicas(weight: number, total: number): { next: number; stable: number } {
  if (weight <= 0) return { next: 0, stable: total };
  if (weight >= 100) return { next: total, stable: 0 };
  const next = Math.min(total, Math.max(1, Math.ceil((total * weight) / 100)));
  // The old set keeps one pod until promotion, so an abort always has somewhere to send requests.
  return { next, stable: Math.max(1, total - next) };
}

/** The old set's replicas before a replica-ratio canary scaled it down (its replicas when none did). */
export function replicasBeforeCanary(w: Workload): number {
  const recorded = Number(w.metadata?.annotations?.[REPLICAS_BEFORE_CANARY]);
  return recorded > 0 ? recorded : (w.spec?.replicas ?? 1);
}

/** The replica-ratio canary's weights of one namespace. */
export class KubeReplicaCanary {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly next: KubeNextSet,
  ) {}

  /** Splits the ready pods by `weight`: the new set grows (and is waited for) before the old set shrinks. */
  async setWeight(call: KubeCall, set: CanarySet, running: boolean, weight: number): Promise<void> {
    const id = set.instanceId;
    const stable = await this.cluster.readWorkload(call, id);
    const total = replicasBeforeCanary(stable);
    const { next: wanted, stable: kept } = canaryReplicas(weight, total);
    if (weight <= 0) {
      // Back at once: the new pods leave the Service as they terminate; the old set gets its replicas back.
      if (running) await this.next.scale(call, id, 0);
      await this.next.select(call, id, { [Labels.instance]: id });
      await this.restoreStable(call, id);
      return;
    }
    if (!running) throw call.fail(ProviderErrorKinds.notFound, `the new set of instance ${id} is not running`);
    await this.next.scale(call, id, wanted);
    await this.next.waitReady(call, id, wanted);
    if (weight >= 100) {
      await this.next.select(call, id, { [NEXT_OF]: id });
      return;
    }
    await this.next.select(call, id, { [Labels.instance]: id });
    await this.cluster.update(call, id, (w) => {
      if (!w.spec) return;
      w.metadata ??= {};
      w.metadata.annotations = { ...(w.metadata.annotations ?? {}), [REPLICAS_BEFORE_CANARY]: String(total) };
      w.spec.replicas = kept;
    });
  }

  /** Gives `wh-<id>` back the replicas a replica-ratio canary took from it. */
  async restoreStable(call: KubeCall, id: string): Promise<void> {
    const w = await this.cluster.findWorkload(call, id);
    if (!w?.metadata?.annotations?.[REPLICAS_BEFORE_CANARY]) return;
    await this.cluster.update(call, id, (w) => {
      if (!w.spec) return;
      w.spec.replicas = replicasBeforeCanary(w);
      const annotations = { ...(w.metadata?.annotations ?? {}) };
      delete annotations[REPLICAS_BEFORE_CANARY];
      w.metadata = { ...(w.metadata ?? {}), annotations };
    });
  }
}
