import type { EventRow, InstanceRow, OperationRow, ReleaseRow } from '../db/database.js';
import { eventPosition } from '../db/repositories/event-repository.js';
import type {
  DesiredState,
  OperationKind,
  OperationParams,
  OperationStatus,
  OperationStep,
  StoredRollout,
  StoredServiceSpec,
  StoredSnapshot,
} from '../db/stored-shapes.js';
import type { Endpoint, InstanceState, ReadinessPolicy, ServiceStatus } from '../providers/provider.js';
import type { WorkloadKind } from '../providers/service-spec.js';
import type { RenderedSource, SourceType } from '../providers/sources.js';
import { encodeEventCursor } from './cursor.js';

// The stored shapes are defined beside the table types (db/stored-shapes.ts) so rows come out typed;
// they are the domain's vocabulary too, so the services and the schema take them from here.
export {
  type BuildStatus,
  type DesiredState,
  DesiredStates,
  type JobStatus,
  type OperationKind,
  OperationKinds,
  type OperationParams,
  type OperationStatus,
  OperationStatuses,
  type OperationStep,
  type StoredAnalysisRun,
  type StoredAnalysisSettings,
  type StoredBuildSource,
  type StoredBuildSpec,
  type StoredConfigFile,
  type StoredRollout,
  type StoredRolloutStep,
  type StoredServiceSpec,
  type StoredSnapshot,
} from '../db/stored-shapes.js';

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
  /** `services`, or the kind of source the instance runs (issue 26). */
  sourceType: SourceType;
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
  /** A canary or blue-green deploy's state; null for every other operation. */
  rollout: StoredRollout | null;
  /** `step` or `full` while a promotion waits to be taken. */
  promoteRequested: 'step' | 'full' | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface Release {
  id: string;
  tenantId: string;
  instanceId: string;
  version: number;
  snapshots: StoredSnapshot[];
  strategy: string | null;
  rolledBackFromId: string | null;
  operationId: string | null;
  createdAt: Date;
  /** `services`, or the kind of source this release applied. */
  sourceType: SourceType;
  /** The rendered source (documents or an Application's spec); null for services. */
  source: RenderedSource | null;
}

export interface Event {
  id: string;
  /** Its position in the log's order (event-repository.ts), as the string clients resume after. */
  cursor: string;
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
    kind: r.kind,
    desiredState: r.desired_state,
    state: r.state,
    ready: r.ready,
    restarts: r.restarts,
    message: r.message,
    startedAt: r.started_at,
    endpoints: r.endpoints,
    labels: r.labels,
    services: r.services,
    serviceStatus: r.service_status,
    readinessPolicy: r.readiness_policy ?? null,
    currentReleaseId: r.current_release_id,
    generation: r.generation,
    observedGeneration: r.observed_generation,
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    destroyedAt: r.destroyed_at,
    sourceType: r.source_type ?? 'services',
  };
}

export function toOperation(r: OperationRow): Operation {
  return {
    id: r.id,
    seq: r.seq,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    kind: r.kind,
    status: r.status,
    readinessOutcome: r.readiness_outcome,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? '' } : null,
    steps: r.steps,
    params: r.params,
    releaseId: r.release_id,
    attempts: r.attempts,
    idempotencyKey: r.idempotency_key,
    requestedBy: r.requested_by,
    cancelRequested: r.cancel_requested,
    rollout: r.rollout ?? null,
    promoteRequested: r.promote_requested === 'step' || r.promote_requested === 'full' ? r.promote_requested : null,
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
    snapshots: r.snapshots,
    strategy: r.strategy,
    rolledBackFromId: r.rolled_back_from_id,
    operationId: r.operation_id,
    createdAt: r.created_at,
    sourceType: r.source_type,
    source: r.source ?? null,
  };
}

export function toEvent(r: EventRow): Event {
  return {
    id: String(r.id),
    cursor: encodeEventCursor(eventPosition(r)),
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    operationId: r.operation_id,
    type: r.type,
    fromState: r.from_state,
    toState: r.to_state,
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
