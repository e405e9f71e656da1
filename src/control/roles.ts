import type { OidcConfig, Role } from '../oidc-config.js';
import { type Scope, Scopes } from './scopes.js';

/** What each role may do. ADMIN is everything but SYSTEM (which only operators' tokens hold). */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  VIEWER: [Scopes.read],
  DEPLOYER: [Scopes.read, Scopes.deploy, Scopes.exec],
  ADMIN: [Scopes.read, Scopes.deploy, Scopes.exec, Scopes.logs, Scopes.secretsWrite, Scopes.admin],
};

const RANK: Readonly<Record<Role, number>> = { VIEWER: 0, DEPLOYER: 1, ADMIN: 2 };

/**
 * The role a person's groups give them: the widest role any of their groups maps to, or
 * undefined when none maps (then they get no access at all). A claim that is a single string is
 * one group.
 */
export function roleFromClaim(claim: unknown, mapping: OidcConfig['roles']): Role | undefined {
  const groups = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  let best: Role | undefined;
  for (const g of groups) {
    if (typeof g !== 'string') continue;
    const role = mapping.get(g);
    if (role && (best === undefined || RANK[role] > RANK[best])) best = role;
  }
  return best;
}
