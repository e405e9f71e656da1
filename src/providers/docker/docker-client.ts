/**
 * Builds the dockerode clients the provider talks through. Connection
 * settings come only from the options passed in: docker-modem would otherwise
 * fall back to DOCKER_HOST and friends from the environment, so every field it
 * reads is set explicitly.
 */
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { inspect } from 'node:util';
import Dockerode from 'dockerode';

/** How to reach the Docker Engine. */
export interface DockerConnectionOptions {
  /** Unix socket of the engine. Default `/var/run/docker.sock` when `host` is not set. */
  socketPath?: string;
  /** TCP host of the engine; takes precedence over `socketPath`. */
  host?: string;
  /** TCP port; default 2375 (2376 with TLS). */
  port?: number;
  /** TLS material for an `https` engine endpoint. */
  tls?: { ca?: string | Buffer; cert?: string | Buffer; key?: string | Buffer };
  /** Give up connecting after this long (default 3000 ms): an unreachable engine must fail fast. */
  connectTimeoutMs?: number;
}

/** The address the options point at, as named in `unavailable` messages. */
export function engineEndpoint(opts: DockerConnectionOptions): string {
  if (opts.host) {
    const secure = Boolean(opts.tls);
    return `${secure ? 'https' : 'tcp'}://${opts.host}:${opts.port ?? (secure ? 2376 : 2375)}`;
  }
  return `unix://${opts.socketPath ?? '/var/run/docker.sock'}`;
}

/**
 * A dockerode client whose every connection attempt is bounded by
 * `connectTimeoutMs` (Node has no connect timeout of its own, and docker-modem's
 * `connectionTimeout` also fires on slow answers such as a container stop).
 */
export function createDockerClient(opts: DockerConnectionOptions): Dockerode {
  const secure = Boolean(opts.host && opts.tls);
  const agent = connectTimeoutAgent(secure, opts.connectTimeoutMs ?? 3000);
  const config = {
    socketPath: opts.host ? undefined : (opts.socketPath ?? '/var/run/docker.sock'),
    host: opts.host,
    port: opts.host ? (opts.port ?? (secure ? 2376 : 2375)) : undefined,
    protocol: secure ? 'https' : 'http',
    ca: opts.tls?.ca,
    cert: opts.tls?.cert,
    key: opts.tls?.key,
    timeout: undefined,
    version: undefined,
    pathPrefix: undefined,
    agent,
  };
  return new Dockerode(config as Dockerode.DockerOptions);
}

function connectTimeoutAgent(secure: boolean, timeoutMs: number): http.Agent {
  const agent = secure ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const socket = create(options, callback);
    if (socket) guardConnect(socket, secure, timeoutMs);
    return socket;
  };
  // docker-modem formats every request's options with util.inspect (showHidden, unlimited depth) for its debug
  // log, enabled or not; the agent and its live sockets made that 1.5–3 ms of every engine call.
  Object.defineProperty(agent, inspect.custom, { value: () => (secure ? 'https.Agent' : 'http.Agent') });
  return agent;
}

function guardConnect(socket: Duplex, secure: boolean, timeoutMs: number): void {
  const timer = setTimeout(() => {
    const err = Object.assign(new Error(`connect timeout after ${timeoutMs}ms`), { code: 'WH_CONNECT_TIMEOUT' });
    socket.destroy(err);
  }, timeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  socket.once(secure ? 'secureConnect' : 'connect', clear);
  socket.once('close', clear);
  socket.once('error', clear);
}
