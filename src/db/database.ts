import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Endpoint, InstanceState, ReadinessPolicy, ServiceStatus } from '../providers/provider.js';
import type { WorkloadKind } from '../providers/service-spec.js';
import type { RenderedSource, SourceType } from '../providers/sources.js';
import type { AuditChainHeadTable, AuditEntryTable } from './audit-tables.js';
import type { VolumeBackupTable } from './backup-tables.js';
import type { ActorColumn, SessionTable, TrustPolicyTable, UserTable } from './identity-tables.js';
import type {
  BuildStatus,
  ConcurrencyPolicy,
  DesiredState,
  JobStatus,
  OperationKind,
  OperationParams,
  OperationStatus,
  OperationStep,
  ScheduledBackup,
  StoredBuildSource,
  StoredBuildSpec,
  StoredRollout,
  StoredServiceSpec,
  StoredSnapshot,
} from './stored-shapes.js';

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A jsonb column of type T (pg parses it; writes pass JSON text). */
export type Json<T> = ColumnType<T, string, string>;
/** A bigserial surfaced by pg as a string. */
type BigSerial = ColumnType<string, never, never>;

export interface TenantTable {
  id: string;
  name: string;
  created_at: CreatedAt;
}

export interface ApiTokenTable {
  id: string;
  tenant_id: string;
  name: string;
  token_hash: string;
  scopes: string[];
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp;
  actor: ActorColumn;
}

export interface InstanceTable {
  id: string;
  tenant_id: string;
  name: string;
  provider_key: string;
  provider_ref: string | null;
  kind: WorkloadKind;
  desired_state: DesiredState;
  state: InstanceState;
  ready: Generated<boolean>;
  restarts: Generated<number>;
  message: string | null;
  started_at: Timestamp;
  endpoints: Json<Endpoint[]>;
  labels: Json<Record<string, string>>;
  services: Json<StoredServiceSpec[]>;
  service_status: Json<Record<string, ServiceStatus>>;
  readiness_policy: Json<ReadinessPolicy> | null;
  current_release_id: string | null;
  generation: Generated<number>;
  observed_generation: Generated<number>;
  version: Generated<number>;
  observed_at: Timestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  destroyed_at: Timestamp;
  /** Which kind of workload (issue 26): `services`, or a source kind. */
  source_type: Generated<SourceType>;
}

export interface OperationTable {
  id: string;
  seq: BigSerial;
  tenant_id: string;
  instance_id: string;
  kind: OperationKind;
  status: OperationStatus;
  readiness_outcome: string | null;
  error_code: string | null;
  error_message: string | null;
  steps: Json<OperationStep[]>;
  params: Json<OperationParams>;
  release_id: string | null;
  attempts: Generated<number>;
  idempotency_key: string | null;
  request_hash: string | null;
  requested_by: string | null;
  cancel_requested: Generated<boolean>;
  /** A canary or blue-green deploy's state (see StoredRollout); null for every other operation. */
  rollout: ColumnType<StoredRollout | null, string | null | undefined, string | null>;
  /** `step` or `full` while a promoteOperation waits for the executor driving the rollout. */
  promote_requested: ColumnType<string | null, string | null | undefined, string | null>;
  lease_owner: string | null;
  lease_expires_at: Timestamp;
  created_at: CreatedAt;
  started_at: Timestamp;
  finished_at: Timestamp;
}

export interface ReleaseTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  version: number;
  snapshots: Json<StoredSnapshot[]>;
  strategy: string | null;
  rolled_back_from_id: string | null;
  operation_id: string | null;
  created_at: CreatedAt;
  source_type: Generated<SourceType>;
  /** The rendered source (documents, or an Argo CD Application's spec); null for services. */
  source: Json<RenderedSource> | null;
}

/** The objects a release applied (its inventory): what the next deploy prunes from. */
export interface ReleaseObjectTable {
  release_id: string;
  tenant_id: string;
  seq: number;
  api_version: string;
  kind: string;
  namespace: string | null;
  name: string;
}

export interface EventTable {
  id: BigSerial;
  tenant_id: string;
  instance_id: string | null;
  operation_id: string | null;
  type: string;
  from_state: InstanceState | null;
  to_state: InstanceState | null;
  ready: boolean | null;
  message: string | null;
  data: Json<unknown> | null;
  actor_token_id: string | null;
  occurred_at: CreatedAt;
  /**
   * The writing transaction's id (xid8, as a decimal string), set by the
   * column's default; 0 for rows written before the log was ordered by it.
   */
  xact: ColumnType<string, never, never>;
}

export interface SecretTable {
  id: string;
  tenant_id: string;
  key: string;
  version: number;
  ciphertext: string;
  iv: string;
  auth_tag: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A route: a stable address (host + path prefix) for one service port of an instance. */
export interface RouteTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  provider: string;
  service: string;
  port: number;
  host: string;
  path_prefix: string;
  custom: boolean;
  url: string;
  tls_source: 'secret' | 'edge_ca' | null;
  tls_secret_key: string | null;
  redirect_http: ColumnType<boolean, boolean | undefined, boolean>;
  tls_issuer: string | null;
  tls_not_after: Timestamp;
  status: ColumnType<
    'pending' | 'active' | 'failed',
    'pending' | 'active' | 'failed' | undefined,
    'pending' | 'active' | 'failed'
  >;
  message: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  /** A blue-green preview: serves only this release's replicas; null for the tenant's own routes. */
  release_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Who drives a provider's edge, until when. */
export interface EdgeLeaseTable {
  name: string;
  owner: string;
  expires_at: Date;
}

/** The installation's edge CA (one row, id `edge`): its certificate, and its key sealed with the vault's key. */
export interface EdgeCertificateAuthorityTable {
  id: string;
  certificate_pem: string;
  key_ciphertext: string;
  key_iv: string;
  key_auth_tag: string;
  created_at: CreatedAt;
}

/** A leaf the edge CA issued for a host (one per host), its key sealed with the vault's key. */
export interface EdgeIssuedCertificateTable {
  host: string;
  certificate_pem: string;
  key_ciphertext: string;
  key_iv: string;
  key_auth_tag: string;
  not_after: Date;
  created_at: CreatedAt;
}

export interface WebhookTable {
  id: string;
  tenant_id: string;
  url: string;
  description: string | null;
  event_types: ColumnType<string[], string | undefined, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  secret_ciphertext: string;
  secret_iv: string;
  secret_auth_tag: string;
  previous_secret_ciphertext: string | null;
  previous_secret_iv: string | null;
  previous_secret_auth_tag: string | null;
  previous_secret_expires_at: Timestamp;
  secret_version: ColumnType<number, number | undefined, number>;
  /** A bigint: the last event id the dispatcher considered (pg returns it as a string). */
  event_cursor: ColumnType<string, string | undefined, string>;
  /** The transaction half of the cursor's position (see event-repository.ts). */
  event_cursor_xact: ColumnType<string, string | undefined, string>;
  failing_since: Timestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Where a delivery stands. */
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryTable {
  id: string;
  seq: BigSerial;
  tenant_id: string;
  webhook_id: string;
  event_id: string | null;
  message_id: string;
  event_type: string;
  payload: string;
  event_occurred_at: ColumnType<Date, Date | string, Date | string>;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  round_attempts: ColumnType<number, number | undefined, number>;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: Timestamp;
  lease_owner: string | null;
  lease_expires_at: Timestamp;
  created_at: CreatedAt;
  delivered_at: Timestamp;
}

/** The database as Kysely sees it. */
export interface Database {
  tenants: TenantTable;
  api_tokens: ApiTokenTable;
  instances: InstanceTable;
  operations: OperationTable;
  releases: ReleaseTable;
  release_objects: ReleaseObjectTable;
  events: EventTable;
  secrets: SecretTable;
  routes: RouteTable;
  edge_leases: EdgeLeaseTable;
  edge_certificate_authority: EdgeCertificateAuthorityTable;
  edge_issued_certificates: EdgeIssuedCertificateTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
  autoscale_states: AutoscaleStateTable;
  autoscale_recommendations: AutoscaleRecommendationTable;
  builds: BuildTable;
  operation_log_lines: LogLineTable;
  jobs: JobTable;
  build_archives: BuildArchiveTable;
  build_archive_chunks: BuildArchiveChunkTable;
  kept_volumes: KeptVolumeTable;
  schedules: ScheduleTable;
  audit_entries: AuditEntryTable;
  audit_chain_heads: AuditChainHeadTable;
  volume_backups: VolumeBackupTable;
  users: UserTable;
  sessions: SessionTable;
  trust_policies: TrustPolicyTable;
}

/**
 * A volume a deprovision kept (issue 39), by its provider name; attached again
 * while `attached_instance_id` is set.
 */
export interface KeptVolumeTable {
  id: string;
  tenant_id: string;
  provider_key: string;
  name: string;
  volume: string;
  service: string | null;
  instance_name: string;
  size_mb: number | null;
  kept_at: CreatedAt;
  attached_instance_id: string | null;
}

/** One build (issue 33): a BUILD operation's record. */
export interface BuildTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  operation_id: string;
  service: string;
  status: BuildStatus;
  spec: Json<StoredBuildSpec>;
  source: Json<StoredBuildSource>;
  archive_id: string | null;
  image: string | null;
  image_digest: string | null;
  steps: number | null;
  cached_steps: number | null;
  release_id: string | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp;
  finished_at: Timestamp;
}

/**
 * One line of an operation's log (a build's, a job's, a release command's);
 * `seq` numbers them from 1 per operation.
 */
export interface LogLineTable {
  operation_id: string;
  seq: number;
  at: ColumnType<Date, Date | string, Date | string>;
  step: number | null;
  line: string;
}

/** One job (issue 35): a command run to completion, as a JOB operation (or a deploy's release command). */
export interface JobTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  operation_id: string;
  /** The schedule that started it (null once the schedule was deleted). */
  schedule_id: string | null;
  /** The cron time it ran for. */
  scheduled_at: Timestamp;
  service: string;
  command: Json<string[]>;
  /** Env added to (and overriding) the service's. */
  env: Json<Record<string, string>>;
  timeout_seconds: number;
  status: JobStatus;
  exit_code: number | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp;
  finished_at: Timestamp;
  /** The platform's id of the run, for a run a platform-run schedule's scheduler started (a CronJob's Job uid). */
  platform_run: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A cron schedule of an instance (issue 35); `next_run_at` is its next tick, claimed by one ticker. */
export interface ScheduleTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  name: string;
  service: string;
  command: Json<string[]>;
  cron: string;
  time_zone: string;
  concurrency: ConcurrencyPolicy;
  timeout_seconds: number;
  starting_deadline_seconds: number;
  history_limit: number;
  suspended: boolean;
  /** A backup schedule's volume, consistency, hook and retention (issue 36); null for a schedule of jobs. */
  backup: ColumnType<ScheduledBackup | null, string | null | undefined, string | null>;
  /** UTC; null while suspended. */
  next_run_at: Timestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** An uploaded build context. */
export interface BuildArchiveTable {
  id: string;
  tenant_id: string;
  sha256: string;
  bytes: ColumnType<string, number | string, number | string>;
  gzip: boolean;
  created_at: CreatedAt;
}

/** A piece of an uploaded archive, in order of `seq`. */
export interface BuildArchiveChunkTable {
  archive_id: string;
  seq: number;
  data: Buffer;
}

/** One autoscaled service: the autoscaler's claim and its last sample and decision. */
export interface AutoscaleStateTable {
  instance_id: string;
  service: string;
  tenant_id: string;
  claimed_at: Timestamp;
  sampled_at: Timestamp;
  current_replicas: number | null;
  desired_replicas: number | null;
  cpu_percent: number | null;
  requests_per_second: number | null;
  /** The edge's request counter at the last sample, for the next sample's rate. */
  requests_total: number | null;
  last_scale_at: Timestamp;
  last_event_at: Timestamp;
  message: string | null;
  /** Scale to zero: since when the edge has counted no request for the service (null: requests lately, or not known). */
  idle_since: Timestamp;
}

/** One recommendation of the stabilization windows' history. */
export interface AutoscaleRecommendationTable {
  id: BigSerial;
  instance_id: string;
  service: string;
  at: CreatedAt;
  replicas: number;
}

export type AutoscaleStateRow = Selectable<AutoscaleStateTable>;
export type AutoscaleStateUpdate = Updateable<AutoscaleStateTable>;

export type TenantRow = Selectable<TenantTable>;
export type RouteRow = Selectable<RouteTable>;
export type NewRoute = Insertable<RouteTable>;
export type ApiTokenRow = Selectable<ApiTokenTable>;
export type NewApiToken = Insertable<ApiTokenTable>;
export type InstanceRow = Selectable<InstanceTable>;
export type NewInstance = Insertable<InstanceTable>;
export type InstanceUpdate = Updateable<InstanceTable>;
export type OperationRow = Selectable<OperationTable>;
export type NewOperation = Insertable<OperationTable>;
export type OperationUpdate = Updateable<OperationTable>;
export type ReleaseRow = Selectable<ReleaseTable>;
export type ReleaseObjectRow = Selectable<ReleaseObjectTable>;
export type NewRelease = Insertable<ReleaseTable>;
export type EventRow = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type SecretRow = Selectable<SecretTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type NewWebhook = Insertable<WebhookTable>;
export type WebhookUpdate = Updateable<WebhookTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type NewWebhookDelivery = Insertable<WebhookDeliveryTable>;
export type BuildRow = Selectable<BuildTable>;
export type NewBuild = Insertable<BuildTable>;
export type KeptVolumeRow = Selectable<KeptVolumeTable>;
export type NewKeptVolume = Insertable<KeptVolumeTable>;
export type LogLineRow = Selectable<LogLineTable>;
export type VolumeBackupRow = Selectable<VolumeBackupTable>;
export type NewVolumeBackup = Insertable<VolumeBackupTable>;
export type JobRow = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;
export type ScheduleRow = Selectable<ScheduleTable>;
export type NewSchedule = Insertable<ScheduleTable>;
export type ScheduleUpdate = Updateable<ScheduleTable>;
