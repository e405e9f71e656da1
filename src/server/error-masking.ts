import type { GraphQLError } from 'graphql';
import { createGraphQLError, type MaskError, maskError } from 'graphql-yoga';
import { DomainError, ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from '../control/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import type { Logger } from '../logger.js';

/**
 * How errors leave the server, over HTTP and WebSocket alike: a domain error
 * keeps its message and gets a code; a database that cannot be reached is
 * UNAVAILABLE (HTTP 503, Retry-After); anything yoga would hide is logged once
 * and answered with INTERNAL_SERVER_ERROR and no detail.
 */
export function createErrorMasker(logger: Logger): MaskError {
  return (error, message, isDev) => {
    // A domain error thrown where no result union catches it (a query) is still the caller's fault: say so.
    const original = (error as { originalError?: unknown }).originalError;
    if (original instanceof DomainError) {
      // Keep where it happened (path, locations): a client tells a field's refusal from a refused request by it.
      const { path, nodes } = error as Partial<GraphQLError>;
      return createGraphQLError(original.message, { path, nodes, extensions: { code: domainErrorCode(original) } });
    }
    // The database is away (restarting, unreachable): a condition to retry after, not a bug to log as one.
    if (isDatabaseUnavailable(original) || isDatabaseUnavailable(error)) {
      logger.warn({ err: original ?? error }, 'request failed: the database is unavailable');
      return createGraphQLError('the database is unavailable; retry shortly', {
        extensions: { code: 'UNAVAILABLE', http: { status: 503, headers: { 'Retry-After': '1' } } },
      });
    }
    const masked = maskError(error, message, isDev);
    // Only what yoga would hide is unexpected: log it once, answer with a code.
    if (masked !== error) {
      logger.error({ err: error }, 'unexpected error');
      return createGraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
    return masked;
  };
}

/** Masks the errors of one subscription event, as yoga masks a response's. */
export function maskAll(mask: MaskError, errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map((e) => mask(e, 'Unexpected error.', false) as GraphQLError);
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
