/**
 * BuildKit's session, served by us: dockerd's BuildKit calls back into the
 * client that started a build for what only the client has, here build
 * secrets (`RUN --mount=type=secret,id=…`). The client opens it with
 * `POST /session` upgraded to h2c; dockerd then speaks gRPC as the client
 * over that socket and we are the server. Without it a secret mount fails
 * with "no active sessions". BuildKit only calls methods the session exposed
 * in its `X-Docker-Expose-Session-Grpc-Method` headers.
 *
 * Secret values live only in this process's memory for the build's
 * duration: they travel to BuildKit over the session's socket, which BuildKit
 * mounts as a tmpfs file for the one RUN step; they are never logged here.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import type Dockerode from 'dockerode';
import { BUILDKIT_PROTO } from './docker-build-proto.js';

/** An open session: its id goes in the build request's `session` parameter. */
export interface BuildSession {
  id: string;
  /** Ends the session (idempotent); BuildKit then has nothing to call back into. */
  close(): void;
}

/** The services a session exposes, and the gRPC methods (as BuildKit checks them) of each. */
const SERVICES = {
  'moby.buildkit.secrets.v1.Secrets': ['GetSecret'],
  'grpc.health.v1.Health': ['Check'],
  'moby.filesync.v1.Auth': ['Credentials'],
} as const;

const METHODS = Object.entries(SERVICES).flatMap(([svc, methods]) => methods.map((m) => `/${svc}/${m}`));

/** grpc.health.v1.HealthCheckResponse.ServingStatus.SERVING */
const SERVING = 1;

/**
 * Opens a session on the engine serving `secrets` by id. `name` shows in
 * dockerd's debug logs; `sharedKey` scopes BuildKit's cache of local sources
 * (we send the context as a tar, so it only needs to be stable per context).
 */
export async function openBuildSession(
  docker: Dockerode,
  secrets: Readonly<Record<string, string>>,
  opts: { name: string; sharedKey: string; signal: AbortSignal },
): Promise<BuildSession> {
  const id = randomUUID();
  const socket = await new Promise<Socket>((resolve, reject) => {
    docker.modem.dial(
      {
        method: 'POST',
        path: '/session',
        hijack: true,
        abortSignal: opts.signal,
        headers: {
          Upgrade: 'h2c',
          'X-Docker-Expose-Session-Uuid': id,
          'X-Docker-Expose-Session-Name': opts.name,
          'X-Docker-Expose-Session-Sharedkey': opts.sharedKey,
          // Node sends one header line per array element: BuildKit reads every value.
          'X-Docker-Expose-Session-Grpc-Method': METHODS,
        },
        statusCodes: { 101: true, 200: true, 400: 'bad request', 500: 'server error' },
      },
      (err: unknown, sock: unknown) => (err ? reject(err) : resolve(sock as Socket)),
    );
  });
  // dockerd may drop the socket at any time (a canceled build, a restart): that ends the session, nothing more.
  socket.on('error', () => undefined);
  const server = new grpc.Server();
  server.addService(service('moby.buildkit.secrets.v1.Secrets'), {
    GetSecret: (
      call: grpc.ServerUnaryCall<{ ID: string }, { data: Buffer }>,
      done: grpc.sendUnaryData<{ data: Buffer }>,
    ) => {
      const value = Object.hasOwn(secrets, call.request.ID) ? secrets[call.request.ID] : undefined;
      // NOT_FOUND is what BuildKit turns into "secret <id> not found" (or skips for required=false).
      if (value === undefined) done({ code: grpc.status.NOT_FOUND, details: `secret ${call.request.ID} not found` });
      else done(null, { data: Buffer.from(value, 'utf8') });
    },
  });
  server.addService(service('grpc.health.v1.Health'), {
    Check: (_call: unknown, done: grpc.sendUnaryData<{ status: number }>) => done(null, { status: SERVING }),
  });
  server.addService(service('moby.filesync.v1.Auth'), {
    // Anonymous: a FROM image is local or in a registry this engine reaches without credentials.
    Credentials: (_call: unknown, done: grpc.sendUnaryData<{ Username: string; Secret: string }>) =>
      done(null, { Username: '', Secret: '' }),
  });
  server.createConnectionInjector(grpc.ServerCredentials.createInsecure()).injectConnection(socket);
  let closed = false;
  return {
    id,
    close: () => {
      if (closed) return;
      closed = true;
      server.forceShutdown();
      socket.destroy();
    },
  };
}

function service(name: keyof typeof SERVICES): grpc.ServiceDefinition {
  const def = BUILDKIT_PROTO[name];
  if (!def) throw new Error(`BuildKit session: no definition for ${name}`);
  return def as grpc.ServiceDefinition;
}
