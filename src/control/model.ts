import type { EventRow, InstanceRow, OperationRow, ReleaseRow } from '../db/database.js';
import type {
  Endpoint,
  HealthCheckSpec,
  InstanceState,
  PortSpec,
  ReadinessPolicy,
  ResourceSpec,
  SecretRef,
  ServiceRole,
  ServiceSnapshot,
  ServiceStatus,
  VolumeSpec,
  WorkloadKind,
} from '../providers/provider.js';

/** The state an instance should be held in. */
export const DesiredStates = { running: 'running', stopped: 'stopped', destroyed: 'destroyed' } as const;
export type DesiredState = (typeof DesiredStates)[keyof typeof DesiredStates];

export const OperationKinds = {
  provision: 'provision',
  deploy: 'deploy',
  scale: 'scale',
  rollback: 'rollback',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
  deprovision: 'deprovision',
} as const;
export type OperationKind = (typeof OperationKinds)[keyof typeof OperationKinds];

export const OperationStatuses = {
  queued: 'queued',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
} as const;
export type OperationStatus = (typeof OperationStatuses)[keyof typeof OperationStatuses];

/** A config file as stored in a spec: the content lives in the vault under `contentKey`. */
export interface StoredConfigFile {
  name: string;
  path: string;
  format: 'json' | 'yaml' | 'env' | 'text';
  contentKey: string;
}

/** A service's desired spec as stored on the instance: no secret values, no file contents. */
export interface StoredServiceSpec {
  name: string;
  image: string;
  role: ServiceRole;
  dependsOn: string[];
  resources: ResourceSpec;
  env: Record<string, string>;
  ports: PortSpec[];
  volumes: VolumeSpec[];
  healthCheck?: HealthCheckSpec;
  secrets: SecretRef[];
  configFiles: StoredConfigFile[];
  annotations: Record<string, string>;
  command?: string[];
  args?: string[];
}

export interface Instance {
  id: string;
  tenantId: string;
  name: string;
  providerKey: string;
  providerRef: string | null;
  kind: WorkloadKind;
  desiredState: DesiredState;
  state: InstanceState;
  ready: boolean;
  restarts: number;
  message: string | null;
  startedAt: Date | null;
  endpoints: Endpoint[];
  labels: Record<string, string>;
  services: StoredServiceSpec[];
  serviceStatus: Record<string, ServiceStatus>;
  readinessPolicy: ReadinessPolicy | null;
  currentReleaseId: string | null;
  generation: number;
  observedGeneration: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  destroyedAt: Date | null;
}

export interface OperationStep {
  name: string;
  status: OperationStatus;
  startedAt: string | null;
  finishedAt: string | null;
  message: string | null;
}

export interface Operation {
  id: string;
  seq: string;
  tenantId: string;
  instanceId: string;
  kind: OperationKind;
  status: OperationStatus;
  readinessOutcome: string | null;
  error: { code: string; message: string } | null;
  steps: OperationStep[];
  params: OperationParams;
  releaseId: string | null;
  attempts: number;
  idempotencyKey: string | null;
  requestedBy: string | null;
  cancelRequested: boolean;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** What the executor needs to run an operation; written at enqueue, never holds secret values. */
export interface OperationParams {
  /** provision: every service. */
  services?: StoredServiceSpec[];
  /** deploy/rollback: the services that change, as full stored specs after the change. */
  changed?: StoredServiceSpec[];
  strategy?: string;
  /** scale */
  service?: string;
  resources?: ResourceSpec;
  /** The instance generation this operation brings about. */
  generation?: number;
}

export interface Release {
  id: string;
  tenantId: string;
  instanceId: string;
  version: number;
  snapshots: ServiceSnapshot[];
  strategy: string | null;
  rolledBackFromId: string | null;
  operationId: string | null;
  createdAt: Date;
}

export interface Event {
  id: string;
  tenantId: string;
  instanceId: string | null;
  operationId: string | null;
  type: string;
  fromState: InstanceState | null;
  toState: InstanceState | null;
  ready: boolean | null;
  message: string | null;
  data: unknown;
  actorTokenId: string | null;
  occurredAt: Date;
}

export function toInstance(r: InstanceRow): Instance {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    name: r.name,
    providerKey: r.provider_key,
    providerRef: r.provider_ref,
    kind: r.kind as WorkloadKind,
    desiredState: r.desired_state as DesiredState,
    state: r.state as InstanceState,
    ready: r.ready,
    restarts: r.restarts,
    message: r.message,
    startedAt: r.started_at,
    endpoints: r.endpoints as Endpoint[],
    labels: r.labels,
    services: r.services as StoredServiceSpec[],
    serviceStatus: r.service_status as Record<string, ServiceStatus>,
    readinessPolicy: (r.readiness_policy as ReadinessPolicy | null) ?? null,
    currentReleaseId: r.current_release_id,
    generation: r.generation,
    observedGeneration: r.observed_generation,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    destroyedAt: r.destroyed_at,
  };
}

export function toOperation(r: OperationRow): Operation {
  return {
    id: r.id,
    seq: r.seq,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    kind: r.kind as OperationKind,
    status: r.status as OperationStatus,
    readinessOutcome: r.readiness_outcome,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? '' } : null,
    steps: r.steps as OperationStep[],
    params: r.params as OperationParams,
    releaseId: r.release_id,
    attempts: r.attempts,
    idempotencyKey: r.idempotency_key,
    requestedBy: r.requested_by,
    cancelRequested: r.cancel_requested,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export function toRelease(r: ReleaseRow): Release {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    version: r.version,
    snapshots: r.snapshots as ServiceSnapshot[],
    strategy: r.strategy,
    rolledBackFromId: r.rolled_back_from_id,
    operationId: r.operation_id,
    createdAt: r.created_at,
  };
}

export function toEvent(r: EventRow): Event {
  return {
    id: String(r.id),
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    operationId: r.operation_id,
    type: r.type,
    fromState: r.from_state as InstanceState | null,
    toState: r.to_state as InstanceState | null,
    ready: r.ready,
    message: r.message,
    data: r.data,
    actorTokenId: r.actor_token_id,
    occurredAt: r.occurred_at,
  };
}

export function isTerminal(status: OperationStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'canceled';
}
