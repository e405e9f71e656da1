/**
 * GPUs on Kubernetes: a service's `resources.gpu` becomes a limit on the
 * extended resource the device plugin advertises (`nvidia.com/gpu` unless the
 * provider's options name another). `gpu` is declared once a node reports
 * allocatable GPUs (refresh() reads the Nodes); a pod Pending because no node
 * has one free gets a message saying so.
 */
import type { CoreV1Api } from '@kubernetes/client-node';
import { Capabilities, type Capability } from '../capabilities.js';
import type { InstanceStatus } from '../provider.js';
import type { ServiceSpec } from '../service-spec.js';
import type { KubeCall } from './kubernetes-call.js';
import type { Workload } from './kubernetes-objects.js';

/** Provider options for GPUs. */
export interface GpuOptions {
  /** The extended resource a GPU is requested as. Default `nvidia.com/gpu`. */
  resourceName?: string;
}

export class GpuCapability {
  readonly resourceName: string;
  /** The most GPUs any one node reports allocatable (what `all` asks for); 0: none seen. */
  #perNode = 0;

  constructor(options: GpuOptions) {
    this.resourceName = options.resourceName ?? 'nvidia.com/gpu';
  }

  capabilities(): Capability[] {
    return this.#perNode > 0 ? [Capabilities.gpu] : [];
  }

  /** Reads the Nodes' allocatable GPUs (a cluster without node list rights keeps what it knew). */
  async refresh(core: CoreV1Api, call: KubeCall): Promise<void> {
    const nodes = await core.listNode({}, call.opts());
    this.#perNode = Math.max(
      0,
      ...nodes.items.map((n) => Number.parseInt(n.status?.allocatable?.[this.resourceName] ?? '0', 10) || 0),
    );
  }

  /** Sets the GPU limit of each container whose service asks for GPUs (`all`: what the largest node has). */
  applyLimits(workload: Workload, services: readonly ServiceSpec[]): void {
    applyGpuLimits(workload, services, this.resourceName, this.#perNode);
  }

  /** Says in the messages when a pod waits for a GPU no node has free. */
  explain(st: InstanceStatus): InstanceStatus {
    const needle = `Insufficient ${this.resourceName}`;
    const say = (m: string | undefined) =>
      m?.includes(needle)
        ? m.replace('pod not scheduled:', `waiting for a GPU (${this.resourceName}): pod not scheduled:`)
        : m;
    const services = Object.fromEntries(
      Object.entries(st.services).map(([k, s]) => [k, { ...s, ...(s.message ? { message: say(s.message) } : {}) }]),
    );
    const message = say(st.message);
    return { ...st, services, ...(message ? { message } : {}) };
  }
}

/** Puts `resourceName` limits on the containers of services asking for GPUs. */
export function applyGpuLimits(
  workload: Workload,
  services: readonly ServiceSpec[],
  resourceName: string,
  perNode = 1,
): void {
  const spec = workload.spec?.template.spec;
  if (!spec) return;
  for (const svc of services) {
    const gpu = svc.resources.gpu;
    if (!gpu) continue;
    const count = gpu === 'all' ? Math.max(perNode, 1) : Number.parseInt(gpu, 10);
    const c = [...spec.containers, ...(spec.initContainers ?? [])].find((x) => x.name === svc.name);
    if (!c) continue;
    c.resources = {
      ...c.resources,
      limits: { ...(c.resources?.limits ?? {}), [resourceName]: String(count) },
    };
  }
}
