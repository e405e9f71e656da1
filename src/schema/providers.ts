import type { ProviderView } from '../control/provider-catalog.js';
import { CAPABILITY_DESCRIPTIONS } from '../control/provider-catalog.js';
import type { Capability } from '../providers/capabilities.js';
import type { HealthStatus, Location } from '../providers/provider.js';
import { builder } from './builder.js';
import { CapabilityEnum } from './enums.js';

const LocationRef = builder.objectRef<Location>('Location').implement({
  description: "Where a provider's region is.",
  fields: (t) => ({
    latitude: t.float({ nullable: true, description: 'Degrees north.', resolve: (l) => l.latitude ?? null }),
    longitude: t.float({ nullable: true, description: 'Degrees east.', resolve: (l) => l.longitude ?? null }),
    country: t.string({ nullable: true, description: 'Country.', resolve: (l) => l.country ?? null }),
    city: t.string({ nullable: true, description: 'City.', resolve: (l) => l.city ?? null }),
  }),
});

const ProviderHealthRef = builder.objectRef<HealthStatus>('ProviderHealth').implement({
  description: "The result of the provider's last connectivity test (cached for a few seconds).",
  fields: (t) => ({
    healthy: t.exposeBoolean('healthy', { description: 'Whether the backend answered.' }),
    message: t.string({ nullable: true, description: 'Why not, when unhealthy.', resolve: (h) => h.message || null }),
    latencyMs: t.exposeFloat('latencyMs', { nullable: true, description: 'Round trip of the test.' }),
    checkedAt: t.expose('checkedAt', { type: 'DateTime', description: 'When the test ran.' }),
  }),
});

export const ProviderRef = builder.objectRef<ProviderView>('Provider').implement({
  description: 'A registered provider connection (a Docker Engine, a Kubernetes cluster).',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Registry key; instances name their provider by it.' }),
    name: t.string({ description: 'Provider type (`docker`, `kubernetes`).', resolve: (p) => p.provider.info().name }),
    version: t.string({
      nullable: true,
      description: 'Backend version.',
      resolve: (p) => p.provider.info().version || null,
    }),
    region: t.string({
      nullable: true,
      description: 'Region from configuration.',
      resolve: (p) => p.provider.info().region || null,
    }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      description: 'Where the region is, when known.',
      resolve: (p) => p.provider.info().location ?? null,
    }),
    capabilities: t.field({
      type: [CapabilityEnum],
      description: 'What it can do.',
      resolve: (p) => [...p.provider.capabilities()],
    }),
    isDefault: t.exposeBoolean('isDefault', { description: 'Used when a provision names no provider.' }),
    health: t.field({
      type: ProviderHealthRef,
      nullable: true,
      description: 'Connectivity; null when the provider cannot test itself.',
      resolve: (p, _args, ctx) => ctx.services.providers.health(p.key) ?? null,
    }),
  }),
});

interface CapabilityInfo {
  capability: Capability;
  providers: ProviderView[];
}

const CapabilityInfoRef = builder.objectRef<CapabilityInfo>('CapabilityInfo').implement({
  description: 'A capability and the providers that have it.',
  fields: (t) => ({
    capability: t.field({ type: CapabilityEnum, description: 'The capability.', resolve: (c) => c.capability }),
    id: t.string({ description: "The seed's string, e.g. `strategy:blue-green`.", resolve: (c) => c.capability }),
    description: t.string({ description: 'What it means.', resolve: (c) => CAPABILITY_DESCRIPTIONS[c.capability] }),
    providers: t.field({ type: [ProviderRef], description: 'Providers that declare it.', resolve: (c) => c.providers }),
  }),
});

builder.queryFields((t) => ({
  providers: t.field({
    type: [ProviderRef],
    description: 'Every registered provider; an unreachable one stays listed with `health.healthy: false`.',
    authScopes: { read: true },
    resolve: (_root, _args, ctx) => ctx.services.providers.list(),
  }),
  provider: t.field({
    type: ProviderRef,
    nullable: true,
    description: 'A provider by registry key (or by type name when exactly one has it).',
    authScopes: { read: true },
    args: { key: t.arg.string({ required: true, description: 'Registry key.' }) },
    resolve: (_root, { key }, ctx) => ctx.services.providers.get(key) ?? null,
  }),
  capabilities: t.field({
    type: [CapabilityInfoRef],
    description: 'All sixteen capabilities, each with the providers that have it.',
    authScopes: { read: true },
    resolve: (_root, _args, ctx) => ctx.services.providers.capabilities(),
  }),
}));
