/** What a token may do. Stored as these strings; the API shows them as SCREAMING_SNAKE_CASE. */
export const Scopes = {
  read: 'read',
  deploy: 'deploy',
  exec: 'exec',
  logs: 'logs',
  secretsWrite: 'secrets:write',
  admin: 'admin',
  system: 'system',
  /** Reads the audit log (issue 37); ADMIN carries it. */
  audit: 'audit',
} as const;
export type Scope = (typeof Scopes)[keyof typeof Scopes];
export const ALL_SCOPES: readonly Scope[] = Object.values(Scopes);

export function isScope(s: string): s is Scope {
  return (ALL_SCOPES as readonly string[]).includes(s);
}

/**
 * Scopes that carry a narrower one with them. EXEC (a shell in a service) read logs before LOGS
 * existed, so it still does: tokens minted before LOGS keep working, and LOGS is what to grant
 * when reading logs is all a token should do.
 */
const IMPLIED: Readonly<Partial<Record<Scope, readonly Scope[]>>> = {
  [Scopes.exec]: [Scopes.logs],
  // Whoever administers a tenant may read its record; AUDIT alone is for auditors who change nothing.
  [Scopes.admin]: [Scopes.audit],
};

/**
 * Whether holding `held` lets a token do what `scope` allows: it holds `scope` itself or a scope
 * that implies it. Token creation grants only what this allows, so no token is wider than its creator.
 */
export function covers(held: ReadonlySet<Scope>, scope: Scope): boolean {
  if (held.has(scope)) return true;
  for (const s of held) if (IMPLIED[s]?.includes(scope)) return true;
  return false;
}

/**
 * Who is asking: resolved once per request (and per socket) from the bearer token or a
 * person's session cookie (then `tokenId` is the session's id).
 */
export interface Principal {
  tenantId: string;
  tokenId: string;
  scopes: ReadonlySet<Scope>;
  /** The token's name, read with it (the audit log names a token actor by it); absent for a session. */
  tokenName?: string;
  /** Who acts, for the audit log. Absent: the token `tokenId` (kind TOKEN). */
  actor?: { kind: 'TOKEN' | 'USER' | 'TRUST_POLICY' | 'SYSTEM'; id: string; name?: string | null };
}
