import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { z } from 'zod';
import { usageError } from './exit-codes.js';
import { serviceNames, uniqueNames } from './spec-names.js';
import { schedulesOfServices, schedulesSchema } from './spec-schedules.js';

/**
 * The `wheelhouse.yaml` format (parsed here without Node APIs, so the web console
 * reads pasted YAML with the same rules as `apply`): one instance, its services keyed by name,
 * or written as the API's list of `{ name, … }` (what `provisionInstance` takes).
 * Objects are strict (an unknown key is an error, so a typo never silently
 * drops a setting); env, labels and annotations are maps, or the API's lists of
 * `{ name, value }` / `{ key, value }`.
 */
const DNS_LABEL = /^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const int = z.number().int();
const scalarText = z.union([z.string(), z.number(), z.boolean()]).transform(String);
/** A map of text, or the API's list of pairs (`{ name, value }` for env, `{ key, value }` for labels). */
const textMap = (keyName: 'name' | 'key') =>
  z.union([
    z.record(z.string(), scalarText),
    z
      .array(z.strictObject({ [keyName]: z.string(), value: scalarText }))
      .transform((pairs) =>
        Object.fromEntries(pairs.map((p) => [(p as Record<string, string>)[keyName], p.value as string])),
      ),
  ]);

const portSchema = z.union([
  int.transform((container) => ({ container })),
  z.strictObject({ container: int, host: int.optional(), protocol: z.enum(['TCP', 'UDP']).optional() }),
]);
/** `resources.autoscale`: the API's AutoscaleInput; min ≤ max is checked here so a bad file sends nothing. */
const autoscaleSchema = z
  .strictObject({
    minReplicas: int,
    maxReplicas: int,
    targetCpuPercent: int.optional(),
    targetRequestsPerSecond: z.number().optional(),
    scaleUpStabilizationSeconds: int.optional(),
    scaleDownStabilizationSeconds: int.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.minReplicas > a.maxReplicas)
      ctx.addIssue({
        code: 'custom',
        path: ['minReplicas'],
        message: `must not be above maxReplicas (${a.maxReplicas})`,
      });
    if (a.targetCpuPercent === undefined && a.targetRequestsPerSecond === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: 'give targetCpuPercent or targetRequestsPerSecond' });
  });
const resourcesSchema = z.strictObject({
  cpuMillis: int.optional(),
  memoryMb: int.optional(),
  diskMb: int.optional(),
  replicas: int.optional(),
  gpu: z.string().optional(),
  autoscale: autoscaleSchema.optional(),
});
const healthCheckSchema = z.strictObject({
  path: z.string().optional(),
  port: int,
  intervalSeconds: int.optional(),
  timeoutSeconds: int.optional(),
  retries: int.optional(),
});
/**
 * `build:` (issue 33): build the service's image from source instead of
 * naming one. `context` is a local directory (relative to the spec file;
 * the CLI uploads it as an archive), `git` a repository at a ref; exactly
 * one. `contextPath` is a directory inside the source, `dockerfile` relative
 * to it. `args` are visible in the image's history; `secrets` map a
 * `RUN --mount=type=secret,id=ID` to a vault key and never reach a layer.
 */
const buildSchema = z
  .strictObject({
    context: z.string().min(1).optional(),
    git: z
      .strictObject({
        url: z.string().min(1),
        ref: z.string().min(1).optional(),
        credentialSecret: z.string().min(1).optional(),
      })
      .optional(),
    contextPath: z.string().min(1).optional(),
    dockerfile: z.string().min(1).optional(),
    target: z.string().min(1).optional(),
    args: textMap('name').optional(),
    secrets: z
      .union([
        z
          .record(z.string(), z.string())
          .transform((m) => Object.entries(m).map(([id, secretKey]) => ({ id, secretKey }))),
        z.array(z.strictObject({ id: z.string().min(1), secretKey: z.string().min(1) })),
      ])
      .optional(),
    cpuMillis: int.optional(),
    memoryMb: int.optional(),
    timeoutSeconds: int.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.context === undefined) === (b.git === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of context (a directory) or git' });
  });

const serviceSchema = z.strictObject({
  image: z.string().min(1, 'an image is required').optional(),
  build: buildSchema.optional(),
  role: z.enum(['MAIN', 'SIDECAR', 'INIT']).optional(),
  dependsOn: z.array(z.string()).optional(),
  env: textMap('name').optional(),
  ports: z.array(portSchema).optional(),
  resources: resourcesSchema.optional(),
  healthCheck: healthCheckSchema.optional(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
  secrets: z
    .array(
      z.union([
        z.string().transform((key) => ({ key })),
        z.strictObject({ key: z.string(), envName: z.string().optional() }),
      ]),
    )
    .optional(),
  volumes: z
    .array(
      z.strictObject({
        name: z.string(),
        mountPath: z.string(),
        sizeMb: int.optional(),
        type: z.string().optional(),
        // A kept volume to attach (its name or id, from `wheelhouse volumes ls`); provision only.
        kept: z.string().optional(),
      }),
    )
    .optional(),
  configFiles: z
    .array(
      z.strictObject({
        name: z.string(),
        path: z.string(),
        format: z.enum(['JSON', 'YAML', 'ENV', 'TEXT']).optional(),
        content: z.string(),
      }),
    )
    .optional(),
  annotations: textMap('key').optional(),
});
/** A service names an image or says how to build one, never both and never neither. */
function imageOrBuild(s: { image?: string; build?: unknown }, ctx: z.RefinementCtx) {
  if (s.image !== undefined && s.build !== undefined)
    ctx.addIssue({ code: 'custom', path: ['build'], message: 'give image or build, not both' });
  if (s.image === undefined && s.build === undefined)
    ctx.addIssue({ code: 'custom', path: ['image'], message: 'an image (or a build) is required' });
}

const secretsSchema = z.array(
  z.union([
    z.string().transform((key) => ({ key })),
    z.strictObject({ key: z.string(), envName: z.string().optional() }),
  ]),
);
/**
 * A workload source instead of services (issue 26): manifests from a file, a
 * kustomization directory, a Helm chart or an Argo CD Application. Files are
 * named relative to the spec file and read by the CLI (source-files.ts).
 */
const sourceSchema = z
  .strictObject({
    manifests: z.strictObject({ file: z.string().min(1) }).optional(),
    kustomize: z.strictObject({ dir: z.string().min(1) }).optional(),
    helm: z
      .strictObject({
        chart: z.string().min(1),
        repoUrl: z.string().optional(),
        version: z.string().optional(),
        values: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    argocd: z
      .strictObject({
        repoUrl: z.string().min(1),
        path: z.string().optional(),
        targetRevision: z.string().optional(),
        project: z.string().optional(),
        destServer: z.string().optional(),
        destNamespace: z.string().optional(),
        syncPolicy: z
          .strictObject({
            automated: z.boolean().optional(),
            selfHeal: z.boolean().optional(),
            prune: z.boolean().optional(),
          })
          .optional(),
      })
      .optional(),
    secrets: secretsSchema.optional(),
  })
  .refine(
    (s) => [s.manifests, s.kustomize, s.helm, s.argocd].filter(Boolean).length === 1,
    'give exactly one of manifests, kustomize, helm, argocd',
  );

/**
 * A route (docs/edge.md): a stable URL for one service port. `tls: true` (or
 * `auto`) is HTTPS with a certificate of the edge's own CA; `{ secretKey }`
 * names a vault entry holding a PEM chain and its key.
 */
interface RouteTlsSpec {
  secretKey?: string;
  redirectHttp?: boolean;
}
const routeSchema = z.strictObject({
  service: z.string().min(1, 'a route needs a service'),
  port: int,
  host: z.string().min(1).optional(),
  pathPrefix: z.string().min(1).optional(),
  tls: z
    .union([
      z.literal(true).transform((): RouteTlsSpec => ({})),
      z.literal('auto').transform((): RouteTlsSpec => ({})),
      z.strictObject({ secretKey: z.string().min(1).optional(), redirectHttp: z.boolean().optional() }),
    ])
    .optional(),
});

const serviceName = z
  .string({ error: (issue) => (issue.input === undefined ? 'a service needs a name' : undefined) })
  .regex(DNS_LABEL, 'a service name must be DNS-safe');
/**
 * `releaseCommand:` (issue 35, docs/jobs.md): run before a deploy's new
 * release starts, in its image; the deploy fails unless it exits 0. A string
 * is run by `sh -c`; a list is the command itself.
 */
const releaseCommandSchema = z.strictObject({
  service: serviceName,
  command: z.union([
    z
      .string()
      .min(1, 'a command is required')
      .transform((s) => ['sh', '-c', s]),
    z.array(z.string()).min(1, 'a command is required'),
  ]),
  timeoutSeconds: int.optional(),
});
const specFields = {
  name: z.string().regex(DNS_LABEL, 'must be DNS-safe: lowercase letters, digits and "-", starting with a letter'),
  provider: z.string().optional(),
  kind: z.enum(['DEPLOYMENT', 'STATEFUL_SET']).optional(),
  labels: textMap('key').optional(),
  readiness: z.strictObject({ timeoutSeconds: int.optional(), intervalSeconds: int.optional() }).optional(),
  source: sourceSchema.optional(),
  routes: z.array(routeSchema).optional(),
  releaseCommand: releaseCommandSchema.optional(),
  schedules: schedulesSchema.optional(),
};

/** A spec carries services or a source (issue 26), never both and never neither. */
function servicesOrSource(
  spec: { services?: unknown[] | Record<string, unknown>; source?: unknown },
  ctx: z.RefinementCtx,
) {
  const services = Array.isArray(spec.services) ? spec.services.length : Object.keys(spec.services ?? {}).length;
  if (spec.source && services > 0)
    ctx.addIssue({ code: 'custom', path: ['services'], message: 'give services or a source, not both' });
  if (!spec.source && services === 0)
    ctx.addIssue({ code: 'custom', path: ['services'], message: 'at least one service (or a source) is required' });
}

/** Each route names a service of the file (a source's services are not known here) and no address twice. */
function routesOfServices(
  spec: {
    services?: Array<{ name: string }> | Record<string, unknown>;
    source?: unknown;
    routes?: Array<{ service: string; port: number; host?: string; pathPrefix?: string }>;
  },
  ctx: z.RefinementCtx,
) {
  const names = new Set(serviceNames(spec));
  const seen = new Set<string>();
  (spec.routes ?? []).forEach((r, i) => {
    if (!spec.source && !names.has(r.service))
      ctx.addIssue({ code: 'custom', path: ['routes', i, 'service'], message: `no service named "${r.service}"` });
    const key = routeIdentity(r);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['routes', i], message: 'the same route is given twice' });
    seen.add(key);
  });
}

/** The release command runs in a service of the file. */
function releaseCommandOfServices(
  spec: { services?: Array<{ name: string }> | Record<string, unknown>; releaseCommand?: { service: string } },
  ctx: z.RefinementCtx,
) {
  const rc = spec.releaseCommand;
  if (!rc) return;
  const names = serviceNames(spec);
  if (!names.includes(rc.service))
    ctx.addIssue({ code: 'custom', path: ['releaseCommand', 'service'], message: `no service named "${rc.service}"` });
}

/**
 * What names a route between a file and the server: its host and path prefix,
 * or, when the host is generated, its service, port and path prefix.
 */
export function routeIdentity(r: { service: string; port: number; host?: string | null; pathPrefix?: string | null }) {
  const prefix = r.pathPrefix ?? '/';
  return r.host ? `${r.host.toLowerCase()}${prefix}` : `${r.service}:${r.port} (generated host)${prefix}`;
}

const specSchema = z
  .strictObject({ ...specFields, services: z.record(serviceName, serviceSchema.superRefine(imageOrBuild)).optional() })
  .superRefine(servicesOrSource)
  .superRefine(routesOfServices)
  .superRefine(releaseCommandOfServices)
  .superRefine(schedulesOfServices);
/** The same spec with services as the API's list; a name given twice is an error at its second place. */
const listSpecSchema = z
  .strictObject({
    ...specFields,
    services: z
      .array(serviceSchema.extend({ name: serviceName }).superRefine(imageOrBuild))
      .superRefine(uniqueNames)
      .optional(),
  })
  .superRefine(servicesOrSource)
  .superRefine(routesOfServices)
  .superRefine(releaseCommandOfServices)
  .superRefine(schedulesOfServices);

type ParsedSpec = z.infer<typeof specSchema>;
type ParsedService = z.infer<typeof serviceSchema>;

/** A service's `build:` as written in the file (`secrets` read as the API's list). */
export type BuildSpec = z.infer<typeof buildSchema>;

/** One service of an app spec, with its name. */
export type ServiceSpec = ParsedService & { name: string };

/** One route of an app spec, as written in the file (`tls: true` read as `{}`). */
export type RouteSpec = z.infer<typeof routeSchema>;

/** The source of an app spec, as written in the file. */
export type SourceSpec = NonNullable<ParsedSpec['source']>;

/** An app spec read from a file: what `apply` makes true. */
export interface AppSpec extends Omit<ParsedSpec, 'services'> {
  services: ServiceSpec[];
  /** The source as the API takes it (`WorkloadSourceInput`), its files read; set by loadSpecFile. */
  sourceInput?: Record<string, unknown>;
}

/** Parses and validates spec text; `file` names it in errors. */
export function parseSpec(text: string, file: string): AppSpec {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const lines = doc.errors.map((e) => {
      const line = e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line;
      return `${file}:${line}: invalid YAML: ${e.message.split('\n')[0]}`;
    });
    throw usageError(lines.join('\n'));
  }
  const raw = doc.toJS() as { services?: unknown } | null;
  const listed = Array.isArray(raw?.services);
  const result = listed ? listSpecSchema.safeParse(raw) : specSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.flatMap((issue) => {
      const path = issue.path.map(String);
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
      return keys.map((key) => {
        const full = key === undefined ? path : [...path, key];
        const offset = offsetOf(doc.contents, full, key !== undefined);
        const line = offset === undefined ? 1 : lineCounter.linePos(offset).line;
        const message = key === undefined ? issue.message : 'unknown key';
        return `${file}:${line}: ${full.length > 0 ? full.join('.') : '(top level)'}: ${message}`;
      });
    });
    throw usageError(lines.join('\n'));
  }
  const { services, ...rest } = result.data;
  if (Array.isArray(services)) return { ...rest, services };
  return { ...rest, services: Object.entries(services ?? {}).map(([name, spec]) => ({ name, ...spec })) };
}

/** Where the node at `path` starts (its key when `atKey`), or its nearest ancestor that exists. */
function offsetOf(root: unknown, path: string[], atKey: boolean): number | undefined {
  let node = root as Node | null | undefined;
  let best = node?.range?.[0];
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) return best;
      const keyNode = pair.key as Node;
      if (last && atKey) return keyNode.range?.[0] ?? best;
      node = pair.value as Node | null;
      best = node?.range?.[0] ?? keyNode.range?.[0] ?? best;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)] as Node | undefined;
      best = node?.range?.[0] ?? best;
    } else {
      return best;
    }
  }
  return best;
}
