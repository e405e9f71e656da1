import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { roleFromClaim } from '../../src/control/roles.js';
import { subjectMatches } from '../../src/control/trust-policy-rules.js';
import { readOidcConfig, readPublicUrl } from '../../src/oidc-config.js';

describe('sign-in settings', () => {
  it('are off without an issuer, and read groups, roles and the tenant claim with it', () => {
    expect(readOidcConfig({})).toBeUndefined();
    const c = readOidcConfig({
      WHEELHOUSE_OIDC_ISSUER: 'https://id.acme.test/',
      WHEELHOUSE_OIDC_CLIENT_ID: 'wh',
      WHEELHOUSE_OIDC_ROLES: 'devs=deployer, platform=ADMIN,support=VIEWER',
    });
    expect(c).toMatchObject({ issuer: 'https://id.acme.test', clientId: 'wh', roleClaim: 'groups' });
    expect([...c!.roles]).toEqual([
      ['devs', 'DEPLOYER'],
      ['platform', 'ADMIN'],
      ['support', 'VIEWER'],
    ]);
    expect(c!.tenantClaim).toBeUndefined();
  });

  it('refuses a bad issuer, a missing client id, a pair that is not group=ROLE, naming the setting', () => {
    const bad = (env: Record<string, string>) => {
      try {
        readOidcConfig({ WHEELHOUSE_OIDC_ISSUER: 'https://id.acme.test', WHEELHOUSE_OIDC_CLIENT_ID: 'wh', ...env });
        return undefined;
      } catch (e) {
        return e instanceof ConfigError ? e.setting : String(e);
      }
    };
    expect(bad({ WHEELHOUSE_OIDC_ISSUER: 'ftp://x' })).toBe('WHEELHOUSE_OIDC_ISSUER');
    expect(bad({ WHEELHOUSE_OIDC_CLIENT_ID: '' })).toBe('WHEELHOUSE_OIDC_CLIENT_ID');
    expect(bad({ WHEELHOUSE_OIDC_ROLES: 'devs=OWNER' })).toBe('WHEELHOUSE_OIDC_ROLES');
    expect(bad({ WHEELHOUSE_OIDC_ROLES: '=ADMIN' })).toBe('WHEELHOUSE_OIDC_ROLES');
    expect(() => readPublicUrl({ WHEELHOUSE_PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    expect(readPublicUrl({ WHEELHOUSE_PUBLIC_URL: 'https://wh.acme.test/' })).toBe('https://wh.acme.test');
  });

  it('gives the widest role any group maps to, and none without a mapped group', () => {
    const roles = new Map([
      ['devs', 'DEPLOYER' as const],
      ['platform', 'ADMIN' as const],
    ]);
    expect(roleFromClaim(['staff', 'devs', 'platform'], roles)).toBe('ADMIN');
    expect(roleFromClaim('devs', roles)).toBe('DEPLOYER');
    expect(roleFromClaim(['staff'], roles)).toBeUndefined();
    expect(roleFromClaim(undefined, roles)).toBeUndefined();
    expect(roleFromClaim([{ name: 'platform' }], roles)).toBeUndefined();
  });

  it('matches subjects: * any run, ? one character, the rest literally', () => {
    expect(subjectMatches('repo:acme/shop:ref:refs/heads/main', 'repo:acme/shop:ref:refs/heads/main')).toBe(true);
    expect(subjectMatches('repo:acme/shop:ref:refs/heads/main', 'repo:acme/shop:ref:refs/heads/mainx')).toBe(false);
    expect(subjectMatches('repo:acme/shop:*', 'repo:acme/shop:environment:prod')).toBe(true);
    expect(subjectMatches('repo:acme/shop:*', 'repo:acme/shopping:ref:refs/heads/main')).toBe(false);
    expect(subjectMatches('repo:acme/shop.v?:*', 'repo:acme/shopXv2:x')).toBe(false);
    expect(subjectMatches('repo:acme/shop.v?:*', 'repo:acme/shop.v2:x')).toBe(true);
  });
});
