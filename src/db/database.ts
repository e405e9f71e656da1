import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  Endpoint,
  InstanceState,
  ReadinessPolicy,
  ServiceSnapshot,
  ServiceStatus,
  WorkloadKind,
} from '../providers/provider.js';
import type {
  DesiredState,
  OperationKind,
  OperationParams,
  OperationStatus,
  OperationStep,
  StoredServiceSpec,
} from './stored-shapes.js';

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  snapshots: Json<ServiceSnapshot[]>;
  strategy: string | null;
  rolled_back_from_id: string | null;
  operation_id: string | null;
  created_at: CreatedAt;
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

/** The database as Kysely sees it. */
export interface Database {
  tenants: TenantTable;
  api_tokens: ApiTokenTable;
  instances: InstanceTable;
  operations: OperationTable;
  releases: ReleaseTable;
  events: EventTable;
  secrets: SecretTable;
  routes: RouteTable;
  edge_leases: EdgeLeaseTable;
  edge_certificate_authority: EdgeCertificateAuthorityTable;
}

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
export type NewRelease = Insertable<ReleaseTable>;
export type EventRow = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type SecretRow = Selectable<SecretTable>;
