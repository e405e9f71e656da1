import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createYoga, type MaskError, type YogaServerInstance } from 'graphql-yoga';
import type { Principal } from '../control/scopes.js';
import type { Services } from '../control/services.js';
import { useCompiledQueries } from '../schema/compiled-queries.js';
import type { GraphQLContext } from '../schema/context.js';
import { buildSchema } from '../schema/index.js';
import { createLoaders } from '../schema/loaders.js';
import { useRetryAfterHeader } from '../schema/rate-limit.js';
import { authenticateCredentials, unauthorized } from './auth.js';
import { useFieldSuggestionsForAuthenticated } from './field-suggestions.js';
import { renderGraphiQLPage } from './graphiql-page.js';
import { REQUEST_LIMITS } from './limits.js';
import { createOriginPolicy, type OriginPolicy } from './origin-policy.js';
import { useQueryCost } from './query-cost.js';
import { requestMetricsPlugin } from './request-metrics.js';

/** What a transport hands yoga: the HTTP request, or a WebSocket connection already authenticated. */
export interface ServerContext {
  req?: IncomingMessage;
  connectionParams?: Record<string, unknown>;
  principal?: Principal;
}

export type GraphQLServer = YogaServerInstance<ServerContext, GraphQLContext>;

/**
 * The GraphQL engine both transports share: the schema, the request limits
 * (depth, aliases, directives, tokens, cost), error masking, and a context
 * that carries the caller's principal and per-request loaders.
 */
export function createGraphQLServer(
  services: Services,
  maskError: MaskError,
  origins: OriginPolicy = createOriginPolicy(),
): GraphQLServer {
  return createYoga<ServerContext, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: { title: 'Wheelhouse GraphiQL', endpoint: '/graphql' },
    // Yoga's default page loads GraphiQL from a CDN and stays blank offline; this one asks for a
    // token before GraphiQL fetches the schema, and serves GraphiQL's bundle from this server
    // as cached, gzipped assets (graphiql-page.ts), loaded when the page is first asked for.
    renderGraphiQL: renderGraphiQLPage,
    logging: false,
    // The HTTP server refuses a body over REQUEST_LIMITS.maxBodyBytes from its Content-Length before
    // reading it, and one without a Content-Length outright (http-server.ts); yoga's own limit would
    // pipe every body through a counting stream again, a cost on every request of the read path.
    maxRequestBodySize: false,
    maskedErrors: { maskError },
    // An allowed origin is named back, never with credentials (auth is a bearer token, not a cookie);
    // a foreign one never gets this far (http-server.ts refuses it with 403).
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !origins.allows(origin, request.headers.get('host') ?? undefined)) return false;
      return { origin: [origin], credentials: false, maxAge: 600 };
    },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: REQUEST_LIMITS.maxDepth, ignoreIntrospection: true },
        maxAliases: { n: REQUEST_LIMITS.maxAliases },
        maxDirectives: { n: REQUEST_LIMITS.maxDirectives },
        maxTokens: { n: REQUEST_LIMITS.maxTokens },
        // Cost is counted in nodes by useQueryCost (query-cost.ts); armor's rule counts fields, not lists.
        costLimit: { enabled: false },
        // Suggestions are hidden from callers without a token only (field-suggestions.ts).
        blockFieldSuggestion: { enabled: false },
      }),
      useQueryCost(),
      useRetryAfterHeader(),
      requestMetricsPlugin(),
      useCompiledQueries(),
      useFieldSuggestionsForAuthenticated(services),
    ],
    context: async (initial): Promise<GraphQLContext> => {
      // Set by the WebSocket transport, and for HTTP by useFieldSuggestionsForAuthenticated before validation.
      // A request with no Authorization value may be a person's, by their session cookie (auth.ts).
      const principal =
        initial.principal ??
        (await authenticateCredentials(services, {
          authorization: initial.request?.headers.get('authorization'),
          cookie: initial.request?.headers.get('cookie'),
        }));
      if (!principal) throw unauthorized();
      return {
        principal,
        services,
        requestId: randomUUID(),
        ip: initial.req?.socket?.remoteAddress ?? null,
        loaders: createLoaders(services, principal),
      };
    },
  });
}
