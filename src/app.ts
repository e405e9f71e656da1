import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { type DocumentNode, type ExecutionArgs, GraphQLError, getOperationAST, print } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { createGraphQLError, createYoga, type MaskError, maskError } from 'graphql-yoga';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Config } from './config.js';
import { DomainError, ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from './control/errors.js';
import { EventHub, STREAM_LIMITS } from './control/event-hub.js';
import { InstanceService } from './control/instances.js';
import { OperationSignal } from './control/operation-signal.js';
import { ProviderCatalog } from './control/provider-catalog.js';
import { QueryService } from './control/queries.js';
import { RateLimiter } from './control/rate-limiter.js';
import type { Principal } from './control/scopes.js';
import { loadSecretKey, SecretService } from './control/secrets.js';
import type { Services } from './control/services.js';
import { DEFAULT_TENANT, TenantService } from './control/tenants.js';
import { bearerToken, generateTokenSecret, TokenService } from './control/tokens.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrator.js';
import type { Logger } from './logger.js';
import { Registry } from './providers/registry.js';
import { useCompiledQueries } from './schema/compiled-queries.js';
import type { GraphQLContext } from './schema/context.js';
import { buildSchema } from './schema/index.js';
import { createLoaders } from './schema/loaders.js';
import { useRetryAfterHeader } from './schema/rate-limit.js';
import { subscribeShared } from './schema/subscriptions.js';
import { Executor, type ExecutorOptions } from './worker/executor.js';
import { Supervisor } from './worker/supervisor.js';

/** Limits every request is held to, whatever its transport. */
export const REQUEST_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 20,
  maxTokens: 5_000,
  maxCost: 20_000,
} as const;

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** An already-open database (tests share one); opened from config otherwise. */
  database?: DatabaseHandle;
  /** A prepared registry (tests register fakes); empty otherwise. */
  registry?: Registry;
  /** Executor tuning (tests shorten the lease to prove re-claiming). */
  executor?: Partial<Pick<ExecutorOptions, 'leaseMs' | 'concurrency' | 'pollMs' | 'owner'>>;
  /** Where the first-start token is announced; stdout by default. */
  announce?: (line: string) => void;
}

export interface App {
  services: Services;
  /** The operation executor, when this process runs one (WHEELHOUSE_WORKER). */
  executor: Executor | undefined;
  database: DatabaseHandle;
  /** Listens on config host/port (port 0 picks a free one); resolves to the bound URL. */
  start(): Promise<{ url: string; port: number }>;
  /** Closes sockets, subscriptions, the HTTP server and (if it opened it) the database. */
  stop(): Promise<void>;
}

type WsExtra = {
  request: IncomingMessage;
  socket: WebSocket;
  principal?: Principal;
  /** Ids of this connection's subscription operations (pruned against graphql-ws's live ones). */
  streams?: Set<string>;
};

const unauthorized = () =>
  createGraphQLError('missing, unknown, expired or revoked token', {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } } },
  });

/** Builds Wheelhouse: database, services, schema, HTTP + WebSocket server. Nothing listens until start(). */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { config, logger } = opts;
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await openDatabase(config.database));
  await migrateToLatest(database.db);

  const registry = opts.registry ?? new Registry();
  const tokens = new TokenService(database.db);
  const tenants = new TenantService(database.db);
  const services: Services = {
    tokens,
    tenants,
    providers: new ProviderCatalog(registry),
    secrets: new SecretService(database.db, await loadSecretKey(config)),
    rateLimiter: new RateLimiter(config.mutationRateLimitPerMinute),
    instances: undefined as unknown as InstanceService,
    queries: new QueryService(database.db),
    signal: new OperationSignal(),
    events: new EventHub({
      database,
      isLive: (principal) => tokens.isLive(principal),
      logger: logger.child({ component: 'event-hub' }),
    }),
  };
  services.instances = new InstanceService(database.db, registry, services.secrets, services.signal);
  const executor = config.runWorker
    ? new Executor({
        db: database.db,
        registry,
        secrets: services.secrets,
        signal: services.signal,
        logger: logger.child({ component: 'executor' }),
        owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        ...opts.executor,
      })
    : undefined;
  const supervisor = config.runSupervisor
    ? new Supervisor({
        db: database.db,
        registry,
        signal: services.signal,
        logger: logger.child({ component: 'supervisor' }),
        intervalMs: config.supervisorIntervalSeconds * 1000,
      })
    : undefined;

  await bootstrap(services, config, opts.announce ?? ((l) => process.stdout.write(`${l}\n`)));

  const schema = buildSchema();
  const maskErrors: MaskError = (error, message, isDev) => {
    // A domain error thrown where no result union catches it (a query) is still the caller's fault: say so.
    const original = (error as { originalError?: unknown }).originalError;
    if (original instanceof DomainError) {
      return createGraphQLError(original.message, { extensions: { code: domainErrorCode(original) } });
    }
    const masked = maskError(error, message, isDev);
    // Only what yoga would hide is unexpected: log it once, answer with a code.
    if (masked !== error) {
      logger.error({ err: error }, 'unexpected error');
      return createGraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
    return masked;
  };
  const yoga = createYoga<
    { req?: IncomingMessage; connectionParams?: Record<string, unknown>; principal?: Principal },
    GraphQLContext
  >({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: { title: 'Wheelhouse', headers: JSON.stringify({ Authorization: 'Bearer <token>' }) },
    logging: false,
    maskedErrors: { maskError: maskErrors },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: REQUEST_LIMITS.maxDepth, ignoreIntrospection: true },
        maxAliases: { n: REQUEST_LIMITS.maxAliases },
        maxDirectives: { n: REQUEST_LIMITS.maxDirectives },
        maxTokens: { n: REQUEST_LIMITS.maxTokens },
        costLimit: { maxCost: REQUEST_LIMITS.maxCost },
        blockFieldSuggestion: { enabled: true },
      }),
      useRetryAfterHeader(),
      useCompiledQueries(),
    ],
    context: async (initial): Promise<GraphQLContext> => {
      let principal = initial.principal;
      if (!principal) {
        const header = initial.request?.headers.get('authorization');
        principal = await tokens.authenticate(bearerToken(header));
      }
      if (!principal) throw unauthorized();
      return { principal, services, requestId: randomUUID(), loaders: createLoaders(services, principal) };
    },
  });

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      database.db
        .selectFrom('tenants')
        .select('id')
        .limit(1)
        .execute()
        .then(
          () => json(res, 200, { status: 'ready' }),
          () => json(res, 503, { status: 'database unavailable' }),
        );
      return;
    }
    // A body must say how long it is, so the limit holds before a byte of it is read.
    if (req.headers['transfer-encoding'] && req.headers['content-length'] === undefined) {
      return json(res, 411, { errors: [{ message: 'a request body needs a Content-Length header' }] });
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > REQUEST_LIMITS.maxBodyBytes) {
      return json(res, 413, { errors: [{ message: `request body over ${REQUEST_LIMITS.maxBodyBytes} bytes` }] });
    }
    void yoga.handle(req, res);
  });

  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: REQUEST_LIMITS.maxBodyBytes });
  const socketsByToken = new Map<string, Set<WebSocket>>();
  const forgetRevocation = tokens.onRevoked((tokenId) => {
    services.events.revoked(tokenId);
    for (const socket of socketsByToken.get(tokenId) ?? []) socket.close(CloseCode.Unauthorized, 'token revoked');
  });
  const wsDisposable = useServer<Record<string, unknown> | undefined, WsExtra>(
    {
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => unknown }).execute(args) as never,
      // Subscribers of the same shape share each event's execution (a feed watched by thousands).
      subscribe: (args) => {
        const { principal } = args.contextValue as GraphQLContext;
        return subscribeShared(args, {
          key: [
            principal.tenantId,
            [...principal.scopes].sort().join(','),
            args.operationName ?? '',
            JSON.stringify(args.variableValues ?? {}),
            printed(args.document),
          ].join('\n'),
          mask: (errors) => errors.map((e) => maskErrors(e, 'Unexpected error.', false) as GraphQLError),
          fallback: (a) => (a.rootValue as { subscribe: (x: ExecutionArgs) => unknown }).subscribe(a),
        }) as never;
      },
      onConnect: async (ctx) => {
        const raw = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        const principal = await tokens.authenticate(bearerToken(typeof raw === 'string' ? raw : undefined));
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
        } = yoga.getEnveloped({
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
          rootValue: { execute, subscribe },
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

  let started = false;
  return {
    services,
    database,
    executor,
    async start() {
      // Verified tokens are cached only once revocations on any replica reach this one.
      await tokens.listen(database);
      // Streams need the hub's head before the first client can subscribe.
      await services.events.start();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      started = true;
      executor?.start();
      supervisor?.start();
      const { port } = server.address() as AddressInfo;
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      return { url: `http://${host}:${port}/graphql`, port };
    },
    async stop() {
      forgetRevocation();
      await supervisor?.stop();
      await executor?.stop();
      // Every open stream completes before its socket closes.
      await services.events.stop();
      await tokens.stop();
      for (const client of wss.clients) client.close(1001, 'server stopping');
      await wsDisposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (started) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      if (ownsDatabase) await database.close();
    },
  };
}

function domainErrorCode(err: DomainError): string {
  if (err instanceof ValidationError) return 'BAD_USER_INPUT';
  if (err instanceof ForbiddenError) return 'FORBIDDEN';
  if (err instanceof NotFoundError) return 'NOT_FOUND';
  if (err instanceof RateLimitedError) return 'RATE_LIMITED';
  return err.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase();
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

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The default tenant always exists. With WHEELHOUSE_BOOTSTRAP_TOKEN its token
 * exists too; without it, the very first start mints one and prints it once.
 */
async function bootstrap(services: Services, config: Config, announce: (line: string) => void): Promise<void> {
  const tenant = await services.tenants.ensure(DEFAULT_TENANT);
  if (config.bootstrapToken) {
    await services.tokens.ensureToken(tenant.id, 'bootstrap', config.bootstrapToken);
    return;
  }
  if ((await services.tokens.count()) === 0) {
    const secret = generateTokenSecret();
    await services.tokens.ensureToken(tenant.id, 'first token', secret);
    announce(`wheelhouse: first API token for tenant "default" (shown once, store it now): ${secret}`);
  }
}
