/**
 * The traffic contract: the optional engines (`Provider.engines.traffic`,
 * `.drivenEdge`, `.wakingEdge`; see engines.ts) that give routed services a
 * stable address. Routes are rows in Postgres; a provider that implements
 * `TrafficEngine` realises them in its data plane (Docker: an HAProxy it
 * renders and drives over its runtime socket; Kubernetes: an Ingress and its
 * TLS Secret). The data plane keeps serving while the control plane restarts.
 *
 * A provider with a traffic engine declares `custom-domains` and `tls`
 * (capabilities.ts); one without has no edge, and routes on it are refused
 * with a capability error that says why (`Provider.missingEngines.traffic`).
 */
import type { CallContext } from './provider.js';

/** Where and how a provider's edge serves: `Provider.edge` in the API. */
export interface EdgeInfo {
  /** `haproxy` (Docker), `ingress` (Kubernetes). */
  kind: string;
  healthy: boolean;
  message?: string;
  /** Where plain HTTP is served, e.g. `http://127.0.0.1:8080`; absent when the edge does not say (an Ingress). */
  httpAddress?: string;
  /** Where HTTPS is served, e.g. `https://127.0.0.1:8443`. */
  httpsAddress?: string;
  /** Generated hosts are `<service>-<instance>-<tenant>.<domain>`. */
  domain: string;
}

/**
 * A certificate and its key for one route, resolved by the control plane just
 * before the call (from the vault, or issued by the edge's CA). Never logged,
 * labelled or returned: a provider only hands it to its data plane.
 */
export interface RouteCertificate {
  /** PEM: the leaf first, then its chain. */
  certificatePem: string;
  /** PEM private key matching the leaf. */
  privateKeyPem: string;
}

/** One route as the data plane realises it. */
export interface RouteSpec {
  /** The route's id: stable for its whole life, so the data plane can name what it builds from it. */
  id: string;
  instanceId: string;
  tenantId: string;
  /** The routed service and its container port. */
  service: string;
  port: number;
  /** A lower-case DNS name, already validated. */
  host: string;
  /** `/` for the whole host; otherwise a prefix starting with `/`. */
  pathPrefix: string;
  /** A blue-green preview: only this release's replicas serve it. */
  releaseId?: string;
  /** Present when the route serves HTTPS. */
  tls?: {
    certificate: RouteCertificate;
    /** Plain HTTP on this host answers 308 to HTTPS. */
    redirectHttp: boolean;
  };
}

/** Request counters of one backend (the replicas of one service, or one release's set of them). */
export interface BackendCounters {
  /** Responses counted since the counters were created (monotonic while the backend exists). */
  requests: number;
  /** Of those, answers with a 5xx status (including the edge's own 502/503/504). */
  responses5xx: number;
  /** Recent response-time percentile, when the data plane measures it. */
  p99Ms?: number;
  /** When these counters were read. */
  at: Date;
}

/**
 * The optional traffic engine of a provider. Every call converges: repeating
 * it with the same routes changes nothing.
 */
export interface TrafficEngine {
  /** The edge as it stands now, for `Provider.edge`. */
  edge(ctx: CallContext): Promise<EdgeInfo>;
  /**
   * Makes `routes` the complete set of routes of one instance in the data
   * plane: routes not listed are removed, listed ones are created or updated.
   * An empty list removes them all.
   */
  applyRoutes(ctx: CallContext, instanceId: string, routes: readonly RouteSpec[]): Promise<void>;
  /** Counters of a routed service's backend, or undefined when nothing routes to it. */
  counters?(ctx: CallContext, instanceId: string, service: string): Promise<BackendCounters | undefined>;
}

/**
 * A traffic engine whose data plane runs beside the control plane and is
 * driven by one control-plane process at a time (the Docker edge's HAProxy):
 * the process that holds the edge's lease hands it the complete set of
 * routes; the others stand by. An Ingress needs none of this.
 */
export interface DrivenEdge {
  /** Takes the data plane over (starts it, or adopts the one running) and makes `routes` its complete set. */
  drive(ctx: CallContext, routes: readonly RouteSpec[]): Promise<void>;
  /** Another process drives the data plane now: stop changing it (it keeps serving). */
  standBy(ctx: CallContext): Promise<void>;
}

/** Where the edge sends a scale-to-zero service's requests while none of its replicas is ready. */
export interface WakerAddress {
  host: string;
  port: number;
}

/**
 * An edge that can hold a sleeping service's requests (scale to zero): while
 * a backend has no ready replica, it sends the backend's requests to the
 * waker, naming the backend in the `x-wheelhouse-wake` header; the waker asks
 * for a replica and hands the requests to it once the edge has it ready.
 */
export interface WakingEdge {
  /** The waker the next render points every backend at (undefined: none). */
  wakeVia(ctx: CallContext, address: WakerAddress | undefined): Promise<void>;
  /** Which (instance, service, port) a backend named in `x-wheelhouse-wake` serves; undefined when not one of ours. */
  backendOf(ctx: CallContext, name: string): Promise<{ instanceId: string; service: string; port: number } | undefined>;
  /** Addresses (`host:port`) of the replicas the edge has ready in that backend now. */
  readyReplicas(ctx: CallContext, instanceId: string, service: string, port: number): Promise<string[]>;
}

/** The header the edge names a sleeping backend in, on requests it sends to the waker. */
export const WAKE_HEADER = 'x-wheelhouse-wake';
