/**
 * Reading container logs through the pod log endpoint: one container of one
 * pod read to the end, or one service across every current pod, merged by
 * time or followed live (see kubernetes-logs.ts for the stream plumbing).
 */
import type { Log, V1Pod } from '@kubernetes/client-node';
import type { CallContext, LogEntry, LogOptions, LogStream } from '../provider.js';
import { ProviderErrorKinds } from '../provider-errors.js';
import { StaticLogStream } from '../static-log-stream.js';
import type { KubeCall } from './kubernetes-call.js';
import type { KubeCluster } from './kubernetes-cluster.js';
import { FollowLogStream, LogSink } from './kubernetes-logs.js';
import { findContainer } from './kubernetes-objects.js';
import { mainOf } from './kubernetes-rollout.js';
import { currentPods, ordinalOf } from './kubernetes-status.js';

/**
 * New pods for a followed log: a change signal (the watches) and a way to
 * read the pods whose container has started now.
 */
export interface PodFeed {
  /** Calls `onChange` whenever the instance's pods may have changed; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** The pods whose container has started, or undefined once no more will come (workload stopped or gone). */
  pods(): Promise<V1Pod[] | undefined>;
  /**
   * Where to read a later pod's log: asked at each attach, as a followed log
   * may outlive the credential it was opened with.
   */
  source(): LogSource;
}

/** The log client and the namespace its pods live in. */
export interface LogSource {
  log: Log;
  namespace: string;
}

/** One container's log of one pod, read to the end (bounded by the API deadline). */
export async function readLog(
  source: LogSource,
  call: KubeCall,
  pod: V1Pod,
  container: string,
  replica: number,
  query: Record<string, unknown>,
): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  const sink = new LogSink({ service: container, replica }, (e) => entries.push(e));
  const controller = await source.log.log(source.namespace, pod.metadata?.name ?? '', container, sink, {
    ...query,
    follow: false,
  });
  const signal = call.requestSignal();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await sink.done;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) throw Object.assign(new Error('log request aborted'), { name: 'AbortError' });
  return entries;
}

/**
 * Lines of `service` in `pods` (only pods whose container has started),
 * with timestamps. Without `follow` they are merged by time and `tail`
 * applies to the merge; with it, lines arrive as the server sends them until
 * close() or the caller's abort, which aborts every request. With `feed`, a
 * followed log also follows the pods (and restarted containers) that appear
 * later, from their first line, and ends once the workload is stopped or
 * gone and the pods it follows have ended; without
 * it, it ends when the pods it started with have all ended.
 */
export async function openLogs(
  source: LogSource,
  call: KubeCall,
  ctx: CallContext,
  pods: V1Pod[],
  service: string,
  opts: LogOptions,
  feed?: PodFeed,
): Promise<LogStream> {
  const sinceMs = opts.since?.getTime();
  const keep = sinceMs === undefined ? undefined : (e: LogEntry) => e.timestamp.getTime() >= sinceMs;
  const tail = opts.tail === undefined ? undefined : Math.max(0, opts.tail);
  // The client leaves tailLines=0 out, so "no history" is asked for as "since now".
  const sinceTime = opts.since ?? (tail === 0 ? new Date() : undefined);
  const query = {
    follow: opts.follow,
    timestamps: true,
    ...(tail ? { tailLines: tail } : {}),
    ...(sinceTime ? { sinceTime: sinceTime.toISOString() } : {}),
  };
  if (!opts.follow) {
    if (tail === 0) return new StaticLogStream([]);
    const perPod = await Promise.all(
      pods.map((pod, i) => readLog(source, call, pod, service, ordinalOf(pod) ?? i, query)),
    );
    let entries = perPod.flat();
    if (keep) entries = entries.filter(keep);
    entries.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
    if (tail !== undefined) entries = entries.slice(Math.max(0, entries.length - tail));
    return new StaticLogStream(entries);
  }
  const stream = new FollowLogStream(keep);
  const followed = new Set<string>();
  try {
    for (const [i, pod] of pods.entries()) {
      followed.add(containerRun(pod, service));
      const sink = stream.sink({ service, replica: ordinalOf(pod) ?? i });
      const controller = await source.log.log(source.namespace, pod.metadata?.name ?? '', service, sink, query);
      stream.attach(controller);
    }
  } catch (err) {
    await stream.close();
    throw err;
  }
  if (feed) followNewPods(stream, feed, service, followed, pods.length);
  ctx.signal?.addEventListener('abort', () => void stream.close(), { once: true });
  return stream;
}

/** One run of a container: its pod's uid and its restart count (a restarted container has a new log). */
function containerRun(pod: V1Pod, service: string): string {
  const cs = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].find(
    (c) => c.name === service,
  );
  return `${pod.metadata?.uid ?? pod.metadata?.name}/${cs?.restartCount ?? 0}`;
}

/**
 * Attaches the container runs that appear after the stream opened, each time
 * the feed signals a change, until the stream closes or the workload is gone.
 */
function followNewPods(
  stream: FollowLogStream,
  feed: PodFeed,
  service: string,
  followed: Set<string>,
  firstReplica: number,
): void {
  const release = stream.hold();
  let nextReplica = firstReplica;
  let scanning = false;
  let again = false;
  const scan = async () => {
    if (scanning) {
      again = true;
      return;
    }
    scanning = true;
    try {
      do {
        again = false;
        const pods = await feed.pods();
        if (stream.closed) return;
        if (!pods) return stop();
        for (const pod of pods) {
          const run = containerRun(pod, service);
          if (followed.has(run)) continue;
          followed.add(run);
          const sink = stream.sink({ service, replica: ordinalOf(pod) ?? nextReplica++ });
          const source = feed.source();
          const controller = await source.log.log(source.namespace, pod.metadata?.name ?? '', service, sink, {
            follow: true,
            timestamps: true,
          });
          stream.attach(controller);
        }
      } while (again && !stream.closed);
    } catch {
      // The next change scans again; lines already followed keep flowing.
    } finally {
      scanning = false;
    }
  };
  const unsubscribe = feed.subscribe(() => void scan());
  const stop = () => {
    unsubscribe();
    release();
  };
  stream.onClose(stop);
  // What changed between the first read of the pods and the subscription.
  void scan();
}

/** What an instance's log needs of the provider: its cluster, its change signal and fresh authenticated calls. */
export interface InstanceLogParts {
  cluster: KubeCluster;
  /** Calls `onChange` when the instance's pods may have changed; returns the unsubscribe. */
  follow(onChange: () => void): () => void;
  /** A call for a later read of a followed log, with the latest credential. */
  laterCall(): KubeCall;
  /** The log client authenticating with `token` (the kubeconfig's user without one). */
  source(token: string | undefined): LogSource;
}

/**
 * Lines of one service's container in every current pod, through the pod
 * log endpoint with timestamps. Without `follow` they are merged by time and
 * `tail` applies to the merge; with it, lines arrive as the server sends
 * them until close(), which aborts every request, and the pods a restart,
 * deploy or scale brings are followed too as the watches report them (from
 * their first line), until the workload is stopped or deleted. `replica` is
 * the pod's ordinal (StatefulSet) or its index by age (Deployment). The
 * endpoint does not separate the streams: every line is `stdout`.
 */
export async function instanceLogs(
  parts: InstanceLogParts,
  call: KubeCall,
  ctx: CallContext,
  instanceId: string,
  opts: LogOptions,
): Promise<LogStream> {
  const { cluster } = parts;
  const w = await cluster.readWorkload(call, instanceId);
  const service = opts.serviceName || mainOf(w);
  if (!findContainer(w, service)) {
    throw call.fail(ProviderErrorKinds.notFound, `instance ${instanceId} has no service ${service}`);
  }
  // Only containers that have started have a log; asking for another one is a 400.
  const started = (pods: V1Pod[]) =>
    pods.filter((pod) =>
      [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].some(
        (cs) => cs.name === service && (cs.state?.running || cs.state?.terminated || cs.lastState?.terminated),
      ),
    );
  const pods = started(currentPods(w, await cluster.pods(call, instanceId)));
  // Followed, the log goes on with the pods a restart, deploy or scale brings (see openLogs).
  const feed: PodFeed = {
    subscribe: (onChange) => parts.follow(onChange),
    pods: async () => {
      const later = parts.laterCall();
      // Deleted or stopped: no pod will come; the stream ends with the pods it follows.
      const now = await cluster.findWorkload(later, instanceId);
      if (!now || now.spec?.replicas === 0) return undefined;
      return started(currentPods(now, await cluster.pods(later, instanceId)));
    },
    source: () => parts.source(parts.laterCall().bearer),
  };
  return openLogs(parts.source(call.bearer), call, ctx, pods, service, opts, feed);
}
