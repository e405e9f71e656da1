/**
 * The Kubernetes provider's workload sources (ManifestEngine, HelmEngine,
 * ArgoEngine): what the provider's methods of those names delegate to.
 * Manifests and Helm charts render to documents that are validated as a
 * whole, then applied by server-side apply; an Argo CD source is one
 * Application. See kubernetes-manifests.ts and kubernetes-argo.ts.
 */
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { InstanceStatus } from '../provider.js';
import type {
  ObjectRef,
  RenderedSource,
  SourceApplyRequest,
  SourceApplyResult,
  SourceRenderRequest,
} from '../sources.js';
import { applicationOf, applicationRef, argoStatus, requireArgo } from './kubernetes-argo.js';
import type { KubeCall } from './kubernetes-call.js';
import {
  applyDocuments,
  manifestStatus,
  type NamespaceRules,
  ObjectClient,
  type ParsedDocument,
  parseDocuments,
  prune,
  readRecord,
  refKey,
  sourceLabels,
  validateDocuments,
  writeRecord,
} from './kubernetes-manifests.js';
import { SpecError } from './kubernetes-objects.js';
import { findBinary, helmTemplate, kustomize } from './kubernetes-render.js';

/** Provider options for sources. Nothing is read from the environment except PATH, to find the binaries. */
export interface SourceOptions {
  /** Namespaces besides the instance's that documents may name. Default none. */
  extraNamespaces?: string[];
  /** Apply cluster-scoped objects (ClusterRoles, …). Default false: refused. */
  allowClusterScoped?: boolean;
  /** The kubectl that builds kustomizations. Default `kubectl` on PATH. */
  kubectl?: string;
  /** The helm binary; `source:helm` is declared only when it is found. Default `helm` on PATH. */
  helm?: string;
  /** Namespace of Argo CD's Applications. Default `argocd`. */
  argoNamespace?: string;
  /** Bound on one render (kustomize, helm template). Default 60 s. */
  renderTimeoutMs?: number;
}

/** The Secret a source's vault values are materialised in: `<instance name>-secrets`. */
export function sourceSecretName(instanceName: string): string {
  return `${instanceName}-secrets`;
}

export class KubeSources {
  readonly client: ObjectClient;
  readonly #namespace: string;
  readonly #rules: NamespaceRules;
  readonly #kubectl: string;
  readonly #helm: string | undefined;
  readonly #argoNamespace: string;
  readonly #timeoutMs: number;
  readonly #minReadyMs: number;

  constructor(kc: KubeConfig, namespace: string, options: SourceOptions, minReadyMs: number) {
    this.client = new ObjectClient(kc);
    this.#namespace = namespace;
    this.#rules = {
      namespace,
      extraNamespaces: options.extraNamespaces ?? [],
      allowClusterScoped: options.allowClusterScoped === true,
    };
    this.#kubectl = options.kubectl ?? 'kubectl';
    this.#helm = findBinary(options.helm ?? 'helm');
    this.#argoNamespace = options.argoNamespace ?? 'argocd';
    this.#timeoutMs = options.renderTimeoutMs ?? 60_000;
    this.#minReadyMs = minReadyMs;
  }

  /** Whether a helm binary was found: the provider has a Helm engine only then. */
  get hasHelm(): boolean {
    return this.#helm !== undefined;
  }

  /** Renders (kustomize) and validates a manifests or Argo CD source; nothing is applied. */
  async renderManifests(call: KubeCall, req: SourceRenderRequest): Promise<RenderedSource> {
    const { source } = req;
    if (source.argocd) {
      if (!source.argocd.repoUrl) throw new SpecError('repoUrl is required');
      await requireArgo(this.client, call);
      return { type: 'argocd', argocd: source.argocd, secrets: [] };
    }
    const m = source.manifests;
    if (!m) throw new SpecError('no manifests given');
    const text = m.kustomize ? await kustomize(m.kustomize, this.#kubectl, this.#timeoutMs) : (m.yaml ?? '');
    await this.#validate(call, text, req.name, source.secrets.length > 0);
    return { type: 'manifests', manifests: text, secrets: source.secrets };
  }

  /** `helm template` of the chart, validated like manifests. */
  async renderHelm(call: KubeCall, req: SourceRenderRequest): Promise<RenderedSource> {
    const helm = req.source.helm;
    if (!helm) throw new SpecError('no chart given');
    if (!this.#helm) throw new SpecError('this server has no helm binary');
    const text = await helmTemplate(helm, this.#helm, req.name, this.#namespace, this.#timeoutMs);
    await this.#validate(call, text, req.name, req.source.secrets.length > 0);
    return { type: 'helm', manifests: text, helm, secrets: req.source.secrets };
  }

  async #validate(call: KubeCall, text: string, name: string, withSecret: boolean): Promise<ParsedDocument[]> {
    const docs = await validateDocuments(this.client, call, parseDocuments(text), this.#rules);
    if (withSecret) {
      const secret = sourceSecretName(name);
      const clash = docs.find((d) => d.object.kind === 'Secret' && d.object.metadata.name === secret);
      if (clash) throw new SpecError(`${clash.label}: the name ${secret} is the source's own Secret`);
    }
    return docs;
  }

  /**
   * Validates everything, then applies the source's Secret (when it names
   * vault keys) and every document, prunes what the previous inventory holds
   * and this set does not, and records the set for status().
   */
  async applyManifests(call: KubeCall, req: SourceApplyRequest): Promise<SourceApplyResult> {
    const text = req.source.manifests ?? '';
    const docs = await this.#validate(call, text, req.name, req.source.secrets.length > 0);
    const labels = sourceLabels(req.instanceId, req.tenantId, req.labels, req.releaseId);
    const objects: ObjectRef[] = [];
    if (req.source.secrets.length > 0) {
      const secret = await this.#applySecret(call, req, labels);
      objects.push(secret);
    }
    objects.push(...(await applyDocuments(this.client, call, docs, labels)));
    await prune(this.client, call, req.previous, objects);
    await writeRecord(
      this.client,
      call,
      this.#namespace,
      req.instanceId,
      sourceLabels(req.instanceId, req.tenantId, {}),
      {
        type: req.source.type,
        objects,
      },
    );
    return { objects };
  }

  async #applySecret(call: KubeCall, req: SourceApplyRequest, labels: Record<string, string>): Promise<ObjectRef> {
    const values = req.secretValues ?? {};
    const stringData: Record<string, string> = {};
    for (const ref of req.source.secrets) {
      const v = values[ref.key];
      if (v === undefined) throw new SpecError(`no value for secret ${ref.key}`);
      stringData[ref.envName] = v;
    }
    const ref: ObjectRef = {
      apiVersion: 'v1',
      kind: 'Secret',
      namespace: this.#namespace,
      name: sourceSecretName(req.name),
    };
    await this.client.apply(call, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: ref.name, namespace: ref.namespace, labels },
      type: 'Opaque',
      stringData,
    } as KubernetesObject);
    return ref;
  }

  /** Deletes the listed objects and the instance's record. */
  async deleteManifests(call: KubeCall, objects: readonly ObjectRef[]): Promise<void> {
    for (const r of objects) await this.client.delete(call, r);
  }

  /** Creates or updates the instance's Application. */
  async argoApply(call: KubeCall, req: SourceApplyRequest): Promise<SourceApplyResult> {
    const src = req.source.argocd;
    if (!src) throw new SpecError('no Argo CD application given');
    await requireArgo(this.client, call);
    const labels = sourceLabels(req.instanceId, req.tenantId, req.labels, req.releaseId);
    const app = applicationOf(req.instanceId, this.#argoNamespace, labels, src, this.#namespace);
    await this.client.apply(call, app);
    const ref = applicationRef(req.instanceId, this.#argoNamespace);
    await prune(this.client, call, req.previous, [ref]);
    await writeRecord(
      this.client,
      call,
      this.#namespace,
      req.instanceId,
      sourceLabels(req.instanceId, req.tenantId, {}),
      {
        type: 'argocd',
        objects: [ref],
        argo: { namespace: ref.namespace ?? this.#argoNamespace, name: ref.name },
      },
    );
    return { objects: [ref] };
  }

  async argoDelete(call: KubeCall, instanceId: string): Promise<void> {
    await this.client.delete(call, applicationRef(instanceId, this.#argoNamespace));
  }

  /** The status of a source instance, or undefined when the instance has no source record. */
  async status(call: KubeCall, instanceId: string): Promise<InstanceStatus | undefined> {
    const record = await readRecord(this.client, call, this.#namespace, instanceId);
    if (!record) return undefined;
    if (record.type === 'argocd') {
      return argoStatus(this.client, call, record.objects[0] ?? applicationRef(instanceId, this.#argoNamespace));
    }
    return manifestStatus(this.client, call, record, this.#minReadyMs);
  }
}

export { refKey };
