/**
 * The Kubernetes provider's schedule engine (jobs.ts, ScheduleEngine): a
 * schedule is a `batch/v1` CronJob in the instance's namespace, and the
 * cluster's CronJob controller runs its ticks (Wheelhouse's ticker starts
 * none). Its `jobTemplate` is the one-off job's Job (kubernetes-jobs.ts,
 * `jobObject`), so a scheduled run's pod is exactly a `runJob` pod: the
 * service's image and env, the command, secret refs and config files from a
 * Secret of the CronJob's own (owned by it), the instance's claims,
 * `backoffLimit: 0`, `activeDeadlineSeconds` the timeout. The Job's own
 * `ttlSecondsAfterFinished` is dropped: the CronJob's history limits keep the
 * finished runs until Wheelhouse has read them back.
 *
 * The schedule's policies map one to one: `concurrencyPolicy`
 * Allow/Forbid/Replace, `startingDeadlineSeconds`, the history limit as
 * `successfulJobsHistoryLimit` and `failedJobsHistoryLimit` (at least 1, or a
 * run's end could be gone before it is read), `suspend`, `timeZone`.
 *
 * Runs are read back from the Jobs the controller made: labelled with the
 * schedule (the jobTemplate's labels) and owned by the CronJob. Their start,
 * end and outcome come from the Job's status (a `DeadlineExceeded` failure is
 * a timeout), the exit code from its pod's container while the pod is kept.
 *
 * applySchedule writes only what differs (a hash of the CronJob's spec as an
 * annotation, the Secret's data compared as stored), so a pass of every
 * replica every few seconds costs two reads per schedule. A create that
 * fails half way removes what it made: nothing half-made stays.
 */
import { createHash } from 'node:crypto';
import type { BatchV1Api, CoreV1Api, V1CronJob, V1Job, V1Secret } from '@kubernetes/client-node';
import type { JobOutputLine, PlatformRun, PlatformScheduleRef, PlatformScheduleSpec } from '../jobs.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { isNotFound } from './kubernetes-errors.js';
import { checkJobRequest, JobLabels, jobObject, jobSecret } from './kubernetes-jobs.js';
import { Labels, MANAGED_BY } from './kubernetes-objects.js';

/** The label naming the schedule on its CronJob, its Secret, its Jobs and their pods. */
export const SCHEDULE_LABEL = 'wheelhouse.dev/schedule';
/** The annotation holding the hash of what the CronJob was last written from. */
const SPEC_HASH = 'wheelhouse.dev/spec-hash';
/** What the CronJob controller annotates a Job with: the cron time it runs for. */
const SCHEDULED_AT = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

const POLICIES = { allow: 'Allow', forbid: 'Forbid', replace: 'Replace' } as const;

function hash(s: string, n: number): string {
  return createHash('sha256').update(s).digest('hex').slice(0, n);
}

/** The CronJob's (and its Secret's) name: a DNS label short enough for the Job names made of it (52). */
export function cronJobName(instanceId: string, scheduleId: string): string {
  return `wh-cron-${hash(`${instanceId}/${scheduleId}`, 24)}`;
}

/** The CronJob of `spec`; `withSecret` when its Secret (of the same name) holds the secret values and config files. */
export function cronJobObject(
  spec: PlatformScheduleSpec,
  name: string,
  namespace: string,
  workload: Parameters<typeof jobObject>[3],
  withSecret: boolean,
): V1CronJob {
  const job = jobObject(spec, name, namespace, workload, withSecret);
  const labels = { ...job.metadata?.labels, [SCHEDULE_LABEL]: spec.scheduleId };
  const { ttlSecondsAfterFinished: _ttl, ...jobSpec } = job.spec ?? { template: {} };
  const template = jobSpec.template;
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, [SCHEDULE_LABEL]: spec.scheduleId },
  };
  const kept = Math.max(1, spec.historyLimit);
  const body: V1CronJob = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace, labels },
    spec: {
      schedule: spec.cron,
      timeZone: spec.timeZone,
      concurrencyPolicy: POLICIES[spec.concurrency],
      startingDeadlineSeconds: spec.startingDeadlineSeconds,
      successfulJobsHistoryLimit: kept,
      failedJobsHistoryLimit: kept,
      suspend: spec.suspended,
      jobTemplate: { metadata: { labels }, spec: jobSpec },
    },
  };
  body.metadata!.annotations = { [SPEC_HASH]: hash(JSON.stringify(body), 32) };
  return body;
}

/** CronJobs of schedules in one namespace (the provider's). */
export class KubeCronJobs {
  constructor(
    private readonly cluster: KubeCluster,
    private readonly batch: BatchV1Api,
  ) {}

  get #core(): CoreV1Api {
    return this.cluster.core;
  }

  /** Creates or updates the schedule's CronJob and Secret (only what differs). */
  async apply(call: KubeCall, spec: PlatformScheduleSpec): Promise<void> {
    checkJobRequest(call, spec);
    const namespace = this.cluster.namespace;
    const name = cronJobName(spec.instanceId, spec.scheduleId);
    const workload = await this.cluster.findWorkload(call, spec.instanceId);
    const secret = jobSecret(spec, name, namespace);
    if (secret) secret.metadata!.labels = { ...secret.metadata?.labels, [SCHEDULE_LABEL]: spec.scheduleId };
    const desired = cronJobObject(spec, name, namespace, workload, secret !== undefined);
    const existing = await orAbsent(this.batch.readNamespacedCronJob({ name, namespace }, call.opts()));
    if (!existing) return this.#create(call, name, desired, secret);
    // The Secret first: the runs started from now on read it.
    await this.#putSecret(call, name, secret, existing);
    if (existing.metadata?.annotations?.[SPEC_HASH] === desired.metadata?.annotations?.[SPEC_HASH]) return;
    desired.metadata!.resourceVersion = existing.metadata?.resourceVersion;
    await this.batch.replaceNamespacedCronJob({ name, namespace, body: desired }, call.opts());
  }

  /** A new CronJob and its Secret; a failure removes what this call made. */
  async #create(call: KubeCall, name: string, desired: V1CronJob, secret: V1Secret | undefined): Promise<void> {
    const namespace = this.cluster.namespace;
    try {
      if (secret) {
        // A Secret a failed create left (the CronJob never came) is this schedule's: replaced below.
        await orAbsent(this.#core.deleteNamespacedSecret({ name, namespace }, call.opts()));
        await this.#core.createNamespacedSecret({ namespace, body: secret }, call.opts());
      }
      const made = await this.batch.createNamespacedCronJob({ namespace, body: desired }, call.opts());
      if (secret && made.metadata?.uid) {
        await this.#core.patchNamespacedSecret(
          { name, namespace, body: { metadata: { ownerReferences: [ownerOf(made)] } } },
          call.opts('merge'),
        );
      }
    } catch (err) {
      await this.#removeObjects(call, name).catch(() => undefined);
      throw err;
    }
  }

  /** Writes the schedule's Secret when its data differs (or deletes it when none is needed). */
  async #putSecret(call: KubeCall, name: string, secret: V1Secret | undefined, owner: V1CronJob): Promise<void> {
    const namespace = this.cluster.namespace;
    const stored = await orAbsent(this.#core.readNamespacedSecret({ name, namespace }, call.opts()));
    if (!secret) {
      if (stored) await orAbsent(this.#core.deleteNamespacedSecret({ name, namespace }, call.opts()));
      return;
    }
    if (stored && sameData(stored.data, secret.data)) return;
    const body: V1Secret = { ...secret, metadata: { ...secret.metadata, ownerReferences: [ownerOf(owner)] } };
    if (!stored) await this.#core.createNamespacedSecret({ namespace, body }, call.opts());
    else {
      body.metadata!.resourceVersion = stored.metadata?.resourceVersion;
      await this.#core.replaceNamespacedSecret({ name, namespace, body }, call.opts());
    }
  }

  /** Deletes the schedule's CronJob (its Jobs and their pods in the background) and Secret; absent is fine. */
  async remove(call: KubeCall, instanceId: string, scheduleId: string): Promise<void> {
    await this.#removeObjects(call, cronJobName(instanceId, scheduleId));
  }

  async #removeObjects(call: KubeCall, name: string): Promise<void> {
    const namespace = this.cluster.namespace;
    const propagationPolicy = 'Background';
    await orAbsent(
      this.batch.deleteNamespacedCronJob(
        { name, namespace, propagationPolicy, body: { propagationPolicy } },
        call.opts(),
      ),
    );
    await orAbsent(this.#core.deleteNamespacedSecret({ name, namespace }, call.opts()));
  }

  /** Every CronJob of a Wheelhouse schedule in the namespace. */
  async list(call: KubeCall): Promise<PlatformScheduleRef[]> {
    const namespace = this.cluster.namespace;
    const labelSelector = `${Labels.managedBy}=${MANAGED_BY}`;
    const found = await orAbsent(this.batch.listNamespacedCronJob({ namespace, labelSelector }, call.opts()));
    return (found?.items ?? []).flatMap((c) => {
      const labels = c.metadata?.labels ?? {};
      const instanceId = labels[Labels.instance];
      const scheduleId = labels[SCHEDULE_LABEL];
      return instanceId && scheduleId ? [{ instanceId, scheduleId }] : [];
    });
  }

  /** The runs the CronJob's controller made that the cluster still keeps, oldest first. */
  async runs(call: KubeCall, instanceId: string, scheduleId: string): Promise<PlatformRun[]> {
    const namespace = this.cluster.namespace;
    const name = cronJobName(instanceId, scheduleId);
    const labelSelector = `${SCHEDULE_LABEL}=${scheduleId},${Labels.instance}=${instanceId}`;
    const jobs = (await orAbsent(this.batch.listNamespacedJob({ namespace, labelSelector }, call.opts())))?.items ?? [];
    // Made by this schedule's CronJob (its owner), not a Job someone labelled alike.
    const owned = jobs.filter((j) => j.metadata?.ownerReferences?.some((o) => o.kind === 'CronJob' && o.name === name));
    const out: PlatformRun[] = [];
    for (const job of owned) out.push(await this.#runOf(call, job));
    return out.sort((a, b) => (a.startedAt?.getTime() ?? 0) - (b.startedAt?.getTime() ?? 0));
  }

  async #runOf(call: KubeCall, job: V1Job): Promise<PlatformRun> {
    const conditions = job.status?.conditions ?? [];
    const done = (type: string) => conditions.find((c) => c.type === type && c.status === 'True');
    const failed = done('Failed');
    const status = done('Complete')
      ? 'succeeded'
      : failed?.reason === 'DeadlineExceeded'
        ? 'timed_out'
        : failed
          ? 'failed'
          : 'running';
    let exitCode: number | null = null;
    if (status !== 'running') {
      const pods = await this.#core.listNamespacedPod(
        { namespace: this.cluster.namespace, labelSelector: `controller-uid=${job.metadata?.uid ?? ''}` },
        call.opts(),
      );
      const container = job.metadata?.labels?.[JobLabels.service];
      for (const pod of pods.items) {
        const state = pod.status?.containerStatuses?.find((c) => !container || c.name === container)?.state;
        if (state?.terminated) exitCode = state.terminated.exitCode;
      }
    }
    const at = job.metadata?.annotations?.[SCHEDULED_AT];
    const finished = job.status?.completionTime ?? failed?.lastTransitionTime;
    return {
      runId: job.metadata?.uid ?? '',
      name: job.metadata?.name ?? '',
      scheduledAt: at ? new Date(at) : null,
      startedAt: dateOf(job.status?.startTime ?? job.metadata?.creationTimestamp),
      finishedAt: status === 'running' ? null : (dateOf(finished) ?? new Date()),
      status,
      exitCode,
    };
  }

  /** Deletes a run's Job (its pod in the background); absent is fine. */
  async stop(call: KubeCall, run: PlatformRun): Promise<void> {
    const namespace = this.cluster.namespace;
    const propagationPolicy = 'Background';
    await orAbsent(
      this.batch.deleteNamespacedJob(
        { name: run.name, namespace, propagationPolicy, body: { propagationPolicy } },
        call.opts(),
      ),
    );
  }

  /** The log of a run's pod, as far as the cluster still has it. */
  async log(call: KubeCall, run: PlatformRun): Promise<JobOutputLine[]> {
    const namespace = this.cluster.namespace;
    const pods = await this.#core.listNamespacedPod(
      { namespace, labelSelector: `controller-uid=${run.runId}` },
      call.opts(),
    );
    const pod = pods.items[0];
    const container = pod?.spec?.containers[0]?.name;
    if (!pod?.metadata?.name || !container) return [];
    const text = await orAbsent(
      this.#core.readNamespacedPodLog({ name: pod.metadata.name, namespace, container }, call.opts()),
    );
    const lines = (text ?? '').split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.map((line) => ({ line }));
  }
}

function ownerOf(o: V1CronJob) {
  return { apiVersion: 'batch/v1', kind: 'CronJob', name: o.metadata?.name ?? '', uid: o.metadata?.uid ?? '' };
}

function dateOf(v: Date | string | undefined): Date | null {
  return v === undefined ? null : new Date(v);
}

/** The answer, or undefined when the object (or its namespace) is not there. */
async function orAbsent<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/**
 * Whether two Secret data maps hold the same keys and values, whatever their
 * order: the API server answers them sorted, the spec writes them in service order.
 */
function sameData(a: Record<string, string> = {}, b: Record<string, string> = {}): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
