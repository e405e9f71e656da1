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
import { createSourceEventStream, type ExecutionArgs, type ExecutionResult, execute, GraphQLError } from 'graphql';

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
  },
): Promise<unknown> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return options.fallback(args);
  const run = async (payload: unknown): Promise<ExecutionResult> => {
    const result = await execute({ ...args, rootValue: payload });
    return result.errors?.length ? { ...result, errors: options.mask(result.errors) } : result;
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
      const payload = r.value as unknown;
      if (typeof payload !== 'object' || payload === null) return { value: await run(payload), done: false };
      let byKey = sharedResults.get(payload);
      if (!byKey) {
        byKey = new Map();
        sharedResults.set(payload, byKey);
      }
      let result = byKey.get(options.key);
      if (!result) {
        const running = run(payload);
        result = running;
        const shared = byKey;
        // A result with errors (the database away for a moment) is for those waiting now; a subscriber
        // that re-reads this event later (after re-subscribing) executes it again rather than inherit it.
        const forget = () => {
          if (shared.get(options.key) === running) shared.delete(options.key);
        };
        void running.then((r) => (r.errors?.length ? forget() : undefined), forget);
        byKey.set(options.key, result);
      }
      return { value: await result, done: false };
    },
    // Reaches the source at once, even while next() waits: the stream lets go of its lease and provider.
    return: async () => {
      await iterator.return?.();
      return { value: undefined, done: true };
    },
  };
  return mapped;
}

function isAsyncIterable(x: unknown): x is AsyncIterable<unknown> {
  return typeof x === 'object' && x !== null && Symbol.asyncIterator in x;
}
