/**
 * Reaching an instance from outside the cluster. The ClusterIP Service
 * `wh-<id>` (in-cluster DNS) always exists for an instance with ports; ports
 * exposed otherwise get, besides it, a NodePort Service `wh-<id>-np`, a
 * LoadBalancer Service `wh-<id>-lb`, or a rule in the Ingress `wh-<id>`
 * (one host per port, from the provider's host template, routed to the
 * ClusterIP Service). Each port's exposure is the provider's default unless
 * the port overrides it; the override travels in the container port's name
 * (`np-8080`, `lb-8080`, `in-8080`, `ci-8080`, a `u` after the prefix for
 * UDP), so a deploy that changes ports carries it and nothing else needs to
 * remember it.
 */
import type { CoreV1Api, NetworkingV1Api, V1Ingress, V1Service } from '@kubernetes/client-node';
import type { Endpoint } from '../provider.js';
import { type PortExposure, PortExposures } from '../service-spec.js';
import { podLabelsOf } from './kubernetes-apply.js';
import type { KubeCall } from './kubernetes-call.js';
import { isNotFound, statusCodeOf } from './kubernetes-errors.js';
import { endpointsOf, exposureOverride, Labels, objectName, SpecError, type Workload } from './kubernetes-objects.js';

/** The provider-wide exposure settings (provider options `exposure`, `ingressHost`, …). */
export interface ExposureOptions {
  /** Exposure of a port that does not override it. Default cluster_ip. */
  exposure?: PortExposure;
  /**
   * Host of an Ingress-exposed port: `{service}`, `{port}`, `{instance}` and
   * `{namespace}` are replaced. Needed for any Ingress exposure.
   */
  ingressHost?: string;
  /** spec.ingressClassName of the Ingress; unset leaves the cluster default. */
  ingressClassName?: string;
  /** Address NodePort URLs use; unset, a node's ExternalIP (else InternalIP) from the Node list. */
  nodeAddress?: string;
}

/** One long-running container port with the exposure it ends up with. */
interface ExposedPort {
  service: string;
  port: number;
  protocol: 'TCP' | 'UDP';
  exposure: PortExposure;
}

function exposedPorts(w: Workload, options: ExposureOptions): ExposedPort[] {
  return (w.spec?.template.spec?.containers ?? []).flatMap((c) =>
    (c.ports ?? []).map((p) => ({
      service: c.name,
      port: p.containerPort,
      protocol: (p.protocol ?? 'TCP') === 'UDP' ? ('UDP' as const) : ('TCP' as const),
      exposure: exposureOverride(p) ?? options.exposure ?? PortExposures.clusterIp,
    })),
  );
}

/** Checks what an exposure cannot do before anything is created. */
function validateExposure(ports: ExposedPort[], options: ExposureOptions): void {
  const hosts = new Set<string>();
  for (const p of ports) {
    if (p.exposure !== PortExposures.ingress) continue;
    if (p.protocol === 'UDP') throw new SpecError(`port ${p.port}/udp of ${p.service} cannot be exposed by an Ingress`);
    if (!options.ingressHost) {
      throw new SpecError(`port ${p.port} of ${p.service} asks for an Ingress, but the provider has no ingressHost`);
    }
  }
  for (const p of ports.filter((x) => x.exposure === PortExposures.ingress)) {
    const host = hostFor(options.ingressHost ?? '', p, '', '');
    if (hosts.has(host)) {
      throw new SpecError(`two Ingress ports get host ${host}: put {service} or {port} in ingressHost`);
    }
    hosts.add(host);
  }
}

function hostFor(template: string, p: ExposedPort, instanceId: string, namespace: string): string {
  return template
    .replaceAll('{service}', p.service)
    .replaceAll('{port}', String(p.port))
    .replaceAll('{instance}', instanceId)
    .replaceAll('{namespace}', namespace);
}

const NAMES = { node_port: 'np', load_balancer: 'lb' } as const;

/** The name of the Service of one exposure kind. */
function exposureServiceName(instanceId: string, kind: keyof typeof NAMES): string {
  return `${objectName(instanceId)}-${NAMES[kind]}`;
}

/** What the cluster gives an instance's exposure: its Services and Ingress, as read back. */
export class Exposure {
  constructor(
    readonly core: CoreV1Api,
    readonly networking: NetworkingV1Api,
    readonly namespace: string,
    readonly options: ExposureOptions,
  ) {}

  #nodeAddress: { value: string; at: number } | undefined;

  /** Checks the workload's ports against the options (invalid_spec before anything is written). */
  validate(w: Workload): void {
    validateExposure(exposedPorts(w, this.options), this.options);
  }

  /**
   * Makes the NodePort and LoadBalancer Services and the Ingress match the
   * workload's ports: each created, replaced (keeping allocated node ports)
   * or deleted when no port needs it any more.
   */
  async sync(call: KubeCall, instanceId: string, w: Workload): Promise<void> {
    const ports = exposedPorts(w, this.options);
    validateExposure(ports, this.options);
    const labels = podLabelsOf(w);
    for (const kind of ['node_port', 'load_balancer'] as const) {
      const name = exposureServiceName(instanceId, kind);
      const mine = ports.filter((p) => p.exposure === kind);
      if (mine.length === 0) {
        await this.#ignoreMissing(this.core.deleteNamespacedService({ name, namespace: this.namespace }, call.opts()));
        continue;
      }
      const body: V1Service = {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name, namespace: this.namespace, labels },
        spec: {
          type: kind === 'node_port' ? 'NodePort' : 'LoadBalancer',
          selector: { [Labels.instance]: instanceId },
          ports: mine.map((p) => ({
            name: `${p.protocol.toLowerCase()}-${p.port}`,
            port: p.port,
            targetPort: p.port as never,
            protocol: p.protocol,
          })),
        },
      };
      await this.#putService(call, body);
    }
    await this.#syncIngress(call, instanceId, ports, labels);
  }

  /** Removes the exposure objects of an instance; absent ones are fine. */
  async delete(call: KubeCall, instanceId: string): Promise<void> {
    const namespace = this.namespace;
    for (const kind of ['node_port', 'load_balancer'] as const) {
      const name = exposureServiceName(instanceId, kind);
      await this.#ignoreMissing(this.core.deleteNamespacedService({ name, namespace }, call.opts()));
    }
    await this.#ignoreMissing(
      this.networking.deleteNamespacedIngress({ name: objectName(instanceId), namespace }, call.opts()),
    );
  }

  /**
   * Every endpoint of the instance: the in-cluster one of each port
   * (`public: false`), plus the one a user outside can open where the port
   * is exposed: `http://node:nodePort`, `http://lb-address:port` once the
   * cloud has assigned it (nothing before), `http://host/`.
   */
  async endpoints(call: KubeCall, instanceId: string, w: Workload): Promise<Endpoint[]> {
    const inCluster = endpointsOf(w, this.namespace);
    const ports = exposedPorts(w, this.options).filter((p) => p.exposure !== PortExposures.clusterIp);
    if (ports.length === 0) return inCluster;
    const out = [...inCluster];
    const scheme = (p: ExposedPort) => (p.protocol === 'UDP' ? 'udp' : 'http');
    const proto = (p: ExposedPort) => p.protocol.toLowerCase();
    if (ports.some((p) => p.exposure === PortExposures.nodePort)) {
      const svc = await this.#readService(call, exposureServiceName(instanceId, 'node_port'));
      const address = svc ? await this.#nodeAddressFor(call) : undefined;
      for (const p of ports.filter((x) => x.exposure === PortExposures.nodePort)) {
        const nodePort = svc?.spec?.ports?.find((sp) => sp.port === p.port && sp.protocol === p.protocol)?.nodePort;
        if (!address || !nodePort) continue;
        out.push({
          serviceName: p.service,
          url: `${scheme(p)}://${address}:${nodePort}`,
          port: nodePort,
          protocol: proto(p),
          public: true,
        });
      }
    }
    if (ports.some((p) => p.exposure === PortExposures.loadBalancer)) {
      const svc = await this.#readService(call, exposureServiceName(instanceId, 'load_balancer'));
      const ingress = svc?.status?.loadBalancer?.ingress?.[0];
      const address = ingress?.hostname || ingress?.ip;
      for (const p of ports.filter((x) => x.exposure === PortExposures.loadBalancer)) {
        if (!address) continue;
        out.push({
          serviceName: p.service,
          url: `${scheme(p)}://${address}:${p.port}`,
          port: p.port,
          protocol: proto(p),
          public: true,
        });
      }
    }
    for (const p of ports.filter((x) => x.exposure === PortExposures.ingress)) {
      const host = hostFor(this.options.ingressHost ?? '', p, instanceId, this.namespace);
      out.push({ serviceName: p.service, url: `http://${host}/`, port: 80, protocol: 'tcp', public: true });
    }
    return out;
  }

  async #syncIngress(
    call: KubeCall,
    instanceId: string,
    ports: ExposedPort[],
    labels: Record<string, string>,
  ): Promise<void> {
    const name = objectName(instanceId);
    const namespace = this.namespace;
    const mine = ports.filter((p) => p.exposure === PortExposures.ingress);
    if (mine.length === 0) {
      await this.#ignoreMissing(this.networking.deleteNamespacedIngress({ name, namespace }, call.opts()));
      return;
    }
    const body: V1Ingress = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name, namespace, labels },
      spec: {
        ...(this.options.ingressClassName ? { ingressClassName: this.options.ingressClassName } : {}),
        rules: mine.map((p) => ({
          host: hostFor(this.options.ingressHost ?? '', p, instanceId, namespace),
          http: {
            paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name, port: { number: p.port } } } }],
          },
        })),
      },
    };
    let old: V1Ingress | undefined;
    try {
      old = await this.networking.readNamespacedIngress({ name, namespace }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!old) await this.networking.createNamespacedIngress({ namespace, body }, call.opts());
    else {
      body.metadata = { ...body.metadata, resourceVersion: old.metadata?.resourceVersion };
      await this.networking.replaceNamespacedIngress({ name, namespace, body }, call.opts());
    }
  }

  async #putService(call: KubeCall, body: V1Service): Promise<void> {
    const name = body.metadata?.name ?? '';
    const namespace = this.namespace;
    const old = await this.#readService(call, name);
    if (!old) {
      await this.core.createNamespacedService({ namespace, body }, call.opts());
      return;
    }
    // Cluster IP and allocated node ports are immutable in effect: carry them over.
    const ports = (body.spec?.ports ?? []).map((p) => {
      const was = old.spec?.ports?.find((o) => o.port === p.port && o.protocol === p.protocol);
      return was?.nodePort ? { ...p, nodePort: was.nodePort } : p;
    });
    const next: V1Service = {
      ...body,
      metadata: { ...body.metadata, resourceVersion: old.metadata?.resourceVersion },
      spec: { ...body.spec, ports, clusterIP: old.spec?.clusterIP, clusterIPs: old.spec?.clusterIPs },
    };
    await this.core.replaceNamespacedService({ name, namespace, body: next }, call.opts());
  }

  async #readService(call: KubeCall, name: string): Promise<V1Service | undefined> {
    try {
      return await this.core.readNamespacedService({ name, namespace: this.namespace }, call.opts());
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** The configured node address, else a node's ExternalIP (else InternalIP), cached for a minute. */
  async #nodeAddressFor(call: KubeCall): Promise<string | undefined> {
    if (this.options.nodeAddress) return this.options.nodeAddress;
    if (this.#nodeAddress && Date.now() - this.#nodeAddress.at < 60_000) return this.#nodeAddress.value;
    const nodes = await this.core.listNode({}, call.opts());
    const addresses = nodes.items.flatMap((n) => n.status?.addresses ?? []);
    const value =
      addresses.find((a) => a.type === 'ExternalIP')?.address ??
      addresses.find((a) => a.type === 'InternalIP')?.address;
    if (value) this.#nodeAddress = { value, at: Date.now() };
    return value;
  }

  /**
   * Awaits a clean-up delete: absent is fine, and so is forbidden (an identity
   * that may not delete Ingresses or Services could not have created ours), so
   * a cluster that grants no networking rights still runs ClusterIP instances.
   */
  async #ignoreMissing(p: Promise<unknown>): Promise<void> {
    try {
      await p;
    } catch (err) {
      if (!isNotFound(err) && statusCodeOf(err) !== 403) throw err;
    }
  }
}
