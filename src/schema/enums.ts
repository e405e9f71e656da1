import { CAPABILITY_DESCRIPTIONS } from '../control/provider-catalog.js';
import { ALL_SCOPES } from '../control/scopes.js';
import { ALL_CAPABILITIES } from '../providers/capabilities.js';
import { ALL_INSTANCE_STATES } from '../providers/provider.js';
import { builder } from './builder.js';

/** `strategy:blue-green` → `STRATEGY_BLUE_GREEN`. */
export function enumName(value: string): string {
  return value.replace(/[:-]/g, '_').toUpperCase();
}

function valuesOf<T extends string>(values: readonly T[], describe: (v: T) => string) {
  return Object.fromEntries(values.map((v) => [enumName(v), { value: v, description: describe(v) }])) as Record<
    string,
    { value: T; description: string }
  >;
}

export const CapabilityEnum = builder.enumType('Capability', {
  description: 'What a provider can do; the seed string is `CapabilityInfo.id`.',
  values: valuesOf(ALL_CAPABILITIES, (c) => CAPABILITY_DESCRIPTIONS[c]),
});

const STATE_DESCRIPTIONS: Record<string, string> = {
  provisioning: 'Being provisioned.',
  starting: 'Starting up.',
  running: 'Running.',
  stopping: 'Shutting down.',
  stopped: 'Stopped.',
  failed: 'Failed.',
  destroying: 'Being torn down.',
  destroyed: 'Fully removed.',
};

export const InstanceStateEnum = builder.enumType('InstanceState', {
  description: 'Lifecycle state of an instance or service, as observed.',
  values: valuesOf(ALL_INSTANCE_STATES, (s) => STATE_DESCRIPTIONS[s] ?? s),
});

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  read: 'Read queries and subscriptions.',
  deploy: 'Lifecycle mutations: provision, deploy, scale, rollback, start, stop, restart, deprovision, cancel.',
  exec: 'Exec into services (a shell in them); also reads their logs, as LOGS does.',
  logs: "Read services' log lines (instanceLogs, instanceLogChunks), without exec.",
  'secrets:write': 'Write and delete vault secrets.',
  admin: "Manage the tenant's API tokens, webhooks and the rest; carries AUDIT.",
  audit: "Read the tenant's audit log (auditLog, verifyAuditLog).",
  system: 'Manage tenants (operators of the Wheelhouse installation).',
};

export const ScopeEnum = builder.enumType('Scope', {
  description: 'A permission carried by an API token.',
  values: valuesOf(ALL_SCOPES, (s) => SCOPE_DESCRIPTIONS[s] ?? s),
});
