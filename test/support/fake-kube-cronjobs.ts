/**
 * The stand-in's batch/v1 CronJobs, kept apart from fake-kube-api.ts, which
 * stores them and serves their REST routes (create, read, list, replace,
 * patch, delete) and calls in here to check one and when one is deleted.
 *
 * The API server's validation a real one applies (422 Invalid): a schedule
 * that is five fields or a nickname, a known `timeZone` (and no `TZ=` in the
 * schedule), a `concurrencyPolicy` of Allow/Forbid/Replace, non-negative
 * deadlines and history limits, a jobTemplate with a pod template, a name of
 * at most 52 characters (a Job name is made of it).
 *
 * There is no cron controller: a test plays it with `run`, which makes the
 * Job the controller would make for one tick (named after the CronJob and
 * the tick's minute, the jobTemplate's labels and spec, owned by the
 * CronJob, annotated with the scheduled time); the stand-in's Job controller
 * then runs its pod. Deleting a CronJob with a Background or Foreground
 * policy deletes its Jobs (and their pods) and the Secrets it owns, as the
 * garbage collector does.
 */

type Obj = Record<string, any>;

/** What the CronJobs need of the stand-in's store. */
export interface CronJobHost {
  /** A copy of a stored object, or undefined. */
  get(plural: string, namespace: string, name: string): Obj | undefined;
  /** Copies of the stored objects of a kind in a namespace. */
  list(plural: string, namespace: string): Obj[];
  /** Stores a new object (as a POST would: a Job starts its pod); the stored copy. */
  create(plural: string, namespace: string, obj: Obj): Obj;
  /** Deletes a stored object (as a DELETE with `propagationPolicy` would). */
  remove(plural: string, namespace: string, name: string, propagationPolicy: string | undefined): void;
}

const NICKNAMES = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
const POLICIES = new Set(['Allow', 'Forbid', 'Replace']);

export class FakeCronJobs {
  constructor(private readonly host: CronJobHost) {}

  /** Why the API server refuses `obj`, or undefined when it accepts it. */
  invalid(obj: Obj): string | undefined {
    const name = String(obj.metadata?.name ?? '');
    if (name.length > 52) return `metadata.name: Invalid value: "${name}": must be no more than 52 characters`;
    const spec = obj.spec ?? {};
    const schedule = String(spec.schedule ?? '');
    if (!schedule) return 'spec.schedule: Required value';
    if (schedule.includes('TZ')) return 'spec.schedule: Invalid value: cannot use TZ or CRON_TZ in schedule';
    if (!NICKNAMES.has(schedule) && schedule.trim().split(/\s+/).length !== 5)
      return `spec.schedule: Invalid value: "${schedule}": expected exactly 5 fields`;
    if (spec.timeZone !== undefined) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: spec.timeZone });
      } catch {
        return `spec.timeZone: Invalid value: "${spec.timeZone}": unknown time zone`;
      }
    }
    if (spec.concurrencyPolicy !== undefined && !POLICIES.has(spec.concurrencyPolicy))
      return `spec.concurrencyPolicy: Unsupported value: "${spec.concurrencyPolicy}"`;
    for (const field of ['startingDeadlineSeconds', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) {
      const v = spec[field];
      if (v !== undefined && (!Number.isInteger(v) || v < 0)) return `spec.${field}: Invalid value: must be >= 0`;
    }
    if (!spec.jobTemplate?.spec?.template?.spec?.containers?.length)
      return 'spec.jobTemplate.spec.template.spec.containers: Required value';
    return undefined;
  }

  /**
   * Plays the controller for one tick of CronJob `name`: makes its Job (the
   * stand-in runs its pod) and answers it. Throws when there is no such CronJob.
   */
  run(namespace: string, name: string, scheduledAt = new Date()): Obj {
    const cron = this.host.get('cronjobs', namespace, name);
    if (!cron) throw new Error(`no CronJob ${namespace}/${name}`);
    const template = structuredClone(cron.spec.jobTemplate) as Obj;
    const minute = Math.floor(scheduledAt.getTime() / 60_000);
    return this.host.create('jobs', namespace, {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: `${name}-${minute}`,
        labels: { ...(template.metadata?.labels ?? {}) },
        annotations: {
          ...(template.metadata?.annotations ?? {}),
          'batch.kubernetes.io/cronjob-scheduled-timestamp': scheduledAt.toISOString(),
        },
        ownerReferences: [
          {
            apiVersion: 'batch/v1',
            kind: 'CronJob',
            name,
            uid: cron.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: template.spec,
    });
  }

  /** A CronJob was deleted: its Jobs go too unless the deletion orphans them. */
  deleted(namespace: string, cron: Obj, propagationPolicy: string | undefined): void {
    if (propagationPolicy === 'Orphan') return;
    for (const plural of ['jobs', 'secrets']) {
      for (const o of this.host.list(plural, namespace)) {
        if ((o.metadata.ownerReferences as Obj[] | undefined)?.some((r) => r.uid === cron.metadata.uid))
          this.host.remove(plural, namespace, o.metadata.name, 'Background');
      }
    }
  }
}
