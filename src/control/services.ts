import type { AuditService } from './audit.js';
import type { BackupService } from './backups.js';
import type { BuildService } from './builds.js';
import type { InstanceService } from './instances.js';
import type { JobService } from './jobs.js';
import type { KeptVolumeService } from './kept-volumes.js';
import type { LogFeed } from './log-feed.js';
import type { OperationSignal } from './operation-signal.js';
import type { ProviderCatalog } from './provider-catalog.js';
import type { QueryService } from './queries.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RouteSignal } from './route-signal.js';
import type { RouteService } from './routes.js';
import type { ScheduleService } from './schedules.js';
import type { SecretService } from './secrets.js';
import type { SessionService } from './sessions.js';
import type { EventHub } from './streams/event-hub.js';
import type { TenantService } from './tenants.js';
import type { TokenService } from './tokens.js';
import type { TrustPolicyService } from './trust-policies.js';
import type { WebhookSignal } from './webhook-signal.js';
import type { WebhookService } from './webhooks.js';

/** The domain services resolvers call. Built once in app.ts. */
export interface Services {
  tokens: TokenService;
  /** People's browser sessions (sign-in with OpenID Connect). */
  sessions: SessionService;
  /** Trust policies and the token exchange of CI systems. */
  trustPolicies: TrustPolicyService;
  tenants: TenantService;
  providers: ProviderCatalog;
  secrets: SecretService;
  rateLimiter: RateLimiter;
  instances: InstanceService;
  queries: QueryService;
  signal: OperationSignal;
  /** Live event fan-out and stream leases (subscriptions). */
  events: EventHub;
  /** Outbound webhooks, and the signal that wakes this process's deliverer. */
  webhooks: WebhookService;
  webhookSignal: WebhookSignal;
  /** Routes and the providers' edges. */
  routes: RouteService;
  /** Raised when routes are written here; the edge driver hears it. */
  routeSignal: RouteSignal;
  /** Volumes kept at deprovision (issue 39): listed, deleted. */
  keptVolumes: KeptVolumeService;
  /** Builds from source (issue 33): requests and reads. */
  builds: BuildService;
  /** Jobs (issue 35): runJob and the reads. */
  jobs: JobService;
  /** Volume backups and restores (issue 36); the worker copies, into the backup store. */
  backups: BackupService;
  /** Schedules (issue 35): cron schedules of jobs; the worker's ticker starts them. */
  schedules: ScheduleService;
  /** The audit log (issue 37): its pages, its verification, and each mutation's entry. */
  audit: AuditService;
  /** Operation logs (builds', jobs'), live (one listener per process). */
  logFeed: LogFeed;
}
