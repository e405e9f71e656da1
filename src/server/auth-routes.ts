import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionService } from '../control/sessions.js';
import type { TokenService } from '../control/tokens.js';
import type { TrustPolicyService } from '../control/trust-policies.js';
import type { OidcConfig } from '../oidc-config.js';
import { lacksCsrfHeader } from './auth.js';
import { SealedValues } from './auth-cookies.js';
import { type AuthEventHook, CSRF_REFUSAL, jsonAnswer, OidcSignIn } from './oidc-sign-in.js';

export type { AuthEvent, AuthEventHook } from './oidc-sign-in.js';

const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
/** A form under /auth is small: a JWT, a code. */
const MAX_FORM_BYTES = 64 * 1024;

/** What the /auth endpoints need. */
export interface AuthRouteOptions {
  oidc: OidcConfig | undefined;
  publicUrl: string | undefined;
  sessions: SessionService;
  tokens: TokenService;
  trustPolicies: TrustPolicyService;
  vaultKey: Buffer;
  /** Called at every sign-in (and refused one), sign-out and token exchange; a no-op by default. */
  onAuthEvent?: AuthEventHook;
  /** Where a failed sign-in's reason goes (the log). */
  warn?: (message: string) => void;
}

/** Handles a request under /auth/; true when it was one of these endpoints. */
export type AuthRoutes = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The /auth endpoints: sign-in with OpenID Connect (when WHEELHOUSE_OIDC_ISSUER is set),
 * sign-out, the CLI's code exchange and the RFC 8693 token exchange for CI systems.
 */
export function createAuthRoutes(o: AuthRouteOptions): AuthRoutes {
  const hook: AuthEventHook = o.onAuthEvent ?? (() => {});
  const signIn = o.oidc
    ? new OidcSignIn(o.oidc, o.sessions, o.tokens, new SealedValues(o.vaultKey), o.publicUrl, hook, o.warn)
    : undefined;
  const failed = (res: ServerResponse) => (err: unknown) => {
    o.warn?.(`sign-in: ${err instanceof Error ? err.message : String(err)}`);
    if (!res.headersSent) jsonAnswer(res, 502, { error: 'the identity provider could not be reached' });
  };
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const get = req.method === 'GET' || req.method === 'HEAD';
    if (path === '/auth/token-exchange' && req.method === 'POST') {
      void readForm(req)
        .then(async (form) => {
          const token = form?.get('subject_token');
          if (
            !form ||
            form.get('grant_type') !== TOKEN_EXCHANGE_GRANT ||
            form.get('subject_token_type') !== JWT_TOKEN_TYPE ||
            !token
          ) {
            return unauthorized(res);
          }
          const exchanged = await o.trustPolicies.exchange(token);
          if (!exchanged) return unauthorized(res);
          await hook({
            action: 'tokenExchange',
            tenantId: exchanged.policy.tenantId,
            actor: { kind: 'TRUST_POLICY', id: exchanged.policy.id, name: exchanged.subject },
            ip: req.socket.remoteAddress ?? null,
            detail: exchanged.token.scopes.join(' '),
          });
          jsonAnswer(res, 200, {
            access_token: exchanged.token.secret,
            issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
            token_type: 'Bearer',
            expires_in: exchanged.token.expiresInSeconds,
            scope: exchanged.token.scopes.join(' '),
          });
        })
        .catch(() => unauthorized(res));
      return true;
    }
    if (!signIn) return false;
    if (path === '/auth/login' && get) {
      void signIn.login(req, res).catch(failed(res));
      return true;
    }
    if (path === '/auth/callback' && get) {
      void signIn.callback(req, res).catch(failed(res));
      return true;
    }
    if (path === '/auth/logout' && req.method === 'POST') {
      if (lacksCsrfHeader(req)) {
        jsonAnswer(res, 403, { errors: [{ message: CSRF_REFUSAL, extensions: { code: 'CSRF' } }] });
        return true;
      }
      void signIn.logout(req, res).catch(failed(res));
      return true;
    }
    if (path === '/auth/cli-token' && req.method === 'POST') {
      void readForm(req)
        .then((form) => (form ? signIn.cliToken(res, form) : jsonAnswer(res, 400, { error: 'invalid_request' })))
        .catch(failed(res));
      return true;
    }
    return false;
  };
}

/** Any failure of the exchange: the same answer, no detail. */
function unauthorized(res: ServerResponse): void {
  if (res.headersSent) return;
  res.writeHead(401, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end('{"error":"invalid_grant"}');
}

/** An `application/x-www-form-urlencoded` body of at most MAX_FORM_BYTES, or undefined. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return undefined;
  if (Number(req.headers['content-length'] ?? MAX_FORM_BYTES + 1) > MAX_FORM_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
