import type { Instance, Release } from '../control/model.js';
import type { SourceType } from '../providers/sources.js';
import { builder } from './builder.js';
import { InstanceRef, ReleaseRef } from './refs.js';
import { LabelInput, SecretRefInput } from './specs.js';

// Workload sources (issue 26): the inputs a provision or deploy carries instead
// of services, the source kind of instances and releases, and the objects a
// source instance applied, each with its readiness.

export const SourceTypeEnum = builder.enumType('SourceType', {
  description: 'What an instance or release runs: image services, or a source the provider applies.',
  values: {
    SERVICES: { value: 'services', description: 'Image services (ServiceSpec).' },
    MANIFESTS: { value: 'manifests', description: 'Kubernetes manifests: inline YAML or a kustomization.' },
    HELM: { value: 'helm', description: 'A Helm chart rendered with `helm template`.' },
    ARGOCD: { value: 'argocd', description: 'An Argo CD Application.' },
  } as const,
});

const SourceFileInput = builder.inputType('SourceFileInput', {
  description: 'One file of a kustomization directory.',
  fields: (t) => ({
    path: t.string({
      required: true,
      description: 'Path inside the directory (`kustomization.yaml`, `base/app.yaml`).',
    }),
    content: t.string({ required: true, description: 'The file.' }),
  }),
});

const ManifestSourceInput = builder.inputType('ManifestSourceInput', {
  description: 'Kubernetes manifests: exactly one of yaml, kustomize.',
  fields: (t) => ({
    yaml: t.string({ description: 'Inline multi-document YAML.' }),
    kustomize: t.field({
      type: [SourceFileInput],
      description: 'The files of a kustomization directory, built with `kubectl kustomize`.',
    }),
  }),
});

const HelmSourceInput = builder.inputType('HelmSourceInput', {
  description: 'A Helm chart, rendered with `helm template` and applied as manifests.',
  fields: (t) => ({
    chart: t.string({ required: true, description: 'Chart name (with repoUrl), or an oci:// or local reference.' }),
    repoUrl: t.string({ description: 'Chart repository.' }),
    version: t.string({ description: 'Chart version; the latest when omitted.' }),
    values: t.field({ type: 'JSON', description: 'Values (an object), as a values file would give them.' }),
  }),
});

const ArgoHelmInput = builder.inputType('ArgoHelmInput', {
  description: "Helm parameters of an Argo CD Application's source.",
  fields: (t) => ({
    valueFiles: t.stringList({ description: 'Values files in the repository.' }),
    parameters: t.field({ type: [LabelInput], description: 'Parameters (name = key).' }),
  }),
});

const ArgoSyncPolicyInput = builder.inputType('ArgoSyncPolicyInput', {
  description: 'How Argo CD reconciles the Application.',
  fields: (t) => ({
    automated: t.boolean({ description: 'Sync automatically.' }),
    selfHeal: t.boolean({ description: 'Undo changes made in the cluster.' }),
    prune: t.boolean({ description: 'Delete what the repository no longer has.' }),
  }),
});

const ArgoCDSourceInput = builder.inputType('ArgoCDSourceInput', {
  description: 'An Argo CD Application named for the instance, in the provider’s Argo namespace.',
  fields: (t) => ({
    project: t.string({ description: 'Argo CD project; `default` when omitted.' }),
    repoUrl: t.string({ required: true, description: 'Repository URL.' }),
    path: t.string({ description: 'Path in the repository.' }),
    targetRevision: t.string({ description: 'Branch, tag or commit; HEAD when omitted.' }),
    destServer: t.string({ description: 'Destination API server; the in-cluster one when omitted.' }),
    destNamespace: t.string({ description: "Destination namespace; the provider's namespace when omitted." }),
    helm: t.field({ type: ArgoHelmInput, description: 'Helm parameters.' }),
    syncPolicy: t.field({ type: ArgoSyncPolicyInput, description: 'Sync policy; manual when omitted.' }),
  }),
});

export const WorkloadSourceInput = builder.inputType('WorkloadSourceInput', {
  description: 'A workload given as a source, instead of services: exactly one of manifests, helm, argocd.',
  fields: (t) => ({
    manifests: t.field({ type: ManifestSourceInput, description: 'Kubernetes manifests.' }),
    helm: t.field({ type: HelmSourceInput, description: 'A Helm chart.' }),
    argocd: t.field({ type: ArgoCDSourceInput, description: 'An Argo CD Application.' }),
    secrets: t.field({
      type: [SecretRefInput],
      description:
        'Vault secrets the objects need, materialised at apply time as one Secret named `<instance name>-secrets` (key: envName). Secret documents are refused.',
    }),
  }),
});

/** One object a source instance applied, as the API shows it. */
export interface ManagedObjectView {
  apiVersion: string;
  kind: string;
  namespace: string | null;
  name: string;
  ready: boolean | null;
  message: string | null;
}

const ManagedObjectRef = builder.objectRef<ManagedObjectView>('ManagedObject').implement({
  description: 'An object a source instance applied (from its inventory), with its readiness as last observed.',
  fields: (t) => ({
    apiVersion: t.exposeString('apiVersion', { description: 'API version (`apps/v1`).' }),
    kind: t.exposeString('kind', { description: 'Kind (`Deployment`).' }),
    namespace: t.exposeString('namespace', { nullable: true, description: 'Namespace; null when cluster-scoped.' }),
    name: t.exposeString('name', { description: 'Name.' }),
    ready: t.exposeBoolean('ready', {
      nullable: true,
      description: 'Ready as last observed (workloads by their pods; other objects once they exist); null before.',
    }),
    message: t.exposeString('message', { nullable: true, description: 'Why it is not ready, when it is not.' }),
  }),
});

builder.objectFields(InstanceRef, (t) => ({
  sourceType: t.field({
    type: SourceTypeEnum,
    description: 'What the instance runs: SERVICES, or the kind of its source.',
    resolve: (i: Instance): SourceType => i.sourceType,
  }),
  objects: t.field({
    type: [ManagedObjectRef],
    description: 'The objects a source instance applied last, each with its readiness; empty for SERVICES.',
    // Synchronous for SERVICES instances, so a page of them still runs without awaiting (see docs/architecture.md).
    resolve: (i, _a, ctx) => (i.sourceType === 'services' ? [] : ctx.services.instances.sourceObjects(i)),
  }),
}));

builder.objectFields(ReleaseRef, (t) => ({
  sourceType: t.field({
    type: SourceTypeEnum,
    description: 'What the release holds: SERVICES (snapshots), or a source.',
    resolve: (r: Release): SourceType => r.sourceType,
  }),
  manifests: t.string({
    nullable: true,
    description: 'The rendered documents of a MANIFESTS or HELM release (what a rollback re-applies); null otherwise.',
    resolve: (r: Release) => r.source?.manifests ?? null,
  }),
}));
