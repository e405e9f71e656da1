/** What a token may do. Stored as these strings; the API shows them as SCREAMING_SNAKE_CASE. */
export const Scopes = {
  read: 'read',
  deploy: 'deploy',
  exec: 'exec',
  secretsWrite: 'secrets:write',
  admin: 'admin',
  system: 'system',
} as const;
export type Scope = (typeof Scopes)[keyof typeof Scopes];
export const ALL_SCOPES: readonly Scope[] = Object.values(Scopes);

export function isScope(s: string): s is Scope {
  return (ALL_SCOPES as readonly string[]).includes(s);
}

/** Who is asking: resolved once per request (and per socket) from the bearer token. */
export interface Principal {
  tenantId: string;
  tokenId: string;
  scopes: ReadonlySet<Scope>;
}
