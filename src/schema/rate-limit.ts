import type { GraphQLResolveInfo } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { RateLimitedError } from '../control/errors.js';
import type { GraphQLContext } from './context.js';

/**
 * Seconds a rate-limited request should wait, by the GraphQL context it was
 * refused in. A WeakMap rather than a context field: the context type stays as
 * it is, and nothing outlives the request.
 */
const retryAfterByContext = new WeakMap<object, number>();

/** The Retry-After recorded on this context when a `rateLimited` field refused it, if any. */
export function retryAfterOf(ctx: object): number | undefined {
  return retryAfterByContext.get(ctx);
}

/**
 * Spends one of the calling token's mutation allowance. When it is used up,
 * records the wait on the context (for the Retry-After header) and throws
 * RateLimitedError, which the errors plugin turns into the `RateLimitedError`
 * member of the mutation's result union. Runs before the resolver of a
 * field wrapped in `rateLimited` (after scope checks, before any work).
 */
export function enforceRateLimit(ctx: GraphQLContext): void {
  const wait = ctx.services.rateLimiter.take(ctx.principal.tokenId);
  if (wait <= 0) return;
  retryAfterByContext.set(ctx, Math.max(wait, retryAfterByContext.get(ctx) ?? 0));
  throw new RateLimitedError(wait);
}

/**
 * Declares a mutation rate limited: the wrapped resolver runs only when the
 * token has allowance left. Use it on fields whose result union includes
 * RateLimitedError.
 */
export function rateLimited<Parent, Args, Result>(
  resolve: (parent: Parent, args: Args, ctx: GraphQLContext, info: GraphQLResolveInfo) => Promise<Result>,
): (parent: Parent, args: Args, ctx: GraphQLContext, info: GraphQLResolveInfo) => Promise<Result> {
  return async (parent, args, ctx, info) => {
    enforceRateLimit(ctx);
    return resolve(parent, args, ctx, info);
  };
}

/**
 * A yoga plugin that answers an HTTP request any of whose mutations was rate
 * limited with a `Retry-After: <seconds>` header (the body still carries the
 * typed RateLimitedError; the status stays 200). WebSocket operations have no
 * headers and are left alone.
 */
export function useRetryAfterHeader(): Plugin {
  const byRequest = new WeakMap<Request, number>();
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as { request?: Request } | undefined;
      return {
        onExecuteDone() {
          if (!ctx) return;
          const wait = retryAfterOf(ctx);
          const request = ctx.request;
          if (wait === undefined || !request) return;
          byRequest.set(request, Math.max(wait, byRequest.get(request) ?? 0));
        },
      };
    },
    onResponse({ request, response, setResponse, fetchAPI }) {
      const wait = byRequest.get(request);
      if (wait === undefined) return;
      try {
        response.headers.set('Retry-After', String(wait));
      } catch {
        // An immutable response: copy it with the header added.
        const headers = new fetchAPI.Headers(response.headers);
        headers.set('Retry-After', String(wait));
        setResponse(
          new fetchAPI.Response(response.body, { status: response.status, statusText: response.statusText, headers }),
        );
      }
    },
  };
}
