import { randomUUID } from 'node:crypto';
import { Registry } from '../../src/providers/registry.js';
import { startTestApp, type TestApp } from './app.js';
import { FakeProvider } from './fake-provider.js';
import { IDP_CLIENT, type IdentityProvider, startIdentityProvider } from './identity-provider.js';

/** Cookies by origin (a test's jar: the app and the provider listen on different ports of one host). */
export class CookieJar {
  readonly #byOrigin = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.#byOrigin.get(new URL(url).origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }

  store(url: string, res: Response): void {
    const origin = new URL(url).origin;
    const jar = this.#byOrigin.get(origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.#byOrigin.set(origin, jar);
  }

  get(url: string, name: string): string | undefined {
    return this.#byOrigin.get(new URL(url).origin)?.get(name);
  }
}

/** A request with the jar's cookies, its answer's cookies stored; redirects are not followed. */
export async function jarFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, res);
  return res;
}

/**
 * Signs in over HTTP the way a browser does: /auth/login, the provider's login form (submitted
 * as `login`), back to /auth/callback. Returns the callback's answer (a 302 with the session
 * cookie, or a refusal page) and the jar.
 */
export async function signInOverHttp(
  origin: string,
  idp: IdentityProvider,
  login: string,
  path = '/auth/login',
): Promise<{ callback: Response; jar: CookieJar; session: string | undefined }> {
  const jar = new CookieJar();
  let url = new URL(path, origin).href;
  for (let hop = 0; hop < 15; hop++) {
    const res = await jarFetch(jar, url);
    if (new URL(url).pathname === '/auth/callback') {
      return { callback: res, jar, session: jar.get(origin, 'wheelhouse_session') };
    }
    if (res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      url = new URL(res.headers.get('location') ?? '', url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !url.startsWith(idp.issuer))
      throw new Error(`unexpected page at ${url}: ${res.status} ${html.slice(0, 300)}`);
    // The provider's login form: any password; the login names the person.
    const submit = await jarFetch(jar, new URL(action.replace(/&amp;/g, '&'), url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString(),
    });
    await submit.arrayBuffer();
    url = new URL(submit.headers.get('location') ?? '', url).href;
  }
  throw new Error('sign-in did not come back');
}

/** The app's OIDC settings for the test provider: `deployers` → DEPLOYER, `platform-admins` → ADMIN. */
export function oidcSettings(idp: IdentityProvider) {
  return {
    issuer: idp.issuer,
    clientId: IDP_CLIENT.id,
    clientSecret: IDP_CLIENT.secret,
    roleClaim: 'groups',
    roles: new Map([
      ['deployers', 'DEPLOYER' as const],
      ['platform-admins', 'ADMIN' as const],
    ]),
    tenantClaim: undefined,
  };
}

/**
 * The test's OpenID provider and Wheelhouse signing in with it (a fake provider `providerKey`
 * registered, so a person can deploy); the provider knows the app's callback.
 */
export async function startSignInApp(): Promise<{
  idp: IdentityProvider;
  t: TestApp;
  origin: string;
  providerKey: string;
  stop(): Promise<void>;
}> {
  const idp = await startIdentityProvider();
  const providerKey = `fake-${randomUUID().slice(0, 8)}`;
  const registry = new Registry();
  registry.register(providerKey, new FakeProvider());
  const t = await startTestApp({ registry, config: { oidc: oidcSettings(idp) } });
  const origin = new URL(t.url).origin;
  await idp.register(`${origin}/auth/callback`);
  return {
    idp,
    t,
    origin,
    providerKey,
    async stop() {
      await t.stop();
      await idp.close();
    },
  };
}
