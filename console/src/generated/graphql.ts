/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An instant, as an RFC 3339 string in UTC (`2026-11-29T18:53:06.000Z`). */
  DateTime: { input: string; output: string; }
  /** Arbitrary JSON: a structured event payload. */
  JSON: { input: unknown; output: unknown; }
  /** A file sent with the GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec). */
  Upload: { input: any; output: any; }
};

/** Who did something. */
export type Actor = {
  __typename?: 'Actor';
  /** The token's global id, the person's subject, the policy's id, or the system part's name. */
  id: Scalars['String']['output'];
  /** What kind of caller. */
  kind: ActorKind;
  /** A name for people, when there is one. */
  name?: Maybe<Scalars['String']['output']>;
};

/** What kind of caller an actor is. */
export type ActorKind =
  /** Wheelhouse itself: the supervisor, the autoscaler, git syncs, schedules. */
  | 'SYSTEM'
  /** An API token (its global id and name). */
  | 'TOKEN'
  /** A CI system's token exchanged under a trust policy. */
  | 'TRUST_POLICY'
  /** A person signed in through the OpenID Connect provider. */
  | 'USER';

/** A new route. */
export type AddRouteInput = {
  /** Retry-safe key: the same key and input return the same route. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The route. */
  route: RouteInput;
};

/** The new route. */
export type AddRoutePayload = {
  __typename?: 'AddRoutePayload';
  /** Its instance. */
  instance: Instance;
  /** The route. */
  route: Route;
};

/** The payload, or why it could not be done. */
export type AddRouteResult = AddRoutePayload | CapabilityNotSupportedError | ConflictError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | RateLimitedError | ValidationError;

/** How the new release is judged, from the edge's own counters of its replicas, every interval while it holds a step. */
export type AnalysisInput = {
  /** Failed intervals that abort the rollout. */
  failureLimit?: InputMaybe<Scalars['Int']['input']>;
  /** Seconds between two analysis runs. */
  intervalSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** The largest share of 5xx answers (0–1) an interval may have and pass. */
  maxErrorRate?: InputMaybe<Scalars['Float']['input']>;
  /** The largest p99 response time in ms (1–60000) an interval may have and pass, from the edge's ring of recent responses of the new set. Refused by a provider whose analysis does not measure response times. */
  maxP99Ms?: InputMaybe<Scalars['Int']['input']>;
  /** An interval with fewer requests to the new release is inconclusive: it neither passes nor fails. */
  minRequests?: InputMaybe<Scalars['Int']['input']>;
};

/** One analysis interval: the edge's counters of the new release's replicas, and the verdict. */
export type AnalysisRun = {
  __typename?: 'AnalysisRun';
  /** When the interval ended. */
  at: Scalars['DateTime']['output'];
  /** Share of them answered 5xx (0–1). */
  errorRate: Scalars['Float']['output'];
  /** The verdict in words. */
  message?: Maybe<Scalars['String']['output']>;
  /** p99 latency in ms, when measured. */
  p99Ms?: Maybe<Scalars['Float']['output']>;
  /** True when the interval passed; false when it failed or was inconclusive (see message). */
  passed: Scalars['Boolean']['output'];
  /** Requests the new release answered in the interval. */
  requests: Scalars['Int']['output'];
};

/** An API token. Its secret is shown once, at creation, and stored only as a hash. */
export type ApiToken = Node & {
  __typename?: 'ApiToken';
  /** When it was issued. */
  createdAt: Scalars['DateTime']['output'];
  /** When it stops working, if ever. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** Last authenticated request (to the minute). */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label for people. */
  name: Scalars['String']['output'];
  /** When it was revoked, if it was. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** What the token may do. */
  scopes: Array<Scope>;
};

/** An Argo CD Application named for the instance, in the provider’s Argo namespace. */
export type ArgoCdSourceInput = {
  /** Destination namespace; the provider's namespace when omitted. */
  destNamespace?: InputMaybe<Scalars['String']['input']>;
  /** Destination API server; the in-cluster one when omitted. */
  destServer?: InputMaybe<Scalars['String']['input']>;
  /** Helm parameters. */
  helm?: InputMaybe<ArgoHelmInput>;
  /** Path in the repository. */
  path?: InputMaybe<Scalars['String']['input']>;
  /** Argo CD project; `default` when omitted. */
  project?: InputMaybe<Scalars['String']['input']>;
  /** Repository URL. */
  repoUrl: Scalars['String']['input'];
  /** Sync policy; manual when omitted. */
  syncPolicy?: InputMaybe<ArgoSyncPolicyInput>;
  /** Branch, tag or commit; HEAD when omitted. */
  targetRevision?: InputMaybe<Scalars['String']['input']>;
};

/** Helm parameters of an Argo CD Application's source. */
export type ArgoHelmInput = {
  /** Parameters (name = key). */
  parameters?: InputMaybe<Array<LabelInput>>;
  /** Values files in the repository. */
  valueFiles?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** How Argo CD reconciles the Application. */
export type ArgoSyncPolicyInput = {
  /** Sync automatically. */
  automated?: InputMaybe<Scalars['Boolean']['input']>;
  /** Delete what the repository no longer has. */
  prune?: InputMaybe<Scalars['Boolean']['input']>;
  /** Undo changes made in the cluster. */
  selfHeal?: InputMaybe<Scalars['Boolean']['input']>;
};

/** One recorded act: a mutation (allowed or refused) or a change Wheelhouse made on its own. Append-only, chained by hash. */
export type AuditEntry = Node & {
  __typename?: 'AuditEntry';
  /** The mutation’s name, or what the system did (autoscaler.scale, supervisor.heal, schedule.tick). */
  action: Scalars['String']['output'];
  /** Who acted. */
  actor: Actor;
  /** When it was recorded. */
  at: Scalars['DateTime']['output'];
  /** The typed error’s name (ForbiddenError, ValidationError…) when it did not succeed. */
  errorType?: Maybe<Scalars['String']['output']>;
  /** sha256 over the previous entry's hash and this entry's canonical JSON. */
  hash: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The caller’s address, as the server saw it. */
  ip?: Maybe<Scalars['String']['output']>;
  /** How it ended. */
  outcome: AuditOutcome;
  /** The previous entry's hash (64 zeros for the tenant's first). */
  previousHash: Scalars['String']['output'];
  /** The id of the request that did it. */
  requestId?: Maybe<Scalars['String']['output']>;
  /** Global ids of the objects acted on (never an argument’s value). */
  targetIds: Array<Scalars['ID']['output']>;
};

/** Narrows the audit log (all given filters apply). */
export type AuditFilter = {
  /** Only this action (a mutation name such as createApiToken). */
  action?: InputMaybe<Scalars['String']['input']>;
  /** Only this actor's (a token's global id, or a system part such as autoscaler). */
  actorId?: InputMaybe<Scalars['String']['input']>;
  /** Only entries recorded at or after this time. */
  since?: InputMaybe<Scalars['DateTime']['input']>;
  /** Only entries that name this object (global id). */
  targetId?: InputMaybe<Scalars['ID']['input']>;
  /** Only entries recorded before this time. */
  until?: InputMaybe<Scalars['DateTime']['input']>;
};

/** How a recorded act ended. */
export type AuditOutcome =
  /** It was refused or failed (errorType says how). */
  | 'ERROR'
  /** It was done. */
  | 'OK';

/** The outcome of recomputing the tenant's hash chain. */
export type AuditVerification = {
  __typename?: 'AuditVerification';
  /** Entries checked (up to the first invalid one). */
  entries: Scalars['Int']['output'];
  /** The first entry altered or removed in the database (a removed one is named by the id it had). */
  firstInvalidId?: Maybe<Scalars['ID']['output']>;
  /** Every entry is as written and none is missing. */
  valid: Scalars['Boolean']['output'];
};

/** Replicas that follow the load between minReplicas and maxReplicas, by the HPA rule (desired = ceil(current × observed / target), 10 % tolerance). At least one target. */
export type AutoscaleInput = {
  /** Most replicas (up to the replica cap, 50). */
  maxReplicas: Scalars['Int']['input'];
  /** Fewest replicas (1–50; 0, scale to zero, only for a routed service). */
  minReplicas: Scalars['Int']['input'];
  /** Scale down only to the highest recommendation of this window (0–3600 s). */
  scaleDownStabilizationSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Scale up only to the lowest recommendation of this window (0–3600 s). */
  scaleUpStabilizationSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** CPU per replica, in percent of the service's cpuMillis (of one core when unset), 1–100. */
  targetCpuPercent?: InputMaybe<Scalars['Int']['input']>;
  /** Requests per second per replica, measured at the edge. */
  targetRequestsPerSecond?: InputMaybe<Scalars['Float']['input']>;
};

/** A service's autoscaling policy (defaults applied). */
export type AutoscalePolicy = {
  __typename?: 'AutoscalePolicy';
  /** Most replicas. */
  maxReplicas: Scalars['Int']['output'];
  /** Fewest replicas. */
  minReplicas: Scalars['Int']['output'];
  /** Scale-down stabilization window in seconds. */
  scaleDownStabilizationSeconds: Scalars['Int']['output'];
  /** Scale-up stabilization window in seconds. */
  scaleUpStabilizationSeconds: Scalars['Int']['output'];
  /** Target CPU per replica, percent of the service's cpuMillis (of one core when unset). */
  targetCpuPercent?: Maybe<Scalars['Int']['output']>;
  /** Target requests per second per replica. */
  targetRequestsPerSecond?: Maybe<Scalars['Float']['output']>;
};

/** The autoscaler's last sample and decision for a service (on Kubernetes: its HPA's status). */
export type AutoscaleStatus = {
  __typename?: 'AutoscaleStatus';
  /** Last CPU sample, percent of cpuMillis averaged over replicas. */
  cpuPercent?: Maybe<Scalars['Float']['output']>;
  /** Replicas when last sampled. */
  currentReplicas: Scalars['Int']['output'];
  /** Replicas last decided. */
  desiredReplicas: Scalars['Int']['output'];
  /** When the autoscaler last changed the replicas. */
  lastScaleAt?: Maybe<Scalars['DateTime']['output']>;
  /** Why it decided so, or why it could not. */
  message?: Maybe<Scalars['String']['output']>;
  /** Last requests-per-second sample per replica. */
  requestsPerSecond?: Maybe<Scalars['Float']['output']>;
};

/** How a backup keeps the volume consistent while it reads it. */
export type BackupConsistency =
  /** The hook's `before` command runs in its service, the volume is copied, then `after`; nothing is stopped. */
  | 'HOOK'
  /** Copied as is while the services write to it: a crash-consistent copy at best. */
  | 'LIVE'
  /** The services mounting the volume are stopped (routed ones drained first) and started again after, whichever way the copy ends. */
  | 'STOP';

/** Commands run in a service around a HOOK backup. */
export type BackupHook = {
  __typename?: 'BackupHook';
  /** Run after the volume was read (empty: none). */
  after: Array<Scalars['String']['output']>;
  /** Run before the volume is read (empty: none). */
  before: Array<Scalars['String']['output']>;
  /** The service the commands run in. */
  service: Scalars['String']['output'];
};

/** Commands run in a service around a HOOK backup (e.g. a dump or a freeze, then a thaw). */
export type BackupHookInput = {
  /** One command and its arguments, run after the volume was read (also when the copy failed). */
  after?: InputMaybe<Array<Scalars['String']['input']>>;
  /** One command and its arguments, run before the volume is read; a non-zero exit fails the backup. */
  before?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The service the commands run in (as exec does). */
  service: Scalars['String']['input'];
};

/** How many of a backup schedule's backups are kept (see BackupRetentionInput). */
export type BackupRetention = {
  __typename?: 'BackupRetention';
  /** The newest of each of the last N days that have one. */
  daily: Scalars['Int']['output'];
  /** The newest N. */
  last: Scalars['Int']['output'];
  /** The newest of each of the last N months that have one. */
  monthly: Scalars['Int']['output'];
  /** The newest of each of the last N ISO weeks that have one. */
  weekly: Scalars['Int']['output'];
};

/** How many of a backup schedule's backups are kept (restic/borg semantics, in the schedule's time zone); every other one is deleted, archive and record, after each of its backups succeeds. At least one count above 0. */
export type BackupRetentionInput = {
  /** The newest backup of each of the last N days that have one. */
  daily?: InputMaybe<Scalars['Int']['input']>;
  /** The newest N backups (0 to 1000). */
  last?: InputMaybe<Scalars['Int']['input']>;
  /** The newest backup of each of the last N months that have one. */
  monthly?: InputMaybe<Scalars['Int']['input']>;
  /** The newest backup of each of the last N ISO weeks (Monday to Sunday) that have one. */
  weekly?: InputMaybe<Scalars['Int']['input']>;
};

/** One volume of an instance to back up. */
export type BackupVolumeInput = {
  /** How the volume is kept consistent while it is read (STOP by default). */
  consistency?: InputMaybe<BackupConsistency>;
  /** For HOOK: the service and its before/after commands. */
  hook?: InputMaybe<BackupHookInput>;
  /** Retry-safe key: the same key and input return the same backup. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The volume's name in the service specs. */
  volume: Scalars['String']['input'];
  /** Return only once the backup has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The backup, running (or ended, with wait), and its operation. */
export type BackupVolumePayload = {
  __typename?: 'BackupVolumePayload';
  /** The backup. */
  backup: VolumeBackup;
  /** Its BACKUP operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type BackupVolumeResult = BackupVolumePayload | CapabilityNotSupportedError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | RateLimitedError | ValidationError;

/** A blue-green release: the full new set at a preview address, switched over at once on promotion. */
export type BlueGreenInput = {
  /** How the preview is judged. */
  analysis?: InputMaybe<AnalysisInput>;
  /** Promote after this long when its analysis passes; absent: wait. */
  autoPromoteSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** How long the old set stays after the switch, for an instant way back. */
  scaleDownDelaySeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** One build of a service's image from a git commit or an uploaded archive (an operation of kind BUILD). */
export type Build = Node & {
  __typename?: 'Build';
  /** Of those, answered from the cache. */
  cachedSteps?: Maybe<Scalars['Int']['output']>;
  /** Queued. */
  createdAt: Scalars['DateTime']['output'];
  /** Why it failed: the step, and the builder's words. */
  error?: Maybe<Scalars['String']['output']>;
  /** Ended. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** The reference built, e.g. 127.0.0.1:5000/wh/default/shop/web:3f2a… */
  image?: Maybe<Scalars['String']['output']>;
  /** sha256:… of the image. */
  imageDigest?: Maybe<Scalars['String']['output']>;
  /** The instance. */
  instance: Instance;
  /** Its log lines, oldest first (keyset on the line number). */
  logs: BuildLogConnection;
  /** The BUILD operation that runs it. */
  operation: Operation;
  /** The release that deployed it. */
  release?: Maybe<Release>;
  /** The service the image is for. */
  service: Scalars['String']['output'];
  /** What it builds from. */
  source: BuildSource;
  /** First started. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is. */
  status: BuildStatus;
  /** Build steps run. */
  steps?: Maybe<Scalars['Int']['output']>;
};


/** One build of a service's image from a git commit or an uploaded archive (an operation of kind BUILD). */
export type BuildLogsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of an operation's log lines. */
export type BuildLogConnection = {
  __typename?: 'BuildLogConnection';
  edges: Array<BuildLogEdge>;
  pageInfo: PageInfo;
};

/** A log line and its cursor. */
export type BuildLogEdge = {
  __typename?: 'BuildLogEdge';
  cursor: Scalars['String']['output'];
  node: BuildLogLine;
};

/** One line of a build's output. */
export type BuildLogLine = {
  __typename?: 'BuildLogLine';
  /** When the line was recorded. */
  at: Scalars['DateTime']['output'];
  /** Pass as `after` to resume right after this line. */
  cursor: Scalars['String']['output'];
  /** The text, without its newline; no secret value. */
  line: Scalars['String']['output'];
  /** The build step (1-based) it belongs to, when known. */
  step?: Maybe<Scalars['Int']['output']>;
};

/** A build secret: mounted by RUN --mount=type=secret,id=<id>; never in a layer or the history. */
export type BuildSecretInput = {
  /** The id the Dockerfile mounts. */
  id: Scalars['String']['input'];
  /** The vault key holding its value. */
  secretKey: Scalars['String']['input'];
};

/** A build of one service and, unless deploy is false, its deploy. */
export type BuildServiceInput = {
  /** Strategy BLUE_GREEN: its promotion and delays. */
  blueGreen?: InputMaybe<BlueGreenInput>;
  /** What to build. */
  build: BuildSpecInput;
  /** Strategy CANARY: its steps and analysis. */
  canary?: InputMaybe<CanaryInput>;
  /** Deploy the image as a new release once built. */
  deploy?: InputMaybe<Scalars['Boolean']['input']>;
  /** Retry-safe key: the same key and input return the same build. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The service the image is for. */
  service: Scalars['String']['input'];
  /** The deploy's strategy. */
  strategy?: InputMaybe<DeployStrategy>;
  /** Return only once the build has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The build, queued (or ended, with wait), and its operation. */
export type BuildServicePayload = {
  __typename?: 'BuildServicePayload';
  /** The build. */
  build: Build;
  /** Its BUILD operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type BuildServiceResult = BuildServicePayload | CapabilityNotSupportedError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | RateLimitedError | ValidationError;

/** What a build was built from. */
export type BuildSource = {
  __typename?: 'BuildSource';
  /** ARCHIVE: the uploaded archive's sha256 (hex). */
  archiveSha256?: Maybe<Scalars['String']['output']>;
  /** GIT: the commit the ref resolved to (40 hex), once fetched. */
  commit?: Maybe<Scalars['String']['output']>;
  /** GIT or ARCHIVE. */
  kind: BuildSourceKind;
  /** GIT: the ref asked for. */
  ref?: Maybe<Scalars['String']['output']>;
  /** GIT: the repository, without credentials. */
  url?: Maybe<Scalars['String']['output']>;
};

/** Where a build context comes from: exactly one of git or archive. */
export type BuildSourceInput = {
  /** A tar or tar.gz of the context (a GraphQL multipart request). */
  archive?: InputMaybe<Scalars['Upload']['input']>;
  /** A git repository at a ref. */
  git?: InputMaybe<GitRefInput>;
};

/** Where a build context came from. */
export type BuildSourceKind =
  /** An uploaded tar or tar.gz. */
  | 'ARCHIVE'
  /** A git repository at a ref. */
  | 'GIT';

/** How to build an image from source. */
export type BuildSpecInput = {
  /** Build arguments (visible in the image's history: not for secrets). */
  args?: InputMaybe<Array<EnvVarInput>>;
  /** The context, inside the source; never escapes it. */
  contextPath?: InputMaybe<Scalars['String']['input']>;
  /** CPU limit of the build's steps, in thousandths of a core. */
  cpuMillis?: InputMaybe<Scalars['Int']['input']>;
  /** The Dockerfile, relative to contextPath. */
  dockerfile?: InputMaybe<Scalars['String']['input']>;
  /** Memory limit of the build's steps, in MiB. */
  memoryMb?: InputMaybe<Scalars['Int']['input']>;
  /** Build secrets from the vault. */
  secrets?: InputMaybe<Array<BuildSecretInput>>;
  /** The context. */
  source: BuildSourceInput;
  /** A multi-stage target. */
  target?: InputMaybe<Scalars['String']['input']>;
  /** Stopped and FAILED after this long. */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** Where a build is. */
export type BuildStatus =
  /** Canceled. */
  | 'CANCELED'
  /** Failed: see error. */
  | 'FAILED'
  /** Waiting its turn (behind the instance, or for a build slot). */
  | 'QUEUED'
  /** Building. */
  | 'RUNNING'
  /** Built: see image. */
  | 'SUCCEEDED';

/** A canary: the new release takes each step’s share of the service’s requests, then 100 %. */
export type CanaryInput = {
  /** How each interval is judged (defaults apply). */
  analysis?: InputMaybe<AnalysisInput>;
  /** The steps, in order. */
  steps: Array<CanaryStepInput>;
};

/** One step of a canary. */
export type CanaryStepInput = {
  /** How long the step holds; absent: until promoteOperation. */
  pauseSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** The new release's share of requests, 1–99 %. */
  weight: Scalars['Int']['input'];
};

/** An operation to cancel. */
export type CancelOperationInput = {
  /** The operation (global id). */
  operationId: Scalars['ID']['input'];
};

/** The operation: canceled if it had not started, else asked to stop. */
export type CancelOperationPayload = {
  __typename?: 'CancelOperationPayload';
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type CancelOperationResult = CancelOperationPayload | ForbiddenError | InvalidStateError | NotFoundError | RateLimitedError;

/** What a provider can do; the seed string is `CapabilityInfo.id`. */
export type Capability =
  /** The provider supports autoscaling. */
  | 'AUTOSCALE'
  /** The provider's Docker Engine builds images from source (a git commit or an uploaded archive). */
  | 'BUILD'
  /** The provider supports custom domains. */
  | 'CUSTOM_DOMAINS'
  /** The provider can deploy releases. */
  | 'DEPLOY'
  /** The provider can execute commands in instances. */
  | 'EXEC'
  /** The provider supports GPU workloads. */
  | 'GPU'
  /** The provider runs commands to completion in a service's image (jobs, release commands). */
  | 'JOBS'
  /** The provider can stream logs. */
  | 'LOGS'
  /** The provider can create infrastructure. */
  | 'PROVISION'
  /** The provider can adjust resources. */
  | 'SCALE'
  /** The provider runs jobs on a cron schedule (time zones, concurrency policy, starting deadline). */
  | 'SCHEDULES'
  /** The provider can manage an Argo CD Application source. */
  | 'SOURCE_ARGOCD'
  /** The provider can deploy a Helm chart source. */
  | 'SOURCE_HELM'
  /** The provider can apply raw/kustomize manifests. */
  | 'SOURCE_MANIFESTS'
  /** The provider supports blue-green deployments. */
  | 'STRATEGY_BLUE_GREEN'
  /** The provider supports canary deployments. */
  | 'STRATEGY_CANARY'
  /** The provider supports rolling deployments. */
  | 'STRATEGY_ROLLING'
  /** The provider supports TLS termination. */
  | 'TLS'
  /** The provider supports persistent volumes. */
  | 'VOLUMES'
  /** The provider reads and writes an instance's volumes for encrypted backups and restores (backupVolume, restoreVolume). */
  | 'VOLUME_BACKUP';

/** A capability and the providers that have it. */
export type CapabilityInfo = {
  __typename?: 'CapabilityInfo';
  /** The capability. */
  capability: Capability;
  /** What it means. */
  description: Scalars['String']['output'];
  /** The seed's string, e.g. `strategy:blue-green`. */
  id: Scalars['String']['output'];
  /** Providers that declare it. */
  providers: Array<Provider>;
};

/** The instance's provider does not declare the capability this needs. */
export type CapabilityNotSupportedError = Error & {
  __typename?: 'CapabilityNotSupportedError';
  /** The missing capability. */
  capability: Capability;
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The provider's registry key. */
  provider: Scalars['String']['output'];
};

/** What a schedule's tick does while its previous job is still queued or running. */
export type ConcurrencyPolicy =
  /** Runs beside it. */
  | 'ALLOW'
  /** Records the tick SKIPPED. */
  | 'FORBID'
  /** Cancels it (as cancelOperation) and runs the new one. */
  | 'REPLACE';

/** A config file placed in the service before it starts. Its content is kept in the vault, never shown. */
export type ConfigFile = {
  __typename?: 'ConfigFile';
  /** Format. */
  format: ConfigFormat;
  /** Name. */
  name: Scalars['String']['output'];
  /** Absolute path in the container. */
  path: Scalars['String']['output'];
};

/** A config file to place in the service; its content is stored in the vault. */
export type ConfigFileInput = {
  /** Content (up to 256 KiB). */
  content: Scalars['String']['input'];
  /** Format. */
  format?: InputMaybe<ConfigFormat>;
  /** DNS-safe name. */
  name: Scalars['String']['input'];
  /** Absolute path in the container. */
  path: Scalars['String']['input'];
};

/** How a config file's content is to be read. */
export type ConfigFormat =
  /** KEY=value lines. */
  | 'ENV'
  /** JSON. */
  | 'JSON'
  /** Plain text. */
  | 'TEXT'
  /** YAML. */
  | 'YAML';

/** Someone changed the object first (stale expectedVersion), or the name is taken. */
export type ConflictError = Error & {
  __typename?: 'ConflictError';
  /** The version the object has now. */
  currentVersion?: Maybe<Scalars['Int']['output']>;
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** A new API token. */
export type CreateApiTokenInput = {
  /** When it stops working. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** A label for people. */
  name: Scalars['String']['input'];
  /** Scopes to grant; you can only grant scopes you hold. */
  scopes: Array<Scope>;
  /** The tenant (global id); your own when omitted. Another tenant needs SYSTEM. */
  tenantId?: InputMaybe<Scalars['ID']['input']>;
};

/** The new token. `token` is its secret: shown now and never again. */
export type CreateApiTokenPayload = {
  __typename?: 'CreateApiTokenPayload';
  /** The token's record. */
  apiToken: ApiToken;
  /** The bearer secret. Store it now; it cannot be shown again. */
  token: Scalars['String']['output'];
};

/** The payload, or why it could not be done. */
export type CreateApiTokenResult = CreateApiTokenPayload | ForbiddenError | NotFoundError | RateLimitedError | ValidationError;

/** A new schedule on an instance. */
export type CreateScheduleInput = {
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The schedule. */
  schedule: ScheduleSpecInput;
};

/** The new schedule. */
export type CreateSchedulePayload = {
  __typename?: 'CreateSchedulePayload';
  /** The schedule. */
  schedule: Schedule;
};

/** The payload, or why it could not be done. */
export type CreateScheduleResult = CapabilityNotSupportedError | ConflictError | CreateSchedulePayload | ForbiddenError | NotFoundError | RateLimitedError | ValidationError;

/** A new tenant. */
export type CreateTenantInput = {
  /** DNS-safe, unique. */
  name: Scalars['String']['input'];
};

/** The created tenant. */
export type CreateTenantPayload = {
  __typename?: 'CreateTenantPayload';
  /** The new tenant. */
  tenant: Tenant;
};

/** The payload, or why it could not be done. */
export type CreateTenantResult = ConflictError | CreateTenantPayload | ForbiddenError | RateLimitedError | ValidationError;

/** A new trust policy. */
export type CreateTrustPolicyInput = {
  /** The audience the CI requests its token for. */
  audience: Scalars['String']['input'];
  /** e.g. https://token.actions.githubusercontent.com */
  issuer: Scalars['String']['input'];
  /** A label for people. */
  name: Scalars['String']['input'];
  /** What exchanged tokens may do: never SYSTEM, never wider than yours. */
  scopes: Array<Scope>;
  /** A glob over `sub`, e.g. repo:acme/shop:ref:refs/heads/main. */
  subjectPattern: Scalars['String']['input'];
  /** How long an exchanged token lives (60 to 43200 seconds). */
  tokenTtlSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** The created trust policy. */
export type CreateTrustPolicyPayload = {
  __typename?: 'CreateTrustPolicyPayload';
  /** The new policy. */
  trustPolicy: TrustPolicy;
};

/** The payload, or why it could not be done. */
export type CreateTrustPolicyResult = CreateTrustPolicyPayload | ForbiddenError | RateLimitedError | ValidationError;

/** A new webhook. */
export type CreateWebhookInput = {
  /** A note for people (at most 500 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Types to receive: exact (operation.succeeded) or a prefix (operation.*); none or empty for every event. */
  eventTypes?: InputMaybe<Array<Scalars['String']['input']>>;
  /** An http or https URL. A literal private, loopback or metadata address is refused here; a name is checked each time it is connected to. */
  url: Scalars['String']['input'];
};

/** The new webhook and its signing secret, shown only here. */
export type CreateWebhookPayload = {
  __typename?: 'CreateWebhookPayload';
  /** whsec_ and base64 of 32 random bytes: what receivers verify signatures with. Shown only now. */
  signingSecret: Scalars['String']['output'];
  /** The webhook. */
  webhook: Webhook;
};

/** The payload, or why it could not be done. */
export type CreateWebhookResult = CreateWebhookPayload | ForbiddenError | RateLimitedError | ValidationError;

/** A kept volume to delete, data and all. */
export type DeleteKeptVolumeInput = {
  /** The kept volume's global id. */
  id: Scalars['ID']['input'];
};

/** The volume is gone from its provider, and from the kept volumes. */
export type DeleteKeptVolumePayload = {
  __typename?: 'DeleteKeptVolumePayload';
  /** The global id it had. */
  id: Scalars['ID']['output'];
};

/** The payload, or why it could not be done. */
export type DeleteKeptVolumeResult = ConflictError | DeleteKeptVolumePayload | ForbiddenError | NotFoundError | ProviderUnavailableError | RateLimitedError;

/** The schedule to delete. */
export type DeleteScheduleInput = {
  /** The schedule (global id). */
  id: Scalars['ID']['input'];
};

/** The deleted schedule (its jobs stay). */
export type DeleteSchedulePayload = {
  __typename?: 'DeleteSchedulePayload';
  /** The deleted schedule's global id. */
  id: Scalars['ID']['output'];
};

/** The payload, or why it could not be done. */
export type DeleteScheduleResult = DeleteSchedulePayload | ForbiddenError | NotFoundError | RateLimitedError;

/** A secret to delete. */
export type DeleteSecretInput = {
  /** The secret's key. */
  key: Scalars['String']['input'];
};

/** The secret is gone. */
export type DeleteSecretPayload = {
  __typename?: 'DeleteSecretPayload';
  /** The key that was deleted. */
  key: Scalars['String']['output'];
};

/** The payload, or why it could not be done. */
export type DeleteSecretResult = DeleteSecretPayload | ForbiddenError | NotFoundError | RateLimitedError;

/** A trust policy to delete. */
export type DeleteTrustPolicyInput = {
  /** The policy's global id. */
  id: Scalars['ID']['input'];
};

/** The deleted trust policy. */
export type DeleteTrustPolicyPayload = {
  __typename?: 'DeleteTrustPolicyPayload';
  /** The deleted policy's global id. */
  id: Scalars['ID']['output'];
};

/** The payload, or why it could not be done. */
export type DeleteTrustPolicyResult = DeleteTrustPolicyPayload | ForbiddenError | NotFoundError | RateLimitedError;

/** A backup to delete. */
export type DeleteVolumeBackupInput = {
  /** The backup (global id). */
  id: Scalars['ID']['input'];
};

/** The backup deleted: its archive and its record. */
export type DeleteVolumeBackupPayload = {
  __typename?: 'DeleteVolumeBackupPayload';
  /** The global id it had. */
  id: Scalars['ID']['output'];
};

/** The payload, or why it could not be done. */
export type DeleteVolumeBackupResult = CapabilityNotSupportedError | DeleteVolumeBackupPayload | ForbiddenError | NotFoundError | RateLimitedError;

/** A webhook to delete, with its delivery log. */
export type DeleteWebhookInput = {
  /** The webhook's global id. */
  webhookId: Scalars['ID']['input'];
};

/** The webhook is gone, with its deliveries. */
export type DeleteWebhookPayload = {
  __typename?: 'DeleteWebhookPayload';
  /** The global id it had. */
  webhookId: Scalars['ID']['output'];
};

/** The payload, or why it could not be done. */
export type DeleteWebhookResult = DeleteWebhookPayload | ForbiddenError | NotFoundError | RateLimitedError;

/** A partial deploy: only the listed services change. */
export type DeployInstanceInput = {
  /** Services to create in place, with their whole specs, beside the others (which keep running untouched). ROLLING or RECREATE only. */
  addServices?: InputMaybe<Array<ServiceSpecInput>>;
  /** Strategy BLUE_GREEN: its promotion and delays. */
  blueGreen?: InputMaybe<BlueGreenInput>;
  /** Strategy CANARY: its steps and analysis (on Docker, every service routed). */
  canary?: InputMaybe<CanaryInput>;
  /** Fail with ConflictError unless the instance is at this version. */
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  /** Retry-safe key. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** Runs first, as a job in the new release's image (a migration): the deploy goes on only if it exits 0. */
  releaseCommand?: InputMaybe<ReleaseCommandInput>;
  /** Services to drain and remove in place; their volumes are kept. Refused while a route reaches one or a remaining service depends on it. */
  removeServices?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The services that change. */
  services: Array<ServiceDeployInput>;
  /** A new source for a source instance (then services is []). */
  source?: InputMaybe<WorkloadSourceInput>;
  /** Replacement strategy. */
  strategy?: InputMaybe<DeployStrategy>;
  /** Return only once the operation has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The deploy operation, queued (or ended, with wait). */
export type DeployInstancePayload = {
  __typename?: 'DeployInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type DeployInstanceResult = CapabilityNotSupportedError | ConflictError | DeployInstancePayload | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | ValidationError;

/** How a deploy replaces running replicas. */
export type DeployStrategy =
  /** Start a full new set, then switch (needs the capability). */
  | 'BLUE_GREEN'
  /** Shift gradually (needs the capability). */
  | 'CANARY'
  /** Stop the old, then start the new. */
  | 'RECREATE'
  /** One replica at a time, each healthy before the next. */
  | 'ROLLING';

/** The deprovision operation, queued (or ended, with wait). */
export type DeprovisionInstancePayload = {
  __typename?: 'DeprovisionInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type DeprovisionInstanceResult = ConflictError | DeprovisionInstancePayload | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | ValidationError;

/** The state Wheelhouse holds an instance in. */
export type DesiredState =
  /** Should be torn down. */
  | 'DESTROYED'
  /** Should be up. */
  | 'RUNNING'
  /** Should be stopped. */
  | 'STOPPED';

/** A provider's edge: where routed services are served. */
export type Edge = {
  __typename?: 'Edge';
  /** PEM of the CA that signs the certificates the edge issues itself. */
  caCertificate?: Maybe<Scalars['String']['output']>;
  /** Generated hosts are <service>-<instance>-<tenant>.<domain>. */
  domain: Scalars['String']['output'];
  /** Whether it serves now. */
  healthy: Scalars['Boolean']['output'];
  /** Where plain HTTP is served, e.g. http://127.0.0.1:8080. */
  httpAddress?: Maybe<Scalars['String']['output']>;
  /** Where HTTPS is served, e.g. https://127.0.0.1:8443. */
  httpsAddress?: Maybe<Scalars['String']['output']>;
  /** `haproxy` (Docker), `ingress` (Kubernetes). */
  kind: Scalars['String']['output'];
  /** Why not, when unhealthy. */
  message?: Maybe<Scalars['String']['output']>;
};

/** A way to reach an instance. */
export type Endpoint = {
  __typename?: 'Endpoint';
  /** Port. */
  port: Scalars['Int']['output'];
  /** Protocol. */
  protocol: Scalars['String']['output'];
  /** Reachable from outside the provider. */
  public: Scalars['Boolean']['output'];
  /** The service behind it. */
  serviceName?: Maybe<Scalars['String']['output']>;
  /** URL, e.g. http://127.0.0.1:49153. */
  url: Scalars['String']['output'];
};

/** An environment variable (plain configuration; secrets are SecretRefs). */
export type EnvVar = {
  __typename?: 'EnvVar';
  /** Variable name. */
  name: Scalars['String']['output'];
  /** Value. */
  value: Scalars['String']['output'];
};

/** An environment variable. */
export type EnvVarInput = {
  /** Name: letters, digits and "_". */
  name: Scalars['String']['input'];
  /** Value (up to 32 KiB). */
  value: Scalars['String']['input'];
};

/** An expected failure, returned as a member of a mutation result union. */
export type Error = {
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** One fact, appended once: a transition, an operation step, a release, a write. Its cursor orders them. */
export type Event = Node & {
  __typename?: 'Event';
  /** Who caused it: the token recorded with it or the token that queued its operation, else Wheelhouse itself (SYSTEM). */
  actor: Actor;
  /** Pass as `after` to resume right after this event. */
  cursor: Scalars['String']['output'];
  /** Structured detail (never a secret value). */
  data?: Maybe<Scalars['JSON']['output']>;
  /** State before a transition. */
  fromState?: Maybe<InstanceState>;
  id: Scalars['ID']['output'];
  /** The instance it is about. */
  instance?: Maybe<Instance>;
  /** Human-readable summary. */
  message?: Maybe<Scalars['String']['output']>;
  /** When. */
  occurredAt: Scalars['DateTime']['output'];
  /** The operation it belongs to. */
  operation?: Maybe<Operation>;
  /** Readiness after a transition. */
  ready?: Maybe<Scalars['Boolean']['output']>;
  /** State after a transition. */
  toState?: Maybe<InstanceState>;
  /** E.g. instance.state_changed, service.state_changed, operation.succeeded. */
  type: Scalars['String']['output'];
};

/** Narrows an event feed. */
export type EventFilter = {
  /** Only this instance (global id). */
  instanceId?: InputMaybe<Scalars['ID']['input']>;
  /** Only these types. */
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A command to run inside a service. */
export type ExecInstanceInput = {
  /** Argv. */
  command: Array<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The service; MAIN when omitted. */
  service?: InputMaybe<Scalars['String']['input']>;
  /** Fed to the command's standard input. */
  stdin?: InputMaybe<Scalars['String']['input']>;
  /** Killed after (default 30, max 300); exit code 124. */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** What the command did. */
export type ExecInstancePayload = {
  __typename?: 'ExecInstancePayload';
  /** Exit code (124 when it timed out). */
  exitCode: Scalars['Int']['output'];
  /** Standard error. */
  stderr: Scalars['String']['output'];
  /** Standard output. */
  stdout: Scalars['String']['output'];
};

/** The payload, or why it could not be done. */
export type ExecInstanceResult = CapabilityNotSupportedError | ExecInstancePayload | ForbiddenError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | ValidationError;

/** One problem with one input field. */
export type FieldError = {
  __typename?: 'FieldError';
  /** What is wrong with the value. */
  message: Scalars['String']['output'];
  /** Path from the argument root, e.g. ["input","services","1","ports","0","host"]. */
  path: Array<Scalars['String']['output']>;
};

/** The token lacks a scope this needs. */
export type ForbiddenError = Error & {
  __typename?: 'ForbiddenError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The scope that is missing. */
  requiredScope?: Maybe<Scope>;
};

/** A git repository at a ref. */
export type GitRefInput = {
  /** A vault key holding an https token or an SSH private key. */
  credentialSecret?: InputMaybe<Scalars['String']['input']>;
  /** A branch, a tag or a commit sha. */
  ref?: InputMaybe<Scalars['String']['input']>;
  /** https://… or ssh://… (git@host:path too); file:// only where WHEELHOUSE_GIT_ALLOW_LOCAL=true. */
  url: Scalars['String']['input'];
};

/** How readiness is checked: HTTP GET of path on port, or a TCP connect when path is unset. */
export type HealthCheck = {
  __typename?: 'HealthCheck';
  /** Seconds between checks. */
  intervalSeconds?: Maybe<Scalars['Int']['output']>;
  /** HTTP path. */
  path?: Maybe<Scalars['String']['output']>;
  /** Port to check. */
  port: Scalars['Int']['output'];
  /** Failures before unhealthy. */
  retries?: Maybe<Scalars['Int']['output']>;
  /** Seconds before a check fails. */
  timeoutSeconds?: Maybe<Scalars['Int']['output']>;
};

/** Readiness check: HTTP GET of path on port, or TCP connect when path is omitted. */
export type HealthCheckInput = {
  /** Seconds between checks. */
  intervalSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** HTTP path, starting with "/". */
  path?: InputMaybe<Scalars['String']['input']>;
  /** Port to check. */
  port: Scalars['Int']['input'];
  /** Failures before unhealthy. */
  retries?: InputMaybe<Scalars['Int']['input']>;
  /** Seconds before one check fails. */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** A Helm chart, rendered with `helm template` and applied as manifests. */
export type HelmSourceInput = {
  /** Chart name (with repoUrl), or an oci:// or local reference. */
  chart: Scalars['String']['input'];
  /** Chart repository. */
  repoUrl?: InputMaybe<Scalars['String']['input']>;
  /** Values (an object), as a values file would give them. */
  values?: InputMaybe<Scalars['JSON']['input']>;
  /** Chart version; the latest when omitted. */
  version?: InputMaybe<Scalars['String']['input']>;
};

/** The idempotency key was already used with a different request. */
export type IdempotencyConflictError = Error & {
  __typename?: 'IdempotencyConflictError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** A service whose image reference names another image now than the one its replicas run (a tag rebuilt or pulled anew in place): a deploy of the same reference rolls it out. */
export type ImageUpdate = {
  __typename?: 'ImageUpdate';
  /** The image id the reference names now. */
  currentImageId: Scalars['String']['output'];
  /** The reference, as the spec gives it. */
  image: Scalars['String']['output'];
  /** The image id its replicas run. */
  runningImageId: Scalars['String']['output'];
  /** The service. */
  service: Scalars['String']['output'];
};

/** One co-scheduled workload of one or more services on one provider. */
export type Instance = Node & {
  __typename?: 'Instance';
  /** Builds of its services, newest first. */
  builds: InstanceBuildsConnection;
  /** Created. */
  createdAt: Scalars['DateTime']['output'];
  /** The release running now (the last that succeeded). */
  currentRelease?: Maybe<Release>;
  /** Where Wheelhouse is taking it. */
  desiredState: DesiredState;
  /** How to reach it. */
  endpoints: Array<Endpoint>;
  /** Events, newest first. */
  events: InstanceEventsConnection;
  /** Bumped on every spec change. */
  generation: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** Services whose image tag names another image than they run, read live from the provider (`apply` rolls them out); null when the provider cannot tell or cannot be read now. */
  imageUpdates?: Maybe<Array<ImageUpdate>>;
  /** Jobs run on it (runJob, release commands), newest first. */
  jobs: InstanceJobsConnection;
  /** Topology. */
  kind: WorkloadKind;
  /** Labels. */
  labels: Array<Label>;
  /** The newest operation on it. */
  lastOperation?: Maybe<Operation>;
  /** Why it is in this state. */
  message?: Maybe<Scalars['String']['output']>;
  /** DNS-safe name, unique in the tenant. */
  name: Scalars['String']['output'];
  /** The objects a source instance applied last, each with its readiness; empty for SERVICES. */
  objects: Array<ManagedObject>;
  /** The generation last brought about. */
  observedGeneration: Scalars['Int']['output'];
  /** Operations, newest first. */
  operations: InstanceOperationsConnection;
  /** The provider it runs on (null when that provider is no longer registered). */
  provider?: Maybe<Provider>;
  /** The provider's handle (Docker: the network name). */
  providerRef?: Maybe<Scalars['String']['output']>;
  /** Every service ready. */
  ready: Scalars['Boolean']['output'];
  /** Releases, newest first. */
  releases: InstanceReleasesConnection;
  /** Live usage read from the provider; null when it cannot be read now. */
  resources?: Maybe<ResourceUsage>;
  /** Restarts, summed over services. */
  restarts: Scalars['Int']['output'];
  /** Its routes, oldest first. */
  routes: Array<Route>;
  /** Its schedules, oldest first. */
  schedules: Array<Schedule>;
  /** Its services, each with its spec and live status. */
  services: Array<InstanceService>;
  /** What the instance runs: SERVICES, or the kind of its source. */
  sourceType: SourceType;
  /** First time it ran. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Observed state (worst of its services). */
  state: InstanceState;
  /** Last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** Optimistic-concurrency version; pass it as expectedVersion. */
  version: Scalars['Int']['output'];
  /** Backups of its volumes (of one volume when `volume` is given), newest first. */
  volumeBackups: InstanceVolumeBackupsConnection;
};


/** One co-scheduled workload of one or more services on one provider. */
export type InstanceBuildsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** One co-scheduled workload of one or more services on one provider. */
export type InstanceEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** One co-scheduled workload of one or more services on one provider. */
export type InstanceJobsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** One co-scheduled workload of one or more services on one provider. */
export type InstanceOperationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** One co-scheduled workload of one or more services on one provider. */
export type InstanceReleasesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** One co-scheduled workload of one or more services on one provider. */
export type InstanceVolumeBackupsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  volume?: InputMaybe<Scalars['String']['input']>;
};

/** An action on an instance. */
export type InstanceActionInput = {
  /** Fail with ConflictError unless the instance is at this version. */
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  /** Retry-safe key. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** Return only once the operation has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A page of an instance's builds. */
export type InstanceBuildsConnection = {
  __typename?: 'InstanceBuildsConnection';
  edges: Array<InstanceBuildsEdge>;
  pageInfo: PageInfo;
};

/** A build and its cursor. */
export type InstanceBuildsEdge = {
  __typename?: 'InstanceBuildsEdge';
  cursor: Scalars['String']['output'];
  node: Build;
};

export type InstanceEventsConnection = {
  __typename?: 'InstanceEventsConnection';
  edges: Array<InstanceEventsConnectionEdge>;
  pageInfo: PageInfo;
};

export type InstanceEventsConnectionEdge = {
  __typename?: 'InstanceEventsConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Event;
};

/** Narrows `instances`. Destroyed instances are listed only when desiredState is DESTROYED. */
export type InstanceFilter = {
  /** Desired state. */
  desiredState?: InputMaybe<DesiredState>;
  /** Has this label. */
  label?: InputMaybe<LabelInput>;
  /** Exactly this name. Names are unique among a tenant's live instances, so this finds at most one. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Name starts with. */
  namePrefix?: InputMaybe<Scalars['String']['input']>;
  /** Provider registry key. */
  provider?: InputMaybe<Scalars['String']['input']>;
  /** Observed state. */
  state?: InputMaybe<InstanceState>;
};

/** A page of an instance's jobs. */
export type InstanceJobsConnection = {
  __typename?: 'InstanceJobsConnection';
  edges: Array<InstanceJobsEdge>;
  pageInfo: PageInfo;
};

/** A job and its cursor. */
export type InstanceJobsEdge = {
  __typename?: 'InstanceJobsEdge';
  cursor: Scalars['String']['output'];
  node: Job;
};

export type InstanceOperationsConnection = {
  __typename?: 'InstanceOperationsConnection';
  edges: Array<InstanceOperationsConnectionEdge>;
  pageInfo: PageInfo;
};

export type InstanceOperationsConnectionEdge = {
  __typename?: 'InstanceOperationsConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Operation;
};

export type InstanceReleasesConnection = {
  __typename?: 'InstanceReleasesConnection';
  edges: Array<InstanceReleasesConnectionEdge>;
  pageInfo: PageInfo;
};

export type InstanceReleasesConnectionEdge = {
  __typename?: 'InstanceReleasesConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Release;
};

/** A service of an instance: its spec and its live status. */
export type InstanceService = {
  __typename?: 'InstanceService';
  /** Annotations. */
  annotations: Array<Label>;
  /** Arguments override. */
  args?: Maybe<Array<Scalars['String']['output']>>;
  /** The autoscaler's status for this service; null when it has no policy. */
  autoscale?: Maybe<AutoscaleStatus>;
  /** Entrypoint override. */
  command?: Maybe<Array<Scalars['String']['output']>>;
  /** Config files (never their content). */
  configFiles: Array<ConfigFile>;
  /** Services that start first. */
  dependsOn: Array<Scalars['String']['output']>;
  /** Plain environment. */
  env: Array<EnvVar>;
  /** Readiness check. */
  healthCheck?: Maybe<HealthCheck>;
  /** Image. */
  image: Scalars['String']['output'];
  /** The instance. */
  instance: Instance;
  /** Name, also its DNS alias inside the instance. */
  name: Scalars['String']['output'];
  /** Ports. */
  ports: Array<PortSpec>;
  /** Requested resources. */
  resources?: Maybe<ResourceSpec>;
  /** Role. */
  role: ServiceRole;
  /** Secret references (keys only, never values). */
  secrets: Array<SecretRef>;
  /** Live status, as last observed. */
  status: ServiceStatus;
  /** Volumes. */
  volumes: Array<VolumeSpec>;
};

/** Lifecycle state of an instance or service, as observed. */
export type InstanceState =
  /** Fully removed. */
  | 'DESTROYED'
  /** Being torn down. */
  | 'DESTROYING'
  /** Failed. */
  | 'FAILED'
  /** Being provisioned. */
  | 'PROVISIONING'
  /** Running. */
  | 'RUNNING'
  /** Starting up. */
  | 'STARTING'
  /** Stopped. */
  | 'STOPPED'
  /** Shutting down. */
  | 'STOPPING';

/** A page of an instance's volume backups. */
export type InstanceVolumeBackupsConnection = {
  __typename?: 'InstanceVolumeBackupsConnection';
  edges: Array<InstanceVolumeBackupsEdge>;
  pageInfo: PageInfo;
};

/** A volume backup and its cursor. */
export type InstanceVolumeBackupsEdge = {
  __typename?: 'InstanceVolumeBackupsEdge';
  cursor: Scalars['String']['output'];
  node: VolumeBackup;
};

/** The instance's state does not allow this now. */
export type InvalidStateError = Error & {
  __typename?: 'InvalidStateError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The state the instance is in. */
  state: InstanceState;
};

/** One command run to completion in a service's image (an operation of kind JOB). */
export type Job = Node & {
  __typename?: 'Job';
  /** The command (it replaces the image's entrypoint). */
  command: Array<Scalars['String']['output']>;
  /** Queued. */
  createdAt: Scalars['DateTime']['output'];
  /** Why it did not succeed: its exit code or timeout, and its last lines. */
  error?: Maybe<Scalars['String']['output']>;
  /** The command's exit code, once it exited (null when it timed out or never ran). */
  exitCode?: Maybe<Scalars['Int']['output']>;
  /** Ended. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** The instance. */
  instance: Instance;
  /** Its output (stdout and stderr) line by line, oldest first; the same line shape as builds. */
  logs: BuildLogConnection;
  /** The operation that runs it: a JOB, or the deploy whose release command it is. */
  operation: Operation;
  /** The schedule that started it; null for runJob, a release command, or a deleted schedule. */
  schedule?: Maybe<Schedule>;
  /** The cron time it ran for (a scheduled job). */
  scheduledAt?: Maybe<Scalars['DateTime']['output']>;
  /** The service whose image, env, secrets and volumes it ran with. */
  service: Scalars['String']['output'];
  /** First started. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is. */
  status: JobStatus;
};


/** One command run to completion in a service's image (an operation of kind JOB). */
export type JobLogsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** Where a job is. */
export type JobStatus =
  /** Canceled (cancelOperation): stopped and removed. */
  | 'CANCELED'
  /** Exited non-zero (see exitCode), or could not run. */
  | 'FAILED'
  /** A schedule's run not started before its starting deadline. */
  | 'MISSED'
  /** Waiting its turn (operations on an instance run one at a time). */
  | 'QUEUED'
  /** Running. */
  | 'RUNNING'
  /** A schedule's run skipped while the previous one still ran. */
  | 'SKIPPED'
  /** Exited 0. */
  | 'SUCCEEDED'
  /** Ended at its timeout. */
  | 'TIMED_OUT';

/** A volume a deprovision kept (deleteVolumes not set), with its data: attach it to a new instance by id (`VolumeSpecInput.kept`), or delete it (`deleteKeptVolume`). */
export type KeptVolume = Node & {
  __typename?: 'KeptVolume';
  id: Scalars['ID']['output'];
  /** The name of the instance it was kept from. */
  instanceName: Scalars['String']['output'];
  /** When the deprovision kept it. */
  keptAt: Scalars['DateTime']['output'];
  /** Its name on the provider (a Docker named volume, a Kubernetes PersistentVolumeClaim). */
  name: Scalars['String']['output'];
  /** The provider it lives on (its key). */
  provider: Scalars['String']['output'];
  /** The service that mounted it, when known. */
  service?: Maybe<Scalars['String']['output']>;
  /** The size its volume spec asked for, if any. */
  sizeMb?: Maybe<Scalars['Int']['output']>;
  /** The volume name (`VolumeSpec.name`) it was created for. */
  volume: Scalars['String']['output'];
};

/** A page of the tenant's kept volumes. */
export type KeptVolumesConnection = {
  __typename?: 'KeptVolumesConnection';
  /** The kept volumes on this page, newest first. */
  edges: Array<KeptVolumesEdge>;
  pageInfo: PageInfo;
};

/** A kept volume and its cursor. */
export type KeptVolumesEdge = {
  __typename?: 'KeptVolumesEdge';
  cursor: Scalars['String']['output'];
  /** The kept volume. */
  node: KeptVolume;
};

/** A key/value label. */
export type Label = {
  __typename?: 'Label';
  /** Key. */
  key: Scalars['String']['output'];
  /** Value. */
  value: Scalars['String']['output'];
};

/** A key/value label. */
export type LabelInput = {
  /** Key. */
  key: Scalars['String']['input'];
  /** Value. */
  value: Scalars['String']['input'];
};

/** Where a provider's region is. */
export type Location = {
  __typename?: 'Location';
  /** City. */
  city?: Maybe<Scalars['String']['output']>;
  /** Country. */
  country?: Maybe<Scalars['String']['output']>;
  /** Degrees north. */
  latitude?: Maybe<Scalars['Float']['output']>;
  /** Degrees east. */
  longitude?: Maybe<Scalars['Float']['output']>;
};

/** Consecutive log lines of one service, sent in one message. */
export type LogChunk = {
  __typename?: 'LogChunk';
  /** Lines dropped within and just before this chunk because the client read too slowly (the sum of its lines' `dropped`). 0 when nothing was lost. */
  dropped: Scalars['Int']['output'];
  /** The lines, oldest first (at least one). */
  lines: Array<LogLine>;
};

/** One line a service wrote, as the provider reports it. */
export type LogLine = {
  __typename?: 'LogLine';
  /** Lines dropped just before this one because the client read too slowly (the server keeps the newest 1000 lines per subscription). 0 when nothing was lost. */
  dropped: Scalars['Int']['output'];
  /** The line, without its newline. */
  message: Scalars['String']['output'];
  /** The replica (0-based) that wrote it, when the service has several. */
  replica?: Maybe<Scalars['Int']['output']>;
  /** The service that wrote it. */
  service: Scalars['String']['output'];
  /** STDOUT or STDERR. */
  stream: LogStream;
  /** When the line was written (from the provider, millisecond precision). */
  timestamp: Scalars['DateTime']['output'];
};

/** Which output stream of a process a log line came from. */
export type LogStream =
  /** Standard error. */
  | 'STDERR'
  /** Standard output. */
  | 'STDOUT';

/** An object a source instance applied (from its inventory), with its readiness as last observed. */
export type ManagedObject = {
  __typename?: 'ManagedObject';
  /** API version (`apps/v1`). */
  apiVersion: Scalars['String']['output'];
  /** Kind (`Deployment`). */
  kind: Scalars['String']['output'];
  /** Why it is not ready, when it is not. */
  message?: Maybe<Scalars['String']['output']>;
  /** Name. */
  name: Scalars['String']['output'];
  /** Namespace; null when cluster-scoped. */
  namespace?: Maybe<Scalars['String']['output']>;
  /** Ready as last observed (workloads by their pods; other objects once they exist); null before. */
  ready?: Maybe<Scalars['Boolean']['output']>;
};

/** Kubernetes manifests: exactly one of yaml, kustomize. */
export type ManifestSourceInput = {
  /** The files of a kustomization directory, built with `kubectl kustomize`. */
  kustomize?: InputMaybe<Array<SourceFileInput>>;
  /** Inline multi-document YAML. */
  yaml?: InputMaybe<Scalars['String']['input']>;
};

/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds a route: a stable address for one service port. */
  addRoute: AddRouteResult;
  /** Archives one volume of an instance, checksummed and encrypted with a key derived from the vault key, into the backup store (an operation of kind BACKUP; cancelOperation stops it and leaves no archive). */
  backupVolume: BackupVolumeResult;
  /** Builds an image for one service of an instance and, unless `deploy: false`, deploys it as a new release. */
  buildService: BuildServiceResult;
  /** Cancels a queued operation at once, or asks a running one to stop waiting and end CANCELED. */
  cancelOperation: CancelOperationResult;
  /** Issues a token for your tenant (ADMIN) or any tenant (SYSTEM). */
  createApiToken: CreateApiTokenResult;
  /** Adds a schedule to an instance: its jobs start at each tick of the cron expression. */
  createSchedule: CreateScheduleResult;
  /** Creates a tenant. Needs SYSTEM. */
  createTenant: CreateTenantResult;
  /** Creates a trust policy for your tenant. Needs ADMIN; it grants only scopes you hold, never SYSTEM. */
  createTrustPolicy: CreateTrustPolicyResult;
  /** Creates a webhook of your tenant; it receives the events from now on. Needs ADMIN. */
  createWebhook: CreateWebhookResult;
  /** Deletes a kept volume on its provider (its data is lost for good), then forgets it. One attached to an instance again is a ConflictError. */
  deleteKeptVolume: DeleteKeptVolumeResult;
  /** Deletes a schedule (its jobs stay; a running one is not stopped). */
  deleteSchedule: DeleteScheduleResult;
  /** Deletes a secret of your tenant. Needs SECRETS_WRITE. */
  deleteSecret: DeleteSecretResult;
  /** Deletes a trust policy; tokens exchanged under it run out on their own. Needs ADMIN. */
  deleteTrustPolicy: DeleteTrustPolicyResult;
  /** Deletes a backup: its archive from the store (or its snapshot from the provider's platform), then its record. One still running is not found (cancel its operation first). */
  deleteVolumeBackup: DeleteVolumeBackupResult;
  /** Deletes a webhook of your tenant and its delivery log. Needs ADMIN. */
  deleteWebhook: DeleteWebhookResult;
  /** Deploys new images/config to some services; the rest are inherited into the new release. */
  deployInstance: DeployInstanceResult;
  /** Tears the instance down (containers, network, Services); running it again is harmless. Persistent volumes and their data are kept unless deleteVolumes. */
  deprovisionInstance: DeprovisionInstanceResult;
  /** Runs a command in a service and returns its output. Needs EXEC. */
  execInstance: ExecInstanceResult;
  /** Moves a paused canary to its next step now (full: to 100 %). cancelOperation aborts it instead: everything goes back to the stable release. */
  promoteOperation: PromoteOperationResult;
  /** Creates an instance and queues its provision (release v1). */
  provisionInstance: ProvisionInstanceResult;
  /** Creates or replaces a secret of your tenant; each put bumps its version. Needs SECRETS_WRITE. */
  putSecret: PutSecretResult;
  /** Sends a delivery again, with the same webhook-id and body and a fresh retry schedule. Needs ADMIN. */
  redeliverWebhookDelivery: RedeliverWebhookDeliveryResult;
  /** Removes a route; the edge stops serving its address. */
  removeRoute: RemoveRouteResult;
  /** Queues a restart of every service. */
  restartInstance: RestartInstanceResult;
  /** Writes a backup back into a volume (an operation of kind RESTORE on the target instance): the archive's every chunk and its sha256 are verified before anything is written, then the services mounting the volume are stopped, its content replaced, and they are started again. */
  restoreVolume: RestoreVolumeResult;
  /** Revokes a token of your tenant at once; its open subscriptions close. */
  revokeApiToken: RevokeApiTokenResult;
  /** Restores an earlier release as a new release (history is never rewritten). */
  rollbackInstance: RollbackInstanceResult;
  /** Issues a new signing secret; the old one keeps signing beside it for the overlap. Needs ADMIN. */
  rotateWebhookSecret: RotateWebhookSecretResult;
  /** Runs one command to completion in a service's image, with its env, secrets, config files, volumes and network, never receiving routed traffic (an operation of kind JOB; cancelOperation stops it). */
  runJob: RunJobResult;
  /** Changes replicas and limits of one service. */
  scaleInstance: ScaleInstanceResult;
  /** Queues a start of every service. */
  startInstance: StartInstanceResult;
  /** Queues a stop of every service. */
  stopInstance: StopInstanceResult;
  /** Queues a test delivery (type webhook.test) to a webhook of your tenant. Needs ADMIN. */
  testWebhook: TestWebhookResult;
  /** Changes a schedule; `suspended` pauses and resumes it. */
  updateSchedule: UpdateScheduleResult;
  /** Changes a webhook of your tenant. Needs ADMIN. */
  updateWebhook: UpdateWebhookResult;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationAddRouteArgs = {
  input: AddRouteInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationBackupVolumeArgs = {
  input: BackupVolumeInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationBuildServiceArgs = {
  input: BuildServiceInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCancelOperationArgs = {
  input: CancelOperationInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateApiTokenArgs = {
  input: CreateApiTokenInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateScheduleArgs = {
  input: CreateScheduleInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateTenantArgs = {
  input: CreateTenantInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateTrustPolicyArgs = {
  input: CreateTrustPolicyInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeleteKeptVolumeArgs = {
  input: DeleteKeptVolumeInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeleteScheduleArgs = {
  input: DeleteScheduleInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeleteSecretArgs = {
  input: DeleteSecretInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeleteTrustPolicyArgs = {
  input: DeleteTrustPolicyInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeleteVolumeBackupArgs = {
  input: DeleteVolumeBackupInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeleteWebhookArgs = {
  input: DeleteWebhookInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeployInstanceArgs = {
  input: DeployInstanceInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationDeprovisionInstanceArgs = {
  deleteVolumes?: InputMaybe<Scalars['Boolean']['input']>;
  input: InstanceActionInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationExecInstanceArgs = {
  input: ExecInstanceInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationPromoteOperationArgs = {
  input: PromoteOperationInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationProvisionInstanceArgs = {
  input: ProvisionInstanceInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationPutSecretArgs = {
  input: PutSecretInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRedeliverWebhookDeliveryArgs = {
  input: RedeliverWebhookDeliveryInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRemoveRouteArgs = {
  input: RemoveRouteInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRestartInstanceArgs = {
  input: InstanceActionInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRestoreVolumeArgs = {
  input: RestoreVolumeInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRevokeApiTokenArgs = {
  input: RevokeApiTokenInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRollbackInstanceArgs = {
  input: RollbackInstanceInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRotateWebhookSecretArgs = {
  input: RotateWebhookSecretInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationRunJobArgs = {
  input: RunJobInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationScaleInstanceArgs = {
  input: ScaleInstanceInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationStartInstanceArgs = {
  input: InstanceActionInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationStopInstanceArgs = {
  input: InstanceActionInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationTestWebhookArgs = {
  input: TestWebhookInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationUpdateScheduleArgs = {
  input: UpdateScheduleInput;
};


/** Writes. Provider-touching ones return an Operation at once (or at its end with `wait`). */
export type MutationUpdateWebhookArgs = {
  input: UpdateWebhookInput;
};

export type Node = {
  id: Scalars['ID']['output'];
};

/** No such object, or not yours (the two are indistinguishable on purpose). */
export type NotFoundError = Error & {
  __typename?: 'NotFoundError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** The durable record of a provider-touching change, from queued to its outcome. */
export type Operation = Node & {
  __typename?: 'Operation';
  /** Times an executor claimed it (more than 1 after a crash). */
  attempts: Scalars['Int']['output'];
  /** The build a BUILD operation runs; null for every other kind. */
  build?: Maybe<Build>;
  /** Queued. */
  createdAt: Scalars['DateTime']['output'];
  /** Why it failed. */
  error?: Maybe<OperationError>;
  /** Ended. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** The key it was asked with. */
  idempotencyKey?: Maybe<Scalars['String']['output']>;
  /** The instance. */
  instance?: Maybe<Instance>;
  /** The job a JOB operation runs, or a deploy's release command; null otherwise. */
  job?: Maybe<Job>;
  /** What it does. */
  kind: OperationKind;
  /** How the readiness wait ended. */
  readinessOutcome?: Maybe<ReadinessOutcome>;
  /** The release it rolls out. */
  release?: Maybe<Release>;
  /** A canary or blue-green deploy (or rollback): where its rollout stands. Null for other operations. */
  rollout?: Maybe<Rollout>;
  /** First claimed. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it is. */
  status: OperationStatus;
  /** Steps, in order. */
  steps: Array<OperationStep>;
};

/** Why an operation failed. */
export type OperationError = {
  __typename?: 'OperationError';
  /** Stable code, e.g. IMAGE_NOT_FOUND, PROVIDER_UNAVAILABLE, READINESS_TIMEOUT. */
  code: Scalars['String']['output'];
  /** What happened. */
  message: Scalars['String']['output'];
};

/** What an operation does. */
export type OperationKind =
  /** Archive one volume, encrypted, into the backup store (backupVolume). */
  | 'BACKUP'
  /** Build a service image from source (see Operation.build). */
  | 'BUILD'
  /** Roll out a new release. */
  | 'DEPLOY'
  /** Tear it down. */
  | 'DEPROVISION'
  /** Run one command to completion in a service image (see Operation.job). */
  | 'JOB'
  /** Create the instance. */
  | 'PROVISION'
  /** Stop and start. */
  | 'RESTART'
  /** Write a backup's archive back into a volume (restoreVolume). */
  | 'RESTORE'
  /** Restore an earlier release. */
  | 'ROLLBACK'
  /** Change replicas or limits. */
  | 'SCALE'
  /** Start a stopped instance. */
  | 'START'
  /** Stop it. */
  | 'STOP';

/** Where an operation is. */
export type OperationStatus =
  /** Canceled. */
  | 'CANCELED'
  /** Failed; see error. */
  | 'FAILED'
  /** Waiting its turn. */
  | 'QUEUED'
  /** Being carried out. */
  | 'RUNNING'
  /** Done. */
  | 'SUCCEEDED';

/** One step of an operation. */
export type OperationStep = {
  __typename?: 'OperationStep';
  /** Finished. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** What it did, or why it failed. */
  message?: Maybe<Scalars['String']['output']>;
  /** Step name. */
  name: Scalars['String']['output'];
  /** Started. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Step status. */
  status: OperationStatus;
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** How a port is reached from outside the provider, where the provider chooses (Kubernetes; Docker publishes every port on the host and ignores it). */
export type PortExposure =
  /** Inside the cluster only, through the Service DNS name. */
  | 'CLUSTER_IP'
  /** An HTTP host routed by an Ingress (the provider's host template). */
  | 'INGRESS'
  /** A cloud load balancer: the endpoint appears once the cluster has assigned it an address. */
  | 'LOAD_BALANCER'
  /** A port on every node: the endpoint is a node's address and that port. */
  | 'NODE_PORT';

/** A port the service listens on. */
export type PortSpec = {
  __typename?: 'PortSpec';
  /** Port inside the container. */
  container: Scalars['Int']['output'];
  /** This port's exposure, when it overrides the provider's default. */
  exposure?: Maybe<PortExposure>;
  /** Published host port; 0 means any free port. */
  host?: Maybe<Scalars['Int']['output']>;
  /** Transport. */
  protocol: Protocol;
};

/** A port to expose. */
export type PortSpecInput = {
  /** Port inside the container (1–65535). */
  container: Scalars['Int']['input'];
  /** Overrides the provider's default exposure for this port (Kubernetes); omitted keeps the default. */
  exposure?: InputMaybe<PortExposure>;
  /** Host port to publish; 0 or omitted picks a free one. */
  host?: InputMaybe<Scalars['Int']['input']>;
  /** Transport. */
  protocol?: InputMaybe<Protocol>;
};

/** Which rollout to move on. */
export type PromoteOperationInput = {
  /** Skip every remaining step and pause: straight to 100 %. */
  full?: InputMaybe<Scalars['Boolean']['input']>;
  /** The operation driving the rollout (global id). */
  operationId: Scalars['ID']['input'];
};

/** The operation, its promotion recorded (taken by its executor within a second). */
export type PromoteOperationPayload = {
  __typename?: 'PromoteOperationPayload';
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type PromoteOperationResult = ForbiddenError | InvalidStateError | NotFoundError | PromoteOperationPayload | RateLimitedError;

/** Transport of a port. */
export type Protocol =
  /** TCP. */
  | 'TCP'
  /** UDP. */
  | 'UDP';

/** A registered provider connection (a Docker Engine, a Kubernetes cluster). */
export type Provider = {
  __typename?: 'Provider';
  /** What it can do. */
  capabilities: Array<Capability>;
  /** Its edge (routes, custom domains, TLS); null when it has none. */
  edge?: Maybe<Edge>;
  /** Connectivity; null when the provider cannot test itself. */
  health?: Maybe<ProviderHealth>;
  /** Used when a provision names no provider. */
  isDefault: Scalars['Boolean']['output'];
  /** Registry key; instances name their provider by it. */
  key: Scalars['String']['output'];
  /** Where the region is, when known. */
  location?: Maybe<Location>;
  /** Provider type (`docker`, `kubernetes`). */
  name: Scalars['String']['output'];
  /** Region from configuration. */
  region?: Maybe<Scalars['String']['output']>;
  /** Backend version. */
  version?: Maybe<Scalars['String']['output']>;
};

/** The result of the provider's last connectivity test (cached for a few seconds). */
export type ProviderHealth = {
  __typename?: 'ProviderHealth';
  /** When the test ran. */
  checkedAt: Scalars['DateTime']['output'];
  /** Whether the backend answered. */
  healthy: Scalars['Boolean']['output'];
  /** Round trip of the test. */
  latencyMs?: Maybe<Scalars['Float']['output']>;
  /** Why not, when unhealthy. */
  message?: Maybe<Scalars['String']['output']>;
};

/** The provider could not be reached. */
export type ProviderUnavailableError = Error & {
  __typename?: 'ProviderUnavailableError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** The provider's registry key. */
  provider: Scalars['String']['output'];
};

/** A new instance. */
export type ProvisionInstanceInput = {
  /** Retry-safe key: the same key and input return the same operation. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** Topology. */
  kind?: InputMaybe<WorkloadKind>;
  /** Labels. */
  labels?: InputMaybe<Array<LabelInput>>;
  /** DNS-safe, unique in the tenant. */
  name: Scalars['String']['input'];
  /** Provider registry key; the default provider when omitted. */
  provider?: InputMaybe<Scalars['String']['input']>;
  /** Readiness policy for this instance's operations. */
  readiness?: InputMaybe<ReadinessPolicyInput>;
  /** Routes to its services, added with it. */
  routes?: InputMaybe<Array<RouteInput>>;
  /** Schedules of jobs, created with it (its provider must run jobs). */
  schedules?: InputMaybe<Array<ScheduleSpecInput>>;
  /** Its services. */
  services: Array<ServiceSpecInput>;
  /** A workload source instead of services (then services is []). */
  source?: InputMaybe<WorkloadSourceInput>;
  /** Return only once the operation has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The provision operation, queued (or ended, with wait). */
export type ProvisionInstancePayload = {
  __typename?: 'ProvisionInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type ProvisionInstanceResult = CapabilityNotSupportedError | ForbiddenError | IdempotencyConflictError | NotFoundError | ProviderUnavailableError | ProvisionInstancePayload | RateLimitedError | ValidationError;

/** A secret to create, or to replace (bumping its version). */
export type PutSecretInput = {
  /** 1 to 128 characters of letters, digits, "_", ".", "-" and "/"; keys starting with "_config/" are reserved. */
  key: Scalars['String']['input'];
  /** The value, at most 64 KiB of UTF-8. Write-only: never shown again. */
  value: Scalars['String']['input'];
};

/** The stored secret (its key and new version; never the value). */
export type PutSecretPayload = {
  __typename?: 'PutSecretPayload';
  /** The secret as stored. */
  secret: Secret;
};

/** The payload, or why it could not be done. */
export type PutSecretResult = ForbiddenError | PutSecretPayload | RateLimitedError | ValidationError;

/** Reads. Every field needs a token; most need READ. */
export type Query = {
  __typename?: 'Query';
  /** A tenant's API tokens, newest first (never their secrets): your own tenant's, or with SYSTEM any tenant's. */
  apiTokens: QueryApiTokensConnection;
  /** The tenant's audit log, newest first. Needs AUDIT (ADMIN carries it). */
  auditLog: QueryAuditLogConnection;
  /** All sixteen capabilities, each with the providers that have it. */
  capabilities: Array<CapabilityInfo>;
  /** The tenant's event feed, newest first. */
  events: QueryEventsConnection;
  /** An instance by global id; null when missing or not yours. */
  instance?: Maybe<Instance>;
  /** The tenant's instances, newest first (keyset pagination, max 100 a page). */
  instances: QueryInstancesConnection;
  /** The tenant's kept volumes not attached to an instance, newest first, forward only: `first` (at most 100, default 20) after a cursor. */
  keptVolumes: KeptVolumesConnection;
  /** Fetches any object by its global id (only your tenant's). */
  node?: Maybe<Node>;
  /** Fetches objects by global ids (at most 100); unknown or foreign ids are null. */
  nodes: Array<Maybe<Node>>;
  /** An operation by global id; null when missing or not yours. */
  operation?: Maybe<Operation>;
  /** A provider by registry key (or by type name when exactly one has it). */
  provider?: Maybe<Provider>;
  /** Every registered provider; an unreachable one stays listed with `health.healthy: false`. */
  providers: Array<Provider>;
  /** An instance's releases, newest first. */
  releases: QueryReleasesConnection;
  /** The routes of the viewer's tenant, newest first. */
  routes: QueryRoutesConnection;
  /** The tenant's schedules (optionally one instance's), oldest first. */
  schedules: QuerySchedulesConnection;
  /** The tenant's secrets by key (keys and versions, never values), forward only: `first` (at most 100, default 20) after a cursor. */
  secrets: QuerySecretsConnection;
  /** Every service across the tenant's live instances. */
  services: QueryServicesConnection;
  /** Every tenant, newest first. Needs SYSTEM; each listing is recorded in your tenant's events. */
  tenants: QueryTenantsConnection;
  /** The tenant's trust policies, newest first. Needs ADMIN. */
  trustPolicies: Array<TrustPolicy>;
  /** Recomputes the hash chain of the tenant's audit log. Needs AUDIT (ADMIN carries it). */
  verifyAuditLog: AuditVerification;
  /** The calling token, its scopes and its tenant. */
  viewer: Viewer;
  /** One of the tenant's webhooks by global id; null when there is none (or it is another tenant's). */
  webhook?: Maybe<Webhook>;
  /** The tenant's webhooks, newest first (never their secrets). Needs ADMIN. */
  webhooks: QueryWebhooksConnection;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryApiTokensArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  tenantId?: InputMaybe<Scalars['ID']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryAuditLogArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AuditFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<EventFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryInstanceArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs a token; most need READ. */
export type QueryInstancesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<InstanceFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryKeptVolumesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs a token; most need READ. */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryOperationArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs a token; most need READ. */
export type QueryProviderArgs = {
  key: Scalars['String']['input'];
};


/** Reads. Every field needs a token; most need READ. */
export type QueryReleasesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  instanceId: Scalars['ID']['input'];
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryRoutesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<RouteFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QuerySchedulesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  instanceId?: InputMaybe<Scalars['ID']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QuerySecretsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryServicesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ServiceFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryTenantsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Reads. Every field needs a token; most need READ. */
export type QueryWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** Reads. Every field needs a token; most need READ. */
export type QueryWebhooksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

export type QueryApiTokensConnection = {
  __typename?: 'QueryApiTokensConnection';
  edges: Array<QueryApiTokensConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryApiTokensConnectionEdge = {
  __typename?: 'QueryApiTokensConnectionEdge';
  cursor: Scalars['String']['output'];
  node: ApiToken;
};

/** A page of the tenant's audit log. */
export type QueryAuditLogConnection = {
  __typename?: 'QueryAuditLogConnection';
  edges: Array<QueryAuditLogEdge>;
  pageInfo: PageInfo;
};

/** An audit entry and its cursor. */
export type QueryAuditLogEdge = {
  __typename?: 'QueryAuditLogEdge';
  cursor: Scalars['String']['output'];
  node: AuditEntry;
};

export type QueryEventsConnection = {
  __typename?: 'QueryEventsConnection';
  edges: Array<QueryEventsConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryEventsConnectionEdge = {
  __typename?: 'QueryEventsConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Event;
};

export type QueryInstancesConnection = {
  __typename?: 'QueryInstancesConnection';
  edges: Array<QueryInstancesConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryInstancesConnectionEdge = {
  __typename?: 'QueryInstancesConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Instance;
};

export type QueryReleasesConnection = {
  __typename?: 'QueryReleasesConnection';
  edges: Array<QueryReleasesConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryReleasesConnectionEdge = {
  __typename?: 'QueryReleasesConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Release;
};

export type QueryRoutesConnection = {
  __typename?: 'QueryRoutesConnection';
  edges: Array<QueryRoutesConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryRoutesConnectionEdge = {
  __typename?: 'QueryRoutesConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Route;
};

/** A page of the tenant's schedules. */
export type QuerySchedulesConnection = {
  __typename?: 'QuerySchedulesConnection';
  edges: Array<QuerySchedulesEdge>;
  pageInfo: PageInfo;
};

/** A schedule and its cursor. */
export type QuerySchedulesEdge = {
  __typename?: 'QuerySchedulesEdge';
  cursor: Scalars['String']['output'];
  node: Schedule;
};

/** A page of the tenant's secrets, ordered by key. */
export type QuerySecretsConnection = {
  __typename?: 'QuerySecretsConnection';
  /** The secrets on this page, in key order. */
  edges: Array<QuerySecretsConnectionEdge>;
  pageInfo: PageInfo;
};

/** A secret and its cursor. */
export type QuerySecretsConnectionEdge = {
  __typename?: 'QuerySecretsConnectionEdge';
  cursor: Scalars['String']['output'];
  /** The secret (key and version; never the value). */
  node: Secret;
};

export type QueryServicesConnection = {
  __typename?: 'QueryServicesConnection';
  edges: Array<QueryServicesConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryServicesConnectionEdge = {
  __typename?: 'QueryServicesConnectionEdge';
  cursor: Scalars['String']['output'];
  node: InstanceService;
};

export type QueryTenantsConnection = {
  __typename?: 'QueryTenantsConnection';
  edges: Array<QueryTenantsConnectionEdge>;
  pageInfo: PageInfo;
};

export type QueryTenantsConnectionEdge = {
  __typename?: 'QueryTenantsConnectionEdge';
  cursor: Scalars['String']['output'];
  node: Tenant;
};

/** A page of the tenant's webhooks. */
export type QueryWebhooksConnection = {
  __typename?: 'QueryWebhooksConnection';
  /** The webhooks on this page, newest first. */
  edges: Array<QueryWebhooksConnectionEdge>;
  pageInfo: PageInfo;
};

/** A webhook and its cursor. */
export type QueryWebhooksConnectionEdge = {
  __typename?: 'QueryWebhooksConnectionEdge';
  cursor: Scalars['String']['output'];
  /** The webhook. */
  node: Webhook;
};

/** Too many mutations from this token; try again later. */
export type RateLimitedError = Error & {
  __typename?: 'RateLimitedError';
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
  /** Seconds until a retry may succeed. */
  retryAfterSeconds: Scalars['Int']['output'];
};

/** How the wait for readiness ended. */
export type ReadinessOutcome =
  /** Canceled while waiting. */
  | 'CANCELED'
  /** The provider reported failure. */
  | 'FAILED'
  /** Became ready. */
  | 'READY'
  /** Not ready in time. */
  | 'TIMEOUT';

/** How long to wait for readiness after a change, and how often to check. */
export type ReadinessPolicyInput = {
  /** Check every (default 5). */
  intervalSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Give up after (default 300). */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** A delivery to send again. */
export type RedeliverWebhookDeliveryInput = {
  /** The delivery's global id. */
  deliveryId: Scalars['ID']['input'];
};

/** The delivery, queued again with the same message id. */
export type RedeliverWebhookDeliveryPayload = {
  __typename?: 'RedeliverWebhookDeliveryPayload';
  /** The delivery. */
  delivery: WebhookDelivery;
};

/** The payload, or why it could not be done. */
export type RedeliverWebhookDeliveryResult = ForbiddenError | NotFoundError | RateLimitedError | RedeliverWebhookDeliveryPayload;

/** An immutable, self-contained snapshot of every service of an instance. */
export type Release = Node & {
  __typename?: 'Release';
  /** Created. */
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The instance. */
  instance: Instance;
  /** Whether it is the release running now. */
  isCurrent: Scalars['Boolean']['output'];
  /** The rendered documents of a MANIFESTS or HELM release (what a rollback re-applies); null otherwise. */
  manifests?: Maybe<Scalars['String']['output']>;
  /** The operation that rolled it out. */
  operation?: Maybe<Operation>;
  /** For a rollback: the release it copied. */
  rolledBackFrom?: Maybe<Release>;
  /** Every service of the instance. */
  snapshots: Array<ServiceSnapshot>;
  /** What the release holds: SERVICES (snapshots), or a source. */
  sourceType: SourceType;
  /** How it was rolled out. */
  strategy?: Maybe<DeployStrategy>;
  /** 1 for the provision, then one more per deploy or rollback. */
  version: Scalars['Int']['output'];
};

/** A command run as a job in the new release's image before any replica of the new release is created: a non-zero exit or a timeout fails the deploy (RELEASE_COMMAND_FAILED) and the running release stays. */
export type ReleaseCommandInput = {
  /** The command and its arguments (replaces the image's entrypoint). */
  command: Array<Scalars['String']['input']>;
  /** The service whose new image, env, secrets, config files and volumes it runs with. */
  service: Scalars['String']['input'];
  /** The deploy fails after this long (1 to 86400). */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** A route to remove. */
export type RemoveRouteInput = {
  /** The route (global id). */
  routeId: Scalars['ID']['input'];
};

/** The removed route. */
export type RemoveRoutePayload = {
  __typename?: 'RemoveRoutePayload';
  /** Its instance. */
  instance: Instance;
  /** Its global id. */
  routeId: Scalars['ID']['output'];
};

/** The payload, or why it could not be done. */
export type RemoveRouteResult = ForbiddenError | NotFoundError | RateLimitedError | RemoveRoutePayload;

/** Requested resources of a service. */
export type ResourceSpec = {
  __typename?: 'ResourceSpec';
  /** The autoscaling policy; null when replicas are as set. */
  autoscale?: Maybe<AutoscalePolicy>;
  /** CPU in thousandths of a core. */
  cpuMillis?: Maybe<Scalars['Int']['output']>;
  /** Disk in MiB. */
  diskMb?: Maybe<Scalars['Int']['output']>;
  /** GPU request. */
  gpu?: Maybe<Scalars['String']['output']>;
  /** Memory limit in MiB. */
  memoryMb?: Maybe<Scalars['Int']['output']>;
  /** Number of replicas. */
  replicas?: Maybe<Scalars['Int']['output']>;
};

/** Requested resources; omitted fields keep their value. */
export type ResourceSpecInput = {
  /** Replicas follow the load (needs the autoscale capability); null in a scale removes the policy. */
  autoscale?: InputMaybe<AutoscaleInput>;
  /** CPU in thousandths of a core (1–64000). */
  cpuMillis?: InputMaybe<Scalars['Int']['input']>;
  /** Disk in MiB. */
  diskMb?: InputMaybe<Scalars['Int']['input']>;
  /** GPU request (needs the GPU capability). */
  gpu?: InputMaybe<Scalars['String']['input']>;
  /** Memory limit in MiB (6–262144). */
  memoryMb?: InputMaybe<Scalars['Int']['input']>;
  /** Replicas (1–50; 0 allowed when scaling). */
  replicas?: InputMaybe<Scalars['Int']['input']>;
};

/** Live resource usage, summed over the instance's containers. */
export type ResourceUsage = {
  __typename?: 'ResourceUsage';
  /** CPU, percent of one core. */
  cpuPercent: Scalars['Float']['output'];
  /** Disk in use, MiB, when known. */
  diskUsedMb?: Maybe<Scalars['Int']['output']>;
  /** Memory limit, MiB. */
  memoryLimitMb: Scalars['Int']['output'];
  /** Memory in use, MiB. */
  memoryUsedMb: Scalars['Int']['output'];
  /** Received, MiB. */
  networkInMb: Scalars['Float']['output'];
  /** Sent, MiB. */
  networkOutMb: Scalars['Float']['output'];
};

/** The restart operation, queued (or ended, with wait). */
export type RestartInstancePayload = {
  __typename?: 'RestartInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type RestartInstanceResult = ConflictError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | RestartInstancePayload | ValidationError;

/** A backup to write back into a volume (the backup's own, or one of another instance of the tenant). */
export type RestoreVolumeInput = {
  /** The backup (global id of a VolumeBackup). */
  backupId: Scalars['ID']['input'];
  /** Retry-safe key: the same key and input return the same operation. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** Another instance of the tenant to fill; null: the backup's own. */
  instanceId?: InputMaybe<Scalars['ID']['input']>;
  /** The volume to fill; null: the backup's volume name. */
  volume?: InputMaybe<Scalars['String']['input']>;
  /** Return only once the restore has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The RESTORE operation, queued (or ended, with wait). */
export type RestoreVolumePayload = {
  __typename?: 'RestoreVolumePayload';
  /** Its RESTORE operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type RestoreVolumeResult = CapabilityNotSupportedError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | RateLimitedError | RestoreVolumePayload | ValidationError;

/** A token to revoke. */
export type RevokeApiTokenInput = {
  /** The token's global id. */
  id: Scalars['ID']['input'];
};

/** The revoked token. */
export type RevokeApiTokenPayload = {
  __typename?: 'RevokeApiTokenPayload';
  /** The token, now revoked. */
  apiToken: ApiToken;
};

/** The payload, or why it could not be done. */
export type RevokeApiTokenResult = ForbiddenError | NotFoundError | RateLimitedError | RevokeApiTokenPayload;

/** A person's role, from their groups at the identity provider (WHEELHOUSE_OIDC_ROLES). */
export type Role =
  /** Everything but SYSTEM. */
  | 'ADMIN'
  /** Reads, deploys and execs (READ, DEPLOY, EXEC). */
  | 'DEPLOYER'
  /** Reads (READ). */
  | 'VIEWER';

/** Go back to an earlier release (as a new release copied from it). */
export type RollbackInstanceInput = {
  /** Strategy BLUE_GREEN: its promotion and delays. */
  blueGreen?: InputMaybe<BlueGreenInput>;
  /** Strategy CANARY: its steps and analysis. */
  canary?: InputMaybe<CanaryInput>;
  /** Fail with ConflictError unless the instance is at this version. */
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  /** Retry-safe key. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The release to restore (global id). */
  releaseId: Scalars['ID']['input'];
  /** ROLLING when absent; CANARY or BLUE_GREEN. */
  strategy?: InputMaybe<DeployStrategy>;
  /** Return only once the operation has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The rollback operation, queued (or ended, with wait). */
export type RollbackInstancePayload = {
  __typename?: 'RollbackInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type RollbackInstanceResult = ConflictError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | RollbackInstancePayload | ValidationError;

/** A canary or blue-green rollout, as it stands (kept in the database: a restart resumes it). */
export type Rollout = {
  __typename?: 'Rollout';
  /** Why it was aborted. */
  abortReason?: Maybe<Scalars['String']['output']>;
  /** The analysis runs, oldest first (the latest 100). */
  analysis: Array<AnalysisRun>;
  /** The share of requests, 0–100, the new release receives now. */
  canaryWeight: Scalars['Int']['output'];
  /** The release being rolled out. */
  newRelease?: Maybe<Release>;
  /** Where it stands. */
  phase: RolloutPhase;
  /** Blue-green: the new set's address before promotion. */
  previewUrl?: Maybe<Scalars['String']['output']>;
  /** The release that served before. */
  stableRelease?: Maybe<Release>;
  /** The step it is at (0-based). */
  stepIndex: Scalars['Int']['output'];
  /** Every step. */
  steps: Array<RolloutStep>;
  /** CANARY or BLUE_GREEN. */
  strategy: DeployStrategy;
};

/** Where a rollout stands. */
export type RolloutPhase =
  /** Everything back on the stable release; the new set removed. */
  | 'ABORTED'
  /** Holding a step (for its pause, or until promoted), analysed meanwhile. */
  | 'PAUSED'
  /** Starting the new set or changing the split. */
  | 'PROGRESSING'
  /** Every request to the new set; the stable one is removed. */
  | 'PROMOTING'
  /** The new release serves everything. */
  | 'SUCCEEDED';

/** One step of a rollout. */
export type RolloutStep = {
  __typename?: 'RolloutStep';
  /** Finished. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Its pause; null: until promoted. */
  pauseSeconds?: Maybe<Scalars['Int']['output']>;
  /** Started. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The new release's share of requests during the step, %. */
  weight: Scalars['Int']['output'];
};

/** A new signing secret for a webhook. */
export type RotateWebhookSecretInput = {
  /** The old secret keeps signing beside the new one this long (two signatures in the header); 0 to 2592000, clamped. */
  overlapSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** The webhook's global id. */
  webhookId: Scalars['ID']['input'];
};

/** The new signing secret, shown only here; the old one keeps signing for the overlap. */
export type RotateWebhookSecretPayload = {
  __typename?: 'RotateWebhookSecretPayload';
  /** The new secret (whsec_…). Shown only now. */
  signingSecret: Scalars['String']['output'];
  /** The webhook. */
  webhook: Webhook;
};

/** The payload, or why it could not be done. */
export type RotateWebhookSecretResult = ForbiddenError | NotFoundError | RateLimitedError | RotateWebhookSecretPayload;

/** A stable address for one service port of an instance: it never changes while the route exists. */
export type Route = Node & {
  __typename?: 'Route';
  /** When it was added. */
  createdAt: Scalars['DateTime']['output'];
  /** Whether the host was given (else generated). */
  custom: Scalars['Boolean']['output'];
  /** The host (lower-case DNS name). */
  host: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The instance. */
  instance: Instance;
  /** Why it failed. */
  message?: Maybe<Scalars['String']['output']>;
  /** `/` for the whole host, else a path prefix. */
  pathPrefix: Scalars['String']['output'];
  /** Its container port. */
  port: Scalars['Int']['output'];
  /** The routed service. */
  service: Scalars['String']['output'];
  /** What the edge made of it. */
  status: RouteStatus;
  /** HTTPS, when the route has it. */
  tls?: Maybe<RouteTls>;
  /** The stable address: scheme, host (and the edge's port when not 80/443), prefix. */
  url: Scalars['String']['output'];
};

/** Which routes. */
export type RouteFilter = {
  /** On this host. */
  host?: InputMaybe<Scalars['String']['input']>;
  /** Of this instance (global id). */
  instanceId?: InputMaybe<Scalars['ID']['input']>;
};

/** A route to one service port. */
export type RouteInput = {
  /** A DNS name of yours; generated when absent. */
  host?: InputMaybe<Scalars['String']['input']>;
  /** `/` for the whole host, else a prefix like /api. */
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  /** Its container port. */
  port: Scalars['Int']['input'];
  /** The service. */
  service: Scalars['String']['input'];
  /** Serve HTTPS. */
  tls?: InputMaybe<RouteTlsInput>;
};

/** What the edge made of a route. */
export type RouteStatus =
  /** Served by the edge. */
  | 'ACTIVE'
  /** The edge cannot serve it; `message` says why. */
  | 'FAILED'
  /** Written; the edge has not taken it yet. */
  | 'PENDING';

/** A route's HTTPS: where its certificate comes from and when it expires. Never the key. */
export type RouteTls = {
  __typename?: 'RouteTls';
  /** The certificate's issuer. */
  issuer?: Maybe<Scalars['String']['output']>;
  /** When the certificate expires. */
  notAfter?: Maybe<Scalars['DateTime']['output']>;
  /** The vault key (SECRET). */
  secretKey?: Maybe<Scalars['String']['output']>;
  /** Where the certificate comes from. */
  source: RouteTlsSource;
};

/** HTTPS for a route: the vault's certificate, or one the edge's CA issues. */
export type RouteTlsInput = {
  /** Plain HTTP on the host answers 308 to HTTPS. */
  redirectHttp?: InputMaybe<Scalars['Boolean']['input']>;
  /** A vault key holding a PEM chain and its key; absent: the edge's own CA. */
  secretKey?: InputMaybe<Scalars['String']['input']>;
};

/** Where a route's certificate comes from. */
export type RouteTlsSource =
  /** Issued by the edge's own CA (Provider.edge.caCertificate). */
  | 'EDGE_CA'
  /** A vault entry holding a PEM chain and its key. */
  | 'SECRET';

/** One command to run to completion in a service's image. */
export type RunJobInput = {
  /** The command and its arguments (replaces the image's entrypoint), e.g. ["sh", "-c", "…"]. */
  command: Array<Scalars['String']['input']>;
  /** Added to (and overriding) the service's env. */
  env?: InputMaybe<Array<EnvVarInput>>;
  /** Retry-safe key: the same key and input return the same job. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** The service whose image, env, secrets, config files, volumes and network it runs with. */
  service: Scalars['String']['input'];
  /** Ended TIMED_OUT after this long (1 to 86400). */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Return only once the job has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The job, queued (or ended, with wait), and its operation. */
export type RunJobPayload = {
  __typename?: 'RunJobPayload';
  /** The job. */
  job: Job;
  /** Its JOB operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type RunJobResult = CapabilityNotSupportedError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | RateLimitedError | RunJobPayload | ValidationError;

/** A resource change for one service. */
export type ScaleInstanceInput = {
  /** Fail with ConflictError unless the instance is at this version. */
  expectedVersion?: InputMaybe<Scalars['Int']['input']>;
  /** Retry-safe key. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** The instance (global id). */
  instanceId: Scalars['ID']['input'];
  /** New replicas and limits. */
  resources: ResourceSpecInput;
  /** The service; MAIN when omitted. */
  service?: InputMaybe<Scalars['String']['input']>;
  /** Return only once the operation has ended. */
  wait?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The scale operation, queued (or ended, with wait). */
export type ScaleInstancePayload = {
  __typename?: 'ScaleInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type ScaleInstanceResult = CapabilityNotSupportedError | ConflictError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | ScaleInstancePayload | ValidationError;

/** Jobs started by a cron expression in a time zone (each tick starts at most one, across replicas). */
export type Schedule = Node & {
  __typename?: 'Schedule';
  /** What a backup schedule backs up at each tick and how many backups it keeps (its runs are its `backups`, not jobs); null for a schedule of jobs. */
  backup?: Maybe<ScheduledBackup>;
  /** A backup schedule's backups, newest first: those its retention keeps (with their expiresAt), the running one, and failed ones up to its history limit. Empty for a schedule of jobs. */
  backups: ScheduleBackupsConnection;
  /** The command each run runs (empty for a backup schedule). */
  command: Array<Scalars['String']['output']>;
  /** What a tick does while the previous run is still going. */
  concurrency: ConcurrencyPolicy;
  /** Five cron fields, or @hourly/@daily/@weekly/@monthly. */
  cron: Scalars['String']['output'];
  /** Ended jobs kept; older ones are deleted. */
  historyLimit: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** The instance. */
  instance: Instance;
  /** Its jobs, newest first (ended ones beyond its history limit are deleted). */
  jobs: ScheduleJobsConnection;
  /** Its newest job (a run, or a MISSED or SKIPPED tick); null before its first tick. */
  lastJob?: Maybe<Job>;
  /** Unique in the instance. */
  name: Scalars['String']['output'];
  /** In UTC; null while suspended. */
  nextRunAt?: Maybe<Scalars['DateTime']['output']>;
  /** The service whose image, env, secrets and volumes it runs with. */
  service: Scalars['String']['output'];
  /** A run not started this long after its time is MISSED (never run late). */
  startingDeadlineSeconds: Scalars['Int']['output'];
  /** Paused: no tick runs. */
  suspended: Scalars['Boolean']['output'];
  /** The IANA zone the cron expression reads in. */
  timeZone: Scalars['String']['output'];
  /** Each run ends TIMED_OUT after this long. */
  timeoutSeconds: Scalars['Int']['output'];
};


/** Jobs started by a cron expression in a time zone (each tick starts at most one, across replicas). */
export type ScheduleBackupsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** Jobs started by a cron expression in a time zone (each tick starts at most one, across replicas). */
export type ScheduleJobsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of a backup schedule's backups. */
export type ScheduleBackupsConnection = {
  __typename?: 'ScheduleBackupsConnection';
  edges: Array<ScheduleBackupsEdge>;
  pageInfo: PageInfo;
};

/** A volume backup and its cursor. */
export type ScheduleBackupsEdge = {
  __typename?: 'ScheduleBackupsEdge';
  cursor: Scalars['String']['output'];
  node: VolumeBackup;
};

/** A page of a schedule's jobs. */
export type ScheduleJobsConnection = {
  __typename?: 'ScheduleJobsConnection';
  edges: Array<ScheduleJobsEdge>;
  pageInfo: PageInfo;
};

/** A job and its cursor. */
export type ScheduleJobsEdge = {
  __typename?: 'ScheduleJobsEdge';
  cursor: Scalars['String']['output'];
  node: Job;
};

/** A schedule: a command run as a job at each tick of a cron expression in a time zone. */
export type ScheduleSpecInput = {
  /** Backs up a volume at each tick (a BACKUP operation, as backupVolume) instead of running a command; give exactly one of command and backup. */
  backup?: InputMaybe<ScheduledBackupInput>;
  /** The command and its arguments; required unless `backup` is given. */
  command?: InputMaybe<Array<Scalars['String']['input']>>;
  /** What a tick does while the previous run still goes. */
  concurrency?: InputMaybe<ConcurrencyPolicy>;
  /** Five fields, or @hourly/@daily/@weekly/@monthly. */
  cron: Scalars['String']['input'];
  /** Ended jobs kept per schedule (0 to 1000), oldest deleted first; for a backup schedule, its failed backups kept. */
  historyLimit?: InputMaybe<Scalars['Int']['input']>;
  /** Unique per instance (a DNS label). */
  name: Scalars['String']['input'];
  /** The service whose image, env, secrets and volumes it runs with. */
  service: Scalars['String']['input'];
  /** A run not started this long after its time is MISSED (1 to 86400). */
  startingDeadlineSeconds?: InputMaybe<Scalars['Int']['input']>;
  /** Created paused. */
  suspended?: InputMaybe<Scalars['Boolean']['input']>;
  /** An IANA zone; runs follow its daylight-saving changes. */
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** Each run ends TIMED_OUT after this long (1 to 86400). */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** What a backup schedule backs up at each tick, and how many backups it keeps. */
export type ScheduledBackup = {
  __typename?: 'ScheduledBackup';
  /** How the volume is kept consistent. */
  consistency: BackupConsistency;
  /** For HOOK: its service and commands. */
  hook?: Maybe<BackupHook>;
  /** How many are kept. */
  retention: BackupRetention;
  /** The volume's name in the service specs. */
  volume: Scalars['String']['output'];
};

/** What a backup schedule backs up at each tick (as backupVolume), and how many backups it keeps. */
export type ScheduledBackupInput = {
  /** How the volume is kept consistent while it is read (STOP by default). */
  consistency?: InputMaybe<BackupConsistency>;
  /** For HOOK: the service and its before/after commands. */
  hook?: InputMaybe<BackupHookInput>;
  /** How many backups are kept (left out: last 7, daily 7, weekly 4, monthly 6). */
  retention?: InputMaybe<BackupRetentionInput>;
  /** The volume's name in the service specs. */
  volume: Scalars['String']['input'];
};

/** A permission carried by an API token. */
export type Scope =
  /** Manage the tenant's API tokens, webhooks and the rest; carries AUDIT. */
  | 'ADMIN'
  /** Read the tenant's audit log (auditLog, verifyAuditLog). */
  | 'AUDIT'
  /** Lifecycle mutations: provision, deploy, scale, rollback, start, stop, restart, deprovision, cancel. */
  | 'DEPLOY'
  /** Exec into services (a shell in them); also reads their logs, as LOGS does. */
  | 'EXEC'
  /** Read services' log lines (instanceLogs, instanceLogChunks), without exec. */
  | 'LOGS'
  /** Read queries and subscriptions. */
  | 'READ'
  /** Write and delete vault secrets. */
  | 'SECRETS_WRITE'
  /** Manage tenants (operators of the Wheelhouse installation). */
  | 'SYSTEM';

/** A value in the tenant's vault, encrypted at rest. Only its key and version are ever shown: the value is write-only and reaches a workload only when it is applied. */
export type Secret = {
  __typename?: 'Secret';
  /** When it was first put. */
  createdAt: Scalars['DateTime']['output'];
  /** The name services refer to it by (`SecretRef.key`). */
  key: Scalars['String']['output'];
  /** When its value was last replaced. */
  updatedAt: Scalars['DateTime']['output'];
  /** Starts at 1; every put bumps it. */
  version: Scalars['Int']['output'];
};

/** A vault secret injected as an environment variable. The value is never shown. */
export type SecretRef = {
  __typename?: 'SecretRef';
  /** Environment variable it becomes. */
  envName: Scalars['String']['output'];
  /** Vault key. */
  key: Scalars['String']['output'];
};

/** A vault secret to inject as an environment variable. */
export type SecretRefInput = {
  /** Variable name; UPPER_SNAKE(key) when omitted. */
  envName?: InputMaybe<Scalars['String']['input']>;
  /** Vault key (must exist). */
  key: Scalars['String']['input'];
};

/** A service to change in a deploy; omitted fields keep their value. */
export type ServiceDeployInput = {
  /** Arguments override. */
  args?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Build the new image from source first (issue 33); exactly one of image or build. */
  build?: InputMaybe<BuildSpecInput>;
  /** Entrypoint override. */
  command?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Replaces the services that must run first (in place, on Docker). */
  dependsOn?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Replaces the environment. */
  env?: InputMaybe<Array<EnvVarInput>>;
  /** Replaces the readiness check. */
  healthCheck?: InputMaybe<HealthCheckInput>;
  /** New image; exactly one of image or build. */
  image?: InputMaybe<Scalars['String']['input']>;
  /** The service. */
  name: Scalars['String']['input'];
  /** Replaces the ports. */
  ports?: InputMaybe<Array<PortSpecInput>>;
  /** Resource changes. */
  resources?: InputMaybe<ResourceSpecInput>;
  /** Replaces the vault secrets given as environment variables (in place, on Docker). */
  secrets?: InputMaybe<Array<SecretRefInput>>;
  /** Replaces the volumes (in place, on Docker); a volume no longer mounted is kept with its data. */
  volumes?: InputMaybe<Array<VolumeSpecInput>>;
};

/** Narrows `services`. */
export type ServiceFilter = {
  /** Exact image. */
  image?: InputMaybe<Scalars['String']['input']>;
  /** Service name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Service state. */
  state?: InputMaybe<InstanceState>;
};

/** Lifecycle role of a service in its instance. */
export type ServiceRole =
  /** Runs to completion before MAIN and SIDECARs start. */
  | 'INIT'
  /** The primary long-lived process; exactly one per instance. */
  | 'MAIN'
  /** A long-lived helper beside MAIN. */
  | 'SIDECAR';

/** One service as a release recorded it. */
export type ServiceSnapshot = {
  __typename?: 'ServiceSnapshot';
  /** Arguments override. */
  args?: Maybe<Array<Scalars['String']['output']>>;
  /** Entrypoint override. */
  command?: Maybe<Array<Scalars['String']['output']>>;
  /** Plain environment (never secret values). */
  env: Array<EnvVar>;
  /** Image. */
  image: Scalars['String']['output'];
  /** Service name. */
  name: Scalars['String']['output'];
  /** Ports. */
  ports: Array<PortSpec>;
  /** Resources. */
  resources?: Maybe<ResourceSpec>;
};

/** One service of a new instance. */
export type ServiceSpecInput = {
  /** Free-form metadata. */
  annotations?: InputMaybe<Array<LabelInput>>;
  /** Arguments override. */
  args?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Build the image from source first (issue 33); exactly one of image or build. */
  build?: InputMaybe<BuildSpecInput>;
  /** Entrypoint override. */
  command?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Files placed before start. */
  configFiles?: InputMaybe<Array<ConfigFileInput>>;
  /** Services that must run first. */
  dependsOn?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Environment. */
  env?: InputMaybe<Array<EnvVarInput>>;
  /** Readiness check. */
  healthCheck?: InputMaybe<HealthCheckInput>;
  /** Image reference; exactly one of image or build. */
  image?: InputMaybe<Scalars['String']['input']>;
  /** DNS-safe, unique in the instance. */
  name: Scalars['String']['input'];
  /** Ports. */
  ports?: InputMaybe<Array<PortSpecInput>>;
  /** Resources. */
  resources?: InputMaybe<ResourceSpecInput>;
  /** Role; exactly one MAIN. */
  role?: InputMaybe<ServiceRole>;
  /** Vault secrets as environment variables. */
  secrets?: InputMaybe<Array<SecretRefInput>>;
  /** Volumes. */
  volumes?: InputMaybe<Array<VolumeSpecInput>>;
};

/** Observed state of one service. */
export type ServiceStatus = {
  __typename?: 'ServiceStatus';
  /** Why it is in this state. */
  message?: Maybe<Scalars['String']['output']>;
  /** Provider handle (Docker: the first replica's container id). */
  providerRef?: Maybe<Scalars['String']['output']>;
  /** Passing its readiness check. */
  ready: Scalars['Boolean']['output'];
  /** Restarts, summed over replicas. */
  restarts: Scalars['Int']['output'];
  /** Lifecycle state. */
  state: InstanceState;
};

/** One file of a kustomization directory. */
export type SourceFileInput = {
  /** The file. */
  content: Scalars['String']['input'];
  /** Path inside the directory (`kustomization.yaml`, `base/app.yaml`). */
  path: Scalars['String']['input'];
};

/** What an instance or release runs: image services, or a source the provider applies. */
export type SourceType =
  /** An Argo CD Application. */
  | 'ARGOCD'
  /** A Helm chart rendered with `helm template`. */
  | 'HELM'
  /** Kubernetes manifests: inline YAML or a kustomization. */
  | 'MANIFESTS'
  /** Image services (ServiceSpec). */
  | 'SERVICES';

/** The start operation, queued (or ended, with wait). */
export type StartInstancePayload = {
  __typename?: 'StartInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type StartInstanceResult = ConflictError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | StartInstancePayload | ValidationError;

/** The stop operation, queued (or ended, with wait). */
export type StopInstancePayload = {
  __typename?: 'StopInstancePayload';
  /** The instance. */
  instance: Instance;
  /** The operation. */
  operation: Operation;
};

/** The payload, or why it could not be done. */
export type StopInstanceResult = ConflictError | ForbiddenError | IdempotencyConflictError | InvalidStateError | NotFoundError | ProviderUnavailableError | RateLimitedError | StopInstancePayload | ValidationError;

/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type Subscription = {
  __typename?: 'Subscription';
  /** A build's log lines: those after `after` from the record, then live; ends when the build ends. Reconnect with the `cursor` of the last line received: every line arrives once, none is skipped. */
  buildLogs: BuildLogLine;
  /** The tenant's event feed, oldest first: the record after `after`, then live. What a dashboard watches; resume with the `cursor` of the last event received. */
  events: Event;
  /** An instance's events in order: those after `after` from the record first, then live ones as they happen, with no gap and no repeat between the two. Reconnect with the `cursor` of the last event received to lose nothing. Ends after the transition to DESTROYED. */
  instanceEvents: Event;
  /** The lines of `instanceLogs`, in order, in batches of up to `maxLines`: each message carries every line that is ready when it is sent (one line at a time when lines trickle in, full batches when many are waiting), so reading a long log costs one message per batch instead of one per line. Same arguments, limits and `dropped` counts as `instanceLogs`. Needs LOGS (or EXEC). */
  instanceLogChunks: LogChunk;
  /** A service's log lines from its provider (every replica, merged). With `follow` the stream stays open for new lines until the client unsubscribes, which closes the request at the provider; without it, the stream ends after the lines that exist. A client that reads too slowly loses the oldest lines, and the next line it gets says how many (`dropped`). `instanceLogChunks` delivers the same lines in batches, which is much faster for reading many. Needs LOGS (or EXEC, which implies it). */
  instanceLogs: LogLine;
  /** An operation as it progresses: its current state first, then an update at each step or status change, then the terminal update (SUCCEEDED, FAILED or CANCELED, with the readiness outcome), after which the stream completes. */
  operationUpdates: Operation;
};


/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type SubscriptionBuildLogsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  buildId: Scalars['ID']['input'];
};


/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type SubscriptionEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<EventFilter>;
};


/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type SubscriptionInstanceEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  instanceId: Scalars['ID']['input'];
};


/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type SubscriptionInstanceLogChunksArgs = {
  follow?: InputMaybe<Scalars['Boolean']['input']>;
  instanceId: Scalars['ID']['input'];
  maxLines?: InputMaybe<Scalars['Int']['input']>;
  service?: InputMaybe<Scalars['String']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  tail?: InputMaybe<Scalars['Int']['input']>;
};


/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type SubscriptionInstanceLogsArgs = {
  follow?: InputMaybe<Scalars['Boolean']['input']>;
  instanceId: Scalars['ID']['input'];
  service?: InputMaybe<Scalars['String']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  tail?: InputMaybe<Scalars['Int']['input']>;
};


/** Live streams over graphql-ws or SSE. Each starts from a cursor or a snapshot and says when it ends. */
export type SubscriptionOperationUpdatesArgs = {
  operationId: Scalars['ID']['input'];
};

/** The unit of isolation: every instance, token and secret belongs to one tenant. */
export type Tenant = Node & {
  __typename?: 'Tenant';
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** Unique, DNS-safe name. */
  name: Scalars['String']['output'];
};

/** A webhook to send a test delivery to. */
export type TestWebhookInput = {
  /** The webhook's global id. */
  webhookId: Scalars['ID']['input'];
};

/** The test delivery, queued. */
export type TestWebhookPayload = {
  __typename?: 'TestWebhookPayload';
  /** The delivery. */
  delivery: WebhookDelivery;
};

/** The payload, or why it could not be done. */
export type TestWebhookResult = ForbiddenError | NotFoundError | RateLimitedError | TestWebhookPayload;

/** Lets a CI system trade its own OIDC token for a short-lived API token (POST /auth/token-exchange). */
export type TrustPolicy = Node & {
  __typename?: 'TrustPolicy';
  /** The audience its tokens must name. */
  audience: Scalars['String']['output'];
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The CI's OIDC issuer, whose published keys sign its tokens. */
  issuer: Scalars['String']['output'];
  /** When a token was last exchanged under it. */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  /** A label for people. */
  name: Scalars['String']['output'];
  /** Exactly what an exchanged token may do. */
  scopes: Array<Scope>;
  /** A glob over `sub`: `*` any run of characters, `?` one character. */
  subjectPattern: Scalars['String']['output'];
  /** How long an exchanged token lives. */
  tokenTtlSeconds: Scalars['Int']['output'];
};

/** What to change of a schedule (omitted fields stay). */
export type UpdateScheduleInput = {
  /** A backup schedule's new volume, consistency, hook and retention (a schedule of jobs takes none). */
  backup?: InputMaybe<ScheduledBackupInput>;
  /** A new command. */
  command?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A new concurrency policy. */
  concurrency?: InputMaybe<ConcurrencyPolicy>;
  /** A new cron expression (the next run is computed from now). */
  cron?: InputMaybe<Scalars['String']['input']>;
  /** The schedule (global id). */
  id: Scalars['ID']['input'];
  /** Pause (true) or resume (false; the next run is computed from now). */
  suspended?: InputMaybe<Scalars['Boolean']['input']>;
  /** A new IANA zone. */
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** A new timeout (1 to 86400). */
  timeoutSeconds?: InputMaybe<Scalars['Int']['input']>;
};

/** The changed schedule. */
export type UpdateSchedulePayload = {
  __typename?: 'UpdateSchedulePayload';
  /** The schedule. */
  schedule: Schedule;
};

/** The payload, or why it could not be done. */
export type UpdateScheduleResult = ForbiddenError | NotFoundError | RateLimitedError | UpdateSchedulePayload | ValidationError;

/** Changes to a webhook; what is omitted stays. */
export type UpdateWebhookInput = {
  /** A new note. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Turn delivery off, or back on (it then receives the events from now on; its pending deliveries resume). */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** New type filters (empty: every event). */
  eventTypes?: InputMaybe<Array<Scalars['String']['input']>>;
  /** A new URL (checked as at creation). */
  url?: InputMaybe<Scalars['String']['input']>;
  /** The webhook's global id. */
  webhookId: Scalars['ID']['input'];
};

/** The webhook as changed. */
export type UpdateWebhookPayload = {
  __typename?: 'UpdateWebhookPayload';
  /** The webhook. */
  webhook: Webhook;
};

/** The payload, or why it could not be done. */
export type UpdateWebhookResult = ForbiddenError | NotFoundError | RateLimitedError | UpdateWebhookPayload | ValidationError;

/** A person who signs in with the OpenID Connect provider. */
export type User = Node & {
  __typename?: 'User';
  /** Their email, as the provider last said. */
  email?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The provider (its issuer URL). */
  issuer: Scalars['String']['output'];
  /** When they last signed in. */
  lastSignInAt?: Maybe<Scalars['DateTime']['output']>;
  /** Their name, as the provider last said. */
  name?: Maybe<Scalars['String']['output']>;
  /** Their role as of their last sign-in. */
  role: Role;
  /** The provider's `sub` for this person. */
  subject: Scalars['String']['output'];
};

/** The input breaks a rule; nothing was changed. */
export type ValidationError = Error & {
  __typename?: 'ValidationError';
  /** Each problem, by field path. */
  fieldErrors: Array<FieldError>;
  /** What went wrong, safe to show a user. */
  message: Scalars['String']['output'];
};

/** Who is asking: the calling token and its tenant. */
export type Viewer = {
  __typename?: 'Viewer';
  /** The signed-in person's role; null for a token. */
  role?: Maybe<Role>;
  /** The calling token's scopes. */
  scopes: Array<Scope>;
  /** The token's tenant. */
  tenant: Tenant;
  /** The calling token. */
  token?: Maybe<ApiToken>;
  /** The person signed in (a session, or a token from `wheelhouse login --sso`); null for a token. */
  user?: Maybe<User>;
};

/** One encrypted, checksummed archive of one volume of an instance in the backup store, or a snapshot of it the platform keeps (a Kubernetes VolumeSnapshot, see `snapshot`); made by an operation of kind BACKUP. */
export type VolumeBackup = Node & {
  __typename?: 'VolumeBackup';
  /** How the volume was kept consistent. */
  consistency: BackupConsistency;
  /** Asked. */
  createdAt: Scalars['DateTime']['output'];
  /** When its schedule's retention deletes it (null: kept until deleted). */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  /** The instance whose volume it archives. */
  instance: Instance;
  /** The BACKUP operation that made it. */
  operation: Operation;
  /** The schedule that made it; null for backupVolume (or a deleted schedule). */
  schedule?: Maybe<Schedule>;
  /** Hex sha256 of the stored archive's plaintext (checked before a restore writes); null for a snapshot. */
  sha256?: Maybe<Scalars['String']['output']>;
  /** Bytes of the archived content (the tar), once it succeeded; for a snapshot, its restore size as the platform reports it. */
  sizeBytes?: Maybe<Scalars['Float']['output']>;
  /** The platform snapshot that holds this backup (a Kubernetes VolumeSnapshot's name, in the instance's namespace) when the provider snapshots volumes: then there is no archive in the backup store, no sha256, and sizeBytes is the size a volume restored from it needs. Null for an archive. */
  snapshot?: Maybe<Scalars['String']['output']>;
  /** Where it is. */
  status: VolumeBackupStatus;
  /** The volume's name in the service specs. */
  volume: Scalars['String']['output'];
};

/** Where a volume backup is. */
export type VolumeBackupStatus =
  /** Its archive (or snapshot) was deleted (by retention or deleteVolumeBackup). */
  | 'DELETED'
  /** Did not complete (see its operation); no archive or snapshot was left. */
  | 'FAILED'
  /** Queued or being copied (its operation says which). */
  | 'RUNNING'
  /** Archived, encrypted, in the backup store (or, see `snapshot`, a snapshot the platform keeps and says is ready): it can be restored. */
  | 'SUCCEEDED';

/** A volume owned by the instance. */
export type VolumeSpec = {
  __typename?: 'VolumeSpec';
  /** Where it is mounted. */
  mountPath: Scalars['String']['output'];
  /** Volume name. */
  name: Scalars['String']['output'];
  /** Requested size. */
  sizeMb?: Maybe<Scalars['Int']['output']>;
  /** Provider-specific type. */
  type?: Maybe<Scalars['String']['output']>;
};

/** A volume owned by the instance. Deprovision keeps it and its data unless asked to delete volumes (deleteVolumes). */
export type VolumeSpecInput = {
  /** A kept volume's id (`keptVolumes`) to mount, data and all, instead of a new empty volume: the tenant's, on the same provider, not attached already. Provision only. */
  kept?: InputMaybe<Scalars['ID']['input']>;
  /** Absolute mount path. */
  mountPath: Scalars['String']['input'];
  /** DNS-safe name, unique in the service. */
  name: Scalars['String']['input'];
  /** Requested size. */
  sizeMb?: InputMaybe<Scalars['Int']['input']>;
  /** Provider-specific type. */
  type?: InputMaybe<Scalars['String']['input']>;
};

/** An HTTP endpoint that receives the tenant's events, signed as the Standard Webhooks specification says. Its signing secret is shown once. */
export type Webhook = Node & {
  __typename?: 'Webhook';
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Its delivery log, newest first, forward only: `first` (at most 100, default 20) after a cursor. */
  deliveries: WebhookDeliveriesConnection;
  /** A note for people. */
  description?: Maybe<Scalars['String']['output']>;
  /** Why it was disabled: by request, a 410 answer, or failing for too long. */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** Whether events are delivered to it. */
  enabled: Scalars['Boolean']['output'];
  /** The types it receives: exact, or a prefix such as `operation.*`; empty for every event. */
  eventTypes: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** Where events are POSTed (http or https). */
  url: Scalars['String']['output'];
};


/** An HTTP endpoint that receives the tenant's events, signed as the Standard Webhooks specification says. Its signing secret is shown once. */
export type WebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
};

/** A page of a webhook's deliveries, newest first. */
export type WebhookDeliveriesConnection = {
  __typename?: 'WebhookDeliveriesConnection';
  /** The deliveries on this page. */
  edges: Array<WebhookDeliveriesConnectionEdge>;
  pageInfo: PageInfo;
};

/** A delivery and its cursor. */
export type WebhookDeliveriesConnectionEdge = {
  __typename?: 'WebhookDeliveriesConnectionEdge';
  cursor: Scalars['String']['output'];
  /** The delivery. */
  node: WebhookDelivery;
};

/** One event's (or a test's) delivery to one webhook: the same message (webhook-id and body) on every attempt and redelivery. */
export type WebhookDelivery = Node & {
  __typename?: 'WebhookDelivery';
  /** Attempts made so far, redeliveries included. */
  attempts: Scalars['Int']['output'];
  /** When the delivery was made from its event. */
  createdAt: Scalars['DateTime']['output'];
  /** When a receiver answered 2xx. */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event delivered; null for a test delivery, or once the event is gone. */
  event?: Maybe<Event>;
  /** The type of the event delivered (webhook.test for a test). */
  eventType: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Why the last attempt failed (an HTTP status, a timeout, a refused connection or address). */
  lastError?: Maybe<Scalars['String']['output']>;
  /** The `webhook-id` header: the same on every attempt, so receivers de-duplicate on it. */
  messageId: Scalars['String']['output'];
  /** When the next attempt is due, while PENDING. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** The last attempt's HTTP status, if the receiver answered. */
  responseStatus?: Maybe<Scalars['Int']['output']>;
  /** Where it stands. */
  status: WebhookDeliveryStatus;
};

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** The last scheduled attempt failed, or the receiver answered 410. It can be redelivered. */
  | 'FAILED'
  /** Not delivered yet: its next attempt is due at `nextAttemptAt`. */
  | 'PENDING'
  /** The receiver answered 2xx. */
  | 'SUCCEEDED';

/** Runtime topology of an instance. */
export type WorkloadKind =
  /** Stateless replicas. */
  | 'DEPLOYMENT'
  /** Replicas with stable identity and per-replica storage. */
  | 'STATEFUL_SET';

/** A workload given as a source, instead of services: exactly one of manifests, helm, argocd. */
export type WorkloadSourceInput = {
  /** An Argo CD Application. */
  argocd?: InputMaybe<ArgoCdSourceInput>;
  /** A Helm chart. */
  helm?: InputMaybe<HelmSourceInput>;
  /** Kubernetes manifests. */
  manifests?: InputMaybe<ManifestSourceInput>;
  /** Vault secrets the objects need, materialised at apply time as one Secret named `<instance name>-secrets` (key: envName). Secret documents are refused. */
  secrets?: InputMaybe<Array<SecretRefInput>>;
};

export type ConsoleAutoscaleEventsQueryVariables = Exact<{
  instanceId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ConsoleAutoscaleEventsQuery = { __typename?: 'Query', events: { __typename?: 'QueryEventsConnection', edges: Array<{ __typename?: 'QueryEventsConnectionEdge', node: { __typename?: 'Event', id: string, cursor: string, type: string, occurredAt: string, data?: unknown | null, operation?: { __typename?: 'Operation', id: string } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type ConsoleVolumeBackupFieldsFragment = { __typename?: 'VolumeBackup', id: string, volume: string, status: VolumeBackupStatus, consistency: BackupConsistency, sizeBytes?: number | null, sha256?: string | null, createdAt: string, expiresAt?: string | null, schedule?: { __typename?: 'Schedule', id: string, name: string } | null, operation: { __typename?: 'Operation', id: string, status: OperationStatus } };

export type ConsoleInstanceBackupsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ConsoleInstanceBackupsQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, volumeBackups: { __typename?: 'InstanceVolumeBackupsConnection', edges: Array<{ __typename?: 'InstanceVolumeBackupsEdge', cursor: string, node: { __typename?: 'VolumeBackup', id: string, volume: string, status: VolumeBackupStatus, consistency: BackupConsistency, sizeBytes?: number | null, sha256?: string | null, createdAt: string, expiresAt?: string | null, schedule?: { __typename?: 'Schedule', id: string, name: string } | null, operation: { __typename?: 'Operation', id: string, status: OperationStatus } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } } | null };

export type ConsoleInstancesQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<InstanceFilter>;
}>;


export type ConsoleInstancesQuery = { __typename?: 'Query', instances: { __typename?: 'QueryInstancesConnection', edges: Array<{ __typename?: 'QueryInstancesConnectionEdge', cursor: string, node: { __typename?: 'Instance', id: string, name: string, state: InstanceState, desiredState: DesiredState, ready: boolean, updatedAt: string, provider?: { __typename?: 'Provider', key: string } | null, currentRelease?: { __typename?: 'Release', id: string, version: number } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type ConsoleInstanceOperationsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ConsoleInstanceOperationsQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, operations: { __typename?: 'InstanceOperationsConnection', edges: Array<{ __typename?: 'InstanceOperationsConnectionEdge', node: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }> } } | null };

export type ConsoleRolloutFieldsFragment = { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, stableRelease?: { __typename?: 'Release', id: string, version: number } | null, newRelease?: { __typename?: 'Release', id: string, version: number } | null, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }> };

export type ConsoleRolloutOperationFieldsFragment = { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, createdAt: string, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, rollout?: { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, stableRelease?: { __typename?: 'Release', id: string, version: number } | null, newRelease?: { __typename?: 'Release', id: string, version: number } | null, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }> } | null };

export type ConsoleRolloutOperationQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ConsoleRolloutOperationQuery = { __typename?: 'Query', node?:
    | { __typename?: 'ApiToken' }
    | { __typename?: 'AuditEntry' }
    | { __typename?: 'Build' }
    | { __typename?: 'Event' }
    | { __typename?: 'Instance' }
    | { __typename?: 'Job' }
    | { __typename?: 'KeptVolume' }
    | { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, createdAt: string, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, rollout?: { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, stableRelease?: { __typename?: 'Release', id: string, version: number } | null, newRelease?: { __typename?: 'Release', id: string, version: number } | null, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }> } | null }
    | { __typename?: 'Release' }
    | { __typename?: 'Route' }
    | { __typename?: 'Schedule' }
    | { __typename?: 'Tenant' }
    | { __typename?: 'TrustPolicy' }
    | { __typename?: 'User' }
    | { __typename?: 'VolumeBackup' }
    | { __typename?: 'Webhook' }
    | { __typename?: 'WebhookDelivery' }
   | null };

export type ConsoleWatchRolloutSubscriptionVariables = Exact<{
  operationId: Scalars['ID']['input'];
}>;


export type ConsoleWatchRolloutSubscription = { __typename?: 'Subscription', operationUpdates: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, createdAt: string, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, rollout?: { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, stableRelease?: { __typename?: 'Release', id: string, version: number } | null, newRelease?: { __typename?: 'Release', id: string, version: number } | null, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }> } | null } };

export type ConsolePromoteOperationMutationVariables = Exact<{
  input: PromoteOperationInput;
}>;


export type ConsolePromoteOperationMutation = { __typename?: 'Mutation', promoteOperation:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'PromoteOperationPayload', operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, createdAt: string, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, rollout?: { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, stableRelease?: { __typename?: 'Release', id: string, version: number } | null, newRelease?: { __typename?: 'Release', id: string, version: number } | null, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }> } | null } }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type ConsoleAbortRolloutMutationVariables = Exact<{
  input: CancelOperationInput;
}>;


export type ConsoleAbortRolloutMutation = { __typename?: 'Mutation', cancelOperation:
    | { __typename: 'CancelOperationPayload', operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, createdAt: string, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, rollout?: { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, stableRelease?: { __typename?: 'Release', id: string, version: number } | null, newRelease?: { __typename?: 'Release', id: string, version: number } | null, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }> } | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type ConsoleRouteFieldsFragment = { __typename?: 'Route', id: string, url: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null };

export type ConsoleInstanceRoutesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ConsoleInstanceRoutesQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, routes: Array<{ __typename?: 'Route', id: string, url: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null }> } | null };

export type ConsoleProviderEdgesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleProviderEdgesQuery = { __typename?: 'Query', providers: Array<{ __typename?: 'Provider', key: string, edge?: { __typename?: 'Edge', kind: string, healthy: boolean, message?: string | null, httpAddress?: string | null, httpsAddress?: string | null, domain: string } | null }> };

export type ConsoleAddRouteMutationVariables = Exact<{
  input: AddRouteInput;
}>;


export type ConsoleAddRouteMutation = { __typename?: 'Mutation', addRoute:
    | { __typename: 'AddRoutePayload', route: { __typename?: 'Route', id: string, url: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null } }
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type ConsoleRemoveRouteMutationVariables = Exact<{
  input: RemoveRouteInput;
}>;


export type ConsoleRemoveRouteMutation = { __typename?: 'Mutation', removeRoute:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RemoveRoutePayload', routeId: string }
   };

export type AuditEntryFieldsFragment = { __typename?: 'AuditEntry', id: string, at: string, action: string, targetIds: Array<string>, outcome: AuditOutcome, errorType?: string | null, ip?: string | null, requestId?: string | null, hash: string, previousHash: string, actor: { __typename?: 'Actor', kind: ActorKind, id: string, name?: string | null } };

export type AuditLogQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<AuditFilter>;
}>;


export type AuditLogQuery = { __typename?: 'Query', auditLog: { __typename?: 'QueryAuditLogConnection', edges: Array<{ __typename?: 'QueryAuditLogEdge', cursor: string, node: { __typename?: 'AuditEntry', id: string, at: string, action: string, targetIds: Array<string>, outcome: AuditOutcome, errorType?: string | null, ip?: string | null, requestId?: string | null, hash: string, previousHash: string, actor: { __typename?: 'Actor', kind: ActorKind, id: string, name?: string | null } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type VerifyAuditLogQueryVariables = Exact<{ [key: string]: never; }>;


export type VerifyAuditLogQuery = { __typename?: 'Query', verifyAuditLog: { __typename?: 'AuditVerification', valid: boolean, entries: number, firstInvalidId?: string | null } };

export type VolumeBackupFieldsFragment = { __typename?: 'VolumeBackup', id: string, volume: string, status: VolumeBackupStatus, consistency: BackupConsistency, sizeBytes?: number | null, sha256?: string | null, createdAt: string, expiresAt?: string | null, operation: { __typename?: 'Operation', id: string, status: OperationStatus } };

export type BackupVolumeMutationVariables = Exact<{
  input: BackupVolumeInput;
}>;


export type BackupVolumeMutation = { __typename?: 'Mutation', backupVolume:
    | { __typename: 'BackupVolumePayload', backup: { __typename?: 'VolumeBackup', id: string, volume: string, status: VolumeBackupStatus, consistency: BackupConsistency, sizeBytes?: number | null, sha256?: string | null, createdAt: string, expiresAt?: string | null, operation: { __typename?: 'Operation', id: string, status: OperationStatus } }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type RestoreVolumeMutationVariables = Exact<{
  input: RestoreVolumeInput;
}>;


export type RestoreVolumeMutation = { __typename?: 'Mutation', restoreVolume:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RestoreVolumePayload', operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeleteVolumeBackupMutationVariables = Exact<{
  input: DeleteVolumeBackupInput;
}>;


export type DeleteVolumeBackupMutation = { __typename?: 'Mutation', deleteVolumeBackup:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'DeleteVolumeBackupPayload', id: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type InstanceVolumeBackupsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  volume?: InputMaybe<Scalars['String']['input']>;
}>;


export type InstanceVolumeBackupsQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, volumeBackups: { __typename?: 'InstanceVolumeBackupsConnection', edges: Array<{ __typename?: 'InstanceVolumeBackupsEdge', node: { __typename?: 'VolumeBackup', id: string, volume: string, status: VolumeBackupStatus, consistency: BackupConsistency, sizeBytes?: number | null, sha256?: string | null, createdAt: string, expiresAt?: string | null, operation: { __typename?: 'Operation', id: string, status: OperationStatus } } }> } } | null };

export type VolumeBackupInstanceQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type VolumeBackupInstanceQuery = { __typename?: 'Query', node?:
    | { __typename?: 'ApiToken' }
    | { __typename?: 'AuditEntry' }
    | { __typename?: 'Build' }
    | { __typename?: 'Event' }
    | { __typename?: 'Instance' }
    | { __typename?: 'Job' }
    | { __typename?: 'KeptVolume' }
    | { __typename?: 'Operation' }
    | { __typename?: 'Release' }
    | { __typename?: 'Route' }
    | { __typename?: 'Schedule' }
    | { __typename?: 'Tenant' }
    | { __typename?: 'TrustPolicy' }
    | { __typename?: 'User' }
    | { __typename?: 'VolumeBackup', id: string, volume: string, instance: { __typename?: 'Instance', id: string, name: string } }
    | { __typename?: 'Webhook' }
    | { __typename?: 'WebhookDelivery' }
   | null };

export type BuildSourceFieldsFragment = { __typename?: 'BuildSource', kind: BuildSourceKind, url?: string | null, ref?: string | null, commit?: string | null, archiveSha256?: string | null };

export type BuildFieldsFragment = { __typename?: 'Build', id: string, service: string, status: BuildStatus, image?: string | null, imageDigest?: string | null, steps?: number | null, cachedSteps?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, source: { __typename?: 'BuildSource', kind: BuildSourceKind, url?: string | null, ref?: string | null, commit?: string | null, archiveSha256?: string | null }, instance: { __typename?: 'Instance', id: string, name: string }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus }, release?: { __typename?: 'Release', id: string, version: number } | null };

export type BuildLogLineFieldsFragment = { __typename?: 'BuildLogLine', cursor: string, at: string, step?: number | null, line: string };

export type BuildServiceMutationVariables = Exact<{
  input: BuildServiceInput;
}>;


export type BuildServiceMutation = { __typename?: 'Mutation', buildService:
    | { __typename: 'BuildServicePayload', build: { __typename?: 'Build', id: string, service: string, status: BuildStatus, image?: string | null, imageDigest?: string | null, steps?: number | null, cachedSteps?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, source: { __typename?: 'BuildSource', kind: BuildSourceKind, url?: string | null, ref?: string | null, commit?: string | null, archiveSha256?: string | null }, instance: { __typename?: 'Instance', id: string, name: string }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus }, release?: { __typename?: 'Release', id: string, version: number } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type BuildQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type BuildQuery = { __typename?: 'Query', node?:
    | { __typename: 'ApiToken' }
    | { __typename: 'AuditEntry' }
    | { __typename: 'Build', id: string, service: string, status: BuildStatus, image?: string | null, imageDigest?: string | null, steps?: number | null, cachedSteps?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, source: { __typename?: 'BuildSource', kind: BuildSourceKind, url?: string | null, ref?: string | null, commit?: string | null, archiveSha256?: string | null }, instance: { __typename?: 'Instance', id: string, name: string }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus }, release?: { __typename?: 'Release', id: string, version: number } | null }
    | { __typename: 'Event' }
    | { __typename: 'Instance' }
    | { __typename: 'Job' }
    | { __typename: 'KeptVolume' }
    | { __typename: 'Operation' }
    | { __typename: 'Release' }
    | { __typename: 'Route' }
    | { __typename: 'Schedule' }
    | { __typename: 'Tenant' }
    | { __typename: 'TrustPolicy' }
    | { __typename: 'User' }
    | { __typename: 'VolumeBackup' }
    | { __typename: 'Webhook' }
    | { __typename: 'WebhookDelivery' }
   | null };

export type InstanceBuildsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type InstanceBuildsQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, name: string, builds: { __typename?: 'InstanceBuildsConnection', edges: Array<{ __typename?: 'InstanceBuildsEdge', cursor: string, node: { __typename?: 'Build', id: string, service: string, status: BuildStatus, image?: string | null, imageDigest?: string | null, steps?: number | null, cachedSteps?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, source: { __typename?: 'BuildSource', kind: BuildSourceKind, url?: string | null, ref?: string | null, commit?: string | null, archiveSha256?: string | null }, instance: { __typename?: 'Instance', id: string, name: string }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus }, release?: { __typename?: 'Release', id: string, version: number } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type BuildLogPageQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type BuildLogPageQuery = { __typename?: 'Query', node?:
    | { __typename: 'ApiToken' }
    | { __typename: 'AuditEntry' }
    | { __typename: 'Build', id: string, status: BuildStatus, logs: { __typename?: 'BuildLogConnection', edges: Array<{ __typename?: 'BuildLogEdge', cursor: string, node: { __typename?: 'BuildLogLine', cursor: string, at: string, step?: number | null, line: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } }
    | { __typename: 'Event' }
    | { __typename: 'Instance' }
    | { __typename: 'Job' }
    | { __typename: 'KeptVolume' }
    | { __typename: 'Operation' }
    | { __typename: 'Release' }
    | { __typename: 'Route' }
    | { __typename: 'Schedule' }
    | { __typename: 'Tenant' }
    | { __typename: 'TrustPolicy' }
    | { __typename: 'User' }
    | { __typename: 'VolumeBackup' }
    | { __typename: 'Webhook' }
    | { __typename: 'WebhookDelivery' }
   | null };

export type WatchBuildLogsSubscriptionVariables = Exact<{
  buildId: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type WatchBuildLogsSubscription = { __typename?: 'Subscription', buildLogs: { __typename?: 'BuildLogLine', cursor: string, at: string, step?: number | null, line: string } };

type ErrorFields_CapabilityNotSupportedError_Fragment = { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string };

type ErrorFields_ConflictError_Fragment = { __typename: 'ConflictError', currentVersion?: number | null, message: string };

type ErrorFields_ForbiddenError_Fragment = { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string };

type ErrorFields_IdempotencyConflictError_Fragment = { __typename: 'IdempotencyConflictError', message: string };

type ErrorFields_InvalidStateError_Fragment = { __typename: 'InvalidStateError', state: InstanceState, message: string };

type ErrorFields_NotFoundError_Fragment = { __typename: 'NotFoundError', message: string };

type ErrorFields_ProviderUnavailableError_Fragment = { __typename: 'ProviderUnavailableError', provider: string, message: string };

type ErrorFields_RateLimitedError_Fragment = { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string };

type ErrorFields_ValidationError_Fragment = { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> };

export type ErrorFieldsFragment =
  | ErrorFields_CapabilityNotSupportedError_Fragment
  | ErrorFields_ConflictError_Fragment
  | ErrorFields_ForbiddenError_Fragment
  | ErrorFields_IdempotencyConflictError_Fragment
  | ErrorFields_InvalidStateError_Fragment
  | ErrorFields_NotFoundError_Fragment
  | ErrorFields_ProviderUnavailableError_Fragment
  | ErrorFields_RateLimitedError_Fragment
  | ErrorFields_ValidationError_Fragment
;

export type ResourceSpecFieldsFragment = { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null };

export type InstanceServiceFieldsFragment = { __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null };

export type InstanceFieldsFragment = { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null };

export type OperationFieldsFragment = { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null };

export type EventFieldsFragment = { __typename?: 'Event', id: string, cursor: string, type: string, occurredAt: string, fromState?: InstanceState | null, toState?: InstanceState | null, ready?: boolean | null, message?: string | null, data?: unknown | null, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null };

export type ReleaseFieldsFragment = { __typename?: 'Release', id: string, version: number, isCurrent: boolean, strategy?: DeployStrategy | null, createdAt: string, rolledBackFrom?: { __typename?: 'Release', id: string, version: number } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string, command?: Array<string> | null, args?: Array<string> | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null } | null }> };

export type ProviderFieldsFragment = { __typename?: 'Provider', key: string, name: string, version?: string | null, region?: string | null, isDefault: boolean, capabilities: Array<Capability>, location?: { __typename?: 'Location', city?: string | null, country?: string | null, latitude?: number | null, longitude?: number | null } | null, health?: { __typename?: 'ProviderHealth', healthy: boolean, message?: string | null, latencyMs?: number | null, checkedAt: string } | null };

export type ApiTokenFieldsFragment = { __typename?: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null };

export type SecretFieldsFragment = { __typename?: 'Secret', key: string, version: number, createdAt: string, updatedAt: string };

export type PageInfoFieldsFragment = { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null };

export type JobFieldsFragment = { __typename?: 'Job', id: string, service: string, command: Array<string>, status: JobStatus, exitCode?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } };

export type RunJobMutationVariables = Exact<{
  input: RunJobInput;
}>;


export type RunJobMutation = { __typename?: 'Mutation', runJob:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RunJobPayload', job: { __typename?: 'Job', id: string, service: string, command: Array<string>, status: JobStatus, exitCode?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type JobLogPageQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type JobLogPageQuery = { __typename?: 'Query', node?:
    | { __typename: 'ApiToken' }
    | { __typename: 'AuditEntry' }
    | { __typename: 'Build' }
    | { __typename: 'Event' }
    | { __typename: 'Instance' }
    | { __typename: 'Job', id: string, service: string, command: Array<string>, status: JobStatus, exitCode?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, logs: { __typename?: 'BuildLogConnection', edges: Array<{ __typename?: 'BuildLogEdge', node: { __typename?: 'BuildLogLine', cursor: string, at: string, step?: number | null, line: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } }
    | { __typename: 'KeptVolume' }
    | { __typename: 'Operation' }
    | { __typename: 'Release' }
    | { __typename: 'Route' }
    | { __typename: 'Schedule' }
    | { __typename: 'Tenant' }
    | { __typename: 'TrustPolicy' }
    | { __typename: 'User' }
    | { __typename: 'VolumeBackup' }
    | { __typename: 'Webhook' }
    | { __typename: 'WebhookDelivery' }
   | null };

export type InstanceJobsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type InstanceJobsQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, jobs: { __typename?: 'InstanceJobsConnection', edges: Array<{ __typename?: 'InstanceJobsEdge', cursor: string, node: { __typename?: 'Job', id: string, service: string, command: Array<string>, status: JobStatus, exitCode?: number | null, error?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type KeptVolumeFieldsFragment = { __typename?: 'KeptVolume', id: string, provider: string, name: string, volume: string, service?: string | null, instanceName: string, sizeMb?: number | null, keptAt: string };

export type KeptVolumesQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type KeptVolumesQuery = { __typename?: 'Query', keptVolumes: { __typename?: 'KeptVolumesConnection', edges: Array<{ __typename?: 'KeptVolumesEdge', cursor: string, node: { __typename?: 'KeptVolume', id: string, provider: string, name: string, volume: string, service?: string | null, instanceName: string, sizeMb?: number | null, keptAt: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type DeleteKeptVolumeMutationVariables = Exact<{
  input: DeleteKeptVolumeInput;
}>;


export type DeleteKeptVolumeMutation = { __typename?: 'Mutation', deleteKeptVolume:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'DeleteKeptVolumePayload', id: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type ProvisionInstanceMutationVariables = Exact<{
  input: ProvisionInstanceInput;
}>;


export type ProvisionInstanceMutation = { __typename?: 'Mutation', provisionInstance:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'ProvisionInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeployInstanceMutationVariables = Exact<{
  input: DeployInstanceInput;
}>;


export type DeployInstanceMutation = { __typename?: 'Mutation', deployInstance:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'DeployInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type ScaleInstanceMutationVariables = Exact<{
  input: ScaleInstanceInput;
}>;


export type ScaleInstanceMutation = { __typename?: 'Mutation', scaleInstance:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ScaleInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type RollbackInstanceMutationVariables = Exact<{
  input: RollbackInstanceInput;
}>;


export type RollbackInstanceMutation = { __typename?: 'Mutation', rollbackInstance:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RollbackInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type StartInstanceMutationVariables = Exact<{
  input: InstanceActionInput;
}>;


export type StartInstanceMutation = { __typename?: 'Mutation', startInstance:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'StartInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type StopInstanceMutationVariables = Exact<{
  input: InstanceActionInput;
}>;


export type StopInstanceMutation = { __typename?: 'Mutation', stopInstance:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'StopInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type RestartInstanceMutationVariables = Exact<{
  input: InstanceActionInput;
}>;


export type RestartInstanceMutation = { __typename?: 'Mutation', restartInstance:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RestartInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeprovisionInstanceMutationVariables = Exact<{
  input: InstanceActionInput;
  deleteVolumes?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type DeprovisionInstanceMutation = { __typename?: 'Mutation', deprovisionInstance:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'DeprovisionInstancePayload', instance: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }, operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type ExecInstanceMutationVariables = Exact<{
  input: ExecInstanceInput;
}>;


export type ExecInstanceMutation = { __typename?: 'Mutation', execInstance:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ExecInstancePayload', exitCode: number, stdout: string, stderr: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'ProviderUnavailableError', provider: string, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type CancelOperationMutationVariables = Exact<{
  input: CancelOperationInput;
}>;


export type CancelOperationMutation = { __typename?: 'Mutation', cancelOperation:
    | { __typename: 'CancelOperationPayload', operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type CreateTenantMutationVariables = Exact<{
  input: CreateTenantInput;
}>;


export type CreateTenantMutation = { __typename?: 'Mutation', createTenant:
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'CreateTenantPayload', tenant: { __typename?: 'Tenant', id: string, name: string, createdAt: string } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type CreateApiTokenMutationVariables = Exact<{
  input: CreateApiTokenInput;
}>;


export type CreateApiTokenMutation = { __typename?: 'Mutation', createApiToken:
    | { __typename: 'CreateApiTokenPayload', token: string, apiToken: { __typename?: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type RevokeApiTokenMutationVariables = Exact<{
  input: RevokeApiTokenInput;
}>;


export type RevokeApiTokenMutation = { __typename?: 'Mutation', revokeApiToken:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RevokeApiTokenPayload', apiToken: { __typename?: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null } }
   };

export type PutSecretMutationVariables = Exact<{
  input: PutSecretInput;
}>;


export type PutSecretMutation = { __typename?: 'Mutation', putSecret:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'PutSecretPayload', secret: { __typename?: 'Secret', key: string, version: number, createdAt: string, updatedAt: string } }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeleteSecretMutationVariables = Exact<{
  input: DeleteSecretInput;
}>;


export type DeleteSecretMutation = { __typename?: 'Mutation', deleteSecret:
    | { __typename: 'DeleteSecretPayload', key: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { __typename?: 'Query', viewer: { __typename?: 'Viewer', scopes: Array<Scope>, role?: Role | null, tenant: { __typename?: 'Tenant', id: string, name: string, createdAt: string }, token?: { __typename?: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null } | null, user?: { __typename?: 'User', id: string, email?: string | null, name?: string | null } | null } };

export type NodeQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type NodeQuery = { __typename?: 'Query', node?:
    | { __typename: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null }
    | { __typename: 'AuditEntry', id: string }
    | { __typename: 'Build', id: string }
    | { __typename: 'Event', cursor: string, type: string, occurredAt: string, message?: string | null, id: string }
    | { __typename: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }
    | { __typename: 'Job', id: string }
    | { __typename: 'KeptVolume', id: string }
    | { __typename: 'Operation', status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, id: string, operationKind: OperationKind }
    | { __typename: 'Release', id: string, version: number, isCurrent: boolean, strategy?: DeployStrategy | null, createdAt: string, rolledBackFrom?: { __typename?: 'Release', id: string, version: number } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string, command?: Array<string> | null, args?: Array<string> | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null } | null }> }
    | { __typename: 'Route', id: string }
    | { __typename: 'Schedule', id: string }
    | { __typename: 'Tenant', name: string, createdAt: string, id: string }
    | { __typename: 'TrustPolicy', id: string }
    | { __typename: 'User', id: string }
    | { __typename: 'VolumeBackup', id: string }
    | { __typename: 'Webhook', id: string }
    | { __typename: 'WebhookDelivery', id: string }
   | null };

export type NodesQueryVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type NodesQuery = { __typename?: 'Query', nodes: Array<
    | { __typename: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null }
    | { __typename: 'AuditEntry', id: string }
    | { __typename: 'Build', id: string }
    | { __typename: 'Event', cursor: string, type: string, occurredAt: string, message?: string | null, id: string }
    | { __typename: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null }
    | { __typename: 'Job', id: string }
    | { __typename: 'KeptVolume', id: string }
    | { __typename: 'Operation', status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, id: string, operationKind: OperationKind }
    | { __typename: 'Release', id: string, version: number, isCurrent: boolean, strategy?: DeployStrategy | null, createdAt: string, rolledBackFrom?: { __typename?: 'Release', id: string, version: number } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string, command?: Array<string> | null, args?: Array<string> | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null } | null }> }
    | { __typename: 'Route', id: string }
    | { __typename: 'Schedule', id: string }
    | { __typename: 'Tenant', name: string, createdAt: string, id: string }
    | { __typename: 'TrustPolicy', id: string }
    | { __typename: 'User', id: string }
    | { __typename: 'VolumeBackup', id: string }
    | { __typename: 'Webhook', id: string }
    | { __typename: 'WebhookDelivery', id: string }
   | null> };

export type ProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type ProvidersQuery = { __typename?: 'Query', providers: Array<{ __typename?: 'Provider', key: string, name: string, version?: string | null, region?: string | null, isDefault: boolean, capabilities: Array<Capability>, location?: { __typename?: 'Location', city?: string | null, country?: string | null, latitude?: number | null, longitude?: number | null } | null, health?: { __typename?: 'ProviderHealth', healthy: boolean, message?: string | null, latencyMs?: number | null, checkedAt: string } | null }> };

export type ProviderQueryVariables = Exact<{
  key: Scalars['String']['input'];
}>;


export type ProviderQuery = { __typename?: 'Query', provider?: { __typename?: 'Provider', key: string, name: string, version?: string | null, region?: string | null, isDefault: boolean, capabilities: Array<Capability>, location?: { __typename?: 'Location', city?: string | null, country?: string | null, latitude?: number | null, longitude?: number | null } | null, health?: { __typename?: 'ProviderHealth', healthy: boolean, message?: string | null, latencyMs?: number | null, checkedAt: string } | null } | null };

export type CapabilitiesQueryVariables = Exact<{ [key: string]: never; }>;


export type CapabilitiesQuery = { __typename?: 'Query', capabilities: Array<{ __typename?: 'CapabilityInfo', capability: Capability, id: string, description: string, providers: Array<{ __typename?: 'Provider', key: string }> }> };

export type InstancesQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<InstanceFilter>;
}>;


export type InstancesQuery = { __typename?: 'Query', instances: { __typename?: 'QueryInstancesConnection', edges: Array<{ __typename?: 'QueryInstancesConnectionEdge', cursor: string, node: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type InstanceQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type InstanceQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, name: string, kind: WorkloadKind, desiredState: DesiredState, state: InstanceState, ready: boolean, restarts: number, message?: string | null, startedAt?: string | null, providerRef?: string | null, sourceType: SourceType, generation: number, observedGeneration: number, version: number, createdAt: string, updatedAt: string, provider?: { __typename?: 'Provider', key: string, name: string } | null, endpoints: Array<{ __typename?: 'Endpoint', serviceName?: string | null, url: string, port: number, protocol: string, public: boolean }>, labels: Array<{ __typename?: 'Label', key: string, value: string }>, services: Array<{ __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null }>, objects: Array<{ __typename?: 'ManagedObject', apiVersion: string, kind: string, namespace?: string | null, name: string, ready?: boolean | null, message?: string | null }>, currentRelease?: { __typename?: 'Release', id: string, version: number, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string }> } | null, lastOperation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null } | null } | null };

export type InstanceLatestEventQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type InstanceLatestEventQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, state: InstanceState, events: { __typename?: 'InstanceEventsConnection', edges: Array<{ __typename?: 'InstanceEventsConnectionEdge', cursor: string }> } } | null };

export type ServicesQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ServiceFilter>;
}>;


export type ServicesQuery = { __typename?: 'Query', services: { __typename?: 'QueryServicesConnection', edges: Array<{ __typename?: 'QueryServicesConnectionEdge', cursor: string, node: { __typename?: 'InstanceService', name: string, image: string, role: ServiceRole, dependsOn: Array<string>, command?: Array<string> | null, args?: Array<string> | null, instance: { __typename?: 'Instance', id: string, name: string }, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null, autoscale?: { __typename?: 'AutoscalePolicy', minReplicas: number, maxReplicas: number, targetCpuPercent?: number | null, targetRequestsPerSecond?: number | null, scaleUpStabilizationSeconds: number, scaleDownStabilizationSeconds: number } | null } | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, volumes: Array<{ __typename?: 'VolumeSpec', name: string, mountPath: string, sizeMb?: number | null, type?: string | null }>, healthCheck?: { __typename?: 'HealthCheck', path?: string | null, port: number, intervalSeconds?: number | null, timeoutSeconds?: number | null, retries?: number | null } | null, secrets: Array<{ __typename?: 'SecretRef', key: string, envName: string }>, configFiles: Array<{ __typename?: 'ConfigFile', name: string, path: string, format: ConfigFormat }>, annotations: Array<{ __typename?: 'Label', key: string, value: string }>, status: { __typename?: 'ServiceStatus', state: InstanceState, ready: boolean, restarts: number, providerRef?: string | null, message?: string | null }, autoscale?: { __typename?: 'AutoscaleStatus', currentReplicas: number, desiredReplicas: number, cpuPercent?: number | null, requestsPerSecond?: number | null, lastScaleAt?: string | null, message?: string | null } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type ReleasesQueryVariables = Exact<{
  instanceId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ReleasesQuery = { __typename?: 'Query', releases: { __typename?: 'QueryReleasesConnection', edges: Array<{ __typename?: 'QueryReleasesConnectionEdge', cursor: string, node: { __typename?: 'Release', id: string, version: number, isCurrent: boolean, strategy?: DeployStrategy | null, createdAt: string, rolledBackFrom?: { __typename?: 'Release', id: string, version: number } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null, snapshots: Array<{ __typename?: 'ServiceSnapshot', name: string, image: string, command?: Array<string> | null, args?: Array<string> | null, env: Array<{ __typename?: 'EnvVar', name: string, value: string }>, ports: Array<{ __typename?: 'PortSpec', container: number, host?: number | null, protocol: Protocol }>, resources?: { __typename?: 'ResourceSpec', cpuMillis?: number | null, memoryMb?: number | null, diskMb?: number | null, replicas?: number | null, gpu?: string | null } | null }> } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type OperationQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type OperationQuery = { __typename?: 'Query', operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } | null };

export type EventsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<EventFilter>;
}>;


export type EventsQuery = { __typename?: 'Query', events: { __typename?: 'QueryEventsConnection', edges: Array<{ __typename?: 'QueryEventsConnectionEdge', cursor: string, node: { __typename?: 'Event', id: string, cursor: string, type: string, occurredAt: string, fromState?: InstanceState | null, toState?: InstanceState | null, ready?: boolean | null, message?: string | null, data?: unknown | null, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type ApiTokensQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  tenantId?: InputMaybe<Scalars['ID']['input']>;
}>;


export type ApiTokensQuery = { __typename?: 'Query', apiTokens: { __typename?: 'QueryApiTokensConnection', edges: Array<{ __typename?: 'QueryApiTokensConnectionEdge', cursor: string, node: { __typename?: 'ApiToken', id: string, name: string, scopes: Array<Scope>, createdAt: string, expiresAt?: string | null, lastUsedAt?: string | null, revokedAt?: string | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type TenantsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TenantsQuery = { __typename?: 'Query', tenants: { __typename?: 'QueryTenantsConnection', edges: Array<{ __typename?: 'QueryTenantsConnectionEdge', cursor: string, node: { __typename?: 'Tenant', id: string, name: string, createdAt: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type LatestEventQueryVariables = Exact<{
  filter?: InputMaybe<EventFilter>;
}>;


export type LatestEventQuery = { __typename?: 'Query', events: { __typename?: 'QueryEventsConnection', edges: Array<{ __typename?: 'QueryEventsConnectionEdge', cursor: string }> } };

export type SecretsQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type SecretsQuery = { __typename?: 'Query', secrets: { __typename?: 'QuerySecretsConnection', edges: Array<{ __typename?: 'QuerySecretsConnectionEdge', cursor: string, node: { __typename?: 'Secret', key: string, version: number, createdAt: string, updatedAt: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, hasPreviousPage: boolean, startCursor?: string | null, endCursor?: string | null } } };

export type InstanceImageUpdatesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type InstanceImageUpdatesQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, imageUpdates?: Array<{ __typename?: 'ImageUpdate', service: string, image: string, runningImageId: string, currentImageId: string }> | null } | null };

export type RolloutFieldsFragment = { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }>, stableRelease?: { __typename?: 'Release', version: number } | null, newRelease?: { __typename?: 'Release', version: number } | null };

export type InstanceRolloutsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
}>;


export type InstanceRolloutsQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, operations: { __typename?: 'InstanceOperationsConnection', edges: Array<{ __typename?: 'InstanceOperationsConnectionEdge', node: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, rollout?: { __typename?: 'Rollout', strategy: DeployStrategy, phase: RolloutPhase, stepIndex: number, canaryWeight: number, abortReason?: string | null, previewUrl?: string | null, steps: Array<{ __typename?: 'RolloutStep', weight: number, pauseSeconds?: number | null, startedAt?: string | null, finishedAt?: string | null }>, analysis: Array<{ __typename?: 'AnalysisRun', at: string, requests: number, errorRate: number, p99Ms?: number | null, passed: boolean, message?: string | null }>, stableRelease?: { __typename?: 'Release', version: number } | null, newRelease?: { __typename?: 'Release', version: number } | null } | null } }> } } | null };

export type PromoteOperationMutationVariables = Exact<{
  input: PromoteOperationInput;
}>;


export type PromoteOperationMutation = { __typename?: 'Mutation', promoteOperation:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'PromoteOperationPayload', operation: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type RouteFieldsFragment = { __typename?: 'Route', id: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, url: string, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null, instance: { __typename?: 'Instance', id: string, name: string } };

export type RoutesQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<RouteFilter>;
}>;


export type RoutesQuery = { __typename?: 'Query', routes: { __typename?: 'QueryRoutesConnection', edges: Array<{ __typename?: 'QueryRoutesConnectionEdge', cursor: string, node: { __typename?: 'Route', id: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, url: string, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null, instance: { __typename?: 'Instance', id: string, name: string } } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type InstanceRoutesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type InstanceRoutesQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, name: string, routes: Array<{ __typename?: 'Route', id: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, url: string, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null, instance: { __typename?: 'Instance', id: string, name: string } }> } | null };

export type AddRouteMutationVariables = Exact<{
  input: AddRouteInput;
}>;


export type AddRouteMutation = { __typename?: 'Mutation', addRoute:
    | { __typename: 'AddRoutePayload', route: { __typename?: 'Route', id: string, service: string, port: number, host: string, pathPrefix: string, custom: boolean, url: string, status: RouteStatus, message?: string | null, createdAt: string, tls?: { __typename?: 'RouteTls', source: RouteTlsSource, secretKey?: string | null, issuer?: string | null, notAfter?: string | null } | null, instance: { __typename?: 'Instance', id: string, name: string } } }
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'IdempotencyConflictError', message: string }
    | { __typename: 'InvalidStateError', state: InstanceState, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type RemoveRouteMutationVariables = Exact<{
  input: RemoveRouteInput;
}>;


export type RemoveRouteMutation = { __typename?: 'Mutation', removeRoute:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RemoveRoutePayload', routeId: string, instance: { __typename?: 'Instance', id: string, name: string } }
   };

export type ScheduleFieldsFragment = { __typename?: 'Schedule', id: string, name: string, service: string, command: Array<string>, cron: string, timeZone: string, concurrency: ConcurrencyPolicy, timeoutSeconds: number, startingDeadlineSeconds: number, historyLimit: number, suspended: boolean, nextRunAt?: string | null, backup?: { __typename?: 'ScheduledBackup', volume: string, consistency: BackupConsistency, hook?: { __typename?: 'BackupHook', service: string, before: Array<string>, after: Array<string> } | null, retention: { __typename?: 'BackupRetention', last: number, daily: number, weekly: number, monthly: number } } | null, lastJob?: { __typename?: 'Job', id: string, status: JobStatus, scheduledAt?: string | null, exitCode?: number | null } | null };

export type InstanceSchedulesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type InstanceSchedulesQuery = { __typename?: 'Query', instance?: { __typename?: 'Instance', id: string, schedules: Array<{ __typename?: 'Schedule', id: string, name: string, service: string, command: Array<string>, cron: string, timeZone: string, concurrency: ConcurrencyPolicy, timeoutSeconds: number, startingDeadlineSeconds: number, historyLimit: number, suspended: boolean, nextRunAt?: string | null, backup?: { __typename?: 'ScheduledBackup', volume: string, consistency: BackupConsistency, hook?: { __typename?: 'BackupHook', service: string, before: Array<string>, after: Array<string> } | null, retention: { __typename?: 'BackupRetention', last: number, daily: number, weekly: number, monthly: number } } | null, lastJob?: { __typename?: 'Job', id: string, status: JobStatus, scheduledAt?: string | null, exitCode?: number | null } | null }> } | null };

export type CreateScheduleMutationVariables = Exact<{
  input: CreateScheduleInput;
}>;


export type CreateScheduleMutation = { __typename?: 'Mutation', createSchedule:
    | { __typename: 'CapabilityNotSupportedError', capability: Capability, provider: string, message: string }
    | { __typename: 'ConflictError', currentVersion?: number | null, message: string }
    | { __typename: 'CreateSchedulePayload', schedule: { __typename?: 'Schedule', id: string, name: string, service: string, command: Array<string>, cron: string, timeZone: string, concurrency: ConcurrencyPolicy, timeoutSeconds: number, startingDeadlineSeconds: number, historyLimit: number, suspended: boolean, nextRunAt?: string | null, backup?: { __typename?: 'ScheduledBackup', volume: string, consistency: BackupConsistency, hook?: { __typename?: 'BackupHook', service: string, before: Array<string>, after: Array<string> } | null, retention: { __typename?: 'BackupRetention', last: number, daily: number, weekly: number, monthly: number } } | null, lastJob?: { __typename?: 'Job', id: string, status: JobStatus, scheduledAt?: string | null, exitCode?: number | null } | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type UpdateScheduleMutationVariables = Exact<{
  input: UpdateScheduleInput;
}>;


export type UpdateScheduleMutation = { __typename?: 'Mutation', updateSchedule:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'UpdateSchedulePayload', schedule: { __typename?: 'Schedule', id: string, name: string, service: string, command: Array<string>, cron: string, timeZone: string, concurrency: ConcurrencyPolicy, timeoutSeconds: number, startingDeadlineSeconds: number, historyLimit: number, suspended: boolean, nextRunAt?: string | null, backup?: { __typename?: 'ScheduledBackup', volume: string, consistency: BackupConsistency, hook?: { __typename?: 'BackupHook', service: string, before: Array<string>, after: Array<string> } | null, retention: { __typename?: 'BackupRetention', last: number, daily: number, weekly: number, monthly: number } } | null, lastJob?: { __typename?: 'Job', id: string, status: JobStatus, scheduledAt?: string | null, exitCode?: number | null } | null } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeleteScheduleMutationVariables = Exact<{
  input: DeleteScheduleInput;
}>;


export type DeleteScheduleMutation = { __typename?: 'Mutation', deleteSchedule:
    | { __typename: 'DeleteSchedulePayload', id: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type WatchInstanceEventsSubscriptionVariables = Exact<{
  instanceId: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type WatchInstanceEventsSubscription = { __typename?: 'Subscription', instanceEvents: { __typename?: 'Event', id: string, cursor: string, type: string, occurredAt: string, fromState?: InstanceState | null, toState?: InstanceState | null, ready?: boolean | null, message?: string | null, data?: unknown | null, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null } };

export type WatchOperationUpdatesSubscriptionVariables = Exact<{
  operationId: Scalars['ID']['input'];
}>;


export type WatchOperationUpdatesSubscription = { __typename?: 'Subscription', operationUpdates: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus, readinessOutcome?: ReadinessOutcome | null, attempts: number, idempotencyKey?: string | null, createdAt: string, startedAt?: string | null, finishedAt?: string | null, error?: { __typename?: 'OperationError', code: string, message: string } | null, steps: Array<{ __typename?: 'OperationStep', name: string, status: OperationStatus, startedAt?: string | null, finishedAt?: string | null, message?: string | null }>, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean, message?: string | null, version: number } | null, release?: { __typename?: 'Release', id: string, version: number } | null } };

export type WatchEventsSubscriptionVariables = Exact<{
  filter?: InputMaybe<EventFilter>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type WatchEventsSubscription = { __typename?: 'Subscription', events: { __typename?: 'Event', id: string, cursor: string, type: string, occurredAt: string, fromState?: InstanceState | null, toState?: InstanceState | null, ready?: boolean | null, message?: string | null, data?: unknown | null, instance?: { __typename?: 'Instance', id: string, name: string, state: InstanceState, ready: boolean } | null, operation?: { __typename?: 'Operation', id: string, kind: OperationKind, status: OperationStatus } | null } };

export type WatchInstanceLogsSubscriptionVariables = Exact<{
  instanceId: Scalars['ID']['input'];
  service?: InputMaybe<Scalars['String']['input']>;
  tail?: InputMaybe<Scalars['Int']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  follow?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type WatchInstanceLogsSubscription = { __typename?: 'Subscription', instanceLogs: { __typename?: 'LogLine', timestamp: string, stream: LogStream, service: string, replica?: number | null, message: string, dropped: number } };

export type WatchInstanceLogChunksSubscriptionVariables = Exact<{
  instanceId: Scalars['ID']['input'];
  service?: InputMaybe<Scalars['String']['input']>;
  tail?: InputMaybe<Scalars['Int']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  follow?: InputMaybe<Scalars['Boolean']['input']>;
  maxLines?: InputMaybe<Scalars['Int']['input']>;
}>;


export type WatchInstanceLogChunksSubscription = { __typename?: 'Subscription', instanceLogChunks: { __typename?: 'LogChunk', lines: Array<{ __typename?: 'LogLine', timestamp: string, stream: LogStream, service: string, replica?: number | null, message: string, dropped: number }> } };

export type TrustPolicyFieldsFragment = { __typename?: 'TrustPolicy', id: string, name: string, issuer: string, audience: string, subjectPattern: string, scopes: Array<Scope>, tokenTtlSeconds: number, createdAt: string, lastUsedAt?: string | null };

export type TrustPoliciesQueryVariables = Exact<{ [key: string]: never; }>;


export type TrustPoliciesQuery = { __typename?: 'Query', trustPolicies: Array<{ __typename?: 'TrustPolicy', id: string, name: string, issuer: string, audience: string, subjectPattern: string, scopes: Array<Scope>, tokenTtlSeconds: number, createdAt: string, lastUsedAt?: string | null }> };

export type CreateTrustPolicyMutationVariables = Exact<{
  input: CreateTrustPolicyInput;
}>;


export type CreateTrustPolicyMutation = { __typename?: 'Mutation', createTrustPolicy:
    | { __typename: 'CreateTrustPolicyPayload', trustPolicy: { __typename?: 'TrustPolicy', id: string, name: string, issuer: string, audience: string, subjectPattern: string, scopes: Array<Scope>, tokenTtlSeconds: number, createdAt: string, lastUsedAt?: string | null } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeleteTrustPolicyMutationVariables = Exact<{
  input: DeleteTrustPolicyInput;
}>;


export type DeleteTrustPolicyMutation = { __typename?: 'Mutation', deleteTrustPolicy:
    | { __typename: 'DeleteTrustPolicyPayload', id: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type WebhookFieldsFragment = { __typename?: 'Webhook', id: string, url: string, description?: string | null, eventTypes: Array<string>, enabled: boolean, disabledReason?: string | null, createdAt: string };

export type WebhookDeliveryFieldsFragment = { __typename?: 'WebhookDelivery', id: string, messageId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, responseStatus?: number | null, lastError?: string | null, nextAttemptAt?: string | null, createdAt: string, deliveredAt?: string | null, event?: { __typename?: 'Event', id: string, cursor: string } | null };

export type WebhooksQueryVariables = Exact<{
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type WebhooksQuery = { __typename?: 'Query', webhooks: { __typename?: 'QueryWebhooksConnection', edges: Array<{ __typename?: 'QueryWebhooksConnectionEdge', cursor: string, node: { __typename?: 'Webhook', id: string, url: string, description?: string | null, eventTypes: Array<string>, enabled: boolean, disabledReason?: string | null, createdAt: string } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } };

export type WebhookDeliveriesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
}>;


export type WebhookDeliveriesQuery = { __typename?: 'Query', webhook?: { __typename?: 'Webhook', id: string, url: string, description?: string | null, eventTypes: Array<string>, enabled: boolean, disabledReason?: string | null, createdAt: string, deliveries: { __typename?: 'WebhookDeliveriesConnection', edges: Array<{ __typename?: 'WebhookDeliveriesConnectionEdge', cursor: string, node: { __typename?: 'WebhookDelivery', id: string, messageId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, responseStatus?: number | null, lastError?: string | null, nextAttemptAt?: string | null, createdAt: string, deliveredAt?: string | null, event?: { __typename?: 'Event', id: string, cursor: string } | null } }>, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null } } } | null };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type CreateWebhookMutation = { __typename?: 'Mutation', createWebhook:
    | { __typename: 'CreateWebhookPayload', signingSecret: string, webhook: { __typename?: 'Webhook', id: string, url: string, description?: string | null, eventTypes: Array<string>, enabled: boolean, disabledReason?: string | null, createdAt: string } }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type UpdateWebhookMutationVariables = Exact<{
  input: UpdateWebhookInput;
}>;


export type UpdateWebhookMutation = { __typename?: 'Mutation', updateWebhook:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'UpdateWebhookPayload', webhook: { __typename?: 'Webhook', id: string, url: string, description?: string | null, eventTypes: Array<string>, enabled: boolean, disabledReason?: string | null, createdAt: string } }
    | { __typename: 'ValidationError', message: string, fieldErrors: Array<{ __typename?: 'FieldError', path: Array<string>, message: string }> }
   };

export type DeleteWebhookMutationVariables = Exact<{
  input: DeleteWebhookInput;
}>;


export type DeleteWebhookMutation = { __typename?: 'Mutation', deleteWebhook:
    | { __typename: 'DeleteWebhookPayload', webhookId: string }
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
   };

export type RotateWebhookSecretMutationVariables = Exact<{
  input: RotateWebhookSecretInput;
}>;


export type RotateWebhookSecretMutation = { __typename?: 'Mutation', rotateWebhookSecret:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RotateWebhookSecretPayload', signingSecret: string, webhook: { __typename?: 'Webhook', id: string, url: string, description?: string | null, eventTypes: Array<string>, enabled: boolean, disabledReason?: string | null, createdAt: string } }
   };

export type TestWebhookMutationVariables = Exact<{
  input: TestWebhookInput;
}>;


export type TestWebhookMutation = { __typename?: 'Mutation', testWebhook:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'TestWebhookPayload', delivery: { __typename?: 'WebhookDelivery', id: string, messageId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, responseStatus?: number | null, lastError?: string | null, nextAttemptAt?: string | null, createdAt: string, deliveredAt?: string | null, event?: { __typename?: 'Event', id: string, cursor: string } | null } }
   };

export type RedeliverWebhookDeliveryMutationVariables = Exact<{
  input: RedeliverWebhookDeliveryInput;
}>;


export type RedeliverWebhookDeliveryMutation = { __typename?: 'Mutation', redeliverWebhookDelivery:
    | { __typename: 'ForbiddenError', requiredScope?: Scope | null, message: string }
    | { __typename: 'NotFoundError', message: string }
    | { __typename: 'RateLimitedError', retryAfterSeconds: number, message: string }
    | { __typename: 'RedeliverWebhookDeliveryPayload', delivery: { __typename?: 'WebhookDelivery', id: string, messageId: string, eventType: string, status: WebhookDeliveryStatus, attempts: number, responseStatus?: number | null, lastError?: string | null, nextAttemptAt?: string | null, createdAt: string, deliveredAt?: string | null, event?: { __typename?: 'Event', id: string, cursor: string } | null } }
   };

export const VolumeBackupFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"sizeBytes"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<VolumeBackupFieldsFragment, unknown>;
export const ConsoleVolumeBackupFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleVolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VolumeBackupFields"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"sizeBytes"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ConsoleVolumeBackupFieldsFragment, unknown>;
export const ConsoleRolloutFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<ConsoleRolloutFieldsFragment, unknown>;
export const ConsoleRolloutOperationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rollout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<ConsoleRolloutOperationFieldsFragment, unknown>;
export const ConsoleRouteFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ConsoleRouteFieldsFragment, unknown>;
export const AuditEntryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuditEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"targetIds"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"errorType"}},{"kind":"Field","name":{"kind":"Name","value":"ip"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"previousHash"}}]}}]} as unknown as DocumentNode<AuditEntryFieldsFragment, unknown>;
export const BuildSourceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildSourceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildSource"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"commit"}},{"kind":"Field","name":{"kind":"Name","value":"archiveSha256"}}]}}]} as unknown as DocumentNode<BuildSourceFieldsFragment, unknown>;
export const BuildFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Build"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildSourceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"imageDigest"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"cachedSteps"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildSourceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildSource"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"commit"}},{"kind":"Field","name":{"kind":"Name","value":"archiveSha256"}}]}}]} as unknown as DocumentNode<BuildFieldsFragment, unknown>;
export const BuildLogLineFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"line"}}]}}]} as unknown as DocumentNode<BuildLogLineFieldsFragment, unknown>;
export const ErrorFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<ErrorFieldsFragment, unknown>;
export const ResourceSpecFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}}]} as unknown as DocumentNode<ResourceSpecFieldsFragment, unknown>;
export const InstanceServiceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}}]} as unknown as DocumentNode<InstanceServiceFieldsFragment, unknown>;
export const InstanceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<InstanceFieldsFragment, unknown>;
export const OperationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<OperationFieldsFragment, unknown>;
export const EventFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"fromState"}},{"kind":"Field","name":{"kind":"Name","value":"toState"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<EventFieldsFragment, unknown>;
export const ReleaseFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ReleaseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Release"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"isCurrent"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackFrom"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}}]} as unknown as DocumentNode<ReleaseFieldsFragment, unknown>;
export const ProviderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProviderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Provider"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"region"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"healthy"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}}]}}]}}]} as unknown as DocumentNode<ProviderFieldsFragment, unknown>;
export const ApiTokenFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<ApiTokenFieldsFragment, unknown>;
export const SecretFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SecretFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Secret"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SecretFieldsFragment, unknown>;
export const PageInfoFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<PageInfoFieldsFragment, unknown>;
export const JobFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"JobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Job"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<JobFieldsFragment, unknown>;
export const KeptVolumeFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"KeptVolumeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"KeptVolume"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"instanceName"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"keptAt"}}]}}]} as unknown as DocumentNode<KeptVolumeFieldsFragment, unknown>;
export const RolloutFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<RolloutFieldsFragment, unknown>;
export const RouteFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RouteFieldsFragment, unknown>;
export const ScheduleFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ScheduleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Schedule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"cron"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startingDeadlineSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"historyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"suspended"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"backup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"hook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}}]}},{"kind":"Field","name":{"kind":"Name","value":"retention"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"last"}},{"kind":"Field","name":{"kind":"Name","value":"daily"}},{"kind":"Field","name":{"kind":"Name","value":"weekly"}},{"kind":"Field","name":{"kind":"Name","value":"monthly"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastJob"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledAt"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}}]}}]} as unknown as DocumentNode<ScheduleFieldsFragment, unknown>;
export const TrustPolicyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustPolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustPolicy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"subjectPattern"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<TrustPolicyFieldsFragment, unknown>;
export const WebhookFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<WebhookFieldsFragment, unknown>;
export const WebhookDeliveryFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveryFieldsFragment, unknown>;
export const ConsoleAutoscaleEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleAutoscaleEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"instanceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"types"},"value":{"kind":"ListValue","values":[{"kind":"StringValue","value":"autoscale.decision","block":false},{"kind":"StringValue","value":"operation.succeeded","block":false}]}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ConsoleAutoscaleEventsQuery, ConsoleAutoscaleEventsQueryVariables>;
export const ConsoleInstanceBackupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleInstanceBackups"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volumeBackups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleVolumeBackupFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleVolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VolumeBackupFields"}},{"kind":"Field","name":{"kind":"Name","value":"schedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"sizeBytes"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<ConsoleInstanceBackupsQuery, ConsoleInstanceBackupsQueryVariables>;
export const ConsoleInstancesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleInstances"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instances"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<ConsoleInstancesQuery, ConsoleInstancesQueryVariables>;
export const ConsoleInstanceOperationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleInstanceOperations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"operations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<ConsoleInstanceOperationsQuery, ConsoleInstanceOperationsQueryVariables>;
export const ConsoleRolloutOperationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleRolloutOperation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rollout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutFields"}}]}}]}}]} as unknown as DocumentNode<ConsoleRolloutOperationQuery, ConsoleRolloutOperationQueryVariables>;
export const ConsoleWatchRolloutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ConsoleWatchRollout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"operationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationUpdates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"operationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"operationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rollout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutFields"}}]}}]}}]} as unknown as DocumentNode<ConsoleWatchRolloutSubscription, ConsoleWatchRolloutSubscriptionVariables>;
export const ConsolePromoteOperationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsolePromoteOperation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PromoteOperationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promoteOperation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PromoteOperationPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rollout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<ConsolePromoteOperationMutation, ConsolePromoteOperationMutationVariables>;
export const ConsoleAbortRolloutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleAbortRollout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOperationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOperation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOperationPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRolloutOperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"rollout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRolloutFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<ConsoleAbortRolloutMutation, ConsoleAbortRolloutMutationVariables>;
export const ConsoleInstanceRoutesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleInstanceRoutes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"routes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRouteFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ConsoleInstanceRoutesQuery, ConsoleInstanceRoutesQueryVariables>;
export const ConsoleProviderEdgesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleProviderEdges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"edge"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"healthy"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"httpAddress"}},{"kind":"Field","name":{"kind":"Name","value":"httpsAddress"}},{"kind":"Field","name":{"kind":"Name","value":"domain"}}]}}]}}]}}]} as unknown as DocumentNode<ConsoleProviderEdgesQuery, ConsoleProviderEdgesQueryVariables>;
export const ConsoleAddRouteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleAddRoute"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddRouteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addRoute"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddRoutePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"route"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleRouteFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleRouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<ConsoleAddRouteMutation, ConsoleAddRouteMutationVariables>;
export const ConsoleRemoveRouteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleRemoveRoute"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveRouteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeRoute"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveRoutePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"routeId"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<ConsoleRemoveRouteMutation, ConsoleRemoveRouteMutationVariables>;
export const AuditLogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AuditFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AuditEntryFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AuditEntryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"targetIds"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"errorType"}},{"kind":"Field","name":{"kind":"Name","value":"ip"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"previousHash"}}]}}]} as unknown as DocumentNode<AuditLogQuery, AuditLogQueryVariables>;
export const VerifyAuditLogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VerifyAuditLog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyAuditLog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"entries"}},{"kind":"Field","name":{"kind":"Name","value":"firstInvalidId"}}]}}]}}]} as unknown as DocumentNode<VerifyAuditLogQuery, VerifyAuditLogQueryVariables>;
export const BackupVolumeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BackupVolume"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BackupVolumeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backupVolume"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BackupVolumePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VolumeBackupFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"sizeBytes"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<BackupVolumeMutation, BackupVolumeMutationVariables>;
export const RestoreVolumeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestoreVolume"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreVolumeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreVolume"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RestoreVolumePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<RestoreVolumeMutation, RestoreVolumeMutationVariables>;
export const DeleteVolumeBackupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteVolumeBackup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteVolumeBackupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteVolumeBackup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteVolumeBackupPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<DeleteVolumeBackupMutation, DeleteVolumeBackupMutationVariables>;
export const InstanceVolumeBackupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceVolumeBackups"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"volume"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volumeBackups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"volume"},"value":{"kind":"Variable","name":{"kind":"Name","value":"volume"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"VolumeBackupFields"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"VolumeBackupFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"sizeBytes"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<InstanceVolumeBackupsQuery, InstanceVolumeBackupsQueryVariables>;
export const VolumeBackupInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VolumeBackupInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VolumeBackup"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<VolumeBackupInstanceQuery, VolumeBackupInstanceQueryVariables>;
export const BuildServiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BuildService"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BuildServiceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buildService"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildServicePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"build"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildSourceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildSource"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"commit"}},{"kind":"Field","name":{"kind":"Name","value":"archiveSha256"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Build"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildSourceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"imageDigest"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"cachedSteps"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<BuildServiceMutation, BuildServiceMutationVariables>;
export const BuildDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Build"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Build"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildSourceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildSource"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"commit"}},{"kind":"Field","name":{"kind":"Name","value":"archiveSha256"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Build"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildSourceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"imageDigest"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"cachedSteps"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<BuildQuery, BuildQueryVariables>;
export const InstanceBuildsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceBuilds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"builds"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildSourceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildSource"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"commit"}},{"kind":"Field","name":{"kind":"Name","value":"archiveSha256"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Build"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildSourceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"imageDigest"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"cachedSteps"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<InstanceBuildsQuery, InstanceBuildsQueryVariables>;
export const BuildLogPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BuildLogPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Build"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"logs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildLogLineFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"line"}}]}}]} as unknown as DocumentNode<BuildLogPageQuery, BuildLogPageQueryVariables>;
export const WatchBuildLogsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchBuildLogs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"buildId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buildLogs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"buildId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"buildId"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildLogLineFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"line"}}]}}]} as unknown as DocumentNode<WatchBuildLogsSubscription, WatchBuildLogsSubscriptionVariables>;
export const RunJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RunJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RunJobInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RunJobPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"job"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"JobFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"JobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Job"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RunJobMutation, RunJobMutationVariables>;
export const JobLogPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"JobLogPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Job"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"JobFields"}},{"kind":"Field","name":{"kind":"Name","value":"logs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BuildLogLineFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BuildLogLineFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildLogLine"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"line"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"JobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Job"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<JobLogPageQuery, JobLogPageQueryVariables>;
export const InstanceJobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceJobs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"jobs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"JobFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"JobFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Job"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<InstanceJobsQuery, InstanceJobsQueryVariables>;
export const KeptVolumesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"KeptVolumes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"keptVolumes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"KeptVolumeFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"KeptVolumeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"KeptVolume"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"instanceName"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"keptAt"}}]}}]} as unknown as DocumentNode<KeptVolumesQuery, KeptVolumesQueryVariables>;
export const DeleteKeptVolumeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteKeptVolume"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteKeptVolumeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteKeptVolume"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteKeptVolumePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<DeleteKeptVolumeMutation, DeleteKeptVolumeMutationVariables>;
export const ProvisionInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ProvisionInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProvisionInstanceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provisionInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProvisionInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<ProvisionInstanceMutation, ProvisionInstanceMutationVariables>;
export const DeployInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeployInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeployInstanceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deployInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeployInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<DeployInstanceMutation, DeployInstanceMutationVariables>;
export const ScaleInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScaleInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ScaleInstanceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"scaleInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ScaleInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<ScaleInstanceMutation, ScaleInstanceMutationVariables>;
export const RollbackInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RollbackInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RollbackInstanceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rollbackInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RollbackInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<RollbackInstanceMutation, RollbackInstanceMutationVariables>;
export const StartInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceActionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StartInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<StartInstanceMutation, StartInstanceMutationVariables>;
export const StopInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StopInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceActionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stopInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"StopInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<StopInstanceMutation, StopInstanceMutationVariables>;
export const RestartInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestartInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceActionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restartInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RestartInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<RestartInstanceMutation, RestartInstanceMutationVariables>;
export const DeprovisionInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeprovisionInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceActionInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deleteVolumes"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}},"defaultValue":{"kind":"BooleanValue","value":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deprovisionInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"deleteVolumes"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deleteVolumes"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeprovisionInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<DeprovisionInstanceMutation, DeprovisionInstanceMutationVariables>;
export const ExecInstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExecInstance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExecInstanceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"execInstance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExecInstancePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exitCode"}},{"kind":"Field","name":{"kind":"Name","value":"stdout"}},{"kind":"Field","name":{"kind":"Name","value":"stderr"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<ExecInstanceMutation, ExecInstanceMutationVariables>;
export const CancelOperationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelOperation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOperationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelOperation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelOperationPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<CancelOperationMutation, CancelOperationMutationVariables>;
export const CreateTenantDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTenant"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTenantInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTenant"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTenantPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tenant"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<CreateTenantMutation, CreateTenantMutationVariables>;
export const CreateApiTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiTokenPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"apiToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<CreateApiTokenMutation, CreateApiTokenMutationVariables>;
export const RevokeApiTokenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiToken"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeApiTokenInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiToken"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeApiTokenPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<RevokeApiTokenMutation, RevokeApiTokenMutationVariables>;
export const PutSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PutSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PutSecretInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"putSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PutSecretPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SecretFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SecretFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Secret"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<PutSecretMutation, PutSecretMutationVariables>;
export const DeleteSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteSecretInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteSecretPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<DeleteSecretMutation, DeleteSecretMutationVariables>;
export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tenant"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;
export const NodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Node"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"operationKind"},"name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Release"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ReleaseFields"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tenant"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ReleaseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Release"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"isCurrent"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackFrom"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<NodeQuery, NodeQueryVariables>;
export const NodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Nodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"operationKind"},"name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Release"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ReleaseFields"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Tenant"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ReleaseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Release"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"isCurrent"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackFrom"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]} as unknown as DocumentNode<NodesQuery, NodesQueryVariables>;
export const ProvidersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProviderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProviderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Provider"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"region"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"healthy"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}}]}}]}}]} as unknown as DocumentNode<ProvidersQuery, ProvidersQueryVariables>;
export const ProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Provider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProviderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProviderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Provider"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"region"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"capabilities"}},{"kind":"Field","name":{"kind":"Name","value":"location"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}}]}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"healthy"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"latencyMs"}},{"kind":"Field","name":{"kind":"Name","value":"checkedAt"}}]}}]}}]} as unknown as DocumentNode<ProviderQuery, ProviderQueryVariables>;
export const CapabilitiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"providers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]}}]} as unknown as DocumentNode<CapabilitiesQuery, CapabilitiesQueryVariables>;
export const InstancesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Instances"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instances"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<InstancesQuery, InstancesQueryVariables>;
export const InstanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Instance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Instance"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"desiredState"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"provider"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}},{"kind":"Field","name":{"kind":"Name","value":"public"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceType"}},{"kind":"Field","name":{"kind":"Name","value":"objects"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiVersion"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"currentRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastOperation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}}]}},{"kind":"Field","name":{"kind":"Name","value":"generation"}},{"kind":"Field","name":{"kind":"Name","value":"observedGeneration"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<InstanceQuery, InstanceQueryVariables>;
export const InstanceLatestEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceLatestEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<InstanceLatestEventQuery, InstanceLatestEventQueryVariables>;
export const ServicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Services"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"services"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstanceServiceFields"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstanceServiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InstanceService"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"dependsOn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"minReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"maxReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"targetCpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"targetRequestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"scaleUpStabilizationSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"scaleDownStabilizationSeconds"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"volumes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"sizeMb"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"healthCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"intervalSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"retries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secrets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"envName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"configFiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"format"}}]}},{"kind":"Field","name":{"kind":"Name","value":"annotations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"restarts"}},{"kind":"Field","name":{"kind":"Name","value":"providerRef"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"autoscale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"desiredReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"cpuPercent"}},{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"lastScaleAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<ServicesQuery, ServicesQueryVariables>;
export const ReleasesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Releases"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"releases"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"instanceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ReleaseFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ResourceSpecFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResourceSpec"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cpuMillis"}},{"kind":"Field","name":{"kind":"Name","value":"memoryMb"}},{"kind":"Field","name":{"kind":"Name","value":"diskMb"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"gpu"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ReleaseFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Release"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"isCurrent"}},{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"rolledBackFrom"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"snapshots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"args"}},{"kind":"Field","name":{"kind":"Name","value":"env"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ports"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"container"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"protocol"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ResourceSpecFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<ReleasesQuery, ReleasesQueryVariables>;
export const OperationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Operation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<OperationQuery, OperationQueryVariables>;
export const EventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Events"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"fromState"}},{"kind":"Field","name":{"kind":"Name","value":"toState"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<EventsQuery, EventsQueryVariables>;
export const ApiTokensDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiTokens"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tenantId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiTokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"tenantId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tenantId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApiTokenFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApiTokenFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiToken"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<ApiTokensQuery, ApiTokensQueryVariables>;
export const TenantsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Tenants"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tenants"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<TenantsQuery, TenantsQueryVariables>;
export const LatestEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LatestEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]}}]} as unknown as DocumentNode<LatestEventQuery, LatestEventQueryVariables>;
export const SecretsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Secrets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secrets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SecretFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PageInfoFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SecretFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Secret"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PageInfoFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PageInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]} as unknown as DocumentNode<SecretsQuery, SecretsQueryVariables>;
export const InstanceImageUpdatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceImageUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"imageUpdates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"image"}},{"kind":"Field","name":{"kind":"Name","value":"runningImageId"}},{"kind":"Field","name":{"kind":"Name","value":"currentImageId"}}]}}]}}]}}]} as unknown as DocumentNode<InstanceImageUpdatesQuery, InstanceImageUpdatesQueryVariables>;
export const InstanceRolloutsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceRollouts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"operations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"rollout"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RolloutFields"}}]}}]}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RolloutFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Rollout"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"strategy"}},{"kind":"Field","name":{"kind":"Name","value":"phase"}},{"kind":"Field","name":{"kind":"Name","value":"stepIndex"}},{"kind":"Field","name":{"kind":"Name","value":"canaryWeight"}},{"kind":"Field","name":{"kind":"Name","value":"abortReason"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"pauseSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analysis"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"requests"}},{"kind":"Field","name":{"kind":"Name","value":"errorRate"}},{"kind":"Field","name":{"kind":"Name","value":"p99Ms"}},{"kind":"Field","name":{"kind":"Name","value":"passed"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stableRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newRelease"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<InstanceRolloutsQuery, InstanceRolloutsQueryVariables>;
export const PromoteOperationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PromoteOperation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PromoteOperationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promoteOperation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PromoteOperationPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<PromoteOperationMutation, PromoteOperationMutationVariables>;
export const RoutesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Routes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RouteFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"routes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RouteFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RoutesQuery, RoutesQueryVariables>;
export const InstanceRoutesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceRoutes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"routes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RouteFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<InstanceRoutesQuery, InstanceRoutesQueryVariables>;
export const AddRouteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddRoute"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddRouteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addRoute"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddRoutePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"route"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RouteFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RouteFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Route"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"port"}},{"kind":"Field","name":{"kind":"Name","value":"host"}},{"kind":"Field","name":{"kind":"Name","value":"pathPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"custom"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"tls"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"secretKey"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"notAfter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<AddRouteMutation, AddRouteMutationVariables>;
export const RemoveRouteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveRoute"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveRouteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeRoute"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveRoutePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"routeId"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<RemoveRouteMutation, RemoveRouteMutationVariables>;
export const InstanceSchedulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstanceSchedules"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"schedules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ScheduleFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ScheduleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Schedule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"cron"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startingDeadlineSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"historyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"suspended"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"backup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"hook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}}]}},{"kind":"Field","name":{"kind":"Name","value":"retention"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"last"}},{"kind":"Field","name":{"kind":"Name","value":"daily"}},{"kind":"Field","name":{"kind":"Name","value":"weekly"}},{"kind":"Field","name":{"kind":"Name","value":"monthly"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastJob"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledAt"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}}]}}]} as unknown as DocumentNode<InstanceSchedulesQuery, InstanceSchedulesQueryVariables>;
export const CreateScheduleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSchedule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateScheduleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSchedule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSchedulePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"schedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ScheduleFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ScheduleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Schedule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"cron"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startingDeadlineSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"historyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"suspended"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"backup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"hook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}}]}},{"kind":"Field","name":{"kind":"Name","value":"retention"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"last"}},{"kind":"Field","name":{"kind":"Name","value":"daily"}},{"kind":"Field","name":{"kind":"Name","value":"weekly"}},{"kind":"Field","name":{"kind":"Name","value":"monthly"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastJob"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledAt"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}}]}}]} as unknown as DocumentNode<CreateScheduleMutation, CreateScheduleMutationVariables>;
export const UpdateScheduleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSchedule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateScheduleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSchedule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSchedulePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"schedule"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ScheduleFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ScheduleFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Schedule"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"cron"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"concurrency"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"startingDeadlineSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"historyLimit"}},{"kind":"Field","name":{"kind":"Name","value":"suspended"}},{"kind":"Field","name":{"kind":"Name","value":"nextRunAt"}},{"kind":"Field","name":{"kind":"Name","value":"backup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"volume"}},{"kind":"Field","name":{"kind":"Name","value":"consistency"}},{"kind":"Field","name":{"kind":"Name","value":"hook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}}]}},{"kind":"Field","name":{"kind":"Name","value":"retention"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"last"}},{"kind":"Field","name":{"kind":"Name","value":"daily"}},{"kind":"Field","name":{"kind":"Name","value":"weekly"}},{"kind":"Field","name":{"kind":"Name","value":"monthly"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastJob"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledAt"}},{"kind":"Field","name":{"kind":"Name","value":"exitCode"}}]}}]}}]} as unknown as DocumentNode<UpdateScheduleMutation, UpdateScheduleMutationVariables>;
export const DeleteScheduleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSchedule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteScheduleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSchedule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteSchedulePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<DeleteScheduleMutation, DeleteScheduleMutationVariables>;
export const WatchInstanceEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchInstanceEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instanceEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"instanceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"fromState"}},{"kind":"Field","name":{"kind":"Name","value":"toState"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<WatchInstanceEventsSubscription, WatchInstanceEventsSubscriptionVariables>;
export const WatchOperationUpdatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchOperationUpdates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"operationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationUpdates"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"operationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"operationId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OperationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OperationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Operation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"readinessOutcome"}},{"kind":"Field","name":{"kind":"Name","value":"error"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"Field","name":{"kind":"Name","value":"release"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<WatchOperationUpdatesSubscription, WatchOperationUpdatesSubscriptionVariables>;
export const WatchEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"fromState"}},{"kind":"Field","name":{"kind":"Name","value":"toState"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"instance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"ready"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<WatchEventsSubscription, WatchEventsSubscriptionVariables>;
export const WatchInstanceLogsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchInstanceLogs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"service"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tail"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"follow"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instanceLogs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"instanceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"service"},"value":{"kind":"Variable","name":{"kind":"Name","value":"service"}}},{"kind":"Argument","name":{"kind":"Name","value":"tail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tail"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"follow"},"value":{"kind":"Variable","name":{"kind":"Name","value":"follow"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"replica"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"dropped"}}]}}]}}]} as unknown as DocumentNode<WatchInstanceLogsSubscription, WatchInstanceLogsSubscriptionVariables>;
export const WatchInstanceLogChunksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchInstanceLogChunks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"service"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tail"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"follow"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"maxLines"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instanceLogChunks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"instanceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"instanceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"service"},"value":{"kind":"Variable","name":{"kind":"Name","value":"service"}}},{"kind":"Argument","name":{"kind":"Name","value":"tail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tail"}}},{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"follow"},"value":{"kind":"Variable","name":{"kind":"Name","value":"follow"}}},{"kind":"Argument","name":{"kind":"Name","value":"maxLines"},"value":{"kind":"Variable","name":{"kind":"Name","value":"maxLines"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"stream"}},{"kind":"Field","name":{"kind":"Name","value":"service"}},{"kind":"Field","name":{"kind":"Name","value":"replica"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"dropped"}}]}}]}}]}}]} as unknown as DocumentNode<WatchInstanceLogChunksSubscription, WatchInstanceLogChunksSubscriptionVariables>;
export const TrustPoliciesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TrustPolicies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trustPolicies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TrustPolicyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustPolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustPolicy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"subjectPattern"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<TrustPoliciesQuery, TrustPoliciesQueryVariables>;
export const CreateTrustPolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTrustPolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTrustPolicyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTrustPolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTrustPolicyPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trustPolicy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TrustPolicyFields"}}]}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TrustPolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TrustPolicy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"subjectPattern"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"tokenTtlSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]} as unknown as DocumentNode<CreateTrustPolicyMutation, CreateTrustPolicyMutationVariables>;
export const DeleteTrustPolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteTrustPolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteTrustPolicyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTrustPolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteTrustPolicyPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<DeleteTrustPolicyMutation, DeleteTrustPolicyMutationVariables>;
export const WebhooksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Webhooks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const WebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signingSecret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const DeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteWebhookPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RotateWebhookSecretInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RotateWebhookSecretPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signingSecret"}},{"kind":"Field","name":{"kind":"Name","value":"webhook"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Webhook"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"eventTypes"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const TestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TestWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TestWebhookPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]} as unknown as DocumentNode<TestWebhookMutation, TestWebhookMutationVariables>;
export const RedeliverWebhookDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverWebhookDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverWebhookDeliveryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverWebhookDeliveryPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WebhookDeliveryFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ErrorFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ErrorFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ConflictError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForbiddenError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requiredScope"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidStateError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CapabilityNotSupportedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"capability"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ProviderUnavailableError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RateLimitedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryAfterSeconds"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WebhookDeliveryFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDelivery"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"responseStatus"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]} as unknown as DocumentNode<RedeliverWebhookDeliveryMutation, RedeliverWebhookDeliveryMutationVariables>;