import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider } from 'oidc-provider';

/** The test's people: a login name, their claims. */
export const IDP_USERS: Record<string, { email: string; name: string; groups: string[] }> = {
  dora: { email: 'dora@acme.test', name: 'Dora Deployer', groups: ['deployers', 'staff'] },
  nora: { email: 'nora@acme.test', name: 'Nora Nobody', groups: ['staff'] },
  ada: { email: 'ada@acme.test', name: 'Ada Admin', groups: ['platform-admins'] },
};

export const IDP_CLIENT = { id: 'wheelhouse-test', secret: 'a-test-client-secret-of-some-length' };

/** A real OpenID Connect provider (oidc-provider) on a loopback port. */
export interface IdentityProvider {
  issuer: string;
  /** Registers the test client with its redirect URI (known once the app listens). */
  register(redirectUri: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * oidc-provider with its development login form (any login, any password; the login picks one
 * of IDP_USERS), PKCE, a `groups` claim (scope `groups`), RS256-signed ID tokens, and consent
 * granted at once (loadExistingGrant), so signing in is one form.
 */
export async function startIdentityProvider(): Promise<IdentityProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else {
      res.writeHead(503);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'idp-key-1', use: 'sig', alg: 'RS256' };
  return {
    issuer,
    async register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: IDP_CLIENT.id,
            client_secret: IDP_CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey] },
        pkce: { required: () => true },
        ttl: { Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600, Interaction: 600, AuthorizationCode: 60 },
        scopes: ['openid', 'profile', 'email', 'groups'],
        claims: { openid: ['sub'], email: ['email'], profile: ['name'], groups: ['groups'] },
        cookies: { keys: ['a-test-cookie-key-for-the-provider'] },
        findAccount: (_ctx: unknown, id: string) => {
          const user = IDP_USERS[id];
          if (!user) return undefined;
          return { accountId: id, claims: () => ({ sub: id, ...user }) };
        },
        async loadExistingGrant(ctx: any) {
          const grant = new ctx.oidc.provider.Grant({
            clientId: ctx.oidc.client.clientId,
            accountId: ctx.oidc.session.accountId,
          });
          grant.addOIDCScope('openid profile email groups');
          await grant.save();
          return grant;
        },
      });
      handler = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
