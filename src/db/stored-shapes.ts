/**
 * The shapes Wheelhouse stores in its columns: the value sets of the state
 * and kind columns and the JSON documents in the jsonb ones. They live with
 * the table types so a row read from the database is already typed (no casts
 * in the services); `control/model.ts` exposes them as the domain's vocabulary.
 */
import type { ScaleResources, ServiceSnapshot } from '../providers/provider.js';
import type {
  HealthCheckSpec,
  PortSpec,
  ResourceSpec,
  SecretRef,
  ServiceRole,
  VolumeSpec,
} from '../providers/service-spec.js';

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
  /** Builds one service's image from source (issue 33); see builds / worker/perform-build.ts. */
  build: 'build',
  /** Runs one command to completion in a service's image (issue 35); see jobs / worker/perform-job.ts. */
  job: 'job',
  /** Archives one volume of an instance, encrypted, into the backup store (issue 36); see worker/perform-backup.ts. */
  backup: 'backup',
  /** Writes a backup's archive back into a volume (issue 36); see worker/perform-backup.ts. */
  restore: 'restore',
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

/**
 * A release's record of one service: the snapshot the API shows, and the
 * service's whole stored spec (role, dependsOn, volumes, secrets…), so a
 * rollback can bring back a service a later deploy removed. Releases written
 * before services could be added in place have no `spec`.
 */
export type StoredSnapshot = ServiceSnapshot & { spec?: StoredServiceSpec };

export interface OperationStep {
  name: string;
  status: OperationStatus;
  startedAt: string | null;
  finishedAt: string | null;
  message: string | null;
}

/** How a canary or blue-green rollout judges the new release (AnalysisInput, defaults applied). */
export interface StoredAnalysisSettings {
  maxErrorRate: number;
  maxP99Ms: number | null;
  intervalSeconds: number;
  minRequests: number;
  failureLimit: number;
}

/** One step of a canary: the new release's share of requests, and how long it holds (null: until promoted). */
export interface StoredRolloutStep {
  weight: number;
  pauseSeconds: number | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** One analysis interval: what the edge counted for the new set, and the verdict. */
export interface StoredAnalysisRun {
  at: string;
  requests: number;
  errorRate: number;
  p99Ms: number | null;
  /** False for a failed interval; an inconclusive one (too few requests) passes nothing and fails nothing. */
  passed: boolean;
  message: string | null;
}

/** Where a rollout stands: the `rollout` column of its operation (Operation.rollout in the API). */
export interface StoredRollout {
  strategy: 'canary' | 'blue_green';
  phase: 'progressing' | 'paused' | 'promoting' | 'succeeded' | 'aborted';
  stepIndex: number;
  steps: StoredRolloutStep[];
  /** The share of requests, 0–100, the new release receives now. */
  canaryWeight: number;
  stableReleaseId: string | null;
  newReleaseId: string | null;
  previewUrl: string | null;
  /** The latest analysis runs, oldest first (bounded: see MAX_ANALYSIS_RUNS). */
  analysis: StoredAnalysisRun[];
  abortReason: string | null;
  settings: StoredAnalysisSettings;
  /** Failed analysis intervals so far. */
  failures: number;
  /** The services the rollout splits (each one routed). */
  services: string[];
  /** Blue-green: how long the old set stays after the switch. */
  scaleDownDelaySeconds?: number;
  /** Blue-green: when every request went to the new set (the old set goes scaleDownDelaySeconds after). */
  switchedAt?: string | null;
}

/** What the executor needs to run an operation; written at enqueue, never holds secret values. */
export interface OperationParams {
  /** provision: every service. */
  services?: StoredServiceSpec[];
  /** deploy/rollback: the services that change, as full stored specs after the change. */
  changed?: StoredServiceSpec[];
  /** deploy/rollback: services created in place, as full stored specs. */
  added?: StoredServiceSpec[];
  /** deploy/rollback: services drained and removed in place (their volumes are kept). */
  removed?: string[];
  strategy?: string;
  /** scale */
  service?: string;
  resources?: ScaleResources;
  /** deprovision: also delete the instance's volumes (else they are kept). */
  deleteVolumes?: boolean;
  /** The instance generation this operation brings about. */
  generation?: number;
  /**
   * provision/deploy from source: the builds (ids) queued ahead of this
   * operation whose images it deploys. It runs after them (one operation at a
   * time per instance) and fails without touching the workload unless every
   * one SUCCEEDED; their images were written into its specs by then.
   */
  awaitsBuilds?: string[];
  /**
   * deploy: the job (id) of its release command (issue 35), run in the new
   * release's image before anything of the new release is created; the
   * deploy fails RELEASE_COMMAND_FAILED unless it exits 0.
   */
  releaseJobId?: string;
  /** restore: the backup (id) written back, and the volume (of this operation's instance) it fills. */
  restore?: { backupId: string; volume: string };
}

export const BuildStatuses = {
  queued: 'queued',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
} as const;
export type BuildStatus = (typeof BuildStatuses)[keyof typeof BuildStatuses];

export const JobStatuses = {
  queued: 'queued',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'canceled',
  timed_out: 'timed_out',
  /** A schedule's tick not started before its deadline (recorded, never run late). */
  missed: 'missed',
  /** A schedule's tick skipped while its previous job still ran (concurrency FORBID). */
  skipped: 'skipped',
} as const;
export type JobStatus = (typeof JobStatuses)[keyof typeof JobStatuses];

/** What a schedule's tick does while the schedule's previous job is still queued or running. */
export const ConcurrencyPolicies = {
  /** Runs beside it. */
  allow: 'allow',
  /** Records the tick SKIPPED. */
  forbid: 'forbid',
  /** Cancels it and runs the new one. */
  replace: 'replace',
} as const;
export type ConcurrencyPolicy = (typeof ConcurrencyPolicies)[keyof typeof ConcurrencyPolicies];

/** What a build was asked to do (`builds.spec`): vault keys, never secret values. */
export interface StoredBuildSpec {
  git?: { url: string; ref: string; credentialSecret?: string };
  /** The uploaded archive's digest (its bytes are in build_archives). */
  archive?: { sha256: string };
  contextPath: string;
  dockerfile: string;
  target?: string;
  args: Record<string, string>;
  /** Build secrets: the mount id and the vault key holding its value. */
  secrets: { id: string; secretKey: string }[];
  cpuMillis?: number;
  memoryMb?: number;
  timeoutSeconds: number;
  /** Deploy the image when built (buildService's `deploy`), and how; absent when a provision or deploy waits for it. */
  deploy?: { strategy: string; canary?: unknown; blueGreen?: unknown; requestedBy: string | null };
  /** The provision/deploy operation queued behind this build, which deploys its image. */
  forOperationId?: string;
}

/** Where a build's context came from (`builds.source`, Build.source in the API). */
export interface StoredBuildSource {
  kind: 'git' | 'archive';
  url?: string;
  ref?: string;
  commit?: string;
  archiveSha256?: string;
}

export const VolumeBackupStatuses = {
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  deleted: 'deleted',
} as const;
export type VolumeBackupStatus = (typeof VolumeBackupStatuses)[keyof typeof VolumeBackupStatuses];

/** How a backup keeps the volume consistent while it is read (issue 36). */
export const BackupConsistencies = { live: 'live', stop: 'stop', hook: 'hook' } as const;
export type BackupConsistency = (typeof BackupConsistencies)[keyof typeof BackupConsistencies];

/** HOOK: commands run in `service` before the volume is read and after. */
export interface BackupHook {
  service: string;
  before: string[];
  after: string[];
}

/** How many of a backup schedule's backups retention keeps (issue 36): the last N, and the newest of N days, weeks, months. */
export interface BackupRetention {
  last: number;
  daily: number;
  weekly: number;
  monthly: number;
}

/** A schedule's `backup` (issue 36): what each tick backs up, and how many backups it keeps. */
export interface ScheduledBackup {
  volume: string;
  consistency: BackupConsistency;
  hook: BackupHook | null;
  retention: BackupRetention;
}
