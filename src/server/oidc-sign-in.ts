import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as oidc from 'openid-client';
import type { DoorEvent } from '../control/audit.js';
import { ROLE_SCOPES, roleFromClaim } from '../control/roles.js';
import { SESSION_MAX_AGE_MS, type SessionService, userActor } from '../control/sessions.js';
import type { TokenService } from '../control/tokens.js';
import type { OidcConfig, Role } from '../oidc-config.js';
import { CSRF_HEADER, cookieHeader, readCookie, SESSION_COOKIE, type SealedValues } from './auth-cookies.js';

/** Something that happened at the door (a sign-in, a sign-out), for the audit log (control/audit.ts). */
export type AuthEvent = DoorEvent;
export type AuthEventHook = (event: AuthEvent) => void | Promise<void>;

const FLOW_COOKIE = 'wheelhouse_oidc';
const FLOW_TTL_SECONDS = 600;
const CLI_CODE_TTL_SECONDS = 60;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  /** `wheelhouse login --sso`: the loopback address the CLI listens on, and its code challenge. */
  cli?: { redirect: string; challenge: string };
}

interface CliCode {
  tenantId: string;
  userId: string;
  name: string | null;
  role: Role;
  challenge: string;
}

/** Where the CLI may be sent back to: a loopback address over http, nothing else. */
export function isLoopbackRedirect(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname) && !u.username;
  } catch {
    return false;
  }
}

/**
 * Sign-in with OpenID Connect: authorization code with PKCE. `/auth/login` sends the browser
 * to the provider with state, nonce and a PKCE challenge (kept in a sealed, 10-minute cookie);
 * `/auth/callback` has openid-client check the answer — state, PKCE, and the ID token's issuer,
 * audience, nonce, expiry and (non-repudiation checks on) signature — maps the person's groups
 * to a role and opens a session; `/auth/logout` ends it. `/auth/cli-token` trades the CLI's
 * one-time code for an API token.
 */
export class OidcSignIn {
  #config: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly settings: OidcConfig,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly sealed: SealedValues,
    private readonly publicUrl: string | undefined,
    private readonly onAuthEvent: AuthEventHook,
    /** Why a sign-in failed, for the operator (never a token: openid-client's messages name claims and checks). */
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /** The provider's metadata, discovered once (again after a failure). */
  #client(): Promise<oidc.Configuration> {
    this.#config ??= (async () => {
      const issuer = new URL(this.settings.issuer);
      const insecure = issuer.protocol === 'http:';
      const config = await oidc.discovery(
        issuer,
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      // An ID token from the token endpoint is otherwise trusted on TLS alone: check its signature too.
      oidc.enableNonRepudiationChecks(config);
      return config;
    })().catch((err: unknown) => {
      this.#config = undefined;
      throw err;
    });
    return this.#config;
  }

  #base(req: IncomingMessage): string {
    return this.publicUrl ?? `http://${req.headers.host ?? 'localhost'}`;
  }

  #secure(req: IncomingMessage): boolean {
    return this.#base(req).startsWith('https:');
  }

  async login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#base(req));
    const cliRedirect = url.searchParams.get('cli_redirect');
    const cliChallenge = url.searchParams.get('cli_challenge');
    if (cliRedirect !== null && (!isLoopbackRedirect(cliRedirect) || !cliChallenge || cliChallenge.length < 43)) {
      return page(
        res,
        400,
        'Sign-in refused',
        'The CLI may only be sent back to a loopback address, with a challenge.',
      );
    }
    const config = await this.#client();
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      ...(cliRedirect && cliChallenge ? { cli: { redirect: cliRedirect, challenge: cliChallenge } } : {}),
    };
    const target = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${this.#base(req)}/auth/callback`,
      scope: ['openid', 'profile', 'email', ...(this.settings.roleClaim === 'groups' ? ['groups'] : [])].join(' '),
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    const cookie = await this.sealed.seal('oidc-flow', { ...flow }, FLOW_TTL_SECONDS);
    res.writeHead(302, {
      location: target.href,
      'set-cookie': cookieHeader(FLOW_COOKIE, cookie, {
        maxAgeSeconds: FLOW_TTL_SECONDS,
        path: '/auth',
        secure: this.#secure(req),
      }),
      'cache-control': 'no-store',
    });
    res.end();
  }

  async callback(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const flow = await this.sealed.open<Flow>('oidc-flow', readCookie(req, FLOW_COOKIE));
    const clearFlow = cookieHeader(FLOW_COOKIE, '', { maxAgeSeconds: 0, path: '/auth', secure: this.#secure(req) });
    if (!flow) return page(res, 400, 'Sign-in expired', 'Start again from the sign-in page.', clearFlow);
    const config = await this.#client();
    const current = new URL(req.url ?? '/', this.#base(req));
    let claims: Record<string, unknown>;
    try {
      const answer = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = { ...(answer.claims() ?? {}) };
      // Providers that keep groups out of the ID token give them at the userinfo endpoint.
      const needed = [this.settings.roleClaim, this.settings.tenantClaim].filter((c): c is string => !!c);
      if (needed.some((c) => claims[c] === undefined) && answer.access_token) {
        const info = await oidc.fetchUserInfo(config, answer.access_token, String(claims.sub));
        for (const c of [...needed, 'email', 'name']) claims[c] ??= info[c];
      }
    } catch (err) {
      // Why (a wrong audience, nonce, signature, an expired token…) is for the server's operator, not the page.
      this.warn(`sign-in refused: ${err instanceof Error ? err.message : String(err)}`);
      return page(res, 401, 'Sign-in failed', 'The identity provider’s answer could not be verified.', clearFlow);
    }
    const ip = req.socket.remoteAddress ?? null;
    const role = roleFromClaim(claims[this.settings.roleClaim], this.settings.roles);
    const subject = String(claims.sub);
    const who = {
      issuer: String(claims.iss),
      subject,
      email: typeof claims.email === 'string' ? claims.email : null,
      name: typeof claims.name === 'string' ? claims.name : null,
    };
    const tenantClaim = this.settings.tenantClaim ? claims[this.settings.tenantClaim] : undefined;
    const identity = role
      ? { ...who, role, tenant: typeof tenantClaim === 'string' ? tenantClaim : undefined }
      : undefined;
    // The CLI gets a token (below), not a browser session: only the sign-in is recorded.
    const signedIn = identity
      ? flow.cli
        ? await this.sessions.recordSignIn(identity).then((user) => (user ? { user, secret: undefined } : undefined))
        : await this.sessions.signIn(identity)
      : undefined;
    if (!role || !signedIn) {
      await this.onAuthEvent({
        action: 'signInRefused',
        tenantId: null,
        actor: { kind: 'USER', id: subject, name: who.name ?? who.email },
        ip,
      });
      return page(res, 403, 'No access', 'Your account is in no group that may use Wheelhouse.', clearFlow);
    }
    await this.onAuthEvent({
      action: 'signIn',
      tenantId: signedIn.user.tenantId,
      actor: userActor(signedIn.user),
      ip,
      detail: role,
    });
    if (flow.cli) {
      // A one-time code, bound to the CLI's challenge, sent back to its loopback address.
      const code: CliCode = {
        tenantId: signedIn.user.tenantId,
        userId: signedIn.user.id,
        name: signedIn.user.name ?? signedIn.user.email,
        role,
        challenge: flow.cli.challenge,
      };
      const back = new URL(flow.cli.redirect);
      back.searchParams.set('code', await this.sealed.seal('cli-code', { ...code }, CLI_CODE_TTL_SECONDS));
      res.writeHead(302, { location: back.href, 'set-cookie': clearFlow, 'cache-control': 'no-store' });
      return void res.end();
    }
    // A browser sign-in always opened a session (signIn above); the type cannot tell.
    const secret = signedIn.secret ?? '';
    res.writeHead(302, {
      location: '/',
      'set-cookie': [
        clearFlow,
        cookieHeader(SESSION_COOKIE, secret, {
          maxAgeSeconds: Math.floor(SESSION_MAX_AGE_MS / 1000),
          path: '/',
          secure: this.#secure(req),
        }),
      ],
      'cache-control': 'no-store',
    });
    res.end();
  }

  /** Ends the session of the request's cookie (the CSRF header was checked by the HTTP server). */
  async logout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const principal = await this.sessions.authenticate(readCookie(req, SESSION_COOKIE));
    const ended = await this.sessions.end(readCookie(req, SESSION_COOKIE));
    if (ended && principal) {
      await this.onAuthEvent({
        action: 'signOut',
        tenantId: principal.tenantId,
        actor: principal.actor ?? null,
        ip: req.socket.remoteAddress ?? null,
      });
    }
    res.writeHead(204, {
      'set-cookie': cookieHeader(SESSION_COOKIE, '', { maxAgeSeconds: 0, path: '/', secure: this.#secure(req) }),
      'cache-control': 'no-store',
    });
    res.end();
  }

  /** `code` and `code_verifier` (a form) → an API token with the person's role, for 12 hours. */
  async cliToken(res: ServerResponse, body: URLSearchParams): Promise<void> {
    const code = await this.sealed.open<CliCode>('cli-code', body.get('code') ?? undefined);
    const verifier = body.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!code || !verifier || challenge !== code.challenge) return jsonAnswer(res, 401, { error: 'invalid_grant' });
    const { secret, token } = await this.tokens.issueFor(code.tenantId, {
      name: `wheelhouse login --sso: ${code.name ?? code.userId}`.slice(0, 100),
      scopes: ROLE_SCOPES[code.role],
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MS),
      actor: { kind: 'USER', id: code.userId, name: code.name },
    });
    jsonAnswer(res, 200, {
      access_token: secret,
      token_type: 'Bearer',
      expires_at: token.expiresAt?.toISOString(),
      role: code.role,
    });
  }
}

/** The CSRF header's name, for the 403 an HTTP request without it gets. */
export const CSRF_REFUSAL = `a request authenticated by the session cookie must carry the ${CSRF_HEADER} header`;

export function jsonAnswer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, title: string, text: string, cookie?: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...(cookie ? { 'set-cookie': cookie } : {}),
  });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${title} · Wheelhouse</title></head>` +
      `<body><h1>${title}</h1><p>${text}</p><p><a href="/">Back to Wheelhouse</a></p></body></html>`,
  );
}
