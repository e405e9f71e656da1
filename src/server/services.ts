import type { Config } from '../config.js';
import { AuditService } from '../control/audit.js';
import { BackupService } from '../control/backups.js';
import { BuildService } from '../control/builds.js';
import { InstanceService } from '../control/instances.js';
import { JobService } from '../control/jobs.js';
import { KeptVolumeService } from '../control/kept-volumes.js';
import { LogFeed } from '../control/log-feed.js';
import { OperationSignal } from '../control/operation-signal.js';
import { observeProviderCall } from '../control/provider-calls.js';
import { ProviderCatalog } from '../control/provider-catalog.js';
import { VaultCredentials } from '../control/provider-credentials.js';
import { QueryService } from '../control/queries.js';
import { RateLimiter } from '../control/rate-limiter.js';
import { RouteSignal } from '../control/route-signal.js';
import { RouteService } from '../control/routes.js';
import { ScheduleService } from '../control/schedules.js';
import { loadSecretKey, SecretService } from '../control/secrets.js';
import type { Services } from '../control/services.js';
import { SessionService } from '../control/sessions.js';
import { EventHub } from '../control/streams/event-hub.js';
import { TenantService } from '../control/tenants.js';
import { TokenService } from '../control/tokens.js';
import { TrustPolicyService } from '../control/trust-policies.js';
import { WebhookSignal } from '../control/webhook-signal.js';
import { WebhookService } from '../control/webhooks.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../providers/registry.js';

/** Builds the domain services over one database and provider registry, each once, in dependency order. */
export async function createServices(
  database: DatabaseHandle,
  registry: Registry,
  config: Config,
  logger: Logger,
): Promise<Services> {
  const { db } = database;
  const tokens = new TokenService(db);
  const sessions = new SessionService(db);
  const secrets = new SecretService(db, await loadSecretKey(config));
  const signal = new OperationSignal();
  const webhookSignal = new WebhookSignal();
  const routeSignal = new RouteSignal();
  const tenants = new TenantService(db);
  // Providers whose entry names a `credential` authenticate each call with it, read from the vault.
  const credentials = new VaultCredentials(secrets, tenants, config.providers ?? []);
  // The registry's call hooks attach it to every call, of the contract and of every engine, whoever makes it.
  if (credentials.configured) registry.setCredentialsResolver(credentials);
  registry.setCallObserver(observeProviderCall);
  return {
    tokens,
    sessions,
    trustPolicies: new TrustPolicyService(db, tokens),
    tenants,
    providers: new ProviderCatalog(registry),
    secrets,
    rateLimiter: new RateLimiter(config.mutationRateLimitPerMinute),
    instances: new InstanceService(db, registry, secrets, signal, config.builds),
    queries: new QueryService(db),
    signal,
    events: new EventHub({
      database,
      // A person's session, or a token (a session principal's tokenId is the session's id).
      isLive: (principal) => (sessions.isSession(principal) ? sessions.isLive(principal) : tokens.isLive(principal)),
      logger: logger.child({ component: 'event-hub' }),
    }),
    webhooks: new WebhookService(db, secrets.key, config.webhooks, webhookSignal),
    webhookSignal,
    routes: new RouteService(db, registry, secrets, routeSignal),
    keptVolumes: new KeptVolumeService(db, registry),
    routeSignal,
    builds: new BuildService(db, registry, secrets, signal, config.builds),
    jobs: new JobService(db, registry, signal),
    backups: new BackupService(db, registry, signal, config.backupDir),
    schedules: new ScheduleService(db, registry),
    audit: new AuditService(db),
    logFeed: new LogFeed(database, logger.child({ component: 'log-feed' })),
  };
}
