/**
 * Shared execution of subscription events, for the graphql-ws server. A feed
 * watched by thousands delivers the same event object to each subscriber;
 * without this, each would execute the same selection set on it again.
 *
 * It is transport plumbing, not schema: it runs documents with graphql-js
 * (`createSourceEventStream`, `execute`) in place of the transport's own
 * `subscribe`, and applies the server's error masking, so it belongs beside
 * the server that calls it. It cannot live in control/streams either: control
 * knows events and leases, never GraphQL documents or results.
 */
import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import type { EventPush } from '../control/streams/event-stream.js';

/** Results of one event, by the shape of subscription that asked (see subscribeShared). */
const sharedResults = new WeakMap<object, Map<string, Promise<ExecutionResult> | ExecutionResult>>();

/**
 * Runs a subscription operation like `subscribe` does, except that an event
 * object delivered to many subscribers of the same shape (`key`: same
 * tenant, scopes, document and variables) is executed once and the result
 * shared. Every subscriber keeps its own source stream (cursor, lease, token
 * checks); only the per-event execution of the selection set is shared, which
 * is what a feed with thousands of watchers would otherwise repeat for each.
 * When the stream cannot start, `fallback` runs the usual path so the errors
 * are shaped (and masked) exactly as for any other request. `mask` applies
 * the server's error masking to per-event results.
 */
export async function subscribeShared(
  args: ExecutionArgs,
  options: {
    key: string;
    mask: (errors: readonly GraphQLError[]) => GraphQLError[];
    fallback: (args: ExecutionArgs) => unknown;
    /** When given, each event's result is written here, and the iterator returned only ends or fails. */
    direct?: DirectDelivery;
  },
): Promise<unknown> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return options.fallback(args);
  const compiled = compiledEvent(args.schema, args.document, args.operationName ?? undefined);
  /** Executes the selection on one event: synchronously when every resolver it reaches is. */
  const run = (payload: unknown): ExecutionResult | Promise<ExecutionResult> => {
    const result = compiled
      ? (compiled(payload, args.contextValue, args.variableValues ?? undefined) as
          | ExecutionResult
          | Promise<ExecutionResult>)
      : execute({ ...args, rootValue: payload });
    return isPromise(result) ? result.then(masked) : masked(result);
  };
  const masked = (result: ExecutionResult): ExecutionResult =>
    result.errors?.length ? { ...result, errors: options.mask(result.errors) } : result;
  /** The result of an event for this shape: the one already made for another subscriber, or made now. */
  const shared = (payload: unknown): ExecutionResult | Promise<ExecutionResult> => {
    if (typeof payload !== 'object' || payload === null) return run(payload);
    let byKey = sharedResults.get(payload);
    if (!byKey) {
      byKey = new Map();
      sharedResults.set(payload, byKey);
    }
    const held = byKey.get(options.key);
    if (held) return held;
    const result = run(payload);
    // A result without errors is kept beside the event, so the subscribers after the first take it
    // without waiting. One with errors (the database away for a moment) is for those waiting now; a
    // subscriber that re-reads this event later (after re-subscribing) executes it again.
    if (!isPromise(result)) {
      if (!result.errors?.length) byKey.set(options.key, result);
      return result;
    }
    const keep = byKey;
    const forget = () => {
      if (keep.get(options.key) === result) keep.delete(options.key);
    };
    keep.set(options.key, result);
    void result.then((r) => {
      if (r.errors?.length) forget();
      else if (keep.get(options.key) === result) keep.set(options.key, r);
    }, forget);
    return result;
  };
  const iterator = source[Symbol.asyncIterator]();
  const mapped: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => mapped,
    next: async () => {
      let r: IteratorResult<unknown>;
      try {
        r = await iterator.next();
      } catch (err) {
        // The stream failed (a revoked token, a database gone): the client sees it masked like any error.
        const error =
          err instanceof GraphQLError
            ? err
            : new GraphQLError(String((err as Error)?.message ?? err), { originalError: err as Error });
        throw options.mask([error])[0] ?? error;
      }
      if (r.done) return { value: undefined, done: true };
      return { value: await shared(r.value), done: false };
    },
    // Reaches the source at once, even while next() waits: the stream lets go of its lease and provider.
    return: async () => {
      await iterator.return?.();
      return { value: undefined, done: true };
    },
  };
  if (!options.direct) return mapped;
  const out = delivered(mapped, options.direct);
  // A stream that can push (an event feed) hands each live event straight to the socket while nothing
  // is in flight for this subscriber: no promise between the hub's loop and the socket's write.
  if (isPushable(source)) {
    const direct = options.direct;
    source.pushTo((payload) => {
      if (out.stopped || !direct.ready()) return false;
      const result = shared(payload);
      if (isPromise(result)) return false;
      direct.next(result);
      return true;
    });
  }
  return out;
}

/**
 * Where a subscriber's results go when they skip the transport's own loop:
 * graphql-ws takes each result from the iterator, awaits its `onNext` hook,
 * encodes the message and awaits the socket's write callback, about ten
 * promise steps per subscriber per event. A feed watched by thousands pays
 * that for each; written here, an event is one step from the stream to the socket.
 */
export interface DirectDelivery {
  /** Whether a result sent now would be written at once (the socket is open and not backed up). */
  ready(): boolean;
  /**
   * Sends one result as the transport's `next` message of this subscription.
   * Returns a promise only when the socket is backed up: the subscriber's
   * stream then waits (and, far enough behind, catches up from the table)
   * instead of the socket's buffer growing.
   */
  next(result: ExecutionResult): Promise<void> | undefined;
}

/**
 * The iterator the transport sees: its first next() pumps every result to
 * `direct` and settles only when the stream ends (done, so the transport
 * sends `complete`) or fails (so it sends the error), exactly where the
 * transport's own loop would have. return() (the client unsubscribed, the
 * socket closed) ends the stream at once and nothing more is written.
 */
function delivered(
  source: AsyncIterableIterator<ExecutionResult>,
  direct: DirectDelivery,
): AsyncIterableIterator<ExecutionResult> & { readonly stopped: boolean } {
  let stopped = false;
  let pumping: Promise<IteratorResult<ExecutionResult>> | undefined;
  const pump = async (): Promise<IteratorResult<ExecutionResult>> => {
    for (;;) {
      const r = await source.next();
      if (r.done || stopped) return { value: undefined, done: true };
      const backedUp = direct.next(r.value);
      if (backedUp) await backedUp;
    }
  };
  const it: AsyncIterableIterator<ExecutionResult> & { readonly stopped: boolean } = {
    get stopped() {
      return stopped;
    },
    [Symbol.asyncIterator]: () => it,
    next: () => {
      if (stopped) return Promise.resolve({ value: undefined, done: true });
      pumping ??= pump();
      return pumping;
    },
    return: async () => {
      stopped = true;
      await source.return?.();
      return { value: undefined, done: true };
    },
  };
  return it;
}

/** Runs an operation's selection set on one event (the root value); the compiled form of `execute`. */
type EventExecutor = (root: unknown, context: unknown, variables: Record<string, unknown> | undefined) => unknown;

/** Compiled documents, by schema, then document (yoga's parse cache hands out one object per query), then operation. */
const compiledEvents = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, EventExecutor | null>>>();

/**
 * The document compiled by graphql-jit, once per schema, document and
 * operation: an event's selection set then runs as generated code that
 * builds plain objects, instead of graphql-js resolving every field of every
 * item (a log chunk of a thousand lines is three thousand fields) into
 * null-prototype objects that are slow to encode. `undefined` when jit cannot
 * compile it; `execute` runs it then.
 */
function compiledEvent(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
): EventExecutor | undefined {
  let byDocument = compiledEvents.get(schema);
  if (!byDocument) {
    byDocument = new WeakMap();
    compiledEvents.set(schema, byDocument);
  }
  let byOperation = byDocument.get(document);
  if (!byOperation) {
    byOperation = new Map();
    byDocument.set(document, byOperation);
  }
  const key = operationName ?? '';
  let executor = byOperation.get(key);
  if (executor === undefined) {
    const c = compileQuery(schema, document, operationName);
    executor = isCompiledQuery(c) ? (c.query as EventExecutor) : null;
    byOperation.set(key, executor);
  }
  return executor ?? undefined;
}

function isPromise<T>(x: T | Promise<T>): x is Promise<T> {
  return typeof (x as { then?: unknown } | null)?.then === 'function';
}

/** A source that can hand live events over synchronously (an EventStream). */
function isPushable(x: unknown): x is { pushTo(push: EventPush): void } {
  return typeof (x as { pushTo?: unknown }).pushTo === 'function';
}

function isAsyncIterable(x: unknown): x is AsyncIterable<unknown> {
  return typeof x === 'object' && x !== null && Symbol.asyncIterator in x;
}
