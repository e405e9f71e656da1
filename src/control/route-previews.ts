/**
 * Blue-green previews: a route of its own (a host of its own at the edge)
 * that serves only the new release's replicas while the service's routes
 * keep the old ones. Rows in `routes` with `release_id` set, so the edge
 * driver renders and marks them like any route, and every process sees them;
 * hidden from the tenant's route lists; removed when the rollout ends.
 */
import { randomUUID } from 'node:crypto';
import type { DbHandle } from '../db/db-types.js';
import * as routes from '../db/repositories/route-repository.js';
import type { EdgeInfo } from '../providers/traffic.js';

/** The preview host of a route's host: `preview-<its first label>.<the edge's domain>`. */
export function previewHost(host: string, domain: string): string {
  const label = `preview-${host.split('.')[0] ?? 'app'}`.slice(0, 63).replace(/-+$/, '');
  return `${label}.${domain}`;
}

/**
 * Opens a preview of `releaseId` for each listed service (beside its first
 * route); converges: a preview already open is kept. Returns the first
 * preview's url, or null when a service has no route (`unrouted: 'refuse'`,
 * the default) or when none has (`'skip'`: an unrouted service gets no
 * preview at the edge, as on an engine that needs no route).
 */
export async function openPreviews(
  db: DbHandle,
  instance: { id: string; tenantId: string; providerKey: string },
  services: readonly string[],
  releaseId: string,
  edge: EdgeInfo,
  options: { unrouted?: 'refuse' | 'skip' } = {},
): Promise<string | null> {
  const existing = await routes.listPreviewRoutes(db, instance.id, releaseId);
  const own = await routes.listInstanceRoutes(db, instance.tenantId, instance.id);
  let first: string | null = null;
  for (const service of services) {
    const open = existing.find((r) => r.service === service);
    if (open) {
      first ??= open.url;
      continue;
    }
    const main = own.find((r) => r.service === service);
    if (!main) {
      if (options.unrouted === 'skip') continue;
      return null;
    }
    const host = previewHost(main.host, edge.domain);
    const port = edge.httpAddress ? new URL(edge.httpAddress).port : '';
    const url = `http://${host}${port ? `:${port}` : ''}/`;
    await routes.insertRoute(db, {
      id: randomUUID(),
      tenant_id: instance.tenantId,
      instance_id: instance.id,
      provider: instance.providerKey,
      service,
      port: main.port,
      host,
      path_prefix: '/',
      custom: false,
      url,
      tls_source: null,
      tls_secret_key: null,
      tls_issuer: null,
      tls_not_after: null,
      idempotency_key: null,
      request_hash: null,
      release_id: releaseId,
    });
    first ??= url;
  }
  return first;
}

/** Whether every preview of the release is served (the edge driver marked it ACTIVE). */
export async function previewsServed(db: DbHandle, instanceId: string, releaseId: string): Promise<boolean> {
  const rows = await routes.listPreviewRoutes(db, instanceId, releaseId);
  return rows.length > 0 && rows.every((r) => r.status === 'active');
}

/** Closes the release's previews (the edge stops serving their hosts on its next render). */
export function closePreviews(db: DbHandle, instanceId: string, releaseId: string): Promise<void> {
  return routes.deletePreviewRoutes(db, instanceId, releaseId);
}
