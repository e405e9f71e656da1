import type { IncomingMessage, Server } from 'node:http';
import { type DocumentNode, type ExecutionArgs, GraphQLError, getOperationAST, print } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { createGraphQLError, type MaskError } from 'graphql-yoga';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Principal } from '../control/scopes.js';
import type { Services } from '../control/services.js';
import { STREAM_LIMITS } from '../control/streams/stream-limits.js';
import type { GraphQLContext } from '../schema/context.js';
import { authenticateCredentials } from './auth.js';
import { maskAll } from './error-masking.js';
import { REQUEST_LIMITS } from './limits.js';
import { createOriginPolicy, type OriginPolicy, originOf } from './origin-policy.js';
import { countWsSubscription } from './request-metrics.js';
import { SharedPayloads } from './shared-payloads.js';
import { type DirectDelivery, subscribeShared } from './subscribe-shared.js';
import type { GraphQLServer } from './yoga.js';

type WsExtra = {
  request: IncomingMessage;
  socket: WebSocket;
  principal?: Principal;
  /** Ids of this connection's subscription operations (pruned against graphql-ws's live ones). */
  streams?: Set<string>;
};

/** The graphql-ws endpoint, closed by `close()`. */
export interface WsServer {
  /** Closes every socket (1001), ends their subscriptions and stops accepting connections. */
  close(): Promise<void>;
}

/**
 * graphql-ws on the HTTP server's `/graphql`: authenticated once per
 * connection (connection parameter `authorization`), the same envelop
 * pipeline and limits as HTTP, a cap on open subscriptions per connection,
 * subscribers of one shape sharing each event's execution and its encoding, and every socket
 * of a token closed the moment the token is revoked.
 */
export function createWsServer(
  server: Server,
  graphql: GraphQLServer,
  services: Services,
  mask: MaskError,
  origins: OriginPolicy = createOriginPolicy(),
): WsServer {
  const wss = new WebSocketServer({
    server,
    path: '/graphql',
    maxPayload: REQUEST_LIMITS.maxBodyBytes,
    // The upgrade of a page of a foreign origin is refused (403) before a socket exists: the same rule as HTTP.
    verifyClient: ({ req }: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) => {
      const { origin, host } = originOf(req);
      if (origin === undefined || origins.allows(origin, host)) done(true);
      else done(false, 403, origins.refusal(origin));
    },
  });
  const socketsByToken = new Map<string, Set<WebSocket>>();
  const forgetRevocation = services.tokens.onRevoked((tokenId) => {
    services.events.revoked(tokenId);
    for (const socket of socketsByToken.get(tokenId) ?? []) socket.close(CloseCode.Unauthorized, 'token revoked');
  });
  const forgetSessionEnd = services.sessions.onEnded((sessionId) => {
    services.events.revoked(sessionId);
    for (const socket of socketsByToken.get(sessionId) ?? []) socket.close(CloseCode.Unauthorized, 'signed out');
  });
  // Each shared event result is encoded once, not once per subscriber (see shared-payloads.ts).
  const payloads = new SharedPayloads();
  wss.on('connection', (socket) => {
    const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
    socket.send = ((data: unknown, ...rest: unknown[]) =>
      send(typeof data === 'string' ? payloads.expand(data) : data, ...rest)) as WebSocket['send'];
  });
  const disposable = useServer<Record<string, unknown> | undefined, WsExtra>(
    {
      jsonMessageReplacer: payloads.replacer,
      onNext: (_ctx, _id, _payload, _args, result) => payloads.onNext(result) as never,
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => unknown }).execute(args) as never,
      // Subscribers of the same shape share each event's execution (a feed watched by thousands).
      subscribe: (args) => {
        const { principal } = args.contextValue as GraphQLContext;
        return countWsSubscription(
          args,
          subscribeShared(args, {
            key: [
              principal.tenantId,
              [...principal.scopes].sort().join(','),
              args.operationName ?? '',
              JSON.stringify(args.variableValues ?? {}),
              printed(args.document),
            ].join('\n'),
            mask: (errors) => maskAll(mask, errors),
            fallback: (a) => (a.rootValue as { subscribe: (x: ExecutionArgs) => unknown }).subscribe(a),
            direct: (args.rootValue as { direct?: DirectDelivery }).direct,
          }),
        ) as never;
      },
      onConnect: async (ctx) => {
        const raw = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        // A token in the connection parameters, else the session cookie of the upgrade request (the
        // origin policy above already refused a page of another site).
        const principal = await authenticateCredentials(services, {
          authorization: typeof raw === 'string' ? raw : undefined,
          cookie: ctx.extra.request.headers.cookie,
        });
        if (!principal) {
          ctx.extra.socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
        ctx.extra.principal = principal;
        const set = socketsByToken.get(principal.tokenId) ?? new Set();
        set.add(ctx.extra.socket);
        socketsByToken.set(principal.tokenId, set);
        ctx.extra.socket.once('close', () => {
          set.delete(ctx.extra.socket);
          if (set.size === 0) socketsByToken.delete(principal.tokenId);
        });
        return true;
      },
      onSubscribe: async (ctx, id, params) => {
        const {
          schema: s,
          execute,
          subscribe,
          contextFactory,
          parse,
          validate,
        } = graphql.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params,
          principal: ctx.extra.principal,
        });
        // A limit (depth, aliases, tokens…) throws in parse or validate: answer this operation with it,
        // as over HTTP, rather than let graphql-ws close the socket and every other stream on it.
        let document: ReturnType<typeof parse>;
        try {
          document = parse(params.query);
        } catch (err) {
          return [asGraphQLError(err)];
        }
        if (getOperationAST(document, params.operationName)?.operation === 'subscription') {
          // At most so many open subscriptions per connection; ids graphql-ws has let go of are pruned first.
          ctx.extra.streams ??= new Set();
          for (const open of ctx.extra.streams) if (!(open in ctx.subscriptions)) ctx.extra.streams.delete(open);
          if (ctx.extra.streams.size >= STREAM_LIMITS.perConnection) {
            return [
              createGraphQLError(
                `this connection has ${STREAM_LIMITS.perConnection} open subscriptions already (the most one may hold)`,
                { extensions: { code: 'SUBSCRIPTION_LIMIT' } },
              ),
            ];
          }
          ctx.extra.streams.add(id);
        }
        const args: ExecutionArgs = {
          schema: s,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe, direct: directDelivery(ctx.extra.socket, id, payloads) },
        };
        let errors: readonly GraphQLError[];
        try {
          errors = validate(args.schema, args.document);
        } catch (err) {
          return [asGraphQLError(err)];
        }
        if (errors.length) return errors;
        return args;
      },
    },
    wss,
  );
  return {
    async close() {
      forgetRevocation();
      forgetSessionEnd();
      for (const client of wss.clients) client.close(1001, 'server stopping');
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Bytes a socket may hold unsent before its subscriptions wait for it (the kernel's buffer is full then). */
const SOCKET_BACKLOG_BYTES = 64 * 1024;

/**
 * Writes a shared subscription's events to its socket as graphql-ws `next`
 * messages, synchronously (see DirectDelivery): the same bytes graphql-ws
 * would send, with the shared encoding of each result. A socket that has
 * stopped taking data makes the subscription wait for this message's write.
 */
function directDelivery(socket: WebSocket, id: string, payloads: SharedPayloads): DirectDelivery {
  return {
    ready: () => socket.readyState === socket.OPEN && socket.bufferedAmount < SOCKET_BACKLOG_BYTES,
    next(result) {
      if (socket.readyState !== socket.OPEN) return undefined;
      const message = payloads.nextMessage(id, result);
      if (socket.bufferedAmount < SOCKET_BACKLOG_BYTES) {
        socket.send(message);
        return undefined;
      }
      return new Promise<void>((resolve) => socket.send(message, () => resolve()));
    },
  };
}

const printedDocuments = new WeakMap<DocumentNode, string>();
/** A document's text; yoga's parse cache hands out one object per query, so this prints each once. */
function printed(document: DocumentNode): string {
  let text = printedDocuments.get(document);
  if (text === undefined) {
    text = print(document);
    printedDocuments.set(document, text);
  }
  return text;
}

function asGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  return createGraphQLError(err instanceof Error ? err.message : 'invalid request', {
    extensions: { code: 'BAD_REQUEST' },
  });
}
