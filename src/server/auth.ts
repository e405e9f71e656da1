import { createGraphQLError } from 'graphql-yoga';
import type { Principal } from '../control/scopes.js';
import { bearerToken, type TokenService } from '../control/tokens.js';

/**
 * The principal a request acts as, from its `Authorization` value (an HTTP
 * header or a graphql-ws connection parameter); undefined when the token is
 * missing, unknown, expired or revoked. Every transport authenticates here.
 */
export function authenticate(
  tokens: TokenService,
  authorization: string | null | undefined,
): Promise<Principal | undefined> {
  return tokens.authenticate(bearerToken(authorization));
}

/** The error a request without a live token is answered with (HTTP 401 with a Bearer challenge). */
export function unauthorized() {
  return createGraphQLError('missing, unknown, expired or revoked token', {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } } },
  });
}
