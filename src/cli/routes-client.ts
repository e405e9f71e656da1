import type { WheelhouseClient } from '../client/client.js';
import { WheelhouseApiError, WheelhouseRequestError } from '../client/errors.js';
import {
  AddRouteDocument,
  InstanceRoutesDocument,
  RemoveRouteDocument,
  type RouteFieldsFragment,
  type RouteInput,
  RoutesDocument,
} from '../client/generated/graphql.js';
import { unwrap } from '../client/unwrap.js';
import { CliError, ExitCode, usageError } from './exit-codes.js';

/** A route as the CLI reads it. */
export type RouteView = RouteFieldsFragment;

/**
 * The instance a user named, by name or by global id (what `ls --json` prints);
 * exit 1 when neither finds one.
 */
export async function resolveInstance(
  client: WheelhouseClient,
  nameOrId: string,
): Promise<{ id: string; name: string; routes: RouteView[] }> {
  const named = await client.instanceByName(nameOrId);
  const id = named?.id ?? nameOrId;
  // A string that is no global id is a GraphQL error, not a null: either way there is no such instance.
  const data = await client.request(InstanceRoutesDocument, { id }).catch((err: unknown) => {
    if (err instanceof WheelhouseRequestError && err.errors.length > 0 && !named) return { instance: null };
    throw err;
  });
  if (!data.instance) throw new CliError(`no instance named "${nameOrId}" (nor with that id)`, ExitCode.FAILED);
  return data.instance;
}

/** Every route of the tenant, newest first, or of one instance (all pages). */
export async function listRoutes(client: WheelhouseClient, instanceId?: string): Promise<RouteView[]> {
  const routes: RouteView[] = [];
  let after: string | undefined;
  for (;;) {
    const data = await client.request(RoutesDocument, {
      first: 100,
      after,
      filter: instanceId ? { instanceId } : undefined,
    });
    routes.push(...data.routes.edges.map((e) => e.node));
    if (!data.routes.pageInfo.hasNextPage || !data.routes.pageInfo.endCursor) return routes;
    after = data.routes.pageInfo.endCursor;
  }
}

/**
 * Adds a route. A ValidationError becomes one line per problem, naming the
 * field as `name` calls it (a CLI flag, or a path in the spec file), exit 2;
 * other typed errors go to toCliError (one line, their exit code).
 */
export async function addRoute(
  client: WheelhouseClient,
  instanceId: string,
  route: RouteInput,
  name: (field: string) => string,
): Promise<RouteView> {
  try {
    return unwrap((await client.request(AddRouteDocument, { input: { instanceId, route } })).addRoute).route;
  } catch (err) {
    if (err instanceof WheelhouseApiError && err.typename === 'ValidationError' && err.fieldErrors.length > 0) {
      throw usageError(
        err.fieldErrors
          .map((f) => {
            // ['input', 'route', 'tls', 'secretKey'] → 'tls.secretKey'
            const field = f.path[0] === 'input' && f.path[1] === 'route' ? f.path.slice(2).join('.') : f.path.join('.');
            return `${name(field)}: ${f.message}`;
          })
          .join('\n'),
      );
    }
    throw err;
  }
}

/** Removes a route; a route that is not there (or not the caller's) is NotFoundError, exit 1. */
export async function removeRoute(client: WheelhouseClient, routeId: string): Promise<{ routeId: string }> {
  return unwrap((await client.request(RemoveRouteDocument, { input: { routeId } })).removeRoute);
}

/** `-`, `edge CA until 2027-12-02`, `vault web-cert until …`. */
export function describeTls(tls: RouteView['tls']): string {
  if (!tls) return '-';
  const until = tls.notAfter ? ` until ${tls.notAfter.slice(0, 10)}` : '';
  return tls.source === 'SECRET' ? `vault ${tls.secretKey ?? '?'}${until}` : `edge CA${until}`;
}

/** `ACTIVE`, `PENDING`, `FAILED: why`. */
export function describeStatus(r: RouteView): string {
  return r.status === 'FAILED' && r.message ? `FAILED: ${r.message}` : r.status;
}
