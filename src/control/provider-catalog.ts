import { ALL_CAPABILITIES, type Capability } from '../providers/capabilities.js';
import type { HealthStatus, Provider } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';

/** A registered provider as the API shows it. */
export interface ProviderView {
  key: string;
  provider: Provider;
  isDefault: boolean;
}

/** The seed's description of each capability. */
export const CAPABILITY_DESCRIPTIONS: Record<Capability, string> = {
  provision: 'The provider can create infrastructure.',
  deploy: 'The provider can deploy releases.',
  scale: 'The provider can adjust resources.',
  logs: 'The provider can stream logs.',
  exec: 'The provider can execute commands in instances.',
  volumes: 'The provider supports persistent volumes.',
  gpu: 'The provider supports GPU workloads.',
  'strategy:blue-green': 'The provider supports blue-green deployments.',
  'strategy:canary': 'The provider supports canary deployments.',
  'strategy:rolling': 'The provider supports rolling deployments.',
  autoscale: 'The provider supports autoscaling.',
  'custom-domains': 'The provider supports custom domains.',
  tls: 'The provider supports TLS termination.',
  'source:helm': 'The provider can deploy a Helm chart source.',
  'source:manifests': 'The provider can apply raw/kustomize manifests.',
  'source:argocd': 'The provider can manage an Argo CD Application source.',
  build: "The provider's Docker Engine builds images from source (a git commit or an uploaded archive).",
  jobs: "The provider runs commands to completion in a service's image (jobs, release commands).",
  schedules: 'The provider runs jobs on a cron schedule (time zones, concurrency policy, starting deadline).',
  'volume-backup':
    "The provider reads and writes an instance's volumes for encrypted backups and restores (backupVolume, restoreVolume).",
};

/** How long a provider's health answer is reused before it is checked again. */
export const HEALTH_TTL_MS = 10_000;

/**
 * Read side of the provider registry: listing, capabilities and cached health.
 * Health is cached briefly so a dashboard polling `providers` does not ping
 * every engine on every request; an unreachable provider stays listed.
 */
export class ProviderCatalog {
  readonly #health = new Map<string, { at: number; status: Promise<HealthStatus> }>();

  constructor(readonly registry: Registry) {}

  list(): ProviderView[] {
    const dflt = this.defaultKey();
    return this.registry.list().map((key) => ({ key, provider: this.registry.get(key), isDefault: key === dflt }));
  }

  get(name: string): ProviderView | undefined {
    try {
      const { key, provider } = this.registry.resolve(name);
      return { key, provider, isDefault: key === this.defaultKey() };
    } catch {
      return undefined;
    }
  }

  defaultKey(): string {
    try {
      return this.registry.resolveDefault().key;
    } catch {
      return '';
    }
  }

  capabilities(): { capability: Capability; providers: ProviderView[] }[] {
    const all = this.list();
    return ALL_CAPABILITIES.map((capability) => ({
      capability,
      providers: all.filter((p) => p.provider.capabilities().includes(capability)),
    }));
  }

  /** Cached health; undefined for a provider that cannot check itself. */
  health(key: string): Promise<HealthStatus> | undefined {
    const p = this.get(key)?.provider;
    if (!p?.healthCheck) return undefined;
    const cached = this.#health.get(key);
    if (cached && Date.now() - cached.at < HEALTH_TTL_MS) return cached.status;
    const status = p.healthCheck({ signal: AbortSignal.timeout(5_000) }).catch(
      (err: unknown): HealthStatus => ({
        healthy: false,
        message: err instanceof Error ? err.message : String(err),
        latencyMs: 0,
        checkedAt: new Date(),
      }),
    );
    this.#health.set(key, { at: Date.now(), status });
    return status;
  }
}
