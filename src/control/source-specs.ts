/**
 * Workload sources at the API's door (issue 26): the input checked field by
 * field, then rendered and validated by the provider's engine before anything
 * is written, so a bad document is a ValidationError on the mutation and
 * nothing is applied. The rendered documents go into the release; the
 * executor applies them (worker/perform-source.ts).
 */

import type { Capability } from '../providers/capabilities.js';
import type { Provider } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-errors.js';
import type { Registry } from '../providers/registry.js';
import type { SecretRef } from '../providers/service-spec.js';
import type { RenderedSource, WorkloadSource } from '../providers/sources.js';
import { CapabilityNotSupportedError, ProviderUnavailableError, ValidationError } from './errors.js';
import { acquireProvider, requireCapability } from './provider-calls.js';
import { defaultEnvName, type Problems, SECRET_KEY } from './spec-validation.js';

/** The source as the schema passes it. */
export interface WorkloadSourceInput {
  manifests?: {
    yaml?: string | null;
    kustomize?: readonly { path: string; content: string }[] | null;
  } | null;
  helm?: { chart: string; repoUrl?: string | null; version?: string | null; values?: unknown } | null;
  argocd?: {
    project?: string | null;
    repoUrl: string;
    path?: string | null;
    targetRevision?: string | null;
    destServer?: string | null;
    destNamespace?: string | null;
    helm?: {
      valueFiles?: readonly string[] | null;
      parameters?: readonly { key: string; value: string }[] | null;
    } | null;
    syncPolicy?: { automated?: boolean | null; selfHeal?: boolean | null; prune?: boolean | null } | null;
  } | null;
  secrets?: readonly { key: string; envName?: string | null }[] | null;
}

const MAX_YAML = 1024 * 1024;
const MAX_FILES = 100;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,252}$/;

type Path = (string | number)[];

/** Checks the input's shape: exactly one kind, sizes, paths, secret refs. */
export function checkSource(p: Problems, input: WorkloadSourceInput, at: Path): WorkloadSource {
  const kinds = (['manifests', 'helm', 'argocd'] as const).filter((k) => input[k] != null);
  if (kinds.length !== 1) p.add(at, 'give exactly one of manifests, helm, argocd');
  const secrets: SecretRef[] = (input.secrets ?? []).map((s, i) => {
    if (!SECRET_KEY.test(s.key)) p.add([...at, 'secrets', i, 'key'], 'must be a vault key');
    const envName = s.envName ?? defaultEnvName(s.key);
    if (!ENV_NAME.test(envName)) p.add([...at, 'secrets', i, 'envName'], 'must be a valid Secret key');
    return { key: s.key, envName };
  });
  const out: WorkloadSource = { secrets };
  const m = input.manifests;
  if (m) {
    const hasYaml = m.yaml != null && m.yaml.trim() !== '';
    const hasFiles = (m.kustomize?.length ?? 0) > 0;
    if (hasYaml === hasFiles) p.add([...at, 'manifests'], 'give exactly one of yaml, kustomize');
    if (m.yaml && m.yaml.length > MAX_YAML) p.add([...at, 'manifests', 'yaml'], `at most ${MAX_YAML} characters`);
    const files = m.kustomize ?? [];
    if (files.length > MAX_FILES) p.add([...at, 'manifests', 'kustomize'], `at most ${MAX_FILES} files`);
    let total = 0;
    files.forEach((f, i) => {
      total += f.content.length;
      if (!f.path || f.path.startsWith('/') || f.path.split('/').includes('..'))
        p.add([...at, 'manifests', 'kustomize', i, 'path'], 'must be a relative path inside the kustomization');
    });
    if (total > MAX_YAML) p.add([...at, 'manifests', 'kustomize'], `at most ${MAX_YAML} characters in all`);
    out.manifests = hasYaml ? { yaml: m.yaml as string } : { kustomize: files.map((f) => ({ ...f })) };
  }
  const h = input.helm;
  if (h) {
    if (!h.chart.trim()) p.add([...at, 'helm', 'chart'], 'is required');
    const values = h.values ?? undefined;
    if (values !== undefined && (typeof values !== 'object' || values === null || Array.isArray(values)))
      p.add([...at, 'helm', 'values'], 'must be an object');
    out.helm = {
      chart: h.chart,
      ...(h.repoUrl ? { repoUrl: h.repoUrl } : {}),
      ...(h.version ? { version: h.version } : {}),
      ...(values && typeof values === 'object' ? { values: values as Record<string, unknown> } : {}),
    };
  }
  const a = input.argocd;
  if (a) {
    if (!a.repoUrl.trim()) p.add([...at, 'argocd', 'repoUrl'], 'is required');
    if (secrets.length > 0) p.add([...at, 'secrets'], 'an Argo CD source takes its secrets from Argo CD');
    out.argocd = {
      repoUrl: a.repoUrl,
      ...(a.project ? { project: a.project } : {}),
      ...(a.path ? { path: a.path } : {}),
      ...(a.targetRevision ? { targetRevision: a.targetRevision } : {}),
      ...(a.destServer ? { destServer: a.destServer } : {}),
      ...(a.destNamespace ? { destNamespace: a.destNamespace } : {}),
      ...(a.helm
        ? {
            helm: {
              ...(a.helm.valueFiles ? { valueFiles: [...a.helm.valueFiles] } : {}),
              ...(a.helm.parameters
                ? { parameters: Object.fromEntries(a.helm.parameters.map((x) => [x.key, x.value])) }
                : {}),
            },
          }
        : {}),
      ...(a.syncPolicy
        ? {
            syncPolicy: {
              automated: a.syncPolicy.automated === true,
              selfHeal: a.syncPolicy.selfHeal === true,
              prune: a.syncPolicy.prune === true,
            },
          }
        : {}),
    };
  }
  return out;
}

/** The capability a source needs. */
export function capabilityOf(source: WorkloadSource): Capability {
  return source.argocd ? 'source:argocd' : source.helm ? 'source:helm' : 'source:manifests';
}

/** The kind a source renders as. */
export function sourceTypeOf(source: WorkloadSource): RenderedSource['type'] {
  return source.argocd ? 'argocd' : source.helm ? 'helm' : 'manifests';
}

/**
 * Renders and validates `source` with the provider's engine: kustomize and
 * `helm template` run, every document is checked against the cluster. A
 * document the provider refuses is a ValidationError at `at`, naming it.
 */
export async function renderSource(
  registry: Registry,
  providerKey: string,
  provider: Provider,
  req: { instanceId: string; tenantId: string; name: string; source: WorkloadSource },
  at: Path,
): Promise<RenderedSource> {
  requireCapability(provider, providerKey, capabilityOf(req.source));
  const { ctx, provider: p } = await acquireProvider(registry, providerKey, AbortSignal.timeout(120_000));
  const field = req.source.argocd
    ? [...at, 'argocd']
    : req.source.helm
      ? [...at, 'helm']
      : [...at, 'manifests', req.source.manifests?.kustomize ? 'kustomize' : 'yaml'];
  try {
    const { helm, manifests, argo } = p.engines;
    if (req.source.helm) {
      if (!helm) throw new CapabilityNotSupportedError('source:helm', providerKey, p.missingEngines?.helm);
      return await helm.renderHelm(ctx, req);
    }
    if (!manifests) throw new CapabilityNotSupportedError(capabilityOf(req.source), providerKey);
    if (req.source.argocd && !argo) throw new CapabilityNotSupportedError('source:argocd', providerKey);
    return await manifests.renderManifests(ctx, req);
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'invalid_spec')
      throw ValidationError.of(field.map(String), err.message);
    if (err instanceof ProviderError && err.kind === 'unavailable')
      throw new ProviderUnavailableError(providerKey, err.message);
    throw err;
  }
}
