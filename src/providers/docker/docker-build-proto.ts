/**
 * The few BuildKit protobuf definitions the builder needs, as protobufjs JSON
 * descriptors (so nothing but TypeScript ships): the session services
 * BuildKit calls back into (Secrets, Health, Auth), and the Control service's
 * StatusResponse that dockerd forwards as `moby.buildkit.trace` aux messages.
 * Field names and numbers follow moby/buildkit's api (secrets.proto,
 * control.proto), grpc's health.proto and moby's filesync auth.proto.
 */
import { fromJSON, type PackageDefinition } from '@grpc/proto-loader';

type Json = Parameters<typeof fromJSON>[0];

const field = (type: string, id: number, rule?: 'repeated') => (rule ? { type, id, rule } : { type, id });

/** moby.buildkit.secrets.v1: `RUN --mount=type=secret` reads a value through GetSecret. */
const secrets = {
  Secrets: { methods: { GetSecret: { requestType: 'GetSecretRequest', responseType: 'GetSecretResponse' } } },
  GetSecretRequest: { fields: { ID: field('string', 1), annotations: { keyType: 'string', type: 'string', id: 2 } } },
  GetSecretResponse: { fields: { data: field('bytes', 1) } },
};

/** grpc.health.v1: BuildKit's session manager checks the session is alive and drops it when not. */
const health = {
  Health: { methods: { Check: { requestType: 'HealthCheckRequest', responseType: 'HealthCheckResponse' } } },
  HealthCheckRequest: { fields: { service: field('string', 1) } },
  HealthCheckResponse: { fields: { status: field('int32', 1) } },
};

/** moby.filesync.v1.Auth: registry credentials for FROM pulls; we answer anonymous. */
const auth = {
  Auth: { methods: { Credentials: { requestType: 'CredentialsRequest', responseType: 'CredentialsResponse' } } },
  CredentialsRequest: { fields: { Host: field('string', 1) } },
  CredentialsResponse: { fields: { Username: field('string', 1), Secret: field('string', 2) } },
};

/** moby.buildkit.v1: the build's progress (vertexes, their logs), as Control.Status streams it. */
const control = {
  Control: { methods: { Status: { requestType: 'StatusRequest', responseType: 'StatusResponse' } } },
  StatusRequest: { fields: { Ref: field('string', 1) } },
  StatusResponse: {
    fields: {
      vertexes: field('Vertex', 1, 'repeated'),
      statuses: field('VertexStatus', 2, 'repeated'),
      logs: field('VertexLog', 3, 'repeated'),
    },
  },
  Vertex: {
    fields: {
      digest: field('string', 1),
      inputs: field('string', 2, 'repeated'),
      name: field('string', 3),
      cached: field('bool', 4),
      started: field('Timestamp', 5),
      completed: field('Timestamp', 6),
      error: field('string', 7),
    },
  },
  VertexStatus: {
    fields: { ID: field('string', 1), vertex: field('string', 2), name: field('string', 3) },
  },
  VertexLog: {
    fields: {
      vertex: field('string', 1),
      timestamp: field('Timestamp', 2),
      stream: field('int64', 3),
      msg: field('bytes', 4),
    },
  },
  // google.protobuf.Timestamp's wire shape, under a local name so the loader does not turn it into a Date.
  Timestamp: { fields: { seconds: field('int64', 1), nanos: field('int32', 2) } },
};

const nest = (path: string[], leaf: object): object =>
  path.reduceRight<object>((inner, name) => ({ nested: { [name]: inner } }), { nested: leaf });

function merge(a: object, b: object): object {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = prev && typeof prev === 'object' && v && typeof v === 'object' ? merge(prev, v) : v;
  }
  return out;
}

const ROOT = [
  nest(['moby', 'buildkit', 'secrets', 'v1'], secrets),
  nest(['grpc', 'health', 'v1'], health),
  nest(['moby', 'filesync', 'v1'], auth),
  nest(['moby', 'buildkit', 'v1'], control),
].reduce(merge, {});

/** The loaded definitions: field names as BuildKit spells them, bytes as Buffers, int64 as strings. */
export const BUILDKIT_PROTO: PackageDefinition = fromJSON(ROOT as Json, {
  keepCase: true,
  longs: String,
  bytes: Buffer,
  defaults: true,
});

/** A decoded StatusResponse (the fields the trace reader uses). */
export interface StatusResponse {
  vertexes: Array<{
    digest: string;
    name: string;
    cached: boolean;
    started: { seconds: string } | null;
    completed: { seconds: string } | null;
    error: string;
  }>;
  logs: Array<{ vertex: string; stream: string; msg: Buffer }>;
}

const statusMethod = (
  BUILDKIT_PROTO['moby.buildkit.v1.Control'] as Record<string, { responseDeserialize: (b: Buffer) => unknown }>
).Status;

/** Decodes one `moby.buildkit.trace` aux payload (base64 protobuf). */
export function decodeStatus(aux: string): StatusResponse {
  if (!statusMethod) throw new Error('BuildKit Control.Status definition missing');
  return statusMethod.responseDeserialize(Buffer.from(aux, 'base64')) as StatusResponse;
}
