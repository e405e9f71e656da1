/**
 * The Kubernetes provider's jobs engine (jobs.ts): one `batch/v1` Job per
 * job, in the instance's namespace, whose one pod runs the service's image
 * with the job's command in place of its entrypoint, the service's env (plus
 * the job's), its secret refs, config files and volumes (the instance's
 * PersistentVolumeClaims). `backoffLimit: 0` and `restartPolicy: Never`: a
 * job runs once; `activeDeadlineSeconds` is its timeout, enforced by the
 * cluster's Job controller (a Job failed `DeadlineExceeded` is TIMED_OUT).
 *
 * Secret values and config files go into a Secret of the job's own, owned by
 * the Job, rather than the instance's: a release command runs the *new*
 * release's spec before the deploy writes the instance's Secret and
 * ConfigMap, and a job reads the vault's values of now, as on Docker.
 *
 * The pod carries no instance label (`wheelhouse.dev/instance`), so the
 * instance's Service never selects it (no routed traffic) and the
 * instance's status never counts it. Its log is followed from the pod log
 * endpoint once its container has started; its end is read back from the
 * pod's container status (the exit code) and the Job's conditions.
 *
 * Nothing is left: the Job is deleted with `propagationPolicy: Background`
 * (a Job deleted without one orphans its pod) whichever way the run ends,
 * with a call of its own so a canceled caller's signal does not stop the
 * deletion; the job's Secret goes with it. A process that crashed mid-run
 * leaves a Job labelled with the job's id: removeLeftovers finds it by that
 * label, and run calls it first. `ttlSecondsAfterFinished` is the cluster's
 * own net behind both.
 */
import { createHash } from 'node:crypto';
import {
  BatchV1Api,
  type CoreV1Api,
  type Log,
  type V1Container,
  type V1EnvVar,
  type V1Job,
  type V1Secret,
  type V1Volume,
} from '@kubernetes/client-node';
import type { JobRequest, JobResult, JobSink } from '../jobs.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { KubeCall, type KubeTarget } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { CredentialClients } from './kubernetes-credential-clients.js';
import { isNotFound } from './kubernetes-errors.js';
import { LogSink } from './kubernetes-logs.js';
import { Labels, MANAGED_BY, objectName, SpecError, secretKey, type Workload } from './kubernetes-objects.js';
import type { KubernetesProviderOptions } from './kubernetes-options.js';
import { resourcesOf } from './kubernetes-resources.js';
import { IMAGE_FAILURES } from './kubernetes-status.js';
import { claimName, volumeMountsOf } from './kubernetes-volumes.js';

/** Labels of a job's objects (the Job, its Secret, its pod). */
export const JobLabels = {
  /** The job's id: what removeLeftovers finds again. */
  job: 'wheelhouse.dev/job',
  /** The service the job runs as. */
  service: 'wheelhouse.dev/job-service',
  /** The instance, on the pod (which must not carry `wheelhouse.dev/instance`: the Service would select it). */
  of: 'wheelhouse.dev/job-of',
} as const;

/** How long after the timeout the Job controller may lag before the run is ended here. */
const DEADLINE_SLACK_MS = 15_000;
/** How long the log may trail the container's exit before the run ends without its last lines. */
const LOG_DRAIN_MS = 5_000;
/** The longest line kept whole; longer ones are cut. */
const MAX_LINE = 64 * 1024;
/** A finished Job the cluster removes by itself after this long, should the deletion here never happen. */
const TTL_AFTER_FINISHED_S = 3600;
/** The pod volume of the job's config files (from its Secret). */
const CONFIG_VOLUME = 'wh-config';

/** The Job's (and its Secret's) name: the instance's object name and a hash of the job id, a DNS label. */
export function jobObjectName(instanceId: string, jobId: string): string {
  const hash = (s: string, n: number) => createHash('sha256').update(s).digest('hex').slice(0, n);
  const name = `${objectName(instanceId)}-job-${hash(jobId, 12)}`;
  return name.length <= 63 ? name : `wh-job-${hash(`${instanceId}/${jobId}`, 24)}`;
}

/** Jobs in one namespace (the provider's, or a tenant's). */
export class KubeJobs {
  /** The batch/v1 client (the CronJobs engine shares it). */
  readonly batch: BatchV1Api;
  readonly #clients: CredentialClients;
  readonly #target: KubeTarget;
  readonly #apiTimeoutMs: number;
  readonly #pollMs: number;

  constructor(
    options: KubernetesProviderOptions,
    private readonly cluster: KubeCluster,
  ) {
    const kc = options.kubeConfig;
    this.batch = kc.makeApiClient(BatchV1Api);
    this.#clients = new CredentialClients(kc);
    this.#target = {
      provider: options.key ?? 'kubernetes',
      endpoint: kc.getCurrentCluster()?.server ?? '(no cluster)',
    };
    this.#apiTimeoutMs = options.apiTimeoutMs ?? 30_000;
    this.#pollMs = options.pollIntervalMs ?? 250;
  }

  get #core(): CoreV1Api {
    return this.cluster.core;
  }

  /** Runs `req` to completion (see jobs.ts); `call` carries the caller's signal. */
  async run(call: KubeCall, req: JobRequest, sink: JobSink): Promise<JobResult> {
    checkJobRequest(call, req);
    const namespace = this.cluster.namespace;
    await this.removeLeftovers(call, req.instanceId, req.jobId);
    const workload = await this.cluster.findWorkload(call, req.instanceId);
    const name = jobObjectName(req.instanceId, req.jobId);
    const secret = jobSecret(req, name, namespace);
    try {
      if (secret) await this.#core.createNamespacedSecret({ namespace, body: secret }, call.opts());
      const job = await this.batch.createNamespacedJob(
        { namespace, body: jobObject(req, name, namespace, workload, secret !== undefined) },
        call.opts(),
      );
      // Owned by the Job: the cluster's garbage collector removes it with the Job, whoever deletes that.
      if (secret && job.metadata?.uid) {
        const owner = { apiVersion: 'batch/v1', kind: 'Job', name, uid: job.metadata.uid };
        await this.#core.patchNamespacedSecret(
          { name, namespace, body: { metadata: { ownerReferences: [owner] } } },
          call.opts('merge'),
        );
      }
      return await this.#follow(call, req, name, job.metadata?.uid ?? '', sink);
    } finally {
      await this.#remove(call.bearer, name);
    }
  }

  /** Deletes the Jobs (their pods) and Secrets a previous run of `jobId` left; answers how many Jobs there were. */
  async removeLeftovers(call: KubeCall, instanceId: string, jobId: string): Promise<number> {
    const namespace = this.cluster.namespace;
    const labelSelector = `${JobLabels.job}=${jobId},${Labels.instance}=${instanceId}`;
    let found: V1Job[];
    try {
      found = (await this.batch.listNamespacedJob({ namespace, labelSelector }, call.opts())).items;
    } catch (err) {
      if (isNotFound(err)) return 0;
      throw err;
    }
    const secrets = (await this.#core.listNamespacedSecret({ namespace, labelSelector }, call.opts())).items;
    const names = new Set([...found, ...secrets].map((o) => o.metadata?.name ?? '').filter(Boolean));
    for (const name of names) await this.#remove(call.bearer, name);
    return found.length;
  }

  /** Follows the pod of Job `name` (`uid`) until its container ends (or the Job fails), its log on `sink`. */
  async #follow(call: KubeCall, req: JobRequest, name: string, uid: string, sink: JobSink): Promise<JobResult> {
    const namespace = this.cluster.namespace;
    const container = req.service.name;
    const giveUpAt = Date.now() + req.timeoutMs + DEADLINE_SLACK_MS;
    let log: { done: Promise<void>; controller: AbortController } | undefined;
    try {
      for (;;) {
        const job = await this.batch.readNamespacedJob({ name, namespace }, call.opts());
        const failed = job.status?.conditions?.find((c) => c.type === 'Failed' && c.status === 'True');
        if (failed?.reason === 'DeadlineExceeded') {
          if (log) await drained(log.done);
          return { exitCode: null, timedOut: true };
        }
        // By the Job controller's label of this Job's uid: a crashed run's pod, still going away, is not this one.
        const pods = await this.#core.listNamespacedPod(
          { namespace, labelSelector: `controller-uid=${uid}` },
          call.opts(),
        );
        const pod = pods.items[0];
        const state = pod?.status?.containerStatuses?.find((c) => c.name === container)?.state;
        const waiting = state?.waiting;
        if (waiting?.reason && IMAGE_FAILURES.has(waiting.reason)) {
          const why = `${waiting.reason}${waiting.message ? `: ${waiting.message}` : ''}`;
          throw call.fail(ProviderErrorKinds.imageNotFound, `image ${req.service.image} cannot be pulled (${why})`);
        }
        if (waiting?.reason === 'CreateContainerConfigError')
          throw call.fail(ProviderErrorKinds.invalidSpec, `the job's container cannot start: ${waiting.message ?? ''}`);
        // Only a container that has started has a log to follow; it ends when the container does.
        if (!log && pod?.metadata?.name && (state?.running || state?.terminated)) {
          log = await this.#openLog(call, pod.metadata.name, container, sink);
        }
        if (state?.terminated && log) {
          await drained(log.done);
          return { exitCode: state.terminated.exitCode, timedOut: false };
        }
        if (failed) {
          const why = `${failed.reason ?? 'Failed'}${failed.message ? `: ${failed.message}` : ''}`;
          throw call.fail(ProviderErrorKinds.workloadFailed, `the job's Job failed before its command ended (${why})`);
        }
        // The Job controller should have ended it by now: end it here.
        if (Date.now() > giveUpAt) return { exitCode: null, timedOut: true };
        await pause(this.#pollMs, call.signal);
      }
    } finally {
      log?.controller.abort();
    }
  }

  /** Follows one container's log into `sink`, line by line (timestamps asked for, and cut off). */
  async #openLog(call: KubeCall, pod: string, container: string, sink: JobSink) {
    const lines = new LogSink({ service: container, replica: 0 }, (e) =>
      sink.line({ line: e.message.length > MAX_LINE ? `${e.message.slice(0, MAX_LINE)}…` : e.message }),
    );
    const client: Log = this.#clients.for(call.bearer).log;
    const controller = await client.log(this.cluster.namespace, pod, container, lines, {
      follow: true,
      timestamps: true,
    });
    return { done: lines.done, controller };
  }

  /** Deletes a Job (its pod in the background) and the Secret of the same name, with a call of its own; absent is fine. */
  async #remove(bearer: string | undefined, name: string): Promise<void> {
    const call = new KubeCall('job cleanup', undefined, this.#apiTimeoutMs, this.#target).withBearer(bearer);
    const namespace = this.cluster.namespace;
    const quietly = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (err: unknown) => {
          if (!isNotFound(err)) throw err;
        },
      );
    // Background: without a policy, deleting a batch/v1 Job orphans its pod.
    const propagationPolicy = 'Background';
    await quietly(
      this.batch.deleteNamespacedJob({ name, namespace, propagationPolicy, body: { propagationPolicy } }, call.opts()),
    );
    await quietly(this.#core.deleteNamespacedSecret({ name, namespace }, call.opts()));
  }
}

/**
 * Refuses a request without a command or a secret value (`invalid_spec`), and
 * registers its secret values with the call, so no error of it quotes one.
 */
export function checkJobRequest(call: KubeCall, req: JobRequest): void {
  if (req.command.length === 0 || !req.command[0]) throw new SpecError('a job needs a command');
  for (const ref of req.service.secrets) {
    const value = req.secretValues[ref.key];
    if (value === undefined) throw new SpecError(`service ${req.service.name}: no value for secret ${ref.key}`);
    call.secrets.push(value);
  }
}

/** The job's Secret: its secret values and config files, or undefined when it has neither (a CronJob's runs share one too). */
export function jobSecret(req: JobRequest, name: string, namespace: string): V1Secret | undefined {
  const svc = req.service;
  if (svc.secrets.length === 0 && svc.configFiles.length === 0) return undefined;
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const data: Record<string, string> = {};
  for (const ref of svc.secrets) data[`env-${secretKey(ref.key)}`] = b64(req.secretValues[ref.key] ?? '');
  for (const [i, f] of svc.configFiles.entries()) data[`file-${i}`] = b64(f.content);
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace, labels: objectLabels(req) }, data };
}

/** Labels of the Job and its Secret: the job, its service, the instance and tenant. */
function objectLabels(req: JobRequest): Record<string, string> {
  return {
    [Labels.instance]: req.instanceId,
    [Labels.tenant]: req.tenantId,
    [Labels.managedBy]: MANAGED_BY,
    [JobLabels.job]: req.jobId,
    [JobLabels.service]: req.service.name,
  };
}

/**
 * The Job of `req`; `withSecret` when the job's Secret (named `name`) holds
 * its secret values and config files. A CronJob's jobTemplate is made of it
 * too (kubernetes-cronjobs.ts), so a scheduled run's pod is a one-off job's.
 */
export function jobObject(
  req: JobRequest,
  name: string,
  namespace: string,
  workload: Workload | undefined,
  withSecret: boolean,
): V1Job {
  const svc = req.service;
  // Later entries win: the service's env, its secrets, then the job's own env.
  const env = new Map<string, V1EnvVar>();
  for (const [k, value] of Object.entries(svc.env)) env.set(k, { name: k, value });
  for (const ref of svc.secrets) {
    env.set(ref.envName, {
      name: ref.envName,
      valueFrom: { secretKeyRef: { name, key: `env-${secretKey(ref.key)}` } },
    });
  }
  for (const [k, value] of Object.entries(req.env)) env.set(k, { name: k, value });
  const container: V1Container = {
    name: svc.name,
    image: svc.image,
    // Replaces the image's entrypoint, and so its CMD (no args), as Docker's Entrypoint does.
    command: [...req.command],
    env: [...env.values()],
    resources: resourcesOf(svc.resources),
    volumeMounts: [
      ...svc.configFiles.map((f, i) => ({
        name: CONFIG_VOLUME,
        mountPath: f.path,
        subPath: `file-${i}`,
        readOnly: true,
      })),
      ...volumeMountsOf(svc),
    ],
  };
  const volumes: V1Volume[] = svc.volumes.map((v) => ({
    name: v.name,
    // A stateful set's job shares the first replica's claim (as on Docker); a Deployment's pods share one.
    persistentVolumeClaim: {
      claimName:
        workload?.kind === 'StatefulSet'
          ? `${v.name}-${objectName(req.instanceId)}-0`
          : claimName(req.instanceId, v.name),
    },
  }));
  if (withSecret && svc.configFiles.length > 0) volumes.push({ name: CONFIG_VOLUME, secret: { secretName: name } });
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace, labels: objectLabels(req) },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: Math.max(1, Math.ceil(req.timeoutMs / 1000)),
      ttlSecondsAfterFinished: TTL_AFTER_FINISHED_S,
      template: {
        metadata: {
          labels: {
            [JobLabels.job]: req.jobId,
            [JobLabels.of]: req.instanceId,
            [Labels.tenant]: req.tenantId,
            [Labels.managedBy]: MANAGED_BY,
          },
        },
        spec: { restartPolicy: 'Never', containers: [container], volumes },
      },
    },
  };
}

/** Waits for the log to end, at most LOG_DRAIN_MS. */
async function drained(done: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, LOG_DRAIN_MS)))]);
  clearTimeout(timer);
}

/** Sleeps `ms`, rejecting (AbortError) when `signal` aborts meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(Object.assign(new Error('canceled'), { name: 'AbortError' }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
