import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { WheelhouseAbortError, WheelhouseRequestError } from './errors.js';
import {
  BuildDocument,
  type BuildFieldsFragment,
  type BuildLogLineFieldsFragment,
  BuildLogPageDocument,
  CancelOperationDocument,
  DeployInstanceDocument,
  type DeployInstanceInput,
  DeprovisionInstanceDocument,
  type EventFieldsFragment,
  type EventFilter,
  type InstanceActionInput,
  InstanceDocument,
  type InstanceFieldsFragment,
  InstanceLatestEventDocument,
  InstancesDocument,
  LatestEventDocument,
  OperationDocument,
  type OperationFieldsFragment,
  ProvisionInstanceDocument,
  type ProvisionInstanceInput,
  RestartInstanceDocument,
  RollbackInstanceDocument,
  type RollbackInstanceInput,
  ScaleInstanceDocument,
  type ScaleInstanceInput,
  StartInstanceDocument,
  StopInstanceDocument,
  WatchBuildLogsDocument,
  WatchEventsDocument,
  WatchInstanceEventsDocument,
  WatchInstanceLogChunksDocument,
  type WatchInstanceLogsSubscription,
  type WatchInstanceLogsSubscriptionVariables,
  WatchOperationUpdatesDocument,
} from './generated/graphql.js';
import { postGraphQL } from './http-transport.js';
import { raceAbort, resumable, type StreamOptions } from './resume.js';
import { type StreamTransport, sseTransport, webSocketTransport } from './stream-transport.js';
import { unwrap } from './unwrap.js';
import { postGraphQLMultipart, type UploadFile, type UploadOptions } from './upload.js';

/** How to reach a Wheelhouse server. */
export interface WheelhouseClientOptions {
  /** The GraphQL endpoint, e.g. `http://127.0.0.1:4000/graphql` (the WebSocket URL is derived from it). */
  url: string;
  /** An API token (sent as `Authorization: Bearer …`, and in graphql-ws `connection_init`). */
  token?: string;
  /** The fetch to use for HTTP and SSE (default: the global fetch). */
  fetch?: typeof fetch;
  /**
   * A WebSocket constructor for subscriptions (e.g. `ws`'s default export on
   * Node 20). Default: the global WebSocket where there is one; without any,
   * subscriptions go over SSE.
   */
  webSocketImpl?: unknown;
  /** Force a subscription transport (default: graphql-ws when a WebSocket exists, else SSE). */
  transport?: 'graphql-ws' | 'sse';
}

/** Options of a single query or mutation. */
export interface RequestOptions {
  /** Cancels the HTTP request. */
  signal?: AbortSignal;
}

// Short local names for the fragment types (the schema's own `Operation`, `Instance`… are other, wider types).
type Operation = OperationFieldsFragment;
type Instance = InstanceFieldsFragment;
type WheelhouseEvent = EventFieldsFragment;

/** A log line as `instanceLogs` yields it. */
export type LogLineData = WatchInstanceLogsSubscription['instanceLogs'];

/** Options of `waitForOperation` and the `…AndWait` helpers. */
export interface WaitOptions extends Omit<StreamOptions, 'signal'> {
  /**
   * Stops waiting (the operation keeps running on the server): the promise
   * rejects with a WheelhouseAbortError.
   */
  signal?: AbortSignal;
  /** Called with the operation's state at each step or status change, the terminal one included. */
  onUpdate?: (operation: Operation) => void;
}

/** What an `…AndWait` helper resolves to once the operation has ended. */
export interface OperationOutcome {
  /** The operation in its terminal state (check `status` and `readinessOutcome`). */
  operation: Operation;
  /** The instance as it is after the operation (null once it is gone). */
  instance: Instance | null;
}

/** Operation statuses after which nothing changes. */
export const TERMINAL_STATUSES: ReadonlySet<OperationFieldsFragment['status']> = new Set([
  'SUCCEEDED',
  'FAILED',
  'CANCELED',
]);

/** A Wheelhouse client: typed requests, resuming streams and waits. Create one with `createWheelhouseClient`. */
export interface WheelhouseClient {
  /** The GraphQL endpoint it talks to. */
  readonly url: string;
  /**
   * Runs a typed query or mutation over HTTP and returns its data. Throws
   * WheelhouseAuthError (401), WheelhouseUnreachableError (no server) or
   * WheelhouseRequestError (GraphQL errors). Result unions stay typed: pass
   * a field to `unwrap` to throw its error member instead.
   */
  request<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables?: TVariables,
    options?: RequestOptions,
  ): Promise<TResult>;
  /**
   * Runs a typed mutation with files, as a GraphQL multipart request: `files`
   * is keyed by where each goes in `variables` (`input.build.source.archive`),
   * and each is streamed as it is sent, reported to `onProgress`. Throws like
   * `request`.
   */
  upload<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
    files: Readonly<Record<string, UploadFile>>,
    options?: UploadOptions,
  ): Promise<TResult>;
  /**
   * Subscribes with a typed document and yields each result's data, once,
   * without resuming (use the named streams for that). `break` or the
   * signal ends it.
   */
  subscribe<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<TResult, void, undefined>;
  /**
   * An instance's events, oldest first: after `after` ("0": the whole
   * history; omitted: from now), then live. Resumes after a dropped socket or
   * a server restart from the last event it delivered; ends after the
   * transition to DESTROYED.
   */
  instanceEvents(
    instanceId: string,
    options?: StreamOptions & { after?: string },
  ): AsyncGenerator<WheelhouseEvent, void, undefined>;
  /** The tenant's event feed (optionally filtered), resuming like `instanceEvents`; it never ends by itself. */
  events(
    options?: StreamOptions & { after?: string; filter?: EventFilter },
  ): AsyncGenerator<WheelhouseEvent, void, undefined>;
  /**
   * An operation's current state, then each change, ending with its terminal
   * state. Resumes after a drop (a state already delivered is not repeated).
   */
  operationUpdates(operationId: string, options?: StreamOptions): AsyncGenerator<Operation, void, undefined>;
  /**
   * A build's log lines: those after `after` (omitted: from its first), then
   * live; ends when the build ends. Resumes after a dropped socket or a
   * server restart from the last line it delivered: no line lost, none twice.
   */
  buildLogs(
    buildId: string,
    options?: StreamOptions & { after?: string },
  ): AsyncGenerator<BuildLogLineFieldsFragment, void, undefined>;
  /** A build as it is now (null: no such build, or not the caller's). */
  build(buildId: string, options?: RequestOptions): Promise<BuildFieldsFragment | null>;
  /** A service's log lines (no cursor, so no resume: a drop ends the stream with an error). */
  instanceLogs(
    variables: WatchInstanceLogsSubscriptionVariables,
    options?: { signal?: AbortSignal },
  ): AsyncGenerator<LogLineData, void, undefined>;
  /** Follows `operationUpdates` until the operation ends and resolves to its terminal state. */
  waitForOperation(operationId: string, options?: WaitOptions): Promise<Operation>;
  /** The first instance with exactly this name (names are unique among live instances), or null. */
  instanceByName(name: string, options?: RequestOptions): Promise<Instance | null>;
  /** Provisions, then waits for the operation to end. A typed error member is thrown (WheelhouseApiError). */
  provisionAndWait(input: ProvisionInstanceInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Deploys, then waits. */
  deployAndWait(input: DeployInstanceInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Scales, then waits. */
  scaleAndWait(input: ScaleInstanceInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Rolls back, then waits. */
  rollbackAndWait(input: RollbackInstanceInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Starts, then waits. */
  startAndWait(input: InstanceActionInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Stops, then waits. */
  stopAndWait(input: InstanceActionInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Restarts, then waits. */
  restartAndWait(input: InstanceActionInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Deprovisions, then waits. */
  deprovisionAndWait(input: InstanceActionInput, options?: WaitOptions): Promise<OperationOutcome>;
  /** Cancels an operation (queued: at once; running: asked to stop) and returns it. */
  cancelOperation(operationId: string, options?: RequestOptions): Promise<Operation>;
  /** The subscription transport in use. */
  readonly transport: 'graphql-ws' | 'sse';
  /** Closes the subscription connection. Open streams end. */
  dispose(): Promise<void>;
}

/**
 * Creates a client for the Wheelhouse at `url`. Queries and mutations go
 * over HTTP; subscriptions over graphql-ws (token in `connection_init`), or
 * SSE where no WebSocket is available.
 *
 * @example
 * import WebSocket from 'ws';
 * const wh = createWheelhouseClient({ url: 'http://127.0.0.1:4000/graphql', token, webSocketImpl: WebSocket });
 */
export function createWheelhouseClient(options: WheelhouseClientOptions): WheelhouseClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const http = { url: options.url, token: options.token, fetch: fetchFn };
  const webSocketImpl = options.webSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket;
  const kind = options.transport ?? (webSocketImpl ? 'graphql-ws' : 'sse');
  let streams: StreamTransport | undefined;
  const transport = (): StreamTransport => {
    streams ??=
      kind === 'graphql-ws'
        ? webSocketTransport(options.url, options.token, webSocketImpl)
        : sseTransport(options.url, options.token, fetchFn);
    return streams;
  };

  const request = <TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables?: TVariables,
    opts?: RequestOptions,
  ) => postGraphQL(http, document, variables, opts?.signal);

  async function* subscribe<TResult, TVariables>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables: TVariables,
    opts: { signal?: AbortSignal } = {},
  ): AsyncGenerator<TResult, void, undefined> {
    const it = transport().iterate(document, variables);
    try {
      for (;;) {
        const r = await raceAbort(it.next(), opts.signal);
        if (r.done) return;
        yield r.value;
      }
    } catch (err) {
      if (err instanceof WheelhouseAbortError) return;
      throw err;
    } finally {
      void it.return?.()?.catch(() => {});
    }
  }

  async function* instanceEvents(
    instanceId: string,
    opts: StreamOptions & { after?: string } = {},
  ): AsyncGenerator<WheelhouseEvent, void, undefined> {
    // "From now" is pinned to the newest event at the start (over HTTP, which also
    // proves the server and token), so a reconnect resumes from there, not from a later now.
    let after = opts.after;
    if (after === undefined) {
      const { instance } = await request(InstanceLatestEventDocument, { id: instanceId }, opts);
      if (!instance) throw new WheelhouseRequestError([{ message: `no instance ${instanceId}` }]);
      if (instance.state === 'DESTROYED') return;
      after = instance.events.edges[0]?.cursor ?? '0';
    }
    for await (const r of resumable(
      {
        open: (cursor) => transport().iterate(WatchInstanceEventsDocument, { instanceId, after: cursor ?? null }),
        cursorOf: (r) => r.instanceEvents.cursor,
        isLast: (r) => r.instanceEvents.type === 'instance.state_changed' && r.instanceEvents.toState === 'DESTROYED',
      },
      after,
      opts,
    ))
      yield r.instanceEvents;
  }

  async function* events(
    opts: StreamOptions & { after?: string; filter?: EventFilter } = {},
  ): AsyncGenerator<WheelhouseEvent, void, undefined> {
    const filter = opts.filter ?? null;
    let after = opts.after;
    if (after === undefined) {
      const latest = await request(LatestEventDocument, { filter }, opts);
      after = latest.events.edges[0]?.cursor ?? '0';
    }
    for await (const r of resumable(
      {
        open: (cursor) => transport().iterate(WatchEventsDocument, { filter, after: cursor ?? null }),
        cursorOf: (r) => r.events.cursor,
        isLast: () => false,
      },
      after,
      opts,
    ))
      yield r.events;
  }

  async function* operationUpdates(
    operationId: string,
    opts: StreamOptions = {},
  ): AsyncGenerator<Operation, void, undefined> {
    for await (const r of resumable(
      {
        open: () => transport().iterate(WatchOperationUpdatesDocument, { operationId }),
        cursorOf: () => undefined,
        isLast: (r) => TERMINAL_STATUSES.has(r.operationUpdates.status),
        // After a reconnect the stream starts again with the current state: skip it when nothing changed.
        isRepeat: (r, prev) => prev !== undefined && JSON.stringify(r) === JSON.stringify(prev),
      },
      undefined,
      opts,
    ))
      yield r.operationUpdates;
  }

  async function* instanceLogs(
    variables: WatchInstanceLogsSubscriptionVariables,
    opts: { signal?: AbortSignal } = {},
  ): AsyncGenerator<LogLineData, void, undefined> {
    // Lines come in chunks (one message for every line ready at once), which reads a long log far faster.
    for await (const r of subscribe(WatchInstanceLogChunksDocument, variables, opts)) yield* r.instanceLogChunks.lines;
  }

  async function build(buildId: string, opts?: RequestOptions): Promise<BuildFieldsFragment | null> {
    const { node } = await request(BuildDocument, { id: buildId }, opts);
    return node?.__typename === 'Build' ? node : null;
  }

  async function* buildLogs(
    buildId: string,
    opts: StreamOptions & { after?: string } = {},
  ): AsyncGenerator<BuildLogLineFieldsFragment, void, undefined> {
    let last = opts.after;
    for await (const r of resumable(
      {
        open: (cursor) => transport().iterate(WatchBuildLogsDocument, { buildId, after: cursor ?? null }),
        cursorOf: (r) => r.buildLogs.cursor,
        isLast: () => false,
        // The server completes the stream when the build ends, and when it restarts: ask which.
        ended: async () => {
          const b = await build(buildId, opts);
          if (!b) throw new WheelhouseRequestError([{ message: `no build ${buildId}` }]);
          return TERMINAL_STATUSES.has(b.status as OperationFieldsFragment['status']);
        },
      },
      opts.after,
      opts,
    )) {
      last = r.buildLogs.cursor;
      yield r.buildLogs;
    }
    if (opts.signal?.aborted) return;
    // A stream cut just as the build ended may have missed its last lines: read them from the record.
    for (;;) {
      const { node } = await request(BuildLogPageDocument, { id: buildId, first: 500, after: last ?? null }, opts);
      if (node?.__typename !== 'Build') return;
      for (const edge of node.logs.edges) {
        last = edge.cursor;
        yield edge.node;
      }
      if (!node.logs.pageInfo.hasNextPage) return;
    }
  }

  async function waitForOperation(operationId: string, opts: WaitOptions = {}): Promise<Operation> {
    let last: Operation | undefined;
    for await (const op of operationUpdates(operationId, opts)) {
      last = op;
      opts.onUpdate?.(op);
      if (TERMINAL_STATUSES.has(op.status)) return op;
    }
    if (opts.signal?.aborted) throw new WheelhouseAbortError('stopped waiting; the operation goes on');
    // The stream cannot end without a terminal state unless the operation vanished.
    const { operation } = await request(OperationDocument, { id: operationId });
    if (operation && TERMINAL_STATUSES.has(operation.status)) return operation;
    throw new WheelhouseRequestError([
      { message: `operation ${operationId} stream ended in ${last?.status ?? operation?.status ?? 'no state'}` },
    ]);
  }

  async function outcome(
    payload: { operation: Operation; instance: Instance | null },
    opts: WaitOptions,
  ): Promise<OperationOutcome> {
    const operation = TERMINAL_STATUSES.has(payload.operation.status)
      ? payload.operation
      : await waitForOperation(payload.operation.id, opts);
    if (operation === payload.operation) opts.onUpdate?.(operation);
    const id = payload.instance?.id ?? operation.instance?.id;
    const instance = id ? ((await request(InstanceDocument, { id })).instance ?? null) : null;
    return { operation, instance };
  }

  return {
    url: options.url,
    get transport() {
      return kind;
    },
    request,
    upload: (document, variables, files, opts) => postGraphQLMultipart(http, document, variables, files, opts),
    subscribe,
    instanceEvents,
    events,
    operationUpdates,
    instanceLogs,
    buildLogs,
    build,
    waitForOperation,
    async instanceByName(name, opts) {
      const r = await request(InstancesDocument, { first: 1, filter: { name } }, opts);
      return r.instances.edges[0]?.node ?? null;
    },
    provisionAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(ProvisionInstanceDocument, { input }, opts)).provisionInstance), opts),
    deployAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(DeployInstanceDocument, { input }, opts)).deployInstance), opts),
    scaleAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(ScaleInstanceDocument, { input }, opts)).scaleInstance), opts),
    rollbackAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(RollbackInstanceDocument, { input }, opts)).rollbackInstance), opts),
    startAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(StartInstanceDocument, { input }, opts)).startInstance), opts),
    stopAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(StopInstanceDocument, { input }, opts)).stopInstance), opts),
    restartAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(RestartInstanceDocument, { input }, opts)).restartInstance), opts),
    deprovisionAndWait: async (input, opts = {}) =>
      outcome(unwrap((await request(DeprovisionInstanceDocument, { input }, opts)).deprovisionInstance), opts),
    async cancelOperation(operationId, opts) {
      return unwrap((await request(CancelOperationDocument, { input: { operationId } }, opts)).cancelOperation)
        .operation;
    },
    async dispose() {
      await streams?.dispose();
      streams = undefined;
    },
  };
}
