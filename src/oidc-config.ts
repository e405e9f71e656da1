import { ConfigError } from './config.js';

/** The roles a person can hold (WHEELHOUSE_OIDC_ROLES maps groups onto them). */
export const ROLES = ['VIEWER', 'DEPLOYER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Sign-in with OpenID Connect (WHEELHOUSE_OIDC_*); absent when no issuer is set: tokens only. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The claim holding a person's groups (WHEELHOUSE_OIDC_ROLE_CLAIM, default `groups`). */
  roleClaim: string;
  /** Group → role, in the order written (WHEELHOUSE_OIDC_ROLES); the widest matching role wins. */
  roles: ReadonlyMap<string, Role>;
  /** A claim naming the person's tenant (WHEELHOUSE_OIDC_TENANT_CLAIM); unset: tenant `default`. */
  tenantClaim: string | undefined;
}

/** Reads WHEELHOUSE_OIDC_*; undefined when WHEELHOUSE_OIDC_ISSUER is unset. */
export function readOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const raw = env.WHEELHOUSE_OIDC_ISSUER?.trim();
  if (!raw) return undefined;
  const issuer = httpUrl('WHEELHOUSE_OIDC_ISSUER', raw);
  const clientId = env.WHEELHOUSE_OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new ConfigError('WHEELHOUSE_OIDC_CLIENT_ID', 'is required with WHEELHOUSE_OIDC_ISSUER');
  const roles = new Map<string, Role>();
  for (const item of (env.WHEELHOUSE_OIDC_ROLES ?? '').split(',')) {
    if (!item.trim()) continue;
    const eq = item.lastIndexOf('=');
    const group = item.slice(0, Math.max(eq, 0)).trim();
    const role = item
      .slice(eq + 1)
      .trim()
      .toUpperCase();
    if (eq < 1 || !group || !(ROLES as readonly string[]).includes(role)) {
      throw new ConfigError(
        'WHEELHOUSE_OIDC_ROLES',
        `"${item.trim()}" is not group=ROLE (ROLE one of ${ROLES.join(', ')})`,
      );
    }
    roles.set(group, role as Role);
  }
  return {
    issuer,
    clientId,
    clientSecret: env.WHEELHOUSE_OIDC_CLIENT_SECRET?.trim() || undefined,
    roleClaim: env.WHEELHOUSE_OIDC_ROLE_CLAIM?.trim() || 'groups',
    roles,
    tenantClaim: env.WHEELHOUSE_OIDC_TENANT_CLAIM?.trim() || undefined,
  };
}

/** WHEELHOUSE_PUBLIC_URL without a trailing slash, or undefined (then `http://HOST:PORT`). */
export function readPublicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.WHEELHOUSE_PUBLIC_URL?.trim();
  return raw ? httpUrl('WHEELHOUSE_PUBLIC_URL', raw) : undefined;
}

/** An http(s) URL without a trailing slash, or a ConfigError naming `setting`. */
function httpUrl(setting: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(setting, `"${raw}" is not an http(s) URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(setting, `"${raw}" is not an http(s) URL`);
  return url.href.replace(/\/+$/, '');
}
