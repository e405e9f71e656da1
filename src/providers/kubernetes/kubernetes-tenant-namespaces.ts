/**
 * One namespace per tenant (provider option `namespaces: per-tenant`). Each
 * tenant's instances live in `<namespace>-<tenant id>`, created on demand by
 * the first provision (labelled with the tenant and managed-by) and removed
 * with the tenant's last instance. Inside a namespace everything is the
 * fixed-namespace provider's doing: this is a thin router in front of one
 * KubernetesProvider per namespace.
 *
 * Calls that name only an instance find its namespace by the instance label,
 * cluster-wide, and remember it. A namespace that still holds claims kept by
 * a deprovision (deleteVolumes not set) is left in place, since deleting it
 * would delete them.
 */
import { createHash } from 'node:crypto';
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { type Capability, capabilitiesWith } from '../capabilities.js';
import type { EngineCall, ProviderEngines } from '../engines.js';
import type {
  CallContext,
  DeployRequest,
  DeployResult,
  DeprovisionOptions,
  DeprovisionResult,
  ExecRequest,
  ExecResult,
  HealthStatus,
  InstanceChange,
  InstanceStatus,
  LogOptions,
  LogStream,
  Provider,
  ProviderInfo,
  ProvisionRequest,
  ProvisionResult,
  ReadinessPolicy,
  ResourceUsage,
  RollbackRequest,
  ScaleRequest,
} from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { KubeCall } from './kubernetes-call.js';
import { isConflict, isNotFound, toProviderError } from './kubernetes-errors.js';
import { instanceSelector, Labels, MANAGED_BY } from './kubernetes-objects.js';
import type { KubernetesProviderOptions } from './kubernetes-options.js';
import { KubernetesProvider } from './kubernetes-provider.js';

/** The namespace of a tenant's instances: `<prefix>-<tenant>`, a DNS label (hashed when too long). */
export function tenantNamespace(prefix: string, tenantId: string): string {
  const clean = `${prefix}-${tenantId}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  if (clean.length <= 63) return clean.replace(/-+$/, '');
  const hash = createHash('sha256').update(tenantId).digest('hex').slice(0, 12);
  return `${clean.slice(0, 50).replace(/-+$/, '')}-${hash}`;
}

/** A Provider that gives each tenant its own namespace (see the module comment). */
export class TenantNamespacedKubernetes implements Provider {
  /**
   * The engines of the fixed-namespace provider, each call routed to the
   * namespace of the instance (or tenant) it names. Workload sources stay
   * with the fixed-namespace provider: their documents name one namespace.
   */
  readonly engines: ProviderEngines;
  readonly #options: KubernetesProviderOptions;
  readonly #prefix: string;
  readonly #base: KubernetesProvider;
  readonly #apps: AppsV1Api;
  readonly #core: CoreV1Api;
  readonly #byNamespace = new Map<string, KubernetesProvider>();
  /** Change listeners, with the unsubscribe functions of their subscriptions to each namespace. */
  readonly #listeners = new Map<(change: InstanceChange) => void, (() => void)[]>();
  /** instance id → namespace, learnt from provisions and lookups (an instance never moves). */
  readonly #located = new Map<string, string>();

  constructor(options: KubernetesProviderOptions) {
    this.#options = options;
    this.#prefix = options.namespace ?? 'wheelhouse';
    this.#base = new KubernetesProvider(options);
    this.#apps = options.kubeConfig.makeApiClient(AppsV1Api);
    this.#core = options.kubeConfig.makeApiClient(CoreV1Api);
    const { traffic, canary, autoscaler, jobs, volumeBackups } = this.#base.engines;
    this.engines = {
      ...(traffic ? { traffic: this.#routed('traffic', traffic) } : {}),
      ...(canary ? { canary: this.#routed('canary', canary) } : {}),
      ...(autoscaler ? { autoscaler: this.#routed('autoscaler', autoscaler) } : {}),
      ...(jobs ? { jobs: this.#routed('jobs', jobs) } : {}),
      // A snapshot stays in its instance's namespace: a restore names an instance of the same tenant.
      ...(volumeBackups ? { volumeBackups: this.#routed('volumeBackups', volumeBackups) } : {}),
    };
  }

  /**
   * `engine` with each call made on the engine of the same name of the
   * instance's namespace: the one its first argument names (an instance id,
   * or a request or set carrying `instanceId`). A call naming none (the
   * edge's description) is the base provider's; removing the routes of an
   * instance no namespace holds is nothing to do.
   */
  #routed<E extends object>(name: keyof ProviderEngines, engine: E): E {
    return new Proxy(engine, {
      get: (target, prop) => {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        return async (ctx: CallContext, ...args: unknown[]) => {
          const first = args[0];
          const instanceId =
            typeof first === 'string' ? first : (first as { instanceId?: string } | undefined)?.instanceId;
          if (instanceId === undefined) return (value as EngineCall).apply(target, [ctx, ...args]);
          if (prop === 'applyRoutes' && (args[1] as unknown[]).length === 0 && !(await this.#locate(ctx, instanceId)))
            return undefined;
          const owner = (await this.#for(ctx, instanceId)).engines[name] as unknown as Record<PropertyKey, EngineCall>;
          return owner[prop]?.apply(owner, [ctx, ...args]);
        };
      },
    });
  }

  info(): ProviderInfo {
    return this.#base.info();
  }

  /** The base provider's own, and those of the engines routed here. */
  capabilities(): readonly Capability[] {
    return capabilitiesWith(this.#base.baseCapabilities(), this.engines);
  }

  readinessPolicy(): ReadinessPolicy {
    return this.#base.readinessPolicy();
  }

  refreshInfo(ctx: CallContext = {}): Promise<ProviderInfo> {
    return this.#base.refreshInfo(ctx);
  }

  healthCheck(ctx: CallContext): Promise<HealthStatus> {
    return this.#base.healthCheck(ctx);
  }

  /** The configured namespace option: here, the prefix of every tenant's namespace. */
  get namespace(): string {
    return this.#prefix;
  }

  /** The namespace a tenant's instances live in. */
  namespaceOf(tenantId: string): string {
    return tenantNamespace(this.#prefix, tenantId);
  }

  async provision(ctx: CallContext, req: ProvisionRequest): Promise<ProvisionResult> {
    const namespace = this.namespaceOf(req.tenantId);
    await this.#guard(ctx, 'provision', (call) => this.#ensureNamespace(call, namespace, req.tenantId));
    this.#located.set(req.instanceId, namespace);
    return this.#in(namespace).provision(ctx, req);
  }

  /** Deprovisions in the instance's namespace, then removes the namespace when nothing of the tenant is left in it. */
  async deprovision(ctx: CallContext, instanceId: string, opts?: DeprovisionOptions): Promise<DeprovisionResult> {
    const namespace = await this.#locate(ctx, instanceId);
    if (!namespace) return { keptVolumes: [] };
    const result = (await this.#in(namespace).deprovision(ctx, instanceId, opts)) ?? { keptVolumes: [] };
    this.#located.delete(instanceId);
    await this.#guard(ctx, 'remove namespace', (call) => this.#removeIfEmpty(call, namespace));
    return result;
  }

  async start(ctx: CallContext, instanceId: string): Promise<void> {
    return (await this.#for(ctx, instanceId)).start(ctx, instanceId);
  }

  async stop(ctx: CallContext, instanceId: string): Promise<void> {
    return (await this.#for(ctx, instanceId)).stop(ctx, instanceId);
  }

  async restart(ctx: CallContext, instanceId: string): Promise<void> {
    return (await this.#for(ctx, instanceId)).restart(ctx, instanceId);
  }

  async status(ctx: CallContext, instanceId: string): Promise<InstanceStatus> {
    return (await this.#for(ctx, instanceId)).status(ctx, instanceId);
  }

  async deploy(ctx: CallContext, req: DeployRequest): Promise<DeployResult> {
    return (await this.#for(ctx, req.instanceId)).deploy(ctx, req);
  }

  async rollback(ctx: CallContext, req: RollbackRequest): Promise<void> {
    return (await this.#for(ctx, req.instanceId)).rollback(ctx, req);
  }

  async scale(ctx: CallContext, req: ScaleRequest): Promise<void> {
    return (await this.#for(ctx, req.instanceId)).scale(ctx, req);
  }

  async resources(ctx: CallContext, instanceId: string): Promise<ResourceUsage> {
    return (await this.#for(ctx, instanceId)).resources(ctx, instanceId);
  }

  async logs(ctx: CallContext, instanceId: string, opts: LogOptions): Promise<LogStream> {
    return (await this.#for(ctx, instanceId)).logs(ctx, instanceId, opts);
  }

  async exec(ctx: CallContext, instanceId: string, req: ExecRequest): Promise<ExecResult> {
    return (await this.#for(ctx, instanceId)).exec(ctx, instanceId, req);
  }

  /** Every managed workload in every namespace, with its tenant. */
  async managedWorkloads(ctx: CallContext = {}): Promise<{ instanceId: string; tenantId: string }[]> {
    return this.#guard(ctx, 'list workloads', async (call) => {
      const labelSelector = `${Labels.managedBy}=${MANAGED_BY}`;
      const [d, s] = await Promise.all([
        this.#apps.listDeploymentForAllNamespaces({ labelSelector }, call.opts()),
        this.#apps.listStatefulSetForAllNamespaces({ labelSelector }, call.opts()),
      ]);
      const out = new Map<string, string>();
      for (const item of [...d.items, ...s.items]) {
        const id = item.metadata?.labels?.[Labels.instance];
        if (id) out.set(id, item.metadata?.labels?.[Labels.tenant] ?? '');
      }
      return [...out].map(([instanceId, tenantId]) => ({ instanceId, tenantId }));
    });
  }

  /** The provider of the instance's namespace; not_found when no namespace holds it. */
  async #for(ctx: CallContext, instanceId: string): Promise<KubernetesProvider> {
    const namespace = await this.#locate(ctx, instanceId);
    if (!namespace) {
      throw new KubeCall('locate', ctx.signal, 1, this.#target()).fail(
        ProviderErrorKinds.notFound,
        `instance ${instanceId} not found`,
      );
    }
    return this.#in(namespace);
  }

  #in(namespace: string): KubernetesProvider {
    let p = this.#byNamespace.get(namespace);
    if (!p) {
      p = new KubernetesProvider({ ...this.#options, namespace });
      this.#byNamespace.set(namespace, p);
      for (const [listener, offs] of this.#listeners) offs.push(p.subscribeChanges(listener));
    }
    return p;
  }

  /**
   * Changes of every tenant namespace this router has used so far (each
   * namespace's provider watches its own namespace, needing no cluster-wide
   * watch rights); a namespace first used later is watched from then on.
   * Instances in namespaces not yet used since start are found by the
   * supervisor's poll, which uses (and so starts watching) their namespace.
   */
  subscribeChanges(listener: (change: InstanceChange) => void): () => void {
    const offs = [...this.#byNamespace.values()].map((p) => p.subscribeChanges(listener));
    this.#listeners.set(listener, offs);
    return () => {
      for (const off of this.#listeners.get(listener) ?? []) off();
      this.#listeners.delete(listener);
    };
  }

  /** Lists and watchdog restarts of every namespace's watches so far. */
  get watchCounters(): { lists: number; watchdogRestarts: number } {
    let lists = 0;
    let watchdogRestarts = 0;
    for (const p of this.#byNamespace.values()) {
      lists += p.watchCounters.lists;
      watchdogRestarts += p.watchCounters.watchdogRestarts;
    }
    return { lists, watchdogRestarts };
  }

  /** Stops every namespace's watches at once. */
  close(): void {
    for (const p of this.#byNamespace.values()) p.close();
    this.#base.close();
  }

  /** The namespace of the instance's workload (or kept claims), cluster-wide by its label; undefined when none. */
  async #locate(ctx: CallContext, instanceId: string): Promise<string | undefined> {
    const known = this.#located.get(instanceId);
    if (known) return known;
    return this.#guard(ctx, 'locate', async (call) => {
      const labelSelector = instanceSelector(instanceId);
      const [d, s, c] = await Promise.all([
        this.#apps.listDeploymentForAllNamespaces({ labelSelector }, call.opts()),
        this.#apps.listStatefulSetForAllNamespaces({ labelSelector }, call.opts()),
        // Claims a deprovision kept outlive the workload: they still say where the instance was.
        this.#core.listPersistentVolumeClaimForAllNamespaces({ labelSelector }, call.opts()),
      ]);
      const namespace = [...d.items, ...s.items, ...c.items][0]?.metadata?.namespace;
      if (namespace) this.#located.set(instanceId, namespace);
      return namespace;
    });
  }

  async #ensureNamespace(call: KubeCall, namespace: string, tenantId: string): Promise<void> {
    try {
      await this.#core.readNamespace({ name: namespace }, call.opts());
      return;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    try {
      await this.#core.createNamespace(
        {
          body: {
            metadata: {
              name: namespace,
              labels: { [Labels.managedBy]: MANAGED_BY, [Labels.tenant]: tenantLabel(tenantId) },
            },
          },
        },
        call.opts(),
      );
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }

  /** Deletes a namespace this provider made once no workload and no kept claim is left in it. */
  async #removeIfEmpty(call: KubeCall, namespace: string): Promise<void> {
    let ns: Awaited<ReturnType<CoreV1Api['readNamespace']>>;
    try {
      ns = await this.#core.readNamespace({ name: namespace }, call.opts());
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    // Only a namespace this provider created (an administrator's stays).
    if (ns.metadata?.labels?.[Labels.managedBy] !== MANAGED_BY || !ns.metadata.labels[Labels.tenant]) return;
    const [d, s, claims] = await Promise.all([
      this.#apps.listNamespacedDeployment({ namespace, limit: 1 }, call.opts()),
      this.#apps.listNamespacedStatefulSet({ namespace, limit: 1 }, call.opts()),
      this.#core.listNamespacedPersistentVolumeClaim({ namespace, limit: 1 }, call.opts()),
    ]);
    if (d.items.length + s.items.length + claims.items.length > 0) return;
    try {
      await this.#core.deleteNamespace({ name: namespace }, call.opts());
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  #target(): { provider: string; endpoint: string } {
    return {
      provider: this.#options.key ?? 'kubernetes',
      endpoint: this.#options.kubeConfig.getCurrentCluster()?.server ?? '(no cluster)',
    };
  }

  async #guard<T>(ctx: CallContext, op: string, fn: (call: KubeCall) => Promise<T>): Promise<T> {
    const call = new KubeCall(op, ctx.signal, this.#options.apiTimeoutMs ?? 30_000, this.#target()).withBearer(
      ctx.credentials?.values.token,
    );
    // As KubernetesProvider does: with a vault credential, nothing goes out as the kubeconfig's user.
    if (this.#options.credentialed && !call.bearer)
      throw call.fail(ProviderErrorKinds.unavailable, 'the call carried no vault credential: nothing was sent');
    try {
      return await fn(call);
    } catch (err) {
      throw toProviderError(err, call.context());
    }
  }
}

/** A tenant id as a label value (at most 63 characters). */
function tenantLabel(tenantId: string): string {
  return tenantId.length <= 63 ? tenantId : tenantId.slice(0, 63).replace(/[^a-zA-Z0-9]+$/, '');
}
