import { type RouteSpec, routeIdentity } from './spec-parse.js';

/** A live route of the instance, as `apply` reads it to compare (the fields of RouteFields it needs). */
export interface CurrentRoute {
  id: string;
  service: string;
  port: number;
  host: string;
  pathPrefix: string;
  /** Whether the host was given (else generated). */
  custom: boolean;
  url: string;
  tls?: { source: string; secretKey?: string | null } | null;
}

/** A route as `addRoute` and `ProvisionInstanceInput.routes` take it (RouteInput). */
export interface RouteInputShape {
  service: string;
  port: number;
  host?: string;
  pathPrefix?: string;
  tls?: { secretKey?: string; redirectHttp?: boolean };
}

/** The routes `apply` adds and removes; removals run first, so a replaced address is free again. */
export interface RoutePlan {
  add: RouteInputShape[];
  remove: CurrentRoute[];
}

/** The RouteInput of a route in the file. */
export function routeInput(r: RouteSpec): RouteInputShape {
  const input: RouteInputShape = { service: r.service, port: r.port };
  if (r.host !== undefined) input.host = r.host;
  if (r.pathPrefix !== undefined) input.pathPrefix = r.pathPrefix;
  if (r.tls !== undefined) input.tls = r.tls;
  return input;
}

/**
 * The difference between the live routes and the file's: a route is named by
 * its host and path prefix, or by service, port and path prefix when its
 * host is generated (routeIdentity). A named route whose service, port or TLS
 * source differs is replaced (removed, then added). `redirectHttp` is not
 * compared: the API does not show it. Without `routes:` in the file (`wanted`
 * undefined) the live routes are left alone; `routes: []` removes them all.
 */
export function planRoutes(live: readonly CurrentRoute[], wanted: readonly RouteSpec[] | undefined): RoutePlan {
  if (wanted === undefined) return { add: [], remove: [] };
  const have = new Map(live.map((r) => [routeIdentity(r.custom ? r : { ...r, host: null }), r]));
  const add: RouteInputShape[] = [];
  const kept = new Set<CurrentRoute>();
  for (const want of wanted) {
    const match = have.get(routeIdentity(want));
    if (match && sameRoute(want, match)) kept.add(match);
    else add.push(routeInput(want));
  }
  return { add, remove: live.filter((r) => !kept.has(r)) };
}

/** Whether a live route already is what the file asks for at its address. */
function sameRoute(want: RouteSpec, have: CurrentRoute): boolean {
  if (want.service !== have.service || want.port !== have.port) return false;
  if (!want.tls) return !have.tls;
  if (!have.tls) return false;
  return want.tls.secretKey
    ? have.tls.source === 'SECRET' && have.tls.secretKey === want.tls.secretKey
    : have.tls.source === 'EDGE_CA';
}

/** `web:8080`, `web:8080 on api.example.com/v1`, `… (https)`: a route for people, before it has a url. */
export function describeRoute(r: RouteInputShape): string {
  const at = r.host
    ? ` on ${r.host.toLowerCase()}${r.pathPrefix ?? '/'}`
    : r.pathPrefix && r.pathPrefix !== '/'
      ? ` at ${r.pathPrefix}`
      : '';
  const tls = r.tls ? (r.tls.secretKey ? ` (https, vault key ${r.tls.secretKey})` : ' (https, edge CA)') : '';
  return `${r.service}:${r.port}${at}${tls}`;
}
