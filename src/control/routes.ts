/**
 * Routes: a stable address (host + path prefix) for one service port of an
 * instance, kept in Postgres and realised by the provider's edge. A route's
 * url is fixed when it is made and never changes for its life. Hosts are
 * checked here (lower-case DNS names, one tenant per host) before anything
 * is written; the edge driver (worker/edge-driver.ts) hands the rows to the
 * data plane and records what became of them.
 */
import { randomUUID } from 'node:crypto';
import type { RouteRow } from '../db/database.js';
import { type DbHandle, withTransaction } from '../db/db-types.js';
import { findInstance } from '../db/repositories/instance-repository.js';
import * as routes from '../db/repositories/route-repository.js';
import { findTenantsByIds } from '../db/repositories/tenant-repository.js';
import { Capabilities } from '../providers/capabilities.js';
import type { Provider } from '../providers/provider.js';
import type { Registry } from '../providers/registry.js';
import { ServiceRoles } from '../providers/service-spec.js';
import type { EdgeInfo, RouteSpec } from '../providers/traffic.js';
import { requestHash } from './canonical-json.js';
import {
  CapabilityNotSupportedError,
  ConflictError,
  type FieldError,
  IdempotencyConflictError,
  InvalidStateError,
  NotFoundError,
  ValidationError,
} from './errors.js';
import { type Instance, toInstance } from './model.js';
import {
  type CertificateInfo,
  type CertificateIssuer,
  checkCertificateBundle,
  loadEdgeCertificateAuthority,
} from './route-certificates.js';
import type { RouteSignal } from './route-signal.js';
import type { Principal } from './scopes.js';
import type { SecretService } from './secrets.js';

/** A route as the API shows it. Never a key. */
export interface Route {
  id: string;
  tenantId: string;
  instanceId: string;
  service: string;
  port: number;
  host: string;
  pathPrefix: string;
  custom: boolean;
  url: string;
  tls: { source: 'secret' | 'edge_ca'; secretKey: string | null; issuer: string | null; notAfter: Date | null } | null;
  status: 'pending' | 'active' | 'failed';
  message: string | null;
  createdAt: Date;
}

/** A route as the API takes it (RouteInput). */
export interface RouteInput {
  service: string;
  port: number;
  host?: string | null;
  pathPrefix?: string | null;
  tls?: { secretKey?: string | null; redirectHttp?: boolean | null } | null;
}

/** Provider.edge: the edge's info plus the CA that signs what it issues. */
export interface EdgeView extends EdgeInfo {
  caCertificate: string | null;
}

const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const PATH_PREFIX = /^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/;
const MAX_PREFIX = 200;
/** How long addRoute waits for the local edge to take a new route before answering PENDING. */
const APPLY_WAIT_MS = 10_000;

export function toRoute(r: RouteRow): Route {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    instanceId: r.instance_id,
    service: r.service,
    port: r.port,
    host: r.host,
    pathPrefix: r.path_prefix,
    custom: r.custom,
    url: r.url,
    tls: r.tls_source
      ? { source: r.tls_source, secretKey: r.tls_secret_key, issuer: r.tls_issuer, notAfter: r.tls_not_after }
      : null,
    status: r.status,
    message: r.message,
    createdAt: r.created_at,
  };
}

/** Field errors of one route input (paths under `base`); empty when it is fine as far as it alone goes. */
export function routeInputErrors(input: RouteInput, base: string[]): FieldError[] {
  const errors: FieldError[] = [];
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(input.service))
    errors.push({ path: [...base, 'service'], message: 'must be the name of a service of the instance' });
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535)
    errors.push({ path: [...base, 'port'], message: 'must be a port number, 1 to 65535' });
  if (input.host !== undefined && input.host !== null) {
    const host = input.host.toLowerCase();
    if (!DNS_NAME.test(host))
      errors.push({
        path: [...base, 'host'],
        message:
          'must be a DNS name: labels of letters, digits and inner hyphens, joined by dots (no port, no wildcard)',
      });
  }
  const prefix = input.pathPrefix ?? '/';
  if (prefix.length > MAX_PREFIX || !PATH_PREFIX.test(prefix))
    errors.push({
      path: [...base, 'pathPrefix'],
      message: `must be "/" or a path like /api/v1 (letters, digits, . _ ~ -; no trailing slash; at most ${MAX_PREFIX} characters)`,
    });
  const key = input.tls?.secretKey;
  if (key !== undefined && key !== null && !/^[A-Za-z0-9_.\-/]{1,200}$/.test(key))
    errors.push({ path: [...base, 'tls', 'secretKey'], message: 'must be a key of your vault' });
  return errors;
}

/** The domain services of routes and the edge. */
export class RouteService {
  #issuer: Promise<CertificateIssuer> | undefined;

  constructor(
    private readonly db: DbHandle,
    private readonly registry: Registry,
    private readonly secrets: SecretService,
    /** Raised after a route is written; the local edge driver, when one runs, takes the change before it resolves. */
    private readonly signal: RouteSignal,
  ) {}

  /** The edge of a provider, or null when it has none. */
  async edge(providerKey: string): Promise<EdgeView | null> {
    const traffic = this.registry.get(providerKey).engines.traffic;
    if (!traffic) return null;
    const info = await traffic.edge({ signal: AbortSignal.timeout(5000) });
    return { ...info, caCertificate: (await this.issuer()).caCertificatePem() ?? null };
  }

  /** Throws CapabilityNotSupportedError unless the provider (the default one when unnamed) has an edge. */
  requireEdge(providerKey: string | undefined): void {
    const key = providerKey ?? this.registry.defaultName();
    let provider: ReturnType<Registry['get']>;
    try {
      provider = this.registry.get(key);
    } catch {
      return; // the provision names the unknown provider itself
    }
    if (!provider.engines.traffic) throw noEdge(provider, key);
  }

  /** The installation's edge CA (made on first use, shared by every replica). */
  issuer(): Promise<CertificateIssuer> {
    this.#issuer ??= loadEdgeCertificateAuthority({ db: this.db, vaultKey: this.secrets.key });
    this.#issuer.catch(() => {
      this.#issuer = undefined;
    });
    return this.#issuer;
  }

  /** Adds a route to one of the caller's instances (scope deploy, checked by the schema). */
  async add(
    caller: Principal,
    input: { instanceId: string; route: RouteInput; idempotencyKey?: string | null },
    base: string[] = ['input', 'route'],
  ): Promise<{ route: Route; instance: Instance }> {
    const errors = routeInputErrors(input.route, base);
    if (errors.length > 0) throw new ValidationError(errors);
    const key = input.idempotencyKey ?? undefined;
    if (key !== undefined && (key.length < 1 || key.length > 200 || key.includes('\0')))
      throw ValidationError.of(['input', 'idempotencyKey'], 'must be 1 to 200 characters, without NUL');
    const hash = requestHash('addRoute', { instanceId: input.instanceId, route: input.route });
    if (key !== undefined) {
      const prior = await routes.findRouteByIdempotencyKey(this.db, caller.tenantId, key);
      if (prior) return this.#replay(caller, prior, hash);
    }
    const row = await findInstance(this.db, caller.tenantId, input.instanceId);
    if (!row || row.destroyed_at) throw new NotFoundError('instance');
    const instance = toInstance(row);
    if (instance.state === 'destroying' || instance.state === 'destroyed')
      throw new InvalidStateError(instance.state, 'add a route to');
    const provider = this.registry.get(instance.providerKey);
    const traffic = provider.engines.traffic;
    if (!traffic) throw noEdge(provider, instance.providerKey);
    const spec = instance.services.find((s) => s.name === input.route.service);
    if (!spec || spec.role === ServiceRoles.init)
      throw ValidationError.of([...base, 'service'], `the instance has no long-running service ${input.route.service}`);
    const edge = await traffic.edge({ signal: AbortSignal.timeout(5000) });
    const custom = input.route.host !== undefined && input.route.host !== null;
    const host = custom
      ? (input.route.host as string).toLowerCase()
      : await this.#generatedHost(caller, instance, input.route.service, edge.domain, base);
    const pathPrefix = input.route.pathPrefix ?? '/';
    const wantsTls = input.route.tls !== undefined && input.route.tls !== null;
    let tls: { source: 'secret' | 'edge_ca'; secretKey: string | null; info: CertificateInfo } | undefined;
    if (wantsTls) {
      const secretKey = input.route.tls?.secretKey ?? null;
      if (!provider.capabilities().includes(Capabilities.tls))
        throw new CapabilityNotSupportedError(Capabilities.tls, instance.providerKey);
      if (secretKey) {
        let pem: string | undefined;
        try {
          pem = (await this.secrets.resolve(caller.tenantId, [secretKey]))[secretKey];
        } catch {
          pem = undefined;
        }
        if (pem === undefined) throw ValidationError.of([...base, 'tls', 'secretKey'], 'no such key in your vault');
        const check = checkCertificateBundle(pem, host);
        if (!check.ok) throw ValidationError.of([...base, 'tls', 'secretKey'], check.message);
        tls = { source: 'secret', secretKey, info: check.info };
      } else {
        const issued = await (await this.issuer()).issue(host);
        tls = { source: 'edge_ca', secretKey: null, info: issued.info };
      }
    }
    const address = tls ? edge.httpsAddress : edge.httpAddress;
    const port = address ? new URL(address).port : '';
    const url = `${tls ? 'https' : 'http'}://${host}${port ? `:${port}` : ''}${pathPrefix}`;
    const created = await withTransaction(this.db, async (tx) => {
      await routes.lockHost(tx, host);
      if (key !== undefined) {
        const prior = await routes.findRouteByIdempotencyKey(tx, caller.tenantId, key);
        if (prior) return prior;
      }
      // Another tenant's host: refused, and nothing else is said about it.
      if (await routes.hostTakenByAnotherTenant(tx, caller.tenantId, host))
        throw new ConflictError(`host ${host} is not available`);
      if (await routes.findRouteAt(tx, caller.tenantId, host, pathPrefix))
        throw new ConflictError(`you already have a route on ${host}${pathPrefix}`);
      return routes.insertRoute(tx, {
        id: randomUUID(),
        tenant_id: caller.tenantId,
        instance_id: instance.id,
        provider: instance.providerKey,
        service: input.route.service,
        port: input.route.port,
        host,
        path_prefix: pathPrefix,
        custom,
        url,
        tls_source: tls?.source ?? null,
        tls_secret_key: tls?.secretKey ?? null,
        redirect_http: wantsTls ? input.route.tls?.redirectHttp !== false : false,
        tls_issuer: tls?.info.issuer ?? null,
        tls_not_after: tls?.info.notAfter ?? null,
        idempotency_key: key ?? null,
        request_hash: key !== undefined ? hash : null,
      });
    });
    if (created.request_hash !== null && created.request_hash !== (key !== undefined ? hash : null))
      throw new IdempotencyConflictError();
    await this.#applied();
    const now = await routes.findRoute(this.db, caller.tenantId, created.id);
    return { route: toRoute(now ?? created), instance };
  }

  /** Removes one of the caller's routes; the edge stops serving it. */
  async remove(caller: Principal, routeId: string): Promise<{ routeId: string; instance: Instance }> {
    // In a transaction of its own, so the audit entry commits with the removal (none is left for a route not found).
    const row = await withTransaction(this.db, async (tx) => {
      const deleted = await routes.deleteRoute(tx, caller.tenantId, routeId);
      if (!deleted) throw new NotFoundError('route');
      return deleted;
    });
    const instance = await findInstance(this.db, caller.tenantId, row.instance_id);
    if (!instance) throw new NotFoundError('route');
    await this.#applied();
    return { routeId: row.id, instance: toInstance(instance) };
  }

  /** One of the tenant's routes, or undefined. */
  async find(tenantId: string, id: string): Promise<Route | undefined> {
    const row = await routes.findRoute(this.db, tenantId, id);
    return row ? toRoute(row) : undefined;
  }

  /** The routes of one of the tenant's instances. */
  async ofInstance(tenantId: string, instanceId: string): Promise<Route[]> {
    return (await routes.listInstanceRoutes(this.db, tenantId, instanceId)).map(toRoute);
  }

  /** A page of the tenant's routes, newest first. */
  async list(
    tenantId: string,
    page: { limit: number; after?: { createdAt: Date; id: string }; instanceId?: string; host?: string },
  ): Promise<Route[]> {
    return (await routes.listRoutes(this.db, tenantId, page)).map(toRoute);
  }

  /**
   * The routes a provider's edge serves, as the data plane takes them (the
   * certificates resolved now), and the routes that cannot be served with why.
   */
  async specsOf(providerKey: string): Promise<{ specs: RouteSpec[]; failed: Map<string, string> }> {
    const rows = await routes.listLiveRoutesOf(this.db, providerKey);
    const specs: RouteSpec[] = [];
    const failed = new Map<string, string>();
    for (const r of rows) {
      const spec: RouteSpec = {
        id: r.id,
        instanceId: r.instance_id,
        tenantId: r.tenant_id,
        service: r.service,
        port: r.port,
        host: r.host,
        pathPrefix: r.path_prefix,
        ...(r.release_id ? { releaseId: r.release_id } : {}),
      };
      if (r.tls_source === 'secret' && r.tls_secret_key) {
        let pem: string | undefined;
        try {
          pem = (await this.secrets.resolve(r.tenant_id, [r.tls_secret_key]))[r.tls_secret_key];
        } catch {
          pem = undefined;
        }
        const check = pem === undefined ? undefined : checkCertificateBundle(pem, r.host);
        if (!check?.ok) {
          failed.set(r.id, check && !check.ok ? check.message : `vault key ${r.tls_secret_key} is gone`);
          continue;
        }
        spec.tls = { certificate: check.certificate, redirectHttp: r.redirect_http };
      } else if (r.tls_source === 'edge_ca') {
        const issued = await (await this.issuer()).issue(r.host);
        spec.tls = { certificate: issued.certificate, redirectHttp: r.redirect_http };
      }
      specs.push(spec);
    }
    return { specs, failed };
  }

  /** Records what the edge made of a provider's routes: ACTIVE, FAILED with why, or still PENDING (its workload not there yet). */
  async record(active: readonly string[], failed: Map<string, string>, waiting: readonly string[] = []): Promise<void> {
    await routes.markRoutes(this.db, active, 'active', null);
    await routes.markRoutes(this.db, waiting, 'pending', "waiting for the instance's workload");
    for (const [id, message] of failed) await routes.markRoutes(this.db, [id], 'failed', message);
  }

  async #replay(caller: Principal, prior: RouteRow, hash: string): Promise<{ route: Route; instance: Instance }> {
    if (prior.request_hash !== hash) throw new IdempotencyConflictError();
    const instance = await findInstance(this.db, caller.tenantId, prior.instance_id);
    if (!instance) throw new NotFoundError('instance');
    return { route: toRoute(prior), instance: toInstance(instance) };
  }

  async #generatedHost(
    caller: Principal,
    instance: Instance,
    service: string,
    domain: string,
    base: string[],
  ): Promise<string> {
    const [tenant] = await findTenantsByIds(this.db, [caller.tenantId]);
    const tenantLabel = (tenant?.name ?? caller.tenantId).toLowerCase().replace(/[^a-z0-9-]+/g, '-');
    const label = `${service}-${instance.name}-${tenantLabel}`.replace(/-+/g, '-').replace(/^-|-$/g, '');
    if (label.length > 63)
      throw ValidationError.of(
        [...base, 'host'],
        `the generated host label ${label} is longer than 63 characters: give the route a host`,
      );
    return `${label}.${domain}`;
  }

  /** Waits (bounded) for the local edge driver to take the change; a standby replica answers at once. */
  async #applied(): Promise<void> {
    if (!this.signal.heard) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.signal.changed(),
      new Promise((r) => {
        timer = setTimeout(r, APPLY_WAIT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}

/** The refusal of routes on a provider without a traffic engine, with the reason it declares. */
function noEdge(provider: Provider, key: string): CapabilityNotSupportedError {
  const reason = provider.missingEngines?.traffic ?? 'it has no edge';
  return new CapabilityNotSupportedError(Capabilities.customDomains, key, reason);
}
