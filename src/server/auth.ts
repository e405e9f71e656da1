import type { IncomingMessage } from 'node:http';
import { createGraphQLError } from 'graphql-yoga';
import type { Principal } from '../control/scopes.js';
import type { SessionService } from '../control/sessions.js';
import { bearerToken, type TokenService } from '../control/tokens.js';
import { CSRF_HEADER, cookieFrom, SESSION_COOKIE } from './auth-cookies.js';

/** What authenticates a request: API tokens, and people's session cookies. */
export interface Authenticators {
  tokens: TokenService;
  sessions: SessionService;
}

/**
 * The principal a request acts as, from its `Authorization` value (an HTTP
 * header or a graphql-ws connection parameter); undefined when the token is
 * missing, unknown, expired or revoked.
 */
export function authenticate(
  tokens: TokenService,
  authorization: string | null | undefined,
): Promise<Principal | undefined> {
  return tokens.authenticate(bearerToken(authorization));
}

/**
 * The principal of a request: its bearer token when it has an `Authorization` value (then the
 * cookie is not looked at, so tokens work exactly as they did), else its session cookie.
 * Every transport authenticates here.
 */
export async function authenticateCredentials(
  auth: Authenticators,
  credentials: { authorization: string | null | undefined; cookie: string | null | undefined },
): Promise<Principal | undefined> {
  if (credentials.authorization) return authenticate(auth.tokens, credentials.authorization);
  const session = cookieFrom(credentials.cookie, SESSION_COOKIE);
  return session ? auth.sessions.authenticate(session) : undefined;
}

/**
 * Whether a request that may change something is authenticated by the session cookie alone
 * without the CSRF header: a page of another site can make the browser send the cookie (a
 * form's POST), never a custom header. Such a request is refused before it is read.
 */
export function lacksCsrfHeader(req: Pick<IncomingMessage, 'headers'>): boolean {
  if (req.headers.authorization) return false;
  if (!cookieFrom(req.headers.cookie, SESSION_COOKIE)) return false;
  const header = req.headers[CSRF_HEADER];
  return typeof header !== 'string' || header.length === 0;
}

/** The error a request without a live token is answered with (HTTP 401 with a Bearer challenge). */
export function unauthorized() {
  return createGraphQLError('missing, unknown, expired or revoked token', {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } } },
  });
}
