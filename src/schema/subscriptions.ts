/**
 * Live streams: instance events, operation progress, the tenant feed and
 * logs. Each starts from a cursor or a snapshot, takes a lease on its token
 * (bounded per token, ended when the token is revoked), and ends at the
 * source when the client goes away. The plumbing lives in control/streams/.
 */
import { decodeEventCursor } from '../control/cursor.js';
import { NotFoundError, ValidationError } from '../control/errors.js';
import { type Event, type Instance, isTerminal, type Operation } from '../control/model.js';
import type { EventStream } from '../control/streams/event-stream.js';
import { type Delivery, Feed, type FeedSink } from '../control/streams/feed.js';
import type { StreamLease } from '../control/streams/stream-leases.js';
import { STREAM_LIMITS } from '../control/streams/stream-limits.js';
import type { LogEntry, LogStream } from '../providers/provider.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { EventFilter, eventFilterOf } from './events.js';
import { localId } from './global-ids.js';
import { EventRef, OperationRef } from './refs.js';

/** How often operationUpdates re-reads its operation even without an event (a claim writes none). */
const OPERATION_RECHECK_MS = 2000;
/** The most lines `tail` may ask for. */
const MAX_TAIL = 10_000;

export const LogStreamEnum = builder.enumType('LogStream', {
  description: 'Which output stream of a process a log line came from.',
  values: {
    STDOUT: { value: 'stdout', description: 'Standard output.' },
    STDERR: { value: 'stderr', description: 'Standard error.' },
  } as const,
});

/**
 * A log line as delivered: the provider's entry plus how many lines a slow
 * client lost before it, flattened so that every field is a plain property
 * (resolved without a resolver call: a chunk has a thousand lines).
 */
interface LogLineShape {
  timestamp: Date;
  stream: LogEntry['stream'];
  service: string;
  replica: number | null;
  message: string;
  dropped: number;
}

function logLineOf(d: Delivery<LogEntry>): LogLineShape {
  const e = d.item;
  return {
    timestamp: e.timestamp,
    stream: e.stream,
    service: e.service,
    replica: e.replica ?? null,
    message: e.message,
    dropped: d.dropped,
  };
}

const LogLineRef = builder.objectRef<LogLineShape>('LogLine').implement({
  description: 'One line a service wrote, as the provider reports it.',
  fields: (t) => ({
    timestamp: t.expose('timestamp', {
      type: 'DateTime',
      description: 'When the line was written (from the provider, millisecond precision).',
    }),
    stream: t.expose('stream', { type: LogStreamEnum, description: 'STDOUT or STDERR.' }),
    service: t.exposeString('service', { description: 'The service that wrote it.' }),
    replica: t.exposeInt('replica', {
      nullable: true,
      description: 'The replica (0-based) that wrote it, when the service has several.',
    }),
    message: t.exposeString('message', { description: 'The line, without its newline.' }),
    dropped: t.exposeInt('dropped', {
      description:
        'Lines dropped just before this one because the client read too slowly (the server keeps the newest ' +
        `${STREAM_LIMITS.logBuffer} lines per subscription). 0 when nothing was lost.`,
    }),
  }),
});

/** The arguments both log subscriptions take. */
const logArgs = builder.args((t) => ({
  instanceId: t.id({ required: true, description: 'The instance (global id).' }),
  service: t.string({ description: 'The service; the MAIN service when omitted.' }),
  tail: t.int({
    description: `Start with at most this many existing lines (0 to ${MAX_TAIL}); all when omitted.`,
  }),
  since: t.field({ type: 'DateTime', description: 'Only lines written at or after this time.' }),
  follow: t.boolean({ defaultValue: true, description: 'Keep streaming new lines (default true).' }),
}));

/** The most lines one `instanceLogChunks` message carries (the default): the log buffer's size. */
const MAX_CHUNK_LINES = STREAM_LIMITS.logBuffer;

/**
 * Who may read logs: LOGS, or EXEC, which read them before LOGS existed and keeps doing so (a shell
 * in a service reads its logs anyway). Both are declared so a refusal names both.
 */
const logsScopes = { $any: { logs: true, exec: true } } as const;

/** A chunk as delivered: its lines, and the sum of their `dropped`. */
interface LogChunkShape {
  lines: LogLineShape[];
  dropped: number;
}

const LogChunkRef = builder.objectRef<LogChunkShape>('LogChunk').implement({
  description: 'Consecutive log lines of one service, sent in one message.',
  fields: (t) => ({
    lines: t.expose('lines', {
      type: [LogLineRef],
      description: 'The lines, oldest first (at least one).',
    }),
    dropped: t.exposeInt('dropped', {
      description:
        'Lines dropped within and just before this chunk because the client read too slowly (the sum of its ' +
        "lines' `dropped`). 0 when nothing was lost.",
    }),
  }),
});

// ---------------------------------------------------------------- helpers

/**
 * A subscription's context lives as long as the stream; its loaders must not
 * answer a later event with what an earlier one cached.
 */
function fresh(ctx: GraphQLContext): void {
  ctx.loaders.clearAll();
}

function eventCursor(after: string | null | undefined): string | undefined {
  if (after == null) return undefined;
  return String(decodeEventCursor(after, 'after', 'not a cursor an Event returned'));
}

/** The caller's instance by global id; a foreign, unknown or malformed id is NotFound alike. */
async function ownInstance(ctx: GraphQLContext, globalId: string): Promise<Instance> {
  const id = localId(String(globalId), 'Instance');
  const [instance] = await ctx.services.queries.instancesByIds(ctx.principal.tenantId, [id]);
  if (!instance) throw new NotFoundError('instance');
  return instance;
}

/** Takes a stream slot of the caller's token and checks the token is still live. */
async function takeLease(ctx: GraphQLContext): Promise<StreamLease> {
  const lease = ctx.services.events.lease(ctx.principal);
  try {
    const pending = lease.check();
    if (pending) await pending;
    return lease;
  } catch (err) {
    lease.release();
    throw err;
  }
}

/**
 * Opens a service's log stream at its provider, under a stream lease, as a
 * feed: without `follow` the provider is read only as fast as the client
 * takes lines; with it the provider is never blocked and a slow client loses
 * the oldest lines instead.
 */
async function openLogFeed(
  args: {
    instanceId: string | number;
    service?: string | null;
    tail?: number | null;
    since?: Date | null;
    follow?: boolean | null;
  },
  ctx: GraphQLContext,
): Promise<Feed<LogEntry>> {
  if (args.tail != null && (!Number.isInteger(args.tail) || args.tail < 0 || args.tail > MAX_TAIL)) {
    throw ValidationError.of(['tail'], `must be an integer from 0 to ${MAX_TAIL}`);
  }
  const instance = await ownInstance(ctx, String(args.instanceId));
  if (instance.destroyedAt || instance.state === 'destroyed') throw new NotFoundError('instance');
  const service = args.service
    ? instance.services.find((s) => s.name === args.service)
    : instance.services.find((s) => s.role === 'main');
  if (!service) throw ValidationError.of(['service'], `the instance has no service "${args.service}"`);
  const source = await ctx.services.instances.logs.prepare(instance);
  let lease: StreamLease;
  try {
    lease = await takeLease(ctx);
  } catch (err) {
    source.release();
    throw err;
  }
  const follow = args.follow ?? true;
  let logs: LogStream;
  try {
    logs = await source.open({
      serviceName: service.name,
      follow,
      ...(args.since ? { since: args.since } : {}),
      ...(args.tail != null ? { tail: args.tail } : {}),
    });
  } catch (err) {
    lease.release();
    source.release();
    throw err;
  }
  const produce = async (sink: FeedSink<LogEntry>) => {
    const stop = () => void logs.close();
    // Read once: the getter is not free, and it is checked for every line.
    const signal = sink.signal;
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const entry of logs) {
        if (signal.aborted) break;
        // Following: never block the provider stream; a slow client loses the oldest lines instead.
        if (follow) sink.offer(entry);
        else {
          const full = sink.push(entry);
          if (full) await full;
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
      await logs.close();
      source.release();
    }
  };
  return new Feed(produce, { capacity: STREAM_LIMITS.logBuffer, lease });
}

/** The events of a stream up to and including the first that `last` accepts; return() reaches the stream. */
function through(stream: EventStream, last: (e: Event) => boolean): AsyncIterableIterator<Event> {
  let ended = false;
  const it: AsyncIterableIterator<Event> = {
    [Symbol.asyncIterator]: () => it,
    next: async () => {
      if (ended) return { value: undefined, done: true };
      const r = await stream.next();
      if (!r.done && last(r.value)) {
        ended = true;
        stream.close();
      }
      return r;
    },
    return: async () => {
      ended = true;
      stream.close();
      return { value: undefined, done: true };
    },
  };
  return it;
}

/** What makes two readings of an operation the same update. */
function operationKey(op: Operation): string {
  return JSON.stringify([
    op.status,
    op.steps,
    op.readinessOutcome,
    op.error,
    op.attempts,
    op.releaseId,
    op.finishedAt?.getTime(),
    op.rollout,
  ]);
}

function sleep(ms: number, signal: AbortSignal): Promise<'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve('timeout');
    }
  });
}

// ---------------------------------------------------------------- fields

builder.subscriptionFields((t) => ({
  instanceEvents: t.field({
    type: EventRef,
    description:
      "An instance's events in order: those after `after` from the record first, then live ones as they " +
      'happen, with no gap and no repeat between the two. Reconnect with the `cursor` of the last event ' +
      'received to lose nothing. Ends after the transition to DESTROYED.',
    authScopes: { read: true },
    args: {
      instanceId: t.arg.id({ required: true, description: 'The instance (global id).' }),
      after: t.arg.string({
        description:
          'Replay from just after this event cursor ("0" for the whole history); live from now when omitted.',
      }),
    },
    subscribe: async (_root, args, ctx) => {
      const after = eventCursor(args.after);
      const instance = await ownInstance(ctx, String(args.instanceId));
      const lease = await takeLease(ctx);
      const stream = ctx.services.events.stream(
        { tenantId: ctx.principal.tenantId, instanceId: instance.id },
        after,
        lease,
      );
      if (instance.destroyedAt && after === undefined) stream.close();
      return through(stream, (e) => e.type === 'instance.state_changed' && e.toState === 'destroyed');
    },
    resolve: (event, _args, ctx) => {
      fresh(ctx);
      return event;
    },
  }),

  events: t.field({
    type: EventRef,
    description:
      "The tenant's event feed, oldest first: the record after `after`, then live. What a dashboard " +
      'watches; resume with the `cursor` of the last event received.',
    authScopes: { read: true },
    args: {
      filter: t.arg({ type: EventFilter, description: 'Only events of these types, or of this instance.' }),
      after: t.arg.string({
        description: 'Replay from just after this event cursor ("0" for everything); live from now when omitted.',
      }),
    },
    subscribe: async (_root, args, ctx) => {
      const after = eventCursor(args.after);
      const filter = eventFilterOf(args.filter);
      if (args.filter?.instanceId != null) await ownInstance(ctx, String(args.filter.instanceId));
      const lease = await takeLease(ctx);
      return ctx.services.events.stream(
        { tenantId: ctx.principal.tenantId, instanceId: filter.instanceId, types: filter.types },
        after,
        lease,
      );
    },
    resolve: (event, _args, ctx) => {
      fresh(ctx);
      return event;
    },
  }),

  operationUpdates: t.field({
    type: OperationRef,
    description:
      'An operation as it progresses: its current state first, then an update at each step or status ' +
      'change, then the terminal update (SUCCEEDED, FAILED or CANCELED, with the readiness outcome), ' +
      'after which the stream completes.',
    authScopes: { read: true },
    args: { operationId: t.arg.id({ required: true, description: 'The operation (global id).' }) },
    subscribe: async (_root, args, ctx) => {
      const operationId = localId(String(args.operationId), 'Operation');
      const tenantId = ctx.principal.tenantId;
      const load = async () => (await ctx.services.queries.operationsByIds(tenantId, [operationId]))[0];
      if (!(await load())) throw new NotFoundError('operation');
      const lease = await takeLease(ctx);
      // Live first, read second: a change between the two is then seen twice, never missed.
      const changes = ctx.services.events.stream({ tenantId, operationId }, undefined);
      const produce = async (sink: FeedSink<Operation>) => {
        const stop = () => changes.close();
        sink.signal.addEventListener('abort', stop, { once: true });
        try {
          let last = '';
          const emit = async (op: Operation | undefined): Promise<boolean> => {
            if (!op) return true;
            const key = operationKey(op);
            if (key !== last) {
              last = key;
              await sink.push(op);
            }
            return isTerminal(op.status);
          };
          if (await emit(await load())) return;
          let pending = changes.next();
          // A failure is read by the race below; one after the end has nobody to tell.
          pending.catch(() => {});
          while (!sink.signal.aborted) {
            const r = await Promise.race([pending, sleep(OPERATION_RECHECK_MS, sink.signal)]);
            if (r !== 'timeout') {
              if (r.done) return;
              pending = changes.next();
              pending.catch(() => {});
            }
            if (sink.signal.aborted) return;
            if (await emit(await load())) return;
          }
        } finally {
          sink.signal.removeEventListener('abort', stop);
          changes.close();
        }
      };
      return new Feed(produce, { capacity: 16, lease });
    },
    resolve: (d, _args, ctx) => {
      fresh(ctx);
      return d.item;
    },
  }),

  instanceLogs: t.field({
    type: LogLineRef,
    description:
      "A service's log lines from its provider (every replica, merged). With `follow` the stream stays open " +
      'for new lines until the client unsubscribes, which closes the request at the provider; without it, ' +
      'the stream ends after the lines that exist. A client that reads too slowly loses the oldest lines, ' +
      'and the next line it gets says how many (`dropped`). `instanceLogChunks` delivers the same lines in ' +
      'batches, which is much faster for reading many. Needs LOGS (or EXEC, which implies it).',
    authScopes: logsScopes,
    args: logArgs,
    subscribe: (_root, args, ctx) => openLogFeed(args, ctx),
    resolve: (line) => logLineOf(line),
  }),

  instanceLogChunks: t.field({
    type: LogChunkRef,
    description:
      'The lines of `instanceLogs`, in order, in batches of up to `maxLines`: each message carries every line ' +
      'that is ready when it is sent (one line at a time when lines trickle in, full batches when many are ' +
      'waiting), so reading a long log costs one message per batch instead of one per line. Same arguments, ' +
      'limits and `dropped` counts as `instanceLogs`. Needs LOGS (or EXEC).',
    authScopes: logsScopes,
    args: {
      ...logArgs,
      maxLines: t.arg.int({
        defaultValue: MAX_CHUNK_LINES,
        description: `The most lines in one message (1 to ${MAX_CHUNK_LINES}, default ${MAX_CHUNK_LINES}).`,
      }),
    },
    subscribe: async (_root, args, ctx) => {
      const maxLines = args.maxLines ?? MAX_CHUNK_LINES;
      if (!Number.isInteger(maxLines) || maxLines < 1 || maxLines > MAX_CHUNK_LINES) {
        throw ValidationError.of(['maxLines'], `must be an integer from 1 to ${MAX_CHUNK_LINES}`);
      }
      return (await openLogFeed(args, ctx)).batches(maxLines);
    },
    resolve: (deliveries) => {
      const lines = deliveries.map(logLineOf);
      let dropped = 0;
      for (const l of lines) dropped += l.dropped;
      return { lines, dropped };
    },
  }),
}));
