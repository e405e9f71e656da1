/**
 * HTTP and TCP health probes, run from the provider process: the Engine's own
 * HEALTHCHECK would need a probe binary inside every image.
 */
import http from 'node:http';
import net from 'node:net';
import type Dockerode from 'dockerode';
import type { HealthCheckSpec } from '../service-spec.js';

/** Default probe timeout when the spec leaves it unset. */
const DEFAULT_PROBE_TIMEOUT_MS = 2000;

/**
 * Where to probe a container's `port` from this process. With a local engine
 * that is the container's address on the instance network (the bridge routes
 * it from the host). A remote engine's bridge is not routable from here, so
 * the port must be published: the probe then goes to the engine host.
 */
export function probeAddress(
  info: Dockerode.ContainerInspectInfo,
  network: string,
  port: number,
  remoteHost: string | undefined,
): { host: string; port: number } | undefined {
  if (!remoteHost) {
    const ip = info.NetworkSettings?.Networks?.[network]?.IPAddress;
    return ip ? { host: ip, port } : undefined;
  }
  const binding = info.NetworkSettings?.Ports?.[`${port}/tcp`]?.[0];
  const published = Number(binding?.HostPort);
  return Number.isInteger(published) && published > 0 ? { host: remoteHost, port: published } : undefined;
}

/** The outcome of one probe. */
export interface ProbeResult {
  ok: boolean;
  /** Why it failed (or what answered), for ServiceStatus.message. */
  message: string;
}

/**
 * Probes `address` once as `check` describes: an HTTP GET of `check.path`
 * (any 2xx/3xx passes) when a path is set, else a TCP connect. Never throws.
 */
export function probe(
  address: { host: string; port: number },
  check: HealthCheckSpec,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  const timeoutMs = check.timeoutMs && check.timeoutMs > 0 ? check.timeoutMs : DEFAULT_PROBE_TIMEOUT_MS;
  return check.path
    ? probeHttp(address.host, address.port, check.path, timeoutMs, signal)
    : probeTcp(address.host, address.port, timeoutMs, signal);
}

/** One HTTP GET; passes on a 2xx or 3xx answer within `timeoutMs`. */
function probeHttp(
  host: string,
  port: number,
  path: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  const target = `http://${host}:${port}${path.startsWith('/') ? path : `/${path}`}`;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: ProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(r);
    };
    // agent:false: a probe must not leave a kept-alive socket behind.
    const req = http.get(target, { agent: false, signal }, (res) => {
      const code = res.statusCode ?? 0;
      res.resume();
      done({ ok: code >= 200 && code < 400, message: `GET ${path} answered ${code}` });
    });
    const timer = setTimeout(
      () => done({ ok: false, message: `GET ${path} timed out after ${timeoutMs}ms` }),
      timeoutMs,
    );
    req.on('error', (err) => done({ ok: false, message: `GET ${path} failed: ${err.message}` }));
  });
}

/** One TCP connect; passes when the connection opens within `timeoutMs`. */
function probeTcp(host: string, port: number, timeoutMs: number, signal?: AbortSignal): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let settled = false;
    const socket = net.connect({ host, port });
    const done = (r: ProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(r);
    };
    const onAbort = () => done({ ok: false, message: 'probe canceled' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => done({ ok: false, message: `TCP ${port} connect timed out after ${timeoutMs}ms` }),
      timeoutMs,
    );
    socket.once('connect', () => done({ ok: true, message: `TCP ${port} open` }));
    socket.once('error', (err) => done({ ok: false, message: `TCP ${port} connect failed: ${err.message}` }));
  });
}
