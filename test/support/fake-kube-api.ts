/**
 * An in-process Kubernetes API server for the Kubernetes provider's tests: it
 * speaks the subset of the REST API the provider uses, over real HTTP on
 * 127.0.0.1, so the provider runs its real @kubernetes/client-node code.
 *
 * - Objects (namespaces, pods, services, secrets, configmaps, deployments,
 *   statefulsets) live in memory by kind/namespace/name, with GET (one, or a
 *   list filtered by an equality label selector), POST, PUT (optimistic
 *   concurrency on resourceVersion), PATCH (merge-patch; strategic-merge with
 *   lists merged by `name`) and DELETE (workloads cascade to their pods).
 * - A small controller and kubelet: a workload gets pods for its replicas and
 *   template (pods of an older template are replaced); each pod's init
 *   containers run in order, then its containers. A container runs a tiny
 *   shell subset (`echo`, `sleep`, `exit`, `while true; do …; done`,
 *   `i=$((i+1))`) from its command/args with its env (secretKeyRef resolved
 *   from the Secret), writing timestamped log lines; exiting puts it in
 *   CrashLoopBackOff. Images marked with failImage() sit in ErrImagePull.
 *   Readiness probes pass when the image serves the probed path
 *   (defineImage).
 * - The pod log endpoint (container, follow, tailLines, sinceTime,
 *   timestamps); followed connections are recorded until the client aborts.
 * - The exec subresource over a websocket (channel protocol v5: stdout 1,
 *   stderr 2, status 3, stdin 0 with its close), running the same shell
 *   subset plus `cat [file]` (config files from the ConfigMap mounts; stdin)
 *   and `env`, in the container's env.
 * - batch/v1 Jobs: a controller (fake-kube-jobs.ts) gives each a pod the
 *   kubelet runs once (restartPolicy Never: its container ends `terminated`,
 *   the pod Succeeded or Failed, the followed log ends), and fails it past
 *   activeDeadlineSeconds. Config files mount from a ConfigMap or a Secret.
 * - batch/v1 CronJobs (fake-kube-cronjobs.ts): stored and validated as an API
 *   server does; no cron controller: a test makes a tick's Job with
 *   `cronJobs.run`, and deleting a CronJob deletes its Jobs.
 * - Platform faults: failRequests makes every request of a method on a kind
 *   fail with a status until it is lifted.
 * - /version, and metrics.k8s.io pod metrics when enabled.
 * - Watches (`?watch=true&resourceVersion=`) of any listed kind: events after
 *   the given resourceVersion are replayed, then sent live; a resourceVersion
 *   older than the last compaction is answered with a 410 Gone ERROR event.
 *   A test can end every open watch with 410 (expireWatches) or make them go
 *   silent while holding the connection (silenceWatches).
 * - Bearer-token authentication: every request without the token is 401.
 *   rotateToken() swaps the one token accepted, as rotating a credential does.
 * - Storage and exposure (the k8sspec section at the end): PersistentVolumeClaims
 *   (a StatefulSet's controller makes one per claim template and ordinal, and
 *   never deletes them), Nodes (setNodes), nodePort allocation for NodePort and
 *   LoadBalancer Services, a cloud controller that fills a LoadBalancer's
 *   status.loadBalancer.ingress after `loadBalancerDelayMs`, Ingresses, and
 *   cluster-wide Deployment/StatefulSet/PersistentVolumeClaim lists.
 * - CSI VolumeSnapshots and the storage behind claims (fake-kube-snapshots.ts):
 *   snapshot classes, snapshots cut and made ready, claims provisioned from a
 *   snapshot's dataSource, the pvc-protection finalizer, a claim's content.
 * - Routes (the edge section at the end): the API server's validation of what
 *   the routes Ingress and its TLS Secrets must be (Secret data base64, a
 *   `kubernetes.io/tls` Secret's `tls.crt`/`tls.key`, a Secret's immutable
 *   type, `stringData` folded into `data`; Ingress hosts, paths, pathTypes,
 *   backends and tls entries), answered 400/422 as a real server would.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { parse as parseYaml } from 'yaml';
import { FakeCronJobs } from './fake-kube-cronjobs.js';
import { FakeJobs } from './fake-kube-jobs.js';
import { FakeSnapshots } from './fake-kube-snapshots.js';

type Obj = Record<string, any>;

const KINDS: Record<string, { kind: string; apiVersion: string }> = {
  namespaces: { kind: 'Namespace', apiVersion: 'v1' },
  pods: { kind: 'Pod', apiVersion: 'v1' },
  services: { kind: 'Service', apiVersion: 'v1' },
  secrets: { kind: 'Secret', apiVersion: 'v1' },
  configmaps: { kind: 'ConfigMap', apiVersion: 'v1' },
  deployments: { kind: 'Deployment', apiVersion: 'apps/v1' },
  statefulsets: { kind: 'StatefulSet', apiVersion: 'apps/v1' },
  jobs: { kind: 'Job', apiVersion: 'batch/v1' },
  cronjobs: { kind: 'CronJob', apiVersion: 'batch/v1' },
};

/** How an image behaves when no command overrides it, and which HTTP paths it serves. */
export interface FakeImage {
  /** Shell script run when the container has no command/args. Default: run silently forever. */
  script?: string;
  /** Paths an HTTP readiness probe succeeds on. Default: every path. */
  httpPaths?: string[];
  /** What an HTTP GET of a served path answers, through a Service (see serve). Default: the image name. */
  body?: string;
}

export interface FakeKubeOptions {
  /** Delay before a new pod's containers start (image "pull"). Default 30 ms. */
  startDelayMs?: number;
  /** How long a deleted pod lingers with a deletionTimestamp. Default 20 ms. */
  terminationMs?: number;
  /** Version reported by /version. Default v1.31.0-fake. */
  gitVersion?: string;
  /** How long the cloud controller takes to give a LoadBalancer Service an address. Default 50 ms. */
  loadBalancerDelayMs?: number;
}

interface LogLine {
  at: Date;
  text: string;
}

interface Runtime {
  timers: Set<NodeJS.Timeout>;
  stopped: boolean;
  logs: Map<string, LogLine[]>;
  listeners: Map<string, Set<(l: LogLine) => void>>;
  /** Run when the pod is killed: followed log responses end with it. */
  onStop: Set<() => void>;
}

/** One change as a watch sends it, kept so a watch can resume from a resourceVersion. */
interface WatchEvent {
  rv: number;
  plural: string;
  namespace: string;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: Obj;
}

/** An open watch connection. */
interface OpenWatch {
  res: ServerResponse;
  plural: string;
  namespace: string;
  labelSelector: string | undefined;
  /** Held open but sent nothing more (silenceWatches). */
  silent: boolean;
}

/** A watch request the fake received, for assertions. */
export interface SeenWatch {
  plural: string;
  namespace: string;
  resourceVersion: string | undefined;
  labelSelector: string | undefined;
}

/** Events kept for resuming watches; older ones count as compacted (410 Gone). */
const WATCH_HISTORY = 10_000;

/** A request the fake received, for assertions. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

export class FakeKubeApi {
  token = `fake-${randomUUID()}`;
  readonly requests: SeenRequest[] = [];
  readonly #objects = new Map<string, Obj>();
  readonly #templates = new Map<string, string>();
  readonly #runtimes = new Map<string, Runtime>();
  readonly #failing = new Set<string>();
  /** `METHOD plural` → the status the test makes such requests fail with (failRequests). */
  readonly #faults = new Map<string, number>();
  readonly #images = new Map<string, FakeImage>();
  readonly #openLogs = new Set<ServerResponse>();
  readonly #openExecs = new Set<WebSocket>();
  /** Every watch request, in order. */
  readonly watchRequests: SeenWatch[] = [];
  readonly #history: WatchEvent[] = [];
  readonly #watches = new Set<OpenWatch>();
  /** A watch from a resourceVersion older than this is answered 410 Gone. */
  #compactedRv = 0;
  #refuseWatches = false;
  #served = 0;
  readonly #wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) =>
      protocols.has('v5.channel.k8s.io') ? 'v5.channel.k8s.io' : (protocols.values().next().value ?? false),
  });
  readonly #options: Required<FakeKubeOptions>;
  #server: Server | undefined;
  #dir: string | undefined;
  #rv = 1;
  #metrics = false;
  /** The Job controller: the Jobs received and deleted, for assertions. */
  readonly jobs = new FakeJobs({
    get: (plural, namespace, name) => this.#objects.get(key(plural, namespace, name)),
    list: (plural, namespace) => this.list(plural, namespace),
    createPod: (namespace, name, owner, template) => this.#createPod(namespace, name, owner, template),
    deletePod: (namespace, name) => {
      const pod = this.#objects.get(key('pods', namespace, name));
      if (pod) this.#delete('pods', namespace, pod);
    },
    changed: (plural, namespace, obj) => {
      obj.metadata.resourceVersion = String(++this.#rv);
      this.#emit('MODIFIED', plural, namespace, obj);
    },
  });
  /** The CronJobs' validation and the test's stand-in for their controller (`run`). */
  readonly cronJobs = new FakeCronJobs({
    get: (plural, namespace, name) => this.get(plural, namespace, name),
    list: (plural, namespace) => this.list(plural, namespace),
    create: (plural, namespace, obj) => {
      const meta = KINDS[plural] as { kind: string; apiVersion: string };
      return this.#store(plural, namespace, { ...obj, kind: meta.kind, apiVersion: meta.apiVersion });
    },
    remove: (plural, namespace, name, policy) => {
      const obj = this.#objects.get(key(plural, namespace, name));
      if (obj) this.#delete(plural, namespace, obj, policy);
    },
  });
  /** Claims' storage and CSI VolumeSnapshots (fake-kube-snapshots.ts): content, cuts, the protection finalizer. */
  readonly snapshots = new FakeSnapshots({
    stored: (plural, namespace, name) => this.#objects.get(key(plural, namespace, name)),
    list: (plural, namespace) => this.list(plural, namespace),
    create: (plural, namespace, obj) => void this.#store(plural, namespace, obj),
    changed: (plural, namespace, obj) => {
      obj.metadata.resourceVersion = String(++this.#rv);
      this.#emit('MODIFIED', plural, namespace, obj);
    },
    remove: (plural, namespace, name) => {
      const obj = this.#objects.get(key(plural, namespace, name));
      if (obj) this.#delete(plural, namespace, obj);
    },
    defineResource: (r) => this.defineResource(r),
  });
  url = '';
  kubeconfigPath = '';

  constructor(options: FakeKubeOptions = {}) {
    this.#options = {
      startDelayMs: options.startDelayMs ?? 30,
      terminationMs: options.terminationMs ?? 20,
      gitVersion: options.gitVersion ?? 'v1.31.0-fake',
      loadBalancerDelayMs: options.loadBalancerDelayMs ?? 50,
    };
  }

  /**
   * Listens on 127.0.0.1:`port` (0: any free port) and writes a kubeconfig
   * (bearer token) pointing at it. A fixed port lets a test bring the API up
   * where an already-written kubeconfig points.
   */
  async start(port = 0): Promise<this> {
    const server = createServer((req, res) => {
      this.#handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.#status(res, 500, 'InternalError', String(err));
        else res.destroy();
      });
    });
    server.on('upgrade', (req, socket, head) => this.#upgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.#server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.#dir = await mkdtemp(join(tmpdir(), 'fake-kube-'));
    this.kubeconfigPath = join(this.#dir, 'kubeconfig.yaml');
    await writeFile(this.kubeconfigPath, kubeconfigFor(this.url, this.token));
    return this;
  }

  async close(): Promise<void> {
    for (const rt of this.#runtimes.values()) stopRuntime(rt);
    this.jobs.close();
    for (const res of this.#openLogs) res.destroy();
    for (const ws of this.#openExecs) ws.terminate();
    for (const w of this.#watches) w.res.destroy();
    this.#wss.close();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    if (this.#dir) await rm(this.#dir, { recursive: true, force: true });
  }

  /** Pods using `image` fail to pull it (ErrImagePull); with false, they pull it again (it was pushed since). */
  failImage(image: string, on = true): void {
    if (on) this.#failing.add(image);
    else this.#failing.delete(image);
  }

  defineImage(image: string, behaviour: FakeImage): void {
    this.#images.set(image, behaviour);
  }

  /** Answers every `method` request on objects of `plural` with `code` (a platform fault); 0 serves them again. */
  failRequests(method: string, plural: string, code = 500): void {
    if (code) this.#faults.set(`${method} ${plural}`, code);
    else this.#faults.delete(`${method} ${plural}`);
  }

  /** Serves (or, with false, stops serving: 404) metrics.k8s.io pod metrics. */
  enableMetrics(on = true): void {
    this.#metrics = on;
  }

  /** Followed log connections still open. */
  get openLogStreams(): number {
    return this.#openLogs.size;
  }

  /** One stored object, or undefined. */
  get(plural: string, namespace: string, name: string): Obj | undefined {
    const o = this.#objects.get(key(plural, namespace, name));
    return o ? structuredClone(o) : undefined;
  }

  /** Stored objects of a kind (plural) in a namespace, optionally filtered by an equality label selector. */
  list(plural: string, namespace: string, labelSelector?: string): Obj[] {
    return [...this.#objects.entries()]
      .filter(([k]) => k.startsWith(`${plural}/${namespace}/`))
      .map(([, o]) => o)
      .filter((o) => matches(o, labelSelector))
      .map((o) => structuredClone(o));
  }

  /** `kind/name` of every object of any kind carrying `labelSelector`'s labels. */
  labelled(labelSelector: string): string[] {
    return [...this.#objects.values()]
      .filter((o) => o.kind !== 'Namespace' && matches(o, labelSelector))
      .map((o) => `${o.kind}/${o.metadata.name}`)
      .sort();
  }

  // ---------------------------------------------------------------- HTTP

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const authorization = req.headers.authorization;
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization,
      contentType: req.headers['content-type'],
    });
    if (authorization !== `Bearer ${this.token}`) return this.#status(res, 401, 'Unauthorized', 'Unauthorized');
    const body = await readBody(req);
    const path = url.pathname;
    if (path === '/version') {
      return json(res, 200, { major: '1', minor: '31', gitVersion: this.#options.gitVersion, platform: 'linux/amd64' });
    }
    if (this.#sourcesRoute(req, res, path, body, url.searchParams)) return;
    if (this.#storageAndExposureRoute(req, res, path, body, url.searchParams)) return;
    if (this.#autoscalingRoute(req, res, path, body, url.searchParams)) return;
    let m = /^\/apis\/metrics\.k8s\.io\/v1beta1\/namespaces\/([^/]+)\/pods$/.exec(path);
    if (m) return this.#podMetrics(res, m[1] as string);
    m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(path);
    if (m) return this.#log(req, res, m[1] as string, m[2] as string, url.searchParams);
    m = /^\/api\/v1\/(namespaces)(?:\/([^/]+))?$/.exec(path);
    if (m) return this.#rest(req, res, m[1] as string, '', m[2], body, url.searchParams);
    m = /^\/(?:api\/v1|apis\/apps\/v1|apis\/batch\/v1)\/namespaces\/([^/]+)\/([a-z]+)(?:\/([^/]+))?$/.exec(path);
    if (m && KINDS[m[2] as string]) {
      const group = path.startsWith('/apis/apps/') ? 'apps/v1' : path.startsWith('/apis/batch/') ? 'batch/v1' : 'v1';
      if (KINDS[m[2] as string]?.apiVersion !== group) return this.#status(res, 404, 'NotFound', 'no such resource');
      return this.#rest(req, res, m[2] as string, m[1] as string, m[3], body, url.searchParams);
    }
    return this.#status(res, 404, 'NotFound', 'the server could not find the requested resource');
  }

  #status(res: ServerResponse, code: number, reason: string, message: string): undefined {
    json(res, code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code });
  }

  #rest(
    req: IncomingMessage,
    res: ServerResponse,
    plural: string,
    namespace: string,
    name: string | undefined,
    body: string,
    query: URLSearchParams,
  ): undefined {
    const meta = KINDS[plural] as { kind: string; apiVersion: string };
    const fault = this.#faults.get(`${req.method} ${plural}`);
    if (fault) return this.#status(res, fault, 'InternalError', `the test fails ${req.method} ${plural}`);
    const k = name ? key(plural, namespace, name) : '';
    const existing = name ? this.#objects.get(k) : undefined;
    const notFound = () => this.#status(res, 404, 'NotFound', `${plural} "${name}" not found`);
    if (namespace && !this.#objects.has(key('namespaces', '', namespace)) && req.method !== 'GET') {
      if (req.method === 'DELETE') return notFound();
      return this.#status(res, 404, 'NotFound', `namespaces "${namespace}" not found`);
    }
    switch (req.method) {
      case 'GET': {
        if (!name) {
          const watch = query.get('watch');
          if (watch === 'true' || watch === '1') return this.#watch(req, res, plural, namespace, query);
          const items = this.list(plural, namespace, query.get('labelSelector') ?? undefined);
          return json(res, 200, {
            kind: `${meta.kind}List`,
            apiVersion: meta.apiVersion,
            metadata: { resourceVersion: String(this.#rv) },
            items,
          });
        }
        return existing ? json(res, 200, existing) : notFound();
      }
      case 'POST': {
        const obj = JSON.parse(body) as Obj;
        const objName = obj.metadata?.name as string | undefined;
        if (!objName) return this.#status(res, 422, 'Invalid', 'metadata.name: Required value');
        const invalidEdge = edgeObjectInvalid(plural, obj);
        if (invalidEdge) return this.#status(res, invalidEdge.code, invalidEdge.reason, invalidEdge.message);
        const invalidCron = plural === 'cronjobs' ? this.cronJobs.invalid(obj) : undefined;
        if (invalidCron) return this.#status(res, 422, 'Invalid', invalidCron);
        const invalidSnapshot = this.snapshots.invalid(plural, obj);
        if (invalidSnapshot) return this.#status(res, 422, 'Invalid', invalidSnapshot);
        const ck = key(plural, namespace, objName);
        if (this.#objects.has(ck)) {
          return this.#status(res, 409, 'AlreadyExists', `${plural} "${objName}" already exists`);
        }
        const created = this.#store(plural, namespace, {
          ...asServerKeeps(plural, obj),
          kind: meta.kind,
          apiVersion: meta.apiVersion,
        });
        return json(res, 201, created);
      }
      case 'PUT': {
        if (!existing) return notFound();
        const obj = JSON.parse(body) as Obj;
        const invalidEdge = edgeObjectInvalid(plural, obj, existing);
        if (invalidEdge) return this.#status(res, invalidEdge.code, invalidEdge.reason, invalidEdge.message);
        const invalidCron = plural === 'cronjobs' ? this.cronJobs.invalid(obj) : undefined;
        if (invalidCron) return this.#status(res, 422, 'Invalid', invalidCron);
        const rv = obj.metadata?.resourceVersion;
        if (rv && rv !== existing.metadata.resourceVersion) {
          return this.#status(
            res,
            409,
            'Conflict',
            `Operation cannot be fulfilled on ${plural} "${name}": the object has been modified`,
          );
        }
        return json(res, 200, this.#replace(plural, namespace, existing, asServerKeeps(plural, obj)));
      }
      case 'PATCH': {
        if (!existing) return notFound();
        const type = req.headers['content-type'] ?? '';
        const patch = JSON.parse(body) as Obj;
        let merged: Obj;
        if (type.startsWith('application/merge-patch+json')) merged = mergePatch(existing, patch, false);
        else if (type.startsWith('application/strategic-merge-patch+json')) merged = mergePatch(existing, patch, true);
        else return this.#status(res, 415, 'UnsupportedMediaType', `patch type ${type} not supported by the fake`);
        return json(res, 200, this.#replace(plural, namespace, existing, merged));
      }
      case 'DELETE': {
        if (!existing) return notFound();
        // The pvc-protection finalizer: a claim a pod still mounts is only marked terminating.
        if (plural === 'persistentvolumeclaims' && this.snapshots.holdClaim(namespace, existing))
          return json(res, 200, structuredClone(existing));
        const policy =
          query.get('propagationPolicy') ?? (body ? (JSON.parse(body) as Obj).propagationPolicy : undefined);
        this.#delete(plural, namespace, existing, policy);
        return json(res, 200, { kind: 'Status', apiVersion: 'v1', status: 'Success', details: { name, kind: plural } });
      }
      default:
        return this.#status(res, 405, 'MethodNotAllowed', `${req.method} not allowed`);
    }
  }

  #store(plural: string, namespace: string, obj: Obj): Obj {
    obj.metadata = {
      ...obj.metadata,
      ...(namespace ? { namespace } : {}),
      uid: randomUUID(),
      resourceVersion: String(++this.#rv),
      creationTimestamp: new Date().toISOString(),
      generation: 1,
    };
    if (plural === 'services') {
      const clusterIP = obj.spec?.clusterIP === 'None' ? 'None' : `10.96.${this.#rv % 250}.${(this.#rv * 7) % 250}`;
      obj.spec = { ...obj.spec, clusterIP };
      this.#exposeService(namespace, obj);
    }
    this.#objects.set(key(plural, namespace, obj.metadata.name), obj);
    this.snapshots.created(plural, namespace, obj);
    this.#emit('ADDED', plural, namespace, obj);
    if (plural === 'deployments' || plural === 'statefulsets') this.#reconcile(plural, namespace, obj);
    if (plural === 'jobs') this.jobs.created(namespace, obj);
    return structuredClone(obj);
  }

  #replace(plural: string, namespace: string, existing: Obj, obj: Obj): Obj {
    const specChanged = JSON.stringify(obj.spec) !== JSON.stringify(existing.spec);
    const next: Obj = {
      ...obj,
      kind: existing.kind,
      apiVersion: existing.apiVersion,
      metadata: {
        ...obj.metadata,
        name: existing.metadata.name,
        ...(namespace ? { namespace } : {}),
        uid: existing.metadata.uid,
        creationTimestamp: existing.metadata.creationTimestamp,
        resourceVersion: String(++this.#rv),
        generation: (existing.metadata.generation ?? 1) + (specChanged ? 1 : 0),
      },
    };
    // Writes to the main resource never change status.
    if (existing.status) next.status = existing.status;
    else delete next.status;
    if (plural === 'services') this.#exposeService(namespace, next);
    this.#objects.set(key(plural, namespace, existing.metadata.name), next);
    this.#emit('MODIFIED', plural, namespace, next);
    if (plural === 'deployments' || plural === 'statefulsets') this.#reconcile(plural, namespace, next);
    return structuredClone(next);
  }

  #delete(plural: string, namespace: string, obj: Obj, propagationPolicy?: string): void {
    this.#objects.delete(key(plural, namespace, obj.metadata.name));
    this.#emitDeleted(plural, namespace, obj);
    this.snapshots.deleted(plural, obj);
    if (plural === 'pods') this.#killPod(namespace, obj.metadata.name);
    if (plural === 'jobs') this.jobs.deleted(namespace, obj, propagationPolicy);
    if (plural === 'cronjobs') this.cronJobs.deleted(namespace, obj, propagationPolicy);
    if (plural === 'deployments' || plural === 'statefulsets') {
      // Cascade: the pods this workload owns go with it.
      for (const pod of this.list('pods', namespace)) {
        if (pod.metadata.ownerReferences?.some((o: Obj) => o.uid === obj.metadata.uid)) {
          this.#objects.delete(key('pods', namespace, pod.metadata.name));
          this.#emitDeleted('pods', namespace, pod);
          this.#killPod(namespace, pod.metadata.name);
        }
      }
    }
  }

  // ------------------------------------------------------ controller

  #reconcile(plural: string, namespace: string, w: Obj): void {
    const stateful = plural === 'statefulsets';
    const desired = w.spec?.replicas ?? 1;
    const template = JSON.stringify(w.spec?.template ?? {});
    const owned = this.list('pods', namespace).filter((p) =>
      p.metadata.ownerReferences?.some((o: Obj) => o.uid === w.metadata.uid),
    );
    const live = owned.filter((p) => !p.metadata.deletionTimestamp);
    const stale = live.filter((p) => this.#templates.get(key('pods', namespace, p.metadata.name)) !== template);
    for (const p of stale) this.#terminate(namespace, p.metadata.name, w);
    let current = live.filter((p) => !stale.includes(p));
    // Newest (or highest ordinal) first when scaling down.
    current.sort((a, b) => b.metadata.name.localeCompare(a.metadata.name));
    while (current.length > desired) {
      const p = current.shift() as Obj;
      this.#terminate(namespace, p.metadata.name, w);
    }
    current = current.reverse();
    const taken = new Set(current.map((p) => p.metadata.name));
    const hash = randomBytes(5).toString('hex');
    for (let i = 0; current.length < desired; i++) {
      const podName = stateful
        ? `${w.metadata.name}-${i}`
        : `${w.metadata.name}-${hash}-${randomBytes(3).toString('hex')}`;
      if (taken.has(podName) || this.#objects.has(key('pods', namespace, podName))) continue;
      current.push(this.#createPod(namespace, podName, w, template));
    }
    this.#updateWorkloadStatus(plural, namespace, w.metadata.name);
  }

  #createPod(namespace: string, name: string, w: Obj, template: string): Obj {
    this.#claimsForPod(namespace, name, w);
    const t = JSON.parse(template) as Obj;
    const inits: Obj[] = t.spec?.initContainers ?? [];
    const containers: Obj[] = t.spec?.containers ?? [];
    const pod: Obj = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace,
        labels: { ...(t.metadata?.labels ?? {}) },
        annotations: { ...(t.metadata?.annotations ?? {}) },
        ownerReferences: [
          {
            apiVersion: w.apiVersion ?? 'apps/v1',
            kind: w.kind,
            name: w.metadata.name,
            uid: w.metadata.uid,
            controller: true,
          },
        ],
        uid: randomUUID(),
        resourceVersion: String(++this.#rv),
        creationTimestamp: new Date().toISOString(),
      },
      spec: t.spec,
      status: {
        phase: 'Pending',
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Ready', status: 'False' },
        ],
        initContainerStatuses: inits.map((c) => waitingStatus(c, 'PodInitializing')),
        containerStatuses: containers.map((c) =>
          waitingStatus(c, inits.length ? 'PodInitializing' : 'ContainerCreating'),
        ),
      },
    };
    const k = key('pods', namespace, name);
    // Sources section: a pod asking for more of an extended resource than any node has stays Pending.
    if (this.#unschedulable(pod)) return pod;
    this.#objects.set(k, pod);
    this.#emit('ADDED', 'pods', namespace, pod);
    this.#templates.set(k, template);
    const rt: Runtime = { timers: new Set(), stopped: false, logs: new Map(), listeners: new Map(), onStop: new Set() };
    this.#runtimes.set(k, rt);
    this.#later(rt, this.#options.startDelayMs, () => void this.#runPod(namespace, name, rt));
    return pod;
  }

  #terminate(namespace: string, name: string, w: Obj): void {
    const k = key('pods', namespace, name);
    const pod = this.#objects.get(k);
    if (!pod) return;
    pod.metadata.deletionTimestamp = new Date().toISOString();
    pod.metadata.resourceVersion = String(++this.#rv);
    this.#emit('MODIFIED', 'pods', namespace, pod);
    const rt = this.#runtimes.get(k);
    if (rt) stopRuntime(rt);
    setTimeout(() => {
      if (this.#objects.get(k) === pod) {
        this.#objects.delete(k);
        this.#emitDeleted('pods', namespace, pod);
        this.#killPod(namespace, name);
      }
      const plural = w.kind === 'StatefulSet' ? 'statefulsets' : 'deployments';
      const latest = this.#objects.get(key(plural, namespace, w.metadata.name));
      if (latest) this.#reconcile(plural, namespace, latest);
    }, this.#options.terminationMs).unref();
  }

  #killPod(namespace: string, name: string): void {
    const k = key('pods', namespace, name);
    const rt = this.#runtimes.get(k);
    if (rt) stopRuntime(rt);
    this.#runtimes.delete(k);
    this.#templates.delete(k);
  }

  #later(rt: Runtime, ms: number, fn: () => void): void {
    if (rt.stopped) return;
    const t = setTimeout(() => {
      rt.timers.delete(t);
      if (!rt.stopped) fn();
    }, ms);
    t.unref();
    rt.timers.add(t);
  }

  #updateWorkloadStatus(plural: string, namespace: string, name: string): void {
    const w = this.#objects.get(key(plural, namespace, name));
    if (!w) return;
    const template = JSON.stringify(w.spec?.template ?? {});
    const pods = this.list('pods', namespace).filter(
      (p) => !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((o: Obj) => o.uid === w.metadata.uid),
    );
    const ready = pods.filter((p) => p.status.conditions?.some((c: Obj) => c.type === 'Ready' && c.status === 'True'));
    const updated = pods.filter((p) => this.#templates.get(key('pods', namespace, p.metadata.name)) === template);
    w.status = {
      observedGeneration: w.metadata.generation,
      replicas: pods.length,
      readyReplicas: ready.length,
      updatedReplicas: updated.length,
      availableReplicas: ready.length,
    };
    w.metadata.resourceVersion = String(++this.#rv);
    this.#emit('MODIFIED', plural, namespace, w);
  }

  #podChanged(namespace: string, pod: Obj): void {
    pod.metadata.resourceVersion = String(++this.#rv);
    this.#emit('MODIFIED', 'pods', namespace, pod);
    const owner = pod.metadata.ownerReferences?.[0];
    if (owner?.kind === 'Job') this.jobs.podChanged(namespace, pod);
    else if (owner) {
      this.#updateWorkloadStatus(owner.kind === 'StatefulSet' ? 'statefulsets' : 'deployments', namespace, owner.name);
    }
  }

  // ---------------------------------------------------------- kubelet

  async #runPod(namespace: string, name: string, rt: Runtime): Promise<void> {
    const pod = this.#objects.get(key('pods', namespace, name));
    if (!pod) return;
    const inits: Obj[] = pod.spec.initContainers ?? [];
    const containers: Obj[] = pod.spec.containers ?? [];
    for (const [i, c] of inits.entries()) {
      const code = await this.#runContainer(namespace, pod, rt, c, pod.status.initContainerStatuses[i], true);
      if (code !== 0) return;
    }
    if (rt.stopped) return;
    pod.status.phase = 'Running';
    pod.status.startTime = new Date().toISOString();
    pod.status.conditions.push({ type: 'Initialized', status: 'True' });
    const codes = await Promise.all(
      containers.map((c, i) => this.#runContainer(namespace, pod, rt, c, pod.status.containerStatuses[i], false)),
    );
    // restartPolicy Never (a Job's pod): every container has ended, so has the pod, and its followed logs.
    if (pod.spec.restartPolicy !== 'Never' || rt.stopped || codes.some((c) => c < 0)) return;
    pod.status.phase = codes.every((c) => c === 0) ? 'Succeeded' : 'Failed';
    stopRuntime(rt);
    this.#podChanged(namespace, pod);
  }

  /** Runs one container to its exit code (never resolves for a long-running one; -1 when it cannot start). */
  async #runContainer(namespace: string, pod: Obj, rt: Runtime, c: Obj, status: Obj, init: boolean): Promise<number> {
    if (this.#failing.has(c.image)) {
      status.state = {
        waiting: {
          reason: 'ErrImagePull',
          message: `rpc error: code = NotFound desc = failed to pull and unpack image "${c.image}": not found`,
        },
      };
      this.#podChanged(namespace, pod);
      return -1;
    }
    const env = this.#envOf(namespace, c);
    if (typeof env === 'string') {
      status.state = { waiting: { reason: 'CreateContainerConfigError', message: env } };
      this.#podChanged(namespace, pod);
      return -1;
    }
    const image = this.#images.get(c.image) ?? {};
    const argv: string[] = [...(c.command ?? []), ...(c.args ?? [])];
    const script = scriptOf(argv, image.script ?? 'while true; do sleep 3600; done');
    status.state = { running: { startedAt: new Date().toISOString() } };
    status.started = true;
    if (!init) {
      const probe = c.readinessProbe;
      const path = probe?.httpGet?.path as string | undefined;
      status.ready = !probe || !path || !image.httpPaths || image.httpPaths.includes(path);
      const allReady = (pod.status.containerStatuses as Obj[]).every((s) => s.ready);
      const readyCondition = pod.status.conditions.find((x: Obj) => x.type === 'Ready');
      if (readyCondition) readyCondition.status = allReady ? 'True' : 'False';
    }
    this.#podChanged(namespace, pod);
    const lines: LogLine[] = rt.logs.get(c.name) ?? [];
    rt.logs.set(c.name, lines);
    const partial = { stdout: '', stderr: '' };
    const io: Io = {
      // The kubelet keeps one log per container: both streams, line by line.
      write: (stream, text) => {
        const parts = (partial[stream] + text).split('\n');
        partial[stream] = parts.pop() ?? '';
        for (const t of parts) {
          const line = { at: new Date(), text: t };
          lines.push(line);
          for (const l of rt.listeners.get(c.name) ?? []) l(line);
        }
      },
      file: (path) => this.#fileOf(namespace, pod, c, path),
      stdin: async () => '',
      sleep: (ms) => sleepIn(rt, ms),
    };
    const code = await interpret(parseScript(script), env, io);
    if (rt.stopped || code === undefined) return -1;
    // A last line without its newline is logged too, as the kubelet does when the process ends.
    for (const stream of ['stdout', 'stderr'] as const) if (partial[stream]) io.write(stream, '\n');
    status.ready = false;
    const terminated = {
      exitCode: code,
      reason: code === 0 ? 'Completed' : 'Error',
      startedAt: status.state.running?.startedAt,
      finishedAt: new Date().toISOString(),
    };
    if ((init && code === 0) || (!init && pod.spec.restartPolicy === 'Never')) {
      status.state = { terminated };
    } else {
      // restartPolicy Always: the kubelet restarts it with a back-off, during which it waits.
      status.lastState = { terminated };
      status.restartCount = (status.restartCount ?? 0) + 1;
      status.state = {
        waiting: { reason: 'CrashLoopBackOff', message: `back-off restarting failed container ${c.name}` },
      };
      const readyCondition = pod.status.conditions.find((x: Obj) => x.type === 'Ready');
      if (readyCondition && !init) readyCondition.status = 'False';
    }
    this.#podChanged(namespace, pod);
    return code;
  }

  #envOf(namespace: string, c: Obj): Record<string, string> | string {
    const env: Record<string, string> = {};
    for (const e of (c.env ?? []) as Obj[]) {
      if (e.valueFrom?.secretKeyRef) {
        const ref = e.valueFrom.secretKeyRef;
        const secret = this.#objects.get(key('secrets', namespace, ref.name));
        const data = secret?.data?.[ref.key];
        if (data === undefined) return `secret "${ref.name}" key "${ref.key}" not found`;
        env[e.name] = Buffer.from(data, 'base64').toString('utf8');
      } else env[e.name] = e.value ?? '';
    }
    return env;
  }

  /** A file mounted into a container from a ConfigMap (subPath mounts), or undefined. */
  #fileOf(namespace: string, pod: Obj, c: Obj, path: string): string | undefined {
    const mount = ((c.volumeMounts ?? []) as Obj[]).find((m) => m.mountPath === path);
    if (!mount) return undefined;
    const volume = ((pod.spec.volumes ?? []) as Obj[]).find((v) => v.name === mount.name);
    if (!mount.subPath) return undefined;
    if (volume?.secret) {
      const data = this.#objects.get(key('secrets', namespace, volume.secret.secretName))?.data?.[mount.subPath];
      return data === undefined ? undefined : Buffer.from(data, 'base64').toString('utf8');
    }
    const cm = volume?.configMap ? this.#objects.get(key('configmaps', namespace, volume.configMap.name)) : undefined;
    return cm?.data?.[mount.subPath];
  }

  /** The exec subresource over a websocket (v5.channel.k8s.io, v4 without stdin close). */
  #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push({
      method: 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: undefined,
    });
    const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/.exec(url.pathname);
    if (req.headers.authorization !== `Bearer ${this.token}` || !m) {
      socket.end(`HTTP/1.1 ${m ? '401 Unauthorized' : '404 Not Found'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    const namespace = m[1] as string;
    const podName = m[2] as string;
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      this.#openExecs.add(ws);
      ws.on('close', () => this.#openExecs.delete(ws));
      void this.#runExec(ws, namespace, podName, url.searchParams);
    });
  }

  async #runExec(ws: WebSocket, namespace: string, podName: string, query: URLSearchParams): Promise<void> {
    const send = (channel: number, text: string) => {
      if (ws.readyState === ws.OPEN) ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text)]));
    };
    const finish = (status: Obj) => {
      send(3, JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, ...status }));
      ws.close();
    };
    const pod = this.#objects.get(key('pods', namespace, podName));
    const container = ((pod?.spec.containers ?? []) as Obj[]).find((c) => c.name === query.get('container'));
    const cs = ((pod?.status.containerStatuses ?? []) as Obj[]).find((x) => x.name === container?.name);
    if (!pod || !container || !cs?.state?.running) {
      return finish({
        status: 'Failure',
        reason: 'BadRequest',
        message: 'container not found or not running',
        code: 400,
      });
    }
    const env = this.#envOf(namespace, container);
    const rt: Runtime = { timers: new Set(), stopped: false, logs: new Map(), listeners: new Map(), onStop: new Set() };
    ws.on('close', () => stopRuntime(rt));
    let stdinText = '';
    let stdinDone: () => void = () => undefined;
    const stdinClosed = new Promise<void>((r) => {
      stdinDone = r;
    });
    if (query.get('stdin') !== 'true') stdinDone();
    ws.on('message', (data: Buffer) => {
      if (data[0] === 0) stdinText += data.subarray(1).toString('utf8');
      else if (data[0] === 255 && data[1] === 0) stdinDone();
    });
    const io: Io = {
      write: (stream, text) => send(stream === 'stdout' ? 1 : 2, text),
      file: (path) => this.#fileOf(namespace, pod, container, path),
      stdin: async () => {
        await stdinClosed;
        return stdinText;
      },
      sleep: (ms) => sleepIn(rt, ms),
    };
    const code = await interpret(
      parseScript(scriptOf(query.getAll('command'), '')),
      typeof env === 'string' ? {} : env,
      io,
    );
    if (code === undefined) return;
    if (code === 0) return finish({ status: 'Success' });
    finish({
      status: 'Failure',
      reason: 'NonZeroExitCode',
      message: `command terminated with non-zero exit code: exit status ${code}`,
      details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
    });
  }

  /** Exec connections still open. */
  get openExecs(): number {
    return this.#openExecs.size;
  }

  /** Subscribes to a container's log (test helper for internal use by the log endpoint). */
  #log(req: IncomingMessage, res: ServerResponse, namespace: string, name: string, query: URLSearchParams): undefined {
    const k = key('pods', namespace, name);
    const pod = this.#objects.get(k);
    if (!pod) return this.#status(res, 404, 'NotFound', `pods "${name}" not found`);
    const all = [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])] as Obj[];
    const container = query.get('container') ?? (all.length === 1 ? all[0]?.name : undefined);
    if (!container || !all.some((c) => c.name === container)) {
      return this.#status(res, 400, 'BadRequest', `container ${container} is not valid for pod ${name}`);
    }
    const rt = this.#runtimes.get(k);
    const timestamps = query.get('timestamps') === 'true';
    const since = query.get('sinceTime') ? new Date(query.get('sinceTime') as string).getTime() : undefined;
    const tail = query.get('tailLines') ? Number(query.get('tailLines')) : undefined;
    let lines = (rt?.logs.get(container) ?? []).filter((l) => since === undefined || l.at.getTime() >= since);
    if (tail !== undefined) lines = lines.slice(Math.max(0, lines.length - tail));
    const format = (l: LogLine) => `${timestamps ? `${l.at.toISOString().replace('Z', '000000Z')} ` : ''}${l.text}\n`;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    for (const l of lines) res.write(format(l));
    if (query.get('follow') !== 'true' || !rt || rt.stopped) {
      res.end();
      return;
    }
    res.flushHeaders();
    const listener = (l: LogLine) => res.write(format(l));
    const set = rt.listeners.get(container) ?? new Set();
    rt.listeners.set(container, set);
    set.add(listener);
    this.#openLogs.add(res);
    const end = () => res.end();
    rt.onStop.add(end);
    const done = () => {
      set.delete(listener);
      rt.onStop.delete(end);
      this.#openLogs.delete(res);
    };
    req.on('close', done);
    res.on('close', done);
  }

  // ------------------------------------------------------ service proxy

  /**
   * What an HTTP GET of `path` through a Service URL
   * (`http://<service>.<namespace>.svc:<port>`) answers, as kube-proxy would
   * route it: one ready, not terminating pod the Service selects (in turn)
   * whose container exposes the port answers with its image's body. Throws
   * like a failed request when nothing serves it.
   */
  serve(url: string, path = '/'): string {
    const u = new URL(url);
    const [serviceName, namespace] = u.hostname.split('.');
    const port = Number(u.port || 80);
    const svc = this.#objects.get(key('services', namespace ?? '', serviceName ?? ''));
    if (!svc) throw new Error(`getaddrinfo ENOTFOUND ${u.hostname}`);
    const selector = Object.entries((svc.spec?.selector ?? {}) as Record<string, string>)
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
    const ready = this.list('pods', namespace ?? '', selector).filter(
      (p) =>
        !p.metadata.deletionTimestamp &&
        (p.status.conditions as Obj[] | undefined)?.some((c) => c.type === 'Ready' && c.status === 'True'),
    );
    const backends = ready.flatMap((p) =>
      ((p.spec.containers ?? []) as Obj[]).filter((c) =>
        ((c.ports ?? []) as Obj[]).some((cp) => cp.containerPort === port),
      ),
    );
    const container = backends[this.#served++ % Math.max(1, backends.length)];
    if (!container) throw new Error(`connect ECONNREFUSED ${u.host}: no ready endpoint`);
    const image = this.#images.get(container.image) ?? {};
    if (image.httpPaths && !image.httpPaths.includes(path)) throw new Error(`GET ${path}: 404`);
    return image.body ?? container.image;
  }

  // ------------------------------------------------------------ watch

  /** Watch connections still open (silent ones included). */
  get openWatches(): number {
    return this.#watches.size;
  }

  /**
   * Compacts the event history and ends every open watch with a 410 Gone
   * ERROR event, as an API server does when a watcher's resourceVersion is
   * too old: resuming from any resourceVersion seen so far is refused with
   * 410 too, so a client must list again. Returns how many watches it ended.
   */
  expireWatches(): number {
    this.#compactedRv = ++this.#rv;
    this.#history.length = 0;
    const ended = this.#watches.size;
    for (const w of [...this.#watches]) this.#endGone(w.res, 'watch expired by the test');
    return ended;
  }

  /**
   * Every open watch goes silent: its connection stays open but receives no
   * event, ever (a stuck proxy or a half-dead connection). Watches opened
   * afterwards are served normally. Returns how many went silent.
   */
  silenceWatches(): number {
    for (const w of this.#watches) w.silent = true;
    return this.#watches.size;
  }

  /** Answers every watch request 403 (no `watch` verb in the caller's role), or serves them again with false. */
  refuseWatches(on = true): void {
    this.#refuseWatches = on;
  }

  #watch(
    req: IncomingMessage,
    res: ServerResponse,
    plural: string,
    namespace: string,
    query: URLSearchParams,
  ): undefined {
    const resourceVersion = query.get('resourceVersion') || undefined;
    const labelSelector = query.get('labelSelector') || undefined;
    this.watchRequests.push({ plural, namespace, resourceVersion, labelSelector });
    if (this.#refuseWatches) return this.#status(res, 403, 'Forbidden', `cannot watch resource "${plural}"`);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    const from = resourceVersion === undefined || resourceVersion === '0' ? this.#rv : Number(resourceVersion);
    if (from < this.#compactedRv) {
      this.#endGone(res, `too old resource version: ${resourceVersion} (${this.#compactedRv})`);
      return;
    }
    const w: OpenWatch = { res, plural, namespace, labelSelector, silent: false };
    for (const ev of this.#history) if (ev.rv > from && watches(w, ev)) send(w, ev);
    this.#watches.add(w);
    const done = () => this.#watches.delete(w);
    req.on('close', done);
    res.on('close', done);
  }

  #endGone(res: ServerResponse, message: string): void {
    const status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason: 'Expired',
      code: 410,
    };
    res.end(`${JSON.stringify({ type: 'ERROR', object: status })}\n`);
  }

  /** Records a change of a stored object and sends it to the watches it matches. */
  #emit(type: WatchEvent['type'], plural: string, namespace: string, obj: Obj): void {
    const ev: WatchEvent = {
      rv: Number(obj.metadata.resourceVersion),
      plural,
      namespace,
      type,
      object: structuredClone(obj),
    };
    this.#history.push(ev);
    if (this.#history.length > WATCH_HISTORY) {
      const dropped = this.#history.splice(0, this.#history.length - WATCH_HISTORY);
      this.#compactedRv = Math.max(this.#compactedRv, (dropped.at(-1)?.rv ?? 0) + 1);
    }
    for (const w of this.#watches) if (!w.silent && watches(w, ev)) send(w, ev);
  }

  /** A deletion is an event with a resourceVersion of its own. */
  #emitDeleted(plural: string, namespace: string, obj: Obj): void {
    this.#emit('DELETED', plural, namespace, {
      ...obj,
      metadata: { ...obj.metadata, resourceVersion: String(++this.#rv) },
    });
    // A claim held by its protection finalizer goes with the last pod that mounted it.
    if (plural === 'pods') this.snapshots.podGone(namespace);
  }

  #podMetrics(res: ServerResponse, namespace: string): undefined {
    if (!this.#metrics) return this.#status(res, 404, 'NotFound', 'the server could not find the requested resource');
    const items = this.list('pods', namespace)
      .filter((p) => p.status.phase === 'Running')
      .map((p) => ({
        metadata: { name: p.metadata.name, namespace, creationTimestamp: new Date().toISOString() },
        timestamp: new Date().toISOString(),
        window: '10s',
        containers: (p.spec.containers as Obj[]).map((c) => ({
          name: c.name,
          usage: { cpu: '5000000n', memory: '10Mi' },
        })),
      }));
    json(res, 200, { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items });
  }

  // ------------------------------------ k8sspec: storage, exposure, credentials

  /** Accepts only a new bearer token from now on (the old one is 401) and returns it. */
  rotateToken(): string {
    this.token = `fake-${randomUUID()}`;
    return this.token;
  }

  /** The cluster's Nodes, by name and InternalIP/ExternalIP address (GET /api/v1/nodes). */
  setNodes(nodes: Array<{ name: string; internalIP?: string; externalIP?: string }>): void {
    for (const k of [...this.#objects.keys()]) if (k.startsWith('nodes//')) this.#objects.delete(k);
    for (const n of nodes) {
      const addresses = [
        ...(n.internalIP ? [{ type: 'InternalIP', address: n.internalIP }] : []),
        ...(n.externalIP ? [{ type: 'ExternalIP', address: n.externalIP }] : []),
      ];
      this.#objects.set(key('nodes', '', n.name), {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: n.name, uid: randomUUID(), resourceVersion: String(++this.#rv) },
        status: { addresses },
      });
    }
  }

  #nextNodePort = 30000;

  /** Routes of the kinds this section adds; true when it answered. */
  #storageAndExposureRoute(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: string,
    query: URLSearchParams,
  ): boolean {
    const extra: Record<string, { kind: string; apiVersion: string }> = {
      persistentvolumeclaims: { kind: 'PersistentVolumeClaim', apiVersion: 'v1' },
      ingresses: { kind: 'Ingress', apiVersion: 'networking.k8s.io/v1' },
      nodes: { kind: 'Node', apiVersion: 'v1' },
    };
    for (const [plural, meta] of Object.entries(extra)) KINDS[plural] ??= meta;
    const all = /^\/(?:apis\/apps|api)\/v1\/(deployments|statefulsets|persistentvolumeclaims)$/.exec(path);
    if (all && req.method === 'GET') {
      // A cluster-wide list (every namespace), as a per-tenant provider uses to find an instance.
      const plural = all[1] as string;
      const items = [...this.#objects.entries()]
        .filter(([k, o]) => k.startsWith(`${plural}/`) && matches(o, query.get('labelSelector') ?? undefined))
        .map(([, o]) => structuredClone(o));
      const meta = KINDS[plural] as { kind: string; apiVersion: string };
      json(res, 200, { kind: `${meta.kind}List`, apiVersion: meta.apiVersion, metadata: {}, items });
      return true;
    }
    if (path === '/api/v1/nodes' || /^\/api\/v1\/nodes\/[^/]+$/.test(path)) {
      this.#rest(req, res, 'nodes', '', path.split('/')[4], body, query);
      return true;
    }
    const m =
      /^\/api\/v1\/namespaces\/([^/]+)\/(persistentvolumeclaims)(?:\/([^/]+))?$/.exec(path) ??
      /^\/apis\/networking\.k8s\.io\/v1\/namespaces\/([^/]+)\/(ingresses)(?:\/([^/]+))?$/.exec(path);
    if (!m) return false;
    this.#rest(req, res, m[2] as string, m[1] as string, m[3], body, query);
    return true;
  }

  /** A StatefulSet pod's claims, one per claim template, made when missing and never deleted (as the controller does). */
  #claimsForPod(namespace: string, podName: string, w: Obj): void {
    for (const t of (w.spec?.volumeClaimTemplates ?? []) as Obj[]) {
      const name = `${t.metadata.name}-${podName}`;
      if (this.#objects.has(key('persistentvolumeclaims', namespace, name))) continue;
      this.#store('persistentvolumeclaims', namespace, {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name, labels: { ...(t.metadata.labels ?? {}) } },
        spec: structuredClone(t.spec),
        status: { phase: 'Bound' },
      });
    }
  }

  /**
   * NodePort and LoadBalancer Services get a nodePort per port (kept when a
   * replace names it); a LoadBalancer gets an ingress address later, as a
   * cloud controller would.
   */
  #exposeService(namespace: string, svc: Obj): void {
    const type = svc.spec?.type;
    if (type !== 'NodePort' && type !== 'LoadBalancer') return;
    for (const p of (svc.spec.ports ?? []) as Obj[]) p.nodePort ??= this.#nextNodePort++;
    if (type !== 'LoadBalancer' || svc.status?.loadBalancer?.ingress) return;
    const name = svc.metadata.name as string;
    const t = setTimeout(() => {
      const current = this.#objects.get(key('services', namespace, name));
      if (current?.spec?.type !== 'LoadBalancer') return;
      current.status = { loadBalancer: { ingress: [{ ip: `203.0.113.${(this.#rv % 200) + 1}` }] } };
      current.metadata.resourceVersion = String(++this.#rv);
    }, this.#options.loadBalancerDelayMs);
    t.unref();
  }

  // ------------------------------------------------------------ sources (issue 26)
  // Discovery (/api, /apis, /api/v1, /apis/<group>/<version>), custom resources
  // (defineResource), server-side apply (PATCH application/apply-patch+yaml:
  // creates when missing; the applying manager's object replaces what it set
  // before, status kept), label-selector deletes of a collection, nodes with
  // allocatable resources, and pods that stay Pending when no node has enough
  // of an extended resource they ask for (nvidia.com/gpu).

  /** Every server-side apply received: path, field manager, force. */
  readonly applies: Array<{ path: string; fieldManager: string | null; force: string | null }> = [];
  readonly #customResources = new Map<string, { group: string; version: string; kind: string; namespaced: boolean }>();
  readonly #allocatable = new Map<string, Record<string, string>>();

  /** Serves a custom resource (as installing its CRD does), e.g. argoproj.io/v1alpha1 applications. */
  defineResource(r: { group: string; version: string; kind: string; plural: string; namespaced?: boolean }): void {
    this.#customResources.set(r.plural, { ...r, namespaced: r.namespaced !== false });
    KINDS[r.plural] ??= { kind: r.kind, apiVersion: `${r.group}/${r.version}` };
  }

  /** Creates a namespace (as an operator installing Argo CD would). */
  createNamespace(name: string): void {
    if (!this.#objects.has(key('namespaces', '', name)))
      this.#store('namespaces', '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }

  /** Writes an object's status (what a controller would), as a status subresource write does. */
  setStatus(plural: string, namespace: string, name: string, status: Obj): void {
    const o = this.#objects.get(key(plural, namespace, name));
    if (!o) throw new Error(`no ${plural} ${namespace}/${name}`);
    o.status = structuredClone(status);
    o.metadata.resourceVersion = String(++this.#rv);
    this.#emit('MODIFIED', plural, namespace, o);
  }

  /** Gives a node (made with setNodes, or made here) allocatable resources, e.g. { 'nvidia.com/gpu': '2' }. */
  setNodeAllocatable(name: string, allocatable: Record<string, string>): void {
    this.#allocatable.set(name, { ...allocatable });
    const k = key('nodes', '', name);
    const node = this.#objects.get(k) ?? {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, uid: randomUUID() },
      status: { addresses: [] },
    };
    node.status = { ...node.status, allocatable: { ...allocatable }, capacity: { ...allocatable } };
    node.metadata.resourceVersion = String(++this.#rv);
    this.#objects.set(k, node);
  }

  /** Marks `pod` unschedulable (and stores it, with no runtime) when no node has the extended resources it asks for. */
  #unschedulable(pod: Obj): boolean {
    const wanted = new Map<string, number>();
    for (const c of (pod.spec?.containers ?? []) as Obj[]) {
      for (const [r, v] of Object.entries((c.resources?.limits ?? {}) as Record<string, string>)) {
        if (!r.includes('/')) continue; // cpu and memory are not modelled
        wanted.set(r, (wanted.get(r) ?? 0) + Number.parseInt(v, 10));
      }
    }
    if (wanted.size === 0) return false;
    const nodes = [...this.#allocatable.values()];
    const fits = nodes.some((a) => [...wanted].every(([r, n]) => Number.parseInt(a[r] ?? '0', 10) >= n));
    if (fits) return false;
    const short = [...wanted.keys()].map((r) => `${nodes.length} Insufficient ${r}`).join(', ');
    pod.status = {
      phase: 'Pending',
      conditions: [
        {
          type: 'PodScheduled',
          status: 'False',
          reason: 'Unschedulable',
          message: `0/${nodes.length} nodes are available: ${short}.`,
        },
      ],
    };
    this.#objects.set(key('pods', pod.metadata.namespace, pod.metadata.name), pod);
    this.#emit('ADDED', 'pods', pod.metadata.namespace, pod);
    return true;
  }

  /** The resources the fake serves, per group version, as discovery lists them. */
  #servedResources(): Map<string, Array<{ name: string; kind: string; namespaced: boolean }>> {
    const out = new Map<string, Array<{ name: string; kind: string; namespaced: boolean }>>();
    const add = (gv: string, name: string, kind: string, namespaced: boolean) => {
      const list = out.get(gv) ?? [];
      list.push({ name, kind, namespaced });
      out.set(gv, list);
    };
    const clusterScoped = new Set(['namespaces', 'nodes']);
    for (const [plural, meta] of Object.entries({
      ...KINDS,
      persistentvolumeclaims: { kind: 'PersistentVolumeClaim', apiVersion: 'v1' },
      ingresses: { kind: 'Ingress', apiVersion: 'networking.k8s.io/v1' },
      nodes: { kind: 'Node', apiVersion: 'v1' },
      serviceaccounts: { kind: 'ServiceAccount', apiVersion: 'v1' },
    })) {
      const cr = this.#customResources.get(plural);
      add(meta.apiVersion, plural, meta.kind, cr ? cr.namespaced : !clusterScoped.has(plural));
    }
    add('rbac.authorization.k8s.io/v1', 'clusterroles', 'ClusterRole', false);
    return out;
  }

  /** Routes of this section; true when it answered. */
  #sourcesRoute(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: string,
    query: URLSearchParams,
  ): boolean {
    const served = this.#servedResources();
    if (req.method === 'GET' && path === '/api') {
      json(res, 200, { kind: 'APIVersions', versions: ['v1'] });
      return true;
    }
    if (req.method === 'GET' && path === '/apis') {
      const groups = [...served.keys()].filter((gv) => gv.includes('/'));
      json(res, 200, {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: groups.map((gv) => ({
          name: gv.split('/')[0],
          versions: [{ groupVersion: gv, version: gv.split('/')[1] }],
          preferredVersion: { groupVersion: gv, version: gv.split('/')[1] },
        })),
      });
      return true;
    }
    const gv = path === '/api/v1' ? 'v1' : /^\/apis\/([^/]+\/[^/]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && gv) {
      const resources = served.get(gv);
      if (!resources) {
        this.#status(res, 404, 'NotFound', 'the server could not find the requested resource');
        return true;
      }
      json(res, 200, {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: gv,
        resources: resources.map((r) => ({
          name: r.name,
          singularName: '',
          namespaced: r.namespaced,
          kind: r.kind,
          verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        })),
      });
      return true;
    }
    const m =
      /^\/api\/(v1)\/(?:namespaces\/([^/]+)\/)?([a-z0-9]+)(?:\/([^/]+))?$/.exec(path) ??
      /^\/apis\/([^/]+\/[^/]+)\/(?:namespaces\/([^/]+)\/)?([a-z0-9]+)(?:\/([^/]+))?$/.exec(path);
    if (!m) return false;
    const [, groupVersion, namespace = '', plural = '', name] = m as unknown as [
      string,
      string,
      string?,
      string?,
      string?,
    ];
    const meta = served.get(groupVersion)?.find((r) => r.name === plural);
    if (!meta) return false;
    const contentType = req.headers['content-type'] ?? '';
    if (req.method === 'PATCH' && name && contentType.startsWith('application/apply-patch')) {
      this.applies.push({ path, fieldManager: query.get('fieldManager'), force: query.get('force') });
      if (!query.get('fieldManager')) {
        this.#status(res, 422, 'Invalid', 'fieldManager is required for apply requests');
        return true;
      }
      if (namespace && !this.#objects.has(key('namespaces', '', namespace))) {
        this.#status(res, 404, 'NotFound', `namespaces "${namespace}" not found`);
        return true;
      }
      KINDS[plural] ??= { kind: meta.kind, apiVersion: groupVersion };
      const applied = parseYaml(body) as Obj;
      const managedFields = [{ manager: query.get('fieldManager'), operation: 'Apply', apiVersion: groupVersion }];
      const existing = this.#objects.get(key(plural, namespace, name));
      const obj: Obj = {
        ...applied,
        kind: meta.kind,
        apiVersion: groupVersion,
        metadata: { ...applied.metadata, name, managedFields },
      };
      delete obj.metadata.resourceVersion;
      if (plural === 'secrets' && obj.stringData) {
        obj.data = Object.fromEntries(
          Object.entries(obj.stringData as Record<string, string>).map(([k, v]) => [
            k,
            Buffer.from(v).toString('base64'),
          ]),
        );
        delete obj.stringData;
      }
      if (!existing) json(res, 201, this.#store(plural, namespace, obj));
      else json(res, 200, this.#replace(plural, namespace, existing, obj));
      return true;
    }
    if (req.method === 'DELETE' && !name) {
      const selector = query.get('labelSelector') ?? undefined;
      const gone = this.list(plural, namespace, selector);
      for (const o of gone) {
        const stored = this.#objects.get(key(plural, namespace, o.metadata.name));
        if (stored) this.#delete(plural, namespace, stored);
      }
      json(res, 200, { kind: `${meta.kind}List`, apiVersion: groupVersion, metadata: {}, items: gone });
      return true;
    }
    // Kinds the base routes do not know (custom resources, ServiceAccounts, ClusterRoles): the generic REST.
    if (!KINDS[plural] || KINDS[plural]?.apiVersion !== groupVersion) {
      if (KINDS[plural] && KINDS[plural]?.apiVersion !== groupVersion) return false;
      KINDS[plural] = { kind: meta.kind, apiVersion: groupVersion };
    }
    if (this.#customResources.has(plural) || plural === 'serviceaccounts' || plural === 'clusterroles') {
      this.#rest(req, res, plural, namespace, name, body, query);
      return true;
    }
    return false;
  }

  // ------------------------------------------- autoscaling: HorizontalPodAutoscalers (issue 24)

  /**
   * Sets an HPA's status as the cluster's HPA controller would (the stand-in
   * has no metrics pipeline to decide by itself), and scales its target to
   * `desiredReplicas` as the controller does. Returns false when no such HPA.
   */
  setAutoscalerStatus(
    namespace: string,
    name: string,
    status: {
      currentReplicas: number;
      desiredReplicas: number;
      cpuUtilization?: number;
      lastScaleTime?: string;
      conditions?: Array<{ type: string; status: string; reason?: string; message?: string }>;
    },
  ): boolean {
    const hpa = this.#objects.get(key('horizontalpodautoscalers', namespace, name));
    if (!hpa) return false;
    const container = hpa.spec?.metrics?.[0]?.containerResource?.container;
    hpa.status = {
      currentReplicas: status.currentReplicas,
      desiredReplicas: status.desiredReplicas,
      ...(status.lastScaleTime ? { lastScaleTime: status.lastScaleTime } : {}),
      ...(status.cpuUtilization !== undefined
        ? {
            currentMetrics: [
              {
                type: 'ContainerResource',
                containerResource: { name: 'cpu', container, current: { averageUtilization: status.cpuUtilization } },
              },
            ],
          }
        : {}),
      conditions: status.conditions ?? [],
    };
    hpa.metadata.resourceVersion = String(++this.#rv);
    this.#emit('MODIFIED', 'horizontalpodautoscalers', namespace, hpa);
    const target = hpa.spec?.scaleTargetRef;
    const plural = target?.kind === 'StatefulSet' ? 'statefulsets' : 'deployments';
    const w = target ? this.#objects.get(key(plural, namespace, target.name)) : undefined;
    if (w && (w.spec?.replicas ?? 1) !== status.desiredReplicas) {
      this.#replace(plural, namespace, w, { ...w, spec: { ...w.spec, replicas: status.desiredReplicas } });
    }
    return true;
  }

  /** Routes of autoscaling/v2 HorizontalPodAutoscalers; true when it answered. */
  #autoscalingRoute(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: string,
    query: URLSearchParams,
  ): boolean {
    KINDS.horizontalpodautoscalers ??= { kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v2' };
    const m = /^\/apis\/autoscaling\/v2\/namespaces\/([^/]+)\/(horizontalpodautoscalers)(?:\/([^/]+))?$/.exec(path);
    if (!m) return false;
    this.#rest(req, res, m[2] as string, m[1] as string, m[3], body, query);
    return true;
  }
}

function watches(w: OpenWatch, ev: WatchEvent): boolean {
  return (
    ev.plural === w.plural && (!w.namespace || ev.namespace === w.namespace) && matches(ev.object, w.labelSelector)
  );
}

function send(w: OpenWatch, ev: WatchEvent): void {
  w.res.write(`${JSON.stringify({ type: ev.type, object: ev.object })}\n`);
}

function sleepIn(rt: Runtime, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (rt.stopped) return resolve(false);
    const t = setTimeout(() => {
      rt.timers.delete(t);
      resolve(!rt.stopped);
    }, ms);
    t.unref();
    rt.timers.add(t);
  });
}

function stopRuntime(rt: Runtime): void {
  rt.stopped = true;
  for (const fn of rt.onStop) fn();
  rt.onStop.clear();
  for (const t of rt.timers) clearTimeout(t);
  rt.timers.clear();
}

function key(plural: string, namespace: string, name: string): string {
  return `${plural}/${namespace}/${name}`;
}

function waitingStatus(c: Obj, reason: string): Obj {
  return { name: c.name, image: c.image, imageID: '', ready: false, restartCount: 0, state: { waiting: { reason } } };
}

function matches(o: Obj, selector: string | undefined): boolean {
  if (!selector) return true;
  const labels = (o.metadata?.labels ?? {}) as Record<string, string>;
  return selector.split(',').every((term) => {
    const [k, v] = term.split('=');
    return k !== undefined && labels[k.trim()] === v?.trim();
  });
}

function json(res: ServerResponse, code: number, body: unknown): undefined {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** RFC 7386 merge patch; with `strategic`, lists of objects with a `name` merge by name. */
function mergePatch(target: unknown, patch: unknown, strategic: boolean): Obj {
  return merge(target, patch, strategic) as Obj;
}

function merge(target: unknown, patch: unknown, strategic: boolean): unknown {
  if (
    strategic &&
    Array.isArray(patch) &&
    Array.isArray(target) &&
    patch.every((p) => p && typeof p === 'object' && 'name' in p)
  ) {
    const out = target.map((t) => structuredClone(t));
    for (const p of patch as Obj[]) {
      const i = out.findIndex((t: Obj) => t?.name === p.name);
      if (i >= 0) out[i] = merge(out[i], p, strategic);
      else out.push(p);
    }
    return out;
  }
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return structuredClone(patch);
  const out: Obj = target && typeof target === 'object' && !Array.isArray(target) ? structuredClone(target as Obj) : {};
  for (const [k, v] of Object.entries(patch as Obj)) {
    if (v === null) delete out[k];
    else out[k] = merge(out[k], v, strategic);
  }
  return out;
}

type Stmt =
  | { echo: string; stderr: boolean }
  | { cat: string | undefined; stderr: boolean }
  | { env: true }
  | { sleep: number }
  | { exit: number }
  | { incr: string }
  | { loop: Stmt[] };

/** Parses the tiny shell subset the fake kubelet runs. */
export function parseScript(script: string): Stmt[] {
  const parts = script
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  let i = 0;
  const block = (untilDone: boolean): Stmt[] => {
    const out: Stmt[] = [];
    while (i < parts.length) {
      let s = parts[i++] as string;
      if (s === 'done') {
        if (untilDone) return out;
        continue;
      }
      if (s === 'while true') {
        out.push({ loop: block(true) });
        continue;
      }
      if (s.startsWith('do ')) s = s.slice(3).trim();
      let m = /^echo\s*(.*?)(\s*>&2)?$/.exec(s);
      if (m) {
        out.push({ echo: unquote(m[1] ?? ''), stderr: Boolean(m[2]) });
        continue;
      }
      m = /^cat(?:\s+(\S+))?(\s*>&2)?$/.exec(s);
      if (m) {
        out.push({ cat: m[1], stderr: Boolean(m[2]) });
        continue;
      }
      if (s === 'env') {
        out.push({ env: true });
        continue;
      }
      m = /^sleep\s+([0-9.]+)$/.exec(s);
      if (m) {
        out.push({ sleep: Number(m[1]) });
        continue;
      }
      m = /^exit\s+(\d+)$/.exec(s);
      if (m) {
        out.push({ exit: Number(m[1]) });
        continue;
      }
      m = /^([A-Za-z_]\w*)=\$\(\(\1\+1\)\)$/.exec(s);
      if (m) out.push({ incr: m[1] as string });
      // Anything else (assignments like i=0 included) is a no-op here.
      if (/^([A-Za-z_]\w*)=0$/.test(s)) out.push({ incr: `${s.split('=')[0]}:reset` });
    }
    return out;
  };
  return block(false);
}

function unquote(s: string): string {
  const t = s.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  return t;
}

/** What a running script can reach: its output streams, files, stdin, and time. */
interface Io {
  write(stream: 'stdout' | 'stderr', text: string): void;
  /** A mounted file's content, or undefined. */
  file(path: string): string | undefined;
  /** Everything on stdin once it is closed ('' when there is none). */
  stdin(): Promise<string>;
  /** Resolves false when the process was killed meanwhile. */
  sleep(ms: number): Promise<boolean>;
}

/** Runs statements; resolves the exit code, or undefined when the process was killed. */
async function interpret(stmts: Stmt[], env: Record<string, string>, io: Io): Promise<number | undefined> {
  const vars: Record<string, string> = { ...env };
  const expand = (t: string) => t.replace(/\$\{?([A-Za-z_]\w*)\}?/g, (_, n: string) => vars[n] ?? '');
  const run = async (list: Stmt[]): Promise<number | undefined | 'next'> => {
    for (const s of list) {
      if ('echo' in s) io.write(s.stderr ? 'stderr' : 'stdout', `${expand(s.echo)}\n`);
      else if ('cat' in s) {
        if (s.cat === undefined) io.write(s.stderr ? 'stderr' : 'stdout', await io.stdin());
        else {
          const content = io.file(s.cat);
          if (content === undefined) {
            io.write('stderr', `cat: can't open '${s.cat}': No such file or directory\n`);
            return 1;
          }
          io.write(s.stderr ? 'stderr' : 'stdout', content);
        }
      } else if ('env' in s) {
        io.write(
          'stdout',
          Object.entries(env)
            .map(([k, v]) => `${k}=${v}\n`)
            .join(''),
        );
      } else if ('sleep' in s) {
        if (!(await io.sleep(s.sleep * 1000))) return undefined;
      } else if ('exit' in s) return s.exit;
      else if ('incr' in s) {
        if (s.incr.endsWith(':reset')) vars[s.incr.slice(0, -6)] = '0';
        else vars[s.incr] = String(Number(vars[s.incr] ?? 0) + 1);
      } else if ('loop' in s) {
        for (;;) {
          const r = await run(s.loop);
          if (r !== 'next') return r;
          // A loop without a sleep would spin: yield to the event loop.
          if (!s.loop.some((x) => 'sleep' in x) && !(await io.sleep(100))) return undefined;
        }
      }
    }
    return 'next';
  };
  const r = await run(stmts);
  return r === 'next' ? 0 : r;
}

/** The script a container or exec runs for `argv` (`sh -c script`, or the argv as one statement). */
function scriptOf(argv: string[], fallback: string): string {
  if (argv.length === 0) return fallback;
  if (argv[0] === 'sh' && argv[1] === '-c') return argv[2] ?? '';
  return argv.join(' ');
}

/** A kubeconfig whose only context reaches `server` with bearer `token`. */
export function kubeconfigFor(server: string, token: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: fake',
    '  cluster:',
    `    server: ${server}`,
    // client-node refuses plain HTTP unless TLS verification is explicitly off.
    '    insecure-skip-tls-verify: true',
    'users:',
    '- name: tester',
    '  user:',
    `    token: ${token}`,
    'contexts:',
    '- name: fake',
    '  context:',
    '    cluster: fake',
    '    user: tester',
    'current-context: fake',
    '',
  ].join('\n');
}

// ----------------------------------------------------------------- edge: routes
// What the API server checks of the objects routes make (an Ingress, TLS
// Secrets), so a malformed one fails here as on a real cluster. Kept apart
// from the sections above: the only hooks are the two calls in #rest.

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A 400/422 the server would answer for `obj` (a create, or a replace of `existing`); undefined when valid. */
function edgeObjectInvalid(
  plural: string,
  obj: Obj,
  existing?: Obj,
): { code: number; reason: string; message: string } | undefined {
  const invalid = (message: string) => ({ code: 422, reason: 'Invalid', message });
  if (plural === 'secrets') {
    // The server folds stringData into data (write-only), as the real one does.
    if (obj.stringData) {
      obj.data = { ...(obj.data ?? {}) };
      for (const [k, v] of Object.entries(obj.stringData as Record<string, string>)) {
        obj.data[k] = Buffer.from(v).toString('base64');
      }
      delete obj.stringData;
    }
    for (const [k, v] of Object.entries((obj.data ?? {}) as Record<string, unknown>)) {
      if (typeof v !== 'string' || !BASE64.test(v)) {
        return {
          code: 400,
          reason: 'BadRequest',
          message: `Secret in version "v1" cannot be handled: data[${k}]: illegal base64 data`,
        };
      }
    }
    const type = obj.type ?? 'Opaque';
    if (existing && (existing.type ?? 'Opaque') !== type) {
      return invalid(`Secret "${obj.metadata?.name}" is invalid: type: Invalid value: "${type}": field is immutable`);
    }
    if (type === 'kubernetes.io/tls') {
      for (const k of ['tls.crt', 'tls.key']) {
        if (obj.data?.[k] === undefined)
          return invalid(`Secret "${obj.metadata?.name}" is invalid: data[${k}]: Required value`);
      }
    }
    return undefined;
  }
  if (plural !== 'ingresses') return undefined;
  const name = obj.metadata?.name;
  const spec = (obj.spec ?? {}) as Obj;
  const hostOk = (h: unknown) =>
    typeof h === 'string' && DNS_SUBDOMAIN.test(h.startsWith('*.') ? h.slice(2) : h) && !/^[0-9.]+$/.test(h);
  for (const [i, rule] of ((spec.rules ?? []) as Obj[]).entries()) {
    if (rule.host !== undefined && !hostOk(rule.host)) {
      return invalid(`Ingress "${name}" is invalid: spec.rules[${i}].host: Invalid value: "${rule.host}"`);
    }
    for (const [j, path] of ((rule.http?.paths ?? []) as Obj[]).entries()) {
      const at = `spec.rules[${i}].http.paths[${j}]`;
      if (!['Exact', 'Prefix', 'ImplementationSpecific'].includes(path.pathType)) {
        return invalid(`Ingress "${name}" is invalid: ${at}.pathType: Required value: pathType must be specified`);
      }
      if (path.pathType !== 'ImplementationSpecific' && !(typeof path.path === 'string' && path.path.startsWith('/'))) {
        return invalid(
          `Ingress "${name}" is invalid: ${at}.path: Invalid value: "${path.path}": must be an absolute path`,
        );
      }
      const svc = path.backend?.service;
      const port = svc?.port?.number;
      if (!svc?.name || !(svc.port?.name || (Number.isInteger(port) && port > 0 && port < 65536))) {
        return invalid(
          `Ingress "${name}" is invalid: ${at}.backend: Invalid value: a service name and port are required`,
        );
      }
    }
  }
  for (const [i, t] of ((spec.tls ?? []) as Obj[]).entries()) {
    for (const h of (t.hosts ?? []) as unknown[]) {
      if (!hostOk(h)) return invalid(`Ingress "${name}" is invalid: spec.tls[${i}].hosts: Invalid value: "${h}"`);
    }
    if (t.secretName !== undefined && !DNS_SUBDOMAIN.test(t.secretName)) {
      return invalid(`Ingress "${name}" is invalid: spec.tls[${i}].secretName: Invalid value: "${t.secretName}"`);
    }
  }
  return undefined;
}

/**
 * An object as the API server keeps it: a Secret's or ConfigMap's `data` is a
 * Go map, answered with its keys sorted whatever order they were sent in.
 */
function asServerKeeps(plural: string, obj: Obj): Obj {
  if ((plural !== 'secrets' && plural !== 'configmaps') || !obj.data) return obj;
  const data = obj.data as Record<string, unknown>;
  return {
    ...obj,
    data: Object.fromEntries(
      Object.keys(data)
        .sort()
        .map((k) => [k, data[k]]),
    ),
  };
}
