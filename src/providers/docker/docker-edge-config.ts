/**
 * Renders the Docker edge's haproxy.cfg from the routes and the replicas that
 * serve them. Pure: the same input gives the same text, so the edge reloads
 * HAProxy only when something changed. Every name in it was validated before
 * (hosts are lower-case DNS names, prefixes a strict path alphabet, service
 * names DNS labels), and the renderer checks them again: nothing a user typed
 * reaches the file unless it matches.
 */
import { WAKE_HEADER } from '../traffic.js';
import { LATENCY_LINE_MAX, LATENCY_LOG_FORMAT, LATENCY_RING, LATENCY_RING_BYTES } from './docker-edge-latency.js';

/** One replica a backend sends requests to. */
export interface EdgeServer {
  /** `c<first 12 hex of the container id>`. */
  name: string;
  address: string;
  port: number;
  /** Its share against the backend's other servers (0–256); absent: HAProxy's default, 1. A canary sets it. */
  weight?: number;
}

/** The replicas of one (instance, service, port). */
export interface EdgeBackend {
  name: string;
  servers: EdgeServer[];
}

/** One route as the file routes it. */
export interface EdgeRouteLine {
  host: string;
  pathPrefix: string;
  backend: string;
  /** Plain HTTP on this host answers 308 to HTTPS. */
  redirectHttp: boolean;
  /** Served over HTTPS too (its certificate is in the crt-list). */
  tls: boolean;
}

/** Everything the file is made of. */
export interface EdgeConfigInput {
  adminSocket: string;
  bindHost: string;
  httpPort: number;
  httpsPort: number;
  /** The crt-list file, when any route serves HTTPS. */
  crtList: string | undefined;
  routes: EdgeRouteLine[];
  backends: EdgeBackend[];
  /** Health-check interval of every server. */
  checkIntervalMs: number;
  /** Scale to zero: where a backend's requests go while it has no usable replica (Wheelhouse's waker). */
  waker?: { address: string; port: number };
}

/** The waker's server name in every backend (no replica's name starts with `wh_`). */
export const WAKER_SERVER = 'wh_waker';

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PREFIX = /^\/([A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*)?$/;
const NAME = /^[A-Za-z0-9_.-]{1,120}$/;
const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/** Backend name of one (instance, service, port): found again from those three alone. */
export function backendName(instanceId: string, service: string, port: number): string {
  return `${backendPrefix(instanceId, service)}${port}`;
}

/** What every backend name of one service starts with. */
export function backendPrefix(instanceId: string, service: string): string {
  return `b_${instanceId.replace(/-/g, '')}_${service}_`;
}

/**
 * A blue-green preview's backend (or prefix) beside a service's `b_…` one:
 * `p_…`, never matched by backendsOf, so rollouts never join or drain replicas there.
 */
export function previewBackend(backend: string): string {
  return `p${backend.slice(1)}`;
}

/** The (instance, service, port) of a backend name, or undefined when it is not one of `backendName`'s. */
export function parseBackendName(name: string): { instanceId: string; service: string; port: number } | undefined {
  const m =
    /^b_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})_([a-z][a-z0-9-]{0,62})_(\d{1,5})$/.exec(
      name,
    );
  if (!m) return undefined;
  return { instanceId: m.slice(1, 6).join('-'), service: m[6]!, port: Number(m[7]) };
}

/** A replica's server name in every backend it serves. */
export function serverName(containerId: string): string {
  return `c${containerId.slice(0, 12)}`;
}

/** The options of every server line, also those added at run time. */
export function serverOptions(checkIntervalMs: number): string {
  // Three connection errors in a row mark a replica down (observe layer4); checks bring it back. Not one: a
  // SYN dropped by a replica's full accept queue times the connect out once, and marking the only replica of
  // a service down for that would answer 503 to everyone until the next check (the retry to it succeeds).
  return `check inter ${checkIntervalMs} fall 2 rise 1 observe layer4 error-limit 3 on-error mark-down`;
}

/** The text of haproxy.cfg. Throws when a name fails its pattern (nothing is written then). */
export function renderEdgeConfig(input: EdgeConfigInput): string {
  for (const r of input.routes) {
    if (!HOST.test(r.host)) throw new Error(`refusing to render host ${JSON.stringify(r.host)}`);
    if (!PREFIX.test(r.pathPrefix)) throw new Error(`refusing to render path prefix ${JSON.stringify(r.pathPrefix)}`);
    if (!NAME.test(r.backend)) throw new Error(`refusing to render backend ${JSON.stringify(r.backend)}`);
  }
  for (const b of input.backends) {
    if (!NAME.test(b.name)) throw new Error(`refusing to render backend ${JSON.stringify(b.name)}`);
    for (const s of b.servers) {
      if (!NAME.test(s.name) || !ADDRESS.test(s.address) || !Number.isInteger(s.port))
        throw new Error(`refusing to render server ${JSON.stringify(s.name)}`);
    }
  }
  // Longer prefixes first, so /api/v2 wins over /api and both over /.
  const routes = [...input.routes].sort(
    (a, b) => b.pathPrefix.length - a.pathPrefix.length || a.host.localeCompare(b.host),
  );
  const rules = (forHttps: boolean) =>
    routes
      .filter((r) => !forHttps || r.tls)
      .flatMap((r) => {
        const host = `{ var(txn.host) -m str ${r.host} }`;
        if (r.pathPrefix === '/') return [`  use_backend ${r.backend} if ${host}`];
        return [
          `  use_backend ${r.backend} if ${host} { path ${r.pathPrefix} }`,
          `  use_backend ${r.backend} if ${host} { path_beg ${r.pathPrefix}/ }`,
        ];
      });
  const redirects = routes
    .filter((r) => r.tls && r.redirectHttp)
    .map((r) => {
      const port = input.httpsPort === 443 ? '' : `:${input.httpsPort}`;
      return `  http-request redirect location https://${r.host}${port}%[capture.req.uri] code 308 if { var(txn.host) -m str ${r.host} }`;
    });
  // One line per response into the ring (docker-edge-latency.ts); a connection that sent nothing logs none.
  const latencyLog = [
    `  log ring@${LATENCY_RING} format raw local0 info`,
    `  log-format "${LATENCY_LOG_FORMAT}"`,
    '  option dontlognull',
  ];
  const lines = [
    '# Rendered by Wheelhouse from its database; edits are overwritten.',
    'global',
    // Without it HAProxy binds with SO_REUSEPORT, so a second HAProxy (another data dir's edge, someone's own) on
    // the same port binds too and the kernel splits the connections between the two. Reloads do not need it:
    // the new worker takes the listeners over the stats socket (expose-fd listeners).
    '  noreuseport',
    `  stats socket ${input.adminSocket} mode 600 level admin expose-fd listeners`,
    '  stats timeout 30s',
    // An old worker left by a reload ends when its last connection does, or after this.
    '  hard-stop-after 5m',
    '',
    // The last responses' times (a canary's p99), in HAProxy's memory: fixed in size, the oldest lines dropped.
    `ring ${LATENCY_RING}`,
    '  format raw',
    `  maxlen ${LATENCY_LINE_MAX}`,
    `  size ${LATENCY_RING_BYTES}`,
    '',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    // A worker retired by a reload keeps idle keep-alive connections until their next request, which it
    // answers with Connection: close; closing them at once races with clients sending on them.
    '  option idle-close-on-response',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 15s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    // A replica that refuses, resets or dies before answering: the request goes to another one.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '',
    'frontend http',
    `  bind ${input.bindHost}:${input.httpPort}`,
    ...latencyLog,
    '  http-request set-var(txn.host) req.hdr(host),field(1,:),lower',
    ...redirects,
    ...rules(false),
    '  default_backend wh_no_route',
    '',
  ];
  if (input.crtList) {
    lines.push(
      'frontend https',
      `  bind ${input.bindHost}:${input.httpsPort} ssl crt-list ${input.crtList}`,
      ...latencyLog,
      '  http-request set-var(txn.host) req.hdr(host),field(1,:),lower',
      ...rules(true),
      '  default_backend wh_no_route',
      '',
    );
  }
  lines.push(
    'backend wh_no_route',
    '  http-request return status 404 content-type text/plain string "no route for this host"',
    '',
  );
  const waker = input.waker;
  if (waker && (!ADDRESS.test(waker.address) || !Number.isInteger(waker.port)))
    throw new Error(`refusing to render waker ${JSON.stringify(waker)}`);
  for (const b of [...input.backends].sort((x, y) => x.name.localeCompare(y.name))) {
    lines.push(`backend ${b.name}`, '  balance roundrobin');
    if (waker) {
      // No usable replica (scaled to zero, or none ready): the waker gets the request, told which backend it
      // was for. Weight 0 keeps it out of the balancing and out of nbsrv; a client cannot forge the header.
      lines.push(
        `  http-request del-header ${WAKE_HEADER}`,
        `  http-request set-header ${WAKE_HEADER} %[be_name] if { nbsrv eq 0 }`,
        `  use-server ${WAKER_SERVER} if { nbsrv eq 0 }`,
        `  server ${WAKER_SERVER} ${waker.address}:${waker.port} weight 0`,
      );
    }
    for (const s of [...b.servers].sort((x, y) => x.name.localeCompare(y.name))) {
      const weight = s.weight === undefined ? '' : ` weight ${Math.max(0, Math.min(256, Math.round(s.weight)))}`;
      lines.push(`  server ${s.name} ${s.address}:${s.port}${weight} ${serverOptions(input.checkIntervalMs)}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
