/**
 * Reading the logs of one service's containers from the Engine: every
 * replica read to the end and merged by time, or followed live (see
 * docker-logs.ts for the frame and stream plumbing).
 */
import type { IncomingMessage } from 'node:http';
import type { CallContext, LogEntry, LogOptions, LogStream } from '../provider.js';
import { StaticLogStream } from '../static-log-stream.js';
import type { Call } from './docker-call.js';
import { type DockerEngine, type Listed, toBuffer } from './docker-engine.js';
import { entriesFromBuffer, FollowLogStream, type FollowSource } from './docker-logs.js';

/**
 * Log lines of `mine`, the containers of `service` (sorted by replica).
 * Without `follow` the lines are merged by time and `tail` applies to the
 * merge; with it, lines arrive as the engine sends them until close() (which
 * ends the engine requests) or the caller's abort.
 */
export async function openLogs(
  engine: DockerEngine,
  call: Call,
  ctx: CallContext,
  mine: Listed[],
  service: string,
  opts: LogOptions,
): Promise<LogStream> {
  const sinceMs = opts.since?.getTime();
  const keep = sinceMs === undefined ? undefined : (e: LogEntry) => e.timestamp.getTime() >= sinceMs;
  const query = {
    stdout: true,
    stderr: true,
    timestamps: true,
    tail: opts.tail === undefined ? 'all' : String(Math.max(0, opts.tail)),
    ...(opts.since ? { since: engineTime(opts.since) } : {}),
  };
  if (!opts.follow && mine.length === 1) {
    // One container: its lines are already in order and the engine applied `since` and `tail`, so
    // they are passed on as the engine sends them, and the reader works while the engine still writes.
    const response = await openFinishedLogStream(engine, mine[0]!.id, query, ctx.signal);
    const stream = new FollowLogStream([{ response, service, replica: mine[0]!.replica }], keep);
    ctx.signal?.addEventListener('abort', () => void stream.close(), { once: true });
    return stream;
  }
  if (!opts.follow) {
    const buffers = await Promise.all(
      mine.map((c) => engine.docker.getContainer(c.id).logs(call.opts({ ...query, follow: false as const }) as never)),
    );
    let entries = buffers.flatMap((buf, i) => entriesFromBuffer(toBuffer(buf), { service, replica: mine[i]?.replica }));
    if (keep) entries = entries.filter(keep);
    entries.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
    if (opts.tail !== undefined) entries = entries.slice(Math.max(0, entries.length - opts.tail));
    return new StaticLogStream(entries);
  }
  // No API deadline on a followed stream: it lives until closed, or until the caller's signal aborts it.
  const settled = await Promise.allSettled(
    mine.map((c) =>
      engine.docker
        .getContainer(c.id)
        .logs({ ...query, follow: true, ...(ctx.signal ? { abortSignal: ctx.signal } : {}) } as never),
    ),
  );
  const opened = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value as unknown as IncomingMessage] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    for (const res of opened) res.destroy();
    throw failed.reason;
  }
  const sources: FollowSource[] = opened.map((response, i) => ({ response, service, replica: mine[i]?.replica }));
  const stream = new FollowLogStream(sources, keep);
  ctx.signal?.addEventListener('abort', () => void stream.close(), { once: true });
  return stream;
}

/**
 * The logs that exist now (no follow) as the engine's response stream, not
 * collected into one buffer as dockerode does when it does not follow: the
 * same request dockerode's `logs` makes, read as a stream. No API deadline:
 * the caller reads it at its own pace (the caller's signal still ends it).
 */
function openFinishedLogStream(
  engine: DockerEngine,
  id: string,
  query: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) =>
    engine.docker.modem.dial(
      {
        path: `/containers/${id}/logs?`,
        method: 'GET',
        isStream: true,
        statusCodes: { 200: true, 404: 'no such container', 500: 'server error' },
        options: { ...query, follow: false },
        ...(signal ? { abortSignal: signal } : {}),
      },
      (err, data) => (err ? reject(err) : resolve(data as IncomingMessage)),
    ),
  );
}

/** A time as the Engine's `since` parameter wants it: Unix seconds with a fraction. */
function engineTime(d: Date): string {
  const ms = d.getTime();
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}000000`;
}
