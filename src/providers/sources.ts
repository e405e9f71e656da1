/**
 * Workload sources, the seed's DeploymentSource: besides image services, a
 * workload may be given as Kubernetes manifests (inline YAML or a
 * kustomization), a Helm chart, or an Argo CD Application. Each kind is carried
 * by an optional engine of the provider (`engines.manifests`, `.helm`,
 * `.argo`; see engines.ts), whose presence is the matching `source:*`
 * capability.
 */
import type { CallContext } from './provider.js';
import type { SecretRef } from './service-spec.js';

/** Which kind of workload an instance or release holds. */
export const SourceTypes = { services: 'services', manifests: 'manifests', helm: 'helm', argocd: 'argocd' } as const;
export type SourceType = (typeof SourceTypes)[keyof typeof SourceTypes];

/** One object of an applied set, as an inventory records it. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  /** Absent for a cluster-scoped object. */
  namespace?: string;
  name: string;
}

/** A file of a kustomization directory (`kustomization.yaml` and what it names). */
export interface SourceFile {
  path: string;
  content: string;
}

/** A Helm chart and the values it is rendered with (`helm template`). */
export interface HelmSource {
  chart: string;
  repoUrl?: string;
  version?: string;
  values?: Record<string, unknown>;
}

/** An Argo CD Application's source, destination and sync policy (the seed's ArgoCDSource). */
export interface ArgoCDSource {
  project?: string;
  repoUrl: string;
  path?: string;
  targetRevision?: string;
  destServer?: string;
  destNamespace?: string;
  helm?: { valueFiles?: string[]; parameters?: Record<string, string> };
  syncPolicy?: { automated?: boolean; selfHeal?: boolean; prune?: boolean };
}

/** A source as the user gave it: exactly one of manifests, helm, argocd. */
export interface WorkloadSource {
  manifests?: { yaml?: string; kustomize?: SourceFile[] };
  helm?: HelmSource;
  argocd?: ArgoCDSource;
  /** Vault values the objects need, materialised as one Secret at apply time (never in a document). */
  secrets: SecretRef[];
}

/**
 * A source as a release keeps it: the rendered documents of a manifests or
 * Helm source (what a rollback re-applies), or the Application's spec.
 */
export interface RenderedSource {
  type: Exclude<SourceType, 'services'>;
  /** The rendered multi-document YAML (manifests and helm). */
  manifests?: string;
  helm?: HelmSource;
  argocd?: ArgoCDSource;
  secrets: SecretRef[];
}

/** What to render and validate for one instance. */
export interface SourceRenderRequest {
  instanceId: string;
  tenantId: string;
  name: string;
  source: WorkloadSource;
}

/** What to apply for one instance: the rendered source, and what the previous set held (pruned when absent now). */
export interface SourceApplyRequest {
  instanceId: string;
  tenantId: string;
  name: string;
  labels: Record<string, string>;
  releaseId?: string;
  source: RenderedSource;
  /** The objects the instance's previous release applied (its inventory); those not in the new set are deleted. */
  previous: ObjectRef[];
  /** Values of `source.secrets`, resolved just before the call; never logged or returned. */
  secretValues?: Record<string, string>;
}

/** The objects an apply left in place: the new release's inventory. */
export interface SourceApplyResult {
  objects: ObjectRef[];
}

/**
 * Optional: applies manifests (inline YAML or a kustomize build), labelled for
 * the instance, by server-side apply. `renderManifests` validates everything
 * (YAML, kinds the backend serves, namespaces, no Secret documents) before
 * anything is applied and throws `invalid_spec` naming the bad document.
 * `status()` reports a source instance with one entry in `services` per
 * object, keyed `Kind/name`.
 */
export interface ManifestEngine {
  renderManifests(ctx: CallContext, req: SourceRenderRequest): Promise<RenderedSource>;
  applyManifests(ctx: CallContext, req: SourceApplyRequest): Promise<SourceApplyResult>;
  /** Deletes the listed objects (an inventory); absent ones are fine. */
  deleteManifests(ctx: CallContext, instanceId: string, objects: ObjectRef[]): Promise<void>;
}

/** Optional: renders a Helm chart to documents, then applied by the ManifestEngine. */
export interface HelmEngine {
  renderHelm(ctx: CallContext, req: SourceRenderRequest): Promise<RenderedSource>;
}

/** Optional: drives an Argo CD Application named for the instance; status() follows its sync and health. */
export interface ArgoEngine {
  argoApply(ctx: CallContext, req: SourceApplyRequest): Promise<SourceApplyResult>;
  argoDelete(ctx: CallContext, instanceId: string): Promise<void>;
}
