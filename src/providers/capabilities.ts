/**
 * Capabilities: what a provider says it can do (the seed's strings, shown in
 * the API and checked before the control plane calls). The base ones are the
 * provider's own (provisioning, scaling, volumes, a GPU where the backend has
 * one); the rest follow from the engines it has (engines.ts), so the two can
 * never disagree.
 */
import type { EngineName, ProviderEngines } from './engines.js';
import type { Provider } from './provider.js';

/** A capability a provider declares. Values are the seed's strings. */
export const Capabilities = {
  provision: 'provision',
  deploy: 'deploy',
  scale: 'scale',
  logs: 'logs',
  exec: 'exec',
  volumes: 'volumes',
  gpu: 'gpu',
  blueGreen: 'strategy:blue-green',
  canary: 'strategy:canary',
  rolling: 'strategy:rolling',
  autoScale: 'autoscale',
  customDomains: 'custom-domains',
  tls: 'tls',
  helm: 'source:helm',
  manifests: 'source:manifests',
  argoCD: 'source:argocd',
  build: 'build',
  jobs: 'jobs',
  schedules: 'schedules',
  volumeBackup: 'volume-backup',
} as const;
export type Capability = (typeof Capabilities)[keyof typeof Capabilities];
/** Every capability, in the seed's declaration order. */
export const ALL_CAPABILITIES: readonly Capability[] = Object.values(Capabilities);

/** What each engine's presence declares. */
export const ENGINE_CAPABILITIES: { readonly [N in EngineName]-?: readonly Capability[] } = {
  traffic: [Capabilities.customDomains, Capabilities.tls],
  drivenEdge: [],
  wakingEdge: [],
  canary: [Capabilities.canary, Capabilities.blueGreen],
  autoscaler: [Capabilities.autoScale],
  manifests: [Capabilities.manifests],
  helm: [Capabilities.helm],
  argo: [Capabilities.argoCD],
  builder: [Capabilities.build],
  // Schedules start jobs: a provider that runs jobs runs scheduled ones.
  jobs: [Capabilities.jobs, Capabilities.schedules],
  volumeBackups: [Capabilities.volumeBackup],
  schedules: [Capabilities.schedules],
};

/** `base` and what the engines present add, in the seed's declaration order. */
export function capabilitiesWith(base: readonly Capability[], engines: ProviderEngines): Capability[] {
  const present = new Set<Capability>(base);
  for (const [name, engine] of Object.entries(engines) as [EngineName, unknown][]) {
    if (engine !== undefined) for (const c of ENGINE_CAPABILITIES[name]) present.add(c);
  }
  return ALL_CAPABILITIES.filter((c) => present.has(c));
}

/** True when `p` declares `capability`. */
export function hasCapability(p: Provider, capability: Capability): boolean {
  return p.capabilities().includes(capability);
}
