/**
 * The stand-in's Job controller (batch/v1 Jobs), kept apart from
 * fake-kube-api.ts, which stores the Jobs, serves their REST routes and
 * calls in here when one is created or deleted and when one's pod changes.
 *
 * As the cluster's controller does: a created Job gets one pod from its
 * template (labelled `job-name`/`controller-uid` and owned by the Job), which
 * the stand-in's kubelet runs (restartPolicy Never: the container ends
 * `terminated`, the pod `Succeeded` or `Failed`); the Job's status follows
 * the pod (`succeeded`/`failed`, a `Complete` or `Failed` condition,
 * `BackoffLimitExceeded` with backoffLimit 0); past `activeDeadlineSeconds`
 * the Job fails `DeadlineExceeded` and its pod is killed. Deleting a Job
 * takes its pod only with `propagationPolicy` Background or Foreground: the
 * batch/v1 API's default orphans it, as a real API server does.
 */
import { randomBytes } from 'node:crypto';

type Obj = Record<string, any>;

/** What the controller needs of the stand-in's store and kubelet. */
export interface JobHost {
  /** The stored object itself (not a copy), or undefined. */
  get(plural: string, namespace: string, name: string): Obj | undefined;
  /** Copies of the stored objects of a kind in a namespace. */
  list(plural: string, namespace: string): Obj[];
  /** Creates (and starts) a pod owned by `owner` from a template (JSON). */
  createPod(namespace: string, name: string, owner: Obj, template: string): Obj;
  /** Deletes a pod, killing what runs in it. */
  deletePod(namespace: string, name: string): void;
  /** Records that a stored object changed (a new resourceVersion, a watch event). */
  changed(plural: string, namespace: string, obj: Obj): void;
}

/** A Job deletion the stand-in received. */
export interface JobDeletion {
  namespace: string;
  name: string;
  propagationPolicy: string | undefined;
}

export class FakeJobs {
  /** Every Job created, as it was sent. */
  readonly received: Obj[] = [];
  /** Every Job deleted, with the propagation policy asked for. */
  readonly deletions: JobDeletion[] = [];
  readonly #deadlines = new Map<string, NodeJS.Timeout>();

  constructor(private readonly host: JobHost) {}

  /** A Job was stored: start its pod and its deadline. */
  created(namespace: string, job: Obj): void {
    this.received.push(structuredClone(job));
    const name = job.metadata.name as string;
    const uid = job.metadata.uid as string;
    const template = structuredClone(job.spec?.template ?? {}) as Obj;
    template.metadata = {
      ...template.metadata,
      labels: {
        ...(template.metadata?.labels ?? {}),
        'batch.kubernetes.io/job-name': name,
        'job-name': name,
        'batch.kubernetes.io/controller-uid': uid,
        'controller-uid': uid,
      },
    };
    job.status = { startTime: new Date().toISOString(), active: 1 };
    this.host.changed('jobs', namespace, job);
    this.host.createPod(
      namespace,
      `${name}-${randomBytes(3).toString('hex').slice(0, 5)}`,
      job,
      JSON.stringify(template),
    );
    const seconds = job.spec?.activeDeadlineSeconds as number | undefined;
    if (seconds) {
      const timer = setTimeout(() => this.#deadlineExceeded(namespace, name, uid), seconds * 1000);
      timer.unref();
      this.#deadlines.set(uid, timer);
    }
  }

  /** A pod changed: a Job's pod that ended ends its Job. */
  podChanged(namespace: string, pod: Obj): void {
    const phase = pod.status?.phase;
    if (phase !== 'Succeeded' && phase !== 'Failed') return;
    const job = this.#owner(namespace, pod);
    if (!job || finished(job)) return;
    const ok = phase === 'Succeeded';
    job.status = {
      ...job.status,
      active: 0,
      ...(ok ? { succeeded: 1, completionTime: new Date().toISOString() } : { failed: 1 }),
      conditions: [
        ok
          ? { type: 'Complete', status: 'True' }
          : {
              type: 'Failed',
              status: 'True',
              reason: 'BackoffLimitExceeded',
              message: 'Job has reached the specified backoff limit',
            },
      ],
    };
    this.#clearDeadline(job.metadata.uid);
    this.host.changed('jobs', namespace, job);
  }

  /** A Job was deleted: its pod goes only with a Background or Foreground policy. */
  deleted(namespace: string, job: Obj, propagationPolicy: string | undefined): void {
    this.deletions.push({ namespace, name: job.metadata.name, propagationPolicy });
    this.#clearDeadline(job.metadata.uid);
    const cascade = propagationPolicy === 'Background' || propagationPolicy === 'Foreground';
    for (const pod of this.#pods(namespace, job)) {
      if (cascade) this.host.deletePod(namespace, pod.metadata.name);
      else {
        // Orphaned: the pod stays, no longer owned.
        const stored = this.host.get('pods', namespace, pod.metadata.name);
        if (!stored) continue;
        stored.metadata.ownerReferences = [];
        this.host.changed('pods', namespace, stored);
      }
    }
  }

  #deadlineExceeded(namespace: string, name: string, uid: string): void {
    this.#deadlines.delete(uid);
    const job = this.host.get('jobs', namespace, name);
    if (!job || job.metadata.uid !== uid || finished(job)) return;
    job.status = {
      ...job.status,
      active: 0,
      failed: 1,
      conditions: [
        {
          type: 'Failed',
          status: 'True',
          reason: 'DeadlineExceeded',
          message: 'Job was active longer than specified deadline',
        },
      ],
    };
    this.host.changed('jobs', namespace, job);
    for (const pod of this.#pods(namespace, job)) this.host.deletePod(namespace, pod.metadata.name);
  }

  #owner(namespace: string, pod: Obj): Obj | undefined {
    const ref = (pod.metadata?.ownerReferences as Obj[] | undefined)?.find((o) => o.kind === 'Job');
    const job = ref ? this.host.get('jobs', namespace, ref.name) : undefined;
    return job && job.metadata.uid === ref?.uid ? job : undefined;
  }

  #pods(namespace: string, job: Obj): Obj[] {
    return this.host
      .list('pods', namespace)
      .filter((p) => (p.metadata.ownerReferences as Obj[] | undefined)?.some((o) => o.uid === job.metadata.uid));
  }

  #clearDeadline(uid: string): void {
    clearTimeout(this.#deadlines.get(uid));
    this.#deadlines.delete(uid);
  }

  /** Stops every deadline timer (the stand-in closes). */
  close(): void {
    for (const t of this.#deadlines.values()) clearTimeout(t);
    this.#deadlines.clear();
  }
}

function finished(job: Obj): boolean {
  return ((job.status?.conditions ?? []) as Obj[]).some(
    (c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
}
